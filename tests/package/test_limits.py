"""The limits table (limits.py): one home for the facts Python and the page both need. The page
reads the build's copy, so the copy must be the table; the rules on both sides read their bounds
from it; the sentences say what the limits say."""

import io
import json
import re
import tokenize

from conftest import ROOT
from sudoku_lab import grid, limits, links, several, values
from sudoku_lab.several import portfolio, team

PAGE_COPY = ROOT / "static" / "vendor" / "limits.json"


def test_the_page_reads_the_table_python_emits():
    """static/vendor/limits.json (static/rules/limits.js imports it) is limits.table(), as the build writes it."""
    assert PAGE_COPY.is_file(), "static/vendor/limits.json is missing: run python3 build.py build"
    assert json.loads(PAGE_COPY.read_text(encoding="utf-8")) == json.loads(json.dumps(limits.table()))


def test_the_build_emits_the_table_without_numpy():
    """The build loads limits.py by its path (standard library only) and writes the same JSON."""
    import build
    assert json.loads(build.limits_json()) == json.loads(json.dumps(limits.table()))
    source = (ROOT / "py" / "sudoku_lab" / "limits.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from \.|import numpy|from numpy)", source, re.M)


def test_the_package_reads_its_bounds_from_the_table():
    assert (values.SEED_MAX, values.SECONDS_MAX, values.SIZES) == (limits.SEED_MAX, limits.SECONDS_MAX, limits.SIZES)
    assert (links.MAX_WORKERS, links.MAX_EXCHANGE) == (limits.MAX_WORKERS, limits.MAX_EXCHANGE)
    assert several.EXCHANGES == limits.EXCHANGES
    assert team.EXCHANGE == limits.EXCHANGES["alldiff_ls"] and portfolio.SOLVERS == ("acs", "alldiff_tabu")
    assert sorted(grid.BOX_SIZE_BY_CELLS) == [n * n for n in limits.SIZES]


def test_the_sentences_say_the_limits():
    assert several.workers_problem("hill_climb", 2) == (
        "only alldiff_ls (one team run), acs and alldiff_tabu (a portfolio) run on several workers, not hill_climb")
    assert several.workers_problem("hill_climb", 1) is None and several.workers_problem("acs", 8) is None
    assert limits.SENTENCES["sides"] == "4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8)"
    assert limits.SENTENCES["cell_counts"].endswith("2401 (49×49) or 4096 (64×64)")
    try:
        grid.parse("1" * 80)
    except grid.PuzzleError as exc:
        assert limits.SENTENCES["cell_counts"] in str(exc)
    else:
        raise AssertionError("80 cells were read as a puzzle")


def test_design_md_states_the_auto_team_rule_of_the_table():
    """The rule is written for people once, in docs/links-and-files.md; its numbers are the table's."""
    design = (ROOT / "docs" / "links-and-files.md").read_text(encoding="utf-8")
    auto = limits.AUTO_TEAM
    flat = " ".join(design.split())
    side, share = auto["min_size"], round(auto["max_givens"] * 100)
    assert (f"at most {auto['max_workers']} workers, on a grid of {side}×{side} or larger whose givens are at most "
            f"{share} % of its cells" in flat)
    assert json.loads(PAGE_COPY.read_text(encoding="utf-8"))["auto_team"] == auto


# What a typed copy of a table fact looks like in code (comments and docstrings left out): its value written out,
# or a bound, default or name typed where the table's name belongs. A sentence's fixed words
# (its parts between `{…}`, 20 characters or more) must not be typed either.
RETYPED = {
    "ALPHABET": re.escape(limits.ALPHABET),
    "BLANKS": re.escape(repr(limits.BLANKS)[1:-1]),
    "SITE_PUZZLE_KEYS": r"""["']bd["'],\s*["']puzzle["']""",
    "STOP_REASONS": r"""["']?budget["']?\s*:\s*["']failed["']|["']budget["'],\s*["']stalled["']""",
    "UNIQUE_MAX_SIZE": r"UNIQUE_MAX_SIZE\s*=\s*\d",
    "SEED_MAX": r"2\s*\*\*\s*53|MAX_SAFE_INTEGER|9007199254740991",
    "EXCHANGES": r"""50,000 for|["']?alldiff_ls["']?\s*:\s*\d|["']?acs["']?\s*:\s*\d|\bEXCHANGES?\s*=\s*\d""",
    "MAX_WORKERS, MAX_EXCHANGE": r"""["'](workers|exchange)["'],\s*\d+,\s*\d+""",
    "TEAM_SOLVER": r"""(\bor|\?\?|==)\s*["']alldiff_ls["']|==\s*alldiff_ls\.ID""",
    "PORTFOLIO_SOLVERS": r"acs and alldiff_tabu run",
}
LINE_STARTS = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)   # a string after one is a docstring
SOURCES = [*sorted((ROOT / "py" / "sudoku_lab").rglob("*.py")), *sorted((ROOT / "static").rglob("*.js"))]
HOMES = {ROOT / "py" / "sudoku_lab" / "limits.py", ROOT / "static" / "rules" / "limits.js"}


def code_of(path) -> str:
    """The file's text less its comments and docstrings (Python's by its tokens: a comment, or a
    string that stands alone as a statement; JavaScript's `//` lines and tails)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tokens, before = [], tokenize.NEWLINE
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            prose = t.type == tokenize.COMMENT or (t.type == tokenize.STRING and before in LINE_STARTS)
            before = before if t.type in (tokenize.COMMENT, tokenize.NL) else t.type
            tokens += [] if prose else [t]
        return tokenize.untokenize(tokens)
    return re.sub(r"(^|\s)//.*", r"\1", text, flags=re.M)


def sentence_parts() -> list[str]:
    return [part for text in limits.SENTENCES.values() for part in re.split(r"\{\w+\}", text) if len(part) >= 20]


def test_no_fact_of_the_table_is_typed_again():
    """limits.py is the one home of its facts: no module of the package or the page types one again."""
    found = []
    for path in SOURCES:
        if path in HOMES or "vendor" in path.parts:
            continue
        code = code_of(path)
        found += [f"{path.relative_to(ROOT)}: {fact}" for fact, pattern in RETYPED.items() if re.search(pattern, code)]
        found += [f"{path.relative_to(ROOT)}: sentence {part!r}" for part in sentence_parts() if part in code]
    assert found == []


def test_team_or_portfolio_is_decided_once():
    """several.kind_of decides it from the table; the members and the refusal follow it."""
    kinds = {s: several.kind_of(s) for s in (*limits.EXCHANGES, "hill_climb", "exact_search")}
    assert kinds == {"alldiff_ls": "team", "acs": "portfolio", "alldiff_tabu": "portfolio",
                     "hill_climb": None, "exact_search": None}
    for solver, kind in kinds.items():
        assert (several.workers_problem(solver, 2) is None) == (kind is not None)

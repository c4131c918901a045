"""data/published.json, the one home of the papers' figures:
its shape, its puzzle names, and docs/benchmarks.md's paper columns held to it figure by figure.
"""

import copy
import re
import sys

import pytest

from conftest import ROOT, read_puzzles
from sudoku_lab import published, solvers
from sudoku_lab.grid import parse

sys.path.insert(0, str(ROOT / "bench"))
import papers  # noqa: E402  (bench/papers.py)
import phase_plot  # noqa: E402  (bench/phase_plot.py)

DATA = published.load()
DOCS = (ROOT / "docs" / "benchmarks.md").read_text()
PAPERS = ("hill_climb", "ga_woc", "gp_moves", "alldiff_tabu", "nb_coin")
LAB_PUZZLES = {name for f in (ROOT / "puzzles").glob("*.txt") for name in read_puzzles(f.name)}


# ------------------------------------------------------------------------------ the file

def test_the_file_holds_the_five_papers_under_their_solver_ids():
    assert set(PAPERS) <= set(published.sources(DATA)) and set(PAPERS) <= set(solvers.REGISTRY)
    for key in published.sources(DATA):
        for s in DATA[key]["series"]:
            assert {"size", "x", "measure", "runs", "points"} <= set(s), (key, s)


def _mutated(path, change):
    data = copy.deepcopy(DATA)
    target = data
    for k in path:
        target = target[k]
    change(target)
    return data


@pytest.mark.parametrize("path, change, words", [
    (("nb_coin", "series", 1), lambda s: s.pop("size"), "lacks size"),
    (("nb_coin", "series", 1), lambda s: s.pop("points"), "lacks points"),
    (("nb_coin", "series", 1), lambda s: s.update(mesure="solved"), "unknown key mesure"),
    (("nb_coin", "series", 1), lambda s: s.update(x="board"), "x must be one of"),
    (("nb_coin", "series", 1), lambda s: s.update(measure="mean_speed"), "unknown measure"),
    (("nb_coin", "series", 1), lambda s: s.update(size=10), "size must be one of"),
    (("nb_coin", "series", 1), lambda s: s.pop("runs_each"), "needs runs_each"),
    (("nb_coin", "series", 1, "points", 0), lambda p: p.update(y=101), "from 0 to runs_each"),
    (("nb_coin", "series", 1, "points", 0), lambda p: p.update(y="100"), "one number y"),
    (("nb_coin", "series", 1, "points", 1), lambda p: p.update(x="sato-01-easy"), "appears twice"),
    (("gp_moves", "series", 0, "points", 0), lambda p: p.update(y=100), "fraction from 0 to 1"),
    (("gp_moves", "series", 1, "points", 6), lambda p: p.update(low=16), "low ≤ high"),
    (("gp_moves", "series", 1, "points", 6), lambda p: p.pop("high"), "low ≤ high"),
    (("ga_woc", "series", 7, "points", 0), lambda p: p.update(text=""), "the paper's words"),
    (("ga_woc", "series", 2, "points", 0), lambda p: p.update(also_printed={"value": 264.26}), "also_printed"),
    (("lewis2007", "series", 0, "points", 0), lambda p: p.update(x=1.5), "p from 0 to 1"),
    (("lewis2007", "series", 1, "points", 0), lambda p: p.update(bound="at least"), "'at most'"),
    (("lewis2007",), lambda src: src.pop("citation"), "lacks citation"),
    (("hill_climb",), lambda src: src.update(citation="x"), "unknown key citation"),
])
def test_a_broken_shape_is_one_line_naming_where(path, change, words):
    with pytest.raises(published.PublishedProblem) as err:
        published.check(_mutated(path, change))
    message = str(err.value)
    assert words in message and f"source {path[0]!r}" in message and "\n" not in message


def test_an_unreadable_file_is_one_line(tmp_path):
    bad = tmp_path / "published.json"
    bad.write_text('{"nb_coin": ')
    with pytest.raises(published.PublishedProblem, match="is not valid JSON"):
        published.load(bad)
    with pytest.raises(published.PublishedProblem, match="cannot read"):
        published.load(tmp_path / "missing.json")


def test_puzzle_points_name_the_labs_puzzles():
    for key in published.sources(DATA):
        for s in DATA[key]["series"]:
            for p in s["points"]:
                if s["x"] == "puzzle":
                    assert p["x"] in LAB_PUZZLES, (key, p)
                assert set(p.get("puzzles", [])) <= LAB_PUZZLES, (key, p)


def test_levels_aligned_with_the_lab_are_rated40_levels():
    levels = {name.rsplit("-", 1)[0] for name in read_puzzles("rated40.txt")}
    s = published.one_series(DATA, "hill_climb", x="level", measure="mean_iterations")
    assert {p["x"] for p in s["points"]} == levels
    assert [p["label"] for p in s["points"]] == ["Easy", "Medium", "Hard", "Hardest"]


def test_the_papers_givens_are_those_of_the_puzzles_the_lab_holds():
    """Waiyapara et al. print each puzzle's givens: the lab's copies have as many, so the
    names line up with the paper's No. 1 … No. 106."""
    s = published.one_series(DATA, "nb_coin", measure="givens")
    sato = read_puzzles("sato6.txt")
    assert [p["x"] for p in s["points"]] == list(sato)
    for p in s["points"]:
        assert sum(v > 0 for v in parse(sato[p["x"]]).cells) == p["y"], p["x"]


def test_arms_params_are_their_solvers_parameters():
    arms = [(key, s) for key in PAPERS for s in DATA[key]["series"] if "params" in s]
    assert {s["arm"]: s["params"] for _, s in arms} == {"GA": {"woc": False}, "GA+WoC": {"woc": True}}
    for key, s in arms:
        solvers.resolve_params(solvers.get(key), s["params"])


def test_ga_woc_keeps_the_texts_generations_and_the_tables_other_figure():
    s = published.one_series(DATA, "ga_woc", measure="mean_generations", arm="GA")
    (p,) = s["points"]
    assert p["y"] == 262.26 and p["also_printed"] == {"value": 264.26, "from": "table 1"}
    assert published.figure(s, p) == "262.26 (264.26 in Table 1)"


@pytest.mark.parametrize("measure, point, text", [
    ("solved", {"x": "a", "y": 96}, "96/100"),
    ("success_rate", {"x": "a", "y": 0.9}, "90%"),
    ("success_rate", {"x": "a", "y": 0.75, "approximate": True}, "~75%"),
    ("max_seconds", {"x": "a", "y": 1.4, "bound": "at most"}, "≤ 1.4"),
    ("mean_generations", {"x": "a", "y": 26825}, "26,825"),
    ("generations_range", {"x": "a", "low": 1, "high": 15}, "1–15"),
    ("outcome", {"x": "a", "text": "occasionally solved"}, "occasionally solved"),
])
def test_a_figure_reads_as_the_paper_prints_it(measure, point, text):
    assert published.figure({"measure": measure, "runs_each": 100}, point) == text


# ------------------------------------------------------------------------------ the readers

def shown_series(data, solver):
    """The series bench/papers.py shows for `solver`, in its order."""
    return [s for _, _, common, columns in papers.PAPER_TABLES[solver] for _, match in columns
            for s in published.series(data, solver, **common, **match)]


@pytest.mark.parametrize("solver", PAPERS)
def test_papers_py_renders_each_paper_from_the_file(solver):
    out = papers.paper_tables(solver, DATA)
    for s in shown_series(DATA, solver):
        for p in s["points"]:
            assert published.figure(s, p) in out, (solver, s["measure"], p["x"])
    # a figure changed in the data is printed changed
    changed = copy.deepcopy(DATA)
    s = next(s for s in shown_series(changed, solver) if "y" in s["points"][0])
    s["points"][0]["y"] = 0.43 if s["measure"] == "success_rate" else 98_765
    new = published.figure(s, s["points"][0])
    assert new not in out and new in papers.paper_tables(solver, changed)


def test_phase_plot_reads_the_p_series_through_the_reader():
    found = list(phase_plot.published_series(DATA, 16, ("success_rate",)))
    assert [label for label, _, _ in found] == [DATA[k]["label"] for k in ("lewis2007", "lloyd_amos2020", "alldiff_ls2025")]
    assert all(s["x"] == "p" and s["size"] == 16 for _, _, s in found)


# ------------------------------------------------------------------------------ the docs

def markdown_tables(text):
    """(header cells, rows of cells) of every Markdown table of `text`."""
    out, block = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if len(block) >= 2:
            out.append((block[0], block[2:]))
        block = []
    return out


NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def numbers(text):
    return [float(n.replace(",", "")) for n in NUMBER.findall(text)]


def row_point(s, label):
    """The point a docs row names: by x, by the paper's label, by 'No. N' / 'sato-N' (the
    Sato & Inoue numbering), or by the row's words as a puzzle name ('AI Escargot')."""
    for p in s["points"]:
        if label in (p["x"], p.get("label")):
            return p
    m = re.search(r"\bNo\. (\d+)\b|\bsato-0*(\d+)\b", label)
    if m:
        n = m.group(1) or m.group(2)
        return next((p for p in s["points"] if re.match(rf"sato-0*{n}-", str(p["x"]))), None)
    return published.point(s, label.lower().replace(" ", "-"))


# (a header cell that marks the table, source, rows by, {paper column: series match})
PAPER_COLUMNS = [
    ("paper: Nfe", "nb_coin", "x", {"paper: solved": {"measure": "solved", "arm": "NB-COIN"},
                                    "paper: Nfe": {"measure": "mean_generations", "arm": "NB-COIN"}}),
    ("paper: average generations", "ga_woc", "arm", {"paper: average final conflicts": {"measure": "mean_final_conflicts"},
                                                     "paper: average generations": {"measure": "mean_generations"}}),
    ("paper: generations", "gp_moves", "x", {"paper: success": {"measure": "success_rate", "x": "puzzle"},
                                             "paper: generations": {"measure": "generations_range", "x": "puzzle"}}),
    ("average restarts", "hill_climb", "x", {"average iterations": {"measure": "mean_iterations", "x": "level"},
                                             "average restarts": {"measure": "mean_restarts", "x": "level"}}),
]
REFERENCE_COLUMNS = {"Lloyd & Amos 2020": "lloyd_amos2020", "Lewis 2007 (annealing, his figures)": "lewis2007"}


def paper_cell_problems(header, row, source, by, columns, data):
    problems = []
    for heading, match in columns.items():
        cell = row[header.index(heading)]
        if by == "arm":
            s = published.one_series(data, source, arm=row[0], **match)
            p = s["points"][0]
        else:
            s = published.one_series(data, source, **match)
            p = row_point(s, row[0])
        if p is None:
            problems.append(f"{source}: row {row[0]!r} names no point of {match}")
            continue
        want = published.figure(s, p)
        if numbers(cell) != numbers(want):
            problems.append(f"{source}: row {row[0]!r}, column {heading!r}: docs say {cell!r}, the file {want!r}")
    return problems


def reference_cell_problems(row, cell, source, data):
    """A cell of the large-grid comparison: its success (a/b, or n %, '~' when approximate),
    time limit ('within N s'), range of seconds and longest run ('≤ N s') are the file's."""
    size_m = re.match(r"(\d+)×\d+, p = ([\d.]+)(?: … ([\d.]+))?", row[0])
    size = int(size_m.group(1))
    at = re.search(r"at p = ([\d.]+)", cell)
    lo = float(at.group(1)) if at else float(size_m.group(2))
    hi = float(at.group(1)) if at else float(size_m.group(3) or size_m.group(2))
    found = published.series(data, source, size=size, x="p")
    where = f"{source}: row {row[0]!r}"
    if not re.search(r"\d", cell):
        return [] if not found else [f"{where}: the docs show no figure, the file has {size}×{size} series"]
    if not found:
        return [f"{where}: docs {cell!r}, the file has no {size}×{size} figure"]
    success = published.one_series(data, source, size=size, x="p", measure="success_rate")
    pts = [p for p in success["points"] if lo - 1e-9 <= p["x"] <= hi + 1e-9]
    problems = [] if pts else [f"{where}: no success point at p {lo}–{hi}"]
    frac = re.search(r"(\d+)/(\d+)", cell)
    pct = re.search(r"(~?)(\d+(?:\.\d+)?) ?%", cell)
    for p in pts:
        if frac:
            shown, approx = int(frac.group(1)) / int(frac.group(2)), False
        else:
            shown, approx = float(pct.group(2)) / 100, bool(pct.group(1))
        if abs(shown - p["y"]) > 1e-9 or approx != bool(p.get("approximate")):
            problems.append(f"{where}: docs {cell!r}, the file's success at p = {p['x']} is {published.figure(success, p)}")
    within = re.search(r"within (\d+(?:\.\d+)?) s", cell)
    if within and float(within.group(1)) != success["time_limit_s"]:
        problems.append(f"{where}: docs limit {within.group(0)!r}, the file {success['time_limit_s']} s")
    for m in re.finditer(r"\((\d+(?:\.\d+)?)–(\d+(?:\.\d+)?) s\)", cell):
        s = published.one_series(data, source, size=size, x="p", measure="seconds_range")
        for x in (p["x"] for p in pts):
            p = published.point(s, x)
            if p is None or (p["low"], p["high"]) != (float(m.group(1)), float(m.group(2))):
                problems.append(f"{where}: docs {m.group(0)!r}, the file {p and published.figure(s, p)} at p = {x}")
    for m in re.finditer(r"≤ (\d+(?:\.\d+)?) s", cell):
        s = published.one_series(data, source, size=size, x="p", measure="max_seconds")
        for x in (p["x"] for p in pts):
            p = published.point(s, x)
            if p is None or p["y"] != float(m.group(1)) or p.get("bound") != "at most":
                problems.append(f"{where}: docs {m.group(0)!r}, the file {p and published.figure(s, p)} at p = {x}")
    return problems


def docs_problems(text, data):
    """Every paper-column figure of docs/benchmarks.md that differs from `data`, and every
    paper column the checks above do not cover."""
    problems, matched = [], set()
    for header, rows in markdown_tables(text):
        spec = next((s for s in PAPER_COLUMNS if s[0] in header), None)
        if spec is not None:
            matched.add(spec[0])
            for row in rows:
                problems += paper_cell_problems(header, row, *spec[1:], data)
        elif set(REFERENCE_COLUMNS) <= set(header):
            matched.add("references")
            for row in rows:
                for heading, source in REFERENCE_COLUMNS.items():
                    problems += reference_cell_problems(row, row[header.index(heading)], source, data)
        elif any(h.startswith("paper") for h in header):
            problems.append(f"a table with paper columns no check covers: {header}")
    for spec in [*(s[0] for s in PAPER_COLUMNS), "references"]:
        if spec not in matched:
            problems.append(f"no table of docs/benchmarks.md has the paper column {spec!r}")
    return problems


def test_the_docs_paper_columns_equal_the_file():
    assert docs_problems(DOCS, DATA) == []


@pytest.mark.parametrize("old, new", [
    ("| No. 29 (sato-29) | 100/100 | 1,196 |", "| No. 29 (sato-29) | 100/100 | 1,197 |"),
    ("| sato-11-easy | 100 | 100 | 49 | 70 | 71 | 81 | 100/100 | 4 |", "| sato-11-easy | 100 | 100 | 49 | 70 | 71 | 81 | 99/100 | 4 |"),
    ("| GA | 3.82 |", "| GA | 3.83 |"),
    ("262.26 (264.26 in Table 1)", "262.26 (264.25 in Table 1)"),
    ("| Difficult No. 106 | 100% | 0–2 |", "| Difficult No. 106 | 100% | 0–3 |"),
    ("| Hardest | 3587.58 | 3.39 |", "| Hardest | 3587.58 | 3.38 |"),
    ("9/10 within 60 s (1.1–20.2 s)", "9/10 within 60 s (1.1–20.3 s)"),
    ("| ~38 % |", "| ~39 % |"),
    ("(4,699 iterations) | 30 % |", "(4,699 iterations) | ~30 % |"),
    ("120/120, each ≤ 0.26 s", "120/120, each ≤ 0.25 s"),
    ("| 36×36, p = 0.45 | no published figure |", "| 36×36, p = 0.45 | 1/2 within 60 s |"),
])
def test_a_docs_figure_that_differs_from_the_file_is_caught(old, new):
    assert DOCS.count(old) == 1
    problems = docs_problems(DOCS.replace(old, new), DATA)
    assert len(problems) >= 1 and all("docs" in p for p in problems), problems


def test_a_file_figure_that_differs_from_the_docs_is_caught():
    data = copy.deepcopy(DATA)
    published.point(published.one_series(data, "nb_coin", measure="mean_generations", arm="NB-COIN"),
                    "sato-77-difficult")["y"] = 2711
    (problem,) = docs_problems(DOCS, data)
    assert "'No. 77 (sato-77)'" in problem and "2,711" in problem

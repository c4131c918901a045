"""docs/benchmarks.md is a reference a reader can find their way in: it opens with a table of
current figures, one row per solver linking to that solver's one section; every link to a
section of the file lands on a heading; its sections are named for what they measure, not for
the work that measured them; and the runs it replaced are in docs/benchmarks-history.md."""

import re

from conftest import ROOT
from sudoku_lab import solvers

DOCS = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
HISTORY = (ROOT / "docs" / "benchmarks-history.md").read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def headings(text: str, level: str = "#{1,6}") -> list[str]:
    body = re.sub(r"```.*?```", "", text, flags=re.S)          # a '# comment' in a command is no heading
    return [m.group(1) for m in re.finditer(rf"^{level} (.+)$", body, flags=re.M)]


def front_table() -> list[str]:
    section = DOCS.split("\n## ")[1]
    assert section.startswith("Current figures\n"), "the first section is not the current figures"
    return [line for line in section.splitlines() if line.startswith("| [")]


def test_the_slug_is_githubs():
    assert slug("`acs` — Lloyd & Amos (the field's reference)") == "acs--lloyd--amos-the-fields-reference"
    assert slug("Grids to 64×64 (the large puzzle line)") == "grids-to-6464-the-large-puzzle-line"


def test_the_file_opens_with_one_row_of_current_figures_per_solver():
    rows = front_table()
    named = [re.match(r"\| \[`(\w+)`\]", row).group(1) for row in rows]
    assert sorted(named) == sorted(solvers.REGISTRY)


def test_every_link_to_a_section_lands_on_a_heading():
    anchors = {slug(h) for h in headings(DOCS)}
    links = re.findall(r"\]\(#([^)]+)\)", DOCS)
    assert len(links) >= len(solvers.REGISTRY)
    assert [a for a in links if a not in anchors] == []


def test_each_solver_has_one_section_and_its_history_is_apart():
    for solver in solvers.REGISTRY:
        own = [h for h in headings(DOCS, "##") if h.startswith(f"`{solver}`")]
        assert len(own) <= 1, (solver, own)
    assert len([h for h in headings(DOCS) if "the version now" in h]) == 0
    assert "## `alldiff_ls`" in DOCS and "`alldiff_ls` on main 61a0bf6 and before" in HISTORY


# An issue's number, a session, or a numbered round or pass of work ("per round" of propagation is no work word).
WORK_WORDS = re.compile(r"\bissues? \d|\bsessions?\b|\b(this|that|first|second|third|fourth|fifth|next|last) (round|pass)\b", re.I)


def test_no_heading_names_an_issue_or_a_round_of_work():
    for name, text in (("benchmarks.md", DOCS), ("benchmarks-history.md", HISTORY)):
        assert [h for h in headings(text) if WORK_WORDS.search(h)] == [], name


def test_a_heading_with_an_issue_number_is_caught():
    number = "35"                                  # the heading is put together here, as test_work_words does
    assert WORK_WORDS.search("The atlas (issue " + number + ")") and WORK_WORDS.search("Ten instances (third session)")
    assert WORK_WORDS.search("Large boards drawn on a canvas (fourth pass)")
    assert not WORK_WORDS.search("The atlas: where each solver wins") and not WORK_WORDS.search("Propagation per round")


def test_the_reference_links_to_its_history_and_gives_the_suite_time_in_a_table():
    assert "](benchmarks-history.md)" in DOCS.split("\n## ")[0]
    tiers = DOCS.split("\n## Test tiers\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in tiers.splitlines() if line.startswith("| everything |")]
    assert len(rows) == 1 and re.search(r"\*\*\d+:\d\d\*\*", rows[0]), rows

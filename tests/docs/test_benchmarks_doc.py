"""docs/benchmarks.md has a way in (issue 36, "A record a reader can find their way in"): it
opens with a table of current figures, one row per solver linking to that solver's one section,
and every link to a section of the file lands on a heading."""

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
    assert slug("Grids to 64×64 (issue 26; issue 27)") == "grids-to-6464-issue-26-issue-27"


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

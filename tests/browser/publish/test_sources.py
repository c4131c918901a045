"""The papers and sources page (sources.html, the footer's link): every solver's paper and the
puzzles' provenance, read from the lab's own files, with links that work — offline too, in
test_publish.py (docs/page.md, "The page": Papers and sources)."""

import re
from urllib.parse import urljoin

import pytest

from conftest import ROOT
from sudoku_lab import solvers

# The lab's shared page for the footer test; a missing file needs a route on a page of its own
# (sources.html alone: no Python loads there). The page offline is test_publish's: its first
# visit's cache, with the server gone, serves it.
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

SOURCES_MD = (ROOT / "puzzles" / "SOURCES.md").read_text(encoding="utf-8")


def assert_sources_shown(lab):
    """Both sections drawn: the registry's solvers with their citations, the acs solver apart as
    the field's reference; SOURCES.md with each of its links, every puzzle file's link working."""
    assert lab.wait_sources() == {"sources-solvers": "ready", "sources-puzzles": "ready"}
    shown = lab.sources_solvers()
    registry = solvers.schemas()
    assert [s["id"] for s in shown] == [s["id"] for s in registry]
    for got, want in zip(shown, registry):
        assert want["title"] in got["text"] and want["citation"] in got["text"], got
        assert got["reference"] is want["reference"]
    assert [s["id"] for s in shown if s["reference"]] == ["acs", "alldiff_ls", "exact_search"]
    assert lab.page.locator('[data-testid="sources-solvers"] ol > li').count() == 5

    puzzles = lab.by("sources-puzzles")
    assert puzzles.locator("h3").first.inner_text() == SOURCES_MD.splitlines()[0].lstrip("# ")
    assert puzzles.locator("table tbody tr").count() == len(list((ROOT / "puzzles").glob("*.txt")))
    links = lab.sources_links()
    base = lab.base + "puzzles/SOURCES.md"
    assert [a["href"] for a in links] == [urljoin(base, h) for h in re.findall(r"\]\(([^)\s]+)\)", SOURCES_MD)]
    own = [a["href"] for a in links if a["href"].startswith(lab.base)]
    assert sorted(h.removeprefix(lab.base) for h in own) == sorted(
        f"puzzles/{p.name}" for p in (ROOT / "puzzles").glob("*.txt"))
    for href in own:
        assert lab.page.evaluate("async (u) => { const r = await fetch(u); return r.ok && (await r.text()).length > 0; }",
                                 href), href
    assert all(a["href"].startswith("https://github.com/") for a in links if a["href"] not in own)


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): sources
def test_the_footer_opens_the_papers_and_sources(lab):
    lab.open()
    link = lab.by("sources-link")
    assert link.get_attribute("href") == "sources.html" and link.inner_text() == "papers and sources"
    link.click()
    lab.page.wait_for_url(lab.base + "sources.html")
    assert_sources_shown(lab)
    assert lab.page.title().startswith("Papers and sources")
    lab.page.get_by_role("link", name="Back to the lab").click()
    lab.wait_state("ready", timeout=60_000)
    assert lab.console_errors == [] and lab.foreign_requests == []


def test_a_missing_file_is_said_on_the_page(visitor):
    lab = visitor()
    lab.page.route("**/static/vendor/puzzle-sources.html", lambda route: route.fulfill(status=404, body="gone"))
    assert lab.open_sources() == {"sources-solvers": "ready", "sources-puzzles": "error"}
    message = lab.by("sources-puzzles").get_by_role("alert").inner_text()
    assert "static/vendor/puzzle-sources.html" in message and "404" in message
    assert len(lab.sources_solvers()) == len(solvers.schemas())

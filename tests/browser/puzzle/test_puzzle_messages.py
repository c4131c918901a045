"""What the page says about its puzzle is what is so: a puzzle whose givens clash, or that is
proven to have no solution, says Start runs nothing. (A rating stopped by its budget is said as
information and not as an error: tests/browser/board/test_big_grids_page.py, with the 36×36 whose
count stops there. A waiting Start that another puzzle replaces says it was dropped:
tests/js/actions.test.mjs.)"""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

PAPERS_SATO_01 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28.."


def test_a_puzzle_whose_givens_clash_says_start_runs_nothing_and_offers_no_sudokuwiki(lab):
    """The puzzle line says there is no solution; the status says Start runs nothing, Start
    says why when pressed (not a silent "Ready."), and SudokuWiki's solver is not offered."""
    lab.open(f"#p={'11' + '.' * 79}&s=hill_climb&seed=1&t=5")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="0"]')
    assert "Start runs nothing" in lab.by("status").inner_text()
    assert not lab.by("open-sudokuwiki").is_visible()
    lab.by("start").click()
    said = lab.error_text()
    assert said.startswith("Nothing was started.") and "row 1 has 1 twice" in said, said
    assert lab.state() == "ready" and not lab.by("stop").is_enabled()
    lab.set_view("race")                                      # a race on it says the same, and starts no worker
    lab.add_entry("hill_climb", 1)
    lab.add_entry("acs", 1)
    assert "Start runs no race" in lab.by("compare-status").inner_text()
    lab.by("compare-start").click()
    assert lab.error_text().startswith("Nothing was started.")
    assert lab.by("compare-status").get_attribute("data-state") == "ready" and lab.lanes() == []
    lab.set_view("solve")
    lab.load(PAPERS_SATO_01)                                  # a puzzle with a solution: the link is back
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    assert lab.by("open-sudokuwiki").is_visible()
    assert "Start runs nothing" not in lab.by("status").inner_text()


# Givens that do not clash, but r1c9 can take no value (1–8 in its row, 9 in its column): proven
# unsolvable by logic
NO_SOLUTION = "12345678." + "." * 27 + "........9" + "." * 36


def test_a_puzzle_proven_to_have_no_solution_runs_nothing_unless_run_anyway_is_ticked(lab):
    """The status says Start runs nothing and offers "Run it anyway"; Start says why; ticked, the
    solver runs on it (and fails); a new puzzle takes the box and its tick away."""
    lab.open(f"#p={NO_SOLUTION}&s=hill_climb&seed=1&t=1")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="0"]')
    assert lab.by("status").inner_text() == (
        "Ready. This puzzle has no solution: Start runs nothing unless you tick “Run it anyway” beside it.")
    box = lab.by("watch-failure")
    assert box.is_visible() and not box.locator("input").is_checked()
    lab.by("start").click()
    said = lab.error_text()
    assert said.startswith("Nothing was started. This puzzle has no solution") and "Run it anyway" in said, said
    assert lab.state() == "ready" and not lab.by("stop").is_enabled()
    box.locator("input").check()
    assert "Start runs the solver anyway" in lab.by("status").inner_text()
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "stopped", "error", timeout=60_000) == "failed"
    lab.load(PAPERS_SATO_01)                                  # a puzzle with a solution: no box, no tick
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    assert box.is_hidden()
    lab.load(NO_SOLUTION)
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="0"]')
    assert box.is_visible() and not box.locator("input").is_checked()


@pytest.mark.parametrize("view", ["solve", "race"])
def test_a_typed_puzzle_with_no_solution_is_stopped_as_a_pasted_one_is_refused(lab, view):
    """A puzzle typed into the box (never loaded) is checked only when Start takes it, so the
    verdict comes after the run began: the run is stopped then, the page saying why, instead of
    running to its time limit beside "This puzzle has no solution"."""
    lab.open("#s=hill_climb&seed=1&t=20")
    if view == "race":
        lab.set_view("race")
        lab.add_entry("hill_climb", 1)
        lab.add_entry("alldiff_ls", 1)
    box = lab.by("puzzle-input")
    box.fill("")
    box.press_sequentially(NO_SOLUTION)                       # typed: no paste, no Load
    start, status = ("start", "status") if view == "solve" else ("compare-start", "compare-status")
    lab.by(start).click()
    ended = ", ".join(f'[data-testid="{status}"][data-state="{s}"]' for s in ("ready", "finished", "failed", "stopped"))
    lab.page.wait_for_selector(ended, timeout=60_000)         # Start leaves "ready" in its click's task
    assert lab.by(status).get_attribute("data-state") == "ready"
    said = lab.error_text()
    assert said.startswith("The run was stopped. This puzzle has no solution") and "Run it anyway" in said, said
    assert "Start runs no" in lab.by(status).inner_text()
    assert lab.by(start).is_enabled() and lab.by("watch-failure" if view == "solve" else "compare-watch-failure").is_visible()

"""What a run shows is true: its default board is the one its metrics describe, a
full board names its empty and clashing cells apart, and a Stop in the same task as Start
stops (Solve and a race). (A run that solves tells the puzzle line there is a solution:
test_alldiff_ls_page's 36×36.)"""

import pytest

from conftest import PAPERS

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


@pytest.mark.parametrize("solver,view", [("acs", "pheromone"), ("nb_coin", "model")])
def test_the_board_a_run_shows_by_default_is_the_one_its_metrics_describe(lab, solver, view):
    import numpy as np
    from sudoku_lab.score import clashing_cells, conflicts
    lab.open("#p=" + PAPERS["ai-escargot"] + f"&s={solver}&seed=1&t=1.5")
    lab.by("start").click()
    lab.page.wait_for_selector(f'[data-testid="board-view"] option[value="{view}"]', state="attached")
    assert lab.by("board-view").input_value() == ""
    assert lab.wait_state("failed", "solved", timeout=60_000) == "failed"     # its result painted
    values = np.array(lab.board_values())
    clashing = clashing_cells(values, 3).ravel()
    assert int(lab.metric("conflicts")) == conflicts(values, 3)
    assert int(lab.metric("open_cells")) == int(np.count_nonzero((values == 0) | clashing))
    assert [c["clashing"] for c in sorted(lab.board(), key=lambda c: (c["row"], c["col"]))] == clashing.tolist()
    note = lab.by("board-view-note")
    assert not note.is_visible()
    lab.by("board-view").select_option(view)                # the extra board says what it is
    assert note.is_visible() and view in note.inner_text() and "not a candidate" in note.inner_text()
    assert "metrics describe the best candidate" in note.inner_text()
    lab.by("board-view").select_option("")
    assert not note.is_visible()


def test_a_full_board_names_its_empty_and_clashing_cells_apart(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&t=1&plateau=10000")
    lab.by("start").click()
    assert lab.wait_state("failed", "solved", timeout=60_000) == "failed"     # its result painted
    board = lab.board()
    clashing = sum(c["clashing"] for c in board)
    assert all(c["value"] for c in board) and clashing > 0          # hill climbing fills every cell
    assert lab.metric("empty_cells") == "0" and lab.metric("clashing_cells") == str(clashing)
    assert lab.metric("open_cells") == str(clashing)
    status = lab.by("status").inner_text()
    assert f"0 empty cells and {clashing} clashing cells left" in status and "still open" not in status, status


@pytest.mark.parametrize("view", ["solve", "race"])
def test_a_stop_in_the_same_task_as_start_stops(lab, view):
    if view == "solve":
        lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&t=30&plateau=10000")
        start, stop = "start", "stop"
    else:
        lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
        lab.page.wait_for_selector('[data-testid="compare-entry"]')
        start, stop = "compare-start", "compare-stop"
    lab.page.evaluate("([a, b]) => { document.querySelector(`[data-testid=${a}]`).click();"
                      " document.querySelector(`[data-testid=${b}]`).click(); }", [start, stop])
    # Start is pressable again only once nothing runs: had the Stop not held, the run's body
    # (begun in the task after the click) would keep it disabled until the run's time limit
    lab.page.wait_for_function("([a, b]) => !document.querySelector(`[data-testid=${a}]`).disabled"
                               " && document.querySelector(`[data-testid=${b}]`).disabled", arg=[start, stop], timeout=10_000)
    lab.settle_frames()
    assert lab.state() != "running"
    assert lab.by(start).is_enabled() and lab.by(stop).is_disabled()
    if view == "race":
        assert all(lane["state"] != "running" for lane in lab.lanes())
        assert lab.by("compare-status").get_attribute("data-state") != "running"
    lab.by(start).click()                                   # and the next Start runs
    lab.wait_state("running")
    other = "#tab-race" if view == "solve" else "#tab-solve"   # the other views wait for it, and say why
    assert lab.page.locator(other).is_disabled()
    assert lab.page.locator(other).get_attribute("title").startswith("What runs stays on screen until it ends")

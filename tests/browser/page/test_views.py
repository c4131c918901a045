"""The three views of one page — Solve, Race, Experiment: each shows and exports only its own
things, and keeps its settings and results while another is on screen."""

import numpy as np
import pytest

from lab import HELD_OUT
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


@pytest.mark.fresh_page  # "no race yet", "not this view's": a page no comparison has run on
def test_each_view_shows_and_exports_only_its_own_things(lab):
    lab.open("#p=" + HELD_OUT + "&s=hill_climb&seed=2")
    lab.by("start").click()
    assert lab.wait_state("solved", timeout=60_000) == "solved"
    solution = lab.board_values()
    assert is_solution(parse(HELD_OUT), np.array(solution))

    lab.set_view("race")
    assert lab.givens_on_board() == lab.board_values() == parse(HELD_OUT).cells.tolist()   # the puzzle, not the run
    assert lab.state() == "ready"
    for hook in ("chart", "metrics", "start", "copy-solution", "export-json"):
        assert lab.by(hook).is_hidden(), hook
    assert lab.by("export-png").is_disabled() and lab.by("export-race").is_disabled()    # no race yet
    lab.add_entry("hill_climb", 1)
    lab.add_entry("alldiff_tabu", 2)
    lab.start_race()
    lab.wait_lanes_done()
    assert lab.by("compare-chart").get_attribute("data-legend") == "1. hill_climb · seed 1|2. alldiff_tabu · seed 2"
    assert lab.by("export-race").is_enabled() and lab.by("export-png").is_enabled()

    lab.set_view("experiment")                               # the race's chart and lanes are not this view's
    assert lab.by("compare-chart").get_attribute("data-legend") in ("", None)
    assert lab.page.locator('[data-testid="lane"]').first.is_hidden()
    assert lab.by("export-json").is_disabled() and lab.by("export-csv").is_disabled()

    lab.set_view("race")                                     # each view kept its results
    assert [l["state"] for l in lab.lanes()] == ["solved", "solved"]
    lab.set_view("solve")
    assert lab.board_values() == solution and lab.state() == "solved"
    assert lab.by("export-json").is_enabled() and lab.by("copy-solution").is_enabled()
    assert lab.console_errors == []


def test_the_tabs_follow_the_arrow_keys(lab):
    lab.open()
    lab.by("view").locator('[data-view="solve"]').focus()
    lab.page.keyboard.press("ArrowRight")
    assert lab.by("view").get_attribute("data-view") == "race"
    lab.page.keyboard.press("End")
    assert lab.by("view").get_attribute("data-view") == "experiment"
    assert lab.by("view").locator('[aria-selected="true"]').get_attribute("data-view") == "experiment"
    lab.page.keyboard.press("ArrowRight")
    assert lab.by("view").get_attribute("data-view") == "solve"

"""The page's worker: one that dies or hangs is replaced, nothing the visitor set is lost."""

import numpy as np
import pytest

from conftest import PAPERS
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

# Each test on a page of its own: it ends the page's own worker, the first the page made, and a
# page shared with other modules' comparisons (--one-shared-page) holds pool workers made before
# a replaced one.
pytestmark = [pytest.mark.browser]


@pytest.mark.parametrize("how", [pytest.param("closed", marks=pytest.mark.smoke), "stuck"])  # smoke: the worker
def test_a_dead_or_stuck_worker_is_replaced_and_the_next_start_works(lab, how):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=2&plateau=10000&t=60")
    lab.by("seed-input").fill("3")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    lab.kill_worker(how)
    lab.page.wait_for_function("() => /worker failed/.test(document.querySelector('[data-testid=error]').textContent)",
                               timeout=10_000)
    assert lab.state() in ("loading", "ready")
    lab.wait_state("ready", timeout=60_000)
    assert "puzzle and settings are kept" in lab.error_text()
    assert lab.by("seed-input").input_value() == "3"
    assert lab.givens_on_board() == parse(PAPERS["ai-escargot"]).cells.tolist()
    lab.load(PAPERS["sato-01-easy"])
    lab.by("param-plateau").fill("10")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PAPERS["sato-01-easy"]), np.array(lab.board_values()))

"""The page's worker: one that dies or hangs is replaced, nothing the visitor set is lost; one that is
only slow, or whose page is slow to listen, is kept."""

import re

import numpy as np
import pytest

from conftest import PAPERS
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

# One test on a page of its own: it ends the page's own worker, the first the page made, and a
# page shared with other modules' comparisons (--one-shared-page) holds pool workers made before
# a replaced one. It takes its four cases in turn on its one page: each of its own cost a page's
# load.
pytestmark = [pytest.mark.browser]


@pytest.mark.smoke  # smoke: the worker
def test_a_dead_worker_is_replaced_a_slow_one_kept_a_stuck_one_replaced_and_a_throttled_page_loses_none(lab):
    """In turn on one page: the page's own worker, closed, is replaced; its replacement, slow,
    keeps its run; the same worker, stuck, is replaced; then the page's thread throttled 4x loses
    neither of the two workers a solve runs on (each case's link opened in the same tab, by its
    hash)."""
    a_dead_or_stuck_worker_is_replaced_and_the_next_start_works(lab, "closed")
    a_slow_worker_is_kept_through_a_silence_its_pace_explains(lab)
    a_dead_or_stuck_worker_is_replaced_and_the_next_start_works(lab, "stuck")
    a_solve_on_two_workers_at_4x_cpu_throttling_loses_no_worker(lab)


def a_dead_or_stuck_worker_is_replaced_and_the_next_start_works(lab, how):
    """The page's own worker ends (`closed`) or hangs (`stuck`) during a run: it is replaced, the
    puzzle and settings are kept, and the next Start solves."""
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=2&plateau=10000&t=60")
    lab.by("seed-input").fill("3")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    lab.kill_worker(how)
    lab.page.wait_for_function("() => /worker failed/.test(document.querySelector('[data-testid=error]').textContent)",
                               timeout=30_000)
    if how == "stuck":                  # caught within 10 s of silence, and the page says how long
        silent = re.search(r"stopped answering for (\d+\.\d) s", lab.error_text())
        assert silent and float(silent.group(1)) <= 10, lab.error_text()
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


# Makes the page's own worker slow, as a phone's CPU is: each run frame costs it half a second of
# computing, and every fourth one 3.5 s (a step that is long on a slow device); counts its frames.
SLOW_WORKER = """() => {
  const post = self.postMessage.bind(self);
  self.slowFrames = 0;
  self.postMessage = (msg) => {
    if (msg && msg.type === 'progress') {
      self.slowFrames += 1;
      const cost = self.slowFrames % 4 === 0 ? 3500 : 500;
      const t = performance.now();
      while (performance.now() - t < cost);
    }
    post(msg);
  };
}"""


def a_slow_worker_is_kept_through_a_silence_its_pace_explains(lab):
    """A worker whose frames come every half second keeps its run through a 3.5-s silence, which a
    worker that streamed every 35 ms would not (the watchdog's allowance grows with the pace: 8 ×
    the slowest gap, 4 s after one half-second gap; node tests the rule, tests/js/watchdog.test.mjs).
    A 7-s limit: the fourth frame's silence ends after at least 3 × 0.5 + 3.5 s, and a frame comes
    after it."""
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=2&plateau=10000&t=7")
    lab.page.workers[0].evaluate(SLOW_WORKER)
    lab.by("start").click()
    lab.wait_state("running")
    ended = lab.wait_state("solved", "failed", "error", "stopped", "ready", timeout=120_000)   # ready: lost, replaced
    assert "worker failed" not in lab.error_text()
    assert ended in ("solved", "failed")
    assert int(lab.metric("iteration").replace(",", "")) > 0
    assert lab.page.workers[0].evaluate("() => self.slowFrames") > 4, "the run went on past the 3.5-s silence"


def a_solve_on_two_workers_at_4x_cpu_throttling_loses_no_worker(lab):
    """A phone's CPU: the page's thread throttled 4× through the DevTools protocol (it does not
    reach the workers: docs/benchmarks.md, "A phone's CPU"), a 25×25 on two workers streams to its
    time limit or a solution with neither worker lost."""
    cdp = lab.page.context.new_cdp_session(lab.page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        lab.open("#g=25:0.45:1&s=alldiff_ls&seed=1&t=10&w=2")
        lab.by("start").click()
        assert lab.wait_state("solved", "failed", "error", "stopped", timeout=240_000) in ("solved", "failed")
        assert "worker failed" not in lab.error_text() and "failed:" not in lab.by("status").inner_text()
        assert lab.metric("workers") == "2"
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})

"""The page tells the truth (issue 11): solved means the verified solution is shown, links
and loads stop the run first, settings are locked while running, every value follows the
shared rules, long steps and checks never freeze the page, and a dead worker is replaced."""

import json
import time
from pathlib import Path

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

pytestmark = pytest.mark.browser
VALUE_CASES = json.loads((Path(__file__).parent / "value_cases.json").read_text())
HELD_OUT = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def metric(lab, name):
    return lab.by("metrics").locator(f'[data-metric="{name}"]').inner_text()


def givens_on_board(lab):
    return [c["value"] if c["given"] else 0 for c in sorted(lab.board(), key=lambda c: (c["row"], c["col"]))]


def test_a_solved_run_shows_its_verified_solution_whatever_the_view(lab):
    lab.open("#p=" + HELD_OUT + "&s=nb_coin&seed=7")
    lab.by("start").click()
    lab.page.wait_for_selector('[data-testid="board-view"] option[value="model"]', state="attached")
    assert lab.by("board-view").input_value() == "model"          # the solver's suggested view while running
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(HELD_OUT), np.array(lab.board_values()))
    assert not any(c["conflict"] for c in lab.board())
    assert lab.by("board-view").input_value() == ""
    assert lab.by("board-view").locator('option[value="model"]').count() == 1     # still offered
    assert metric(lab, "open_cells") == "0" and metric(lab, "conflicts") == "0"


def test_opening_a_link_during_a_run_stops_the_run_first(lab):
    lab.open("#p=" + PAPERS["sato-77-difficult"] + "&s=ga_woc&seed=1&t=60")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    other = PAPERS["sato-01-easy"]
    lab.page.evaluate("h => { location.hash = h; }", "#p=" + other + "&s=hill_climb&seed=4")
    lab.wait_state("ready")
    want = parse(other).cells.tolist()
    assert givens_on_board(lab) == want
    lab.page.wait_for_timeout(1500)                 # the old run would have painted by now
    assert lab.board_values() == want and lab.state() == "ready"
    assert metric(lab, "iteration") == "–"
    lab.by("start").click()                         # and the worker is free for the new run
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(other), np.array(lab.board_values()))


def test_settings_are_locked_during_a_run_and_the_link_stays_the_runs(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=5&plateau=10000&t=60")
    lab.by("start").click()
    lab.wait_state("running")
    url = lab.by("share").get_attribute("data-url")
    for hook in ("seed-input", "max-seconds", "solver-select", "param-plateau", "param-w1", "load-puzzle", "examples"):
        assert lab.by(hook).is_disabled(), hook
    lab.page.evaluate("""() => { const s = document.querySelector('[data-testid=seed-input]');
                                 s.value = '99'; s.dispatchEvent(new Event('input', {bubbles: true})); }""")
    assert lab.by("share").get_attribute("data-url") == url and "seed=5" in url
    lab.by("stop").click()
    lab.wait_state("stopped")
    assert lab.by("seed-input").is_enabled() and lab.by("param-plateau").is_enabled()


def test_open_cells_and_the_objective_label_for_a_run_that_leaves_cells_empty(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=gp_moves&seed=0&population=10&generations=0")
    lab.by("start").click()
    assert lab.wait_state("failed", "solved", "error", timeout=30_000) == "failed"
    empty = sum(1 for c in lab.board() if c["value"] == 0)
    assert empty > 0 and int(metric(lab, "open_cells")) >= empty
    assert "empty cells left" in lab.page.locator("#best-label").inner_text()
    assert "cells still open" in lab.by("status").inner_text()


def test_a_huge_gp_population_still_stops_at_once_and_keeps_its_time_limit(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=gp_moves&seed=0&population=20000&max_length=500&t=4")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_timeout(1500)
    assert metric(lab, "elapsed") != "–"                   # frames arrive during generation 0
    t0 = time.perf_counter()
    lab.by("stop").click()
    lab.wait_state("stopped", timeout=5_000)
    assert time.perf_counter() - t0 < 1.0
    lab.by("start").click()                                # and the time limit holds
    t0 = time.perf_counter()
    assert lab.wait_state("failed", "solved", "error", timeout=20_000) == "failed"
    assert time.perf_counter() - t0 < 8


def test_the_solution_count_of_a_25x25_does_not_block_a_run(lab):
    lab.open()
    lab.by("examples").select_option(label="25x25-planetsudoku")
    lab.by("start").click()                                 # at once, while the count may still go on
    lab.wait_state("running", "failed", timeout=5_000)
    lab.page.wait_for_function(
        "() => document.querySelector('[data-metric=iteration]').textContent !== '–'", timeout=5_000)
    lab.by("stop").click()
    lab.wait_state("stopped")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]', timeout=30_000)


def test_a_link_with_bad_settings_keeps_the_good_ones_and_runs_nothing_until_fixed(lab):
    lab.open("#p=" + PAPERS["sato-11-easy"] + "&s=ga_woc&seed=3&t=20&population=1e3&woc=false")
    assert lab.by("solver-select").input_value() == "ga_woc"
    assert lab.by("seed-input").input_value() == "3" and lab.by("max-seconds").input_value() == "20"
    assert not lab.by("param-woc").is_checked()
    pop = lab.by("param-population")
    assert pop.get_attribute("aria-invalid") == "true"
    assert "'population' must be a whole number; got '1e3'" in lab.error_text()
    assert givens_on_board(lab) == parse(PAPERS["sato-11-easy"]).cells.tolist()
    lab.by("start").click()
    lab.page.wait_for_timeout(500)
    assert lab.state() == "ready" and "Nothing was started" in lab.error_text()
    pop.fill("200")
    pop.dispatch_event("change")
    assert pop.get_attribute("aria-invalid") is None and lab.error_text() == ""
    lab.by("start").click()
    lab.wait_state("running", "solved", "failed")


@pytest.mark.parametrize("bad", ["seed=-5", "t=abc", "seed=0x10", "t=0"])
def test_a_bad_seed_or_time_limit_keeps_the_puzzle(lab, bad):
    lab.open("#p=" + PAPERS["sato-29-medium"] + "&s=hill_climb&" + bad)
    assert givens_on_board(lab) == parse(PAPERS["sato-29-medium"]).cells.tolist()
    hook = "seed-input" if bad.startswith("seed") else "max-seconds"
    assert lab.by(hook).get_attribute("aria-invalid") == "true"
    lab.by("start").click()
    lab.page.wait_for_timeout(300)
    assert lab.state() == "ready"


def test_a_parameter_the_puzzle_cannot_take_is_refused_on_loading(lab):
    lab.open("#p=" + SIZES["16x16-vukr-1"] + "&s=alldiff_tabu&filter=hall_sets&seed=1")
    lab.page.wait_for_selector('[data-testid="param-filter"][aria-invalid="true"]', timeout=10_000)
    msg = lab.error_text()
    assert "hall_sets filter works on boards up to 9×9" in msg and "Error" not in msg
    lab.by("start").click()
    lab.page.wait_for_timeout(300)
    assert lab.state() == "ready"
    lab.by("param-filter").select_option("hall_intervals")
    lab.page.wait_for_function("() => !document.querySelector('[data-testid=param-filter]').hasAttribute('aria-invalid')")
    lab.by("start").click()
    lab.wait_state("running", "solved", "failed")


def test_long_values_are_cut_in_messages(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=" + "9" * 200_000)
    msg = lab.error_text()
    assert "(200,000 characters)" in msg and len(msg) < 400


def test_the_page_reads_values_and_links_by_the_shared_cases(lab):
    lab.open()
    got = lab.page.evaluate("""async (cases) => {
        const v = await import('./static/values.js');
        const share = await import('./static/share.js');
        const run = (fn, raw) => { try { return {ok: fn(raw)}; } catch (e) { return {error: e.message}; } };
        const schemas = new Map();
        for (const o of document.querySelectorAll('[data-testid=solver-select] option')) schemas.set(o.value, null);
        return {
          seed: cases.seed.map(c => run(v.seed, c.in)),
          seconds: cases.seconds.map(c => run(v.seconds, c.in)),
          param: cases.param.map(c => run(raw => v.param(c.spec, raw), c.in)),
        };
    }""", VALUE_CASES)
    for kind in ("seed", "seconds", "param"):
        for case, out in zip(VALUE_CASES[kind], got[kind]):
            want = {k: case[k] for k in ("ok", "error") if k in case}
            assert out == want, (kind, case["in"][:30])
    from sudoku_lab import solvers
    links = lab.page.evaluate("""async ([cases, schemas]) => {
        const share = await import('./static/share.js');
        const reg = new Map(schemas.map(s => [s.id, s]));
        return cases.map(c => share.linkOutcome(c.hash, reg));
    }""", [VALUE_CASES["link"], solvers.schemas()])
    for case, out in zip(VALUE_CASES["link"], links):
        out["problems"] = dict(out["problems"])
        want = {k: case[k] for k in ("puzzle", "solver", "seed", "seconds", "params", "problems")}
        assert out == want, case["hash"][-40:]


def _kill_worker(lab, how):
    worker = lab.page.workers[0]
    if how == "closed":
        worker.evaluate("() => { setTimeout(() => self.close(), 0); }")
    else:   # stuck in a loop that never yields
        worker.evaluate("() => { setTimeout(() => { for (;;) {} }, 0); }")


@pytest.mark.parametrize("how", ["closed", "stuck"])
def test_a_dead_or_stuck_worker_is_replaced_and_the_next_start_works(lab, how):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=2&plateau=10000&t=60")
    lab.by("seed-input").fill("3")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    _kill_worker(lab, how)
    lab.page.wait_for_function("() => /worker failed/.test(document.querySelector('[data-testid=error]').textContent)",
                               timeout=10_000)
    assert lab.state() in ("loading", "ready")
    lab.wait_state("ready", timeout=60_000)
    assert "puzzle and settings are kept" in lab.error_text()
    assert lab.by("seed-input").input_value() == "3"
    assert givens_on_board(lab) == parse(PAPERS["ai-escargot"]).cells.tolist()
    lab.load(PAPERS["sato-01-easy"])
    lab.by("param-plateau").fill("10")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PAPERS["sato-01-easy"]), np.array(lab.board_values()))


def test_the_board_is_a_grid_of_rows_for_assistive_technology(lab):
    from axe_playwright_python.sync_playwright import Axe
    lab.open()
    rows = lab.page.locator('[data-testid="board"] > [role="row"]')
    assert rows.count() == 9 and rows.first.locator('[role="gridcell"]').count() == 9
    results = Axe().run(lab.page, context='[data-testid="board"]')
    ids = [v["id"] for v in results.response["violations"]]
    assert "aria-required-children" not in ids and "aria-required-parent" not in ids, ids

"""Comparing solvers in the page (issue 12): races, experiments, presets, exports, links and
bad input, in headless Chromium."""

import csv
import io
import json
import time

import numpy as np
import pytest

from conftest import PAPERS, SIZES, fresh_lab
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution

pytestmark = pytest.mark.browser
HELD_OUT = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
LIST = "\n".join([PAPERS["sato-01-easy"] + " first", "# a comment", "", PAPERS["sato-11-easy"] + " second",
                  PAPERS["pillay-fig1"] + " third"])


def add_entry(lab, solver, seed, **params):
    lab.by("solver-select").select_option(solver)
    lab.by("seed-input").fill(str(seed))
    for k, v in params.items():
        field = lab.by(f"param-{k}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(v))
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(v == "true")
        else:
            field.fill(str(v))
    lab.by("compare-add").click()


def lanes(lab):
    return lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({
        solver: e.dataset.solver, seed: +e.dataset.seed, state: e.dataset.state, place: e.dataset.place || null,
        values: [...e.querySelectorAll('[data-testid=cell]')].map(c => +c.dataset.value)}))""")


def wait_lanes_done(lab, timeout=90_000):
    lab.page.wait_for_function(
        "() => { const l = [...document.querySelectorAll('[data-testid=lane]')];"
        " return l.length && l.every(x => x.dataset.state !== 'running'); }", timeout=timeout)


def wait_experiment_done(lab, timeout=180_000):
    lab.page.wait_for_function(
        "() => { const p = document.querySelector('[data-testid=compare-progress]');"
        " return +p.dataset.total > 0 && p.dataset.done === p.dataset.total"
        " && document.querySelector('[data-testid=compare-start]').disabled === false; }", timeout=timeout)


def test_a_race_of_three_solvers_runs_all_lanes_at_once_to_verified_solutions(lab):
    lab.open("#p=" + HELD_OUT)
    lab.by("mode").select_option("race")
    add_entry(lab, "hill_climb", 1)
    add_entry(lab, "alldiff_tabu", 2)
    add_entry(lab, "nb_coin", 7)
    entries = lab.page.eval_on_selector_all('[data-testid="compare-entry"]',
                                            "els => els.map(e => [e.dataset.solver, +e.dataset.seed])")
    assert entries == [["hill_climb", 1], ["alldiff_tabu", 2], ["nb_coin", 7]]
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=lane][data-state=running]').length === 3"
                               " || document.querySelectorAll('[data-testid=lane]').length === 3")
    assert lab.by("compare-stop").is_enabled() and lab.by("seed-input").is_disabled()
    wait_lanes_done(lab)
    got = lanes(lab)
    puzzle = parse(HELD_OUT)
    assert [l["state"] for l in got] == ["solved"] * 3
    assert sorted(int(l["place"]) for l in got) == [1, 2, 3]
    for lane in got:
        assert is_solution(puzzle, np.array(lane["values"]))
    assert int(lab.by("compare-chart").get_attribute("data-points")) >= 6
    assert lab.by("compare-chart").get_attribute("data-series") == "1. hill_climb,2. alldiff_tabu,3. nb_coin"
    assert lab.console_errors == [] and lab.foreign_requests == []


def test_stop_ends_every_lane(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000,"
             "nb_coin:3")
    assert lab.page.locator('[data-testid="lane"]').count() == 0          # a link runs nothing
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')]"
                               ".every(l => +l.dataset.painted > 2)", timeout=60_000)
    t0 = time.perf_counter()
    lab.by("compare-stop").click()
    wait_lanes_done(lab, timeout=5_000)
    print(f"all lanes stopped {1000 * (time.perf_counter() - t0):.0f} ms after the click")
    assert [l["state"] for l in lanes(lab)] == ["stopped"] * 3
    assert lab.by("compare-start").is_enabled()


def test_a_race_link_restores_every_entry_and_runs_nothing_until_start(lab, browser):
    lab.open("#p=" + HELD_OUT)
    lab.by("mode").select_option("race")
    add_entry(lab, "ga_woc", 4, population=300, woc="false")
    add_entry(lab, "alldiff_tabu", 5, filter="ac3")
    lab.by("max-seconds").fill("25")
    lab.by("max-seconds").dispatch_event("input")
    url = lab.by("share").get_attribute("data-url")
    assert "m=race" in url and "t=25" in url
    with fresh_lab(browser, lab.base) as other_lab:
        other = other_lab.visit(url).page
        assert other.get_by_test_id("mode").input_value() == "race"
        got = other.eval_on_selector_all('[data-testid="compare-entry"]',
                                         "els => els.map(e => [e.dataset.solver, +e.dataset.seed, e.textContent])")
        assert [g[:2] for g in got] == [["ga_woc", 4], ["alldiff_tabu", 5]]
        assert "population=300" in got[0][2] and "woc=false" in got[0][2] and "filter=ac3" in got[1][2]
        assert other.get_by_test_id("max-seconds").input_value() == "25"
        assert other.locator('[data-testid="lane"]').count() == 0


def test_an_experiment_fills_its_table_and_exports_records_that_match_the_native_bench(lab):
    lab.open()
    lab.by("mode").select_option("experiment")
    add_entry(lab, "hill_climb", 10)
    add_entry(lab, "alldiff_tabu", 20)
    lab.by("compare-runs").fill("5")
    lab.by("compare-puzzles").select_option("list")
    lab.by("compare-list").fill(LIST)
    lab.by("compare-start").click()
    wait_experiment_done(lab)
    progress = lab.by("compare-progress")
    assert (progress.get_attribute("data-done"), progress.get_attribute("data-total")) == ("30", "30")
    rows = lab.page.eval_on_selector_all('[data-testid="compare-row"]', """els => els.map(e => ({
        solver: e.dataset.solver, puzzle: e.dataset.puzzle, runs: +e.dataset.runs, solved: +e.dataset.solved,
        median: e.dataset.medianSeconds}))""")
    assert [(r["solver"], r["puzzle"]) for r in rows] == [
        (s, p) for s in ("hill_climb", "alldiff_tabu") for p in ("first", "second", "third")]
    assert all(r["runs"] == 5 and r["solved"] == 5 and float(r["median"]) > 0 for r in rows)
    assert "[" in lab.by("compare-results").inner_text()                  # the Wilson interval

    with lab.page.expect_download() as dl:
        lab.by("export-csv").click()
    records = list(csv.DictReader(io.StringIO(open(dl.value.path()).read())))
    with lab.page.expect_download() as dl:
        lab.by("export-json").click()
    jsonl = [json.loads(line) for line in open(dl.value.path())]
    assert len(records) == len(jsonl) == 30
    texts = [line.split()[0] for line in LIST.splitlines() if line.strip() and not line.startswith("#")]
    from sudoku_lab.bench import record
    for rec in jsonl:
        native = record(rec["puzzle"], rec["name"], Run(parse(texts[rec["puzzle"]]), rec["solver"], rec["params"],
                                                        rec["seed"], Budget(max_seconds=60)).finish())
        assert set(rec) == set(native), "the browser's records have the native bench's fields"
        assert (rec["iterations"], rec["evaluations"], rec["board"], rec["solved"]) == (
            native["iterations"], native["evaluations"], native["board"], native["solved"])
    by_key = {(r["solver"], r["seed"], r["puzzle"]): r for r in jsonl}
    for row in records:
        assert int(row["iterations"]) == by_key[(row["solver"], int(row["seed"]), int(row["puzzle"]))]["iterations"]


@pytest.mark.parametrize("preset", ["paper-nb_coin", "paper-ga_woc", "paper-gp_moves", "paper-alldiff_tabu",
                                    "paper-hill_climb"])
def test_each_papers_preset_sets_up_its_experiment_and_runs(lab, preset):
    lab.open()
    lab.by("mode").select_option("experiment")
    lab.by("preset").select_option(preset)
    note = lab.page.locator("#preset-note").inner_text()
    assert "The paper" in note and "Here" in note
    solver = preset.removeprefix("paper-")
    assert {e for e in lab.page.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.dataset.solver)")} == {solver}
    assert lab.by("compare-puzzles").input_value() in ("sato6", "papers", "rated40")
    lab.by("compare-runs").fill("1")                      # one run each, short, to keep the test quick
    lab.by("max-seconds").fill("1")
    lab.by("workers").fill("2")
    lab.by("compare-start").click()
    wait_experiment_done(lab)
    rows = lab.page.locator('[data-testid="compare-row"]')
    assert rows.count() >= 6
    papers_col = lab.page.eval_on_selector_all('[data-testid="compare-row"] td:last-child', "els => els.map(e => e.textContent)")
    assert any(papers_col), "the paper's figures sit beside the lab's"
    assert int(lab.by("compare-progress").get_attribute("data-total")) == rows.count()     # one run per row


def test_bad_input_is_refused_clearly_and_nothing_is_lost(lab):
    lab.open()
    lab.by("mode").select_option("race")
    lab.by("compare-start").click()
    assert "A race needs two to five entries" in lab.error_text()
    add_entry(lab, "hill_climb", 1)
    lab.by("compare-start").click()
    assert "A race needs two to five entries" in lab.error_text()
    for seed in range(2, 6):
        add_entry(lab, "hill_climb", seed)
    assert lab.page.locator('[data-testid="compare-entry"]').count() == 5
    assert lab.by("compare-add").is_disabled()                         # no sixth lane
    lab.by("max-seconds").fill("0")
    lab.by("compare-start").click()
    assert "time limit must be a number of seconds above 0" in lab.error_text()
    assert lab.page.locator('[data-testid="lane"]').count() == 0

    lab.by("max-seconds").fill("5")
    lab.by("mode").select_option("experiment")
    lab.by("compare-puzzles").select_option("list")
    bad = PAPERS["sato-01-easy"] + "\n" + PAPERS["sato-11-easy"][:70] + " short\n"
    lab.by("compare-list").fill(bad)
    lab.by("compare-start").click()
    assert "Line 2 of the list cannot be read" in lab.error_text() and "Found 70 cells" in lab.error_text()
    assert lab.by("compare-list").input_value() == bad
    assert lab.by("compare-progress").get_attribute("data-total") == "0"
    assert lab.page.locator('[data-testid="compare-entry"]').count() == 5


def test_a_lane_that_errors_is_reported_and_the_others_go_on(lab):
    lab.open("#p=" + SIZES["16x16-vukr-1"] + "&m=race&t=3&e=alldiff_tabu:1:filter=hall_sets,gp_moves:2,hill_climb:3")
    lab.by("compare-start").click()
    wait_lanes_done(lab)
    got = lanes(lab)
    assert got[0]["state"] == "error"
    assert "9×9" in lab.page.locator('[data-testid="lane"]').first.inner_text()
    assert [g["state"] for g in got[1:]] == ["failed", "failed"]        # ran their 3 s, unharmed


def test_the_worker_pool_defaults_to_the_cores_less_one(lab):
    lab.open()
    cores = lab.page.evaluate("() => navigator.hardwareConcurrency")
    assert int(lab.by("workers").input_value()) == max(1, min(8, cores - 1))


def test_an_experiment_link_restores_its_settings_and_reads_the_short_form(lab, browser):
    lab.open()
    lab.by("mode").select_option("experiment")
    add_entry(lab, "alldiff_tabu", 7, filter="ac3")
    lab.by("compare-runs").fill("3")
    lab.by("compare-runs").dispatch_event("change")
    lab.by("compare-puzzles").select_option("list")
    lab.by("compare-list").fill(LIST)
    lab.by("compare-list").dispatch_event("change")
    url = lab.by("share").get_attribute("data-url")
    assert "m=experiment" in url and "runs=3" in url and "ps=list" in url
    with fresh_lab(browser, lab.base) as other_lab:
        other = other_lab.visit(url).page
        assert other.get_by_test_id("mode").input_value() == "experiment"
        assert other.get_by_test_id("compare-runs").input_value() == "3"
        assert other.get_by_test_id("compare-puzzles").input_value() == "list"
        assert len(other.get_by_test_id("compare-list").input_value().split()) == 3
        entries = other.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.textContent)")
        assert len(entries) == 1 and "alldiff_tabu" in entries[0] and "filter=ac3" in entries[0]
        # the short form: solvers with their defaults and one seed; a bad entry is named, the rest kept
        other.goto(url.split("#")[0] + "#p=" + PAPERS["sato-01-easy"] + "&m=experiment&c=hill_climb,nope,gp_moves&seed=4&runs=2&ps=sato6")
        other.wait_for_selector('[data-testid="compare-entry"]')
        got = other.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => [e.dataset.solver, +e.dataset.seed])")
        assert got == [["hill_climb", 4], ["gp_moves", 4]]
        assert "entry 2: unknown solver 'nope'" in other.get_by_test_id("error").inner_text()
        assert other.get_by_test_id("compare-puzzles").input_value() == "sato6"
        assert other.get_by_test_id("compare-progress").get_attribute("data-total") == "0"     # nothing ran

"""A race entry that asks for two workers (docs/links-and-files.md, "Share links", and
docs/protocol.md, "Worker messages"): its lane runs as one alldiff_ls team run on two of the pool's slots beside a
one-worker lane, and its result is the native team run's, move for move and cell for cell."""

import json

import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget
from sudoku_lab.score import is_solution
from sudoku_lab.several.processes import run_on_processes

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

SPEC, EXCHANGE = "16:0.4:1", 2000          # natively two workers solve it in ~15,000 moves, past several exchanges


def wait_generated(lab, spec: str):
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=90_000)


def test_a_lane_asking_for_two_workers_runs_as_the_native_team_run_beside_a_one_worker_lane(lab):
    lab.open(f"#g={SPEC}&s=alldiff_ls&seed=1&t=120&w=2&x={EXCHANGE}")
    wait_generated(lab, SPEC)
    lab.set_view("race")
    lab.add_entry("alldiff_ls", 1)                      # the form's Workers and Exchange every come along
    lab.by("solve-workers").fill("1")
    lab.add_entry("alldiff_ls", 2)
    assert lab.entries() == [["alldiff_ls", 1], ["alldiff_ls", 2]]
    assert "2 workers · exchange every 2,000" in lab.by("compare-entries").inner_text()
    assert lab.by("compare-cores").get_attribute("data-workers") == "3"
    lab.start_race()
    lab.wait_lanes_done(timeout=240_000)
    # the chart's legend tells the two alldiff_ls lanes apart by their workers
    assert lab.by("compare-chart").get_attribute("data-legend") == "1. alldiff_ls · seed 1 · 2 workers|2. alldiff_ls · seed 2"
    lanes = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({state: e.dataset.state,
        workers: e.dataset.workers, settings: e.querySelector('.lane-settings').textContent}))""")
    assert [(l["state"], l["workers"]) for l in lanes] == [("solved", "2"), ("solved", "1")], lanes
    assert "2 workers" in lanes[0]["settings"] and "workers" not in lanes[1]["settings"]
    with lab.page.expect_download() as dl:
        lab.by("export-race").click()
    race = json.load(open(dl.value.path()))
    team, one = race["lanes"]
    assert (team["workers"], team["result"]["params"]["workers"], one["workers"]) == (2, 2, 1)
    assert "workers" not in one["result"]["params"]
    puzzle = generate(parse_spec(SPEC)).puzzle
    assert is_solution(puzzle, parse(team["result"]["board"]).cells)        # no clash, the givens kept
    native = run_on_processes(puzzle, {}, 1, 2, Budget(max_seconds=120), exchange=EXCHANGE)
    assert native.solved and team["result"]["iterations"] == native.iterations
    assert team["result"]["board"] == native.to_json()["board"]
    assert len(team["series"]["rows"]) >= 2                                   # the team's trace on the race's chart

"""A race's lanes in words: each lane counts its run in its solver's own step (moves for
alldiff_ls, generations for nb_coin), as the Solve status line does, and its place follows from
the lanes' own times (compare/ranking.js), not from what the page shows."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PAPERS
from lab import HELD_OUT

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

PY = Path(__file__).resolve().parents[3] / "py"


def _steps() -> dict[str, str]:
    out = subprocess.run([sys.executable, "-m", "sudoku_lab", "solvers", "--json"], cwd=PY, check=True,
                         capture_output=True, text=True).stdout
    return {s["id"]: s.get("step") or "iteration" for s in json.loads(out)}


def test_each_lane_counts_its_run_in_its_solvers_own_step_and_places_follow_the_times(lab):
    steps = _steps()
    assert steps["alldiff_ls"] == "move" and steps["nb_coin"] == "generation"
    lab.open("#p=" + HELD_OUT + "&m=race&t=60&e=alldiff_ls:1,nb_coin:7,hill_climb:2")
    lab.start_race()
    lab.wait_lanes_done()
    lanes = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({
        solver: e.dataset.solver, state: e.dataset.state, place: e.dataset.place || null,
        info: e.querySelector('.lane-info').textContent,
        time: e.querySelector('[data-testid=lane-time]').textContent}))""")
    assert [l["solver"] for l in lanes] == ["alldiff_ls", "nb_coin", "hill_climb"]
    for lane in lanes:
        word = steps[lane["solver"]]
        assert re.search(rf"\b[\d,]+ {word}s?\b", lane["info"]), lane
        if word != "iteration":
            assert "iterations" not in lane["info"], lane
    solved = [l for l in lanes if l["state"] == "solved"]
    assert solved, lanes
    by_place = sorted(solved, key=lambda l: int(l["place"]))
    assert [int(l["place"]) for l in by_place] == list(range(1, len(solved) + 1))
    seconds = [float(l["time"].removesuffix(" s")) for l in by_place]
    assert seconds == sorted(seconds)
    assert lab.console_errors == [] and lab.foreign_requests == []


def test_a_running_lane_counts_in_its_solvers_own_step_too(lab):
    """The live line of a running lane, not only its final one, says "generations" for ga_woc."""
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=5&e=ga_woc:1,hill_climb:2:plateau=10000")
    lab.by("compare-start").click()
    lab.page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=lane]')].every(l => l.dataset.state === 'running'"
        " && +l.dataset.painted >= 2 && / · .* empty · /.test(l.querySelector('.lane-info').textContent))",
        timeout=30_000)
    infos = lab.page.eval_on_selector_all('[data-testid="lane"] .lane-info', "els => els.map(e => e.textContent)")
    assert re.match(r"[\d,]+ generations? · ", infos[0]), infos      # "1 generation" early on
    assert re.match(r"[\d,]+ iterations? · ", infos[1]), infos
    lab.by("compare-stop").click()
    lab.wait_lanes_done()

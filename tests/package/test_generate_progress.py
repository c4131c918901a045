"""The generator reports how far it is (a unique 25×25 showed no progress for
minutes): the progress dict of ``generate_steps`` and the worker's task-progress, natively.
Reporting never changes the puzzle a seed makes."""

import json

import pytest

from sudoku_lab import bridge
from sudoku_lab.generate import generate, generate_steps, parse_spec


def run_watching(text: str):
    """Run a spec's steps to the end; every progress seen at a pause, and the puzzle made."""
    report: dict = {}
    steps = generate_steps(parse_spec(text), progress=report)
    seen = []
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return seen, report, end.value
        seen.append(dict(report))


@pytest.mark.parametrize("text", ["9:0.3:4:unique", "16:0.45:2:unique", "16:0.45:2", "49:0.4:1"])
def test_watching_gives_the_same_puzzle_as_not_watching(text):
    seen, report, made = run_watching(text)
    plain = generate(parse_spec(text))
    assert made.puzzle == plain.puzzle and made.stop == plain.stop and made.unsettled == plain.unsettled
    assert (made.solution == plain.solution).all()


def test_unique_mode_reports_each_removal_round_up_to_the_end():
    seen, report, made = run_watching("16:0.45:2:unique")
    C = 16 * 16
    assert seen[0]["stage"] == "fill" and report["stage"] == "remove"
    assert report["to_remove"] == C - made.target
    assert report["removed"] == C - made.puzzle.given_count      # the last round's count is the puzzle's
    removing = [s for s in seen if s["stage"] == "remove"]
    assert len({s["removed"] for s in removing}) > 50              # it moved round by round
    for a, b in zip(seen, seen[1:]):                              # never backwards
        assert b["removed"] >= a["removed"] and b["tried"] >= a["tried"] and b["elapsed"] >= a["elapsed"]
        assert b["nodes"] >= a["nodes"]
    assert report["tried"] >= report["removed"] and report["unsettled"] == made.unsettled


def test_the_fill_reports_its_search_nodes():
    seen, _, _ = run_watching("25:0.45:3")
    fill = [s["nodes"] for s in seen if s["stage"] == "fill"]
    assert fill and max(fill) > 0


def test_the_worker_task_sends_the_generation_progress():
    step = json.loads(bridge.task_start("generate", "16:0.45:2:unique"))
    seen = []
    while step["ok"] and not step["done"]:
        seen.append(step["progress"])
        step = json.loads(bridge.task_advance("generate", 0.005))
    assert step["ok"] and step["result"]["puzzle"] == generate(parse_spec("16:0.45:2:unique")).puzzle.to_string()
    removing = [p for p in seen if p["stage"] == "remove"]
    assert removing and removing[-1]["to_remove"] == 256 - step["result"]["target"]
    assert len({p["removed"] for p in removing}) > 1


def test_a_dropped_generation_is_gone_and_a_rating_goes_on():
    """The worker's `drop`: the page set another puzzle, so the generation's answer is not wanted."""
    first = json.loads(bridge.task_start("generate", "25:0.45:3:unique"))
    assert first["ok"] and not first["done"]
    assert json.loads(bridge.task_drop("generate"))["ok"]
    assert not json.loads(bridge.task_advance("generate", 0.0))["ok"]          # nothing under way
    assert json.loads(bridge.task_drop("generate"))["ok"]                      # dropping nothing is harmless
    made = json.loads(bridge.task_start("generate", "9:0.45:2"))
    while made["ok"] and not made["done"]:
        made = json.loads(bridge.task_advance("generate", 0.01))
    assert made["result"]["puzzle"] == generate(parse_spec("9:0.45:2")).puzzle.to_string()

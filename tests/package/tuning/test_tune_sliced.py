"""sudoku_lab.tuning.sliced: a tune in slices (the page's worker's) ends as the uninterrupted one
of sudoku_lab.api.tune with the same inputs, and the bridge refuses bad input naming its field."""

import json
import subprocess
import sys

from conftest import ROOT
from sudoku_lab import api, bench, bridge
from sudoku_lab.tuning.sliced import tune_steps

REQUEST = {"solver": "hill_climb", "params": {"w1": "-2:2", "plateau": "1:50", "init": "greedy", "propagate": "false",
                                              "post_swap": "true", "w2": "-1"},
           "generate": "9:0.3:0.3:0.05", "instances": 4, "max_evaluations": 2000, "budget": 60, "seed": 3,
           "held_out_instances": 2, "held_out_runs": 2}


def native(req):
    named = lambda puzzles: [(name, cells) for cells, name in puzzles]
    return api.tune(named(bench.generated_puzzles([req["generate"]], req["instances"], req["seed"])), req["solver"],
                    max_evaluations=req["max_evaluations"], budget=req["budget"], params=req["params"], seed=req["seed"],
                    held_out=named(bench.generated_puzzles([req["generate"]], req["held_out_instances"],
                                                           req["seed"] + req["instances"])),
                    held_out_runs=req["held_out_runs"])


def sliced(req):
    progress, views = {}, []
    steps = tune_steps(req, progress)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, views
        views.append(json.loads(json.dumps(progress)))


def test_a_tune_in_slices_ends_as_the_native_one():
    result, views = sliced(REQUEST)
    expected = native(REQUEST)
    assert result["elites"] == expected["elites"] and result["trace"] == expected["trace"]
    assert result["link"] == expected["link"] and result["held_out"] == json.loads(json.dumps(expected["held_out"]))
    assert len(views) == len(result["runs"]) + REQUEST["held_out_instances"] * REQUEST["held_out_runs"] * 2
    runs = [v["runs"] for v in views]
    assert runs == sorted(runs) and views[-1]["eliminations"]
    assert all(v["alive"] for v in views) and max(v["instances"] for v in views) >= 5


def test_the_bridge_refuses_a_bad_tune_naming_the_field():
    for change, field in [({"generate": "10:0.3:0.3:0.05"}, "generate"), ({"budget": 3}, "budget"),
                          ({"params": {"w1": "2:1"}}, "w1"), ({"solver": "nope"}, "solver"),
                          ({"max_evaluations": 0}, "max_evaluations"), ({"seed": -1}, "seed")]:
        out = json.loads(bridge.task_start("tune", json.dumps({**REQUEST, **change})))
        assert not out["ok"] and out["field"] == field, (change, out)
        assert "\n" not in out["message"]
    unread = json.loads(bridge.task_start("tune", "{not json"))   # no field is read back from the words
    assert not unread["ok"] and unread["field"] is None and unread["message"]


def test_the_worker_s_check_refuses_as_the_tune_would_and_imports_no_scipy():
    """bridge.tune_check, which the page's worker asks before it loads scipy for a tune: the same
    refusal as task_start's for each bad field, ok for a good request, and scipy not imported (a
    fresh interpreter), so a refusal never waits for scipy's download."""
    for change in [{"generate": "10:0.3:0.3:0.05"}, {"budget": 3}, {"params": {"w1": "2:1"}}, {"solver": "nope"},
                   {"max_evaluations": 0}, {"seed": -1}]:
        arg = json.dumps({**REQUEST, **change})
        assert json.loads(bridge.tune_check(arg)) == json.loads(bridge.task_start("tune", arg)), change
    assert json.loads(bridge.tune_check(json.dumps(REQUEST))) == {"ok": True}
    assert not json.loads(bridge.tune_check("{not json"))["ok"]
    code = ("import json, sys; from sudoku_lab import bridge; "
            f"out = json.loads(bridge.tune_check({json.dumps(json.dumps({**REQUEST, 'budget': 3}))})); "
            "print(out['field'], 'scipy' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "py", timeout=120)
    assert r.stdout.split() == ["budget", "False"], r.stderr

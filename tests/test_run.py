"""The run protocol: budgets, stop reasons, the solved-claim check, frames for the page."""

import types

import numpy as np
import pytest

from sudoku_lab import solvers
from sudoku_lab.progress import Progress
from sudoku_lab.run import Budget, Run


def test_budgets_end_runs(papers):
    p = papers["ai-escargot"]
    r = Run(p, "hill_climb", {}, 0, Budget(max_iterations=50)).finish()
    assert (r.stop_reason, r.iterations, r.solved) == ("budget", 50, False)
    r = Run(p, "hill_climb", {}, 0, Budget(max_evaluations=5000)).finish()
    assert r.stop_reason == "budget" and 5000 <= r.evaluations < 5000 + 400
    ticks = iter(range(10**9))
    r = Run(p, "hill_climb", {}, 0, Budget(max_seconds=30), clock=lambda: next(ticks)).finish()
    assert r.stop_reason == "budget" and r.seconds >= 30


def test_stop_and_result_json(papers):
    run = Run(papers["ai-escargot"], "hill_climb", {}, 0)
    for _ in range(10):
        run.step()
    res = run.stop().to_json()
    assert res["stop_reason"] == "stopped" and res["iterations"] == 9 and len(res["board"]) == 81
    assert run.step() is None


def test_unknown_solver_and_bad_params_are_clear(papers):
    with pytest.raises(solvers.SolverError, match="unknown solver 'nope'"):
        Run(papers["sato-01-easy"], "nope")
    with pytest.raises(solvers.SolverError, match="'plateau' must be between 1 and"):
        Run(papers["sato-01-easy"], "hill_climb", {"plateau": 0})
    with pytest.raises(solvers.SolverError, match="has no parameter 'bogus'"):
        Run(papers["sato-01-easy"], "hill_climb", {"bogus": 1})
    with pytest.raises(ValueError, match="max_seconds must be positive"):
        Budget.from_mapping({"max_seconds": -1})


def test_param_strings_are_coerced(papers):
    run = Run(papers["sato-01-easy"], "hill_climb", {"plateau": "12", "post_swap": "false", "w1": "2"})
    assert run.params["plateau"] == 12 and run.params["post_swap"] is False and run.params["w1"] == 2.0


def _fake_solver(board):
    def run(puzzle, params, rng):
        yield Progress(1, 1, 0.0, 0, np.asarray(board, dtype=np.int8), {"x": 0})
    return types.SimpleNamespace(ID="fake", TITLE="fake", CITATION="", PARAMS=[], run=run)


def test_a_false_solved_claim_is_caught(monkeypatch, papers):
    from sudoku_lab.exact import solve
    p = papers["sato-01-easy"]
    s = solve(p)
    relabelled = np.where(s == 1, 2, np.where(s == 2, 1, s))
    monkeypatch.setitem(solvers.REGISTRY, "fake", _fake_solver(relabelled))
    r = Run(p, "fake").finish()
    assert r.stop_reason == "error" and not r.solved
    monkeypatch.setitem(solvers.REGISTRY, "fake", _fake_solver(s))
    assert Run(p, "fake").finish().solved


def test_a_crashing_solver_ends_in_error(monkeypatch, papers):
    def run(puzzle, params, rng):
        raise RuntimeError("boom")
        yield
    monkeypatch.setitem(solvers.REGISTRY, "crash",
                        types.SimpleNamespace(ID="crash", TITLE="", CITATION="", PARAMS=[], run=run))
    r = Run(papers["sato-01-easy"], "crash").finish()
    assert r.stop_reason == "error" and "boom" in r.message


def test_frames_are_thinned_and_carry_the_latest_state(papers):
    run = Run(papers["ai-escargot"], "hill_climb", {}, 0, Budget(max_iterations=500))
    for _ in range(300):
        run.step()
    frame = run.frame()
    assert len(frame["points"]) == Run.MAX_POINTS_PER_FRAME
    assert frame["points"][-1][0] == frame["progress"]["iteration"]
    assert frame["series"] == ["objective", "conflicts", "f2"]
    assert frame["events"] and all(e["kind"] == "restart" for e in frame["events"])
    assert run.frame()["points"] == []          # points are handed out once

"""The run protocol: budgets, stop reasons, the solved-claim check, the common measures."""

import types

import numpy as np
import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import parse

from sudoku_lab import solvers
from sudoku_lab.progress import Progress
from sudoku_lab.run import RESULT_FIELDS, Budget, Run
from sudoku_lab.score import clashing_cells, conflicts, open_cells


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
    assert tuple(res) == RESULT_FIELDS[:RESULT_FIELDS.index("message")]   # every field, in order; no message, no file
    assert run.step() is None


@pytest.mark.parametrize("solver, budget", [("hill_climb", {"max_iterations": 300}), ("nb_coin", {"max_iterations": 40}),
                                            ("ga_woc", {"max_evaluations": 20000})])
def test_a_step_or_evaluation_budget_ends_every_run_at_the_same_step_and_board(papers, solver, budget):
    """Load-independent budgets: two runs end alike, however slow the clock (a fast fake one here)."""
    p = papers["ai-escargot"]
    ticks = iter(range(10**9))
    a = Run(p, solver, {}, 3, Budget(**budget)).finish()
    b = Run(p, solver, {}, 3, Budget(**budget, max_seconds=10**9), clock=lambda: next(ticks) / 1000).finish()
    assert a.stop_reason == b.stop_reason == "budget"
    assert (a.iterations, a.evaluations) == (b.iterations, b.evaluations) and np.array_equal(a.board, b.board)


@pytest.mark.parametrize("solver", ["hill_climb", "nb_coin", "alldiff_ls"])
def test_a_stop_point_replays_a_run_stopped_or_timed_out_to_the_same_step_and_board(papers, solver):
    """docs/protocol.md, "The run protocol": a replay with the stopped run's iterations as its stop
    point ends at that step with that board, and the time limit no longer applies."""
    # alldiff_ls's walkers solve a 9×9 within the timed run's few steps: a 36×36 they do not
    p = papers["ai-escargot"] if solver != "alldiff_ls" else generate(parse_spec("36:0.45:1")).puzzle
    run = Run(p, solver, {}, 5)
    for _ in range(7):
        run.step()
    stopped = run.stop()
    ticks = iter(range(10**9))             # a time limit long passed at every look: it does not apply
    replay = Run(p, solver, {}, 5, Budget(max_seconds=1, stop_at=stopped.iterations), clock=lambda: next(ticks)).finish()
    assert (replay.stop_reason, replay.iterations, replay.evaluations) == ("stopped", stopped.iterations, stopped.evaluations)
    assert np.array_equal(replay.board, stopped.board)
    ticks = iter(range(10**9))
    timed = Run(p, solver, {}, 5, Budget(max_seconds=40), clock=lambda: next(ticks) / 4).finish()
    assert timed.stop_reason == "budget"
    again = Run(p, solver, {}, 5, Budget(max_seconds=40, stop_at=timed.iterations)).finish()
    assert (again.iterations, again.stop_reason) == (timed.iterations, "stopped") and np.array_equal(again.board, timed.board)


def test_a_solver_counting_in_batches_takes_the_runner_s_hint_and_ends_at_the_step_budget_exactly():
    """exact_search's steps are 200 nodes; the runner sends the steps left at each yield, so a
    budget of 1,234 ends at node 1,234 (not 1,400), on the board the same search reaches at that
    node, and a budget on a batch's edge ends where a run that ignores the hint does."""
    puzzle = parse(generate(parse_spec("25:0.4:1")).to_json()["puzzle"])
    exact = Run(puzzle, "exact_search", {}, 1, Budget(max_iterations=1234)).finish()
    assert (exact.iterations, exact.stop_reason) == (1234, "budget")
    replay = Run(puzzle, "exact_search", {}, 1, Budget(stop_at=1234)).finish()
    assert replay.iterations == 1234 and np.array_equal(replay.board, exact.board)
    own = solvers.get("exact_search").run(puzzle, {}, np.random.default_rng(1))
    unhinted = Run(puzzle, "exact_search", {}, 1, Budget(max_iterations=1400), steps=(p for p in own)).finish()
    hinted = Run(puzzle, "exact_search", {}, 1, Budget(max_iterations=1400)).finish()
    assert unhinted.iterations == hinted.iterations == 1400 and np.array_equal(unhinted.board, hinted.board)


def test_a_budget_from_the_worker_keeps_a_stop_point_of_zero_and_refuses_a_bad_one():
    assert Budget.from_mapping({"max_seconds": 5, "stop_at": 0}) == Budget(max_seconds=5.0, stop_at=0)
    assert Budget.from_mapping({"max_iterations": 7, "max_evaluations": None}).max_iterations == 7
    with pytest.raises(ValueError, match="stop_at"):
        Budget.from_mapping({"stop_at": -1})


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


OBJECTIVE = {"name": "x", "direction": "min", "best": lambda puzzle, params: 0}


def _fake(run, **extra):
    return types.SimpleNamespace(ID="fake", TITLE="fake", CITATION="", PARAMS=[], OBJECTIVE=OBJECTIVE,
                                 run=run, **extra)


def _fake_solver(board):
    def run(puzzle, params, rng):
        yield Progress(1, 1, 0.0, np.asarray(board, dtype=np.int8), {"x": 0})
    return _fake(run)


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
    monkeypatch.setitem(solvers.REGISTRY, "crash", _fake(run))
    r = Run(papers["sato-01-easy"], "crash").finish()
    assert r.stop_reason == "error" and "boom" in r.message


def test_common_measures_come_from_the_board_not_the_solver(papers):
    """gp_moves and alldiff_tabu leave cells empty when they fail: conflicts may be 0 there,
    but open_cells counts the empty cells, and both are computed by the runner."""
    p = papers["ai-escargot"]
    r = Run(p, "gp_moves", {"population": 20, "generations": 1}, 0).finish()
    empty = int((r.board == 0).sum())
    assert not r.solved and empty > 0
    assert r.open_cells == empty + int(clashing_cells(r.board, 3)[r.board > 0].sum())
    assert r.conflicts == conflicts(r.board, 3)
    # a wrong board from any solver: the runner counts its clashes itself
    bad = p.cells.copy()
    bad[np.flatnonzero(bad == 0)[0]] = p.cells[np.flatnonzero(p.cells)[0]]
    def run(puzzle, params, rng):
        yield Progress(1, 1, 5.0, bad, {"x": 0})
        return "stalled"
    solvers.REGISTRY["fake"] = _fake(run)
    try:
        res = Run(p, "fake").finish()
    finally:
        del solvers.REGISTRY["fake"]
    assert res.conflicts == conflicts(bad, 3) > 0
    assert res.open_cells == int(((bad == 0) | clashing_cells(bad, 3)).sum())


def test_open_cells_is_zero_exactly_when_solved(papers):
    from sudoku_lab.exact import solve
    p = papers["sato-27-medium"]
    s = solve(p)
    assert open_cells(s, 3) == 0 and open_cells(p.cells, 3) == int((p.cells == 0).sum())
    r = Run(p, "hill_climb", {}, 1).finish()
    assert r.solved and (r.conflicts, r.open_cells) == (0, 0)
    run = Run(p, "hill_climb", {}, 1)
    run.step()
    assert run.measures()[1] >= run.measures()[0] >= 0


def test_every_solver_declares_its_objective(papers):
    p = papers["sato-01-easy"]
    for schema in solvers.schemas():
        assert schema["objective"]["direction"] in ("min", "max") and schema["objective"]["name"]
        o = Run(p, schema["id"], {}, 0, Budget(max_iterations=1)).objective
        assert o["name"] == schema["objective"]["name"]
        assert o["best"] == {"cells fixed": 81}.get(o["name"], 162 if o["direction"] == "max" else 0)


def test_pauses_split_a_long_step_and_honour_the_time_budget(monkeypatch, papers):
    """A solver may yield PAUSE inside a step: the runner checks the clock there, and
    records the longest time the solver held control."""
    from sudoku_lab.progress import PAUSE
    ticks = iter(range(10**9))

    def run(puzzle, params, rng):
        yield Progress(0, 1, 1.0, puzzle.cells.copy(), {"x": 0})
        while True:
            yield PAUSE
    monkeypatch.setitem(solvers.REGISTRY, "fake", _fake(run))
    r = Run(papers["sato-01-easy"], "fake", budget=Budget(max_seconds=20), clock=lambda: next(ticks)).finish()
    assert r.stop_reason == "budget" and r.iterations == 0 and r.longest_step >= 1


def test_seed_follows_the_shared_rule(papers):
    for bad in (-5, "-5", "0x10", "1e3", 2**53, True):
        with pytest.raises(solvers.SolverError, match="seed must be a whole number from 0"):
            Run(papers["sato-01-easy"], "hill_climb", {}, bad)
    assert Run(papers["sato-01-easy"], "hill_climb", {}, "7").seed == 7


def test_a_solver_that_proves_no_solution_ends_the_run_with_its_reason(papers, monkeypatch):
    def run(puzzle, params, rng):
        yield Progress(0, 0, 0.0, puzzle.cells.copy(), {})
        return ("unsolvable", "propagation empties r1c1")
    fake = types.SimpleNamespace(ID="fake", TITLE="", CITATION="", PARAMS=[], run=run,
                                 OBJECTIVE={"name": "x", "direction": "min", "best": lambda p, q: 0})
    monkeypatch.setitem(solvers.REGISTRY, "fake", fake)
    r = Run(papers["sato-01-easy"], "fake").finish()
    assert (r.stop_reason, r.message, r.solved) == ("unsolvable", "propagation empties r1c1", False)


def test_every_series_a_solver_reports_has_a_name_for_people(papers):
    """The page's legends read `series_labels` and its x axis `step` (docs/protocol.md): every
    series id a solver emits, in each of its arms, has a label."""
    p = papers["ai-escargot"]
    arms = {"ga_woc": [{}, {"woc": False}]}
    for schema in solvers.schemas():
        assert schema["step"] in ("iteration", "generation", "move", "node")
        for params in arms.get(schema["id"], [{}]):
            run = Run(p, schema["id"], params, 0, Budget(max_iterations=3))
            seen = set()
            while (progress := run.step()) is not None:
                seen |= set(progress.series)
            assert seen and seen <= set(schema["series_labels"]), (schema["id"], seen)


def test_every_extra_board_says_what_it_is_and_none_is_shown_by_default(papers):
    """The page shows a run's best candidate by default — the board its metrics describe — and
    names an extra board with the schema's `views` when the visitor picks it."""
    p = papers["ai-escargot"]
    for schema in solvers.schemas():
        run = Run(p, schema["id"], {}, 0, Budget(max_iterations=2))
        offered = set()
        while (progress := run.step()) is not None:
            overlay = progress.overlay or {}
            assert "view" not in overlay, schema["id"]
            offered |= set(overlay.get("boards") or {})
        assert offered <= set(schema["views"]) and all(schema["views"][k] for k in offered), (schema["id"], offered)

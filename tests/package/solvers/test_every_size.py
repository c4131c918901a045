"""Every solver at every size: each solver of the registry runs a few steps on a
4×4, 9×9, 16×16, 25×25 and 36×36 puzzle or refuses it with a plain message naming a setting;
what it refuses for memory is refused before the run; its memory estimate bounds what it
allocates; with `propagate`, givens that singles refute end the run at once."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from sudoku_lab.exact import count_solutions
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import Puzzle
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import REGISTRY, SolverError
from sudoku_lab.solvers.params import MEMORY_CAP

BOX_SIZES = [2, 3, 4, pytest.param(5, marks=pytest.mark.slow), pytest.param(6, marks=pytest.mark.slow)]   # slow: 25×25 up
# Small populations keep the suite fast; a solver not named here runs with its defaults.
QUICK = {"ga_woc": {"population": 60}, "gp_moves": {"population": 8, "max_length": 8}}


def generated(n: int, p: float, seed: int) -> Puzzle:
    """The generator's puzzle `<N>:<p>:<seed>` (a random full grid, round(p·N²) givens)."""
    return generate(parse_spec(f"{n * n}:{p}:{seed}")).puzzle


def quick(module):
    names = {p["name"] for p in module.PARAMS}
    return {k: v for k, v in QUICK.get(module.ID, {}).items() if k in names}


def assert_plain_refusal(module, exc: SolverError):
    message = str(exc)
    assert message and "\n" not in message and "Traceback" not in message
    assert exc.field in {p["name"] for p in module.PARAMS} | {"solver"}


@pytest.mark.parametrize("n", BOX_SIZES)
@pytest.mark.parametrize("solver", sorted(REGISTRY))
def test_every_solver_runs_a_few_steps_or_refuses_with_a_reason(solver, n):
    puzzle = generated(n, 0.45, seed=n)
    module = REGISTRY[solver]
    try:
        run = Run(puzzle, solver, quick(module), 0, Budget(max_iterations=2))
    except SolverError as exc:
        assert_plain_refusal(module, exc)
        return
    steps = 0
    while (p := run.step()) is not None:
        steps += 1
        board = np.asarray(p.board)
        assert board.shape == (puzzle.N ** 2,)
        assert board.min() >= 0 and board.max() <= puzzle.N
        assert np.array_equal(board[puzzle.givens], puzzle.cells[puzzle.givens]), "a given changed"
    result = run.result
    assert result.stop_reason in ("solved", "budget", "stalled"), result.message
    assert steps >= 1


@pytest.mark.parametrize("n", BOX_SIZES)
@pytest.mark.parametrize("solver", sorted(REGISTRY))
def test_defaults_fit_and_the_largest_parameters_fit_or_are_refused_before_the_run(solver, n):
    puzzle = generated(n, 0.45, seed=n)
    module = REGISTRY[solver]
    largest = {p["name"]: p["max"] for p in module.PARAMS if p["type"] == "int" and p["max"] is not None}
    try:
        Run(puzzle, solver)                          # builds nothing: the run starts at the first step
    except SolverError as exc:
        assert_plain_refusal(module, exc)
    try:
        Run(puzzle, solver, largest)
    except SolverError as exc:
        assert_plain_refusal(module, exc)
        if hasattr(module, "peak_bytes") and "MB" in str(exc):
            assert module.peak_bytes(puzzle, {**Run(puzzle, solver).params, **largest}) > MEMORY_CAP


@pytest.mark.slow
def test_gp_moves_at_its_largest_population_is_refused_at_25_and_36_not_at_16():
    for n, refused in ((4, False), (5, True), (6, True)):
        puzzle = generated(n, 0.45, seed=1)
        try:
            Run(puzzle, "gp_moves", {"population": 20_000})
            assert not refused
        except SolverError as exc:
            assert refused and exc.field == "population" and "at most" in str(exc)


MEMORY_CASES = {"hill_climb": {}, "ga_woc": {"population": 800}, "nb_coin": {"population": 300},
                "gp_moves": {"population": 30, "max_length": 10}}


# Measured in a process of its own: tracemalloc counts every thread's allocations, and a test
# process may hold others (the page's file server of a browser test run beside it). A first run
# there makes the one-time allocations (lazy imports, caches) before the measured one.
MEASURE = """
import json, sys, tracemalloc
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import REGISTRY
solver, params = sys.argv[1], json.loads(sys.argv[2])
puzzle = generate(parse_spec("25:0.45:3")).puzzle
Run(puzzle, solver, params, 1, Budget(max_iterations=1)).finish()     # first-use allocations (imports, caches) first
run = Run(puzzle, solver, params, 0, Budget(max_iterations=1))
tracemalloc.start()
run.finish()
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
print(json.dumps([run.result.stop_reason, peak, REGISTRY[solver].peak_bytes(puzzle, run.params)]))
"""


@pytest.mark.slow  # a 25×25
@pytest.mark.parametrize("solver", sorted(s for s in MEMORY_CASES if s in REGISTRY))
def test_the_memory_estimate_bounds_what_a_run_allocates(solver):
    out = subprocess.run([sys.executable, "-c", MEASURE, solver, json.dumps(MEMORY_CASES[solver])],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    stop_reason, peak, estimate = json.loads(out.stdout)
    assert stop_reason != "error"
    assert peak <= estimate


def refuted_by_singles(n: int) -> Puzzle:
    """Row 1 holds 1..N−1, and N is given in row 2 of the same box as row 1's last cell: that
    cell has no candidate (no two givens clash)."""
    N = n * n
    cells = np.zeros(N * N, dtype=np.int8)
    cells[:N - 1] = np.arange(1, N)
    cells[N + N - 1] = N
    return Puzzle(n, cells)


@pytest.mark.parametrize("n", BOX_SIZES)
@pytest.mark.parametrize("solver", sorted(s for s, m in REGISTRY.items()
                                          if any(p["name"] == "propagate" for p in m.PARAMS)))
def test_with_propagate_givens_singles_refute_end_the_run_at_once(solver, n):
    puzzle = refuted_by_singles(n)
    if n <= 3:
        count = count_solutions(puzzle)
        assert count.complete and count.solutions == 0
    result = Run(puzzle, solver, {**quick(REGISTRY[solver]), "propagate": True}, 0,
                 Budget(max_iterations=50)).finish()
    assert result.stop_reason == "unsolvable" and result.iterations == 0 and result.message

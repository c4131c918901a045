"""49×49 and 64×64 end to end natively: every solver runs on them or refuses with a one-line
reason; masks of 64 values (the int64 sign bit) propagate right."""

import numpy as np
import pytest

from sudoku_lab import solvers
from sudoku_lab.bits import popcount
from sudoku_lab.constraints import candidate_masks
from sudoku_lab.generate import generate
from sudoku_lab.grid import parse
from sudoku_lab.propagate import fixed_values, singles
from sudoku_lab.run import Budget, Run

pytestmark = pytest.mark.slow      # 49×49 and 64×64 (boards from 25×25 up are the slow tier)


# The step runs with these (a solver not named: its defaults): gp_moves' first generation of 500
# programs took 30 s at 64×64 and acs's 10 ants 11–37 s, a minute under load, cut by the time
# limit; with these each takes seconds and ends its step. The defaults are still checked: accepted.
SMALL = {"gp_moves": {"population": 8, "max_length": 8}, "acs": {"ants": 2}}


@pytest.fixture(scope="module")
def big():
    return {size: generate(size, 0.45, 1) for size in (49, 64)}


@pytest.mark.parametrize("size", (49, 64))
@pytest.mark.parametrize("solver", list(solvers.REGISTRY))
def test_every_solver_runs_or_refuses_in_one_line(big, size, solver):
    made = big[size]
    budget = Budget(max_iterations=1, max_seconds=60)
    try:
        Run(made.puzzle, solver, {}, 1, budget)                # its defaults: taken, or refused before a step
    except solvers.SolverError as exc:
        assert "\n" not in str(exc) and f"{size}×{size}" in str(exc)
        return
    result = Run(made.puzzle, solver, SMALL.get(solver, {}), 1, budget).finish()
    assert result.iterations >= 1                               # its first step ended (not the time limit)
    assert result.stop_reason != "error", result.message
    assert result.stop_reason != "unsolvable"                 # the puzzle has a solution
    kept = made.puzzle.cells > 0
    assert np.array_equal(np.asarray(result.board)[kept], made.puzzle.cells[kept])


def test_a_64_value_mask_round_trips_through_the_sign_bit(big):
    solution = big[64].solution
    masks = candidate_masks(solution, 8)
    assert (masks[solution == 64] < 0).all() and (popcount(masks) == 1).all()
    assert np.array_equal(fixed_values(masks), solution)
    empty = candidate_masks(np.zeros(64 * 64, dtype=np.int8), 8)
    assert (empty == -1).all() and (popcount(empty) == 64).all()


def test_propagation_at_64_keeps_the_solution(big):
    made = big[64]
    masks = candidate_masks(made.puzzle.cells, 8)
    out, failed, _ = singles(masks, 8)
    assert not failed
    bits = np.left_shift(np.int64(1), made.solution.astype(np.int64) - 1)
    assert ((out & bits) != 0).all()                           # no value of the solution removed


def test_the_one_line_form_of_a_64x64_reads_back(big):
    p = big[64].puzzle
    assert parse(p.to_string()) == p and "," in p.to_string()

"""exact_search (the lab's exact search as a registry entry): a verified solution, the same
seed giving the same run with or without pauses, givens with no solution proved so, a partial
board that never clashes, and generated 49×49 and 64×64 puzzles solved and verified (it has no
size limit of its own)."""

import numpy as np
import pytest

from conftest import trace_ticks
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import Puzzle
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import conflicts, is_solution


def test_it_solves_a_generated_16x16_and_the_run_verifies_it():
    puzzle = generate(parse_spec("16:0.4:1")).puzzle
    result = Run(puzzle, "exact_search", seed=0, budget=Budget(max_iterations=100_000)).finish()
    assert result.solved and is_solution(puzzle, result.board)


def test_same_seed_same_run_and_its_boards_never_clash():
    puzzle = generate(parse_spec("16:0.45:2")).puzzle

    def trace(seed):
        run = Run(puzzle, "exact_search", seed=seed, budget=Budget(max_iterations=3000))
        out, _ = trace_ticks(run, lambda p: (p.iteration, p.restarts, p.best, p.board.tobytes()))
        return out

    a = trace(4)
    assert a == trace(4)
    for _, _, _, board in a:
        b = np.frombuffer(board, dtype=np.int8)
        assert conflicts(b, 4) == 0 and np.array_equal(b[puzzle.givens], puzzle.cells[puzzle.givens])


def test_givens_without_a_solution_are_proved_unsolvable():
    cells = np.zeros(81, dtype=np.int8)
    cells[0], cells[1] = 1, 1
    result = Run(Puzzle(3, cells), "exact_search").finish()
    assert result.stop_reason == "unsolvable" and "no solution" in result.message


@pytest.mark.parametrize("spec", ["49:0.6:0", "64:0.65:1"])
def test_it_solves_generated_49x49_and_64x64_puzzles_and_the_run_verifies_them(spec):
    """Past 36×36, where it once refused: about a thousand nodes each with seed 0 (natively
    well under a second)."""
    puzzle = generate(parse_spec(spec)).puzzle
    result = Run(puzzle, "exact_search", seed=0, budget=Budget(max_iterations=100_000)).finish()
    assert result.solved and is_solution(puzzle, result.board)
    assert np.array_equal(result.board[puzzle.givens], puzzle.cells[puzzle.givens])

"""hill_climb: the state invariants, the vectorised neighbourhood against brute force,
solving the easy papers' puzzles, determinism, other box sizes."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.grid import geometry, parse
from sudoku_lab.score import conflicts
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import hill_climb


def slow_f1(board, n):
    g = geometry(n)
    return sum(len(set(board[u].tolist())) for u in g.units[: 2 * g.N])


def slow_f2(puzzle, board):
    """Clashes between a given and a non-given digit, in rows and columns."""
    g = puzzle.geometry
    count = 0
    for c in np.flatnonzero(puzzle.cells == 0):
        for unit in (g.rows[g.row_of[c]], g.cols[g.col_of[c]]):
            count += sum(1 for o in unit if puzzle.cells[o] and puzzle.cells[o] == board[c])
    return count


def check_state(puzzle, board):
    g = puzzle.geometry
    assert np.array_equal(board[puzzle.givens], puzzle.cells[puzzle.givens]), "a given moved"
    for box in g.boxes:
        assert sorted(board[box].tolist()) == list(range(1, g.N + 1)), "a box is not a permutation"


@pytest.mark.parametrize("name", ["sato-27-medium", "ai-escargot", "16x16-vukr-1", "4x4-vukr-1"])
def test_invariants_and_objective_along_a_run(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    gen = hill_climb.run(puzzle, Run(puzzle, "hill_climb").params, np.random.default_rng(3))
    for step, p in zip(range(300), gen):
        board = p.board.astype(int)
        check_state(puzzle, board)
        f1, f2 = slow_f1(board, puzzle.n), slow_f2(puzzle, board)
        assert p.series["objective"] == f1 - f2
        assert p.series["f2"] == f2
        assert p.series["conflicts"] == 2 * puzzle.N ** 2 - f1 == conflicts(board, puzzle.n)


def test_neighbourhood_deltas_match_brute_force(papers):
    puzzle = papers["sato-77-difficult"]
    climber = hill_climb._Climber(puzzle, 1.0, -1.0)
    rng = np.random.default_rng(0)
    climber.initial(rng, shuffle=True, greedy=True, post_swap=True)
    for _ in range(5):
        d_f1, d_f2, delta = climber.deltas()
        base1, base2 = slow_f1(climber.board, 3), slow_f2(puzzle, climber.board)
        for k in range(len(climber.pa)):
            b = climber.board.copy()
            b[[climber.pa[k], climber.pb[k]]] = b[[climber.pb[k], climber.pa[k]]]
            assert d_f1[k] == slow_f1(b, 3) - base1
            assert d_f2[k] == slow_f2(puzzle, b) - base2
        k = int(rng.integers(len(climber.pa)))
        climber.swap(k, d_f1[k], d_f2[k])
        assert (climber.f1, climber.f2) == (slow_f1(climber.board, 3), slow_f2(puzzle, climber.board))


def test_neighbourhood_is_every_in_box_swap_of_free_cells(papers):
    puzzle = papers["sato-01-easy"]
    climber = hill_climb._Climber(puzzle, 1.0, -1.0)
    free = [int(np.count_nonzero(puzzle.cells[box] == 0)) for box in puzzle.geometry.boxes]
    assert len(climber.pa) == sum(k * (k - 1) // 2 for k in free)
    assert np.all(puzzle.geometry.box_of[climber.pa] == puzzle.geometry.box_of[climber.pb])
    assert not np.any(puzzle.givens[climber.pa] | puzzle.givens[climber.pb])


def test_greedy_initial_state_is_the_papers_deterministic_order(papers):
    """First state: digits ascending, greedy; no clash with givens where avoidable."""
    puzzle = papers["sato-01-easy"]
    a, b = (hill_climb._Climber(puzzle, 1, -1) for _ in range(2))
    a.initial(np.random.default_rng(1), shuffle=False, greedy=True, post_swap=False)
    b.initial(np.random.default_rng(2), shuffle=False, greedy=True, post_swap=False)
    assert np.array_equal(a.board, b.board)
    random_start = hill_climb._Climber(puzzle, 1, -1)
    random_start.initial(np.random.default_rng(1), shuffle=True, greedy=False, post_swap=False)
    assert a.f2 < random_start.f2


def test_post_swapping_never_adds_clashes_with_givens(papers):
    for name in ("sato-29-medium", "sato-106-difficult", "ai-escargot"):
        puzzle = papers[name]
        for seed in range(5):
            before = hill_climb._Climber(puzzle, 1, -1)
            before.initial(np.random.default_rng(seed), shuffle=True, greedy=True, post_swap=False)
            after = hill_climb._Climber(puzzle, 1, -1)
            after.initial(np.random.default_rng(seed), shuffle=True, greedy=True, post_swap=True)
            assert after.f2 <= before.f2
            check_state(puzzle, after.board)


@pytest.mark.parametrize("name,seed", [("sato-01-easy", 1), ("sato-11-easy", 1), ("sato-11-easy", 7)])
def test_solves_the_easy_papers_puzzles(papers, name, seed):
    result = Run(papers[name], "hill_climb", {}, seed, Budget(max_iterations=20_000)).finish()
    assert result.solved and result.stop_reason == "solved" and result.conflicts == 0


def test_solves_4x4_and_restarts_are_counted(papers):
    r = Run(parse(SIZES["4x4-vukr-1"]), "hill_climb", {}, 0, Budget(max_iterations=5_000)).finish()
    assert r.solved
    hard = Run(papers["sato-77-difficult"], "hill_climb", {}, 0, Budget(max_iterations=300)).finish()
    assert hard.restarts > 0


def test_runs_on_16x16():
    r = Run(parse(SIZES["16x16-vukr-1"]), "hill_climb", {}, 0, Budget(max_iterations=200)).finish()
    assert r.iterations == 200 and r.stop_reason in ("budget", "solved")


def test_same_seed_same_trajectory_other_seed_other(papers):
    def trace(seed):
        run = Run(papers["sato-27-medium"], "hill_climb", {}, seed, Budget(max_iterations=400))
        out = []
        while (p := run.step()) is not None:
            out.append((p.iteration, p.series["objective"], p.board.tobytes()))
        return out
    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_plateau_parameter_changes_restart_rate(papers):
    def restarts(plateau):
        return Run(papers["sato-77-difficult"], "hill_climb", {"plateau": plateau}, 0,
                   Budget(max_iterations=1500)).finish().restarts
    assert restarts(2) > restarts(50)

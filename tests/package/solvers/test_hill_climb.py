"""hill_climb: the state invariants, the vectorised neighbourhood against brute force,
solving the easy papers' puzzles, determinism, other box sizes."""


import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import geometry, parse
from sudoku_lab.score import conflicts
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import hill_climb
from run_digest import run_digest


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
    gen = (p for p in hill_climb.run(puzzle, Run(puzzle, "hill_climb").params, np.random.default_rng(3))
           if p is not None)                          # PAUSEs between the parts of a step
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


# ----------------------------------------------------------------------------- propagate on
from sudoku_lab.exact import count_solutions, solve  # noqa: E402
from sudoku_lab.propagate import fixed_values, is_fixed  # noqa: E402
from sudoku_lab.solvers.params import propagated  # noqa: E402

PARTLY_SETTLED = ["sato-106-difficult", "ai-escargot", "16x16-vukr-1"]   # singles fix some cells, not all
# no naked or hidden single fails, but box 1's three top cells can only take 1 or 2
NO_BOX_FIT = "....." "3456" "789" + "." * 6 + "." * 63


def climber_on(puzzle):
    masks, failed = propagated(puzzle)
    assert not failed
    return hill_climb._Climber(puzzle, 1.0, -1.0, masks), masks


def assert_on_candidates(climber, masks, board):
    fixed = fixed_values(masks)
    assert np.all(board[fixed > 0] == fixed[fixed > 0]), "a fixed cell changed"
    assert np.all(climber.allowed[np.arange(board.size), board]), "a cell left its candidates"


@pytest.mark.parametrize("name", PARTLY_SETTLED + ["25x25-planetsudoku"])
def test_propagation_keeps_the_solutions_values(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    climber, masks = climber_on(puzzle)
    solution = solve(puzzle).astype(np.intp)
    assert np.all(climber.allowed[np.arange(solution.size), solution])
    assert np.count_nonzero(is_fixed(masks)) >= puzzle.given_count


@pytest.mark.parametrize("name", PARTLY_SETTLED)
@pytest.mark.parametrize("init", ["greedy", "random"])
def test_with_propagate_initial_states_sit_on_candidates(name, init):
    puzzle = parse({**PAPERS, **SIZES}[name])
    climber, masks = climber_on(puzzle)
    for seed in range(4):
        assert climber.initial(np.random.default_rng(seed), shuffle=seed > 0, greedy=init == "greedy",
                               post_swap=True)
        check_state(puzzle, climber.board)
        assert_on_candidates(climber, masks, climber.board)
        assert climber.f2 == 0              # a candidate never clashes with a given or a fixed cell


@pytest.mark.parametrize("name", PARTLY_SETTLED)
def test_with_propagate_fixed_cells_never_move_and_swaps_keep_candidates(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    _, masks = climber_on(puzzle)
    run = Run(puzzle, "hill_climb", {"propagate": True}, 2, Budget(max_iterations=400))
    climber = hill_climb._Climber(puzzle, 1.0, -1.0, masks)
    moved = 0
    previous = None
    while (p := run.step()) is not None:
        board = p.board.astype(np.intp)
        check_state(puzzle, board)
        assert_on_candidates(climber, masks, board)
        if previous is not None and p.event is None:
            moved += int(np.count_nonzero(board != previous))
        previous = board
    assert moved > 0


def test_with_propagate_the_neighbourhood_is_the_swaps_that_keep_candidates(papers):
    puzzle = papers["ai-escargot"]
    climber, masks = climber_on(puzzle)
    climber.initial(np.random.default_rng(0), shuffle=True, greedy=True, post_swap=True)
    ok = climber.allowed_swaps()
    for k in range(len(climber.pa)):
        b = climber.board.copy()
        a, c = climber.pa[k], climber.pb[k]
        b[[a, c]] = b[[c, a]]
        assert ok[k] == (climber.allowed[a, b[a]] and climber.allowed[c, b[c]])
    assert 0 < np.count_nonzero(ok) < len(ok)


def test_with_propagate_same_seed_same_run(papers):
    def trace(seed):
        run = Run(papers["sato-106-difficult"], "hill_climb", {"propagate": True}, seed, Budget(max_iterations=300))
        out = []
        while (p := run.step()) is not None:
            out.append((p.iteration, p.evaluations, p.series["objective"], p.board.tobytes()))
        return out
    assert trace(3) == trace(3)
    assert trace(3) != trace(4)


def test_with_propagate_a_puzzle_singles_settle_is_solved_at_once(papers):
    r = Run(papers["sato-77-difficult"], "hill_climb", {"propagate": True}, 0).finish()
    assert r.solved and r.iterations == 0


@pytest.mark.parametrize("seed", [0, 1])
def test_propagate_solves_a_difficult_papers_puzzle(papers, seed):
    r = Run(papers["sato-106-difficult"], "hill_climb", {"propagate": True}, seed,
            Budget(max_iterations=5_000)).finish()
    assert r.solved and r.conflicts == 0


def test_givens_singles_refute_end_the_run_at_once():
    # r1c9 has no candidate: 1-8 in its row, 9 in its box
    puzzle = parse("12345678." "........9" + "." * 63)
    assert count_solutions(puzzle).solutions == 0 and count_solutions(puzzle).complete
    r = Run(puzzle, "hill_climb", {"propagate": True}, 0).finish()
    assert (r.stop_reason, r.iterations, r.solved) == ("unsolvable", 0, False)
    assert "no solution" in r.message
    off = Run(puzzle, "hill_climb", {}, 0, Budget(max_iterations=50)).finish()
    assert off.stop_reason == "budget"                 # without propagation it searches


def test_a_box_whose_candidates_admit_no_permutation_ends_the_run():
    puzzle = parse(NO_BOX_FIT)
    masks, failed = propagated(puzzle)
    assert not failed                                   # singles alone do not see it
    assert count_solutions(puzzle).solutions == 0 and count_solutions(puzzle).complete
    r = Run(puzzle, "hill_climb", {"propagate": True}, 0).finish()
    assert r.stop_reason == "unsolvable" and "r1c1" in r.message


def test_pauses_do_not_change_the_run(papers, monkeypatch):
    def trace():
        run = Run(papers["ai-escargot"], "hill_climb", {"init": "random"}, 4, Budget(max_iterations=300))
        out = []
        while (p := run.step()) is not None:
            out.append((p.iteration, p.board.tobytes()))
        return out
    few = trace()
    monkeypatch.setattr(hill_climb, "_SWAPS_PER_PART", 1)     # a pause before every post-swap
    assert trace() == few


# Digests of the current code's runs: a change to how a step is computed must keep them.
FINGERPRINTS = [
    ("sato-27-medium", {}, 0, 400, "68f4a81ccbc95400"),
    ("ai-escargot", {}, 3, 400, "54bd81417126552e"),
    ("16x16-vukr-1", {}, 1, 200, "333b8254177413ef"),
    ("25:0.45:0", {}, 2, 100, "9a50656fd0b1ed26"),
    ("ai-escargot", {"propagate": True}, 4, 200, "5fdf552d0f103c64"),
    ("25:0.45:0", {"propagate": True, "init": "random"}, 5, 60, "1f601b8a918d905b"),
]


@pytest.mark.parametrize("name,params,seed,steps,digest", FINGERPRINTS)
def test_seeded_runs_keep_their_fingerprint(name, params, seed, steps, digest):
    """Same seed, same moves, draws, boards and counters as the code these digests came from."""
    puzzle = parse({**PAPERS, **SIZES}[name]) if name in {**PAPERS, **SIZES} else generate(parse_spec(name)).puzzle
    assert run_digest(puzzle, "hill_climb", params, seed, steps) == digest

"""alldiff_ls (min-conflicts tabu search, AllDiff-LS family): the peer table, the propagation it
starts from (and its boolean form for grids past 62 values), the conflict table against a
recount after random moves, weight raises and restarts, the givens kept, same seed same run,
and verified solutions at 16×16 and 25×25 with fixed seeds."""

import numpy as np
import pytest

from conftest import trace_ticks
from sudoku_lab.constraints import candidate_masks, peers
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import Puzzle
from sudoku_lab.propagate import singles
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution
from sudoku_lab.solvers import alldiff_ls

DEFAULTS = {p["name"]: p["default"] for p in alldiff_ls.PARAMS}


def generated(size, p, seed):
    return generate(parse_spec(f"{size}:{p}:{seed}")).puzzle


def pattern_puzzle(n, keep, seed):
    """A shuffled pattern grid of box size n with a share `keep` of its cells kept (any n)."""
    rng = np.random.default_rng(seed)
    N = n * n
    sol = np.array([(n * (r % n) + r // n + c) % N + 1 for r in range(N) for c in range(N)])
    sol = rng.permutation(N)[sol - 1] + 1
    return Puzzle(n, np.where(rng.random(sol.size) < keep, sol, 0)), sol


def search(puzzle, seed=0, **params):
    dom, failed = alldiff_ls.domains(puzzle)
    assert not failed
    return alldiff_ls.Search(puzzle, dom, {**DEFAULTS, **params}, np.random.default_rng(seed))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_peer_table_is_every_cells_row_column_and_box(n):
    table = alldiff_ls.peer_table(n)
    assert [tuple(sorted(row)) for row in table.tolist()] == list(peers(n))


@pytest.mark.parametrize("size,p,seed", [(16, 0.3, 1), (25, 0.4, 2), (36, 0.45, 3)])
def test_the_boolean_singles_reach_the_fixpoint_of_the_mask_singles(size, p, seed):
    puzzle = generated(size, p, seed)
    dom, failed = alldiff_ls.domains(puzzle)
    start = ((candidate_masks(puzzle.cells, puzzle.n)[:, None] >> np.arange(puzzle.N)) & 1).astype(bool)
    boolean, bool_failed = alldiff_ls._bool_singles(start, puzzle.n)
    assert not failed and not bool_failed
    assert np.array_equal(dom, boolean)
    masks, _, _ = singles(candidate_masks(puzzle.cells, puzzle.n), puzzle.n)
    assert np.array_equal(dom, ((masks[:, None] >> np.arange(puzzle.N)) & 1).astype(bool))


def test_the_conflict_table_equals_a_recount_after_random_moves_weights_and_restarts():
    puzzle = generated(25, 0.4, 4)
    s = search(puzzle, seed=1)
    rng = np.random.default_rng(9)
    assert np.array_equal(s.table, s.recount())
    for k in range(300):
        cl = np.flatnonzero(s.clashing)
        if k % 3 == 0 or not cl.size:            # any open cell, any candidate
            x = int(rng.integers(s.m))
        else:
            x = int(rng.choice(cl))
        b = int(rng.choice(np.flatnonzero(s.dom[x])))
        if b != s.val[x]:
            s.move(x, b, int(cl.size))
        if k % 50 == 25:
            s.reweight()
        if k == 150:
            s.restart()
        assert np.array_equal(s.table, s.recount())
        held = s.val[s.peers]
        assert s.cost_u == np.count_nonzero(held == s.val[:s.m, None]) // 2
        assert s.cost_w == int(s.table[np.arange(s.m), s.val[:s.m]].sum()) // 2
        assert np.array_equal(s.clashing[:s.m], s.table[np.arange(s.m), s.val[:s.m]] > 0)
    assert s.weight.max() > 1
    # weights stay symmetric: the edge i–j weighs the same from both ends
    i = np.repeat(np.arange(s.m), s.peers.shape[1])
    j = s.peers.reshape(-1)
    real = j < s.m
    pairs = dict(zip(zip(i[real].tolist(), j[real].tolist()), s.weight.reshape(-1)[real].tolist()))
    assert all(pairs[(b, a)] == w for (a, b), w in pairs.items())


def test_values_stay_on_their_candidates_and_the_search_keeps_the_givens():
    puzzle = generated(25, 0.45, 5)
    run = Run(puzzle, "alldiff_ls", {}, seed=3, budget=Budget(max_iterations=3000))
    dom, _ = alldiff_ls.domains(puzzle)
    while (p := run.step()) is not None:
        for board in (p.board, p.overlay["boards"]["current"]):
            assert np.array_equal(board[puzzle.givens], puzzle.cells[puzzle.givens])
            assert dom[np.arange(board.size), board.astype(np.intp) - 1].all()
        assert p.series["pool"] >= 1 and p.best <= p.series["cost"]


def test_same_seed_same_run_with_or_without_pauses():
    puzzle = generated(16, 0.35, 6)

    def trace(seed):
        run = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2}, seed=seed,
                  budget=Budget(max_iterations=4000))
        out, _ = trace_ticks(run, lambda p: (p.iteration, p.best, p.restarts, p.board.tobytes(),
                                             tuple(p.series.values())))
        result = run.result.to_json()
        return out, {k: v for k, v in result.items() if k not in ("seconds", "longest_step")}

    a, b = trace(11), trace(11)
    assert a == b
    assert trace(12)[0] != a[0]


def test_the_moves_do_not_depend_on_how_many_a_step_takes(monkeypatch):
    """A step's size only says how often the page hears of the run (fewer moves a step on large
    grids); the search's moves, and so its solution, are the same."""
    puzzle = generated(16, 0.35, 6)

    def finish(per_step):
        monkeypatch.setattr(alldiff_ls, "moves_per_step", lambda N: per_step)
        result = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2}, seed=11).finish()
        return result.iterations, result.board.tobytes(), result.restarts

    assert alldiff_ls.moves_per_step(36) == 200 and alldiff_ls.moves_per_step(64) < 100
    whole = finish(200)
    assert finish(7) == whole and finish(1) == whole


def test_givens_that_singles_refute_end_the_run_at_once():
    cells = np.zeros(81, dtype=np.int8)
    cells[0], cells[1] = 1, 1                  # one value twice in a row
    result = Run(Puzzle(3, cells), "alldiff_ls", seed=0).finish()
    assert result.stop_reason == "unsolvable" and "singles" in result.message


@pytest.mark.parametrize("size,p,seed", [(16, 0.4, 1), (16, 0.45, 0), (25, 0.4, 1),
                                         pytest.param(25, 0.45, 1, marks=pytest.mark.slow)])
def test_verified_solutions_with_fixed_seeds(size, p, seed):
    puzzle = generated(size, p, seed)
    result = Run(puzzle, "alldiff_ls", {}, seed=seed, budget=Budget(max_iterations=200_000)).finish()
    assert result.solved and result.stop_reason == "solved"
    assert is_solution(puzzle, result.board)


def test_a_64x64_grid_runs_past_the_masks_limit_and_keeps_its_givens():
    puzzle, sol = pattern_puzzle(8, 0.45, 7)
    dom, failed = alldiff_ls.domains(puzzle)
    assert not failed
    assert dom[np.arange(sol.size), sol - 1].all()         # propagation never removes the solution's value
    run = Run(puzzle, "alldiff_ls", {}, seed=1, budget=Budget(max_iterations=200))
    while (p := run.step()) is not None:
        assert np.array_equal(p.board[puzzle.givens], puzzle.cells[puzzle.givens])
    assert run.result.stop_reason in ("budget", "solved")


def test_a_batch_of_moves_shares_no_unit_and_its_cost_is_the_sum_of_its_deltas():
    puzzle, _ = pattern_puzzle(6, 0.4, 3)
    s = search(puzzle, seed=2)
    batches = 0
    for _ in range(40):
        cells, vals, clashing = s.choose()
        units = s.units[cells]
        assert len(set(units.reshape(-1).tolist())) == units.size      # no two moves in one unit
        deltas = [int(s.table[x, b] - s.table[x, s.val[x]]) for x, b in zip(cells, vals)]
        if len(cells) > 1:
            batches += 1
            assert all(d < 0 for d in deltas)
        before = s.cost_w
        for x, b in zip(cells.tolist(), vals.tolist()):
            s.move(x, b, clashing)
        assert s.cost_w == before + sum(deltas)
        assert np.array_equal(s.table, s.recount())
    assert batches > 0


def test_an_episodes_end_updates_the_pool_the_weights_and_the_budgets():
    puzzle = generated(25, 0.45, 5)
    s = search(puzzle, seed=4, raise_one_in=1)
    episode = DEFAULTS["episode"]
    s.step(300)                                              # the first episode: well below the start
    s.end_episode()                                          # fewer clashing edges: the pool is that state
    assert s.pool_cost == s.ep_best or s.restarts == 1
    cost, state = s.pool_cost, s.pool[0].copy()
    assert len(s.pool) == 1 and s.budgets == [episode] and (s.weight == (s.peers < s.m)).all()
    assert np.count_nonzero(state[s.peers] == state[:s.m, None]) // 2 == cost
    # as many clashing edges, another state: it joins, and its clashing edges gain 1 (both ends)
    other = state.copy()
    x = int(np.flatnonzero(s.dom[:s.m].sum(axis=1) > 1)[0])
    s.ep_best, s.ep_val = cost, other
    s.ep_val[x] = int(np.flatnonzero(s.dom[x] & (np.arange(s.N) != state[x]))[0])
    s.ep_best = int(np.count_nonzero(s.ep_val[s.peers] == s.ep_val[:s.m, None]) // 2)
    s.pool_cost = s.ep_best
    hit = s.ep_val[s.peers] == s.ep_val[:s.m, None]
    s.end_episode()
    assert len(s.pool) == 2 and s.budgets == [episode, episode]
    assert np.array_equal(s.weight, (s.peers < s.m).astype(int) + hit)
    # the same state again is no new member; a worse one grows the starting member's budget
    s.ep_best, s.ep_val = s.pool_cost, s.pool[1].copy()
    s.end_episode()
    assert len(s.pool) == 2
    member = s.member
    s.ep_best = s.pool_cost + 1
    s.end_episode()
    assert s.budgets[member] == 5 * episode
    assert np.array_equal(s.table, s.recount())

"""alldiff_ls (min-conflicts tabu search, AllDiff-LS family; K walkers in lockstep): each
walker's conflict table against a recount after random moves, weight raises and restarts, the
givens kept and values on their candidates, the move rules (the most-clashing cell that may
move, ties at random drawn afresh, configuration checking, the stuck cell's full
neighbourhood), the episodes' pool and budgets, same seed same run, and verified solutions with
fixed seeds."""

import copy

import numpy as np
import pytest

from conftest import trace_ticks
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import Puzzle
from sudoku_lab.propagate import candidate_table
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


def walkers(puzzle, seed=0, **params):
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    return alldiff_ls.Walkers(puzzle, dom, {**DEFAULTS, **params}, np.random.default_rng(seed))


def assert_counts_hold(s):
    """Every walker's table, own conflicts, clashing edges and tabu marks equal a recount."""
    for k in range(s.K):
        table, own, cost = s.counted(k)
        assert np.array_equal(s.table[k], table)
        assert np.array_equal(s.own[k], own)
        assert s.cost[k] == cost
        held = s.slot_of[np.arange(s.m + 1), s.val[k]]
        assert (s.tabu[k, np.arange(s.m + 1), held] == alldiff_ls._NEVER).all()   # the value held never a move


def random_moves(s, rng, count):
    """Random moves of every walker: any open cell (clashing or not), any other candidate."""
    for _ in range(count):
        x = rng.integers(s.m, size=s.K)
        slot = (rng.random(s.K) * s.ncand[x]).astype(np.intp)
        held = s.slot_of[x, s.val[s.kk, x]]
        slot = np.where(slot == held, (slot + 1) % s.ncand[x], slot)
        s.move(x, slot, np.bincount(np.flatnonzero(s.own > 0) // (s.m + 1), minlength=s.K))


def test_each_walkers_table_equals_a_recount_after_random_moves_weights_and_restarts():
    s = walkers(generated(25, 0.4, 4), seed=1, walkers=3)
    rng = np.random.default_rng(9)
    assert_counts_hold(s)
    for round_ in range(6):
        random_moves(s, rng, 40)
        assert_counts_hold(s)
        s.step(30)                                            # the search's own moves
        assert_counts_hold(s)
        if round_ == 2:                                       # an episode's end: pool, weights, a restart
            s.ep_end[:] = s.t
            s.step(1)
            assert s.restarts >= 3
            assert_counts_hold(s)
    s.raise_weights(s.val[0], 1)
    s.recount(s.kk)
    assert_counts_hold(s)
    i, j = np.nonzero(s.peers[:s.m] < s.m)                    # weights stay symmetric
    pairs = dict(zip(zip(i.tolist(), s.peers[i, j].tolist()), s.weight[i, j].tolist()))
    assert all(pairs[(b, a)] == w for (a, b), w in pairs.items())
    assert max(pairs.values()) > 1


def test_values_stay_on_their_candidates_and_the_search_keeps_the_givens():
    puzzle = generated(25, 0.45, 5)
    dom, _ = candidate_table(puzzle.cells, puzzle.n)
    run = Run(puzzle, "alldiff_ls", {"walkers": 4}, seed=3, budget=Budget(max_iterations=6000))
    first = run.step()
    assert first.iteration == 0                               # the start is shown before any move
    while (p := run.step()) is not None:
        for board in (p.board, p.overlay["boards"]["current"]):
            assert np.array_equal(board[puzzle.givens], puzzle.cells[puzzle.givens])
            assert dom[np.arange(board.size), board.astype(np.intp) - 1].all()
        assert p.best <= p.series["cost"] and p.iteration % 4 == 0


def test_the_cell_is_the_most_clashing_that_may_move_and_ties_are_drawn_afresh():
    s = walkers(generated(25, 0.45, 2), seed=5, walkers=1, descent=False)
    s.step(50)
    seen = set()
    for trial in range(60):
        own, may = s.own[0, :s.m], s.may[0, :s.m]
        clashing = own > 0
        pool = clashing & may if (clashing & may).any() else clashing
        top = set(np.flatnonzero(pool & (own == own[pool].max())).tolist())
        s.full_left[:] = 0
        x, slot, _ = s.choose(np.flatnonzero(s.own > 0))
        if s.full_left[0] == 0:                              # not stuck: the cell-first move
            assert int(x[0]) in top
            if len(top) > 1:
                seen.add(int(x[0]))
    assert len(seen) > 1                                      # ties went different ways, the state unchanged


def test_a_moved_cell_may_move_again_only_after_a_peer_takes_its_value():
    s = walkers(generated(25, 0.45, 3), seed=2, walkers=2)
    for _ in range(200):
        before = s.val.copy()
        x, slot, counts = s.choose(np.flatnonzero(s.own > 0))
        s.move(x, slot, counts)
        assert not s.may[s.kk, x].any()
        b = s.val[s.kk, x]
        for k in range(s.K):
            peers = s.peers[x[k]]
            took = peers[(s.val[k, peers] == b[k]) & (peers < s.m)]
            assert s.may[k, took].all()                      # a peer holding the new value may move now
            assert np.array_equal(np.flatnonzero(before[k] != s.val[k]), [x[k]])


def test_a_stuck_cell_sends_the_walker_to_the_full_neighbourhood_for_a_while():
    s = walkers(generated(36, 0.45, 1), seed=1, walkers=2, full_moves=7, descent=False)
    entered = 0
    for _ in range(3000):
        left = s.full_left.copy()
        x, slot, counts = s.choose(np.flatnonzero(s.own > 0))
        entered += int(((left == 0) & (s.full_left == 6)).sum())
        assert ((s.full_left == left - 1) | ((left == 0) & ((s.full_left == 0) | (s.full_left == 6)))).all()
        s.move(x, slot, counts)
        if s.best == 0:
            break
    assert entered > 0


def test_the_first_descent_scores_the_full_neighbourhood_until_a_units_count_of_cells_clash():
    """With `descent`, a walker with more than N clashing cells takes the best move over every
    clashing cell (it may leave the most-clashing cell alone); at N or fewer, the cell-first rule.
    Each move is chosen on a copy of the search, which then moves on by its own step."""
    s = walkers(generated(25, 0.45, 4), seed=3, walkers=4)
    left_the_top, cell_first = 0, 0
    for _ in range(3000):
        c = copy.deepcopy(s)
        counts = np.bincount(np.flatnonzero(c.own > 0) // (c.m + 1), minlength=c.K)
        c.full_left[:] = 0
        x, slot, _ = c.choose(np.flatnonzero(c.own > 0))
        for k in range(c.K):
            own = c.own[k, :c.m]
            if counts[k] > c.N:
                delta = c.table[k, x[k], slot[k]] - own[x[k]]
                deltas = [c.table[k, i, j] - own[i] for i in np.flatnonzero(own > 0)
                          for j in range(c.ncand[i]) if c.tabu[k, i, j] <= c.t]
                assert delta <= min(deltas)                  # no untabu move anywhere is better
                left_the_top += own[x[k]] < own.max()
            elif c.full_left[k] == 0:
                cell_first += 1
                pool = (own > 0) & c.may[k, :c.m] if ((own > 0) & c.may[k, :c.m]).any() else own > 0
                assert own[x[k]] == own[pool].max()
        s.step(1)
        if s.best == 0 or cell_first > 40:
            break
    assert left_the_top > 0 and cell_first > 0


@pytest.mark.parametrize("neighbourhood", ["cell", "full"])
def test_a_move_is_the_best_allowed_one(neighbourhood):
    """Every move chosen has the fewest weighted conflicts among the allowed moves of the cells
    it looked at (its cell, or every clashing cell in the full neighbourhood)."""
    s = walkers(generated(25, 0.45, 6), seed=4, walkers=3, neighbourhood=neighbourhood)
    for _ in range(300):
        counts = np.bincount(np.flatnonzero(s.own > 0) // (s.m + 1), minlength=s.K)
        full = (s.full_left > 0) | (neighbourhood == "full") | (counts > s.N)   # the first descent too
        x, slot, counts = s.choose(np.flatnonzero(s.own > 0))
        for k in range(s.K):
            cells = np.flatnonzero(s.own[k, :s.m] > 0) if full[k] or s.full_left[k] else [x[k]]
            best = None
            for c in cells:
                for j in range(s.ncand[c]):
                    if s.tabu[k, c, j] >= alldiff_ls._NEVER:
                        continue
                    delta = int(s.table[k, c, j]) - int(s.own[k, c])
                    tabu = s.tabu[k, c, j] > s.t and s.cost[k] + delta >= s.ep_best[k]
                    cand = (tabu, delta)
                    best = cand if best is None or cand < best else best
            got = (bool(s.tabu[k, x[k], slot[k]] > s.t and s.cost[k] + s.table[k, x[k], slot[k]] - s.own[k, x[k]]
                        >= s.ep_best[k]), int(s.table[k, x[k], slot[k]]) - int(s.own[k, x[k]]))
            assert got == best
        s.move(x, slot, counts)
        if s.best == 0:
            break


def test_an_episodes_end_updates_the_pool_the_weights_and_the_budgets():
    s = walkers(generated(25, 0.45, 5), seed=4, walkers=2, raise_one_in=1)
    episode = DEFAULTS["episode"]
    s.step(300)
    s.end_episodes(np.array([0]))                            # the first end: the pool is that state
    assert len(s.pool) == 1 and s.budgets == [episode] and (s.weight == (s.peers < s.m)).all()
    cost, state = s.pool_cost, s.pool[0]
    assert np.count_nonzero(state[s.peers[:s.m]] == state[:s.m, None]) // 2 == cost
    # as many clashing edges, another state: it joins, and its clashing edges gain 1 (both ends)
    other = state.copy()
    x = int(np.flatnonzero(s.ncand[:s.m] > 1)[0])
    other[x] = s.cand[x, (s.slot_of[x, other[x]] + 1) % s.ncand[x]]
    s.pool_cost = int(np.count_nonzero(other[s.peers[:s.m]] == other[:s.m, None]) // 2)
    s.ep_best[1], s.ep_val[1] = s.pool_cost, other
    hit = (other[s.peers] == other[:, None]) & (s.peers < s.m)
    s.end_episodes(np.array([1]))
    assert len(s.pool) == 2 and s.budgets == [episode, episode]
    assert np.array_equal(s.weight, (s.peers < s.m).astype(int) + hit)
    assert_counts_hold(s)
    # a duplicate of a member adds nothing and grows the budget of the member it started from
    member = int(s.member[1])
    s.ep_best[1], s.ep_val[1] = s.pool_cost, s.pool[member].copy()
    s.end_episodes(np.array([1]))
    assert len(s.pool) == 2 and s.budgets[member] == 5 * episode
    assert_counts_hold(s)


def test_same_seed_same_run_with_or_without_pauses():
    puzzle = generated(16, 0.35, 6)

    def trace(seed, walkers):
        run = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2, "walkers": walkers}, seed=seed,
                  budget=Budget(max_iterations=8000))
        out, _ = trace_ticks(run, lambda p: (p.iteration, p.best, p.restarts, p.board.tobytes(),
                                             tuple(p.series.values())))
        result = run.result.to_json()
        return out, {k: v for k, v in result.items() if k not in ("seconds", "longest_step")}

    for k in (1, 8):
        a = trace(11, k)
        assert a == trace(11, k)
        assert trace(12, k)[0] != a[0]


def test_the_moves_do_not_depend_on_how_many_a_step_takes(monkeypatch):
    """A step's size only says how often the page hears of the run; the moves are the same."""
    puzzle = generated(16, 0.35, 6)

    def finish(per_step):
        monkeypatch.setattr(alldiff_ls, "steps_per_progress", lambda N, K: per_step)
        result = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2, "walkers": 4}, seed=11).finish()
        return result.iterations, result.board.tobytes(), result.restarts

    whole = finish(50)
    assert finish(7) == whole and finish(1) == whole


def test_givens_that_singles_refute_end_the_run_at_once():
    cells = np.zeros(81, dtype=np.int8)
    cells[0], cells[1] = 1, 1                  # one value twice in a row
    result = Run(Puzzle(3, cells), "alldiff_ls", seed=0).finish()
    assert result.stop_reason == "unsolvable" and "singles" in result.message


@pytest.mark.parametrize("size,p,seed,params", [
    (16, 0.4, 1, {}), (16, 0.45, 0, {"walkers": 1}), (25, 0.4, 1, {}), (25, 0.4, 2, {"neighbourhood": "full"}),
    pytest.param(25, 0.45, 1, {}, marks=pytest.mark.slow)])
def test_verified_solutions_with_fixed_seeds(size, p, seed, params):
    puzzle = generated(size, p, seed)
    result = Run(puzzle, "alldiff_ls", params, seed=seed, budget=Budget(max_iterations=2_000_000)).finish()
    assert result.solved and result.stop_reason == "solved"
    assert is_solution(puzzle, result.board)


def test_a_64x64_grid_runs_past_the_masks_limit_and_keeps_its_givens():
    puzzle, sol = pattern_puzzle(8, 0.45, 7)
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    assert dom[np.arange(sol.size), sol - 1].all()         # propagation never removes the solution's value
    run = Run(puzzle, "alldiff_ls", {"walkers": 2}, seed=1, budget=Budget(max_iterations=200))
    while (p := run.step()) is not None:
        assert np.array_equal(p.board[puzzle.givens], puzzle.cells[puzzle.givens])
    assert run.result.stop_reason in ("budget", "solved")


def test_too_many_walkers_for_the_pages_memory_is_refused_naming_the_field():
    from sudoku_lab.solvers import SolverError
    puzzle, _ = pattern_puzzle(8, 0.0, 1)
    with pytest.raises(SolverError) as err:
        Run(puzzle, "alldiff_ls", {"walkers": 128}, seed=1)
    assert err.value.field == "walkers" and "lower walkers to at most" in str(err.value)

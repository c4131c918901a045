"""alldiff_ls (min-conflicts tabu search, AllDiff-LS family): each walker's incremental tables
against a plain recount from its values after random moves, weight raises and restarts; the
move's choice against a plain reference that recounts everything, on random states (tabu marks,
episode bests, may-move flags and weights drawn at random), ties drawn every way; the givens
kept and values on their candidates; configuration checking, the stuck cell's full
neighbourhood, the first descent; the episodes' pool and budgets; same seed same run; and
verified solutions with fixed seeds."""

import copy
import hashlib

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
NEVER, HELD = alldiff_ls._NEVER, alldiff_ls._HELD


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


# ------------------------------------------------------------------ the plain reference
def recount(s, w):
    """From walker w's values and the weights alone, cell by cell and peer by peer: each slot's
    weighted conflicts, each cell's own, and the clashing edges."""
    g = s.g
    value = [g.value_of[h] for h in w.cur]
    conflicts = {}
    for i in range(g.m):
        for c, j in enumerate(g.peers[i].tolist()):
            if j < g.m:
                conflicts[i, value[j]] = conflicts.get((i, value[j]), 0) + int(g.weight[i, c])
    table = [conflicts.get((g.cell_of[h], g.value_of[h]), 0) for h in range(g.slots)]
    own = [conflicts.get((i, value[i]), 0) for i in range(g.m)]
    edges = sum(value[i] == value[j] for i in range(g.m) for j in g.peers[i].tolist() if i < j < g.m)
    return table, own, edges


def assert_counts_hold(s):
    """Every walker's tables, clashing cells and edges equal a plain recount; each cell's `low`
    is a lower bound of its other slots; the value held is never a move."""
    g = s.g
    for w in s.walkers:
        table, own, edges = recount(s, w)
        assert [t - HELD * w.held[h] for h, t in enumerate(w.table)] == table
        assert w.own == own and w.cost == edges
        assert sorted(w.clash) == [i for i in range(g.m) if own[i] > 0]
        assert all(w.clash[w.place[i]] == i for i in w.clash)
        assert w.size == sum(g.spare[i] for i in w.clash)
        assert sorted(h for h in range(g.slots) if w.held[h]) == sorted(w.cur)
        assert all(w.tabu[h] == NEVER for h in w.cur)
        for i in range(g.m):
            others = [table[h] for h in range(g.first[i], g.first[i + 1]) if h != w.cur[i]]
            assert w.low[i] <= min(others)


def best_moves(s, w, cells):
    """The reference's choice over `cells`: the set of slots of fewest weighted conflicts among
    the allowed moves (not tabu, or tabu and aspirated), or among the tabu ones when none is."""
    g = s.g
    table, own, edges = recount(s, w)
    allowed, barred = {}, {}
    for i in cells:
        for h in range(g.first[i], g.first[i + 1]):
            if h == w.cur[i]:
                continue
            d = table[h] - own[i]
            tabu = w.tabu[h] > s.t and edges + d >= w.ep_best
            (barred if tabu else allowed).setdefault(d, set()).add(h)
    moves = allowed or barred
    return moves[min(moves)]


def top_cells(s, w):
    """The cell-first rule's cells: the clashing cells that may move (else every clashing
    cell) with the most weighted conflicts."""
    _, own, _ = recount(s, w)
    clashing = [i for i in range(s.g.m) if own[i] > 0]
    pool = [i for i in clashing if w.may[i]] or clashing
    top = max(own[i] for i in pool)
    return {i for i in pool if own[i] == top}


def stuck(s, w, x):
    table, own, _ = recount(s, w)
    return min(table[h] - own[x] for h in range(s.g.first[x], s.g.first[x + 1]) if h != w.cur[x]) > 0


def scramble(s, rng, moves=30):
    """A random state: random moves of every walker, then random tabu marks, episode bests,
    may-move flags and edge weights."""
    g = s.g
    for w in s.walkers:
        for _ in range(moves):
            x = int(rng.integers(g.m))
            others = [h for h in range(g.first[x], g.first[x + 1]) if h != w.cur[x]]
            s.move(w, others[int(rng.integers(len(others)))])
        for h in rng.choice(g.slots, size=g.slots // 3, replace=False).tolist():
            if not w.held[h]:
                w.tabu[h] = s.t + int(rng.integers(-5, 20))
        w.ep_best = max(0, w.cost + int(rng.integers(-4, 3)))
        w.may = bytearray(rng.random(g.m) < 0.5)
    s.raise_weights(s.walkers[0].cur, 2)
    g.reweigh()
    for w in s.walkers:
        w.recount(g)


def choice_on_a_copy(s, k, seed):
    """Walker k's move chosen on a copy of the search (its walker copied, the graph shared) with
    fresh random draws: (slot, the copy's walker)."""
    c = copy.copy(s)
    c.walkers = list(s.walkers)
    c.walkers[k] = copy.deepcopy(s.walkers[k])
    c.rng, c._u, c._ui = np.random.default_rng(seed), [], 0
    return c.choose(c.walkers[k]), c.walkers[k]


# ------------------------------------------------------------------ the tables
def test_each_walkers_tables_equal_a_plain_recount_after_random_moves_weights_and_restarts():
    s = walkers(generated(25, 0.4, 4), seed=1, walkers=3)
    rng = np.random.default_rng(9)
    assert_counts_hold(s)
    for round_ in range(5):
        scramble(s, rng, 25)
        assert_counts_hold(s)
        s.step(30)                                            # the search's own moves
        assert_counts_hold(s)
        if round_ == 2:                                       # an episode's end: pool, weights, a restart
            for w in s.walkers:
                w.ep_end = s.t
            s.step(1)
            assert s.restarts >= 3
            assert_counts_hold(s)
    g = s.g
    i, c = np.nonzero(g.peers < g.m)                          # weights stay symmetric
    pairs = dict(zip(zip(i.tolist(), g.peers[i, c].tolist()), g.weight[i, c].tolist()))
    assert all(pairs[(b, a)] == w for (a, b), w in pairs.items())
    assert max(pairs.values()) > 1


# ------------------------------------------------------------------ the move's choice
@pytest.mark.parametrize("size,p,params", [
    (16, 0.3, {"descent": False}), (25, 0.45, {"descent": False}), (25, 0.45, {}),
    (25, 0.4, {"neighbourhood": "full"}), (36, 0.45, {"full_moves": 5})])
def test_the_moves_choice_equals_a_full_recount_reference_on_random_states(size, p, params):
    s = walkers(generated(size, p, 3), seed=2, walkers=2, **params)
    rng = np.random.default_rng(size)
    modes = set()
    for trial in range(12):
        scramble(s, rng, 10)
        for k, w in enumerate(s.walkers):
            full = w.full_left > 0 or params.get("neighbourhood") == "full" or (
                s.descent and len(w.clash) > s.N)
            h, after = choice_on_a_copy(s, k, trial)
            x = s.g.cell_of[h]
            if full:
                modes.add("full")
                assert h in best_moves(s, w, w.clash)
            elif after.full_left == s.params["full_moves"] - 1:        # the chosen cell was stuck
                modes.add("stuck")
                assert any(stuck(s, w, y) for y in top_cells(s, w))
                assert h in best_moves(s, w, w.clash)
            else:
                modes.add("cell")
                assert x in top_cells(s, w) and not stuck(s, w, x)
                assert h in best_moves(s, w, [x])
        s.step(5)
    assert modes & {"full", "cell"}


def test_ties_are_drawn_every_way():
    """Where several moves tie for best, fresh draws choose each of them (a small case)."""
    s = walkers(generated(16, 0.3, 5), seed=4, walkers=1, neighbourhood="full")
    rng = np.random.default_rng(3)
    for _ in range(50):
        scramble(s, rng, 5)
        w = s.walkers[0]
        ties = best_moves(s, w, w.clash)
        if 2 <= len(ties) <= 4:
            break
    else:
        pytest.fail("no state with two to four tied moves")
    chosen = {choice_on_a_copy(s, 0, seed)[0] for seed in range(80)}
    assert chosen == ties


def test_a_moved_cell_may_move_again_only_after_a_peer_takes_its_value():
    s = walkers(generated(25, 0.45, 3), seed=2, walkers=2)
    g = s.g
    for _ in range(200):
        for w in s.walkers:
            before = list(w.cur)
            may = bytes(w.may)
            h = s.choose(w)
            x = g.cell_of[h]
            s.move(w, h)
            assert not w.may[x]
            took = [j for j in g.adj[x] if g.value_of[w.cur[j]] == g.value_of[h]]
            assert all(w.may[j] for j in took)                  # a peer holding the new value may move now
            changed = [i for i in range(g.m) if w.may[i] != may[i] and i != x]
            assert set(changed) <= set(took)
            assert [i for i in range(g.m) if before[i] != w.cur[i]] == [x]


def test_a_stuck_cell_sends_the_walker_to_the_full_neighbourhood_for_a_while():
    s = walkers(generated(36, 0.45, 1), seed=1, walkers=2, full_moves=7, descent=False)
    entered = 0
    for _ in range(3000):
        for w in s.walkers:
            left = w.full_left
            s.move(w, s.choose(w))
            entered += left == 0 and w.full_left == 6
            assert w.full_left == left - 1 or (left == 0 and w.full_left in (0, 6))
        if s.best == 0:
            break
    assert entered > 0


def test_the_first_descent_scores_the_full_neighbourhood_until_a_units_count_of_cells_clash():
    """With `descent`, a walker with more than N clashing cells takes the best move over every
    clashing cell (it may leave the most-clashing cell alone); at N or fewer, the cell-first rule."""
    s = walkers(generated(25, 0.45, 4), seed=3, walkers=1)
    w = s.walkers[0]
    left_the_top = cell_first = 0
    for _ in range(20000):
        checking = (len(w.clash) > s.N and left_the_top < 10) or (len(w.clash) <= s.N and not w.full_left)
        if checking:
            h, after = choice_on_a_copy(s, 0, s.moves)
            x = s.g.cell_of[h]
            if len(w.clash) > s.N:
                assert h in best_moves(s, w, w.clash)
                left_the_top += w.own[x] < max(w.own)
            elif after.full_left:                             # its cell was stuck: the full neighbourhood
                assert h in best_moves(s, w, w.clash)
            else:
                cell_first += 1
                assert x in top_cells(s, w)
        s.step(1)
        if s.best == 0 or (cell_first >= 20 and left_the_top):
            break
    assert left_the_top > 0 and cell_first > 0


# ------------------------------------------------------------------ episodes
def test_an_episodes_end_updates_the_pool_the_weights_and_the_budgets():
    s = walkers(generated(25, 0.45, 5), seed=4, walkers=2, raise_one_in=1)
    g, episode = s.g, DEFAULTS["episode"]
    s.step(300)
    s.end_episodes([0])                                       # the first end: the pool is that state
    assert len(s.pool) == 1 and s.budgets == [episode] and (g.weight == (g.peers < g.m)).all()
    cost, state = s.pool_cost, s.pool[0]
    w = s.walkers[1]
    w.cur = list(state)
    assert recount(s, w)[2] == cost
    # as many clashing edges, another state: it joins, and its clashing edges gain 1 (both ends)
    x = next(i for i in range(g.m) if g.spare[i] > 0)
    other = list(state)
    other[x] = g.first[x] + (other[x] - g.first[x] + 1) % (g.spare[x] + 1)
    w.cur = other
    s.pool_cost = recount(s, w)[2]
    w.ep_best, w.ep_val = s.pool_cost, other
    v = np.append(g.values_of(other), -1)
    hit = (v[np.minimum(g.peers, g.m)] == v[:g.m, None]) & (g.peers < g.m)
    s.end_episodes([1])
    assert len(s.pool) == 2 and s.budgets == [episode, episode]
    assert np.array_equal(g.weight, (g.peers < g.m).astype(int) + hit)
    assert_counts_hold(s)
    # a duplicate of a member adds nothing and grows the budget of the member it started from
    member = s.walkers[1].member
    w = s.walkers[1]
    w.ep_best, w.ep_val = s.pool_cost, list(s.pool[member])
    s.end_episodes([1])
    assert len(s.pool) == 2 and s.budgets[member] == 5 * episode
    assert_counts_hold(s)


# ------------------------------------------------------------------ runs
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
        assert p.best <= p.series["cost"] and (p.best == 0 or p.iteration % 4 == 0)


def test_same_seed_same_run_with_or_without_pauses():
    puzzle = generated(16, 0.35, 6)

    def trace(seed, walkers):
        run = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2, "walkers": walkers}, seed=seed,
                  budget=Budget(max_iterations=8000))
        out, _ = trace_ticks(run, lambda p: (p.iteration, p.best, p.restarts, p.board.tobytes(),
                                             tuple(p.series.values())))
        result = run.result.to_json()
        return out, {k: v for k, v in result.items() if k not in ("seconds", "longest_step")}

    for k in (1, 3):
        a = trace(11, k)
        assert a == trace(11, k)
        assert trace(12, k)[0] != a[0]


@pytest.mark.parametrize("spec,params,seed,moves,expected", [
    ("25:0.45:3", {}, 5, 20000, (20000, 2, 0, "535b98dca56ae041")),
    ("16:0.4:4", {"episode": 300, "raise_one_in": 2}, 9, 20000, (2193, 0, 7, "eaf1327dbf5302e1")),
    ("25:0.45:1", {"episode": 2000}, 5, 30000, (30000, 2, 14, "20555cca75a19c1f"))])
def test_a_run_keeps_its_recorded_fingerprint(spec, params, seed, moves, expected):
    """The moves of these runs, as recorded: an option added later, left off, changes no move."""
    puzzle = generate(parse_spec(spec)).puzzle
    result = Run(puzzle, "alldiff_ls", params, seed=seed, budget=Budget(max_iterations=moves)).finish()
    digest = hashlib.sha256(result.board.tobytes()).hexdigest()[:16]
    assert (result.iterations, int(result.best), result.restarts, digest) == expected


def test_the_moves_do_not_depend_on_how_many_a_step_takes(monkeypatch):
    """A step's size only says how often the page hears of the run; the moves are the same."""
    puzzle = generated(16, 0.35, 6)

    def finish(per_step):
        monkeypatch.setattr(alldiff_ls, "steps_per_progress", lambda N, K: per_step)
        result = Run(puzzle, "alldiff_ls", {"episode": 300, "raise_one_in": 2, "walkers": 2}, seed=11).finish()
        return result.iterations, result.board.tobytes(), result.restarts

    whole = finish(50)
    assert finish(7) == whole and finish(1) == whole


def test_a_step_budget_ends_the_run_at_that_move_with_the_same_moves(monkeypatch):
    """The runner's hint (the moves left) caps a step, so a budget of 3,001 moves ends at move
    3,001, on the board a run of one-move steps has there; with K walkers, at the round."""
    puzzle = generated(25, 0.45, 7)
    one = Run(puzzle, "alldiff_ls", {}, seed=2, budget=Budget(max_iterations=3001)).finish()
    assert one.stop_reason == "budget" and one.iterations == 3001
    monkeypatch.setattr(alldiff_ls, "steps_per_progress", lambda N, K: 1)
    same = Run(puzzle, "alldiff_ls", {}, seed=2, budget=Budget(max_iterations=3001)).finish()
    assert same.iterations == 3001 and np.array_equal(same.board, one.board)
    three = Run(puzzle, "alldiff_ls", {"walkers": 3}, seed=2, budget=Budget(max_iterations=3001)).finish()
    assert three.iterations == 3003


def test_givens_that_singles_refute_end_the_run_at_once():
    cells = np.zeros(81, dtype=np.int8)
    cells[0], cells[1] = 1, 1                  # one value twice in a row
    result = Run(Puzzle(3, cells), "alldiff_ls", seed=0).finish()
    assert result.stop_reason == "unsolvable" and "singles" in result.message


def test_a_puzzle_propagation_settles_is_solved_at_the_start():
    puzzle, sol = pattern_puzzle(3, 0.9, 2)
    result = Run(puzzle, "alldiff_ls", seed=0).finish()
    assert result.solved and result.iterations == 0 and np.array_equal(result.board, sol)


@pytest.mark.parametrize("size,p,seed,params", [
    (16, 0.4, 1, {}), (16, 0.45, 0, {"walkers": 3}), (25, 0.4, 1, {}), (25, 0.4, 2, {"neighbourhood": "full"}),
    (25, 0.45, 1, {}), (36, 0.4, 1, {}), pytest.param(36, 0.45, 2, {}, marks=pytest.mark.slow)])
def test_verified_solutions_with_fixed_seeds(size, p, seed, params):
    puzzle = generated(size, p, seed)
    result = Run(puzzle, "alldiff_ls", params, seed=seed, budget=Budget(max_iterations=5_000_000)).finish()
    assert result.solved and result.stop_reason == "solved"
    assert is_solution(puzzle, result.board)


def test_a_64x64_grid_runs_past_the_masks_limit_and_keeps_its_givens():
    puzzle, sol = pattern_puzzle(8, 0.45, 7)
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    assert dom[np.arange(sol.size), sol - 1].all()         # propagation never removes the solution's value
    run = Run(puzzle, "alldiff_ls", {"walkers": 2}, seed=1, budget=Budget(max_iterations=2000))
    while (p := run.step()) is not None:
        assert np.array_equal(p.board[puzzle.givens], puzzle.cells[puzzle.givens])
    assert run.result.stop_reason in ("budget", "solved")


def test_too_many_walkers_for_the_pages_memory_is_refused_naming_the_field():
    from sudoku_lab.solvers import SolverError
    puzzle, _ = pattern_puzzle(8, 0.0, 1)
    with pytest.raises(SolverError) as err:
        Run(puzzle, "alldiff_ls", {"walkers": 128}, seed=1)
    assert err.value.field == "walkers" and "lower walkers to at most" in str(err.value)


# ------------------------------------------------------------------ the repair by exact search, measured
def repair_bench():
    """bench/alldiff_ls_repair.py as a module: the repair lives there, as a measurement."""
    import importlib.util
    from conftest import ROOT
    spec = importlib.util.spec_from_file_location("alldiff_ls_repair", ROOT / "bench" / "alldiff_ls_repair.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def repairing(puzzle, nodes, region="units", seed=0, **params):
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    return repair_bench().Repairing(puzzle, dom, {**DEFAULTS, **params}, np.random.default_rng(seed), nodes, region)


def near_solution(size, p, seed, cells_off=2):
    """A generated puzzle, and a state equal to its grid but for `cells_off` open cells moved
    to another candidate (so a few edges clash)."""
    made = generate(parse_spec(f"{size}:{p}:{seed}"))
    s = repairing(made.puzzle, 20_000)
    g = s.g
    sol = made.solution.reshape(-1)[g.open] - 1
    val = [g.slot_in[i][v] for i, v in enumerate(sol.tolist())]
    rng = np.random.default_rng(seed)
    movable = [i for i in range(g.m) if g.ncand[i] > 1]
    for i in rng.choice(movable, size=cells_off, replace=False).tolist():
        val[i] = next(h for h in range(g.first[i], g.first[i + 1]) if h != val[i])
    return made, val


@pytest.mark.parametrize("region", ["units", "values"])
def test_a_repair_completes_a_state_a_few_cells_off_a_solution_and_keeps_the_givens(region):
    made, val = near_solution(25, 0.45, 4)
    s = repairing(made.puzzle, 20_000, region)
    assert 0 < s.g.counted(val)[1] <= repair_bench().REPAIR_EDGES
    assert s.repair(val) and s.best == 0 and s.found == 1
    board = s.board(s.best_val)
    assert is_solution(made.puzzle, board)
    assert np.array_equal(board[made.puzzle.givens], made.puzzle.cells[made.puzzle.givens])


@pytest.mark.parametrize("region", ["units", "values"])
def test_the_region_frees_every_clashing_cell_so_the_kept_cells_never_clash(region):
    from sudoku_lab.score import clashing_cells
    s = repairing(generated(16, 0.4, 2), 20_000, region)
    rng = np.random.default_rng(5)
    g = s.g
    for _ in range(10):
        val = [int(g.first[i] + rng.integers(g.ncand[i])) for i in range(g.m)]
        freed = repair_bench().repair_region(g, val, 4, region)
        _, own, edges = recount(s, type("W", (), {"cur": val})())
        assert {i for i in range(g.m) if own[i] > 0} <= set(freed.tolist()) and edges > 0
        kept = s.board(val)
        kept[g.open[freed]] = 0
        assert not clashing_cells(kept, 4).any()


def test_a_repair_that_finds_nothing_within_its_nodes_changes_nothing_and_is_not_tried_twice():
    s = repairing(generated(16, 0.4, 2), 3)                                     # too few nodes to complete it
    g = s.g
    rng = np.random.default_rng(1)
    val = [int(g.first[i] + rng.integers(g.ncand[i])) for i in range(g.m)]
    best, best_val, draws = s.best, list(s.best_val), copy.deepcopy(s.rng.bit_generator.state)
    assert not s.repair(val) and s.repairs == 1 and s.found == 0
    assert s.best == best and s.best_val == best_val and s.rng.bit_generator.state == draws
    assert not s.repair(val) and s.repairs == 1                                  # the same state: not again


def test_runs_with_repairs_repeat_and_make_the_plain_runs_moves_until_a_repair_succeeds():
    puzzle = generated(25, 0.45, 1)

    def trace(nodes):
        s = repairing(puzzle, nodes, seed=5, episode=2000)
        out = []
        while s.best > 0 and s.moves < 30000:
            s.step(50)
            out.append((s.moves, s.best, s.restarts, s.board(s.best_val).tobytes()))
        return out, s

    on, s = trace(2000)
    assert s.repairs > 0 and on == trace(2000)[0]
    off, _ = trace(0)
    assert on == off or (s.found and on[-1][1] == 0 and on[:-1] == off[:len(on) - 1])

"""ga_woc: operators keep givens and row permutations, the crowd's aggregate is built as the
paper says, it solves an easy puzzle, and runs are reproducible."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES, trace_ticks
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import conflicts
from sudoku_lab.solvers import ga_woc
from run_digest import run_digest


def assert_row_permutations(puzzle, boards):
    boards = np.atleast_2d(boards)
    assert np.all(boards[:, puzzle.givens] == puzzle.cells[puzzle.givens]), "a given changed"
    N = puzzle.N
    rows = np.sort(boards.reshape(len(boards), N, N), axis=2)
    assert np.all(rows == np.arange(1, N + 1)), "a row is not a permutation"


@pytest.mark.parametrize("name", ["sato-29-medium", "ai-escargot", "4x4-vukr-1", "16x16-vukr-1"])
def test_initial_population_children_and_mutants_keep_the_representation(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    rng = np.random.default_rng(0)
    rows = ga_woc._Rows(puzzle)
    pop = rows.random_boards(300, rng)
    assert_row_permutations(puzzle, pop)
    assert len({b.tobytes() for b in pop}) > (50 if puzzle.n == 2 else 290)   # random, not copies
    for mutation in (0.0, 0.4, 1.0):
        children = ga_woc.breed(pop, puzzle.n, rng, mutation, rows)
        assert_row_permutations(puzzle, children)


def test_crossover_takes_whole_rows_or_bands_from_the_two_parents(papers):
    puzzle = papers["sato-27-medium"]
    rng = np.random.default_rng(1)
    rows = ga_woc._Rows(puzzle)
    two = rows.random_boards(2, rng)
    pop = np.tile(two, (50, 1))                          # only two distinct parents
    children = ga_woc.breed(pop, 3, rng, 0.0, rows)      # no mutation: pure crossover
    parents = two.reshape(2, 9, 9)
    saw_band_mix = False
    for child in children.reshape(-1, 9, 9):
        from_a = np.all(child == parents[0], axis=1)
        from_b = np.all(child == parents[1], axis=1)
        assert np.all(from_a | from_b)                   # every row is a parent's row
        saw_band_mix |= not np.all(from_a) and not np.all(from_b)
    assert saw_band_mix


def test_mutation_reshuffles_exactly_one_row(papers):
    puzzle = papers["sato-01-easy"]
    rng = np.random.default_rng(2)
    rows = ga_woc._Rows(puzzle)
    board = rows.random_boards(1, rng)
    changed = 0
    for _ in range(40):
        b = board.copy()
        rows.fill(b, np.array([0]), np.array([4]), rng)
        diff_rows = np.flatnonzero(np.any(b.reshape(9, 9) != board.reshape(9, 9), axis=1))
        assert set(diff_rows.tolist()) <= {4}
        changed += len(diff_rows)
        assert_row_permutations(puzzle, b)
    assert changed > 0


def test_conflicts_are_the_missing_digits_of_columns_and_boxes(papers):
    puzzle = papers["sato-77-difficult"]
    rng = np.random.default_rng(3)
    pop = ga_woc._Rows(puzzle).random_boards(50, rng)
    assert ga_woc.column_box_conflicts(pop, 3).tolist() == conflicts(pop, 3).tolist()


def test_aggregate_takes_the_majority_row_and_a_random_row_where_experts_disagree():
    puzzle = parse("." * 16)
    rng = np.random.default_rng(4)
    A, B, C, D = [1, 2, 3, 4], [2, 1, 4, 3], [3, 4, 1, 2], [4, 3, 2, 1]
    experts = np.array([
        # row 0: A held by 3 experts  row 1: all different  row 2: tie B/C (2 each), C ranked first
        A + A + C + D,
        A + B + C + D,
        B + C + B + D,
        A + D + B + D,
        C + [1, 3, 2, 4] + C + D,
    ], dtype=np.int8)
    agg = ga_woc.aggregate(experts, ga_woc._Rows(puzzle), rng).reshape(4, 4)
    assert agg[0].tolist() == A
    assert agg[2].tolist() == C
    assert agg[3].tolist() == D
    assert sorted(agg[1].tolist()) == [1, 2, 3, 4]       # a random permutation
    seen = {tuple(ga_woc.aggregate(experts, ga_woc._Rows(puzzle),
                                   np.random.default_rng(s)).reshape(4, 4)[1]) for s in range(30)}
    assert len(seen) > 3


def test_aggregate_keeps_givens():
    puzzle = parse("1..." "...." "...." "...2")
    rows = ga_woc._Rows(puzzle)
    rng = np.random.default_rng(5)
    experts = rows.random_boards(5, rng)
    agg = ga_woc.aggregate(experts, rows, rng)
    assert_row_permutations(puzzle, agg)


def test_solves_sato_01_with_a_fixed_seed(papers):
    r = Run(papers["sato-01-easy"], "ga_woc", {}, 0, Budget(max_iterations=400)).finish()
    assert r.solved and r.stop_reason == "solved"


def test_same_seed_same_run(papers):
    def trace(seed):
        run = Run(papers["sato-11-easy"], "ga_woc", {"population": 400}, seed, Budget(max_iterations=15))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["best"], p.series["mean"], p.series["aggregate"], p.board.tobytes()))
        return out
    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


def test_series_and_switch(papers):
    run = Run(papers["sato-27-medium"], "ga_woc", {"population": 200}, 0, Budget(max_iterations=3))
    p = run.step()
    assert set(p.series) == {"best", "mean", "expert_mean", "aggregate"}
    assert p.series["best"] <= p.series["expert_mean"] <= p.series["mean"]
    assert p.overlay["boards"]["aggregate"] is not None
    off = Run(papers["sato-27-medium"], "ga_woc", {"population": 200, "woc": False}, 0).step()
    assert set(off.series) == {"best", "mean", "expert_mean"} and off.overlay is None   # no crowd, no series


def test_stalls_and_shakes_up(papers):
    run = Run(papers["ai-escargot"], "ga_woc", {"population": 60, "stall": 12, "shake": 5}, 0,
              Budget(max_iterations=5000))
    events = []
    while (p := run.step()) is not None:
        if p.event:
            events.append(p.event)
    assert run.result.stop_reason == "stalled"
    assert "shake-up" in events


def test_aggregate_matches_a_row_by_row_count():
    """The vectorised crowd equals counting each row's permutations expert by expert."""
    puzzle = parse(SIZES["16x16-vukr-1"])
    rows = ga_woc._Rows(puzzle)
    rng = np.random.default_rng(11)
    pool = rows.random_boards(6, rng)                    # few distinct rows: experts share some
    experts = pool[rng.integers(0, 6, size=40)]
    for r in range(16):                                  # and mix rows across boards
        experts[:, r * 16:(r + 1) * 16] = pool[rng.integers(0, 6, size=40), r * 16:(r + 1) * 16]
    experts[:, 3 * 16:4 * 16] = rows.random_boards(40, rng)[:, 3 * 16:4 * 16]   # row 4: nobody agrees
    agg = ga_woc.aggregate(experts, rows, np.random.default_rng(0))
    for r in range(16):
        block = [tuple(e[r * 16:(r + 1) * 16]) for e in experts]
        counts = {b: block.count(b) for b in block}
        top = max(counts.values())
        if top >= 2:
            expected = next(b for b in block if counts[b] == top)      # the best-ranked of the most common
            assert tuple(agg[r * 16:(r + 1) * 16]) == expected
    assert_row_permutations(puzzle, agg)


# ----------------------------------------------------------------------------- propagate on
from sudoku_lab.exact import count_solutions, solve  # noqa: E402
from sudoku_lab.propagate import fixed_values  # noqa: E402
from sudoku_lab.solvers.params import propagated  # noqa: E402

PARTLY_SETTLED = ["sato-106-difficult", "ai-escargot", "16x16-vukr-1"]   # singles fix some cells, not all


def rows_on(puzzle):
    masks, failed = propagated(puzzle)
    assert not failed
    return ga_woc._Rows(puzzle, masks), masks


def off_candidates(masks, boards):
    return ((masks[None, :] >> (boards.astype(np.int64) - 1)) & 1) == 0


def assert_fixed_kept(masks, boards):
    fixed = fixed_values(masks)
    assert np.all(np.atleast_2d(boards)[:, fixed > 0] == fixed[fixed > 0]), "a fixed cell changed"


@pytest.mark.parametrize("name", PARTLY_SETTLED + ["25x25-planetsudoku"])
def test_propagation_keeps_the_solutions_values(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    rows, masks = rows_on(puzzle)
    solution = solve(puzzle)
    assert not off_candidates(masks, solution[None, :]).any()
    for r in range(puzzle.N):
        for j in range(rows.nfree[r]):
            digit = solution[rows.free_idx[r, j]]
            k = int(np.flatnonzero(rows.missing[r] == digit)[0])
            assert rows.allowed[r, j, k]


@pytest.mark.parametrize("name", PARTLY_SETTLED)
def test_with_propagate_operators_keep_givens_fixed_cells_and_permutations(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    rows, masks = rows_on(puzzle)
    rng = np.random.default_rng(0)
    pop = rows.random_boards(200, rng)
    assert_row_permutations(puzzle, pop)
    assert_fixed_kept(masks, pop)
    for mutation in (0.0, 1.0):
        children = ga_woc.breed(pop, puzzle.n, rng, mutation, rows)
        assert_row_permutations(puzzle, children)
        assert_fixed_kept(masks, children)
    agg = ga_woc.aggregate(pop[:10], rows, rng)
    assert_row_permutations(puzzle, agg)
    assert_fixed_kept(masks, agg)


@pytest.mark.parametrize("name", PARTLY_SETTLED)
def test_with_propagate_random_rows_keep_to_candidates_where_they_can(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    rows, masks = rows_on(puzzle)
    free = rows.cells == 0
    on = off_candidates(masks, rows.random_boards(300, np.random.default_rng(1)))[:, free].mean()
    off = off_candidates(masks, ga_woc._Rows(puzzle).random_boards(300, np.random.default_rng(1)))[:, free].mean()
    assert on < 0.1 and on < off / 3


def test_with_propagate_fixed_cells_never_change_along_a_run(papers):
    puzzle = papers["sato-106-difficult"]
    _, masks = rows_on(puzzle)
    run = Run(puzzle, "ga_woc", {"population": 60, "propagate": True, "shake": 1}, 0, Budget(max_iterations=30))
    events = []
    while (p := run.step()) is not None:
        assert_fixed_kept(masks, p.board)
        assert_fixed_kept(masks, p.overlay["boards"]["aggregate"])
        events.append(p.event)
    assert "shake-up" in events or run.result.solved


def test_with_propagate_same_seed_same_run(papers):
    def trace(seed):
        run = Run(papers["ai-escargot"], "ga_woc", {"population": 300, "propagate": True}, seed,
                  Budget(max_iterations=10))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["best"], p.series["mean"], p.board.tobytes()))
        return out
    assert trace(2) == trace(2)
    assert trace(2) != trace(3)


def test_givens_singles_refute_end_the_run_at_once():
    puzzle = parse("12345678." "........9" + "." * 63)     # r1c9: 1-8 in its row, 9 in its box
    assert count_solutions(puzzle).solutions == 0 and count_solutions(puzzle).complete
    r = Run(puzzle, "ga_woc", {"propagate": True}, 0).finish()
    assert (r.stop_reason, r.iterations, r.solved) == ("unsolvable", 0, False)
    assert "no solution" in r.message


@pytest.mark.parametrize("propagate", [False, True])
def test_pauses_do_not_change_the_run(monkeypatch, propagate):
    puzzle = parse(SIZES["16x16-vukr-2"])

    def trace():
        run = Run(puzzle, "ga_woc", {"population": 150, "propagate": propagate, "shake": 2}, 5,
                  Budget(max_iterations=6))
        return trace_ticks(run, lambda p: (p.series["best"], p.board.tobytes(),
                                           p.overlay["boards"]["aggregate"].tobytes()))
    few, few_pauses = trace()
    monkeypatch.setattr(ga_woc, "_CELLS_PER_PART", 300)
    many, many_pauses = trace()
    assert many == few and many_pauses > few_pauses + 20


# ------------------------------------------------------------------ fixed-seed fingerprints


# Computed with the population-wide operators (every step one numpy pass over the population);
# a faster generation must give these same runs, draw for draw.
FINGERPRINTS = [
    ("ai-escargot", 0, 6, {"population": 300}, "e4ca794031b5b64c"),
    ("sato-29-medium", 1, 6, {"population": 200, "woc": False}, "01d10e7d0aec6938"),
    ("16x16-vukr-2", 0, 4, {"population": 200}, "4af9d4556ab18ad5"),
    ("16x16-vukr-1", 2, 4, {"population": 150, "propagate": True}, "76309e4d9df1dc25"),
    ("25x25-planetsudoku", 0, 2, {"population": 100, "propagate": True}, "015faf71011b1b62"),
]


@pytest.mark.parametrize("name, seed, iterations, params, expected", FINGERPRINTS)
def test_fixed_seed_runs_keep_their_fingerprint(name, seed, iterations, params, expected):
    assert run_digest(parse({**PAPERS, **SIZES}[name]), "ga_woc", params, seed, iterations) == expected

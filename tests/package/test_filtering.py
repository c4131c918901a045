"""The alldifferent filters: textbook Hall-interval and Hall-set cases, Puget's rule against a
plain loop over intervals, soundness against known solutions at every size, fixpoints, relative
strength, failure detection, and incremental filtering against filtering from scratch."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES, read_puzzles
from sudoku_lab.exact import solve
from sudoku_lab.bits import popcount
from sudoku_lab.filtering import FILTERS, fixpoint, peer_table
from sudoku_lab.grid import geometry, parse

RATED = read_puzzles("rated40.txt")


def m(*vals):
    return sum(1 << (v - 1) for v in vals)


def digits(masks):
    return [[v for v in range(1, 26) if int(x) >> (v - 1) & 1] for x in masks]


def run(kind, domains, nvals):
    units = np.array([list(range(len(domains)))])
    out, failed, _ = fixpoint(np.array(domains, dtype=np.int64), units, nvals, kind)
    return digits(out), failed


# The paper's Example 6 (its Figure 2) lost its numbers in conversion; these are the standard
# cases of the same reasoning: a Hall interval's values leave every other variable.
def test_hall_interval_of_two_variables_fixes_the_third():
    doms = [m(2, 3), m(2, 3), m(1, 2, 3)]
    assert run("hall_intervals", doms, 3)[0] == [[2, 3], [2, 3], [1]]
    assert run("ac3", doms, 3)[0] == [[2, 3], [2, 3], [1, 2, 3]]       # AC-3 sees no single value


def test_chained_hall_intervals():
    doms = [m(3, 4), m(2, 3, 4), m(3, 4), m(2, 3, 4, 5), m(3, 4, 5, 6), m(1, 2, 3, 4, 5, 6)]
    want = [[3, 4], [2], [3, 4], [5], [6], [1]]
    assert run("hall_intervals", doms, 6)[0] == want
    assert run("hall_sets", doms, 6)[0] == want


def test_hall_set_with_a_hole_needs_the_set_filter():
    doms = [m(1, 3), m(1, 3), m(1, 2, 3)]            # {1,3} is a Hall set but not an interval
    assert run("hall_intervals", doms, 3)[0] == [[1, 3], [1, 3], [1, 2, 3]]
    assert run("hall_sets", doms, 3)[0] == [[1, 3], [1, 3], [2]]


@pytest.mark.parametrize("kind", FILTERS)
def test_failures_are_detected(kind):
    assert run(kind, [m(2), m(2), m(1, 2, 3)], 3)[1]              # two variables fixed to one value
    pigeonhole = run(kind, [m(1, 2), m(1, 2), m(1, 2)], 3)[1]     # three variables, two values
    assert pigeonhole == (kind != "ac3")                          # pairwise reasoning cannot see it


def full_domains(puzzle):
    c = puzzle.cells.astype(np.int64)
    return np.where(c > 0, np.left_shift(1, np.maximum(c - 1, 0)), (1 << puzzle.N) - 1)


PUZZLES = {**PAPERS, **RATED, "4x4-vukr-1": SIZES["4x4-vukr-1"], "16x16-vukr-1": SIZES["16x16-vukr-1"]}


@pytest.mark.parametrize("kind", FILTERS)
def test_filters_never_remove_a_solution_value_and_reach_a_fixpoint(kind):
    checked = 0
    for name, text in PUZZLES.items():
        puzzle = parse(text)
        if kind == "hall_sets" and puzzle.N > 9:
            continue
        g = geometry(puzzle.n)
        solution = solve(puzzle).astype(np.int64)
        out, failed, _ = fixpoint(full_domains(puzzle), g.units, puzzle.N, kind)
        assert not failed, name
        assert np.all(out >> (solution - 1) & 1), f"{kind} removed a solution value on {name}"
        again, _, rounds = fixpoint(out, g.units, puzzle.N, kind)
        assert np.array_equal(again, out) and rounds <= 1, name
        checked += 1
    assert checked >= 48


def test_filters_are_ordered_by_strength():
    for name, text in PUZZLES.items():
        puzzle = parse(text)
        if puzzle.N != 9:
            continue
        g = geometry(3)
        d = {k: fixpoint(full_domains(puzzle), g.units, 9, k)[0] for k in FILTERS}
        assert np.all(d["hall_sets"] & ~d["hall_intervals"] == 0), name
        assert np.all(d["hall_intervals"] & ~d["ac3"] == 0), name


def test_batches_filter_like_single_grids():
    grids = [parse(t) for t in list(RATED.values())[:6]]
    g = geometry(3)
    batch = np.stack([full_domains(p) for p in grids])
    out, failed, _ = fixpoint(batch, g.units, 9, "hall_intervals")
    for row, p in zip(out, grids):
        assert np.array_equal(row, fixpoint(full_domains(p), g.units, 9, "hall_intervals")[0])


def test_popcount():
    x = np.array([0, 1, 3, (1 << 25) - 1, 0b1010])
    assert popcount(x).tolist() == [0, 1, 2, 25, 2]


@pytest.mark.parametrize("kind", ["hall_intervals", "hall_sets"])
def test_incremental_fixpoint_equals_the_full_one(kind):
    """Filtering on from a known fixpoint (`since`) reaches the same domains as from scratch."""
    rng = np.random.default_rng(0)
    for text in list(RATED.values())[::5] + [PAPERS["ai-escargot"]]:
        p = parse(text)
        g = geometry(3)
        base, _, _ = fixpoint(full_domains(p), g.units, 9, kind)
        open_cells = np.flatnonzero((base & (base - 1)) != 0)
        for cell in rng.choice(open_cells, size=min(4, len(open_cells)), replace=False):
            values = [v for v in range(1, 10) if base[cell] >> (v - 1) & 1]
            start = base.copy()
            start[cell] = 1 << (values[0] - 1)
            full = fixpoint(start, g.units, 9, kind)
            quick = fixpoint(start, g.units, 9, kind, since=base)
            assert quick[1] == full[1]
            if not full[1]:
                assert np.array_equal(quick[0], full[0])


def reference_hall_intervals(domains: list[int], nvals: int) -> list[int] | None:
    """Puget's rule read literally, one interval at a time, to a fixpoint; None on failure."""
    d = list(domains)
    changed = True
    while changed:
        changed = False
        for a in range(nvals):
            for b in range(a, nvals):
                inside = {i for i, x in enumerate(d)
                          if x and (x & -x).bit_length() - 1 >= a and x.bit_length() - 1 <= b}
                if len(inside) > b - a + 1:
                    return None
                if len(inside) == b - a + 1:
                    bits = ((1 << (b + 1)) - 1) ^ ((1 << a) - 1)
                    for i, x in enumerate(d):
                        if i not in inside and x & bits:
                            d[i] = x & ~bits
                            changed = True
        if any(x == 0 for x in d):
            return None
    return d


@pytest.mark.parametrize("nvals,V", [(4, 4), (6, 6), (9, 9), (9, 6), (16, 16), (25, 25), (36, 36)])
def test_hall_intervals_match_the_rule_read_literally(nvals, V):
    rng = np.random.default_rng(nvals * 100 + V)
    units = np.arange(V)[None, :]
    for _ in range(60 if nvals <= 16 else 15):
        # domains mostly small and clustered, so that Hall intervals and failures both occur
        lo = rng.integers(0, nvals, size=V)
        width = rng.integers(0, 4, size=V)
        doms = []
        for a, w in zip(lo, width):
            b = min(nvals - 1, a + w)
            bits = [v for v in range(a, b + 1) if v in (a, b) or rng.random() < 0.7]
            doms.append(sum(1 << v for v in bits))
        want = reference_hall_intervals(doms, nvals)
        got, failed, _ = fixpoint(np.array(doms, dtype=np.int64), units, nvals, "hall_intervals")
        batch, bfailed, _ = fixpoint(np.array([doms], dtype=np.int64), units, nvals, "hall_intervals")
        assert failed == (want is None) == bool(bfailed[0]), doms
        if want is not None:
            assert got.tolist() == want == batch[0].tolist(), doms


def shuffled_solution(n: int, rng: np.random.Generator) -> np.ndarray:
    """A full grid of box size n (the pattern grid with values, rows and columns shuffled)."""
    N = n * n
    r, c = np.arange(N)[:, None], np.arange(N)[None, :]
    grid = rng.permutation(N)[(n * (r % n) + r // n + c) % N] + 1
    rows = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    cols = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    return grid[rows][:, cols].reshape(-1).astype(np.int64)


def domains_of(cells: np.ndarray, N: int) -> np.ndarray:
    return np.where(cells > 0, np.left_shift(1, np.maximum(cells - 1, 0)), (1 << N) - 1)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("kind", ["ac3", "hall_intervals"])
def test_filters_never_remove_a_value_of_the_known_solution_at_every_size(n, kind):
    """Givens kept from a known full grid at several densities, and further cells tightened to
    the solution's value one at a time (incrementally): the solution's value stays everywhere."""
    rng = np.random.default_rng(n)
    g = geometry(n)
    N = g.N
    for p in (0.2, 0.35, 0.45, 0.6):
        solution = shuffled_solution(n, rng)
        cells = np.where(rng.random(N * N) < p, solution, 0)
        d, failed, _ = fixpoint(domains_of(cells, N), g.units, N, kind)
        assert not failed and np.all(d >> (solution - 1) & 1), (n, p)
        for cell in rng.permutation(np.flatnonzero((d & (d - 1)) != 0))[:12]:
            start = d.copy()
            start[cell] = 1 << (solution[cell] - 1)
            d, failed, _ = fixpoint(start, g.units, N, kind, since=d)
            assert not failed and np.all(d >> (solution - 1) & 1), (n, p, cell)


@pytest.mark.parametrize("n,kind", [(3, "hall_sets"), (3, "hall_intervals"), (3, "ac3"),
                                    (4, "hall_intervals"), (4, "ac3"), (5, "hall_intervals"), (6, "hall_intervals")])
def test_incremental_filtering_equals_filtering_from_scratch_on_random_moves(n, kind):
    """Random tightenings (a few cells each set to one of their values, or a value taken out)
    applied one after another as a search does: filtering on from the last fixpoint (`since`)
    gives the domains and the verdict of filtering the same start from scratch, and of the
    batch path."""
    rng = np.random.default_rng(10 * n + len(kind))
    g = geometry(n)
    N = g.N
    checked = failures = 0
    for trial in range(4 if n <= 4 else 2):
        solution = shuffled_solution(n, rng)
        givens = np.where(rng.random(N * N) < 0.2, solution, 0)
        d, failed, _ = fixpoint(domains_of(givens, N), g.units, N, kind)
        for _ in range(40):
            open_cells = np.flatnonzero((d & (d - 1)) != 0)
            if not len(open_cells):
                break
            start = d.copy()
            for cell in rng.choice(open_cells, size=min(len(open_cells), int(rng.integers(1, N // 2 + 3))), replace=False):
                bit = 1 << int(rng.choice([v for v in range(N) if d[cell] >> v & 1]))
                start[cell] = bit if rng.random() < 0.8 else d[cell] & ~bit
            quick = fixpoint(start, g.units, N, kind, since=d)
            full = fixpoint(start, g.units, N, kind)
            batch = fixpoint(start[None], g.units, N, kind)
            assert quick[1] == full[1] == bool(batch[1][0])
            checked += 1
            if full[1]:
                failures += 1
                continue                                  # a search would refute it: go on from d
            assert np.array_equal(quick[0], full[0]) and np.array_equal(full[0], batch[0][0])
            d = full[0]
    assert checked >= 40 and failures >= 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_peer_table_holds_each_cells_row_column_and_box_once(n):
    g = geometry(n)
    table = peer_table(g.units)
    for c in range(g.N * g.N):
        shared = set(g.rows[g.row_of[c]]) | set(g.cols[g.col_of[c]]) | set(g.boxes[g.box_of[c]])
        assert table[c].tolist() == sorted(shared - {c})


def test_the_moves_peers_are_a_view_of_the_one_table():
    from sudoku_lab.moves import _peers_and_self
    table = peer_table(geometry(3).units)
    both = _peers_and_self(3)
    assert np.array_equal(both[:, 0], np.arange(81)) and np.array_equal(both[:, 1:], table)

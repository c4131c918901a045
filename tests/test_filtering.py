"""The alldifferent filters: textbook Hall-interval and Hall-set cases, soundness against the
exact solver on many puzzles, fixpoints, relative strength, failure detection."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES, read_puzzles
from sudoku_lab.exact import solve
from sudoku_lab.filtering import FILTERS, fixpoint, popcount
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
        assert np.array_equal(again, out) and rounds == 1, name
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

"""Naked and hidden singles (sudoku_lab.propagate): each rule on a case made for it, soundness
against known solutions at every size, failures, and a batch equal to its grids one by one."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from conftest import PAPERS, SIZES
from sudoku_lab.constraints import candidate_masks
from sudoku_lab.exact import solve
from sudoku_lab.grid import Puzzle, parse
from sudoku_lab.propagate import eliminate, fixed_values, hidden_singles, singles


def bit(v):
    return 1 << (v - 1)


def pattern_solution(n):
    """A valid full grid of any box size (a pattern; enough for soundness tests)."""
    N = n * n
    return np.array([(n * (r % n) + r // n + c) % N + 1 for r in range(N) for c in range(N)], dtype=np.int8)


def test_a_naked_single_leaves_its_peers():
    cells = np.zeros(16, dtype=np.int8)
    cells[0] = 1
    out, failed = eliminate(candidate_masks(cells, 2), 2)
    assert not failed
    peers = [1, 2, 3, 4, 8, 12, 5]                     # row, column and box of r1c1
    assert all(out[c] & bit(1) == 0 for c in peers)
    assert out[10] & bit(1)                            # r3c3 is no peer of r1c1


def test_a_hidden_single_is_placed():
    # 4×4: 1 is given in rows 2 and 3 and column 2, so in box 1 it can only go to r1c1
    cells = np.zeros(16, dtype=np.int8)
    cells[2 * 4 + 1] = 1        # r3c2 -> no 1 in column 2, row 3
    cells[1 * 4 + 3] = 1        # r2c4 -> no 1 in row 2
    masks, failed = eliminate(candidate_masks(cells, 2), 2)
    out, failed = hidden_singles(masks, 2)
    assert not failed and out[0] == bit(1)


def test_an_easy_puzzle_is_solved_by_singles_alone():
    p = parse(PAPERS["sato-01-easy"])
    out, failed, rounds = singles(candidate_masks(p.cells, 3), 3)
    assert not failed and rounds > 1
    assert np.array_equal(fixed_values(out), solve(p))


@pytest.mark.parametrize("name", sorted(PAPERS) + sorted(SIZES))
def test_singles_never_remove_the_solution(name):
    p = parse({**PAPERS, **SIZES}[name])
    sol = solve(p).astype(np.int64)
    out, failed, _ = singles(candidate_masks(p.cells, p.n), p.n)
    assert not failed
    assert np.all(out & (1 << (sol - 1)))
    fixed = fixed_values(out)
    assert np.all((fixed == 0) | (fixed == sol))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.floats(0.0, 1.0), st.integers(0, 2**32 - 1))
def test_soundness_and_fixpoint_at_every_size(n, keep, seed):
    rng = np.random.default_rng(seed)
    sol = pattern_solution(n)
    # relabel values and permute rows inside bands for variety (still a solution)
    sol = rng.permutation(n * n).astype(np.int8)[sol - 1] + 1
    cells = np.where(rng.random(sol.size) < keep, sol, 0)
    out, failed, _ = singles(candidate_masks(cells, n), n)
    assert not failed
    assert np.all(out & (1 << (sol.astype(np.int64) - 1)))
    again, failed2, rounds = singles(out, n)
    assert not failed2 and rounds == 1 and np.array_equal(again, out)


def test_failures():
    # two cells of a row fixed to one value
    masks = np.full(16, 0b1111, dtype=np.int64)
    masks[0] = masks[1] = bit(2)
    assert singles(masks, 2)[1]
    # a value with no place in a unit
    masks = np.full(16, 0b1111, dtype=np.int64)
    masks[0:4] = 0b0111
    assert singles(masks, 2)[1]
    # an empty cell
    masks = np.full(16, 0b1111, dtype=np.int64)
    masks[5] = 0
    assert singles(masks, 2)[1]


def test_a_batch_equals_its_grids_one_by_one():
    grids = [parse(PAPERS[k]).cells for k in sorted(PAPERS)]
    batch = np.stack([candidate_masks(c, 3) for c in grids])
    batch[2, 0] = 0                                     # one failing grid among them
    out, failed, _ = singles(batch, 3)
    for i, masks in enumerate(batch):
        one, f, _ = singles(masks, 3)
        assert f == failed[i]
        if not f:
            assert np.array_equal(one, out[i])
    assert failed.tolist() == [i == 2 for i in range(len(grids))]

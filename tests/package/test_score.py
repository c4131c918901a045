"""Vectorised scoring against slow, obviously-correct references."""

import numpy as np
from hypothesis import given, settings, strategies as st

from sudoku_lab.grid import geometry, parse
from sudoku_lab.exact import solve
from sudoku_lab.score import clashing_cells, conflicts, distinct_rows_cols, is_solution


def slow_conflicts(board, n):
    N = n * n
    g = geometry(n)
    total = 0
    for unit in g.units:
        vals = [board[c] for c in unit if board[c]]
        total += len(vals) - len(set(vals))
    return total


def slow_distinct(board, n):
    g = geometry(n)
    return sum(len({board[c] for c in unit if board[c]}) for unit in g.units[: 2 * g.N])


boards = st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n * n), min_size=n ** 4, max_size=n ** 4)))


@settings(max_examples=60)
@given(boards)
def test_conflicts_and_distinct_match_reference(data):
    n, cells = data
    b = np.array(cells)
    assert conflicts(b, n) == slow_conflicts(cells, n)
    assert distinct_rows_cols(b, n) == slow_distinct(cells, n)


def test_batch_equals_one_by_one():
    rng = np.random.default_rng(0)
    batch = rng.integers(0, 10, size=(50, 81))
    assert conflicts(batch, 3).tolist() == [conflicts(b, 3) for b in batch]
    assert distinct_rows_cols(batch, 3).tolist() == [distinct_rows_cols(b, 3) for b in batch]


def test_solution_scores(papers):
    p = papers["sato-01-easy"]
    s = solve(p)
    assert conflicts(s, 3) == 0 and distinct_rows_cols(s, 3) == 162 and is_solution(p, s)
    s2 = s.copy()
    s2[[0, 1]] = s2[[1, 0]]               # swap two cells of row 1: two columns and a box clash
    assert conflicts(s2, 3) > 0 and not is_solution(p, s2)
    assert set(np.flatnonzero(clashing_cells(s2, 3))) >= {0, 1}


def test_is_solution_requires_givens_kept(papers):
    p = papers["sato-11-easy"]
    s = solve(p)
    relabelled = np.where(s == 1, 2, np.where(s == 2, 1, s))   # still a valid grid, but not this puzzle's
    assert conflicts(relabelled, 3) == 0
    assert not is_solution(p, relabelled)


def test_clashing_cells_on_partial_board():
    b = parse("1..1" "...." "...." "....").cells
    assert np.flatnonzero(clashing_cells(b, 2)).tolist() == [0, 3]

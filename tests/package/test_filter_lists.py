"""The plain-Python filtering (``filter_lists``) against the numpy code on random states, 4×4 to
36×36: the same masks, failure, rounds and pauses, filtering from scratch and incrementally,
AC-3 and Hall intervals, with and without hidden singles."""

import numpy as np
import pytest

from sudoku_lab import filtering
from sudoku_lab.grid import geometry
from test_filtering import shuffled_solution


def random_domains(n: int, rng: np.random.Generator) -> np.ndarray:
    """Givens of a known grid, the other cells random subsets: mostly holding the solution's
    value (fixpoints with Hall intervals), sometimes not (failures)."""
    N = n * n
    solution = shuffled_solution(n, rng)
    bit = np.left_shift(1, solution - 1)
    keep = rng.random((N * N, N)) < rng.uniform(0.3, 0.9)
    subsets = (keep * np.left_shift(1, np.arange(N))).sum(axis=1)
    if rng.random() < 0.7:
        subsets |= bit
    subsets = np.where(subsets == 0, bit, subsets)
    givens = rng.random(N * N) < rng.uniform(0.1, 0.5)
    return np.where(givens, bit, subsets).astype(np.int64)


def both_ways(monkeypatch, masks, units, N, kind, since=None, hidden=False):
    out = []
    for plain in (False, True):
        monkeypatch.setattr(filtering, "PLAIN_PYTHON", plain)
        parts = filtering.fixpoint_parts(masks.copy(), units, N, kind, since=since, hidden=hidden)
        pauses = 0
        while True:
            try:
                next(parts)
                pauses += 1
            except StopIteration as stop:
                m, failed, rounds = stop.value
                break
        out.append((np.asarray(m).tolist(), bool(failed), rounds, pauses))
    return out


@pytest.mark.parametrize("n,states", [(2, 200), (3, 150), (4, 60), (5, 25), (6, 12)])
@pytest.mark.parametrize("kind", ["ac3", "hall_intervals"])
@pytest.mark.parametrize("hidden", [False, True])
def test_plain_python_filters_as_numpy(monkeypatch, n, states, kind, hidden):
    rng = np.random.default_rng(n * 10 + hidden)
    g = geometry(n)
    outcomes = set()
    for _ in range(states):
        masks = random_domains(n, rng)
        numpy_way, plain_way = both_ways(monkeypatch, masks, g.units, g.N, kind, hidden=hidden)
        assert numpy_way == plain_way
        outcomes.add(numpy_way[1])
        if numpy_way[1]:
            continue
        # incrementally: a few open cells of the fixpoint narrowed, from that fixpoint
        base = np.array(numpy_way[0], dtype=np.int64)
        open_cells = np.flatnonzero((base & (base - 1)) != 0)
        for cell in rng.choice(open_cells, size=min(3, len(open_cells)), replace=False):
            start = base.copy()
            start[cell] &= ~(start[cell] & -start[cell]) if rng.random() < 0.5 else start[cell] & -start[cell]
            numpy_way, plain_way = both_ways(monkeypatch, start, g.units, g.N, kind, since=base, hidden=hidden)
            assert numpy_way == plain_way
    assert outcomes == {False, True} or n == 2

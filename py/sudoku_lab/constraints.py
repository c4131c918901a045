"""Candidates as bit masks (bit d-1 set = digit d still possible), and the peer structure.

The masks are numpy arrays over the whole grid: the exact solver, the rating, the solvers'
parameter checks and the ant colony start from :func:`candidate_masks`; propagation on them
lives in ``propagate`` (the one rule). :func:`peers` is a plain tuple per cell for the moves.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .bits import digit_bits, full_mask
from .grid import geometry


@lru_cache(maxsize=None)
def peers(n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the other cells that share a row, column or box with it."""
    g = geometry(n)
    out = []
    for c in range(g.N * g.N):
        s = set(g.rows[g.row_of[c]].tolist()) | set(g.cols[g.col_of[c]].tolist()) | set(
            g.boxes[g.box_of[c]].tolist())
        s.discard(c)
        out.append(tuple(sorted(s)))
    return tuple(out)


@lru_cache(maxsize=None)
def units(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(u) for u in geometry(n).units.tolist())


def unit_masks(cells, n: int) -> np.ndarray:
    """(3N,) bit mask of the digits already placed in each unit."""
    g = geometry(n)
    return np.bitwise_or.reduce(digit_bits(np.asarray(cells).reshape(-1)[g.units]), axis=1)


def candidate_masks(cells, n: int) -> np.ndarray:
    """(N*N,) masks: an empty cell's digits unused in its row, column and box; a filled cell's own bit."""
    cells = np.asarray(cells).reshape(-1).astype(np.int64)
    g = geometry(n)
    used = unit_masks(cells, n)
    seen = used[g.row_of] | used[g.N + g.col_of] | used[2 * g.N + g.box_of]
    free = full_mask(g.N) & ~seen
    return np.where(cells > 0, digit_bits(cells), free)

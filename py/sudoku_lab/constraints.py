"""Candidates as bit masks (bit d-1 set = digit d still possible).

The masks are numpy arrays over the whole grid: the exact solver, the rating, the solvers'
parameter checks and the ant colony start from :func:`candidate_masks`; propagation on them
lives in ``propagate`` (the one rule). Each cell's peers have one home, ``filtering.peer_table``.
"""

from __future__ import annotations

import numpy as np

from .bits import digit_bits, full_mask
from .grid import geometry


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

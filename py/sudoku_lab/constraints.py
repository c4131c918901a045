"""Candidates as bit masks (bit d-1 set = digit d still possible), and the peer structure.

Both the exact solver and the page's checks work on these masks; they are plain Python
ints in lists for the depth-first search (fast in CPython and in Pyodide, where numpy's
per-call overhead dominates tiny arrays), and numpy arrays for whole-grid operations.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

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


def popcount(m) -> np.ndarray:
    """Bits set in each int64 mask, the sign bit (value 64) counted as one: numpy's
    bitwise_count counts the bits of a negative number's absolute value, so masks are read as
    unsigned."""
    m = np.asarray(m)
    return np.bitwise_count(m.view(np.uint64) if m.dtype == np.int64 else m)


def full_mask(n: int) -> int:
    """Every value's bit, as an int64 holds it: at 64×64 all 64 bits, which is -1 in two's
    complement ((1 << 64) - 1 does not fit an int64)."""
    return -1 if n * n == 64 else (1 << (n * n)) - 1


def unit_masks(cells, n: int) -> np.ndarray:
    """(3N,) bit mask of the digits already placed in each unit."""
    g = geometry(n)
    vals = np.asarray(cells).reshape(-1)[g.units].astype(np.int64)
    bits = np.where(vals > 0, np.left_shift(1, np.maximum(vals - 1, 0)), 0)
    return np.bitwise_or.reduce(bits, axis=1)


def candidate_masks(cells, n: int) -> np.ndarray:
    """(N*N,) masks: an empty cell's digits unused in its row, column and box; a filled cell's own bit."""
    cells = np.asarray(cells).reshape(-1).astype(np.int64)
    g = geometry(n)
    used = unit_masks(cells, n)
    seen = used[g.row_of] | used[g.N + g.col_of] | used[2 * g.N + g.box_of]
    free = full_mask(n) & ~seen
    own = np.where(cells > 0, np.left_shift(1, np.maximum(cells - 1, 0)), 0)
    return np.where(cells > 0, own, free)


def propagate_singles(masks: list[int], peers, stack: list[int]) -> bool:
    """Remove each fixed value on `stack` from its peers, chasing new singles; False on a clash.

    `masks` (plain ints, one per cell) is updated in place. A peer left with no value — it
    was fixed to the same value — is a contradiction. This is AC-3's fixpoint on the
    pairwise ≠ constraints, shared by the exact solver and the domain filters.
    """
    while stack:
        c = stack.pop()
        b = masks[c]
        for p in peers[c]:
            x = masks[p]
            if x & b:
                x ^= b
                if not x:
                    return False
                masks[p] = x
                if not x & (x - 1):
                    stack.append(p)
    return True

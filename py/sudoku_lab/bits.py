"""Candidate sets as bit masks — bit v−1 set means value v is possible — and the handful of
operations every mask user needs, in one place (constraints, propagate, filtering, rate,
exact and the solvers). All work on whole numpy arrays; int64 holds the 64 values of 64×64,
value 64 in the sign bit, so counts read a mask as unsigned.
"""

from __future__ import annotations

import numpy as np

MAX_VALUES = 64
# digit -> its bit, 0 (an empty cell) -> no bit: a lookup is the fastest way over many boards
# (numpy's shift puts digit 64 in the sign bit, which a Python int 1 << 63 would overflow)
DIGIT_BIT = np.concatenate(([0], np.left_shift(np.int64(1), np.arange(MAX_VALUES, dtype=np.int64))))


def full_mask(N: int) -> int:
    """The mask holding every one of N values: at N = 64 all 64 bits, -1 as an int64."""
    return -1 if N == 64 else (1 << N) - 1


def digit_bits(digits) -> np.ndarray:
    """Each digit's bit (d -> 1 << (d − 1)); 0 for an empty cell. int64, the shape of `digits`."""
    return DIGIT_BIT[np.asarray(digits, dtype=np.intp)]


def popcount(masks) -> np.ndarray:
    """How many values each mask holds (int64). An int64 mask is read as unsigned: numpy's
    bitwise_count counts a negative number's absolute value, which would miscount value 64."""
    m = np.asarray(masks)
    return np.bitwise_count(m.view(np.uint64) if m.dtype == np.int64 else m).astype(np.int64)


def is_single(masks) -> np.ndarray:
    """Masks holding exactly one value."""
    m = np.asarray(masks)
    return (m != 0) & ((m & (m - 1)) == 0)


def lowest_index(masks) -> np.ndarray:
    """The bit index (value − 1) of each mask's lowest value: a one-value mask's value − 1.
    Exact integer arithmetic (no float log); masks must not be 0."""
    m = np.asarray(masks)
    return np.bitwise_count((m & -m) - 1).astype(np.intp)


def to_bools(masks, N: int) -> np.ndarray:
    """(…, N) bool: which of the N values each mask holds."""
    m = np.asarray(masks)
    return ((m[..., None] >> np.arange(N)) & 1).astype(bool)


def from_bools(held: np.ndarray) -> np.ndarray:
    """Inverse of :func:`to_bools`: (…, N) bool -> (…,) int64 masks."""
    return (held.astype(np.int64) << np.arange(held.shape[-1])).sum(axis=-1)

"""Domain filtering for alldifferent constraints, vectorised over units (and over grids).

Domains are bit masks (bit v-1 set = value v possible). The three filters the alldiff-tabu
paper compares (Soto et al. 2015, Table 2) work on any set of alldifferent "units", given as an
index array ``units`` of shape (U, V) into a mask array:

* ``ac3``            — arc consistency on the pairwise ≠ constraints: a value fixed in one
                       variable is removed from the others of the unit (what AC-3 reaches on
                       binary ≠ constraints).
* ``hall_intervals`` — Puget's bounds reasoning: an interval [a, b] of values that exactly
                       as many variables are confined to (by their bounds) as it has values is
                       a Hall interval; its values are removed from every other variable of
                       the unit. More variables than values in an interval is a failure.
* ``hall_sets``      — Hall's theorem on sets: any set S of variables whose domains' union
                       has |S| values is a Hall set; those values are removed from the
                       others. Over all subsets this is generalised arc consistency. Subsets
                       are enumerated (2^V per unit), so it is offered for units of up to 9
                       variables.

Each function returns the filtered masks and a per-grid failure flag, and ``fixpoint``
iterates a filter over all units until nothing changes. Masks have a leading batch axis
(B, cells) so many grids can be filtered in one call.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .constraints import propagate_singles

FILTERS = ("ac3", "hall_intervals", "hall_sets")
MAX_HALL_SET_UNIT = 9


def popcount(m: np.ndarray) -> np.ndarray:
    return np.bitwise_count(m).astype(np.int64)


@lru_cache(maxsize=8)
def _partitions(key: bytes, shape: tuple[int, int]):
    """If the units split into blocks that each cover every cell once, the inverse of each block."""
    units = np.frombuffer(key, dtype=np.int64).reshape(shape)
    U, V = shape
    cells = units.max() + 1
    if cells % V or U % (cells // V):
        return None
    per = cells // V
    blocks = units.reshape(U // per, per * V)
    if not all(np.array_equal(np.sort(blk), np.arange(cells)) for blk in blocks):
        return None
    return [np.argsort(blk) for blk in blocks]


def _scatter_or(shape, units: np.ndarray, remove: np.ndarray) -> np.ndarray:
    """OR the per-(grid, unit, variable) removals back onto cells: (B, cells)."""
    B = remove.shape[0]
    inverse = _partitions(units.astype(np.int64).tobytes(), units.shape)
    if inverse is not None and shape[1] == units.max() + 1:
        flat = remove.reshape(B, len(inverse), -1)
        out = np.zeros(shape, dtype=np.int64)
        for k, inv in enumerate(inverse):
            out |= flat[:, k, inv]
        return out
    out = np.zeros(shape, dtype=np.int64)
    rows = np.repeat(np.arange(B), units.size)
    np.bitwise_or.at(out, (rows, np.tile(units.reshape(-1), B)), remove.reshape(-1))
    return out


def ac3(masks: np.ndarray, units: np.ndarray, nvals: int):
    """Remove each fixed value from the other variables of its units."""
    um = masks[:, units]                                        # (B, U, V)
    single = (um & (um - 1)) == 0
    fixed = np.where(single, um, 0)
    total = np.bitwise_or.reduce(fixed, axis=2)                  # (B, U)
    # two variables fixed to one value: fewer distinct fixed values than fixed variables
    clash = (popcount(total) < np.count_nonzero(fixed, axis=2)).any(axis=1)
    remove = np.where(single, total[..., None] & ~um, total[..., None])
    out = masks & ~_scatter_or(masks.shape, units, remove)
    return out, clash | (out == 0).any(axis=1)


@lru_cache(maxsize=None)
def _intervals(nvals: int):
    """All value intervals [a, b]: their ends, sizes, and bit masks."""
    a, b = np.triu_indices(nvals)
    bits = (((1 << (b - a + 1)) - 1) << a).astype(np.int64)
    return a, b, b - a + 1, bits


def _spans(um: np.ndarray, nvals: int) -> np.ndarray:
    """Each mask's bounds as one index lo*nvals + hi; an empty mask gets nvals*nvals."""
    if nvals <= 16:
        return _span_table(nvals)[um]
    lo = np.log2(np.maximum(um & -um, 1)).astype(np.int64)
    hi = np.floor(np.log2(np.maximum(um, 1))).astype(np.int64)
    return np.where(um > 0, lo * nvals + hi, nvals * nvals)


@lru_cache(maxsize=None)
def _span_table(nvals: int) -> np.ndarray:
    m = np.arange(1 << nvals)
    lo = np.log2(np.maximum(m & -m, 1)).astype(np.int64)
    hi = np.floor(np.log2(np.maximum(m, 1))).astype(np.int64)
    return np.where(m > 0, lo * nvals + hi, nvals * nvals)


@lru_cache(maxsize=None)
def _outside_table(nvals: int) -> np.ndarray:
    """outside[span, k]: a variable with these bounds is not confined to interval k."""
    a, b, _, _ = _intervals(nvals)
    lo, hi = np.divmod(np.arange(nvals * nvals), nvals)
    out = ~((lo[:, None] >= a) & (hi[:, None] <= b))
    return np.vstack([out, np.zeros((1, len(a)), dtype=bool)])   # an empty domain is inside all


def hall_intervals(masks: np.ndarray, units: np.ndarray, nvals: int):
    """Puget's Hall intervals: detect them on the variables' bounds, remove them elsewhere."""
    _, _, size, bits = _intervals(nvals)
    um = masks[:, units]                                         # (B, U, V)
    outside = _outside_table(nvals)[_spans(um, nvals)]           # (B, U, V, K) by table look-up
    count = um.shape[2] - np.count_nonzero(outside, axis=2)       # (B, U, K) variables inside
    over = (count > size).any(axis=(1, 2))
    hall = count == size
    # the values of every Hall interval that does not hold a variable leave that variable
    # (an OR-reduction, not a matrix product: numpy's matmul is slow in WebAssembly)
    remove = np.bitwise_or.reduce(np.where(hall[:, :, None, :] & outside, bits, 0), axis=3)
    out = masks & ~_scatter_or(masks.shape, units, remove)
    # two variables fixed to one value make [v, v] over-full, so `over` covers clashes;
    # a domain emptied in this round is caught here, its consequences in the next
    return out, over | (out == 0).any(axis=1)


@lru_cache(maxsize=None)
def _subsets(V: int):
    ids = np.arange(1, 1 << V)
    member = (ids[:, None] >> np.arange(V)) & 1 == 1               # (S, V)
    return ids, member, member.sum(1)


def hall_sets(masks: np.ndarray, units: np.ndarray, nvals: int):
    """Hall's theorem over every subset of each unit's variables (GAC for alldifferent)."""
    V = units.shape[1]
    if V > MAX_HALL_SET_UNIT:
        raise ValueError(f"the Hall-set filter enumerates 2^{V} subsets per unit; it is offered for units "
                         f"of at most {MAX_HALL_SET_UNIT} cells (boxes up to 3×3)")
    ids, member, size = _subsets(V)
    um = masks[:, units]                                          # (B, U, V)
    B, U, _ = um.shape
    union = np.zeros((B, U, 1 << V), dtype=np.int64)
    for j in range(V):                                            # union[s] = union[s without j] | mask[j]
        with_j = np.arange(1 << j, 1 << (j + 1))
        union[:, :, with_j] = union[:, :, with_j - (1 << j)] | um[:, :, j:j + 1]
    union = union[:, :, 1:]                                       # (B, U, S)
    card = popcount(union)
    over = (card < size).any(axis=(1, 2))
    hall = card == size
    remove = np.bitwise_or.reduce(np.where(hall[..., None] & ~member[None, None], union[..., None], 0), axis=2)
    out = masks & ~_scatter_or(masks.shape, units, remove)
    return out, over | _failed(out, units)


def _failed(out: np.ndarray, units: np.ndarray) -> np.ndarray:
    """A grid fails when a domain is empty or two variables of a unit are fixed to one value."""
    empty = (out == 0).any(axis=1)
    um = out[:, units]
    single = (um & (um - 1)) == 0
    vals = np.where(single, um, 0)
    total = np.bitwise_or.reduce(vals, axis=2)
    clash = popcount(total) < single.sum(-1)
    return empty | clash.any(axis=1)


FILTER_FUNCS = {"ac3": ac3, "hall_intervals": hall_intervals, "hall_sets": hall_sets}


@lru_cache(maxsize=8)
def _unit_peers(key: bytes, shape: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    units = np.frombuffer(key, dtype=np.int64).reshape(shape)
    peers: list[set[int]] = [set() for _ in range(int(units.max()) + 1)]
    for unit in units.tolist():
        for c in unit:
            peers[c].update(unit)
    return tuple(tuple(sorted(p - {c})) for c, p in enumerate(peers))


def _ac3_one_grid(masks: np.ndarray, units: np.ndarray) -> tuple[np.ndarray, bool]:
    """AC-3's fixpoint for one grid by queue propagation: each newly fixed value leaves its peers.

    The same fixpoint as iterating ``ac3`` rounds, without one vectorised round per link
    of a chain of singles (what makes a single grid's propagation cheap).
    """
    peers = _unit_peers(units.astype(np.int64).tobytes(), units.shape)
    m = masks.tolist()
    if 0 in m:
        return masks, True
    ok = propagate_singles(m, peers, [c for c, x in enumerate(m) if not x & (x - 1)])
    return np.array(m, dtype=np.int64), not ok


def _run_to_fixpoint(fn, m, units, nvals, failed, max_rounds):
    if fn is ac3 and len(m) == 1 and not failed[0]:
        out, fail = _ac3_one_grid(m[0], units)
        failed = failed | fail
        return (m if fail else out[None, :]), failed, 1
    rounds = 0
    for rounds in range(1, max_rounds + 1):
        new, fail = fn(m, units, nvals)
        failed |= fail
        new = np.where(failed[:, None], m, new)
        if np.array_equal(new, m):
            break
        m = new
    return m, failed, rounds


@lru_cache(maxsize=8)
def _membership(key: bytes, shape: tuple[int, int]) -> np.ndarray:
    """member[cell, unit]: the cell belongs to the unit."""
    units = np.frombuffer(key, dtype=np.int64).reshape(shape)
    member = np.zeros((int(units.max()) + 1, shape[0]), dtype=bool)
    member[units, np.arange(shape[0])[:, None]] = True
    return member


def fixpoint(masks: np.ndarray, units: np.ndarray, nvals: int, kind: str = "hall_intervals",
             max_rounds: int = 1000, since: np.ndarray | None = None):
    """Apply a filter over all units until no domain changes (or a grid fails).

    The Hall filters subsume AC-3, so cheap AC-3 rounds run to their own fixpoint before
    each Hall round: the result is the Hall filter's fixpoint, reached with fewer of its
    (costlier) rounds. For one grid, `since` may give domains that were already this
    filter's fixpoint before `masks` tightened them: then a Hall round looks only at the
    units with a cell changed since (a unit whose cells are unchanged yields nothing new).
    Returns (masks, failed, rounds) where rounds counts the rounds of `kind`. Failed grids
    keep the masks of the failing round.
    """
    single = masks.ndim == 1
    m = (masks[None, :] if single else masks).astype(np.int64)
    failed = np.zeros(len(m), dtype=bool)
    fn = FILTER_FUNCS[kind]
    if kind == "ac3":
        m, failed, rounds = _run_to_fixpoint(ac3, m, units, nvals, failed, max_rounds)
        return (m[0] if single else m), (bool(failed[0]) if single else failed), rounds
    member = _membership(units.astype(np.int64).tobytes(), units.shape) if since is not None else None
    last = since
    rounds = 0
    while rounds < max_rounds:
        m, failed, _ = _run_to_fixpoint(ac3, m, units, nvals, failed, max_rounds)
        if failed.any() and single:
            break
        todo = units
        if member is not None:
            touched = member[m[0] != last].any(axis=0)
            if not touched.any():
                break
            todo = units[touched]
        new, fail = fn(m, todo, nvals)
        rounds += 1
        failed |= fail
        new = np.where(failed[:, None], m, new)
        if np.array_equal(new, m):
            break
        last = m[0] if member is not None else None
        m = new
    return (m[0] if single else m), (bool(failed[0]) if single else failed), rounds

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
                       the unit. More variables than values in an interval is a failure. A
                       one-value interval [v, v] is a variable fixed to v, so this filter
                       includes ``ac3``.
* ``hall_sets``      — Hall's theorem on sets: any set S of variables whose domains' union
                       has |S| values is a Hall set; those values are removed from the
                       others. Over all subsets this is generalised arc consistency. Subsets
                       are enumerated (2^V per unit), so it is offered for units of up to 9
                       variables.

Each filter is one round over the units it is given and returns the filtered masks and a
per-grid failure flag; ``fixpoint`` repeats rounds until nothing changes. Each filter only
removes values and removes more from smaller domains (it is monotone), so the fixpoint — and
whether it fails — does not depend on the order in which units and rules are applied. That
is what lets one grid be filtered incrementally (``fixpoint_parts``, ``since``), with the same
result as filtering from scratch:

* naked singles first, from the cells just fixed, in waves (every fresh cell's value leaves its
  peers at once; the cells this fixes make the next wave): AC-3's fixpoint, which every filter
  holds (a one-value Hall interval is a fixed cell);
* then a round of the filter only over the units where it could say something new: a unit
  none of whose cells changed what the filter reads (AC-3: fixed values; Hall intervals: the
  bounds; Hall sets: the whole domain) since its last round would remove what it removed
  then; and with fewer than two open cells, naked singles have said everything.

The Hall intervals without a loop over intervals: see ``_hall_removals``. Masks have a leading
batch axis (B, cells) so many grids can be filtered in one call (rounds over all units).

One grid's AC-3 or Hall-interval fixpoint runs in plain Python over lists of int masks up to
25×25 (``PLAIN_PYTHON_MAX_VALUES``; ``sudoku_lab.filter_lists``: the same steps, rounds, pauses
and results), in numpy above, and always for the Hall sets and batches. A filtering after one
move touches a few dozen masks, and the numpy code spends ~140–230 numpy calls an iteration of
alldiff_tabu on it, each mostly numpy's fixed cost. alldiff_tabu's iterations per second, plain
Python ÷ numpy, the same runs (bench/filter_speed.py; docs/benchmarks.md, `alldiff_tabu`,
"Where an iteration's time goes"): natively (CPU time) 2.03 at 9×9, 1.11 at 16×16, 1.09 at
25×25, 0.81 at 36×36; in the page (Pyodide) 2.49 at 9×9, 1.29 at 25×25, 1.04 at 36×36. At
36×36 a round's work (95 peers a cell, units of 36) outweighs the calls, so numpy stays there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Generator

import numpy as np

from . import filter_lists
from .bits import popcount
from .progress import complete
from .propagate import hidden_singles

FILTERS = ("ac3", "hall_intervals", "hall_sets")
MAX_HALL_SET_UNIT = 9
PLAIN_PYTHON_MAX_VALUES = 25     # one grid, AC-3 or Hall intervals, up to 25×25: plain Python (``filter_lists``)
PLAIN_PYTHON: bool | None = None  # None: by that size; True or False: one way at every size (tests, benchmarks)


def _without(masks: np.ndarray, cells: np.ndarray, remove: np.ndarray) -> np.ndarray:
    """Masks (B, C) with `remove` (B, K) bits cleared from `cells` (K,), the same cells in every
    grid (e.g. units flattened). A cell can sit in several of the given units, so the removals
    are OR-ed per cell first."""
    B, C = masks.shape
    out = np.zeros(B * C, dtype=np.int64)
    if B == 1:
        np.bitwise_or.at(out, cells, remove.reshape(-1))
    else:
        np.bitwise_or.at(out, (np.arange(B)[:, None] * C + cells).reshape(-1), remove.reshape(-1))
    return masks & ~out.reshape(B, C)


def _unit_fixed(um: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per unit: which variables are fixed, the OR of their values, and whether two share one."""
    single = (um & (um - 1)) == 0
    total = np.bitwise_or.reduce(np.where(single, um, 0), axis=-1)
    clash = (popcount(total) < np.count_nonzero(single & (um != 0), axis=-1)).any(axis=-1)
    return single, total, clash


def ac3(masks: np.ndarray, units: np.ndarray, nvals: int):
    """Remove each fixed value from the other variables of its units."""
    um = masks[:, units]                                        # (B, U, V)
    single, total, clash = _unit_fixed(um)
    out = _without(masks, units.reshape(-1), np.where(single, 0, total[..., None]).reshape(len(masks), -1))
    return out, clash | (out == 0).any(axis=1)


def _bounds(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index of the lowest and highest value of each mask, as int8 (an empty mask: 0 and -1)."""
    ends = np.frexp(np.concatenate((m & -m, m)).astype(np.float64))[1].astype(np.int8)   # exact: ≤ 36 bits
    lo, hi = ends[:len(m)], ends[len(m):]
    return np.maximum(lo - 1, 0).astype(np.int8), hi - 1


@lru_cache(maxsize=None)
def _weights(V: int) -> np.ndarray:
    return np.left_shift(np.int64(1), np.arange(V, dtype=np.int64))


def _hall_removals(lo: np.ndarray, hi: np.ndarray, nvals: int) -> tuple[np.ndarray, np.ndarray]:
    """For units given by their variables' bounds (R, V) (int8 value indices): the values each
    variable loses to the Hall intervals it is not confined to, and which units are over-full.

    A Hall interval can be narrowed to [lo of a variable inside, hi of a variable inside]
    with the same variables inside (or an interval with fewer values and as many variables
    is over-full: a failure), so the candidates are the pairs (x, y) of a unit's variables,
    interval [lo_x, hi_y]: (V, V) per unit, each counted by one popcount of the variables
    starting at or after lo_x AND-ed with those ending at or before hi_y. The union of the Hall
    intervals starting at one lo is one interval, [lo, the highest hi], and likewise for those
    ending at one hi; a variable loses those starting above its lo or ending below its hi,
    looked up in running ORs over the values.
    """
    R, V = lo.shape
    weight = _weights(V)
    # bitwise_count's own uint8, compared with `size` below as uint8 (popcount widens to int64);
    # read as unsigned, so a 64th variable's sign bit counts as one
    inside = np.bitwise_count(((lo[:, None, :] >= lo[:, :, None]).dot(weight)[:, :, None]
                               & (hi[:, None, :] <= hi[:, :, None]).dot(weight)[:, None, :]).view(np.uint64))  # [r, x, y]
    # values in [lo_x, hi_y]; read as unsigned, hi_y < lo_x - 1 is never matched
    up = hi + 1
    size = (up[:, None, :] - lo[:, :, None]).view(np.uint8)
    over = (inside > size).any(axis=(1, 2))
    hall = inside == size                   # also the empty [lo_x, lo_x - 1], which adds no value
    ends = np.concatenate((lo, (hall * up[:, None, :]).max(axis=2),          # per x: Hall intervals [lo_x, top)
                           nvals - (hall * (nvals - lo)[:, :, None]).max(axis=1), up)).astype(np.int64)
    bits = np.left_shift(1, ends).reshape(4, R, V)                            # per y: [bottom, hi_y]
    span = np.maximum(bits[1::2] - bits[0::2], 0)                # (2, R, V): starting at lo_x, ending at hi_y
    # per unit, by value: the Hall intervals starting at a (first half) and ending at N-1-a (second);
    # OR-ed from the top value down, a variable reads those starting above lo, ending below hi
    ends = ends.reshape(4, R, V)
    row = np.arange(R)[:, None] * nvals
    last = nvals - np.maximum(ends[3], 1)                       # N-1-hi (0 for an empty domain)
    by_end = np.zeros(2 * R * nvals, dtype=np.int64)
    np.bitwise_or.at(by_end, np.concatenate((row + ends[0], R * nvals + row + last)).reshape(-1), span.reshape(-1))
    table = np.zeros((2 * R, nvals + 1), dtype=np.int64)
    table[:, :-1] = np.bitwise_or.accumulate(by_end.reshape(2 * R, nvals)[:, ::-1], axis=1)[:, ::-1]
    row += np.arange(R)[:, None]                                 # rows of nvals + 1
    look = table.reshape(-1)[np.concatenate((row + ends[0] + 1, R * (nvals + 1) + row + last + 1))]
    return look[:R] | look[R:], over


def hall_intervals(masks: np.ndarray, units: np.ndarray, nvals: int):
    """Puget's Hall intervals: detect them on the variables' bounds, remove them elsewhere
    (``_hall_removals``)."""
    um = masks[:, units].reshape(-1, units.shape[1])             # (R, V): R = grids × units
    lo, hi = _bounds(um.reshape(-1))
    loses, over = _hall_removals(lo.reshape(um.shape), hi.reshape(um.shape), nvals)
    out = _without(masks, units.reshape(-1), loses.reshape(len(masks), -1))
    return out, over.reshape(len(masks), -1).any(axis=1) | (out == 0).any(axis=1)


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
    out = _without(masks, units.reshape(-1), remove.reshape(B, -1))
    return out, over | _unit_fixed(out[:, units])[2] | (out == 0).any(axis=1)


FILTER_FUNCS = {"ac3": ac3, "hall_intervals": hall_intervals, "hall_sets": hall_sets}


def _signature(m: np.ndarray, kind: str):
    """What a filter reads of a domain: AC-3 its value once fixed, the Hall intervals its bounds,
    the Hall sets all of it. A unit none of whose cells changed its signature since the unit's
    last round has nothing new to say: the removals it would make are the ones it made then."""
    if kind == "ac3":
        return np.where((m & (m - 1)) == 0, m, -1)
    if kind == "hall_intervals":
        return _bounds(m.reshape(-1))
    return m


def _changed(old, new) -> np.ndarray:
    """Cells whose signature changed (a signature is an array, or a pair of arrays: bounds)."""
    if isinstance(old, tuple):
        return (old[0] != new[0]) | (old[1] != new[1])
    return old != new


@lru_cache(maxsize=8)
def _layout(key: bytes, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """member[cell, unit]: the cell belongs to the unit; of_cell[cell]: its units, and peers[cell]:
    the other cells of its units, some more than once (a cell with fewer units than the most
    repeats its first; removing a value twice, or marking a unit twice, is doing it once)."""
    units = np.frombuffer(key, dtype=np.int64).reshape(shape)
    cells = int(units.max()) + 1
    member = np.zeros((cells, shape[0]), dtype=bool)
    member[units, np.arange(shape[0])[:, None]] = True
    count = member.sum(axis=1)
    order = np.argsort(~member, axis=1, kind="stable")[:, :count.max()]
    of_cell = np.where(np.arange(count.max()) < count[:, None], order, order[:, :1])
    near = units[of_cell].reshape(cells, -1)
    me = near == np.arange(cells)[:, None]
    if me.all(axis=1).any():
        raise ValueError("every cell must share a unit with another cell")
    first = near[np.arange(cells), np.argmax(~me, axis=1)]
    return member, of_cell, np.where(me, first[:, None], near)


_LAYOUTS: dict[int, tuple[np.ndarray, tuple]] = {}


def _layout_of(units: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_layout`` of an int64 units array, looked up by the array's identity first (a solver
    passes the same array at every filtering; the key by content costs a copy of it)."""
    hit = _LAYOUTS.get(id(units))
    if hit is not None and hit[0] is units:
        return hit[1]
    layout = _layout(units.tobytes(), units.shape)
    if len(_LAYOUTS) > 8:
        _LAYOUTS.clear()
    _LAYOUTS[id(units)] = (units, layout)
    return layout


def peer_table(units: np.ndarray) -> np.ndarray:
    """Each cell's peers, each once and ascending, as rows of one array (cells, peers): for
    units in which every cell has as many peers, as a Sudoku's (``grid.geometry(n).units``).
    The one home of peers: the forms callers need are views of it (``moves._peers_and_self``
    puts the cell first; ``alldiff_ls`` keeps the open cells' rows, renumbered), and the
    singles' waves use ``_layout``'s rows, the same peers with repeats left in."""
    units = np.asarray(units, dtype=np.int64)
    near = np.sort(_layout(units.tobytes(), units.shape)[2], axis=1)
    first = np.ones(near.shape, dtype=bool)
    first[:, 1:] = near[:, 1:] != near[:, :-1]
    return near[first].reshape(len(near), -1)


def _naked_singles(m: np.ndarray, fresh: np.ndarray, peers: np.ndarray) -> tuple[np.ndarray, bool, int]:
    """AC-3's fixpoint on one grid from the cells just fixed (`fresh`): their values leave their
    peers, in waves — each wave every fresh cell at once, the next wave the cells it fixed.
    Returns (m, failed, waves); a peer fixed to the same value is left empty, which fails.

    These are naked singles, as ``propagate.eliminate`` does them over a whole grid; that rule
    run to its fixpoint instead (rounds over every unit) gave the same runs but slower whole
    runs of alldiff_tabu, CPU time per iteration over 300 iterations with the same seed
    (2-core machine, load ≈ 14): 9×9 2.26 against 1.31 ms, 16×16 1.63 / 1.08, 25×25 2.72 /
    1.80, 36×36 2.95 / 2.06 — a wave touches only the peers of the cells just fixed."""
    waves = 0
    while len(fresh):
        waves += 1
        gone = np.zeros(len(m), dtype=np.int64)
        np.bitwise_or.at(gone, peers[fresh], m[fresh][:, None])
        new = m & ~gone
        hit = (m & gone).nonzero()[0]                            # the cells that lost a value
        left = new[hit]
        if np.count_nonzero(left) < len(left):
            return new, True, waves
        fresh = hit[(left & (left - 1)) == 0]
        m = new
    return m, False, waves


def fixpoint_parts(masks: np.ndarray, units: np.ndarray, nvals: int, kind: str = "hall_intervals",
                   max_rounds: int = 1000, since: np.ndarray | None = None,
                   hidden: bool = False) -> Generator[None, None, tuple[np.ndarray, bool, int]]:
    """``fixpoint`` for one grid, as a generator that pauses (yields None) after each round of
    the filter, so that a caller can hand control back between rounds (the page's slices:
    docs/protocol.md, "The run protocol"); it returns what ``fixpoint`` returns.

    Naked singles from the cells just fixed (in waves), hidden singles if asked, then a round
    of the filter over the units with a changed signature and two open cells or more (with
    fewer, naked singles have said everything), and again until nothing changes."""
    plain = nvals <= PLAIN_PYTHON_MAX_VALUES if PLAIN_PYTHON is None else PLAIN_PYTHON
    if plain and kind != "hall_sets":          # the caller's own array: its tables are looked up by identity
        return (yield from filter_lists.fixpoint_parts(masks, units, nvals, kind, max_rounds, since, hidden))
    if units.dtype != np.int64:
        units = units.astype(np.int64)
    m = masks.astype(np.int64)
    member, of_cell, peers = _layout_of(units)
    if np.count_nonzero(m) < len(m):
        return m, True, 0
    single = (m & (m - 1)) == 0
    todo = np.zeros(len(units), dtype=bool)
    if since is None:
        fresh = single.nonzero()[0]
        todo[:] = True
        sig = _signature(m, kind)
    else:
        fresh = (single & ((since & (since - 1)) != 0)).nonzero()[0]
        sig = _signature(since, kind)
    n = int(round(nvals ** 0.5))
    rounds = waves = 0
    while True:
        m, failed, w = _naked_singles(m, fresh, peers)
        waves += w
        if failed:
            return m, True, rounds
        if hidden:
            placed, failed = hidden_singles(m, n)
            if failed:
                return placed, True, rounds
            fresh = (placed != m).nonzero()[0]
            if len(fresh):
                m = placed
                continue
        if kind == "ac3":
            return m, False, max(waves, 1)
        new_sig = _signature(m, kind)
        todo[of_cell[_changed(sig, new_sig).nonzero()[0]]] = True
        sig = new_sig
        if kind == "hall_intervals":
            todo &= np.count_nonzero(sig[0][units] != sig[1][units], axis=1) > 1
        else:
            um = m[units]
            todo &= np.count_nonzero(um & (um - 1), axis=1) > 1
        if not np.count_nonzero(todo) or rounds >= max_rounds:
            return m, False, rounds
        cells = units[todo]
        rounds += 1
        if kind == "hall_intervals":
            loses, over = _hall_removals(sig[0][cells], sig[1][cells], nvals)
            if np.count_nonzero(over):
                return m, True, rounds
            new = _without(m[None], cells.reshape(-1), loses.reshape(1, -1))[0]
            if np.count_nonzero(new) < len(new):
                return new, True, rounds
        else:
            new, fail = FILTER_FUNCS[kind](m[None], cells, nvals)
            new = new[0]
            if fail[0]:
                return new, True, rounds
        new_sig = _signature(new, kind)
        changed = _changed(sig, new_sig)
        todo[:] = False
        todo[of_cell[changed.nonzero()[0]]] = True
        fresh = (changed & ((new & (new - 1)) == 0) & ((m & (m - 1)) != 0)).nonzero()[0]
        m, sig = new, new_sig
        yield


def fixpoint(masks: np.ndarray, units: np.ndarray, nvals: int, kind: str = "hall_intervals",
             max_rounds: int = 1000, since: np.ndarray | None = None, hidden: bool = False):
    """Apply a filter over the units until no domain changes (or a grid fails).

    Each round looks only at the units with a cell whose signature (what the filter reads of
    it) changed since. For one grid, naked singles run first, from the cells just fixed
    (the AC-3 part every filter holds); `since` may give domains that were already this
    filter's fixpoint before `masks` tightened them (masks ⊆ since): then only what changed
    since is re-examined, and the result is the same as filtering `masks` from scratch (see
    the module docstring). With `hidden`, the fixpoint is also closed under hidden singles
    (``propagate.hidden_singles``; the units must be a Sudoku's, ``grid.geometry(n).units``).
    Returns (masks, failed, rounds) where rounds counts the filter's rounds (AC-3: its
    waves). For one grid, filtering stops at a failure; failed grids of a batch keep the masks
    of the round before.
    """
    if masks.ndim == 1:
        m, failed, rounds = complete(fixpoint_parts(masks, units, nvals, kind, max_rounds, since, hidden))
        return m, bool(failed), rounds
    units = np.asarray(units, dtype=np.int64)
    m = masks.astype(np.int64)
    fn = FILTER_FUNCS[kind]
    member = _layout_of(units)[0]
    failed = (m == 0).any(axis=1)
    sig = _signature(m.reshape(-1), kind)
    todo = np.ones(len(units), dtype=bool)
    rounds = 0
    n = int(round(nvals ** 0.5))
    while rounds < max_rounds:
        new = m
        if todo.any():
            new, fail = fn(m, units[todo], nvals)
            rounds += 1
            failed |= fail
        if hidden:
            new, fail = hidden_singles(new, n)
            failed |= fail
        m_next = np.where(failed[:, None], m, new)
        new_sig = _signature(m_next.reshape(-1), kind)
        todo = member[_changed(sig, new_sig).reshape(len(m), -1).any(axis=0)].any(axis=0)
        sig = new_sig
        if np.array_equal(m_next, m):
            break
        m = m_next
    return m, failed, rounds

"""``filtering.fixpoint_parts`` for one grid in plain Python over lists of int masks: AC-3 and
Puget's Hall intervals, the same steps, rounds, pauses and results as the numpy code.

A filtering after a move touches a few dozen masks; the numpy code makes ~100 calls to do it,
each paying numpy's fixed cost (about a microsecond) for little work. Here the masks are a
Python list and each step visits only what changed:

* naked singles in waves, as the numpy code: each fresh cell's value leaves its peers at once;
* a cell's signature (its bounds) is compared only where its mask changed since the last
  comparison;
* a round of Hall intervals over a unit reasons on its open cells only. After naked singles a
  unit's fixed cells hold distinct values that no other cell of the unit has, so an interval
  of values [a, b] holds as many fixed cells as fixed values: it is a Hall interval (or
  over-full) exactly when its open cells number as many as (more than) its free values (the
  values no cell of the unit is fixed to). Numbering the free values 0, 1, … (ranks), the Hall
  intervals are found among the open cells' rank bounds, k cells over k ranks, and every open
  cell loses the free values of those Hall intervals that do not contain its bounds: what the
  numpy ``_hall_removals`` takes from it (a fixed cell loses nothing in either). What a unit's
  round says is a function of its masks alone, so it is remembered (``_MEMO``, up to
  ``MEMO_SIZE`` units a size): a take-back rebuilds from the same root with much the same
  assignments, and meets the same units again.

The Hall-set filter and batches stay numpy (``filtering``). Which path a filtering takes, and
the figures behind it: ``filtering``'s module docstring.
"""

from __future__ import annotations

from typing import Generator

import numpy as np

from .propagate import hidden_singles

_TABLES: dict[int, tuple[np.ndarray, tuple]] = {}


def _tables(units: np.ndarray) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The units as tuples of cells; each cell's units and its peers (the other cells of its
    units, each once); looked up by the array's identity (a solver passes the same array)."""
    hit = _TABLES.get(id(units))
    if hit is not None and hit[0] is units:
        return hit[1]
    rows = [tuple(u) for u in units.tolist()]
    cells = max(max(u) for u in rows) + 1
    of_cell: list[list[int]] = [[] for _ in range(cells)]
    for i, u in enumerate(rows):
        for c in u:
            if i not in of_cell[c]:
                of_cell[c].append(i)
    peers = [tuple(sorted({p for i in of_cell[c] for p in rows[i]} - {c})) for c in range(cells)]
    tables = (rows, [tuple(x) for x in of_cell], peers)
    if len(_TABLES) > 8:
        _TABLES.clear()
    _TABLES[id(units)] = (units, tables)
    return tables


def _moved(before: int, after: int) -> bool:
    """Whether a mask's bounds (its signature) changed: its lowest or its highest value."""
    return (before & -before) != (after & -after) or before.bit_length() != after.bit_length()


def _naked_singles(m: list[int], fresh: list[int], peers, base: dict[int, int]) -> tuple[bool, int]:
    """AC-3's fixpoint from the cells just fixed, in waves (as ``filtering._naked_singles``), in
    place; `base` keeps each changed cell's mask before its first change. Returns (failed, waves).
    A wave reads its fresh cells' values first, then clears them from the peers one by one:
    clearing bits commutes, so this is the numpy code's wave, all at once."""
    waves = 0
    while fresh:
        waves += 1
        values = [m[f] for f in fresh]
        nxt = []
        failed = False
        for f, v in zip(fresh, values):
            for p in peers[f]:
                x = m[p]
                if x & v:
                    if p not in base:
                        base[p] = x
                    x ^= v
                    m[p] = x
                    if not x & (x - 1):
                        if x:
                            nxt.append(p)
                        else:
                            failed = True
        if failed:
            return True, waves
        fresh = nxt
    return False, waves


_NOTHING = object()                               # fewer than two open cells: no round over the unit
_OVER = object()                                  # an over-full interval: a failure
MEMO_SIZE = 4096
_MEMO: dict[int, dict[tuple[int, ...], object]] = {}


def _unit_says(masks: tuple[int, ...], full: int):
    """One unit's Hall-interval round on its masks (in rank space, module docstring): the
    losses of its open cells as ((position, values), ...), or ``_OVER`` if an interval is
    over-full, or ``_NOTHING`` with fewer than two open cells (remembered: ``_MEMO``)."""
    fixed = 0
    opens = []
    for i, x in enumerate(masks):
        if x & (x - 1):
            opens.append(i)
        else:
            fixed |= x
    if len(opens) < 2:
        return _NOTHING
    free = full & ~fixed
    nfree = free.bit_count()
    bounds = []
    ends: list = [None] * nfree                   # by rank: the his of the cells starting there
    low_bit = [0] * nfree                         # by rank: its value's bit
    high_bit = [0] * nfree
    for i in opens:
        x = masks[i]
        lo_b = x & -x
        hi_b = 1 << (x.bit_length() - 1)
        lo, hi = (free & (lo_b - 1)).bit_count(), (free & (hi_b - 1)).bit_count()
        bounds.append((lo, hi))
        low_bit[lo] = lo_b
        high_bit[hi] = hi_b
        if ends[lo] is None:
            ends[lo] = [hi]
        else:
            ends[lo].append(hi)
    count = [0] * nfree                           # cells with lo >= p, by hi
    inside = 0
    halls = []
    for p in range(nfree - 1, -1, -1):
        his = ends[p]
        if his is None:
            continue
        for hi in his:
            count[hi] += 1
        inside += len(his)
        n = 0
        for q in range(p, min(nfree, p + inside)):
            n += count[q]
            if n >= q - p + 1:
                if n > q - p + 1:
                    return _OVER
                if p or q < nfree - 1:            # every open cell is inside [0, nfree - 1]
                    # a cell ends at q (else the interval ending at q - 1 was over-full)
                    halls.append((p, q, free & ((high_bit[q] << 1) - low_bit[p])))
    said = []
    if halls:
        for i, (lo, hi) in zip(opens, bounds):
            loses = 0
            for p, q, bits in halls:
                if p > lo or q < hi:
                    loses |= bits
            if loses & masks[i]:
                said.append((i, loses))
    return tuple(said)


def fixpoint_parts(masks: np.ndarray, units: np.ndarray, nvals: int, kind: str, max_rounds: int,
                   since: np.ndarray | None,
                   hidden: bool) -> Generator[None, None, tuple[np.ndarray, bool, int]]:
    """``filtering.fixpoint_parts`` for `kind` "ac3" or "hall_intervals", the same pauses and
    returns (the masks as a new int64 array)."""
    rows, of_cell, peers = _tables(units)
    out = masks.astype(np.int64)
    m = out.tolist()
    if 0 in m:
        return out, True, 0

    def result(failed: bool, rounds: int):
        return np.array(m, dtype=np.int64), failed, rounds

    base: dict[int, int] = {}                     # masks at the last signature, of cells changed since
    todo: set[int] = set()
    if since is None:
        fresh = [c for c, x in enumerate(m) if not x & (x - 1)]
        todo.update(range(len(rows)))
    else:
        fresh = []
        diff = np.flatnonzero(out != since)
        for c, before in zip(diff.tolist(), since[diff].tolist()):
            x = m[c]
            base[c] = before
            if not x & (x - 1) and before & (before - 1):
                fresh.append(c)
    n = int(round(nvals ** 0.5))
    full = (1 << nvals) - 1
    memo = _MEMO.setdefault(full, {})
    rounds = waves = 0
    while True:
        failed, w = _naked_singles(m, fresh, peers, base)
        waves += w
        if failed:
            return result(True, rounds)
        if hidden:
            now = np.array(m, dtype=np.int64)
            placed, failed = hidden_singles(now, n)
            if failed:
                return placed, True, rounds
            fresh = np.flatnonzero(placed != now).tolist()
            if fresh:
                for c, x in zip(fresh, placed[fresh].tolist()):
                    if c not in base:
                        base[c] = m[c]
                    m[c] = x
                continue
        if kind == "ac3":
            return result(False, max(waves, 1))
        for c, before in base.items():
            if _moved(before, m[c]):
                todo.update(of_cell[c])
        base = {}
        gone: dict[int, int] = {}
        worked = False
        for u in sorted(todo):
            unit = rows[u]
            key = tuple(map(m.__getitem__, unit))
            said = memo.get(key)
            if said is None:
                said = _unit_says(key, full)
                if len(memo) >= MEMO_SIZE:
                    memo.clear()
                memo[key] = said
            if said is _NOTHING:
                continue
            if rounds >= max_rounds:
                break
            worked = True
            if said is _OVER:
                return result(True, rounds + 1)
            for i, loses in said:
                c = unit[i]
                gone[c] = gone.get(c, 0) | loses
        if not worked:
            return result(False, rounds)
        rounds += 1
        todo = set()
        fresh = []
        empty = False
        for c, g in gone.items():
            x = m[c]
            if x & g:
                new = x & ~g
                m[c] = new
                if _moved(x, new):
                    todo.update(of_cell[c])
                    if not new & (new - 1):
                        if new:
                            fresh.append(c)
                        else:
                            empty = True
        if empty:
            return result(True, rounds)
        yield

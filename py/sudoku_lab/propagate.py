"""Constraint propagation on candidate masks — naked and hidden singles to a fixpoint, for a
whole batch of grids at once.

The metaheuristics that work on large grids propagate *inside* their search, not only before
it (Lewis 2007 couples annealing with constraint programming; Lloyd & Amos 2020 propagate
after every value an ant places; Soto et al. 2015 filter at every iteration). This module is
the lab's one propagation rule, shared by every solver's ``propagate`` option, the ant colony
solver, the generator and the puzzle rating:

* **naked single** — a cell with one candidate left: its value leaves every peer;
* **hidden single** — a value with one place left in a row, column or box: it goes there.

Repeated until nothing changes, this is the propagation Lloyd & Amos describe ("remove the
value from the cell's peers; a value with one place left in a unit is placed there; repeat").
It never removes a value that a solution of the grid has in that cell, so it is safe inside
any search. A grid *fails* when a cell has no candidate left, two cells of a unit are fixed to
one value, a value has no place left in a unit, or one cell is the only place of two values.

Masks are int64 arrays of shape (B, N·N) — bit v−1 set means value v is still possible
(``constraints.candidate_masks`` makes one from a board) — so 36×36 fits (36 bits). Each
round is a handful of numpy operations over every unit of every grid; no Python loop runs per
cell, per position in a unit or per grid.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .bits import full_mask, is_single, lowest_index, popcount
from .constraints import candidate_masks
from .grid import geometry


def _batch(masks) -> tuple[np.ndarray, bool]:
    m = np.asarray(masks, dtype=np.int64)
    return (m[None, :] if m.ndim == 1 else m), m.ndim == 1


@lru_cache(maxsize=None)
def _unit_order(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For rows, columns and boxes: where each cell sits in the block's unit-by-unit order,
    so a per-(unit, position) array of one block maps back onto cells with one gather."""
    g = geometry(n)
    return tuple(np.argsort(block.reshape(-1)) for block in (g.rows, g.cols, g.boxes))


is_fixed = is_single          # cells with exactly one candidate (bits.is_single, by the name used here)


def fixed_values(masks) -> np.ndarray:
    """The value of every fixed cell, 0 elsewhere (same shape as `masks`)."""
    m = np.asarray(masks, dtype=np.int64)
    out = np.zeros(m.shape, dtype=np.int8)
    single = is_fixed(m)
    out[single] = lowest_index(m[single]) + 1
    return out


def eliminate(masks, n: int) -> tuple[np.ndarray, np.ndarray]:
    """One round of naked singles: every fixed value leaves the unfixed cells of its units.
    Returns (masks, failed per grid); a unit holding one value in two fixed cells, or a cell
    left with nothing, fails its grid."""
    m, single_grid = _batch(masks)
    g = geometry(n)
    um = m[:, g.units]                                            # (B, 3N, N)
    fixed = is_fixed(um)
    unit_fixed = np.bitwise_or.reduce(np.where(fixed, um, 0), axis=2)          # (B, 3N)
    clash = (popcount(unit_fixed) < np.count_nonzero(fixed, axis=2)).any(axis=1)
    forbid = unit_fixed[:, g.row_of] | unit_fixed[:, g.N + g.col_of] | unit_fixed[:, 2 * g.N + g.box_of]
    out = np.where(is_fixed(m), m, m & ~forbid)
    failed = clash | (out == 0).any(axis=1)
    return (out[0], failed[0]) if single_grid else (out, failed)


def hidden_singles(masks, n: int) -> tuple[np.ndarray, np.ndarray]:
    """One round of hidden singles: a value with one place in a unit is fixed there.
    Returns (masks, failed per grid); a value with no place in a unit, or a cell that is the
    only place of two different values, fails its grid."""
    m, single_grid = _batch(masks)
    g = geometry(n)
    um = m[:, g.units]                                            # (B, 3N, N)
    seen = np.bitwise_or.accumulate(um, axis=2)                   # values seen up to each position
    once = seen[:, :, -1]                                         # bits seen once, and more than once
    twice = np.bitwise_or.reduce(um[:, :, 1:] & seen[:, :, :-1], axis=2)
    full = full_mask(g.N)
    failed = ((once != full).any(axis=1))                         # a value with nowhere to go
    # values with one place in the unit; a fixed cell whose value is nowhere else in the unit is
    # told its own value, which changes nothing (so fixed values need not be set apart)
    hit = um & (once & ~twice)[:, :, None]                        # (B, 3N, N): values to fix, by position
    B, N = len(m), g.N
    _, cols, boxes = _unit_order(n)                               # rows are in cell order already
    told = (hit[:, :N].reshape(B, -1) | hit[:, N:2 * N].reshape(B, -1)[:, cols]
            | hit[:, 2 * N:].reshape(B, -1)[:, boxes])            # (B, cells)
    failed |= ((told & (told - 1)) != 0).any(axis=1)
    out = np.where(told != 0, told, m)
    return (out[0], failed[0]) if single_grid else (out, failed)


def singles(masks, n: int, max_rounds: int | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """Naked and hidden singles repeated until no mask changes (or `max_rounds` rounds).

    Returns (masks, failed, rounds) — for a batch, `failed` is per grid and a failed grid
    keeps the masks it had when it failed; for one grid (masks of shape (N·N,)), a bool.
    """
    m, single_grid = _batch(masks)
    failed = (m == 0).any(axis=1)
    rounds = 0
    while max_rounds is None or rounds < max_rounds:
        rounds += 1
        new, fail = eliminate(m, n)
        new, fail2 = hidden_singles(new, n)
        fail |= fail2
        new = np.where((failed | fail)[:, None], m, new)
        failed |= fail
        if np.array_equal(new, m):
            break
        m = new
    return (m[0], bool(failed[0]), rounds) if single_grid else (m, failed, rounds)


# ------------------------------------------------------------------ going on past a failed cell
# The ant colony (solvers/acs.py; Lloyd & Amos 2020) propagates after every value an ant places
# and carries on when a cell runs out of candidates: the failed cell is skipped and the rest of
# the grid keeps propagating. `singles` stops a grid at its first failure (right for a proof);
# `settle` is the same two rules in the form an ant needs, in a layout built for its speed:
# masks are cell-major, (N·N, B) — one column per grid — so that the rows, columns and boxes
# are strided views of it (no gather) and every operation runs over whole rows of B values;
# "a value in two cells of the unit" comes from one cumulative OR along the unit (a cell holding
# a value already seen before it), two operations where `singles` takes one per position.
# Measured against `singles`: 2.4-4.7 times cheaper per round (docs/benchmarks-history.md,
# "`acs`: propagation per round, the shared `singles` against `settle`").

def _buffer(scratch: dict | None, name: str, shape: tuple, dtype) -> np.ndarray | None:
    """A reusable array for `out=`: fresh large arrays cost page faults natively (36×36 rounds
    ran 3 times slower allocating theirs), so a caller that runs many rounds lends a dict."""
    if scratch is None:
        return None
    key = (name, shape, np.dtype(dtype))
    if key not in scratch:
        scratch[key] = np.empty(shape, dtype=dtype)
    return scratch[key]


def _units(m: np.ndarray, n: int, scratch: dict | None = None) -> np.ndarray:
    """Cell-major (N·N, B) -> (N, 3N, B): position in the unit, then rows, columns, boxes."""
    N = n * n
    g = m.reshape(N, N, -1)
    boxes = m.reshape(n, n, n, n, -1).transpose(1, 3, 0, 2, 4).reshape(N, N, -1)
    out = _buffer(scratch, "units", (N, 3 * N, m.shape[1]), m.dtype)
    return np.concatenate([g.transpose(1, 0, 2), g, boxes], axis=1, out=out)


def _by_cell(per_unit: np.ndarray, n: int) -> np.ndarray:
    """(3N, B) per unit -> (N·N, B): the OR over each cell's row, column and box."""
    N, B = n * n, per_unit.shape[-1]
    rows_cols = per_unit[:N, None] | per_unit[None, N:2 * N]
    return (rows_cols.reshape(n, n, n, n, B) | per_unit[2 * N:].reshape(n, 1, n, 1, B)).reshape(N * N, B)


def _seen(u: np.ndarray, scratch: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For values laid out (positions, units, B): per unit, the values present at all and those
    present in two cells or more (a cell holding a value already seen before it in the unit)."""
    before = np.bitwise_or.accumulate(u, axis=0, out=_buffer(scratch, "before", u.shape, u.dtype))
    both = _buffer(scratch, "both", u.shape, u.dtype)
    both = np.bitwise_and(u[1:], before[:-1], out=None if both is None else both[1:])
    return before[-1].copy(), np.bitwise_or.reduce(both, axis=0)


def settle_round(masks: np.ndarray, decided: np.ndarray, n: int,
                 scratch: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One round of `settle` on cell-major masks (N·N, B), given `decided` = the cells with at
    most one candidate. Returns the new masks, their `decided`, and which grids changed (a
    grid that did not change is at its fixpoint). `scratch`: a dict of reusable arrays."""
    fixed_in, twice = _seen(_units(np.where(decided, masks, 0), n, scratch), scratch)
    new = np.where(decided, masks, masks & ~_by_cell(fixed_in, n))
    if twice.any():                                  # a value fixed in two cells of a unit
        new[decided & ((masks & _by_cell(twice, n)) != 0)] = 0
    anywhere, twice = _seen(_units(new, n, scratch), scratch)
    told = new & _by_cell(anywhere & ~twice, n)
    told &= -told                                    # the lowest value told
    np.copyto(new, told, where=told != 0)
    now = (new & (new - 1)) == 0
    return new, now, (now != decided).any(axis=0)


def settle(masks: np.ndarray, n: int) -> int:
    """Naked and hidden singles to a fixpoint, in place, on cell-major masks (N·N, B); any
    signed integer type wide enough for N bits. Returns the number of rounds.

    A round: every fixed value leaves the unfixed cells of its units, and cells of a unit fixed
    to one value all fail (are left with no candidate); then every value with one place left
    in a unit is fixed there (a cell that is the only place of two values takes the lower). A
    cell with no candidate is failed: it stays empty, takes part in nothing, and the grid goes
    on. Grids that never fail reach exactly the fixpoint of `singles` (both rules only remove
    what no solution has, so their order does not matter); the tie-breaks only decide which
    cells of a contradiction fail. A grid is at its fixpoint after the first round in which
    its set of decided cells (at most one candidate) did not change: the next round would
    find nothing new to eliminate and the same masks to scan.
    """
    decided = (masks & (masks - 1)) == 0
    work, cols = masks, None                         # the grids still changing, and which they are
    scratch: dict = {}
    rounds = 0
    while True:
        rounds += 1
        new, decided, changed = settle_round(work, decided, n, scratch)
        if cols is None:
            masks[...] = new
        else:
            masks[:, cols] = new
        if not changed.any():
            return rounds
        if not changed.all():                        # go on with the grids that changed
            cols = np.flatnonzero(changed) if cols is None else cols[changed]
            new, decided = new[:, changed], decided[:, changed]
        work = new


# ------------------------------------------------------------------ a boolean table (to 64 values)
def candidate_table(cells, n: int) -> tuple[np.ndarray, bool]:
    """Each cell's candidates after naked and hidden singles, as a bool (cells, N) table, and
    whether the grid failed. The same fixpoint as :func:`singles`; past 62 values (64×64), where
    the int64 masks cannot hold a value, the same two rules run on the boolean table instead
    (:func:`_table_singles`, the documented second path)."""
    g = geometry(n)
    N = g.N
    if N <= 62:
        masks, failed, _ = singles(candidate_masks(cells, n), n)
        return ((masks[:, None] >> np.arange(N)) & 1).astype(bool), bool(failed)
    cells = np.asarray(cells).reshape(-1)
    dom = np.ones((N * N, N), dtype=bool)
    given = np.flatnonzero(cells)
    dom[given] = False
    dom[given, cells[given].astype(np.intp) - 1] = True
    return _table_singles(dom, n)


def _table_singles(dom: np.ndarray, n: int) -> tuple[np.ndarray, bool]:
    """Naked and hidden singles to a fixpoint on a boolean (cells, N) table. Returns (table, failed)."""
    g = geometry(n)
    N = g.N
    while True:
        count = dom.sum(axis=1)
        if (count == 0).any():
            return dom, True
        fixed = dom & (count == 1)[:, None]
        in_unit = fixed[g.units].sum(axis=1)                     # (3N, N) fixed holders per value
        if (in_unit > 1).any():
            return dom, True
        taken = (in_unit[:N][g.row_of] | in_unit[N:2 * N][g.col_of] | in_unit[2 * N:][g.box_of]) > 0
        new = np.where((count == 1)[:, None], dom, dom & ~taken)
        places = new[g.units].sum(axis=1)                        # (3N, N) cells that can take v
        if (places == 0).any():
            return new, True
        once = places == 1
        told = new & (once[:N][g.row_of] | once[N:2 * N][g.col_of] | once[2 * N:][g.box_of])
        if (told.sum(axis=1) > 1).any():
            return new, True
        new = np.where(told.any(axis=1)[:, None], told, new)
        if np.array_equal(new, dom):
            return new, False
        dom = new

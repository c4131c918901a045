"""Vectorised scoring of whole batches of boards.

Every function takes boards of shape (B, N*N) (or one board of shape (N*N,)) and the box
size n, and scores all of them in a handful of numpy operations: a population of 5000 is
one call, not 5000.

The lab's common measures (docs/protocol.md, "The run protocol"), computed by the runner from
every solver's best board: ``conflicts`` — for every row, column and box, the number of
cells whose digit already appears earlier in that unit (empty cells never conflict) — and
``open_cells`` — the cells that are empty or clash with a peer, 0 exactly when solved.
"""

from __future__ import annotations

import numpy as np

from .grid import geometry


def _batch(boards) -> tuple[np.ndarray, bool]:
    b = np.asarray(boards)
    single = b.ndim == 1
    return (b[None, :] if single else b), single


def unit_counts(boards, n: int, units: np.ndarray | None = None) -> np.ndarray:
    """Digit counts per unit: (B, U, N+1); column 0 counts empty cells."""
    b, _ = _batch(boards)
    g = geometry(n)
    units = g.units if units is None else units
    vals = b[:, units].astype(np.intp)                # (B, U, N)
    B, U, _ = vals.shape
    offsets = (np.arange(B * U) * (g.N + 1)).reshape(B, U, 1)
    counts = np.bincount((vals + offsets).reshape(-1), minlength=B * U * (g.N + 1))
    return counts.reshape(B, U, g.N + 1)


def conflicts(boards, n: int):
    """Duplicate digits over rows, columns and boxes (int, or (B,) array for a batch)."""
    b, single = _batch(boards)
    c = unit_counts(b, n)[:, :, 1:]
    dup = np.maximum(c - 1, 0).sum(axis=(1, 2))
    return int(dup[0]) if single else dup


def distinct_rows_cols(boards, n: int):
    """Σ over rows and columns of the number of distinct digits (the papers' f1 / fitness)."""
    b, single = _batch(boards)
    g = geometry(n)
    c = unit_counts(b, n, g.units[: 2 * g.N])[:, :, 1:]
    f = (c > 0).sum(axis=(1, 2))
    return int(f[0]) if single else f


def clashing_cells(board, n: int) -> np.ndarray:
    """Boolean mask of the cells that share a digit with another cell of one of their units."""
    board = np.asarray(board).reshape(-1)
    g = geometry(n)
    counts = unit_counts(board, n)[0]                 # (3N, N+1)
    vals = board[g.units].astype(np.intp)            # (3N, N)
    hit = (np.take_along_axis(counts, vals, axis=1) > 1) & (vals > 0)
    mask = np.zeros(board.size, dtype=bool)
    mask[g.units[hit]] = True
    return mask


def open_cells(board, n: int, clashing: np.ndarray | None = None) -> int:
    """Cells still to get right: empty, or sharing a digit with a peer (0 exactly when solved).
    `clashing` is the board's clashing_cells when the caller has them already."""
    board = np.asarray(board).reshape(-1)
    if clashing is None:
        clashing = clashing_cells(board, n)
    return int(np.count_nonzero((board == 0) | clashing))


def empty_cells(board) -> int:
    """Cells with no digit. With the clashing cells (clashing_cells) they make open_cells: a
    full board can be far from solved, and the page names the two apart."""
    return int(np.count_nonzero(np.asarray(board) == 0))


def is_solution(puzzle, board) -> bool:
    """Full, conflict-free, every given kept: the only test a 'solved' claim must pass."""
    board = np.asarray(board).reshape(-1)
    if board.shape != puzzle.cells.shape or np.any(board < 1) or np.any(board > puzzle.N):
        return False
    if np.any(board[puzzle.givens] != puzzle.cells[puzzle.givens]):
        return False
    return conflicts(board, puzzle.n) == 0


def fault(puzzle, board) -> str | None:
    """Why `board` is not a solution of `puzzle`, in words (None when it is one): the first
    broken rule, rows before columns before boxes, then the givens ("row 3 has 7 twice"). The
    runner says it when a solver's claim fails (docs/protocol.md, "The run protocol")."""
    board = np.asarray(board).reshape(-1)
    N, g = puzzle.N, geometry(puzzle.n)
    if board.shape != puzzle.cells.shape:
        return f"the board has {board.size} cells, not {N * N}"
    for kind, units in (("row", g.rows), ("column", g.cols), ("box", g.boxes)):
        for u, cells in enumerate(units):
            vals = board[cells]
            bad = vals[(vals < 0) | (vals > N)]
            if bad.size:
                return f"{kind} {u + 1} holds {int(bad[0])}, not a value from 1 to {N}"
            if np.any(vals == 0):
                return f"{kind} {u + 1} has an empty cell"
            counts = np.bincount(vals.astype(np.intp), minlength=N + 1)
            twice = np.flatnonzero(counts > 1)
            if twice.size:
                v, k = int(twice[0]), int(counts[twice[0]])
                return f"{kind} {u + 1} has {v} " + ("twice" if k == 2 else f"{k} times")
    changed = np.flatnonzero(puzzle.givens & (board != puzzle.cells))
    if changed.size:
        c = int(changed[0])
        return f"row {c // N + 1}, column {c % N + 1} holds {int(board[c])} where the puzzle gives {int(puzzle.cells[c])}"
    return None

"""Pillay's nine human solving moves (Pillay, *Finding Solutions to Sudoku Puzzles Using Human
Intuitive Heuristics*, §3.1), applied to a stack of grids at once.

    r c b   row / column / block move: in each unit in turn, each missing digit (ascending)
            that fits exactly one empty cell of the unit is placed there
    w l k   3-row / 3-column / 3-block move: in each unit in turn that has exactly three
            empty cells, each of those cells in order where two of the three missing
            digits cannot go gets the third
    3 4 2   try-row / try-column / try-block move: in each unit in turn, the first missing
            digit (ascending) with exactly two possible cells is placed in one of them,
            chosen at random

"Fits" means: no cell of the cell's row, column or block holds the digit. Placements are
made as a unit is processed, so later digits of the same unit (and later units) see them;
no move can place a digit that clashes. A 3-move checks its three cells in order against
the unit's three missing digits, each check seeing the placements before it (the paper's
row-7 example places 8 in the third empty cell although the second already took 1). The
try moves may guess wrong; a wrong guess leaves the grid stuck, never invalid.

:class:`Grids` keeps, for every grid of the stack, the values and a table
``blocked[grid, cell, digit]`` (the digit is in a peer, or the cell is filled), so every
availability test is one gather. A move is applied to any subset of the stack; moves of
one family (r/c/b, w/l/k, 3/4/2) share one pass, each grid using its own unit type.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Generator, Iterator

import numpy as np

from .filtering import peer_table
from .grid import Puzzle, geometry
from .progress import PAUSE, complete

MOVES = "rcbwlk342"
# move -> (family, unit type: 0 rows, 1 columns, 2 blocks)
KIND = {"r": (0, 0), "c": (0, 1), "b": (0, 2), "w": (1, 0), "l": (1, 1), "k": (1, 2),
        "3": (2, 0), "4": (2, 1), "2": (2, 2)}
MOVE_CODE = {m: i for i, m in enumerate(MOVES)}
CODE_FAMILY = np.array([KIND[m][0] for m in MOVES])
CODE_UNIT = np.array([KIND[m][1] for m in MOVES])
_CODE_OF_BYTE = np.full(256, -1, dtype=np.int8)
_CODE_OF_BYTE[np.frombuffer(MOVES.encode("ascii"), dtype=np.uint8)] = np.arange(len(MOVES))


@lru_cache(maxsize=None)
def _peers_and_self(n: int) -> np.ndarray:
    """Each cell, then its peers: a thin view of ``filtering.peer_table`` (the one home of
    peers) with the cell first, so one gather marks a placed digit in its cell and its peers."""
    peers = peer_table(geometry(n).units)
    return np.hstack([np.arange(len(peers))[:, None], peers])


class Grids:
    """A stack of grids with their blocked-digit tables, and a log of every placement."""

    def __init__(self, puzzle: Puzzle, count: int, log: bool = False):
        g = geometry(puzzle.n)
        self.n, self.N = puzzle.n, g.N
        self.units = g.units.reshape(3, g.N, g.N)                    # [type, unit, position]
        self.ps = _peers_and_self(puzzle.n)
        self.values = np.tile(puzzle.cells.astype(np.int8), (count, 1))
        one = np.zeros((g.N * g.N, g.N + 1), dtype=bool)              # the puzzle's table, then copies
        filled = np.flatnonzero(puzzle.cells)
        one[self.ps[filled], puzzle.cells[filled, None]] = True
        one[filled, :] = True
        self.blocked = np.tile(one, (count, 1, 1))
        self.logging = log
        self.log: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
        self.step = 0

    @property
    def empty(self) -> np.ndarray:
        return np.count_nonzero(self.values == 0, axis=1)

    def place(self, grids: np.ndarray, cells: np.ndarray, digits: np.ndarray) -> None:
        if len(grids) == 0:
            return
        self.values[grids, cells] = digits
        self.blocked[grids[:, None], self.ps[cells], digits[:, None]] = True
        self.blocked[grids, cells, :] = True
        if self.logging:
            self.log.append((grids.copy(), cells.copy(), digits.copy(), self.step))

    # ------------------------------------------------------------------ the three families
    def single(self, gi: np.ndarray, utype: np.ndarray) -> Iterator[None]:
        """r / c / b on grids `gi`, each with its unit type."""
        N = self.N
        pos = np.arange(N)
        for u in range(N):
            yield PAUSE
            cells = self.units[utype, u]                              # (G, N)
            avail = ~self.blocked[gi[:, None], cells, 1:]             # (G, N cells, N digits)
            taken = np.zeros(cells.shape, dtype=bool)
            where = np.full((len(gi), N), -1)
            for d in range(N):
                a = avail[:, :, d] & ~taken
                one = np.count_nonzero(a, axis=1) == 1
                x = a.argmax(1)
                taken |= one[:, None] & (pos == x[:, None])
                where[:, d] = np.where(one, x, -1)
            g_idx, d_idx = np.nonzero(where >= 0)
            self.place(gi[g_idx], cells[g_idx, where[g_idx, d_idx]], (d_idx + 1).astype(np.int8))

    def three(self, gi: np.ndarray, utype: np.ndarray) -> Iterator[None]:
        """w / l / k on grids `gi`."""
        N = self.N
        for u in range(N):
            yield PAUSE
            cells = self.units[utype, u]                              # (G, N)
            vals = self.values[gi[:, None], cells]
            empty = vals == 0
            ok = np.count_nonzero(empty, axis=1) == 3
            if not ok.any():
                continue
            g_ok, cells = gi[ok], cells[ok]
            empty_pos = np.argsort(~empty[ok], axis=1, kind="stable")[:, :3]          # (G, 3)
            present = np.zeros((len(g_ok), N + 1), dtype=bool)
            np.put_along_axis(present, vals[ok].astype(np.intp), True, axis=1)
            missing = np.argsort(present[:, 1:], axis=1, kind="stable")[:, :3] + 1   # (G, 3) digits
            ecells = np.take_along_axis(cells, empty_pos, axis=1)                    # (G, 3)
            rows = np.arange(len(g_ok))
            for k in range(3):                 # the three cells in order, seeing earlier placements
                cell = ecells[:, k]
                allowed = ~self.blocked[g_ok[:, None], cell[:, None], missing]         # (G, 3 digits)
                forced = np.count_nonzero(allowed, axis=1) == 1
                hit = np.flatnonzero(forced)
                digit = missing[rows, allowed.argmax(1)]
                self.place(g_ok[hit], cell[hit], digit[hit].astype(np.int8))

    def try_(self, gi: np.ndarray, utype: np.ndarray, rng: np.random.Generator) -> Iterator[None]:
        """3 / 4 / 2 on grids `gi`: one guessed placement per unit."""
        N = self.N
        for u in range(N):
            yield PAUSE
            cells = self.units[utype, u]
            avail = ~self.blocked[gi[:, None], cells, 1:]             # (G, N cells, N digits)
            two = np.count_nonzero(avail, axis=1) == 2                # (G, N digits)
            has = two.any(1)
            d = two.argmax(1)
            col = avail[np.arange(len(gi)), :, d]                     # (G, N cells)
            first = col.argmax(1)
            second = N - 1 - col[:, ::-1].argmax(1)
            x = np.where(rng.random(len(gi)) < 0.5, first, second)
            rows = np.flatnonzero(has)
            self.place(gi[rows], cells[rows, x[rows]], (d[rows] + 1).astype(np.int8))

    def apply(self, codes: np.ndarray, rng: np.random.Generator) -> Iterator[None]:
        """Apply move codes[i] to grid i for every grid with a code ≥ 0 (one program step),
        pausing (yielding PAUSE) before each unit so a large stack never holds the worker
        for long. The pauses change nothing else: the same draws in the same order."""
        live = codes >= 0
        fam = np.where(live, CODE_FAMILY[np.maximum(codes, 0)], -1)
        for family in range(3):
            gi = np.flatnonzero(fam == family)
            if len(gi) == 0:
                continue
            utype = CODE_UNIT[codes[gi]]
            if family == 0:
                yield from self.single(gi, utype)
            elif family == 1:
                yield from self.three(gi, utype)
            else:
                yield from self.try_(gi, utype, rng)
        self.step += 1


def encode(programs: list[str], width: int) -> np.ndarray:
    """Programs as a (P, width) array of move codes, -1 past each program's end."""
    padded = "".join(p.ljust(width, " ") for p in programs).encode("ascii")   # ' ' maps to -1
    return _CODE_OF_BYTE[np.frombuffer(padded, dtype=np.uint8)].reshape(len(programs), width)


def program_steps(puzzle: Puzzle, programs: list[str], rng: np.random.Generator,
                  log: bool = False) -> Generator[None, None, Grids]:
    """Each program applied to a fresh copy of the puzzle, all programs stepped together;
    yields PAUSE between parts of the work and returns the grids."""
    width = max(len(p) for p in programs)
    chunk = max(1, 2_000_000 // width)                   # programs encoded between two pauses
    parts = []
    for start in range(0, len(programs), chunk):
        yield PAUSE
        parts.append(encode(programs[start:start + chunk], width))
    codes = np.concatenate(parts)
    yield PAUSE
    grids = Grids(puzzle, len(programs), log=log)
    yield PAUSE
    for t in range(width):
        step = codes[:, t]
        step = np.where(grids.empty > 0, step, -1)                     # solved grids rest
        if not (step >= 0).any():
            break
        yield from grids.apply(step, rng)
    return grids


def run_programs(puzzle: Puzzle, programs: list[str], rng: np.random.Generator, log: bool = False) -> Grids:
    """program_steps run to the end in one go."""
    return complete(program_steps(puzzle, programs, rng, log))

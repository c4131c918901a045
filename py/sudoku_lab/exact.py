"""Exact solver: finds the solution and counts solutions up to a limit (0, 1, 2 = several).

The lab uses it to tell a visitor whether a pasted puzzle is proper, the generator uses it to
fill a grid and to keep a puzzle unique, and the tests use it as ground truth. Sudoku is an
exact-cover problem — every cell, and every digit in every row, column and box, covered
exactly once — so the search is Knuth's Algorithm X over columns kept as sets: at each node it
branches on the constraint with the fewest ways left to meet it. That one rule covers naked
singles (a cell with one candidate) and hidden singles (a digit with one place in a unit) and,
unlike branching on cells only, picks the digit-in-unit constraints that settle large boards
(docs/benchmarks.md, "The exact solver").

The search is iterative (an explicit stack), so :class:`Counter` can run it a slice at a time:
the worker checks a pasted puzzle between run slices and never blocks on it. A node budget
bounds a pathological input: past it the count is reported as unknown rather than guessed.

How the search chooses is a :class:`Strategy`:

* plain (the default): the tightest column, the lowest-numbered on ties, its choices in order.
* ``rng`` (a seeded ``numpy.random.Generator``): ties for the tightest column are broken at
  random and a column's choices are tried in a random order. Only Generator draws decide
  (tied columns come sorted from ``numpy.flatnonzero``, a column's choices are sorted before
  they are shuffled; no set or dict iteration order is ever used), so a seed gives the same
  search natively and in Pyodide.
* ``restart_nodes``: randomised restarts against heavy tails (Gomes, Selman & Kautz 1998/2000 on
  quasigroup completion): attempt k stops after ``restart_nodes · luby(k)`` nodes (Luby, Sinclair
  & Zuckerman's universal sequence 1, 1, 2, 1, 1, 2, 4, …) and the search starts again from the
  root. The cutoffs grow without bound, so an attempt eventually runs to its end and the count
  stays exact; solutions met on the way are kept (a set of distinct ones).
* ``weighted``: dom/wdeg (Boussemart et al. 2004): each column carries a weight, raised by one
  each time the column is left empty (a dead end); the search branches on the column with the
  fewest choices per weight. Weights outlive restarts, so later attempts start with the
  constraints that failed before.
* ``tight_first``: a column's choices are tried in order of the total size of the columns
  each covers, smallest first — the choice that meets the constraints with the fewest ways
  left (ties keep the random order above). Filling an empty 36×36 this way takes a tenth of
  the nodes of the reverse order (docs/benchmarks.md, "Generating puzzles").
* ``cells_first``: on ties, a cell's column before a digit-in-unit column.

The generator (``generate.py``) fills a grid with :data:`FILL`, seeded, restarting every
2·N²·luby(k) nodes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .constraints import candidate_masks, unit_masks
from .grid import Puzzle, PuzzleError, geometry, validate


MAX_NODES = 2_000_000      # ≈ 20 s natively; the hardest 16×16 of vukr's 100 takes 0.9 M
_COVERED = 255             # the size byte of a column the chosen rows already cover


@dataclass(frozen=True)
class Count:
    solutions: int                 # 0, 1, or `limit` (meaning "at least that many")
    solution: np.ndarray | None    # the first solution found
    complete: bool                 # False when the node budget ran out first
    nodes: int


@dataclass(frozen=True)
class Strategy:
    """How the search orders its choices (module docstring); the default is plain Algorithm X."""
    restart_nodes: int | None = None
    weighted: bool = False
    tight_first: bool = False
    cells_first: bool = False


PLAIN = Strategy()
FILL = Strategy(restart_nodes=None, weighted=True, tight_first=True, cells_first=True)
"""The generator's fill (its restart unit is set per size: two nodes per cell)."""


def luby(i: int) -> int:
    """The i-th term (from 0) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …"""
    size, power = 1, 0
    while size < i + 1:
        power += 1
        size = 2 * size + 1
    while size - 1 != i:
        size = (size - 1) >> 1
        power -= 1
        i %= size
    return 1 << power


@lru_cache(maxsize=None)
def _rows(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """For each choice (cell, digit) — numbered cell*N + digit — the four columns it covers."""
    g = geometry(n)
    N, C = g.N, g.N * g.N
    out = []
    for cell in range(C):
        r, c, b = int(g.row_of[cell]), int(g.col_of[cell]), int(g.box_of[cell])
        for d in range(N):
            out.append((cell, C + r * N + d, 2 * C + c * N + d, 3 * C + b * N + d))
    return tuple(out)


class Counter:
    """Counts the solutions of one puzzle, resumably: call :meth:`advance` until ``done``."""

    def __init__(self, puzzle: Puzzle, limit: int = 2, max_nodes: int | None = MAX_NODES,
                 rng: np.random.Generator | None = None, strategy: Strategy = PLAIN):
        self.puzzle, self.limit, self.max_nodes, self.rng = puzzle, limit, max_nodes, rng
        self.strategy = strategy
        self.N = N = puzzle.N
        self.C = N * N
        self.nodes = 0
        self.found: dict[tuple[int, ...], None] = {}      # distinct solutions, in the order found
        self.exhausted = False
        self.done = False
        self.attempt = 0                                  # restarts so far
        self.attempt_nodes = 0
        self.cutoff = None if strategy.restart_nodes is None else strategy.restart_nodes * luby(0)
        self.Y = _rows(puzzle.n)
        self.chosen: list[int] = []
        self.stack: list[list] = []          # frames: [choices to try, next index, undo of the one made]
        try:
            validate(puzzle)
        except PuzzleError:                  # clashing givens: no solution
            self.done = True
            return
        self._build()
        self.weights = np.ones(4 * self.C) if strategy.weighted else None
        self._branch()

    # ------------------------------------------------------------------ the matrix
    def _build(self) -> None:
        """The columns left open by the givens and, in each, the choices the givens allow —
        what selecting every given would leave, built directly (a 25×25 in milliseconds)."""
        n, N = self.puzzle.n, self.N
        cells = self.puzzle.cells
        masks = candidate_masks(cells, n)
        open_cell = cells == 0
        allowed = ((masks[:, None] >> np.arange(N)) & 1).astype(bool) & open_cell[:, None]
        placed = ((unit_masks(cells, n)[:, None] >> np.arange(N)) & 1).astype(bool)   # (3N, N)
        open_col = np.concatenate([open_cell, ~placed.reshape(-1)])
        self.cols: list[set[int] | None] = [set() if o else None for o in open_col.tolist()]
        cols, Y = self.cols, self.Y
        for i in np.flatnonzero(allowed.reshape(-1)).tolist():
            for j in Y[i]:
                cols[j].add(i)
        self.size = bytearray(len(col) if col is not None else _COVERED for col in cols)
        self.sizes = np.frombuffer(self.size, dtype=np.uint8)
        self.open = int(np.count_nonzero(open_col))

    def _select(self, i: int) -> list[set[int]]:
        cols, Y, size = self.cols, self.Y, self.size
        removed = []
        for j in Y[i]:
            col = cols[j]
            for r in col:
                for k in Y[r]:
                    if k != j:
                        cols[k].remove(r)
                        size[k] -= 1
            size[j] = _COVERED
            cols[j] = None
            removed.append(col)
        self.open -= 4
        return removed

    def _deselect(self, i: int, removed: list[set[int]]) -> None:
        cols, Y, size = self.cols, self.Y, self.size
        for j in reversed(Y[i]):
            cols[j] = col = removed.pop()
            size[j] = len(col)
            for r in col:
                for k in Y[r]:
                    if k != j:
                        cols[k].add(r)
                        size[k] += 1
        self.open += 4

    # ------------------------------------------------------------------ Algorithm X
    def _branch(self) -> None:
        """At a new node: record a solution, or push the choices of the column to branch on."""
        if not self.open:
            self.found[tuple(sorted(self.chosen))] = None
            return
        sizes = self.sizes
        j = int(sizes.argmin())
        k = self.size[j]
        if k == 0:                                        # a dead end: nothing to push
            if self.weights is not None:
                self.weights[sizes == 0] += 1
            return
        if k == 1:                                        # forced
            self.stack.append([list(self.cols[j]), 0, None])
            return
        s, rng = self.strategy, self.rng
        if s.weighted:
            score = np.where(sizes == _COVERED, np.inf, sizes / self.weights)
            ties = np.flatnonzero(score == score.min())
        else:
            ties = np.flatnonzero(sizes == k)
        if s.cells_first and ties[0] < self.C:
            ties = ties[ties < self.C]
        if rng is not None and len(ties) > 1:
            j = int(ties[rng.integers(len(ties))])
        else:
            j = int(ties[0])
        choices = sorted(self.cols[j])
        if rng is not None:
            choices = [choices[o] for o in rng.permutation(len(choices)).tolist()]
        if s.tight_first:
            Y, size = self.Y, self.size
            choices.sort(key=lambda r: (size[Y[r][0]] + size[Y[r][1]] + size[Y[r][2]] + size[Y[r][3]]))
        self.stack.append([choices, 0, None])

    def _restart(self) -> None:
        """Undo every choice back to the root and start the next attempt with its cutoff."""
        while self.stack:
            frame = self.stack.pop()
            if frame[2] is not None:
                self._deselect(self.chosen.pop(), frame[2])
        self.attempt += 1
        self.attempt_nodes = 0
        self.cutoff = self.strategy.restart_nodes * luby(self.attempt)
        self._branch()

    def advance(self, seconds: float | None = None, clock=time.perf_counter, nodes: int | None = None) -> bool:
        """Search for about `seconds`, or at most `nodes` more nodes (neither: to the end);
        True once the count is final. With `nodes` only, no clock is read."""
        until = None if seconds is None else clock() + seconds
        stop_at = None if nodes is None else self.nodes + nodes
        stack = self.stack
        while not self.done:
            if not stack or len(self.found) >= self.limit:
                self.done = True
                break
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                self.exhausted = self.done = True
                break
            if stop_at is not None and self.nodes >= stop_at:
                break
            if self.cutoff is not None and self.attempt_nodes >= self.cutoff:
                self._restart()
                continue
            frame = stack[-1]
            if frame[2] is not None:                      # undo the previous choice here
                self._deselect(self.chosen.pop(), frame[2])
                frame[2] = None
            if frame[1] >= len(frame[0]):
                stack.pop()
                continue
            i = frame[0][frame[1]]
            frame[1] += 1
            frame[2] = self._select(i)
            self.chosen.append(i)
            self.nodes += 1
            self.attempt_nodes += 1
            self._branch()
            if until is not None and self.nodes % 64 == 0 and clock() >= until:
                break
        return self.done

    def result(self) -> Count:
        solution = None
        if self.found:
            solution = self.puzzle.cells.astype(np.int8).copy()
            for i in next(iter(self.found)):
                solution[i // self.N] = i % self.N + 1
        return Count(min(len(self.found), self.limit), solution, not self.exhausted, self.nodes)


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Count solutions up to `limit`. Clashing givens count as 0 solutions."""
    counter = Counter(puzzle, limit, max_nodes)
    counter.advance()
    return counter.result()


def solve(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> np.ndarray | None:
    """The first solution found, or None."""
    return count_solutions(puzzle, limit=1, max_nodes=max_nodes).solution

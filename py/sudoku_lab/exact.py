"""Exact solver: finds the solution and counts solutions up to a limit (0, 1, 2 = several).

The lab uses it to tell a visitor whether a pasted puzzle is proper, and the tests use it
as ground truth. Sudoku is an exact-cover problem — every cell, and every digit in every
row, column and box, covered exactly once — so the search is Knuth's Algorithm X over
columns kept as sets: at each node it branches on the constraint with the fewest ways left
to meet it. That one rule covers naked singles (a cell with one candidate) and hidden
singles (a digit with one place in a unit) and, unlike branching on cells only, picks the
digit-in-unit constraints that settle large boards: planetsudoku's 25×25 is counted in a
few hundred nodes instead of sixteen thousand (docs/benchmarks.md, "Exact solver").

The search is iterative (an explicit stack), so :class:`Counter` can run it a slice at a
time: the worker checks a pasted puzzle between run slices and never blocks on it. A node
budget still bounds a pathological input (a nearly empty 25×25): past it the count is
reported as unknown rather than guessed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .grid import Puzzle, PuzzleError, geometry, validate


MAX_NODES = 2_000_000      # ≈ 20 s natively; the hardest 16×16 of vukr's 100 takes 0.9 M


@dataclass(frozen=True)
class Count:
    solutions: int                 # 0, 1, or `limit` (meaning "at least that many")
    solution: np.ndarray | None    # the first solution found
    complete: bool                 # False when the node budget ran out first
    nodes: int


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

    def __init__(self, puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES):
        self.puzzle, self.limit, self.max_nodes = puzzle, limit, max_nodes
        self.N = puzzle.N
        self.nodes = 0
        self.found: list[list[int]] = []
        self.exhausted = False
        self.done = False
        self.Y = _rows(puzzle.n)
        C = self.N * self.N
        self.X: dict[int, set[int]] = {j: set() for j in range(4 * C)}
        for i, cols in enumerate(self.Y):
            for j in cols:
                self.X[j].add(i)
        self.chosen: list[int] = []
        self.stack: list[list] = []          # frames: [choices to try, next index, undo of the one made]
        try:
            validate(puzzle)
        except PuzzleError:                  # clashing givens: no solution
            self.done = True
            return
        for cell in np.flatnonzero(puzzle.cells).tolist():
            i = cell * self.N + int(puzzle.cells[cell]) - 1
            if self.Y[i][0] not in self.X or i not in self.X[self.Y[i][0]]:
                self.done = True             # a given the others already rule out
                return
            self._select(i)
        self._branch()

    # ------------------------------------------------------------------ Algorithm X
    def _select(self, i: int) -> list[set[int]]:
        X, Y = self.X, self.Y
        removed = []
        for j in Y[i]:
            for r in X[j]:
                for k in Y[r]:
                    if k != j:
                        X[k].discard(r)
            removed.append(X.pop(j))
        return removed

    def _deselect(self, i: int, removed: list[set[int]]) -> None:
        X, Y = self.X, self.Y
        for j in reversed(Y[i]):
            X[j] = col = removed.pop()
            for r in col:
                for k in Y[r]:
                    if k != j:
                        X[k].add(r)

    def _branch(self) -> None:
        """At a new node: record a solution, or push the choices of the tightest column."""
        X = self.X
        if not X:
            self.found.append(list(self.chosen))
            return
        best = None
        for col in X.values():
            k = len(col)
            if best is None or k < len(best):
                best = col
                if k < 2:
                    break
        if best:                             # an empty column is a dead end: nothing to push
            self.stack.append([sorted(best), 0, None])

    def advance(self, seconds: float | None = None, clock=time.perf_counter) -> bool:
        """Search for about `seconds` (None: to the end); True once the count is final."""
        until = None if seconds is None else clock() + seconds
        stack = self.stack
        while not self.done:
            if not stack or len(self.found) >= self.limit:
                self.done = True
                break
            if self.nodes >= self.max_nodes:
                self.exhausted = self.done = True
                break
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
            self._branch()
            if until is not None and self.nodes % 64 == 0 and clock() >= until:
                break
        return self.done

    def result(self) -> Count:
        solution = None
        if self.found:
            solution = self.puzzle.cells.astype(np.int8).copy()
            for i in self.found[0]:
                solution[i // self.N] = i % self.N + 1
        return Count(len(self.found), solution, not self.exhausted, self.nodes)


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Count solutions up to `limit`. Clashing givens count as 0 solutions."""
    counter = Counter(puzzle, limit, max_nodes)
    counter.advance()
    return counter.result()


def solve(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> np.ndarray | None:
    """The first solution found, or None."""
    return count_solutions(puzzle, limit=1, max_nodes=max_nodes).solution

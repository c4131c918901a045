"""Exact solver: finds the solution and counts solutions up to a limit (0, 1, 2 = several).

The lab uses it to tell a visitor whether a pasted puzzle is proper, the generator uses it to
fill a grid and to keep a puzzle unique, and the tests use it as ground truth. Sudoku is an
exact-cover problem — every cell, and every digit in every row, column and box, covered
exactly once — so the search is Knuth's Algorithm X over columns kept as sets: at each node it
branches on the constraint with the fewest ways left to meet it. That one rule covers naked
singles (a cell with one candidate) and hidden singles (a digit with one place in a unit) and,
unlike branching on cells only, picks the digit-in-unit constraints that settle large boards.

The search is iterative (an explicit stack), so :class:`Counter` can run it a slice at a time:
the worker checks a pasted puzzle between run slices and never blocks on it. A node budget
bounds a pathological input: past it the count is unknown rather than guessed — or "at least
one" when a solution was found but not whether it is the only one (:attr:`Count.verdict`).

How the search chooses is a :class:`Strategy`. The default, :data:`COUNT`, is what settles the
lab's generated 25×25 puzzles in the hard band (plain Algorithm X found no solution
in 3.2–3.6 million nodes at p = 0.45 because of heavy tails; docs/benchmarks.md, "The exact
solver", has the figures for each part):

* ``rng`` (a seeded ``numpy.random.Generator``; default seed 0 when the strategy restarts):
  ties for the tightest column are broken at random and a column's choices are tried in a
  random order. Only Generator draws decide (tied columns come sorted from ``numpy.flatnonzero``,
  a column's choices are sorted before they are shuffled; no set or dict iteration order is
  used), so a seed gives the same search natively and in Pyodide.
* ``restart_fails`` / ``restart_nodes``: randomised restarts against heavy tails (Gomes, Selman
  & Kautz 1998/2000 on quasigroup completion): attempt k stops after ``unit · luby(k)`` dead
  ends (or nodes) — Luby, Sinclair & Zuckerman's universal sequence 1, 1, 2, 1, 1, 2, 4, … —
  and the search starts again from the root. The cutoffs grow without bound, so an attempt
  eventually runs to its end and the count stays exact; distinct solutions met on the way are
  kept. Counting dead ends rather than nodes keeps the forced moves of a long descent from
  eating the cutoff (a 25×25 at p = 0.45 needs 340 nodes just to fill its open cells).
* ``weighted``: dom/wdeg (Boussemart et al. 2004): each column carries a weight, raised by one
  each time the column is left empty (a dead end); the search branches on the column with the
  fewest choices per weight. Weights outlive restarts, so later attempts start with the
  constraints that failed before.
* ``tight_first``: a column's choices are tried in order of the total size of the columns
  each covers, smallest first — the choice that meets the constraints with the fewest ways
  left (ties keep the random order above).
* ``locked``: before each branching, locked candidates to a fixpoint (a digit whose places in a
  box lie on one line leaves the rest of the line, and one whose places on a line lie in one
  box leaves the rest of the box), in a few numpy operations over the whole grid — the
  strongest cheap inference past singles here: naked and hidden pairs removed almost nothing
  more at the root of these puzzles. Removed choices are undone with the branch.
* ``cells_first``: on ties, a cell's column before a digit-in-unit column (the fill's).

The generator (``generate.py``) fills a grid with :data:`FILL`, seeded, restarting every
2·N²·luby(k) nodes; :data:`PLAIN` is Knuth's rule alone (the lowest-numbered column on ties,
its choices in order).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .bits import to_bools
from .constraints import candidate_masks, unit_masks
from .grid import Puzzle, PuzzleError, geometry, validate


MAX_NODES = 2_000_000      # ≈ 60–100 s natively at 25×25; vukr's hardest 16×16 takes 7.8 k
_COVERED = 255             # the size byte of a column the chosen rows already cover


@dataclass(frozen=True)
class Count:
    solutions: int                 # found: 0, 1, or `limit` (meaning "at least that many")
    solution: np.ndarray | None    # the first solution found
    complete: bool                 # False when the node budget ran out first
    nodes: int
    limit: int = 2                 # the search stopped at this many

    @property
    def settled(self) -> int | None:
        """The count when the search settled it (0, 1, or `limit` for several), else None."""
        return self.solutions if self.complete else None

    @property
    def verdict(self) -> str:
        """"none", "one", "several"; past the budget "at least one" (a solution was found but
        not whether it is the only one) or "unknown" (nothing found)."""
        if not self.complete:
            return "at least one" if self.solutions else "unknown"
        if self.solutions < self.limit:
            return ("none", "one")[self.solutions]
        return "several" if self.limit > 1 else "at least one"

    def to_json(self) -> dict:
        """For the page: {solutions: 0/1/2 or null when unsettled, found, verdict, nodes}."""
        return {"solutions": self.settled, "found": self.solutions, "verdict": self.verdict, "nodes": self.nodes}


@dataclass(frozen=True)
class Strategy:
    """How the search orders its choices (module docstring); the default is plain Algorithm X."""
    restart_nodes: int | None = None
    restart_fails: int | None = None
    weighted: bool = False
    tight_first: bool = False
    locked: bool = False
    cells_first: bool = False


PLAIN = Strategy()
COUNT = Strategy(restart_fails=20, weighted=True, tight_first=True, locked=True)
"""The default: what settles generated 25×25 puzzles in the hard band (docs/benchmarks.md)."""
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


@lru_cache(maxsize=None)
def _others(n: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each position t of a choice's four columns, each choice's three columns other than
    its t-th: a column's kind fixes where it sits among its choices' columns, so selecting and
    deselecting need no comparison per column (a third faster)."""
    rows = _rows(n)
    return tuple(tuple(cols[:t] + cols[t + 1:] for cols in rows) for t in range(4))


class Counter:
    """Counts the solutions of one puzzle, resumably: call :meth:`advance` until ``done``."""

    def __init__(self, puzzle: Puzzle, limit: int = 2, max_nodes: int | None = MAX_NODES,
                 rng: np.random.Generator | None = None, strategy: Strategy = COUNT):
        if rng is None and (strategy.restart_fails or strategy.restart_nodes):
            rng = np.random.default_rng(0)       # restarts need a random order to search anew
        self.puzzle, self.limit, self.max_nodes, self.rng = puzzle, limit, max_nodes, rng
        self.strategy = strategy
        self.N = N = puzzle.N
        self.C = N * N
        self.nodes = 0
        self.found: dict[tuple[int, ...], None] = {}      # distinct solutions, in the order found
        self.exhausted = False
        self.done = False
        self.attempt = 0                                  # restarts so far
        self.attempt_nodes = 0                            # nodes, or dead ends, of this attempt
        self.restart_unit = strategy.restart_fails or strategy.restart_nodes
        self.count_fails = bool(strategy.restart_fails)
        self.cutoff = None if self.restart_unit is None else self.restart_unit * luby(0)
        self.Y = _rows(puzzle.n)
        self.others = _others(puzzle.n)
        self.chosen: list[int] = []
        self.stack: list[list] = []          # frames: [choices to try, next index, undo of the one made,
        self._log: list[int] | None = None   #          rows its child node eliminated]; None at the root
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
        placed = to_bools(unit_masks(cells, n), N)   # (3N, N)
        open_col = np.concatenate([open_cell, ~placed.reshape(-1)])
        self.cols: list[set[int] | None] = [set() if o else None for o in open_col.tolist()]
        cols, Y = self.cols, self.Y
        for i in np.flatnonzero(allowed.reshape(-1)).tolist():
            for j in Y[i]:
                cols[j].add(i)
        self.alive_row = bytearray(allowed.reshape(-1).astype(np.uint8).tobytes())   # 1: a choice still open
        self.alive = np.frombuffer(self.alive_row, dtype=np.bool_)
        self.size = bytearray(len(col) if col is not None else _COVERED for col in cols)
        self.sizes = np.frombuffer(self.size, dtype=np.uint8)
        self.open = int(np.count_nonzero(open_col))

    def _select(self, i: int) -> list[set[int]]:
        cols, size, alive = self.cols, self.size, self.alive_row
        removed = []
        for t, j in enumerate(self.Y[i]):
            col = cols[j]
            others = self.others[t]
            for r in col:
                alive[r] = 0
                a, b, c = others[r]
                cols[a].remove(r)
                cols[b].remove(r)
                cols[c].remove(r)
                size[a] -= 1
                size[b] -= 1
                size[c] -= 1
            size[j] = _COVERED
            cols[j] = None
            removed.append(col)
        self.open -= 4
        return removed

    def _deselect(self, i: int, removed: list[set[int]]) -> None:
        cols, size, alive = self.cols, self.size, self.alive_row
        Yi = self.Y[i]
        for t in (3, 2, 1, 0):
            j = Yi[t]
            cols[j] = col = removed.pop()
            size[j] = len(col)
            others = self.others[t]
            for r in col:
                alive[r] = 1
                a, b, c = others[r]
                cols[a].add(r)
                cols[b].add(r)
                cols[c].add(r)
                size[a] += 1
                size[b] += 1
                size[c] += 1
        self.open += 4

    def _eliminate(self, r: int) -> None:
        cols, size = self.cols, self.size
        self.alive_row[r] = 0
        for k in self.Y[r]:
            cols[k].remove(r)
            size[k] -= 1

    def _restore(self, rows: list[int]) -> None:
        cols, size, Y, alive = self.cols, self.size, self.Y, self.alive_row
        for r in reversed(rows):
            alive[r] = 1
            for k in Y[r]:
                cols[k].add(r)
                size[k] += 1

    def _locked(self) -> bool:
        """Locked candidates, over the whole grid in a few numpy operations: a digit whose places
        in a box all lie on one row (column) leaves the rest of that line ("pointing"), and one
        whose places on a line all lie in one box leaves the rest of that box ("claiming").
        True if any choice went."""
        n, N = self.puzzle.n, self.N
        a = self.alive.reshape(n, n, n, n, N)              # [band, row in band, stack, column in stack, digit]
        went = None
        for view in (a, a.transpose(2, 3, 0, 1, 4)):       # rows, then columns as the rows of the transpose
            line = view.any(axis=3)                        # [band, line, stack, digit]: the box has d on the line
            point = line & (line.sum(axis=1) == 1)[:, None]
            claim = line & (line.sum(axis=2) == 1)[:, :, None]
            other = ((point.sum(axis=2)[:, :, None] - point) > 0) | ((claim.sum(axis=1)[:, None] - claim) > 0)
            if not (line & other).any():                   # nothing to remove (most calls): skip the big arrays
                continue
            hit = view & other[:, :, :, None, :]
            hit = hit if view is a else hit.transpose(2, 3, 0, 1, 4)
            went = hit if went is None else went | hit
        if went is None:
            return False
        rows = np.flatnonzero(went.reshape(-1)).tolist()
        log = self._log
        for r in rows:
            self._eliminate(r)
        if log is not None:
            log.extend(rows)
        return bool(rows)

    # ------------------------------------------------------------------ Algorithm X
    def _branch(self) -> None:
        """At a new node: record a solution, or push the choices of the column to branch on."""
        if not self.open:
            self.found[tuple(sorted(self.chosen))] = None
            return
        sizes = self.sizes
        j = int(sizes.argmin())
        k = self.size[j]
        if k >= 2 and self.strategy.locked:
            while k >= 2 and self._locked():
                j = int(sizes.argmin())
                k = self.size[j]
        if k == 0:                                        # a dead end: nothing to push
            if self.count_fails:
                self.attempt_nodes += 1
            if self.weights is not None:
                self.weights[sizes == 0] += 1             # every column left empty
            return
        if k == 1:                                        # forced
            self.stack.append([list(self.cols[j]), 0, None, None])
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

        self.stack.append([choices, 0, None, None])

    def _restart(self) -> None:
        """Undo every choice back to the root and start the next attempt with its cutoff."""
        while self.stack:
            frame = self.stack.pop()
            if frame[3]:
                self._restore(frame[3])
            if frame[2] is not None:
                self._deselect(self.chosen.pop(), frame[2])
        self.attempt += 1
        self.attempt_nodes = 0
        self._log = None
        self.cutoff = self.restart_unit * luby(self.attempt)
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
                if frame[3]:
                    self._restore(frame[3])
                    frame[3] = None
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
            if not self.count_fails:
                self.attempt_nodes += 1
            self._log = frame[3] = []
            self._branch()
            if until is not None and self.nodes % 64 == 0 and clock() >= until:
                break
        return self.done

    def result(self) -> Count:
        """What is known now: final once ``done``; read before that (a caller's own time limit),
        it is incomplete — "at least one" if a solution was found, else "unknown"."""
        solution = None
        if self.found:
            solution = self.puzzle.cells.astype(np.int8).copy()
            for i in next(iter(self.found)):
                solution[i // self.N] = i % self.N + 1
        return Count(min(len(self.found), self.limit), solution, self.done and not self.exhausted, self.nodes,
                     self.limit)


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Count solutions up to `limit`. Clashing givens count as 0 solutions."""
    counter = Counter(puzzle, limit, max_nodes)
    counter.advance()
    return counter.result()


def solve(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> np.ndarray | None:
    """The first solution found, or None."""
    return count_solutions(puzzle, limit=1, max_nodes=max_nodes).solution

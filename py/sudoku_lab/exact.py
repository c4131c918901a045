"""Exact solver: finds the solution and counts solutions up to a limit (0, 1, 2 = several).

The lab uses it to tell a visitor whether a pasted puzzle is proper, and the tests use it
as ground truth. Constraint propagation (naked singles through peers, hidden singles
through units) plus depth-first search on the cell with fewest candidates solves every
9×9 in milliseconds and typical 16×16 puzzles in well under a second. A node budget keeps
a pathological input (a nearly empty 25×25) from freezing the worker: past it the count is
reported as unknown rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .constraints import candidate_masks, full_mask, peers, propagate_singles, units
from .grid import Puzzle, validate, PuzzleError


@dataclass(frozen=True)
class Count:
    solutions: int                 # 0, 1, or `limit` (meaning "at least that many")
    solution: np.ndarray | None    # the first solution found
    complete: bool                 # False when the node budget ran out first
    nodes: int


class _Search:
    def __init__(self, n: int, limit: int, max_nodes: int):
        self.n = n
        self.peers = peers(n)
        self.units = units(n)
        self.full = full_mask(n)
        self.limit = limit
        self.max_nodes = max_nodes
        self.nodes = 0
        self.found: list[list[int]] = []
        self.exhausted = False

    def assign(self, masks: list[int], cell: int, bit: int) -> bool:
        """Fix `cell` to `bit` and propagate naked singles; False on contradiction."""
        masks[cell] = bit
        return propagate_singles(masks, self.peers, [cell])

    def hidden_singles(self, masks: list[int]) -> bool:
        """Place digits that fit only one cell of a unit, until nothing changes."""
        changed = True
        while changed:
            changed = False
            for unit in self.units:
                once = twice = 0
                for c in unit:
                    m = masks[c]
                    twice |= once & m
                    once |= m
                if once != self.full:
                    return False
                hidden = once & ~twice
                while hidden:
                    bit = hidden & -hidden
                    hidden ^= bit
                    for c in unit:
                        if masks[c] & bit:
                            if masks[c] != bit:
                                if not self.assign(masks, c, bit):
                                    return False
                                changed = True
                            break
        return True

    def search(self, masks: list[int]) -> None:
        if len(self.found) >= self.limit or self.exhausted:
            return
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.exhausted = True
            return
        if not self.hidden_singles(masks):
            return
        best, best_count = -1, 99
        for c, m in enumerate(masks):
            if m & (m - 1):
                k = m.bit_count()
                if k < best_count:
                    best, best_count = c, k
                    if k == 2:
                        break
        if best < 0:
            self.found.append(masks)
            return
        m = masks[best]
        while m:
            bit = m & -m
            m ^= bit
            child = masks.copy()
            if self.assign(child, best, bit):
                self.search(child)
            if len(self.found) >= self.limit or self.exhausted:
                return


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = 200_000) -> Count:
    """Count solutions up to `limit`. Clashing givens count as 0 solutions."""
    try:
        validate(puzzle)
    except PuzzleError:
        return Count(0, None, True, 0)
    s = _Search(puzzle.n, limit, max_nodes)
    masks = [int(m) for m in candidate_masks(puzzle.cells, puzzle.n)]
    ok = True
    for c in np.flatnonzero(puzzle.cells).tolist():
        if not s.assign(masks, c, masks[c]):
            ok = False
            break
    # an empty cell with no candidate at all
    if ok and all(masks):
        s.search(masks)
    solution = None
    if s.found:
        solution = np.array([m.bit_length() for m in s.found[0]], dtype=np.int8)
    return Count(len(s.found), solution, not s.exhausted, s.nodes)


def solve(puzzle: Puzzle, max_nodes: int = 200_000) -> np.ndarray | None:
    """The first solution found, or None."""
    return count_solutions(puzzle, limit=1, max_nodes=max_nodes).solution

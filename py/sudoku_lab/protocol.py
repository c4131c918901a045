"""The run protocol's names in one import, for a solver of your own (docs/protocol.md, "The run
protocol"; the page's guide says the same): ``from sudoku_lab.protocol import Progress, param,
candidates``.

A solver module defines ``run(puzzle, params, rng)``, a generator that yields a ``Progress`` at
each step (or ``PAUSE`` inside a long one) and returns a stop reason. It receives the puzzle
(``puzzle.n`` the box size, ``puzzle.N`` the side, ``puzzle.cells`` N·N values with 0 for empty,
``puzzle.givens`` a mask), its parameters resolved from ``PARAMS`` and a seeded
``numpy.random.Generator``; ``candidates`` gives the values each cell may take, after naked and
hidden singles when asked; ``conflicts`` and ``clashing_cells`` score boards (one, or a batch of
shape (B, N·N)) as the runner does; ``fill_boxes`` makes a board whose boxes each hold their missing digits once.
The built-in solvers use the same names from their own modules.
"""

from __future__ import annotations

import numpy as np

from .bits import to_bools
from .grid import Puzzle, geometry
from .progress import PAUSE, Progress
from .solvers.params import SolverError, param, propagated
from .constraints import candidate_masks
from .score import clashing_cells, conflicts

__all__ = ["PAUSE", "Progress", "Puzzle", "SolverError", "candidates", "clashing_cells", "conflicts", "fill_boxes",
           "geometry", "param"]


def candidates(puzzle: Puzzle, propagate: bool = False) -> np.ndarray | None:
    """(N·N, N) booleans: `[cell, v - 1]` is True when value v may go in the cell (a given: its
    own value only). With `propagate`, after naked and hidden singles (the lab's one rule, the
    built-ins' ``propagate`` option); None when they prove the givens have no solution (then
    return ``("unsolvable", why)`` from ``run``)."""
    if propagate:
        masks, failed = propagated(puzzle)
        if failed:
            return None
    else:
        masks = candidate_masks(puzzle.cells, puzzle.n)
    return to_bools(masks, puzzle.N)


def fill_boxes(puzzle: Puzzle, rng: np.random.Generator) -> np.ndarray:
    """The givens, and each box's missing digits in its empty cells in random order: a board
    whose boxes never clash (int64, N·N), where many local searches and GAs start."""
    board = puzzle.cells.astype(np.int64)
    for box in geometry(puzzle.n).boxes:
        empty = box[board[box] == 0]
        missing = np.setdiff1d(np.arange(1, puzzle.N + 1), board[box])
        board[empty] = rng.permutation(missing)
    return board

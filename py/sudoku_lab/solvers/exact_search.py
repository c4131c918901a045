"""The lab's exact search as an entry: Algorithm X with dom/wdeg weights, locked
candidates and Luby restarts (``exact.Counter`` with ``exact.COUNT``, module docstring there),
run like every solver so a race shows where exact search gives up and local search does not.
Not one of the lab's papers: the reference for exact search, shown beside them.

* A step is ``NODES_PER_STEP`` search nodes (``Counter.advance(nodes=…)``: no clock is read,
  so the same seed gives the same run with or without the page's pauses). ``iteration``
  counts nodes, and so do ``evaluations``; ``restarts`` counts the Luby restarts. A step takes
  fewer nodes when the runner's hint (the value of its ``yield``: the steps left before the step
  budget or the stop point) is smaller, so a step budget ends the run at that node exactly; the
  nodes searched are the same either way (``Counter.advance`` resumes where it stopped).
* The board is the search's current partial grid (givens and the values chosen on the current
  branch, 0 elsewhere): it never clashes, so open cells = empty cells. ``best`` ("cells fixed",
  as `acs`'s) is the most cells the search has had filled at once (N² is a solution).
* Series: nodes, restarts (right axis) and the cells filled now.
* A search that ends without a solution has proved there is none: ``unsolvable``.
* The seed seeds the search's tie-breaks and choice order (``Counter``'s ``rng``).
* It runs every size the lab reads, to 64×64: the search keeps its columns as Python sets and
  their sizes as bytes (at most 64 choices, below the covered mark 255), with no bit mask of
  values, so it has no size limit of its own (no ``MAX_SIDE``). A 64×64 search peaks at about
  120 MB natively (tracemalloc, ``64:0.7:0``), under the page's 512 MB a run; its choice tables
  are the ones the page's rating of a pasted 64×64 (``rate.py``) builds already. A step of 200
  nodes took up to 0.07 CPU-s natively at 36×36, 0.13 at 49×49 and 0.27 at 64×64 (the first 15
  steps of ``SIZE:0.4:0``, seed 0), and a run's first step builds those tables once (0.6 CPU-s at
  64×64): far inside the page's 3-s watchdog, but slower to Stop than the ~15 ms a step aims at.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..exact import COUNT, Counter
from ..grid import Puzzle
from ..progress import Progress

ID = "exact_search"
TITLE = "Exact search: Algorithm X, dom/wdeg, restarts (reference)"
CITATION = ("D. E. Knuth, Dancing links (Algorithm X), 2000; F. Boussemart et al., Boosting systematic "
            "search by weighting constraints (dom/wdeg), ECAI 2004; C. Gomes, B. Selman, H. Kautz, "
            "Boosting combinatorial search through randomization, AAAI 1998 (restarts).")
REFERENCE = True
PARAMS: list = []
STEP = "node"
SERIES = {"filled": "cells filled now", "restarts": "restarts"}
SERIES_AXES = {"restarts": "right"}
OBJECTIVE = {"name": "cells fixed", "direction": "max", "best": lambda puzzle, params: puzzle.N ** 2}
NODES_PER_STEP = 200


def _board(counter: Counter, puzzle: Puzzle) -> np.ndarray:
    board = puzzle.cells.astype(np.int8).copy()
    chosen = np.asarray(counter.chosen, dtype=np.intp)
    board[chosen // puzzle.N] = chosen % puzzle.N + 1
    return board


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    counter = Counter(puzzle, limit=1, max_nodes=None, rng=rng, strategy=COUNT)
    best = puzzle.given_count
    left = None                                   # the runner's hint: the steps left before its step budget
    while True:
        done = counter.done or counter.advance(nodes=min(NODES_PER_STEP, left or NODES_PER_STEP))
        if done and counter.found:
            board = counter.result().solution
        else:
            board = _board(counter, puzzle)
        filled = int(np.count_nonzero(board))
        best = max(best, filled)
        left = yield Progress(iteration=counter.nodes, evaluations=counter.nodes, best=best, board=board,
                       restarts=counter.attempt,
                       series={"filled": filled, "restarts": counter.attempt})
        if done:
            if counter.found:
                return "solved"
            return ("unsolvable", "the exact search tried every branch: the givens have no solution")

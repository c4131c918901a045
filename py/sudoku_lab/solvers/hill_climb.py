"""Steepest-ascent hill climbing with random restarts — Jones, Roach & Perkins,
*Construction of Heuristics for a Search-Based Approach to Solving Sudoku* (2007).

The paper, as implemented here:

* **State.** Each box holds a permutation of its missing digits in its empty cells, so
  the box constraint always holds (§3).
* **Initial state** (§4.4, Fig. 3). Greedy, box by box: each empty cell (row-major inside
  the box) takes the next still-missing digit that clashes with no given in its row or
  column; when none is left, the next missing digit regardless. Then *post-swapping*:
  every non-given value that clashes with a given is swapped with another non-given value
  of its box, the partners tried in random order, taking the first swap after which
  neither of the two cells clashes with a given.
* **Neighbourhood** (§4.2): every swap of two non-given cells in one box. All of them are
  scored in one vectorised step from per-row and per-column digit counts.
* **Objective** (§4.3): f = w1·f1 + w2·f2 with w1 = 1, w2 = −1; f1 = Σ rows + Σ columns
  of distinct digits; f2 = clashes between a given and a non-given digit.
* **Steepest ascent** (§4.1): move to the best successor if it is strictly better.

Decisions where the paper is vague (written down in docs/solvers/hill_climb.md too):

* **f2 counts rows and columns.** The converted formula shows a column term only, but
  the prose defines f2 as "a count of the number of clashes between any given and
  non-given digits"; boxes cannot clash (they are permutations), so rows + columns.
* **The plateau rule.** The paper keeps a priority queue of the best states and restarts
  "once the first 10 highest scoring solutions all shared the same score, and none of
  those solutions had successors with better scores". Ascent is strictly increasing, so
  states of equal score only arise on a plateau: when the best successor ties the current
  score the climber steps sideways (to a random tied successor, as a best-first queue
  would pop one of them) and counts the state as a plateau state. Any strict improvement
  empties the count. When ``plateau`` (10) states at the top score have had no better
  successor, the climber restarts. A strict local maximum — every successor worse —
  leaves the queue nothing of equal score to try, so it restarts at once.
* **Ties** between equally good successors are broken at random (seeded).
* **Randomised restarts.** The first state is the paper's deterministic greedy order
  (digits ascending). A restart shuffles each box's missing digits before the greedy
  placement, so every restart starts from a different greedy state; post-swapping is
  random anyway.
* **Counting.** One iteration = one expansion of the current state (its whole
  neighbourhood scored); evaluations = successors scored (plus one per initial state).
  The iteration counter runs on across restarts, as the paper's averages do.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..grid import Puzzle, geometry
from ..progress import Progress
from .params import param

ID = "hill_climb"
TITLE = "Hill climbing with restarts"
CITATION = ("S. K. Jones, P. A. Roach, S. Perkins. Construction of Heuristics for a Search-Based "
            "Approach to Solving Sudoku. Research and Development in Intelligent Systems XXIV, 2007.")
PARAMS = [
    param("w1", "float", 1.0, "weight of f1 (distinct digits per row and column)", -10, 10),
    param("w2", "float", -1.0, "weight of f2 (clashes with a given)", -10, 10),
    param("plateau", "int", 10, "restart after this many plateau states share the top score", 1, 10_000),
    param("post_swap", "bool", True, "post-swapping after the greedy initialisation (§4.4)"),
    param("init", "choice", "greedy", "initial state: the paper's greedy placement, or random",
          choices=["greedy", "random"]),
]
OBJECTIVE = {"name": "f = w1·f1 + w2·f2", "direction": "max",
             # a solution has every row and column distinct (f1 = 2·N²) and no clash (f2 = 0)
             "best": lambda puzzle, params: params["w1"] * 2 * puzzle.N ** 2}


_SIGN = np.array([[1], [-1], [1], [-1]])
_TARGET = np.array([[0], [1], [0], [1]])


class _Climber:
    """Incremental state of one climb: board, row/column digit counts, f1 and f2."""

    def __init__(self, puzzle: Puzzle, w1: float, w2: float):
        g = geometry(puzzle.n)
        self.N, self.g = g.N, g
        self.w1, self.w2 = w1, w2
        self.puzzle = puzzle
        cells = puzzle.cells.astype(np.intp)
        free = cells == 0
        # clash[cell, d]: givens equal to d in the cell's row and column (static per puzzle);
        # both the initial states and the neighbourhood scoring read it
        given_row = np.zeros((g.N, g.N + 1), dtype=np.int32)
        given_col = np.zeros((g.N, g.N + 1), dtype=np.int32)
        gi = np.flatnonzero(~free)
        np.add.at(given_row, (g.row_of[gi], cells[gi]), 1)
        np.add.at(given_col, (g.col_of[gi], cells[gi]), 1)
        given_row[:, 0] = given_col[:, 0] = 0
        self.clash = given_row[g.row_of] + given_col[g.col_of]         # (N*N, N+1)
        # the free cells of each box, and the missing digits of each box
        self.box_free = [c[free[c]] for c in g.boxes]
        self.box_missing = [np.setdiff1d(np.arange(1, g.N + 1), cells[c]) for c in g.boxes]
        # the neighbourhood: every pair of free cells in one box
        pa, pb = [], []
        for fc in self.box_free:
            i, j = np.triu_indices(len(fc), k=1)
            pa.append(fc[i])
            pb.append(fc[j])
        self.pa = np.concatenate(pa) if pa else np.zeros(0, np.intp)
        self.pb = np.concatenate(pb) if pb else np.zeros(0, np.intp)
        self.ra, self.ca = g.row_of[self.pa], g.col_of[self.pa]
        self.rb, self.cb = g.row_of[self.pb], g.col_of[self.pb]
        self.diff_row = self.ra != self.rb
        self.diff_col = self.ca != self.cb
        # Flat offsets for scoring the whole neighbourhood with one gather per table: the four
        # lookups of a swap (a gains vb, a loses va, b gains va, b loses vb) are stacked.
        width = g.N + 1
        self.row_off = np.concatenate([self.ra, self.ra, self.rb, self.rb]) * width
        self.col_off = np.concatenate([self.ca, self.ca, self.cb, self.cb]) * width
        self.cell_off = np.concatenate([self.pa, self.pa, self.pb, self.pb]) * width

    # ------------------------------------------------------------------ initial states
    def initial(self, rng: np.random.Generator, shuffle: bool, greedy: bool, post_swap: bool) -> None:
        board = self.puzzle.cells.astype(np.intp).copy()
        for fc, missing in zip(self.box_free, self.box_missing):
            digits = list(rng.permutation(missing) if shuffle else missing)
            if not greedy:
                board[fc] = digits
                continue
            for cell in fc.tolist():
                ok = self.clash[cell, digits] == 0
                k = int(np.argmax(ok)) if ok.any() else 0
                board[cell] = digits.pop(k)
        if post_swap:
            for fc in self.box_free:
                for cell in fc.tolist():
                    if self.clash[cell, board[cell]] == 0:
                        continue
                    for other in rng.permutation(fc).tolist():
                        if other == cell:
                            continue
                        if (self.clash[cell, board[other]] == 0
                                and self.clash[other, board[cell]] == 0):
                            board[cell], board[other] = board[other], board[cell]
                            break
        self.set_board(board)

    def set_board(self, board: np.ndarray) -> None:
        g = self.g
        self.board = board
        self.row_counts = np.zeros((g.N, g.N + 1), dtype=np.int32)
        self.col_counts = np.zeros((g.N, g.N + 1), dtype=np.int32)
        np.add.at(self.row_counts, (g.row_of, board), 1)
        np.add.at(self.col_counts, (g.col_of, board), 1)
        self.f1 = int((self.row_counts[:, 1:] > 0).sum() + (self.col_counts[:, 1:] > 0).sum())
        free = np.flatnonzero(self.puzzle.cells == 0)
        self.f2 = int(self.clash[free, board[free]].sum())

    @property
    def f(self) -> float:
        return self.w1 * self.f1 + self.w2 * self.f2

    @property
    def conflicts(self) -> int:
        # boxes are permutations and every row/column is full: duplicates = N - distinct
        return 2 * self.N * self.N - self.f1

    # ------------------------------------------------------------------ the neighbourhood
    def deltas(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Δf1, Δf2 and Δf of every swap in the neighbourhood, all at once."""
        va, vb = self.board[self.pa], self.board[self.pb]
        vals = np.concatenate([vb, va, va, vb])
        rows = self.row_counts.ravel()[self.row_off + vals].reshape(4, -1)
        cols = self.col_counts.ravel()[self.col_off + vals].reshape(4, -1)
        clash = self.clash.reshape(-1)[self.cell_off + vals].reshape(4, -1)
        # A row gains a distinct digit when it lacked the digit it receives, and loses one when
        # it held only one copy of the digit it gives away; swaps inside one row change nothing
        # there (columns alike). Rows of `_SIGN`: +gain, -loss, +gain, -loss.
        d_f1 = ((_SIGN * (rows == _TARGET)).sum(0) * self.diff_row
                + (_SIGN * (cols == _TARGET)).sum(0) * self.diff_col)
        d_f2 = (_SIGN * clash).sum(0)
        return d_f1, d_f2, self.w1 * d_f1 + self.w2 * d_f2

    def swap(self, k: int, d_f1: int, d_f2: int) -> None:
        a, b = self.pa[k], self.pb[k]
        va, vb = self.board[a], self.board[b]
        ra, rb, ca, cb = self.ra[k], self.rb[k], self.ca[k], self.cb[k]
        self.row_counts[ra, va] -= 1
        self.row_counts[ra, vb] += 1
        self.row_counts[rb, vb] -= 1
        self.row_counts[rb, va] += 1
        self.col_counts[ca, va] -= 1
        self.col_counts[ca, vb] += 1
        self.col_counts[cb, vb] -= 1
        self.col_counts[cb, va] += 1
        self.board[a], self.board[b] = vb, va
        self.f1 += int(d_f1)
        self.f2 += int(d_f2)


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    climber = _Climber(puzzle, params["w1"], params["w2"])
    greedy = params["init"] == "greedy"
    moves = len(climber.pa)
    iteration = evaluations = restarts = 0
    best = -np.inf

    def progress(event=None) -> Progress:
        return Progress(
            iteration=iteration, evaluations=evaluations, best=best,
            board=climber.board.astype(np.int8), restarts=restarts, event=event,
            series={"objective": climber.f, "conflicts": climber.conflicts, "f2": climber.f2})

    climber.initial(rng, shuffle=False, greedy=greedy, post_swap=params["post_swap"])
    evaluations += 1
    best = climber.f
    yield progress()
    if moves == 0:
        return "stalled"   # nothing can move; the initial state was the only state
    plateau = 0
    while True:
        d_f1, d_f2, delta = climber.deltas()
        iteration += 1
        evaluations += moves
        top = delta.max()
        if top > 0:
            plateau = 0
        else:
            plateau += 1
        if top < 0 or plateau >= params["plateau"]:
            restarts += 1
            plateau = 0
            climber.initial(rng, shuffle=True, greedy=greedy, post_swap=params["post_swap"])
            evaluations += 1
            best = max(best, climber.f)
            yield progress("restart")
            continue
        ties = np.flatnonzero(delta == top)
        k = int(ties[0] if len(ties) == 1 else ties[rng.integers(len(ties))])
        climber.swap(k, d_f1[k], d_f2[k])
        best = max(best, climber.f)
        yield progress()

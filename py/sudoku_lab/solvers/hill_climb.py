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
* **Pauses** (docs/protocol.md, "The run protocol"): between building the climber and the
  first state, after the greedy placement and every 64 post-swapped cells; they change no
  draw. The greedy placement runs position by position over all boxes at once.
* **numpy for the neighbourhood.** An iteration scores every swap in ~25 numpy calls over the
  whole neighbourhood; plain Python over lists scores the same swaps 1.4–11× slower (9×9 to
  36×36, natively and in Pyodide), and the small calls around them (the pick, the swap, the
  board copy) are under a fifth of a step, so the step stays numpy (docs/benchmarks.md,
  `hill_climb`, "Where a step's time goes").

Option beyond the paper, off by default — ``propagate`` (the local searches that
work on large grids propagate inside the search, Lewis 2007, Musliu & Winter 2017):

* **Before the search** naked and hidden singles (``sudoku_lab.propagate``) run on the givens;
  every cell they fix counts as a given from then on (never moved, part of f2's givens), and
  each free cell keeps its remaining candidates. If they fail, the run ends at once with
  ``("unsolvable", why)``.
* **When the state allows.** A climb's state is a full board of guesses, so nothing in it
  is a sound premise for propagation: the only sound premises are the givens, and they are
  the same at every restart. So propagation runs once; every restart starts from its result.
* **Initial states** (greedy and random alike) put in each cell the first remaining digit of
  the box's order that is one of its candidates — "fits" means "is a candidate" instead of
  "clashes with no given" — and then repair the box by augmenting paths (Kuhn's bipartite
  matching) so every free cell holds a candidate. A solution's values survive propagation,
  so such a permutation exists in every box of a solvable puzzle: the fallback is never a
  non-candidate value but a proof — a box with no such permutation ends the run as
  ``unsolvable`` (checked on the first state; later states face the same candidates). With
  every cell on a candidate nothing clashes with a given, so post-swapping finds nothing to do
  and f2 stays 0; random and greedy initial states differ only in the digit order.
* **The neighbourhood** is the swaps after which both cells still hold a candidate
  (evaluations count those). Restricting it can cut the paths between states; restarts
  (fresh random matchings) are what reach the rest.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..grid import Puzzle, cell_name, geometry
from ..progress import PAUSE, Progress, complete
from ..propagate import fixed_values
from .params import UNSOLVABLE, check_memory, param, propagate_param, propagated

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
    propagate_param("initial states and swaps keep every cell on its candidates"),
]
STEP = "iteration"
SERIES = {"objective": "objective f", "conflicts": "row and column duplicates", "f2": "clashes with givens (f2)"}
OBJECTIVE = {"name": "f = w1·f1 + w2·f2", "direction": "max",
             # a solution has every row and column distinct (f1 = 2·N²) and no clash (f2 = 0)
             "best": lambda puzzle, params: params["w1"] * 2 * puzzle.N ** 2}


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """The neighbourhood (every in-box pair of cells, at most N · N(N−1)/2) kept as ~16 int64
    arrays, and an iteration's ~40 temporaries of the same length."""
    N = puzzle.N
    return 8 * 56 * N * N * (N - 1) // 2 + 16 * N * N * (N + 1)


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params,
                 "solver", "its neighbourhood")


_SWAPS_PER_PART = 64      # post-swapping visits this many clashing cells between pauses
_SIGN = np.array([[1], [-1], [1], [-1]])
_TARGET = np.array([[0], [1], [0], [1]])


class _Climber:
    """Incremental state of one climb: board, row/column digit counts, f1 and f2.

    With `candidates` (the givens' masks after naked and hidden singles; ``propagate`` on),
    every cell they fix counts as a given, and `allowed[cell, d]` says whether d is still a
    candidate of the cell: initial states and swaps keep every free cell on a candidate.
    """

    def __init__(self, puzzle: Puzzle, w1: float, w2: float, candidates: np.ndarray | None = None):
        g = geometry(puzzle.n)
        if candidates is not None:
            puzzle = Puzzle(puzzle.n, fixed_values(candidates))
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
        self.allowed = None
        if candidates is not None:
            bits = (np.asarray(candidates, dtype=np.int64)[:, None] >> np.arange(g.N)) & 1
            self.allowed = np.concatenate([np.zeros((g.N * g.N, 1), bool), bits.astype(bool)], axis=1)
        # what the greedy placement accepts in a cell: no clash with a given (the paper), or a candidate
        self.fits = (self.clash == 0) if self.allowed is None else self.allowed
        # the free cells of each box, and the missing digits of each box (lists, and padded tables
        # for the greedy placement, which runs position by position over all boxes at once)
        self.box_free = [c[free[c]] for c in g.boxes]
        self.box_missing = [np.setdiff1d(np.arange(1, g.N + 1), cells[c]) for c in g.boxes]
        self.nfree = np.array([len(fc) for fc in self.box_free])
        F = int(self.nfree.max(initial=0))
        self.free_pad = np.zeros((g.N, F), dtype=np.intp)
        for b, fc in enumerate(self.box_free):
            self.free_pad[b, :len(fc)] = fc
        self.pad = np.arange(F)[None, :] >= self.nfree[:, None]
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
    def initial(self, rng: np.random.Generator, shuffle: bool, greedy: bool, post_swap: bool) -> bool:
        """`initial_steps` in one go."""
        return complete(self.initial_steps(rng, shuffle, greedy, post_swap))

    def initial_steps(self, rng: np.random.Generator, shuffle: bool, greedy: bool, post_swap: bool):
        """A new state (a generator: PAUSE between its parts, same draws either way). Returns
        False when, with candidates, some box's missing digits cannot all sit on candidates."""
        board = self.puzzle.cells.astype(np.intp).copy()
        orders = [rng.permutation(m) if shuffle else m for m in self.box_missing]
        if greedy or self.allowed is not None:
            self._greedy(board, orders)
        else:
            for fc, digits in zip(self.box_free, orders):
                board[fc] = digits
        yield PAUSE
        if self.allowed is not None:
            for b in np.unique(self.g.box_of[self._off_candidates(board)]).tolist():
                if not self._repair(board, b):
                    top_left = cell_name(int(self.g.boxes[b, 0]), self.N)
                    self.no_fit_message = (f"the box at {top_left} cannot place its missing digits on its "
                                           "cells' candidates, so these givens have no solution")
                    return False
        if post_swap:
            yield from self._post_swap(board, rng)
        self.set_board(board)
        return True

    def _greedy(self, board: np.ndarray, orders: list[np.ndarray]) -> None:
        """§4.4, Fig. 3: each free cell (row-major in its box) takes the box's next remaining
        digit that fits it, or the next remaining digit when none fits; all boxes at once."""
        digits = np.zeros(self.pad.shape, dtype=np.intp)
        for b, d in enumerate(orders):
            digits[b, :len(d)] = d
        used = self.pad.copy()
        for j in range(self.pad.shape[1]):
            boxes = np.flatnonzero(self.nfree > j)
            cells = self.free_pad[boxes, j]
            left = ~used[boxes]
            ok = left & self.fits[cells[:, None], digits[boxes]]
            k = np.where(ok.any(1), ok.argmax(1), left.argmax(1))
            board[cells] = digits[boxes, k]
            used[boxes, k] = True

    def _off_candidates(self, board: np.ndarray) -> np.ndarray:
        free = np.flatnonzero(self.puzzle.cells == 0)
        return free[~self.allowed[free, board[free]]]

    def _repair(self, board: np.ndarray, b: int) -> bool:
        """Move box b's digits so every free cell holds a candidate: augmenting paths
        (Kuhn's bipartite matching) from the greedy placement. Such a permutation exists
        whenever the puzzle has a solution (propagation keeps the solution's values), so a
        failure proves there is none."""
        allowed, missing = self.allowed, self.box_missing[b].tolist()
        owner = {int(board[c]): int(c) for c in self.box_free[b] if allowed[c, board[c]]}

        def augment(cell: int, seen: set) -> bool:
            for v in missing:
                if allowed[cell, v] and v not in seen:
                    seen.add(v)
                    if v not in owner or augment(owner[v], seen):
                        owner[v] = cell
                        return True
            return False

        for cell in self.box_free[b].tolist():
            if not allowed[cell, board[cell]] and not augment(cell, set()):
                return False
        for v, cell in owner.items():
            board[cell] = v
        return True

    def _post_swap(self, board: np.ndarray, rng: np.random.Generator):
        """§4.4: a non-given value clashing with a given swaps with the first partner of its
        box (in random order) after which neither cell clashes. A swap never makes a cell
        clash, so only the cells clashing beforehand are visited (in box, then row-major order)."""
        free = np.flatnonzero(self.puzzle.cells == 0)
        clashing = free[self.clash[free, board[free]] > 0]
        order = np.argsort(self.g.box_of[clashing] * self.N * self.N + clashing, kind="stable")
        for k, cell in enumerate(clashing[order].tolist()):
            if k % _SWAPS_PER_PART == _SWAPS_PER_PART - 1:
                yield PAUSE
            if self.clash[cell, board[cell]] == 0:
                continue
            fc = self.box_free[self.g.box_of[cell]]
            for other in rng.permutation(fc).tolist():
                if other == cell:
                    continue
                if (self.clash[cell, board[other]] == 0
                        and self.clash[other, board[cell]] == 0):
                    board[cell], board[other] = board[other], board[cell]
                    break

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

    def allowed_swaps(self) -> np.ndarray | None:
        """With candidates: the swaps after which both cells still hold a candidate (None without)."""
        if self.allowed is None:
            return None
        flat = self.allowed.reshape(-1)
        width = self.N + 1
        va, vb = self.board[self.pa], self.board[self.pb]
        return flat[self.pa * width + vb] & flat[self.pb * width + va]

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
    candidates = None
    if params["propagate"]:
        candidates, failed = propagated(puzzle)
        if failed:
            return ("unsolvable", UNSOLVABLE)
    climber = _Climber(puzzle, params["w1"], params["w2"], candidates)
    greedy = params["init"] == "greedy"
    moves = len(climber.pa)
    iteration = evaluations = restarts = 0
    best = -np.inf

    def progress(event=None) -> Progress:
        return Progress(
            iteration=iteration, evaluations=evaluations, best=best,
            board=climber.board.astype(np.int8), restarts=restarts, event=event,
            series={"objective": climber.f, "conflicts": climber.conflicts, "f2": climber.f2})

    yield PAUSE
    if not (yield from climber.initial_steps(rng, shuffle=False, greedy=greedy, post_swap=params["post_swap"])):
        return ("unsolvable", climber.no_fit_message)
    evaluations += 1
    best = climber.f
    yield progress()
    if moves == 0:
        return "stalled"   # nothing can move; the initial state was the only state
    plateau = 0
    while True:
        d_f1, d_f2, delta = climber.deltas()
        iteration += 1
        ok = climber.allowed_swaps()
        if ok is None:
            evaluations += moves
        else:
            delta = np.where(ok, delta, -np.inf)
            evaluations += int(np.count_nonzero(ok))
        top = delta.max()
        if top > 0:
            plateau = 0
        else:
            plateau += 1
        if top < 0 or plateau >= params["plateau"]:
            restarts += 1
            plateau = 0
            yield from climber.initial_steps(rng, shuffle=True, greedy=greedy, post_swap=params["post_swap"])
            evaluations += 1
            best = max(best, climber.f)
            yield progress("restart")
            continue
        ties = np.flatnonzero(delta == top)
        k = int(ties[0] if len(ties) == 1 else ties[rng.integers(len(ties))])
        climber.swap(k, d_f1[k], d_f2[k])
        best = max(best, climber.f)
        yield progress()

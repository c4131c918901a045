"""Node-Based Coincidence Algorithm (NB-COIN) — Waiyapara, Wattanapornprom & Chongstitvatana,
*Solving Sudoku Puzzles with Node Based Coincidence Algorithm*.

The paper, as implemented here:

* **Models** (§IV): one matrix per box, ``M[box, position, value]`` (position = cell of the
  box in row-major order). Givens fix their position to their value; a digit given in a box
  is impossible elsewhere in it; a digit given in the same row or column as a position (in a
  neighbouring box) is impossible there. Every other entry starts uniform over the values
  still possible at that position.
* **Sampling**: every individual samples every box as a permutation: the givens are placed
  first, then the free positions one after another, each drawing a value among the box's
  still-unused values with probability ∝ M. The whole population and all boxes are sampled
  together, one position step at a time.
* **Fitness** (eq. 1, Sato & Inoue): Σ rows + Σ columns of distinct digits; 2·N·N (162 on
  9×9) is a solution.
* **Learning** (eqs. 4–6): each generation the best C% reward the model and the worst C%
  punish it, with learning rate k; entries are kept in [0, upper bound] and each position's
  row sums to 1.
* Defaults (Table I): population 150, C = 25%, k = 0.4, upper bound 0.99, 100,000
  generations.

How the update is normalised, and why (also in docs/solvers/nb_coin.md): equations 4 and 5
sum δ over the selected individuals, so taken literally one generation moves an entry by up
to ``k/L · |G|`` = 0.4/9 · 37 ≈ 1.6 — past any probability. We divide the sums by the size of
the selected group, i.e. use the *fraction* of the good (bad) individuals that put value j at
position i:

    M[i, j] += k/L · (g[i, j] − 1/L) − k/L · (b[i, j] − 1/L)      (L = N, the model's size)

where g and b are those fractions. This keeps the paper's structure exactly — the
``k/L²·Σq`` terms are what make each row's change sum to zero, and they do so here too — and
bounds one generation's step by k/L. After the update entries are clipped to [0, ∞), pruned
entries are forced back to 0, each row is renormalised to 1, and any entry above the upper
bound is set to the bound with the rest of its row scaled to 1 − bound (a position with a
single possible value keeps probability 1: the bound cannot apply to a forced cell).

Other decisions where the paper is vague:

* **Selected group size**: ⌊C · P⌋ individuals (37 of 150) for each of reward and
  punishment. Ties in fitness keep sampling order (stable sort).
* **Sampling order**: each box's free positions are visited in a random order drawn once
  per generation and shared by the population (so every step is one broadcast over all
  individuals); over generations no position keeps first pick of the values. A fixed order
  solved fewer runs (docs/solvers/nb_coin.md). When a position's allowed values are all used
  up or have probability 0, the value is drawn uniformly from the box's unused values — the
  sample must still be a permutation.
* **Update as printed**: ``update=count`` applies equations 4–5 with the raw sums, for
  comparison; clipping and renormalisation are the same. ``update=sequential`` applies them
  as printed one after the other — eq. 4, bounds, then eq. 5, bounds — so when the good and
  the bad group agree, the reward stops at the bound and the punishment wins (another
  reading of "the reward function … the punishment function"; it does not learn enough to
  solve even the easy puzzles, docs/solvers/nb_coin.md).
* **Restarts** (ours, off by default): ``restart=S`` starts the models afresh after S
  generations in which the best fitness of the current attempt did not improve, as the
  RESEDA algorithm the paper cites does. The paper's NB-COIN has none; the option is here to
  measure how often one converging attempt finds the solution.
* **Counting**: an iteration is a generation; evaluations count sampled individuals.
* Works for any box size n.
* **Pauses** (docs/protocol.md, "The run protocol"): sampling yields PAUSE every few positions
  and scoring every part of the population (``_ENTRIES_PER_PART``, ``_CELLS_PER_SCORE_PART``); every draw of a
  generation is made up front, so pauses change nothing (tested). A 36×36 generation at
  population 150 takes ~60 ms natively, so it is cut into parts. Memory (``peak_bytes``): the
  sampling tables, ~5 · 8 · N · population · N bytes — 104 MB at 36×36 and population 2,000.
* **numpy over the population.** A generation is a few hundred numpy calls over the whole
  population's tables. Their fixed cost (a generation at population 2) is under half of a 9×9
  generation and an eighth of a 36×36 one, and drawing in plain Python costs 9–13× the whole
  sampler, so it stays numpy (docs/benchmarks.md, `nb_coin`, "Where a generation's time goes").
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..grid import Puzzle, geometry
from ..progress import PAUSE, Progress, complete
from ..score import distinct_rows_cols
from .params import check_memory, param

ID = "nb_coin"
TITLE = "Node-based coincidence algorithm (EDA)"
CITATION = ("K. Waiyapara, W. Wattanapornprom, P. Chongstitvatana. Solving Sudoku Puzzles with Node "
            "Based Coincidence Algorithm. JCSSE 2013.")
PARAMS = [
    param("population", "int", 150, "individuals sampled per generation", 2, 2_000),
    param("selection", "float", 0.25, "C: share of the best that reward and of the worst that punish",
          0.01, 0.5),
    param("k", "float", 0.4, "learning rate (step size)", 0.0, 10.0),
    param("upper_bound", "float", 0.99, "cap on any one probability", 0.1, 1.0),
    param("max_generations", "int", 100_000, "stop after this many generations", 1, 10_000_000),
    param("update", "choice", "mean",
          "eqs. 4-5 with sums divided by the group size (mean), as written (count), or as written and "
          "bounded one after the other (sequential)", choices=["mean", "count", "sequential"]),
    param("restart", "int", 0, "start the models afresh after this many generations without a better "
          "best (0: never, as in the paper)", 0, 10_000_000),
]
OBJECTIVE = {"name": "fitness (distinct digits in rows and columns)", "direction": "max",
             "best": lambda puzzle, params: 2 * puzzle.N ** 2}
STEP = "generation"
# the extra board, for the page's caption: it is not a candidate, so the default board is the best individual
VIEWS = {"model": "each cell's likeliest digit under the model, shaded by its probability — "
                  "what the next generation is drawn from, not a candidate board"}
SERIES = {"best": "best fitness", "mean": "population mean", "worst": "worst fitness",
          "entropy": "model entropy"}
SERIES_AXES = {"entropy": "right"}

# Work between two pauses, ~2-4 ms natively on a quiet machine: about this many (value, individual, box) entries
# of the sampling tables, or this many board cells when scoring (score.distinct_rows_cols
# costs ~60 ns a cell, sampling ~10 ns an entry).
_ENTRIES_PER_PART = 200_000
_CELLS_PER_SCORE_PART = 50_000


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """Sampling keeps five float64 tables of N × population × N (availability, probabilities,
    their cumulative sums, the uniform draws, a product) and the boards; learning int64
    copies of the selected boards."""
    N, P = puzzle.N, params["population"]
    return 5 * 8 * N * P * N + 16 * P * N * N


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params,
                 "population", "its sampling tables")


def cumulative(a: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Cumulative sums along the first axis, one whole-array add per entry of that axis."""
    out = np.empty_like(a) if out is None else out
    out[0] = a[0]
    for i in range(1, len(a)):
        np.add(out[i - 1], a[i], out=out[i])
    return out


class Models:
    """The N box models and the pruning derived from the givens."""

    def __init__(self, puzzle: Puzzle, upper_bound: float):
        g = geometry(puzzle.n)
        self.N = N = g.N
        self.n = puzzle.n
        self.cells_of_box = g.boxes                                  # (N box, N pos) -> cell
        cells = puzzle.cells.astype(np.intp)
        vals = cells[g.boxes]                                        # (N, N) given value or 0
        given = vals > 0
        allowed = np.ones((N, N, N), dtype=bool)                     # [box, pos, value-1]
        # a digit given anywhere in the box is impossible at the box's other positions
        in_box = np.zeros((N, N), dtype=bool)
        b_idx, p_idx = np.nonzero(given)
        in_box[b_idx, vals[b_idx, p_idx] - 1] = True
        allowed &= ~in_box[:, None, :]
        # a digit given in the same row or column is impossible
        row_has = np.zeros((N, N), dtype=bool)
        col_has = np.zeros((N, N), dtype=bool)
        gc = np.flatnonzero(cells)
        row_has[g.row_of[gc], cells[gc] - 1] = True
        col_has[g.col_of[gc], cells[gc] - 1] = True
        allowed &= ~row_has[g.row_of[g.boxes]] & ~col_has[g.col_of[g.boxes]]
        # givens fix their own position
        allowed[b_idx, p_idx, :] = False
        allowed[b_idx, p_idx, vals[b_idx, p_idx] - 1] = True
        self.allowed = allowed
        self.given = given
        self.given_vals = vals
        self.upper_bound = upper_bound
        self.used_by_givens = np.zeros((N, N), dtype=bool)          # [box, value-1]
        self.used_by_givens[b_idx, vals[b_idx, p_idx] - 1] = True
        n_free = (~given).sum(1)
        self.max_free = int(n_free.max(initial=0))
        self.active = np.arange(self.max_free)[:, None] < n_free[None, :]   # [step, box]
        self.reset()

    def reset(self) -> None:
        """Back to the uniform models the givens allow (the start, and every restart)."""
        self.M = self.normalise(self.allowed.astype(np.float64))

    def normalise(self, M: np.ndarray) -> np.ndarray:
        """Zero outside `allowed`, rows summing to 1, nothing above the bound unless forced."""
        M = np.where(self.allowed, np.maximum(M, 0.0), 0.0)
        sums = M.sum(-1, keepdims=True)
        uniform = self.allowed / np.maximum(self.allowed.sum(-1, keepdims=True), 1)
        M = np.where(sums > 0, M / np.where(sums > 0, sums, 1), uniform)
        ub = self.upper_bound
        n_allowed = self.allowed.sum(-1)
        top = M.max(-1)
        fix = (top > ub) & (n_allowed > 1)
        if fix.any():
            arg = M.argmax(-1)
            is_top = np.arange(self.N)[None, None, :] == arg[..., None]
            others = np.where(is_top, 0.0, M)
            osum = others.sum(-1, keepdims=True)
            spread = np.where(is_top, 0.0, self.allowed) / np.maximum(n_allowed - 1, 1)[..., None]
            others = np.where(osum > 1e-12, others / np.where(osum > 1e-12, osum, 1), spread) * (1 - ub)
            M = np.where(fix[..., None], np.where(is_top, ub, others), M)
        return M

    def sample(self, P: int, rng: np.random.Generator) -> np.ndarray:
        return complete(self.sample_steps(P, rng))

    def sample_steps(self, P: int, rng: np.random.Generator):
        """P boards, every box a permutation drawn position by position from its model (a
        generator: a pause every few positions; all draws are made up front, so pauses
        change nothing).

        The free positions of each box are visited in a random order drawn once per
        generation (shared by the population, so each step is one broadcast over all
        individuals); over generations every position gets its turn to pick first.
        Arrays are laid out values first, so the cumulative sums are N−1 whole-array adds:
        in WebAssembly that measured 2-3 times faster than a matrix product (bench/wasm_compare.py).
        """
        N = self.N
        boxes = np.broadcast_to(self.given_vals.astype(np.int8), (P, N, N)).copy()   # [ind, box, pos]
        avail = np.broadcast_to(~self.used_by_givens.T[:, None, :], (N, P, N)).astype(np.float64)  # [value-1, ind, box]
        keys = np.where(self.given, 2.0, rng.random((N, N)))
        order = np.argsort(keys, axis=1)                             # (box, step) -> position
        box = np.arange(N)
        every = np.arange(P)[:, None]
        cum = np.empty((N, P, N))
        u_all = rng.random((self.max_free, P, N))
        per_part = max(1, _ENTRIES_PER_PART // (N * P * N))
        for step in range(self.max_free):
            if step % per_part == per_part - 1:
                yield PAUSE
            pos = order[:, step]                                     # (N,)
            probs = self.M[box, pos].T[:, None, :] * avail           # (N value, P, N box)
            cumulative(probs, out=cum)
            empty = cum[-1] <= 0
            if empty.any():                                          # nothing allowed is left:
                cum[:, empty] = cumulative(avail[:, empty])          # uniform over unused values
            # the value drawn is the first whose cumulative probability passes u · total
            choice = np.count_nonzero(cum <= u_all[step] * cum[-1], axis=0)               # (P, N)
            choice = np.minimum(choice, N - 1)                       # u · total rounding up to total
            # a box with no free position left at this step points at one of its givens:
            # "choosing" the given's own value there changes nothing
            choice = np.where(self.active[step], choice, self.given_vals[box, pos] - 1)
            boxes[:, box, pos] = choice + 1
            avail[choice, every, box] = 0.0
        boards = np.empty((P, N * N), dtype=np.int8)
        boards[:, self.cells_of_box.reshape(-1)] = boxes.reshape(P, N * N)
        return boards

    def learn(self, good: np.ndarray, bad: np.ndarray, k: float, update: str = "mean") -> None:
        """Reward the good boards' choices and punish the bad ones' (eqs. 4–6)."""
        L = self.N
        step = k / L * (1 if update == "mean" else len(good))
        if update == "sequential":        # eq. 4, bounds, then eq. 5, bounds
            self.M = self.normalise(self.M + step * (self.frequencies(good) - 1 / L))
            self.M = self.normalise(self.M - step * (self.frequencies(bad) - 1 / L))
        else:                             # both at once: the 1/L terms cancel
            self.M = self.normalise(self.M + step * (self.frequencies(good) - self.frequencies(bad)))

    def frequencies(self, boards: np.ndarray) -> np.ndarray:
        """Fraction of `boards` with value j at [box, pos]: (N, N, N), by one bincount."""
        N = self.N
        vals = boards[:, self.cells_of_box.reshape(-1)].astype(np.intp) - 1   # (G, box*pos)
        flat = (np.arange(N * N) * N + vals).reshape(-1)
        return np.bincount(flat, minlength=N ** 3).reshape(N, N, N) / len(boards)

    def entropy(self) -> float:
        """Mean entropy (bits) of the free positions' distributions."""
        M = self.M[~self.given]
        with np.errstate(divide="ignore", invalid="ignore"):
            h = -np.where(M > 0, M * np.log2(M), 0.0).sum(-1)
        return float(h.mean()) if h.size else 0.0

    def likeliest(self, puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray]:
        """Per cell: the likeliest digit and its probability (givens: their value, 1.0)."""
        board = np.zeros(self.N * self.N, dtype=np.int8)
        prob = np.zeros(self.N * self.N)
        board[self.cells_of_box.reshape(-1)] = (self.M.argmax(-1) + 1).reshape(-1)
        prob[self.cells_of_box.reshape(-1)] = self.M.max(-1).reshape(-1)
        return board, prob


def fitness_steps(boards: np.ndarray, n: int):
    """Distinct digits per row and column (eq. 1), in parts of boards with a pause between them."""
    per_part = max(1, _CELLS_PER_SCORE_PART // boards.shape[1])
    out = []
    for start in range(0, len(boards), per_part):
        yield PAUSE
        out.append(distinct_rows_cols(boards[start:start + per_part], n))
    return np.concatenate(out)


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    N = puzzle.N
    P = params["population"]
    C = max(1, int(params["selection"] * P))
    models = Models(puzzle, params["upper_bound"])
    best_fit = -1
    target = 2 * N * N
    evaluations = 0
    restarts = 0
    attempt_best, improved_at = -1, 0      # best fitness since the last (re)start, and when
    event = None
    yield PAUSE
    for gen in range(params["max_generations"]):
        pop = yield from models.sample_steps(P, rng)
        fit = yield from fitness_steps(pop, puzzle.n)
        evaluations += P
        order = np.argsort(-fit, kind="stable")
        top = int(fit[order[0]])
        best_fit = max(best_fit, top)
        if top > attempt_best:
            attempt_best, improved_at = top, gen
        likeliest, prob = models.likeliest(puzzle)
        yield Progress(
            iteration=gen, evaluations=evaluations, best=best_fit,
            board=pop[order[0]].copy(),
            series={"best": top, "mean": float(fit.mean()), "worst": int(fit[order[-1]]),
                    "entropy": models.entropy()},
            restarts=restarts, event=event,
            overlay={"boards": {"model": likeliest}, "shade": {"model": np.round(prob, 3)}})
        if top == target:
            return "solved"
        event = None
        if params["restart"] and gen - improved_at >= params["restart"]:
            models.reset()
            restarts += 1
            attempt_best = -1                # the next generation starts the new attempt's record
            event = "restart"
        else:
            models.learn(pop[order[:C]], pop[order[-C:]], params["k"], params["update"])
    return "budget"

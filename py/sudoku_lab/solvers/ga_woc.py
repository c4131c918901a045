"""Genetic algorithm with a wisdom-of-artificial-crowds step — Hughes & Yampolskiy,
*Solving Sudoku Puzzles with Wisdom of Artificial Crowds*.

The paper, as implemented here (every step vectorised over the whole population):

* **Chromosome** (§II.A): a board whose rows are permutations: givens fixed, each row's
  empty cells hold that row's missing digits. The initial population is random row
  permutations.
* **Conflicts** (§II.B): digits missing from columns and boxes (rows cannot miss any).
  On a full board this equals the lab's common measure, duplicates per unit.
* **Rank fitness and roulette selection** (§II.B–C): sorted by conflicts (best first), the
  i-th board scores P − i; two parents per child drawn with probability ∝ score.
* **Crossover** (§II.D), 50/50 per child: *one-row* (each row from a random one of the two
  parents) or *three-row* (each band of n rows from a random parent).
* **Mutation** (§II.E): with probability 0.40 a child has one random row reshuffled (its
  non-given cells only).
* **Wisdom of crowds** (§II.F): the best 5% are the experts. For each row the aggregate
  takes the row permutation most experts share; where the experts do not agree, a random
  row permutation.
* **Stop and shake-up** (§II.G): stop when solved, or when the best conflict count is no
  better than 249 generations ago; after 124 generations without progress the worst half
  is replaced by random boards.

Decisions where the paper is vague (also in docs/solvers/ga_woc.md):

* **"The experts do not agree"** means no row permutation is held by two or more experts.
  When several permutations tie for most common, the one held by the better-ranked expert
  wins (ranking is the paper's own order, so this is deterministic).
* **The aggregate re-enters the population** by replacing the worst child of the next
  generation (one board of 5000). The paper plots it (Fig. 14) and reports that WoC changes
  the generations needed, so it must feed back; replacing the worst child is the least
  intrusive way that lets a good aggregate breed. With ``woc`` off nothing is aggregated.
* **Generational replacement, no elitism**: the paper keeps only offspring ("the most fit
  will see their offspring make it to the next generation").
* **Shake-up timing**: a shake-up happens when the best conflict count is no better than
  124 generations ago and no shake-up happened in the last 124 generations (otherwise it
  would fire every generation once stalled).
* **Solved** when any board — an individual or the aggregate — has no conflict.
* **Ties in rank** keep the previous order (stable sort), so runs are reproducible.
* **Counting**: an iteration is a generation; evaluations are boards scored (P per
  generation, plus one for the aggregate).
* Works for any box size n; crossover bands are n rows.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..grid import Puzzle, geometry
from ..progress import PAUSE, Progress
from .params import param

ID = "ga_woc"
TITLE = "Genetic algorithm + wisdom of crowds"
CITATION = ("R. Hughes, R. V. Yampolskiy. Solving Sudoku Puzzles with Wisdom of Artificial Crowds. "
            "International Journal of Intelligent Games & Simulation, 7(1), 2013.")
PARAMS = [
    param("population", "int", 5000, "boards per generation", 10, 8_000),
    param("mutation", "float", 0.40, "chance a child has one row reshuffled", 0, 1),
    param("experts", "float", 0.05, "share of the best boards that form the crowd", 0.001, 1),
    param("woc", "bool", True, "wisdom of crowds: build the experts' aggregate each generation"),
    param("stall", "int", 249, "stop when the best is no better than this many generations ago", 1, 100_000),
    param("shake", "int", 124, "replace the worst half after this many generations without progress",
          1, 100_000),
]
OBJECTIVE = {"name": "conflicts (digits missing from columns and boxes)", "direction": "min",
             "best": lambda puzzle, params: 0}


class _Rows:
    """Random row permutations of the missing digits, for many (board, row) pairs at once."""

    def __init__(self, puzzle: Puzzle):
        g = geometry(puzzle.n)
        cells = puzzle.cells.astype(np.int8)
        self.N = g.N
        free = cells.reshape(g.N, g.N) == 0
        self.nfree = free.sum(1)
        F = max(int(self.nfree.max()), 1)
        # padded per-row tables, real entries first: free cell indices and missing digits
        self.free_idx = np.zeros((g.N, F), dtype=np.intp)
        self.missing = np.zeros((g.N, F), dtype=np.int8)
        self.mask = np.arange(F)[None, :] < self.nfree[:, None]
        for r in range(g.N):
            row = cells[r * g.N:(r + 1) * g.N]
            k = self.nfree[r]
            self.free_idx[r, :k] = r * g.N + np.flatnonzero(row == 0)
            self.missing[r, :k] = np.setdiff1d(np.arange(1, g.N + 1), row)

    def fill(self, boards: np.ndarray, which: np.ndarray, rows: np.ndarray, rng: np.random.Generator) -> None:
        """Give row rows[i] of board which[i] a fresh random permutation, for every i."""
        if len(which) == 0:
            return
        mask = self.mask[rows]                                  # (k, F)
        keys = np.where(mask, rng.random(mask.shape), 2.0)       # padding sorts last
        order = np.argsort(keys, axis=1)
        vals = np.take_along_axis(self.missing[rows], order, axis=1)
        owner = np.broadcast_to(which[:, None], mask.shape)
        boards[owner[mask], self.free_idx[rows][mask]] = vals[mask]

    def random_boards(self, puzzle: Puzzle, count: int, rng: np.random.Generator) -> np.ndarray:
        boards = np.tile(puzzle.cells.astype(np.int8), (count, 1))
        self.fill(boards, np.repeat(np.arange(count), self.N), np.tile(np.arange(self.N), count), rng)
        return boards


def column_box_conflicts(boards: np.ndarray, n: int) -> np.ndarray:
    """Digits missing from columns and boxes, for every board: (P,) ints."""
    g = geometry(n)
    vals = np.sort(boards[:, g.units[g.N:]], axis=2)                  # (P, 2N, N)
    distinct = 1 + np.count_nonzero(vals[:, :, 1:] != vals[:, :, :-1], axis=2)
    return (g.N - distinct).sum(axis=1)


def aggregate(experts: np.ndarray, n: int, rows: _Rows, puzzle: Puzzle, rng: np.random.Generator) -> np.ndarray:
    """The crowd's board: per row, the permutation most experts share (random if none is shared)."""
    N = n * n
    out = puzzle.cells.astype(np.int8).copy()
    disagree = []
    for r in range(N):
        block = experts[:, r * N:(r + 1) * N]
        uniq, first, counts = np.unique(block, axis=0, return_index=True, return_counts=True)
        top = counts.max()
        if top < 2:
            disagree.append(r)
            continue
        winners = np.flatnonzero(counts == top)
        best = winners[np.argmin(first[winners])]                 # the better-ranked expert's
        out[r * N:(r + 1) * N] = uniq[best]
    if disagree:
        rows.fill(out[None, :], np.zeros(len(disagree), dtype=np.intp), np.array(disagree), rng)
    return out


def breed(pop: np.ndarray, n: int, rng: np.random.Generator, mutation: float, rows: _Rows) -> np.ndarray:
    """One generation of children from a population sorted best first."""
    P = len(pop)
    N = n * n
    score = np.arange(P, 0, -1, dtype=np.float64)                 # P - i
    parents = rng.choice(P, size=(P, 2), p=score / score.sum())
    one_row = rng.random(P) < 0.5
    pick_rows = rng.integers(0, 2, size=(P, N))
    pick_bands = np.repeat(rng.integers(0, 2, size=(P, n)), n, axis=1)
    pick = np.where(one_row[:, None], pick_rows, pick_bands)
    source = np.take_along_axis(parents, pick, axis=1)            # (P, N): parent of each row
    children = pop.reshape(P, N, N)[source, np.arange(N)].reshape(P, N * N)
    mutants = np.flatnonzero(rng.random(P) < mutation)
    rows.fill(children, mutants, rng.integers(0, N, size=len(mutants)), rng)
    return children


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    n, N = puzzle.n, puzzle.N
    P = params["population"]
    n_experts = max(1, int(round(params["experts"] * P)))
    rows = _Rows(puzzle)
    pop = rows.random_boards(puzzle, P, rng)
    yield PAUSE
    conf = column_box_conflicts(pop, n)
    evaluations = P
    history: list[int] = []
    last_shake = -10**9
    event = None        # marked on the chart at the next generation's progress
    gen = 0
    while True:
        order = np.argsort(conf, kind="stable")
        pop, conf = pop[order], conf[order]
        best = int(conf[0])
        history.append(best)
        # the crowd's aggregate is a series only when there is a crowd (woc on): a series never
        # holds a stand-in for "no value"
        series = {"best": best, "mean": float(conf.mean()), "expert_mean": float(conf[:n_experts].mean())}
        board = pop[0]
        agg = None
        if params["woc"]:
            agg = aggregate(pop[:n_experts], n, rows, puzzle, rng)
            agg_conf = int(column_box_conflicts(agg[None, :], n)[0])
            evaluations += 1
            series["aggregate"] = agg_conf
            if agg_conf == 0:
                board, best = agg, 0
        yield Progress(iteration=gen, evaluations=evaluations, best=best,
                       board=board.copy(), series=series, event=event,
                       overlay={"boards": {"aggregate": agg}} if agg is not None else None)
        if best == 0:
            return "solved"
        if gen >= params["stall"] and best >= history[gen - params["stall"]]:
            return "stalled"
        event = None
        if gen >= params["shake"] and best >= history[gen - params["shake"]] and gen - last_shake >= params["shake"]:
            half = P // 2
            pop[P - half:] = rows.random_boards(puzzle, half, rng)
            last_shake = gen
            event = "shake-up"
        children = breed(pop, n, rng, params["mutation"], rows)
        conf = column_box_conflicts(children, n)
        evaluations += P
        if agg is not None:
            worst = int(np.argmax(conf))
            children[worst] = agg
            conf[worst] = series["aggregate"]
        pop = children
        gen += 1

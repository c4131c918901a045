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
* **numpy over the whole population, not plain Python.** Run at population 10 (the same
  calls, little work) a generation costs 2-10% of one at 5,000 (9×9 to 36×36): the calls
  carry the work (docs/benchmarks.md, `ga_woc`).
* **Counting**: an iteration is a generation; evaluations are boards scored (P per
  generation, plus one for the aggregate).
* Works for any box size n; crossover bands are n rows.
* **Pauses** (docs/protocol.md, "The run protocol"): every part of a generation — random rows,
  crossover, scoring — works on about ``_CELLS_PER_PART`` cells and then yields PAUSE, so a
  36×36 generation (~0.4 s natively at 5000 boards) never holds the page for long. All draws
  of a generation are made in the same order whatever the parts, so pauses change nothing
  (tested). Conflicts are counted by OR-ing each unit's digits as bits; the crowd's
  aggregate sorts all experts' rows at once. Memory: three populations of int8 boards (four
  estimated) plus one part's temporaries (``peak_bytes``), far below the page's cap at every size.

Option beyond the paper, off by default — ``propagate`` (the searches that work on
large grids propagate inside the search, Lewis 2007, Musliu & Winter 2017):

* **Before the search** naked and hidden singles (``sudoku_lab.propagate``) run on the givens;
  the cells they fix become givens of the chromosome (no row ever moves them) and every free
  cell keeps its candidates. If they fail, the run ends at once with ``("unsolvable", why)``.
* **When the state allows.** A board of the population is a full set of guesses, never a
  sound premise, and the givens do not change; so propagation runs once, and what it found
  shapes every board drawn from scratch afterwards: the first population, the new boards
  of a shake-up, mutated rows and the crowd's random rows.
* **Random rows keep to the candidates where they can**, position by position over all rows
  at once: each row's free cells are visited fewest candidates first, and each takes the
  first remaining digit of a random order that is one of its candidates. When none of the
  remaining digits is (an earlier cell took the last one), it takes the first remaining
  digit: the row must stay a permutation, and a matching repair does not vectorise over
  thousands of rows. Measured on pattern puzzles at 16×16–36×36: 2–5% of the free cells
  of a random board land off their candidates this way. Crossover copies whole rows and
  needs no change.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..bits import digit_bits, popcount
from ..grid import Puzzle, geometry
from ..progress import PAUSE, Progress, complete
from ..propagate import fixed_values
from .params import UNSOLVABLE, check_memory, param, propagate_param, propagated

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
    propagate_param("random rows (first population, mutation, shake-up, the crowd's random rows) "
                    "keep to the candidates where they can"),
]
STEP = "generation"
VIEWS = {"aggregate": "the crowd's aggregate: the experts' rows combined (wisdom of crowds), "
                      "a board bred back into the population, not the best individual"}
SERIES = {"best": "best individual (conflicts)", "mean": "population mean", "expert_mean": "experts' mean",
          "aggregate": "crowd's aggregate"}
OBJECTIVE = {"name": "conflicts (digits missing from columns and boxes)", "direction": "min",
             "best": lambda puzzle, params: 0}

# Work between two pauses, ~3 ms natively: about this many cells of boards (scoring at ~9 ns
# a cell, crossover), or the equivalent in random rows (see _Rows).
_CELLS_PER_PART = 300_000


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """The population, its children, the sorted copy and a margin of one more (int8 boards),
    plus one part's temporaries (at most ~48 bytes per cell of a part)."""
    return 4 * params["population"] * puzzle.N ** 2 + 48 * _CELLS_PER_PART


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params,
                 "population", "its boards")


class _Rows:
    """Random row permutations of the missing digits, for many (board, row) pairs at once.

    With `candidates` (``propagate`` on) the cells they fix count as givens, each row's free
    cells are visited fewest candidates first, and each takes the first remaining digit of a
    random order that is one of its candidates — or, when none is, the first remaining digit.
    """

    def __init__(self, puzzle: Puzzle, candidates: np.ndarray | None = None):
        g = geometry(puzzle.n)
        cells = (puzzle.cells if candidates is None else fixed_values(candidates)).astype(np.int8)
        self.cells = cells
        self.n, self.N = puzzle.n, g.N
        free = cells.reshape(g.N, g.N) == 0
        self.nfree = free.sum(1)
        F = self.F = max(int(self.nfree.max()), 1)
        # padded per-row tables, real entries first: free cell indices and missing digits
        self.free_idx = np.zeros((g.N, F), dtype=np.intp)
        self.missing = np.zeros((g.N, F), dtype=np.int8)
        self.mask = np.arange(F)[None, :] < self.nfree[:, None]
        self.allowed = None                       # [row, free position, missing digit]
        if candidates is not None:
            self.allowed = np.zeros((g.N, F, F), dtype=bool)
        for r in range(g.N):
            row = cells[r * g.N:(r + 1) * g.N]
            k = self.nfree[r]
            idx = r * g.N + np.flatnonzero(row == 0)
            self.missing[r, :k] = np.setdiff1d(np.arange(1, g.N + 1), row)
            if candidates is not None:
                ok = (candidates[idx][:, None] >> (self.missing[r, :k].astype(np.int64) - 1)[None, :]) & 1 == 1
                order = np.argsort(ok.sum(1), kind="stable")           # fewest candidates first
                idx, ok = idx[order], ok[order]
                self.allowed[r, :k, :k] = ok
            self.free_idx[r, :k] = idx
        # measured: a random row costs ~60 ns per free cell to draw (keys, sort, scatter), ~6×
        # a board cell to score; with candidates ~10 ns per (position, digit) pair, F² a row
        per_row = F * F if candidates is not None else 6 * F
        self.rows_per_part = max(1, _CELLS_PER_PART // per_row)

    def fill(self, boards: np.ndarray, which: np.ndarray, rows: np.ndarray, rng: np.random.Generator) -> None:
        """Give row rows[i] of board which[i] a fresh random permutation, for every i."""
        complete(self.fill_steps(boards, which, rows, rng))

    def fill_steps(self, boards, which, rows, rng):
        """`fill` in parts with a pause between them; the keys of part after part are the
        draws one call would make, so the boards are the same."""
        for start in range(0, len(which), self.rows_per_part):
            if start:
                yield PAUSE
            part = slice(start, start + self.rows_per_part)
            self._fill(boards, which[part], rows[part], rng)

    def _fill(self, boards, which, rows, rng) -> None:
        mask = self.mask[rows]                                  # (k, F)
        keys = np.where(mask, rng.random(mask.shape), 2.0)       # padding sorts last
        if self.allowed is None:
            order = np.argsort(keys, axis=1)
        else:
            order = self._candidate_order(keys, mask, rows)
        vals = np.take_along_axis(self.missing[rows], order, axis=1)
        owner = np.broadcast_to(which[:, None], mask.shape)
        boards[owner[mask], self.free_idx[rows][mask]] = vals[mask]

    def _candidate_order(self, keys, mask, rows) -> np.ndarray:
        """Position by position (all rows at once): the remaining digit of lowest key among
        the position's candidates, or among all remaining digits when none is a candidate."""
        left = mask.copy()
        allowed = self.allowed[rows]
        pick = np.zeros(mask.shape, dtype=np.intp)
        everyone = np.arange(len(rows))
        active = self.nfree[rows]
        for j in range(mask.shape[1]):
            ok = left & allowed[:, j]
            ok = np.where(ok.any(1)[:, None], ok, left)
            d = np.argmin(np.where(ok, keys, 3.0), axis=1)
            pick[:, j] = d
            on = everyone[active > j]
            left[on, d[on]] = False
        return pick

    def random_board_steps(self, count: int, rng: np.random.Generator):
        boards = np.tile(self.cells, (count, 1))
        yield from self.fill_steps(boards, np.repeat(np.arange(count), self.N), np.tile(np.arange(self.N), count), rng)
        return boards

    def random_boards(self, count: int, rng: np.random.Generator) -> np.ndarray:
        return complete(self.random_board_steps(count, rng))


def column_box_conflicts(boards: np.ndarray, n: int) -> np.ndarray:
    """Digits missing from columns and boxes, for every board: (P,) ints. Each unit's digits
    OR-ed as bits and counted (5x faster than sorting each unit at 36×36)."""
    g = geometry(n)
    bits = digit_bits(boards)[:, g.units[g.N:].reshape(-1)].reshape(len(boards), 2 * g.N, g.N)
    return (g.N - popcount(np.bitwise_or.reduce(bits, axis=2))).sum(axis=1)


def conflict_steps(boards: np.ndarray, n: int):
    """`column_box_conflicts` in parts of boards, with a pause between them."""
    per_part = max(1, _CELLS_PER_PART // boards.shape[1])
    out = []
    for start in range(0, len(boards), per_part):
        if start:
            yield PAUSE
        out.append(column_box_conflicts(boards[start:start + per_part], n))
    return np.concatenate(out)


def aggregate(experts: np.ndarray, rows: _Rows, rng: np.random.Generator) -> np.ndarray:
    """The crowd's board: per row, the permutation most experts share (random if none is
    shared); ties go to the better-ranked expert. All rows at once: the experts' rows sorted
    by (row, digits), stably, so equal ones are neighbours in rank order."""
    N = rows.N
    E = len(experts)
    out = rows.cells.copy()
    blocks = experts.reshape(E, N, N).transpose(1, 0, 2).reshape(N * E, N)   # row r: its E expert rows
    row_of = np.repeat(np.arange(N), E)
    order = np.lexsort(tuple(blocks.T[::-1]) + (row_of,))
    s, sr = blocks[order], row_of[order]
    new = np.ones(N * E, dtype=bool)
    new[1:] = (sr[1:] != sr[:-1]) | np.any(s[1:] != s[:-1], axis=1)
    start = np.flatnonzero(new)
    counts = np.diff(np.append(start, N * E))
    first = order[start]                          # the best-ranked expert holding each distinct row
    group_row = sr[start]
    ranked = np.lexsort((first, -counts, group_row))
    head = np.ones(len(ranked), dtype=bool)
    head[1:] = group_row[ranked[1:]] != group_row[ranked[:-1]]
    winner = ranked[head]                         # one per row, rows ascending
    shared = counts[winner] >= 2
    out.reshape(N, N)[group_row[winner[shared]]] = blocks[first[winner[shared]]]
    disagree = group_row[winner[~shared]]
    if len(disagree):
        rows.fill(out[None, :], np.zeros(len(disagree), dtype=np.intp), disagree, rng)
    return out


def breed(pop: np.ndarray, n: int, rng: np.random.Generator, mutation: float, rows: _Rows) -> np.ndarray:
    return complete(breed_steps(pop, n, rng, mutation, rows))


def breed_steps(pop: np.ndarray, n: int, rng: np.random.Generator, mutation: float, rows: _Rows):
    """One generation of children from a population sorted best first (a generator: pauses
    between parts; every draw is made in the same order as in one go)."""
    P = len(pop)
    N = n * n
    score = np.arange(P, 0, -1, dtype=np.float64)                 # P - i
    parents = rng.choice(P, size=(P, 2), p=score / score.sum())
    one_row = rng.random(P) < 0.5
    pick_rows = rng.integers(0, 2, size=(P, N))
    pick_bands = np.repeat(rng.integers(0, 2, size=(P, n)), n, axis=1)
    pick = np.where(one_row[:, None], pick_rows, pick_bands)
    source = np.take_along_axis(parents, pick, axis=1)            # (P, N): parent of each row
    children = np.empty_like(pop)
    grid = pop.reshape(P, N, N)
    per_part = max(1, _CELLS_PER_PART // (N * N))
    for start in range(0, P, per_part):
        yield PAUSE
        part = slice(start, start + per_part)
        children[part] = grid[source[part], np.arange(N)].reshape(-1, N * N)
    mutants = np.flatnonzero(rng.random(P) < mutation)
    yield from rows.fill_steps(children, mutants, rng.integers(0, N, size=len(mutants)), rng)
    return children


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    n = puzzle.n
    P = params["population"]
    n_experts = max(1, int(round(params["experts"] * P)))
    candidates = None
    if params["propagate"]:
        candidates, failed = propagated(puzzle)
        if failed:
            return ("unsolvable", UNSOLVABLE)
    rows = _Rows(puzzle, candidates)
    yield PAUSE
    pop = yield from rows.random_board_steps(P, rng)
    yield PAUSE
    conf = yield from conflict_steps(pop, n)
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
            yield PAUSE
            agg = aggregate(pop[:n_experts], rows, rng)
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
            pop[P - half:] = yield from rows.random_board_steps(half, rng)
            last_shake = gen
            event = "shake-up"
        children = yield from breed_steps(pop, n, rng, params["mutation"], rows)
        yield PAUSE
        conf = yield from conflict_steps(children, n)
        evaluations += P
        if agg is not None:
            worst = int(np.argmax(conf))
            children[worst] = agg
            conf[worst] = series["aggregate"]
        pop = children
        gen += 1

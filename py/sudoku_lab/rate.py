"""How hard is a puzzle? Its size, givens, solution count, and how far human logic gets.

A rating (docs/benchmarks.md, "Rating puzzles") reports: size, givens and
p = givens / N²; the solution count (0, 1, 2 = several, None = unknown: the exact search's
node budget ran out); how many empty cells logic alone settles; and the hardest move that
logic needed, or *needs search* when logic stalls with cells left.

Logic is a ladder of moves, easiest first. Every round applies the easiest move that makes
progress, to every place in the grid at once, and starts again from the bottom — as the usual
raters do (Sukaku Explainer, whose SE scale grades the Sudoku Exchange bank; its ratings are
in brackets) — so "the hardest move" is the least a solver must know:

    full_house           the last empty cell of a row, column or box          (SE 1.0)
    hidden_single_box    a value with one place left in a box goes there      (SE 1.2; Pillay's b)
    hidden_single_line   … in a row or column                                 (SE 1.5; Pillay's r, c)
    naked_single         a cell with one candidate left takes it              (SE 2.3; Pillay's w l k
                                                                               are a special case)
    locked_candidates    a value a box holds in one row/column only leaves    (SE 2.6–2.8)
                         the rest of that line; one a line holds in one box
                         only leaves the rest of that box (pointing, claiming)
    naked_pair           two cells of a unit with the same two candidates:    (SE 3.0)
                         those values leave the unit's other cells
    x_wing               two rows holding a value only in the same two        (SE 3.2)
                         columns: it leaves those columns' other cells (and
                         rows and columns swapped)
    hidden_pair          two values with the same two places in a unit:       (SE 3.4)
                         those cells lose every other candidate
    naked_triple         three cells of a unit whose candidates are three     (SE 3.6)
                         values: those leave the unit's other cells
    swordfish            the X-wing with three rows and three columns         (SE 3.8)
    hidden_triple        three values whose places in a unit are three        (SE 4.0)
                         cells: those cells keep only the three

The first four *place* values; the rest only remove candidates, and the singles then place.
The singles are ``propagate``'s (the lab's one implementation): each round calls its
``hidden_singles`` and ``eliminate`` steps separately and credits each new value to the
easiest rule that justifies it (the last cell of a unit, a value with one place in its box,
in its row or column, a cell with one candidate), so a value a box's hidden single gives is
never credited to a naked single. Only *placed* values leave their peers: a naked single still
waiting (an easier move went first) is hidden from ``eliminate`` behind a full mask until its
turn, so it cannot make an easier move look possible.

**Pillay's deterministic moves add nothing beyond the singles** (the gp_moves move set,
``moves.py``, Pillay 2012 §3.1). r/c/b place a value that fits exactly one empty cell of a
row/column/block — a hidden single in that unit; w/l/k give a cell of a unit with three empty
cells the one missing value that fits it — a naked single. "Fits" means no placed peer holds
the value; where the singles stop, every candidate fits, so none of the six can place
anything there. tests/package/test_rate.py checks it where the singles and the ladder stop on the
hard sample; bench/rating_agreement.py measures it on 529 labelled 9×9 puzzles: Pillay's six
moves repeated to their own fixpoint settle fewer cells than the singles on 105, as many on
424, more on none, and place nothing where the ladder stops. So they name rungs, and are not
run. The try moves 3/4/2 are guesses, not logic.

**Why the seven elimination techniques** (figures in docs/benchmarks.md, "Rating puzzles"):
with the singles alone, all 100 easy puzzles of the Sudoku Exchange sample are settled, 73
medium, no hard and no diabolical one. Locked candidates settle the other 27 medium ones, and
with the pairs, the fish and the triples — SE's techniques up to 4.0 — the ladder settles
every hard puzzle rated up to 3.8 (48 of 100) and none rated 4.0 or more, nor any diabolical
one: the rating follows the bank's grading step for step. Wings, chains and uniqueness
arguments are left out: the rating stays a short ladder and says "needs search" beyond it.
Every technique holds for every solution (no uniqueness assumption), so logic never places a
value a solution does not have: a grid logic completes has exactly one solution (no search is
run), and one where logic meets a contradiction has none. Otherwise the exact count
(``exact.Counter``) runs on the givens plus the values logic placed — the same solutions,
fewer nodes.

Vectorised over units: each round is a few numpy operations over every row, column and box
at once (masks as in ``propagate``: int64, bit v−1 = value v possible, 36 bits for 36×36).
Subsets (and fish) combine only a unit's cells (values, rows) with 2…k candidates (places),
so a triple at 36×36 rarely combines all 36. :func:`rate_steps` yields
``progress.PAUSE`` between rounds and between slices of the count, so the page's worker can
run it in 35 ms slices; :func:`rate` runs it to the end.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Generator

import numpy as np

from .bits import from_bools, full_mask, lowest_index, popcount, to_bools
from .constraints import candidate_masks
from .exact import MAX_NODES, Counter
from .grid import Puzzle, PuzzleError, board_to_string, geometry, validate
from .progress import PAUSE, complete
from .propagate import eliminate, hidden_singles, is_fixed

MOVES = ("full_house", "hidden_single_box", "hidden_single_line", "naked_single", "locked_candidates",
         "naked_pair", "x_wing", "hidden_pair", "naked_triple", "swordfish", "hidden_triple")
TITLES = {"full_house": "full house", "hidden_single_box": "hidden single (box)",
          "hidden_single_line": "hidden single (row/column)", "naked_single": "naked single",
          "locked_candidates": "locked candidates", "naked_pair": "naked pair", "x_wing": "X-wing",
          "hidden_pair": "hidden pair", "naked_triple": "naked triple", "swordfish": "swordfish",
          "hidden_triple": "hidden triple"}
PLACING = 4                           # MOVES[:4] place values; the others remove candidates
SETTLED_LETTER = "FBLN"               # settled_by: full house, box / line hidden single, naked single
RATE_SECONDS = 8.0                    # the count's time budget (wall clock): an answer or "unknown" within ~10 s
NODES_PER_PAUSE = 64                  # exact-search nodes between two pauses (the count reads its clock every 64)


# ---------------------------------------------------------------------------- unit helpers

@lru_cache(maxsize=None)
def _combos(S: int, k: int) -> np.ndarray:
    return np.array(list(combinations(range(S), k)), dtype=np.intp).reshape(-1, k)


def _spread(n: int, per_unit: np.ndarray) -> np.ndarray:
    """(3N, N) masks per unit position -> (N·N,) masks per cell, OR-ed over the cell's units."""
    g = geometry(n)
    out = np.zeros(g.N * g.N, dtype=np.int64)
    np.bitwise_or.at(out, g.units.reshape(-1), per_unit.reshape(-1))
    return out


# ---------------------------------------------------------------------------- the singles

def _clear(m: np.ndarray, placed: np.ndarray, n: int) -> tuple[np.ndarray, bool]:
    """Placed values leave their peers (propagate.eliminate), pending naked singles hidden
    behind a full mask so their value stays with their peers until they are placed."""
    full = full_mask(n * n)
    pending = is_fixed(m) & ~placed
    out, failed = eliminate(np.where(pending, full, m), n)
    out = np.where(pending, m & out, out)
    return out, bool(failed) or bool((out == 0).any())


def _singles_round(m: np.ndarray, placed: np.ndarray, n: int, enabled: list[bool]):
    """The easiest placing move that applies: (move index, cells, masks), None when none
    applies, or "failed" when the grid has a value with no place left."""
    out, failed = hidden_singles(m, n)
    if failed:
        return "failed"
    pending = is_fixed(m) & ~placed
    cells = np.flatnonzero((out != m) | pending)
    if len(cells) == 0:
        return None
    g = geometry(n)
    N = g.N
    bits = np.where(pending, m, out)[cells]
    v = lowest_index(bits)
    places = to_bools(m[g.units], N).sum(axis=1)                     # (3N, N): places of each value
    open_cells = np.count_nonzero(~placed[g.units], axis=1)       # (3N,)
    last = ((open_cells[g.row_of[cells]] == 1) | (open_cells[N + g.col_of[cells]] == 1)
            | (open_cells[2 * N + g.box_of[cells]] == 1))
    in_box = places[2 * N + g.box_of[cells], v] == 1
    in_line = (places[g.row_of[cells], v] == 1) | (places[N + g.col_of[cells], v] == 1)
    for move, hit in enumerate((last, in_box, in_line, pending[cells])):
        if enabled[move] and hit.any():
            return move, cells[hit], bits[hit]
    return None


# ---------------------------------------------------------------------------- eliminations

def locked_candidates(m: np.ndarray, placed: np.ndarray, n: int) -> np.ndarray:
    """Pointing and claiming, over every box–row and box–column crossing at once."""
    N = n * n
    cand = (to_bools(m, N) & ~placed[:, None]).reshape(N, N, N)          # [row, column, value]
    kill = _locked_rows(cand, n) | _locked_rows(cand.transpose(1, 0, 2), n).transpose(1, 0, 2)
    return np.where(placed, m, m & ~from_bools(kill.reshape(N * N, N)))


def _locked_rows(cand: np.ndarray, n: int) -> np.ndarray:
    """Locked candidates between boxes and rows (columns: the same on the transposed grid)."""
    N = n * n
    c = cand.reshape(n, n, n, n, N)                  # band, row in band, stack, column in stack, value
    seg = c.any(axis=3)                              # the value in the row's segment of the box
    point = seg & (seg.sum(axis=1, keepdims=True) == 1)     # the box holds it in that row only
    claim = seg & (seg.sum(axis=2, keepdims=True) == 1)     # the row holds it in that box only
    row_kill = (point.sum(axis=2, keepdims=True) - point) > 0    # the row's other boxes lose it
    box_kill = (claim.sum(axis=1, keepdims=True) - claim) > 0    # the box's other rows lose it
    return ((row_kill | box_kill)[:, :, :, None, :] & c).reshape(N, N, N)


def _subset_hits(sets: np.ndarray, small: np.ndarray, k: int):
    """Per group, the k-subsets of `small` items whose masks cover exactly k bits.

    sets (G, N) masks (a group is a unit, or a value for fish), small (G, N) which items may
    join. Only the small items are combined (each group's small items first, up to the largest
    count of any group). Returns (groups, members (H, k) item indices, union masks) of the hits."""
    S = int(small.sum(axis=1).max(initial=0))
    if S < k:
        return None
    order = np.argsort(~small, axis=1, kind="stable")[:, :S]
    combos = _combos(S, k)
    members = order[:, combos]                                         # (3N, K, k)
    union = np.bitwise_or.reduce(np.take_along_axis(sets, order, 1)[:, combos], axis=2)
    ok = np.take_along_axis(small, order, 1)[:, combos].all(axis=2) & (popcount(union) == k)
    hu, hk = np.nonzero(ok)
    if len(hu) == 0:
        return None
    return hu, members[hu, hk], union[hu, hk]


def naked_subset(m: np.ndarray, placed: np.ndarray, n: int, k: int) -> np.ndarray:
    """k cells of a unit with k candidates between them: those values leave the unit's other cells."""
    g = geometry(n)
    um, up = m[g.units], placed[g.units]
    size = popcount(um)
    hits = _subset_hits(um, ~up & (size >= 2) & (size <= k), k)
    if hits is None:
        return m
    hu, members, union = hits
    outside = np.ones((len(hu), g.N), dtype=bool)
    outside[np.arange(len(hu))[:, None], members] = False
    per_unit = np.zeros_like(um)
    np.bitwise_or.at(per_unit, hu, np.where(outside, union[:, None], 0))
    return np.where(placed, m, m & ~_spread(n, per_unit))


def hidden_subset(m: np.ndarray, placed: np.ndarray, n: int, k: int) -> np.ndarray:
    """k values with k places between them in a unit: those cells keep only those values."""
    g = geometry(n)
    N = g.N
    open_bits = to_bools(m[g.units], N) & ~placed[g.units][:, :, None]     # (3N, position, value)
    where = from_bools(open_bits.transpose(0, 2, 1))                    # (3N, value): its places
    size = popcount(where)
    hits = _subset_hits(where, (size >= 2) & (size <= k), k)
    if hits is None:
        return m
    hu, members, union = hits
    keep = (np.int64(1) << members).sum(axis=1)                        # the k values, as a mask
    cells_in = to_bools(union, N)                                         # (H, position)
    per_unit = np.zeros((3 * N, N), dtype=np.int64)
    np.bitwise_or.at(per_unit, hu, np.where(cells_in, ~keep[:, None] & full_mask(N), 0))
    return np.where(placed, m, m & ~_spread(n, per_unit))


def fish(m: np.ndarray, placed: np.ndarray, n: int, k: int) -> np.ndarray:
    """X-wing (k = 2), swordfish (k = 3): k rows holding a value only in the same k columns
    take it from those columns' other rows; and the same with rows and columns swapped."""
    N = n * n
    cand = (to_bools(m, N) & ~placed[:, None]).reshape(N, N, N)          # [row, column, value]
    kill = _fish_rows(cand, k) | _fish_rows(cand.transpose(1, 0, 2), k).transpose(1, 0, 2)
    return np.where(placed, m, m & ~from_bools(kill.reshape(N * N, N)))


def _fish_rows(cand: np.ndarray, k: int) -> np.ndarray:
    N = cand.shape[0]
    sets = from_bools(cand.transpose(2, 0, 1))                         # [value, row]: its columns
    size = popcount(sets)
    hits = _subset_hits(sets, (size >= 2) & (size <= k), k)
    if hits is None:
        return np.zeros_like(cand)
    hv, members, union = hits
    other_rows = np.ones((len(hv), N), dtype=bool)
    other_rows[np.arange(len(hv))[:, None], members] = False
    kill = np.zeros((N, N, N), dtype=bool)                            # [value, row, column]
    np.logical_or.at(kill, hv, other_rows[:, :, None] & to_bools(union, N)[:, None, :])
    return kill.transpose(1, 2, 0) & cand


TECHNIQUES = {
    "locked_candidates": locked_candidates,
    "naked_pair": lambda m, placed, n: naked_subset(m, placed, n, 2),
    "x_wing": lambda m, placed, n: fish(m, placed, n, 2),
    "hidden_pair": lambda m, placed, n: hidden_subset(m, placed, n, 2),
    "naked_triple": lambda m, placed, n: naked_subset(m, placed, n, 3),
    "swordfish": lambda m, placed, n: fish(m, placed, n, 3),
    "hidden_triple": lambda m, placed, n: hidden_subset(m, placed, n, 3),
}


# ---------------------------------------------------------------------------- the ladder

@dataclass(frozen=True)
class Logic:
    """Where the ladder stopped: the values it placed and which move placed each."""

    values: np.ndarray          # (N·N,) int8: givens and every value logic placed, 0 elsewhere
    masks: np.ndarray           # (N·N,) int64: the candidates where logic stopped
    settled_by: np.ndarray      # (N·N,) int8: index in MOVES of the move that placed the cell, −1 if none
    uses: np.ndarray            # (len(MOVES),) rounds in which each move made progress
    singles_cells: int          # cells placed before the first elimination technique was needed
    contradiction: bool         # a cell or a value was left with no possibility: no solution

    @property
    def cells(self) -> int:
        return int(np.count_nonzero(self.settled_by >= 0))

    @property
    def complete(self) -> bool:
        return not self.contradiction and bool((self.values > 0).all())

    @property
    def hardest(self) -> str | None:
        used = np.flatnonzero(self.uses)
        return MOVES[used[-1]] if len(used) else None


def logic_steps(puzzle: Puzzle, moves: tuple[str, ...] = MOVES) -> Generator[None, None, Logic]:
    """The ladder run to its end on `puzzle`, easiest move first each round; yields PAUSE
    between rounds and between techniques. `moves` (a subset of MOVES) leaves rungs out."""
    unknown = set(moves) - set(MOVES)
    if unknown:
        raise ValueError(f"unknown move {sorted(unknown)[0]!r}; the moves are {', '.join(MOVES)}")
    enabled = [name in moves for name in MOVES]
    n = puzzle.n
    placed = puzzle.cells > 0
    settled = np.full(puzzle.N * puzzle.N, -1, dtype=np.int8)
    uses = np.zeros(len(MOVES), dtype=np.int64)
    singles_cells = None
    m, failed = _clear(candidate_masks(puzzle.cells, n), placed, n)
    while not failed and not placed.all():
        yield PAUSE
        step = _singles_round(m, placed, n, enabled)
        if step == "failed":
            failed = True
            break
        if step is not None:
            move, cells, bits = step
            m[cells] = bits
            placed[cells] = True
            settled[cells] = move
            uses[move] += 1
            m, failed = _clear(m, placed, n)
            continue
        if singles_cells is None:
            singles_cells = int(np.count_nonzero(settled >= 0))
        for move in range(PLACING, len(MOVES)):
            if not enabled[move]:
                continue
            new = TECHNIQUES[MOVES[move]](m, placed, n)
            if not np.array_equal(new, m):
                m = new
                uses[move] += 1
                failed = bool((m == 0).any())
                break
            yield PAUSE
        else:
            break                                         # logic stalls
    values = np.where(placed, np.where(is_fixed(m), lowest_index(np.where(m == 0, 1, m)) + 1, 0), 0)
    values = np.where(puzzle.cells > 0, puzzle.cells, values).astype(np.int8)
    done = int(np.count_nonzero(settled >= 0))
    return Logic(values, m, settled, uses, done if singles_cells is None else singles_cells, failed)


def logic(puzzle: Puzzle, moves: tuple[str, ...] = MOVES) -> Logic:
    return complete(logic_steps(puzzle, moves))


# ---------------------------------------------------------------------------- the rating

@dataclass(frozen=True)
class Rating:
    size: int                   # N
    givens: int
    p: float                    # givens / N²
    solutions: int | None       # 0, 1, 2 (several), None (the search's node budget ran out)
    logic_cells: int            # empty cells logic settles
    hardest_move: str | None    # the hardest move logic used (an id of MOVES), None if none
    needs_search: bool          # logic stalls with empty cells left
    empty_cells: int = 0
    verdict: str = ""           # the count in words (exact.Count.verdict): none, one, several, at least one, unknown
    singles_cells: int = 0      # empty cells the singles settle before anything harder is needed
    cells_by_move: tuple[tuple[str, int], ...] = ()     # cells each placing move settled
    uses_by_move: tuple[tuple[str, int], ...] = ()      # rounds each move made progress
    settled_by: str = ""        # per cell: B/L/N (the move that placed it), '.' given or open
    solution: str | None = None
    message: str | None = None
    out_of_time: bool = False   # the count stopped at its time budget (the verdict says what it knew)

    def to_json(self) -> dict:
        return {"size": self.size, "givens": self.givens, "p": round(self.p, 4), "solutions": self.solutions,
                "verdict": self.verdict,
                "logic_cells": self.logic_cells, "hardest_move": self.hardest_move,
                "needs_search": self.needs_search, "empty_cells": self.empty_cells,
                "singles_cells": self.singles_cells, "cells_by_move": dict(self.cells_by_move),
                "uses_by_move": dict(self.uses_by_move), "settled_by": self.settled_by,
                "solution": self.solution, "message": self.message, "out_of_time": self.out_of_time}

    def summary(self) -> str:
        """One or two lines for people (the CLI's check)."""
        if self.message and self.solutions == 0 and self.logic_cells == 0 and not self.needs_search:
            return self.message
        if self.empty_cells == 0:
            return "No empty cell: nothing for logic to do."
        hardest = TITLES.get(self.hardest_move, "none")
        if self.needs_search:
            return (f"Logic settles {self.logic_cells} of {self.empty_cells} empty cells, then needs search "
                    f"(hardest move used: {hardest}).")
        if self.solutions == 0:
            return f"Logic settles {self.logic_cells} empty cells, then finds a contradiction: no solution."
        return f"Logic settles all {self.empty_cells} empty cells; hardest move: {hardest}."


def rate_steps(puzzle: Puzzle, max_nodes: int = MAX_NODES,
               nodes_per_pause: int = NODES_PER_PAUSE, max_seconds: float | None = RATE_SECONDS,
               clock=time.perf_counter, progress: dict | None = None) -> Generator[None, None, Rating]:
    """The rating of `puzzle`: the ladder, then (if logic stalls) the exact count, yielding
    PAUSE between rounds and every `nodes_per_pause` search nodes. Two parts are not split:
    building the count's tables (``exact.Counter``: 0.1–0.4 s at 36×36, 0.7 s at 64×64
    natively) and 64 nodes of a sparse 25×25 or 36×36 search (up to 0.3 s at load 4;
    docs/benchmarks.md).

    The count stops once `max_seconds` have passed on `clock` since the rating began (None: no
    limit), and the rating then says what it knew — "at least one" or "unknown" — with
    ``out_of_time`` and the reason in ``message``: a sparse 36×36 took 96 s natively and
    260 s in the page to settle, with nothing shown meanwhile. `progress`, when
    given, is kept up to date for whoever shows the wait: ``stage`` (``logic`` or ``count``),
    ``logic_cells``, ``nodes``, ``elapsed`` and ``budget`` (seconds)."""
    start = clock()
    report = progress if progress is not None else {}
    report.update(stage="logic", logic_cells=0, nodes=0, elapsed=0.0, budget=max_seconds)
    C = puzzle.N * puzzle.N
    head = dict(size=puzzle.N, givens=puzzle.given_count, p=puzzle.given_count / C,
                empty_cells=C - puzzle.given_count)
    try:
        validate(puzzle)
    except PuzzleError as exc:
        return Rating(**head, solutions=0, verdict="none", logic_cells=0, hardest_move=None, needs_search=False,
                      settled_by="." * C, message=exc.message)
    result = yield from logic_steps(puzzle)
    report.update(logic_cells=result.cells, elapsed=clock() - start)
    solution = message = None
    out_of_time = False
    if result.contradiction:
        solutions, verdict = 0, "none"
        message = "This puzzle has no solution: logic reaches a cell or a value with no possibility left."
    elif result.complete:
        solutions, verdict, solution = 1, "one", board_to_string(result.values)
    else:
        report.update(stage="count")
        yield PAUSE                                       # the count's tables are the next part
        counter = Counter(Puzzle(puzzle.n, result.values), limit=2, max_nodes=max_nodes)
        while not counter.advance(nodes_per_pause, clock=lambda: counter.nodes):
            report.update(nodes=counter.nodes, elapsed=clock() - start)
            if max_seconds is not None and clock() - start >= max_seconds:
                out_of_time = True
                break
            yield PAUSE
        count = counter.result()
        report.update(nodes=count.nodes, elapsed=clock() - start)
        solutions, verdict = count.settled, count.verdict
        if count.solution is not None:
            solution = board_to_string(count.solution)
        if count.complete and count.solutions == 0:
            message = "This puzzle has no solution."
        if out_of_time:
            message = (f"The count stopped at its {max_seconds:g} s budget after {count.nodes:,} search nodes: "
                       + ("a solution was found, but not whether it is the only one."
                          if count.solutions else "no solution found yet, so the count is unknown."))
    cells = np.bincount(result.settled_by[result.settled_by >= 0], minlength=len(MOVES))
    letters = np.array(list("." + SETTLED_LETTER + "?" * (len(MOVES) - PLACING)))
    return Rating(**head, solutions=solutions, verdict=verdict, logic_cells=result.cells, hardest_move=result.hardest,
                  needs_search=not result.complete and not result.contradiction,
                  singles_cells=result.singles_cells,
                  cells_by_move=tuple((MOVES[i], int(cells[i])) for i in range(PLACING)),
                  uses_by_move=tuple((name, int(u)) for name, u in zip(MOVES, result.uses)),
                  settled_by="".join(letters[result.settled_by + 1]), solution=solution, message=message,
                  out_of_time=out_of_time)


def rate(puzzle: Puzzle, max_nodes: int = MAX_NODES, max_seconds: float | None = RATE_SECONDS) -> Rating:
    """rate_steps run to the end in one go (the count within `max_seconds`, None for no limit)."""
    return complete(rate_steps(puzzle, max_nodes, max_seconds=max_seconds))

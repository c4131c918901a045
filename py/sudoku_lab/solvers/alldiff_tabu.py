"""alldifferent filtering + tabu search — Soto, Crawford, Galleguillos, Paredes & Norero,
*A Hybrid alldifferent-Tabu Search Algorithm for Solving Sudoku Puzzles* (2015).

The paper, as implemented here:

* **Filtering** (§4, Algorithm 2 lines 1 and 9): the alldifferent constraint on all 3N
  units, by Puget's Hall intervals, iterated to a fixpoint — before the search and after
  every move (``sudoku_lab.filtering``). AC-3 (the paper's baseline) and the stronger
  Hall-set filter (generalised arc consistency) can be chosen instead, so the three can
  be compared. Every filtering is incremental: a move filters on from the current domains,
  a take-back from the givens' own fixpoint, re-examining only the units whose cells changed
  — the same domains as filtering from scratch, so the same run for the same seed.
* **Tabu search over assignments drawn from the filtered domains** (§5): the state is a
  partial assignment on top of the givens; its domains are the filtered domains; the cost
  is the number of cells still to complete (cells whose filtered domain is not a single
  value); the search stops when the grid is complete or after 10,000 iterations.

The paper is thin on the neighbourhood, tenure and aspiration; this is the design (also in
docs/solvers/alldiff_tabu.md):

* **Move**: assign value v to an open cell c, v taken from c's filtered domain.
* **Candidate list** (Algorithm 2 lines 4–7): ``candidates`` (10) moves, each an open cell
  drawn at random with a value drawn at random from its filtered domain — the paper's
  "randomising the value selection of filtered values".
* **Evaluation**: every candidate is scored at once by a one-step look-ahead — the cost after
  removing v from the domains of c's peers (peers left with one value become complete;
  peers left with none make the move infeasible, scored last). The best candidate (ties at
  random) is applied and the full filter is run to a fixpoint (line 9).
* **Tabu list**: the features are (cell, value) pairs. A move the filter refutes, and an
  assignment taken back, become tabu; the list holds the last ``tenure`` (20) features and
  they expire first-in first-out (lines 13–15). While tabu, a feature is excluded from the
  domains, so the filter propagates its consequences and no candidate can propose it. An
  expired feature comes back when the domains are next rebuilt from the givens (at a
  take-back), not at once: rebuilding at every expiry would cost a full filtering.
* **Dead ends**: when excluding a refuted move makes the domains fail, the most recent
  assignment is taken back and made tabu, repeatedly until the domains are consistent. With
  nothing left to take back, the oldest tabu feature is released (aspiration by default).
* **Counting**: one iteration = one candidate list evaluated and one move (or take-back)
  made; evaluations = candidates scored.
* **Givens with no solution**: when filtering the givens fails, the run ends at once with
  ``("unsolvable", message)`` (docs/protocol.md, "The run protocol"): the filter has proved it.
* **Pauses**: an iteration yields ``PAUSE`` between its filterings (after a refuted move,
  between take-backs, each of which is a filtering) and between the rounds of a filtering
  (``filtering.fixpoint_parts``), so no step holds the page for more than one round; no
  draw happens there, so pauses never change a run.
* **Cost**: the filter's fixpoint is most of an iteration. Up to 25×25 it runs in plain Python
  over int masks (``filtering``'s module docstring: at 9×9 twice the iterations per second of
  its numpy form, natively and in the page; numpy at 36×36). The module's own part (the
  candidate list, the look-ahead, the progress frame) is a few dozen small numpy calls, a fifth
  of an iteration at most (docs/benchmarks.md, `alldiff_tabu`, "Where an iteration's time
  goes"): were it free, an iteration would not be twice as fast, so the module stays numpy.

Beyond the paper (off by default, so the paper's algorithm and its tables stay reproduced):

* ``propagate``: at every filtering — of the givens before the search, after every move,
  refutation and take-back — the domains are also closed under hidden singles (a value with
  one place left in a row, column or box goes there; ``sudoku_lab.propagate``, the lab's one
  propagation rule), repeated with the chosen filter until neither changes anything. Naked
  singles are already part of every filter, so the domains the search works on are closed
  under naked and hidden singles as well as the alldifferent filter. Why: above 9×9 the
  default Hall-interval filter reasons on bounds only and leaves hidden singles unresolved
  (the Hall-set filter that sees them is refused past 9×9), so cells that propagation
  settles stay open for the search to guess, and a value with no place left in a unit
  goes unnoticed until later moves fail. With the option, more cells complete after each
  move (the cost falls faster), dead ends are found earlier (a value with no place fails
  the domains), and givens that singles prove unsolvable end the run at once. The moves,
  tabu list and counting are unchanged; one filtering costs more (a hidden-singles round at
  least).
"""

from __future__ import annotations

from collections import deque
from typing import Iterator

import numpy as np

from ..bits import digit_bits, full_mask, lowest_index, popcount
from ..filtering import FILTERS, fixpoint_parts, peer_table
from ..grid import Puzzle, geometry
from ..progress import PAUSE, Progress
from .params import SolverError, param

ID = "alldiff_tabu"
TITLE = "alldifferent filtering + tabu search"
CITATION = ("R. Soto, B. Crawford, C. Galleguillos, F. Paredes, E. Norero. A Hybrid alldifferent-Tabu Search "
            "Algorithm for Solving Sudoku Puzzles. Computational Intelligence and Neuroscience, 2015, "
            "article 286354, doi 10.1155/2015/286354.")
PARAMS = [
    param("filter", "choice", "hall_intervals", "domain filter: Puget's Hall intervals (paper), Hall sets (GAC) "
          "or AC-3 (the paper's baseline)", choices=list(FILTERS)),
    param("max_iterations", "int", 10_000, "stop after this many iterations (the paper's limit)", 1, 10_000_000),
    param("candidates", "int", 10, "moves drawn for each iteration's candidate list", 1, 1000),
    param("tenure", "int", 20, "length of the tabu list (cell, value features)", 0, 100_000),
    param("propagate", "bool", False, "close the domains under hidden singles too, at every filtering "
          "(not in the paper)"),
]
STEP = "iteration"
SERIES = {"cells_left": "cells left to complete", "domain_size": "candidates left"}
SERIES_AXES = {"domain_size": "right"}
OBJECTIVE = {"name": "cells left to complete", "direction": "min", "best": lambda puzzle, params: 0}


MAX_SIDE = 49      # domains are int64 bit masks below the sign bit, and the filters' bounds are float-exact to 53 bits


def check_params(puzzle: Puzzle, params: dict) -> None:
    """Hall sets enumerate every subset of a unit's cells: 2^N, too many past 9×9. Domains are
    int64 masks whose bounds are read through floats: up to 49×49 (64 values need the sign bit)."""
    if puzzle.N > MAX_SIDE:
        raise SolverError(f"alldiff_tabu works on boards up to {MAX_SIDE}×{MAX_SIDE} (this one is "
                          f"{puzzle.N}×{puzzle.N}): its domains are bit masks of at most 63 values", "solver")
    if params["filter"] == "hall_sets" and puzzle.N > 9:
        raise SolverError(f"the hall_sets filter works on boards up to 9×9 (this one is {puzzle.N}×{puzzle.N}); "
                          "choose hall_intervals or ac3", "filter")


class _State:
    """A partial assignment (cell -> value, in the order made) and its filtered domains.

    Every filtering is incremental (``filtering.fixpoint(..., since=...)``): a move or a
    refutation filters on from the current domains; a rebuild (a take-back) filters on from
    the givens' own fixpoint ``root``, which holds every later fixpoint — so each re-examines
    only the units whose cells changed, and reaches the domains filtering from scratch would.
    """

    def __init__(self, puzzle: Puzzle, kind: str, singles: bool = False):
        g = geometry(puzzle.n)
        self.n, self.N, self.units, self.kind, self.singles = puzzle.n, g.N, g.units, kind, singles
        cells = puzzle.cells.astype(np.int64)
        self.base = np.where(cells > 0, digit_bits(cells), full_mask(g.N))
        self.peers = peer_table(g.units)                              # (cells, peers per cell)
        self.assigned: list[tuple[int, int]] = []

    def start(self) -> Iterator[None]:
        """Filter the givens (pausing between the filter's rounds): the root of every rebuild.
        Returns whether they fail."""
        self.root, failed = yield from self.close(self.base)
        self.domains = self.root
        return failed

    def close(self, start: np.ndarray, since: np.ndarray | None = None) -> Iterator[None]:
        """The filter's fixpoint below `start` (given `since`, a fixpoint holding `start`); with
        ``singles``, closed under hidden singles too. Pauses between the filter's rounds;
        returns (domains, failed)."""
        d, failed, _ = yield from fixpoint_parts(start, self.units, self.N, self.kind, since=since,
                                                 hidden=self.singles)
        return d, failed

    def filter(self, assigned: list[tuple[int, int]], tabu) -> Iterator[None]:
        """Domains of givens + assignments, with tabu (cell, value) features excluded."""
        m = self.root.copy()
        for c, v in tabu:
            m[c] &= ~(1 << (v - 1))
        for c, v in assigned:
            m[c] = self.root[c] & (1 << (v - 1))
        return (yield from self.close(m, since=self.root))

    def tighten(self, cell: int, keep: int) -> Iterator[None]:
        """The domains with `cell` narrowed to `keep`, filtered on from the current fixpoint."""
        start = self.domains.copy()
        start[cell] &= keep
        return (yield from self.close(start, since=self.domains))

    @property
    def domains(self) -> np.ndarray:
        return self._domains

    @domains.setter
    def domains(self, d: np.ndarray) -> None:
        self._domains = d
        self.open_cells = np.flatnonzero((d & (d - 1)) != 0)     # computed once per change
        self.cost = len(self.open_cells)

    def board(self) -> np.ndarray:
        d = self.domains
        single = (d & (d - 1)) == 0
        return np.where(single, lowest_index(np.maximum(d, 1)) + 1, 0).astype(np.int8)

    def look_ahead(self, cells: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Cost after each move (c, v) with v removed from c's peers, and which moves wipe a peer out."""
        bit = digit_bits(values)[:, None]
        pd = self.domains[self.peers[cells]]                         # (L, P)
        has = (pd & bit) != 0
        open_peer = (pd & (pd - 1)) != 0
        closes = has & open_peer & (popcount(pd) == 2)
        wipe = (pd == bit).any(axis=1)
        return self.cost - 1 - closes.sum(1), wipe


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress | None]:
    kind = params["filter"]
    state = _State(puzzle, kind, params["propagate"])
    yield PAUSE                                   # the geometry's tables, built once per size, then the filter
    if (yield from state.start()):
        how = kind + (" with hidden singles" if params["propagate"] else "")
        return ("unsolvable", f"no solution: filtering the givens ({how}) proves that no assignment keeps them")
    tabu: deque[tuple[int, int]] = deque()
    tenure = params["tenure"]
    best_cost = state.cost
    evaluations = 0
    L = params["candidates"]

    def make_tabu(feature: tuple[int, int]) -> None:
        tabu.append(feature)
        while len(tabu) > tenure:
            tabu.popleft()                        # expire first in, first out

    def settle() -> Iterator[None]:
        """Filter the current assignment; take back assignments until it is consistent.
        Returns the event; pauses between take-backs (each is a filtering)."""
        event = None
        while True:
            domains, failed = yield from state.filter(state.assigned, tabu)
            if not failed:
                state.domains = domains
                return event
            if state.assigned:
                make_tabu(state.assigned.pop())
                event = "take-back"
            else:                                 # aspiration by default: release the oldest tabu
                tabu.popleft()
                event = "release"
            yield PAUSE

    def progress(it: int, event: str | None = None) -> Progress:
        d = state.domains
        return Progress(iteration=it, evaluations=evaluations, best=best_cost,
                        board=state.board(), event=event,
                        series={"cells_left": state.cost, "domain_size": int(popcount(d).sum())},
                        overlay={"candidates": d.tolist()})

    yield progress(0)
    for it in range(1, params["max_iterations"] + 1):
        if state.cost == 0:
            return "solved"
        open_cells = state.open_cells
        cells = open_cells[rng.integers(len(open_cells), size=L)]
        # a random value from each drawn cell's filtered domain (tabu values are not in it)
        doms = state.domains[cells]
        bits = (doms[:, None] >> np.arange(state.N)) & 1
        values = np.where(bits == 1, rng.random(bits.shape), -1.0).argmax(1) + 1
        evaluations += L
        est, wipe = state.look_ahead(cells, values)
        score = np.where(wipe, np.iinfo(np.int64).max, est)
        ties = np.flatnonzero(score == score.min())
        k = int(ties[rng.integers(len(ties))])
        move = (int(cells[k]), int(values[k]))
        bit = 1 << (move[1] - 1)
        domains, failed = yield from state.tighten(move[0], bit)
        if failed:
            make_tabu(move)                       # refuted: not to be tried again for a while
            yield PAUSE
            domains, failed = yield from state.tighten(move[0], ~bit)
            if failed:
                yield PAUSE
                event = yield from settle()       # takes assignments back until consistent
            else:
                state.domains = domains
                event = "refuted"
        else:
            state.assigned.append(move)
            state.domains = domains
            event = None
        best_cost = min(best_cost, state.cost)
        yield progress(it, event)
    return "budget" if state.cost else "solved"

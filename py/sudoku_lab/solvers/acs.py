"""Ant colony system with constraint propagation — Lloyd & Amos, *Solving Sudoku with Ant
Colony Optimization* (IEEE Transactions on Games 12(3):302–311, 2020; arXiv 1805.03545).
Not one of the lab's five papers: the field's reference for large grids, shown beside them.

The algorithm, as implemented here (docs/solvers/acs.md says more):

* **Pheromone** τ per (cell, value), every entry τ0 = 1/c at the start (c = N·N cells).
* **Construction.** Each ant starts from the puzzle's givens, propagated, and visits the
  cells in turn from a random cell of its own, wrapping round (the paper's order). At a cell
  with more than one candidate it picks one: with probability q0 the candidate of highest τ,
  otherwise a roulette choice over the candidates weighted by τ. Then the **local update**
  τ ← (1 − ξ)·τ + ξ·τ0 on the (cell, value) chosen, and **propagation**: naked and hidden
  singles to a fixpoint (`propagate.settle`). A cell left with no candidate is *failed*: it is
  skipped and never counts as fixed; the ant goes on. Fixed cells are passed by.
* **Quality** f = the number of fixed cells when the ant has visited every cell (givens
  included: f = c is a solution).
* **Global update** on the best-so-far ant only: τ ← (1 − ρ)·τ + ρ·Δτ on each (cell, value)
  it fixed, Δτ = c / (c − f_best). The iteration-best ant replaces the best-so-far when its own
  c / (c − f) is greater than the best's current Δτ; then **best-value evaporation**
  Δτ_best ← Δτ_best·(1 − evaporation), every iteration, so a stale best loses its pull and a
  slightly worse newcomer can take its place.
* Defaults (the paper's): 10 ants, q0 = 0.9, ρ = 0.9, ξ = 0.1, evaporation 0.005. The paper
  stops on time; here the run's budget does.

Decisions where the paper is vague (also in docs/solvers/acs.md):

* **The ants move together.** All ants advance at once, vectorised over the batch. A step:
  every ant whose grid is at its propagation fixpoint moves on to its next open cell (the
  fixed and failed cells it passes cost nothing) and places a value there; then one round of
  propagation (`propagate.settle_round`) runs over every ant whose grid is still changing.
  Each ant does what the paper's ant does — visit, choose, propagate to the fixpoint — and
  none waits for another's propagation, so an iteration takes as many steps as its busiest
  ant needs (measured at 16×16, p = 0.4: 57 steps an iteration, against 147 propagation
  rounds when every placement is propagated to its end before the next ant moves). What can
  differ from the paper is only how the ants' local updates interleave within an iteration
  (which ant reads a (cell, value) after another's local update of it). Ants that choose at
  one cell in the same step choose from the same τ; all their local updates are applied
  (k updates of one entry give τ0 + (τ − τ0)·(1 − ξ)^k).
* **Propagation rounds and ties.** One round removes every fixed value from its units' open
  cells, then fixes every value that has one place left in a unit (naked, then hidden
  singles). The paper's propagation is sequential; where the order matters the grid already
  contradicts itself, and these tie-breaks decide which cells fail: cells of a unit fixed to
  one value in the same round all fail; a cell that is the only place of two values takes the
  lower. The value of highest τ is the lowest such value; the iteration-best ant is the first
  of equal f.
* **numpy over the whole colony, not plain Python per ant.** At 9×9 most of a step is numpy's
  fixed cost per call, at 36×36 a tenth; but one call carries every ant, and an ant takes
  many propagation rounds an iteration (~58 at 9×9, p = 0), so a plain-Python construction
  (one list of masks per ant, each round incremental; the same runs) was slower at every size,
  0.35-0.83× the vectorised speed natively and 0.29-0.96× in the page (docs/benchmarks.md,
  `acs`, "A step's cost").
* **Random draws**: two uniform numbers per ant per step, drawn whether the ant is still
  working or not, so a run is the same with or without the page's pauses.
* **Given grids that propagation proves unsolvable** end the run at once ("unsolvable").
* **Reporting**: `best` (the objective) is the most cells any ant has fixed so far, and the
  board is that ant's grid (0 where a cell was failed); the series are `best`,
  `iteration_best` (this iteration's best f) and `reinforced` (the f of the best-so-far ant
  the global update reinforces: it falls when best-value evaporation hands the pull to a
  weaker newcomer).
  The overlay shows, for every cell, its value of highest τ, shaded by that value's share of
  the cell's pheromone. An iteration counts one construction by every ant; evaluations count
  ants.
"""

from __future__ import annotations

from typing import Generator, Iterator

import numpy as np

from ..bits import digit_bits
from ..constraints import candidate_masks
from ..grid import Puzzle
from ..progress import PAUSE, Progress
from ..propagate import fixed_values, settle, settle_round, singles
from .params import param

ID = "acs"
TITLE = "Ant colony system with propagation (reference)"
CITATION = ("H. Lloyd, M. Amos. Solving Sudoku with Ant Colony Optimization. IEEE Transactions on "
            "Games 12(3):302-311, 2020 (arXiv 1805.03545).")
REFERENCE = True        # not one of the lab's five papers: the field's reference, shown beside them
PARAMS = [
    param("ants", "int", 10, "ants per iteration", 1, 40),
    param("q0", "float", 0.9, "chance of taking the value of highest pheromone (else a roulette choice)",
          0.0, 1.0),
    param("rho", "float", 0.9, "global update: weight of the best-so-far ant's deposit", 0.0, 1.0),
    param("xi", "float", 0.1, "local update: pull towards tau0 after each choice", 0.0, 1.0),
    param("evaporation", "float", 0.005, "best-value evaporation: share of the best ant's deposit "
          "lost every iteration", 0.0, 1.0),
]
STEP = "iteration"
# the extra board, for the page's caption: it is not a candidate, so the default board is the best ant's
VIEWS = {"pheromone": "each cell's value of highest pheromone, shaded by its share of the cell's pheromone — "
                      "where the colony pulls, not a candidate board"}
SERIES = {"best": "best ant so far (cells fixed)", "iteration_best": "this iteration's best ant",
          "reinforced": "reinforced ant (cells fixed)"}
OBJECTIVE = {"name": "cells fixed", "direction": "max", "best": lambda puzzle, params: puzzle.N ** 2}
# Pauses: a step of the construction (the ready ants place a value, one propagation round)
# costs natively about as much as a fixed overhead of STEP_OVERHEAD (cell, ant) pairs plus the
# pairs it touches (twice as many for the 64-bit masks of 36×36); a pause comes after
# WORK_PER_PAUSE of that, 5-8 ms natively at 10 ants (measured: docs/benchmarks.md), well
# inside one of the page's 35 ms slices at 2x native. At most 40 ants: one step at 36×36 then
# takes ~10 ms.
STEP_OVERHEAD = 4_000
WORK_PER_PAUSE = 120_000


class Colony:
    """Pheromone, the best-so-far ant and one iteration's construction, for one puzzle."""

    def __init__(self, puzzle: Puzzle, params: dict):
        self.n, self.N = puzzle.n, puzzle.N
        self.C = C = puzzle.N ** 2
        self.ants = params["ants"]
        self.q0, self.rho, self.xi = params["q0"], params["rho"], params["xi"]
        self.evaporation = params["evaporation"]
        self.dtype = np.int32 if self.N < 31 else np.int64       # N candidate bits per cell
        masks = candidate_masks(puzzle.cells, puzzle.n).astype(self.dtype)[:, None]
        settle(masks, puzzle.n)
        self.start = masks[:, 0]                                 # the givens, propagated
        self.tau0 = 1.0 / C
        self.tau = np.full((C, self.N), self.tau0)
        self.best_delta = 0.0                                    # Δτ of the best-so-far ant
        self.best_f = 0
        self.best_values = np.zeros(C, dtype=np.int8)            # its grid, 0 = not fixed
        self.values = np.arange(self.N, dtype=self.dtype)
        # value -> its mask bit, in the masks' own type (1 << 35 would overflow the page's 32-bit intp)
        self.bits = digit_bits(self.values + 1).astype(self.dtype)
        width = np.dtype(self.dtype).itemsize // 4
        self.pause_every = max(1, WORK_PER_PAUSE // (STEP_OVERHEAD + C * self.ants * width))
        self.scratch: dict = {}                                  # propagation's reusable arrays

    # ------------------------------------------------------------------ one iteration
    def construct(self, rng: np.random.Generator) -> Generator[None, None, np.ndarray]:
        """Every ant builds its grid; yields PAUSE between steps; returns the final masks (C, ants).

        A step: every ant whose grid is at its propagation fixpoint moves to its next open cell
        and places a value there; then one round of propagation runs over every ant whose grid
        is still changing (`propagate.settle_round`). So an ant never waits for another's
        propagation to finish, and the steps an iteration takes are those of the busiest ant."""
        C, B = self.C, self.ants
        start = rng.integers(C, size=B)
        ahead = (np.arange(C)[:, None] - start) % C              # cells in each ant's visiting order
        masks = np.repeat(self.start[:, None], B, axis=1)
        decided = (masks & (masks - 1)) == 0                     # fixed or failed
        working = np.ones(B, dtype=bool)                         # some cell still to visit
        busy = np.zeros(B, dtype=bool)                           # propagation not at its fixpoint
        steps = 0
        while True:
            draws = rng.random((2, B))
            ready = np.flatnonzero(working & ~busy)
            if ready.size:
                distance = np.where(decided, C, ahead)          # every ant: cheaper than picking columns
                cell = distance.argmin(axis=0)[ready]
                found = distance[cell, ready] < C
                working[ready[~found]] = False                   # visited every cell
                ants, cell = ready[found], cell[found]
                if ants.size:
                    value = self.choose(cell, masks[cell, ants], draws[0, ants], draws[1, ants])
                    self.local_update(cell, value)
                    masks[cell, ants] = self.bits[value]
                    decided[cell, ants] = True
                    busy[ants] = True
            live = np.flatnonzero(busy)
            if not live.size:
                return masks
            if live.size == B:
                masks, decided, busy = settle_round(masks, decided, self.n, self.scratch)
            else:
                masks[:, live], decided[:, live], busy[live] = settle_round(
                    masks[:, live], decided[:, live], self.n, self.scratch)
            steps += 1
            if steps % self.pause_every == 0:
                yield PAUSE

    def choose(self, cells: np.ndarray, masks: np.ndarray, greedy: np.ndarray,
               roulette: np.ndarray) -> np.ndarray:
        """The ACS rule for ants at `cells` with candidate `masks`: the candidate of highest τ
        where `greedy` < q0, else the one a roulette draw `roulette` ∈ [0, 1) lands on, each
        candidate weighted by its τ. Values are 0-based."""
        weight = self.tau[cells] * ((masks[:, None] >> self.values) & 1)
        best = weight.argmax(axis=1)
        total = np.cumsum(weight, axis=1)
        spun = np.count_nonzero(total <= (roulette * total[:, -1])[:, None], axis=1)
        spun = np.where(spun < self.N, spun, best)               # (r·total rounding up to total)
        return np.where(greedy < self.q0, best, spun)

    def local_update(self, cells: np.ndarray, values: np.ndarray) -> None:
        """τ ← (1 − ξ)·τ + ξ·τ0 once per ant on the (cell, value) it chose: k ants on one entry
        give τ0 + (τ − τ0)·(1 − ξ)^k (every copy of a repeated index writes that same value)."""
        chosen = cells * self.N + values
        times = np.count_nonzero(chosen[:, None] == chosen[None, :], axis=1)
        flat = self.tau.reshape(-1)
        flat[chosen] = self.tau0 + (flat[chosen] - self.tau0) * (1.0 - self.xi) ** times

    def global_update(self, final: np.ndarray, f: np.ndarray) -> None:
        """The iteration's end, given every ant's final masks and f: the iteration-best ant may
        replace the best-so-far, whose fixed values get τ ← (1 − ρ)·τ + ρ·Δτ_best; then Δτ_best
        evaporates. Not called once an ant has solved the grid (Δτ would be infinite)."""
        top = int(f.argmax())
        delta = self.C / (self.C - int(f[top]))
        if delta > self.best_delta:
            self.best_delta, self.best_f = delta, int(f[top])
            self.best_values = fixed_values(final[:, top])
        cells = np.flatnonzero(self.best_values)
        vals = self.best_values[cells].astype(np.intp) - 1
        self.tau[cells, vals] = (1.0 - self.rho) * self.tau[cells, vals] + self.rho * self.best_delta
        self.best_delta *= 1.0 - self.evaporation

    def fixed_counts(self, final: np.ndarray) -> np.ndarray:
        return np.count_nonzero((final != 0) & ((final & (final - 1)) == 0), axis=0)

    def strongest(self) -> tuple[np.ndarray, np.ndarray]:
        """Per cell: the value of highest τ among its starting candidates, and its share of
        their pheromone (givens and cells the givens fix: their value, 1.0)."""
        allowed = (self.start[:, None] >> self.values) & 1
        weight = self.tau * allowed
        top = weight.argmax(axis=1)
        share = weight[np.arange(self.C), top] / np.maximum(weight.sum(axis=1), 1e-300)
        return (top + 1).astype(np.int8), np.round(share, 3)


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    _, failed, _ = singles(candidate_masks(puzzle.cells, puzzle.n), puzzle.n)
    if failed:
        return ("unsolvable", "naked and hidden singles empty a cell or a unit: the givens have no solution")
    colony = Colony(puzzle, params)
    C, ants = colony.C, colony.ants
    best, board = -1, np.zeros(C, dtype=np.int8)
    iteration = 0
    while True:
        final = yield from colony.construct(rng)
        f = colony.fixed_counts(final)
        top = int(f.argmax())
        if f[top] > best:
            best, board = int(f[top]), fixed_values(final[:, top])
        if f[top] < C:
            colony.global_update(final, f)
        pheromone, share = colony.strongest()
        yield Progress(
            iteration=iteration, evaluations=(iteration + 1) * ants, best=best, board=board,
            series={"best": best, "iteration_best": int(f[top]), "reinforced": colony.best_f},
            overlay={"boards": {"pheromone": pheromone}, "shade": {"pheromone": share}})
        if best == C:
            return "solved"
        iteration += 1

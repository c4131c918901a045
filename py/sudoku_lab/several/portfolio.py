"""A plain portfolio: one ``acs`` or ``alldiff_tabu`` run on several workers (``solve --workers N``,
``--portfolio N``; ``w=N`` in the page), member w running the solver alone with seed s + w.
Measured to pay for these two only, the solvers whose time to solve varies most from seed to
seed (docs/benchmarks.md, "Portfolios"), at the price of N cores.

The members meet at barriers, as a team's do (team.py, the one coordination natively and in
the page): each steps its own :class:`Run` until its iterations reach the next barrier (every
``exchange`` iterations: :data:`EXCHANGE`) or its run ends. Nothing is exchanged. A member
that solves reports at once, and the transport hands its iterations to the others as a cap
(`Report.solved_at`, :meth:`Member.cap_at`): each stops there, or where it solves first itself.
At a barrier every member reports, and the run ends where some member has solved (the solution
of fewest iterations wins, ties to the lowest member: every member reaches the winner's
iterations, so the winner does not depend on when a cap arrives), or every member's run has
ended, or the time limit has passed (then the member nearest a solution, fewest open cells, the
lowest among equals). A member's steps do not depend on when the others reach the barrier, so
the result is the same whatever the load, and it is the winning member's own run: ``seed=s+w``
on one worker replays it to the same board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..grid import Puzzle
from ..limits import EXCHANGES, PORTFOLIO_SOLVERS
from ..progress import PAUSE
from ..run import Budget, Result, Run
from ..score import is_solution

# Iterations per member between two barriers, by solver: the limits table's (limits.EXCHANGES,
# where the measurements that chose them are). A barrier is a message each way, small beside a
# segment (acs ~5 ms an iteration at 9×9 natively, more at larger sizes).
SOLVERS = PORTFOLIO_SOLVERS
EXCHANGE = {s: EXCHANGES[s] for s in SOLVERS}
KIND = "portfolio"                       # the result's kind (several.kind_of)


@dataclass
class Report:
    """What a member says at a barrier: its own run as it stands (`ended`: its stop reason once it
    has ended, else None)."""
    iterations: int
    evaluations: int
    restarts: int
    best: float | None
    conflicts: int
    open_cells: int
    board: np.ndarray
    ended: str | None
    message: str = ""

    @property
    def solved_at(self) -> int | None:
        """The member's iterations at its solution (the cap the transport hands the others), else None."""
        return self.iterations if self.ended == "solved" else None

    def to_json(self) -> dict[str, Any]:
        best = None if self.best is None or not np.isfinite(self.best) else float(self.best)
        return {"iterations": int(self.iterations), "evaluations": int(self.evaluations),
                "restarts": int(self.restarts), "best": best, "conflicts": int(self.conflicts),
                "open_cells": int(self.open_cells), "board": np.asarray(self.board).tolist(),
                "ended": self.ended, "message": self.message, "solved_at": self.solved_at}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Report":
        return cls(int(d["iterations"]), int(d["evaluations"]), int(d["restarts"]),
                   None if d["best"] is None else float(d["best"]), int(d["conflicts"]), int(d["open_cells"]),
                   np.asarray(d["board"], dtype=np.int8), d["ended"], str(d.get("message") or ""))


class Member:
    """Member w of a portfolio: the solver's own run with seed `seed` + w under the run's step and
    evaluation budgets (the time limit is the coordinator's, at barriers), stepped toward the next
    barrier. The same interface as team.Member: `segment` natively, `steps` and `settle` in the page."""

    Report = Report

    def __init__(self, puzzle: Puzzle, solver: str, params: dict, seed: int, w: int, workers: int,
                 exchange: int | None = None, budget: Budget | None = None):
        self.puzzle, self.solver, self.params, self.seed, self.w, self.workers = puzzle, solver, params, seed, w, workers
        self.budget = budget or Budget()
        self.exchange = exchange or EXCHANGE[solver]
        self.until = self.exchange
        own = Budget(max_iterations=self.budget.max_iterations, max_evaluations=self.budget.max_evaluations)
        self.run = Run(puzzle, solver, params, seed + w, own)
        self.failed = False                  # a solver says so itself, as its run's stop reason
        self.waiting = False
        self.cap: int | None = None          # another member's solving iterations: stop there

    def at_barrier(self) -> bool:
        until = self.until if self.cap is None else min(self.until, self.cap)
        return self.run.done or (self.run.last is not None and self.run.last.iteration >= until)

    def cap_at(self, iterations: int) -> None:
        """Another member solved at `iterations`: go no further than that."""
        self.cap = iterations if self.cap is None else min(self.cap, iterations)

    def segment(self, poll=None) -> None:
        """Step to the barrier, the cap or the run's end at once: a native worker process, which
        reads a cap between steps (`poll`)."""
        while not self.at_barrier():
            self.run.tick()
            if poll is not None:
                poll()

    def report(self) -> Report:
        r = self.run.snapshot("budget")
        return Report(r.iterations, r.evaluations, r.restarts, r.best, r.conflicts, r.open_cells, r.board,
                      self.run.result.stop_reason if self.run.done else None, r.message)

    def steps(self):
        """The member's steps for a run's stream (the page): its run's progress, a PAUSE where its
        run paused; at a barrier it waits (`waiting`) until :meth:`settle`. The step that ends its
        run is not yielded: the portfolio's result says it, at the barrier."""
        while True:
            if self.at_barrier():
                self.waiting = True
                yield PAUSE
                continue
            p = self.run.tick()
            if not self.run.done:
                yield PAUSE if p is None else p

    def settle(self, reports: list[Report], seconds: float) -> Result | None:
        """Every member's report at this barrier (in member order): the portfolio's result when the
        run ends here, else None and the next segment begun."""
        reason = outcome(reports, self.budget, seconds)
        if reason:
            return portfolio_result(self.puzzle, self.solver, self.params, self.seed, reports, reason, seconds)
        self.until += self.exchange
        self.waiting = False
        return None


def outcome(reports: list[Report], budget: Budget, seconds: float) -> str | None:
    """Does the run end at this barrier? "solved" (a member has solved), "ended" (every member's run
    has ended), "budget" (the time limit has passed), or None."""
    if any(r.ended == "solved" for r in reports):
        return "solved"
    if all(r.ended for r in reports):
        return "ended"
    if budget.max_seconds is not None and seconds >= budget.max_seconds:
        return "budget"
    return None


def portfolio_result(puzzle: Puzzle, solver: str, params: dict, seed: int, reports: list[Report], reason: str,
                     seconds: float) -> Result:
    """The winning member's own run as the portfolio's result: the lowest solved member, else the
    one of fewest open cells (the lowest among equals); its message names the winning seed."""
    workers = len(reports)
    if reason == "solved":
        w = min((r.iterations, i) for i, r in enumerate(reports) if r.ended == "solved")[1]
    else:
        w = min(range(workers), key=lambda i: (reports[i].open_cells, i))
    r = reports[w]
    stop_reason = "solved" if reason == "solved" else (r.ended or "budget")
    how = (f"portfolio of {workers} (seeds {seed}–{seed + workers - 1}): seed {seed + w} "
           + (f"solved first (seed={seed + w} on one worker replays it alone)" if stop_reason == "solved"
              else "ended nearest a solution, none solved"))
    board = np.asarray(r.board, dtype=np.int8)
    if stop_reason == "solved" and not is_solution(puzzle, board):
        stop_reason, how = "error", f"{how}; its solution does not keep the givens or clashes"
    return Result(solver=solver, seed=seed, params={**params, "workers": workers}, solved=stop_reason == "solved",
                  board=board, conflicts=r.conflicts, open_cells=r.open_cells, iterations=r.iterations,
                  evaluations=r.evaluations, seconds=seconds, stop_reason=stop_reason, restarts=r.restarts,
                  best=r.best, message=f"{how}; {r.message}" if r.message else how, kind=KIND)

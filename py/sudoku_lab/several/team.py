"""The alldiff_ls team: one ``alldiff_ls`` run on several workers (a run on several workers,
``several/__init__.py``), its walkers split among them, exchanging elite pools at barriers.

Each worker is a group of walkers (`solvers.alldiff_ls.Walkers`) with its own random stream:
worker 0 draws from the run's seed as a one-worker run does, worker w from ``[seed, w]``. The
run's walkers (``walkers`` = K) are split among its W workers, as evenly as they go, and each
worker steps at least one (:func:`member_walkers`; with the default K = 1, a walker a worker).
The workers run in segments of ``exchange`` moves each; at the end of a
segment every worker offers its elite pool, and every worker adopts the pool of fewest clashing
edges over all of them (the members of that cost merged in worker order). A segment's end is a
barrier: the same seed, worker count and exchange points give the same moves, whatever the
machine's load. The run ends where the budget is spent, at a barrier — moves (all workers'
together) or seconds — or at the team's first solution: the solving move of fewest moves (a
worker's own count), ties to the lowest worker.

**The first solution, deterministically.** A worker that solves stops at once and reports; the
transport hands its move count to the others as a cap (`Report.solved_at`, :meth:`Member.cap_at`),
and each stops there too, or where it solves first itself. Every worker reaches the winning move
(no cap is below it), so the winner does not depend on when a cap arrives. A worker that ran past
it before its cap arrived is counted as it stood at the winning move: each worker logs its counts
at every round of the segment (32 bytes a round: 1.6 MB at the default exchange), and when the
reports hold a solution every worker reports once more, cut at the winning move
(:meth:`Member.settle`), before the result is summed. So moves, evaluations and restarts are the
same whatever the load, and a link replays them.

One home for the rules, two transports. A :class:`Member` is worker w's walkers stepped
toward the next barrier; :func:`merge` is the elite every worker adopts and :func:`outcome`
decides at a barrier whether the run ends. Natively (several/processes.py) a process serves one
member, and the parent hands every member all the reports at each barrier; in the page (docs/protocol.md, "Worker messages", team runs) each
Web Worker drives one member in slices (:meth:`Member.steps`, its progress frames streamed as a
run's), the page hands every member all the reports, and each member settles the barrier
itself (:meth:`Member.settle`), so JavaScript never re-implements a rule and the page's run
has the same moves and board as the native one.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..grid import Puzzle
from ..progress import PAUSE
from ..propagate import candidate_table
from ..run import Budget, Result
from ..score import clashing_cells, conflicts, is_solution, open_cells
from ..limits import EXCHANGES
from ..solvers import SolverError, alldiff_ls

EXCHANGE = EXCHANGES[alldiff_ls.ID]      # moves per worker between two exchanges (the default)
KIND = "team"                            # the result's kind (several.kind_of)
def worker_rng(seed: int, w: int) -> np.random.Generator:
    """Worker w's random stream: worker 0's is a one-worker run's."""
    return np.random.default_rng(seed if w == 0 else [seed, w])


def member_walkers(walkers: int, w: int, workers: int) -> int:
    """Worker w's share of the run's `walkers`: the first K mod W workers take one more, and
    every worker steps at least one (K < W: the run steps W walkers, one a worker)."""
    return max(1, walkers // workers + (1 if w < walkers % workers else 0))


_NO_POOL = np.iinfo(np.int64).max      # a pool's cost before any episode has ended (the pool is empty)


@dataclass
class Report:
    """What a worker says at a barrier."""
    moves: int
    evaluations: int
    restarts: int
    best: int
    board: np.ndarray            # the worker's best board (givens and propagation's values included)
    pool_cost: int
    pool: list
    cut: int | None = None       # the winning move this report is cut at (the run's last report), else None

    @property
    def solved_at(self) -> int | None:
        """The worker's moves at its solution (the cap the transport hands the others), else None."""
        return self.moves if self.best == 0 and self.cut is None else None

    def to_json(self) -> dict[str, Any]:
        """Plain lists for the page (an empty pool's cost is null: it does not fit a JavaScript number)."""
        return {"moves": int(self.moves), "evaluations": int(self.evaluations), "restarts": int(self.restarts),
                "best": int(self.best), "board": np.asarray(self.board).tolist(),
                "pool_cost": None if self.pool_cost >= _NO_POOL else int(self.pool_cost),
                "pool": [np.asarray(v).tolist() for v in self.pool], "cut": self.cut, "solved_at": self.solved_at}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Report":
        return cls(int(d["moves"]), int(d["evaluations"]), int(d["restarts"]), int(d["best"]),
                   np.asarray(d["board"], dtype=np.int8),
                   _NO_POOL if d["pool_cost"] is None else int(d["pool_cost"]),
                   [np.asarray(v, dtype=np.intp) for v in d["pool"]],
                   None if d.get("cut") is None else int(d["cut"]))


class Member:
    """Worker w of a team: its walkers (`worker_rng(seed, w)`), stepped toward the next barrier
    every `exchange` moves. Natively a process steps a whole segment (:meth:`segment`); in the
    page a Web Worker steps it in slices (:meth:`steps`) and settles each barrier (:meth:`settle`)."""

    Report = Report

    def __init__(self, puzzle: Puzzle, params: dict, seed: int, w: int, workers: int,
                 exchange: int = EXCHANGE, budget: Budget | None = None):
        dom, self.failed = candidate_table(puzzle.cells, puzzle.n)
        self.puzzle, self.params, self.seed, self.w, self.workers = puzzle, params, seed, w, workers
        self.exchange, self.until = exchange, exchange
        self.budget = budget or Budget()
        own = {**params, "walkers": member_walkers(params["walkers"], w, workers)}
        self.walkers = alldiff_ls.Walkers(puzzle, dom, own, worker_rng(seed, w))
        self.per_step = alldiff_ls.steps_per_progress(puzzle.N, self.walkers.K)
        self.waiting = False                 # at a barrier, until settled (the page's member)
        self.cap: int | None = None          # another worker's solving move: stop there
        self.cut: int | None = None          # the winning move, once the reports hold it
        self.log = array("q")                # (moves, evaluations, restarts, best) at each round of the segment
        self._log_now()

    def _log_now(self) -> None:
        s = self.walkers
        self.log.extend((s.moves, s.evaluations, s.restarts, s.best))

    def limit(self) -> int:
        return self.until if self.cap is None else min(self.until, self.cap)

    def at_barrier(self) -> bool:
        s = self.walkers
        return self.cut is not None or s.best == 0 or s.moves >= self.limit()

    def cap_at(self, moves: int) -> None:
        """Another worker solved at `moves` (its own count): go no further than that."""
        self.cap = moves if self.cap is None else min(self.cap, moves)

    def step(self) -> None:
        """One step toward the barrier or the cap: at most a run's step of rounds (a move of each walker),
        never past it, the counts logged at each round. Where the steps fall does not change the moves."""
        s = self.walkers
        for _ in range(min(self.per_step, -(-(self.limit() - s.moves) // s.K))):
            s.step(1)
            if s.best == 0:
                return
            self.log.extend((s.moves, s.evaluations, s.restarts, s.best))

    def segment(self, poll=None) -> None:
        """Step to the barrier, the cap or a solution at once: a native worker process, which
        reads a cap between steps (`poll`)."""
        while not self.at_barrier():
            self.step()
            if poll is not None:
                poll()

    def counts_at(self, moves: int) -> tuple[int, int, int, int]:
        """(moves, evaluations, restarts, best) at the last round of the segment that ended at or before `moves`."""
        log, i = self.log, len(self.log) - 4
        while i > 0 and log[i] > moves:
            i -= 4
        return log[i], log[i + 1], log[i + 2], log[i + 3]

    def report(self) -> Report:
        s = self.walkers
        cost, pool = s.elite()
        if self.cut is None:
            return Report(s.moves, s.evaluations, s.restarts, s.best, s.board(s.best_val), cost, pool)
        if s.moves <= self.cut:                  # stopped at the winning move (or its own, the same)
            return Report(s.moves, s.evaluations, s.restarts, s.best, s.board(s.best_val), cost, [], self.cut)
        moves, evaluations, restarts, best = self.counts_at(self.cut)
        return Report(moves, evaluations, restarts, best, s.board(s.best_val), cost, [], self.cut)

    def next_segment(self, elite: tuple[int, list[np.ndarray]]) -> None:
        """After a barrier: adopt the team's elite and aim at the next barrier."""
        self.walkers.adopt(*elite)
        self.until += self.exchange
        self.log = array("q")
        self._log_now()

    def steps(self):
        """The member's steps for a run's stream (the page): a Progress per step, as alldiff_ls.run
        yields; at a barrier it waits (`waiting`, yielding PAUSE) until :meth:`settle`. A solution
        is never yielded as a Progress: it waits for the barrier like any report, and the team's
        result says it."""
        while True:
            if self.at_barrier():
                self.waiting = True
                yield PAUSE
                continue
            yield alldiff_ls.progress(self.walkers)
            self.step()

    def settle(self, reports: list[Report], seconds: float) -> Result | None:
        """Every member's report at this barrier (in worker order): the team's result when the run
        ends here, else None, the team's elite adopted and the next segment begun. Reports that hold
        a solution, not yet cut at the winning move, make every member report once more, cut there."""
        win = first_solution(reports)
        if win is not None and any(r.cut != reports[win].moves for r in reports):
            self.cut = reports[win].moves
            self.waiting = False
            return None
        reason = outcome(reports, self.budget, seconds)
        if reason:
            return team_result(self.puzzle, self.params, self.seed, reports, reason, seconds, self.exchange)
        self.next_segment(merge(reports, self.params["pool"]))
        self.waiting = False
        return None


def merge(reports: list[Report], size: int) -> tuple[int, list[np.ndarray]]:
    """The elite every worker adopts: the fewest clashing edges over all pools, and the distinct
    members of that cost in worker order, at most `size`."""
    cost = min(r.pool_cost for r in reports)
    members: list[np.ndarray] = []
    for r in reports:
        if r.pool_cost == cost:
            for v in r.pool:
                if len(members) < size and not any(np.array_equal(v, u) for u in members):
                    members.append(v)
    return cost, members


def first_solution(reports: list[Report]) -> int | None:
    """The worker whose report holds the team's first solution: fewest moves, ties to the lowest; None if none."""
    solved = [(r.moves, w) for w, r in enumerate(reports) if r.best == 0]
    return min(solved)[1] if solved else None


def outcome(reports: list[Report], budget: Budget, seconds: float) -> str | None:
    """Does the run end at this barrier? "solved" (a worker holds a solution), "budget" (the
    moves or evaluations of all workers together, or the seconds, reach the budget), or None."""
    if any(r.best == 0 for r in reports):
        return "solved"
    if ((budget.max_iterations is not None and sum(r.moves for r in reports) >= budget.max_iterations)
            or (budget.max_evaluations is not None and sum(r.evaluations for r in reports) >= budget.max_evaluations)
            or (budget.max_seconds is not None and seconds >= budget.max_seconds)):
        return "budget"
    return None


def team_result(puzzle: Puzzle, params: dict, seed: int, reports: list[Report], reason: str,
                seconds: float, exchange: int = EXCHANGE) -> Result:
    """The run's result at its last barrier: the lowest solved worker's board, else the board of
    fewest clashing edges (the lowest such worker); moves, evaluations and restarts summed. Its
    message says what the team was and which worker's board it is, as a portfolio's names its seed."""
    w = first_solution(reports)
    if w is None:
        w = min(range(len(reports)), key=lambda i: (reports[i].best, i))
    best = reports[w]
    how = (f"{team_words(params['walkers'], len(reports), seed, exchange)}: worker {w + 1} "
           + ("solved first" if reason == "solved" else "ended nearest a solution, none solved")
           + f"; the moves are all {len(reports)} workers' together")
    return _result(puzzle, params, seed, len(reports), best.board, sum(r.moves for r in reports),
                   sum(r.evaluations for r in reports), sum(r.restarts for r in reports), reason, seconds,
                   message=how, best=best.best)


def team_words(walkers: int, workers: int, seed: int, exchange: int) -> str:
    """What a team is, in words: "team of 2 (seed 5, 1 walker a worker, elites pooled every 50,000 moves)"."""
    shares = [member_walkers(walkers, w, workers) for w in range(workers)]
    split = (f"{shares[0]} walker{'' if shares[0] == 1 else 's'} a worker" if len(set(shares)) == 1
             else f"walkers split {' + '.join(map(str, shares))}")
    return f"team of {workers} (seed {seed}, {split}, elites pooled every {exchange:,} moves)"


def unsolvable(puzzle: Puzzle, params: dict, seed: int, workers: int, seconds: float) -> Result:
    """Propagation emptied a cell or a unit: no worker starts."""
    return _result(puzzle, params, seed, workers, puzzle.cells, 0, 0, 0, "unsolvable", seconds,
                   "naked and hidden singles empty a cell or a unit: the givens have no solution")


def _result(puzzle, params, seed, workers, board, moves, evaluations, restarts, reason, seconds,
            message: str = "", best: float | None = None) -> Result:
    board = np.asarray(board, dtype=np.int8)
    if reason == "solved" and not is_solution(puzzle, board):
        reason, message = "error", f"{message + '; ' if message else ''}a worker's solution does not keep the givens or clashes"
    return Result(solver=alldiff_ls.ID, seed=seed, params={**params, "workers": workers},
                  solved=reason == "solved", board=board, conflicts=int(conflicts(board, puzzle.n)),
                  open_cells=open_cells(board, puzzle.n, clashing_cells(board, puzzle.n)),
                  iterations=moves, evaluations=evaluations, seconds=seconds,
                  stop_reason=reason, restarts=restarts, best=best, message=message, kind=KIND)

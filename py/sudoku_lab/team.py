"""One alldiff_ls run on several workers: natively, one process per worker (``solve --workers``).

Each worker is a group of walkers in lockstep (`solvers.alldiff_ls.Walkers`) with its own
random stream: worker 0 draws from the run's seed exactly as a one-worker run does, worker w
from ``[seed, w]``. The workers run in segments of ``exchange`` moves each; at the end of a
segment every worker offers its elite pool, and every worker adopts the pool of fewest clashing
edges over all of them (the members of that cost merged in worker order). A segment's end is a
barrier: the same seed, worker count and exchange points give the same moves, whatever the
machine's load. The run ends at the first barrier where a worker holds a solution (the lowest
such worker's board), or where the budget is spent: moves (all workers' together) or seconds.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .grid import Puzzle
from .propagate import candidate_table
from .run import Budget, Result
from .score import conflict_cells, conflicts, is_solution, open_cells
from .solvers import alldiff_ls, resolve_params, check_seed

EXCHANGE = 50_000            # moves per worker between two exchanges (the default)


def worker_rng(seed: int, w: int) -> np.random.Generator:
    """Worker w's random stream: worker 0's is a one-worker run's."""
    return np.random.default_rng(seed if w == 0 else [seed, w])


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


def _report(s: alldiff_ls.Walkers) -> Report:
    cost, pool = s.elite()
    return Report(s.moves, s.evaluations, s.restarts, s.best, s.board(s.best_val), cost, pool)


def _segment(s: alldiff_ls.Walkers, until: int) -> None:
    """Step a worker's walkers to `until` moves (or a solution)."""
    while s.best > 0 and s.moves < until:
        s.step(-(-(until - s.moves) // s.K))


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


def _serve(conn, cells: np.ndarray, n: int, params: dict, seed: int, w: int) -> None:
    """A worker process: build its walkers, then answer ("run", until, elite) until ("stop",)."""
    puzzle = Puzzle(n, cells)
    dom, _ = candidate_table(puzzle.cells, puzzle.n)
    s = alldiff_ls.Walkers(puzzle, dom, params, worker_rng(seed, w))
    while True:
        msg = conn.recv()
        if msg[0] == "stop":
            return
        _, until, elite = msg
        if elite is not None:
            s.adopt(*elite)
        _segment(s, until)
        conn.send(_report(s))


class LocalWorkers:
    """The worker processes of one team run (a `with` block ends them)."""

    def __init__(self, puzzle: Puzzle, params: dict, seed: int, workers: int):
        ctx = mp.get_context("spawn")
        self.conns, self.procs = [], []
        for w in range(workers):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(there, puzzle.cells, puzzle.n, params, seed, w), daemon=True)
            proc.start()
            self.conns.append(here)
            self.procs.append(proc)

    def segment(self, until: int, elite) -> list[Report]:
        for c in self.conns:
            c.send(("run", until, elite))
        out = []
        for w, c in enumerate(self.conns):
            try:
                out.append(c.recv())
            except EOFError:
                raise RuntimeError(f"worker {w + 1} of {len(self.conns)} ended without an answer "
                                   "(out of memory, or killed): the run stops") from None
        return out

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        for c in self.conns:
            try:
                c.send(("stop",))
            except (BrokenPipeError, OSError):
                pass
        for p in self.procs:
            p.join(timeout=2)
            if p.is_alive():
                p.terminate()


def team_run(puzzle: Puzzle, params: dict[str, Any] | None, seed: int, workers: int,
             budget: Budget | None = None, exchange: int = EXCHANGE) -> Result:
    """alldiff_ls on `workers` processes exchanging elites every `exchange` moves per worker."""
    params = resolve_params(alldiff_ls, params or {}, puzzle)
    seed = check_seed(seed)
    budget = budget or Budget()
    started = time.perf_counter()
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    if failed:
        return _result(puzzle, params, seed, workers, puzzle.cells, 0, 0, 0, "unsolvable", started,
                       "naked and hidden singles empty a cell or a unit: the givens have no solution")
    reports, elite, point = None, None, 0
    with LocalWorkers(puzzle, params, seed, workers) as team:
        while True:
            point += exchange
            reports = team.segment(point, elite)
            moves = sum(r.moves for r in reports)
            solved = [r for r in reports if r.best == 0]
            if solved:
                reason = "solved"
                break
            if ((budget.max_iterations is not None and moves >= budget.max_iterations)
                    or (budget.max_evaluations is not None
                        and sum(r.evaluations for r in reports) >= budget.max_evaluations)
                    or (budget.max_seconds is not None and time.perf_counter() - started >= budget.max_seconds)):
                reason = "budget"
                break
            elite = merge(reports, params["pool"])
    best = (solved or [min(reports, key=lambda r: r.best)])[0]
    return _result(puzzle, params, seed, workers, best.board, moves, sum(r.evaluations for r in reports),
                   sum(r.restarts for r in reports), reason, started, best=best.best)


def _result(puzzle, params, seed, workers, board, moves, evaluations, restarts, reason, started,
            message: str = "", best: float | None = None) -> Result:
    board = np.asarray(board, dtype=np.int8)
    if reason == "solved" and not is_solution(puzzle, board):
        reason, message = "error", "a worker's solution does not keep the givens or clashes"
    return Result(solver=alldiff_ls.ID, seed=seed, params={**params, "workers": workers},
                  solved=reason == "solved", board=board, conflicts=int(conflicts(board, puzzle.n)),
                  open_cells=open_cells(board, puzzle.n, conflict_cells(board, puzzle.n)),
                  iterations=moves, evaluations=evaluations, seconds=time.perf_counter() - started,
                  stop_reason=reason, restarts=restarts, best=best, message=message)

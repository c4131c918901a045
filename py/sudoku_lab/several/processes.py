"""The native transport of a run on several workers (``solve --workers``): one process per worker,
each serving one member (several/__init__.py :func:`member`: the team's walkers or a portfolio's
run) and stepping it a segment at a time; at each barrier the parent hands every member all the
reports and each member settles the barrier itself, as the page's workers do. A report that holds
a solution (`solved_at`) is passed on at once to the members still stepping, as a cap."""

from __future__ import annotations

import multiprocessing as mp
import time
from multiprocessing.connection import wait
from typing import Any

import numpy as np

from ..grid import Puzzle
from ..propagate import candidate_table
from ..run import Budget, Result
from ..limits import TEAM_SOLVER
from ..solvers import SolverError, check_seed, get, resolve_params
from . import kind_of, member, workers_problem
from . import team
from .team import unsolvable


class _Stopped(Exception):
    """The parent said ("stop",) while the member was stepping."""


def _serve(conn, cells: np.ndarray, n: int, solver: str, params: dict, seed: int, w: int, workers: int,
           exchange: int | None, budget: Budget) -> None:
    """A worker process: build its member and step it to its first barrier on ("segment",); then
    settle each barrier on ("settle", reports, seconds), answering ("done", result) or, stepped to
    the next barrier, ("report", report), until ("stop",). ("cap", count), between steps or
    while waiting, caps the member at another's solution."""
    m = member(Puzzle(n, cells), solver, params, seed, w, workers, exchange, budget)

    def poll() -> None:
        while conn.poll():
            msg = conn.recv()
            if msg[0] == "stop":
                raise _Stopped
            m.cap_at(msg[1])
    try:
        while True:
            msg = conn.recv()
            if msg[0] == "stop":
                return
            if msg[0] == "cap":                  # it came after this member's report: kept for the settling
                m.cap_at(msg[1])
                continue
            if msg[0] == "settle":
                result = m.settle(msg[1], msg[2])
                if result is not None:
                    conn.send(("done", result))
                    continue
            m.segment(poll)
            conn.send(("report", m.report()))
    except _Stopped:
        return


class WorkerProcesses:
    """The worker processes of one run on several workers (a `with` block ends them)."""

    def __init__(self, puzzle: Puzzle, solver: str, params: dict, seed: int, workers: int, exchange: int | None,
                 budget: Budget):
        ctx = mp.get_context("spawn")
        self.conns, self.procs = [], []
        for w in range(workers):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(there, puzzle.cells, puzzle.n, solver, params, seed, w, workers,
                                                    exchange, budget), daemon=True)
            proc.start()
            self.conns.append(here)
            self.procs.append(proc)

    def ask(self, msg) -> list:
        """Send every worker `msg`; their answers in worker order. A report that holds a solution
        caps the workers that have not answered yet at its count."""
        for c in self.conns:
            c.send(msg)
        out: list = [None] * len(self.conns)
        left = dict(zip(self.conns, range(len(self.conns))))
        while left:
            for c in wait(list(left)):
                w = left.pop(c)
                try:
                    out[w] = c.recv()
                except EOFError:
                    raise RuntimeError(f"worker {w + 1} of {len(self.conns)} ended without an answer "
                                       "(out of memory, or killed): the run stops") from None
                at = getattr(out[w][1], "solved_at", None) if out[w][0] == "report" else None
                if at is not None:
                    for other in left:
                        other.send(("cap", at))
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


def run_on_processes(puzzle: Puzzle, params: dict[str, Any] | None, seed: int, workers: int,
                     budget: Budget | None = None, exchange: int | None = None, solver: str = TEAM_SOLVER) -> Result:
    """`solver` on `workers` processes meeting at a barrier every `exchange` steps per worker (by
    default the solver's, several.EXCHANGES): alldiff_ls as a team exchanging elites, acs and
    alldiff_tabu as a portfolio. Each process settles every barrier as the page's workers do."""
    problem = workers_problem(solver, workers)
    if problem:
        raise SolverError(problem, "workers")
    params = resolve_params(get(solver), params or {}, puzzle)
    seed = check_seed(seed)
    budget = budget or Budget()
    started = time.perf_counter()
    if kind_of(solver) == team.KIND and candidate_table(puzzle.cells, puzzle.n)[1]:
        return unsolvable(puzzle, params, seed, workers, time.perf_counter() - started)
    with WorkerProcesses(puzzle, solver, params, seed, workers, exchange, budget) as processes:
        answers = processes.ask(("segment",))
        while True:
            reports = [a[1] for a in answers]
            answers = processes.ask(("settle", reports, time.perf_counter() - started))
            if answers[0][0] == "done":
                result = answers[0][1]
                result.seconds = time.perf_counter() - started
                return result



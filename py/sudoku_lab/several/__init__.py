"""A run on several workers: one run of one solver spread over several workers — processes natively
(``solve --workers``), Web Workers in the page (``w=``) — that meet at barriers every ``exchange``
steps each, so the same seed, worker count and exchange give the same run whatever the load.
Two kinds, each in its own module, and one native transport:

- team.py, the alldiff_ls team: the run's walkers split among the workers, which exchange their
  elite pools at each barrier;
- portfolio.py, a portfolio of ``acs`` or ``alldiff_tabu``: a seed each, nothing exchanged, the
  first solution at a barrier wins;
- processes.py, the native transport: a process per worker, the parent handing every member
  all the reports at each barrier (the page's transport is static/python/several.js).

Every member has one interface (``segment`` natively, ``steps`` and ``settle`` in the page,
``report`` at a barrier), so either transport drives either kind.
"""

from __future__ import annotations

from ..grid import Puzzle
from ..limits import AUTO_TEAM, EXCHANGES, PORTFOLIO_SOLVERS, SENTENCES, TEAM_SOLVER
from ..run import Budget
from . import portfolio, team

__all__ = ["EXCHANGES", "auto_workers", "kind_of", "member", "workers_problem"]


def kind_of(solver: str) -> str | None:
    """How `solver` runs on several workers, by the limits table: "team" (walkers split, elites
    exchanged), "portfolio" (a seed each), or None (it runs on one only). The one place that decides."""
    return team.KIND if solver == TEAM_SOLVER else portfolio.KIND if solver in PORTFOLIO_SOLVERS else None


def workers_problem(solver: str, workers: int) -> str | None:
    """Why `solver` cannot run on `workers` workers, or None (the limits table's sentence, which
    static/rules/workers.js says too)."""
    if workers > 1 and kind_of(solver) is None:
        return SENTENCES["workers_refused"].format(solver=solver)
    return None


def auto_workers(solver: str, size: int, givens: int, spare: int) -> int:
    """The workers "auto" stands for (the limits table's AUTO_TEAM; static/rules/workers.js
    autoWorkers says the same, both held to tests/auto_workers_cases.json): a team of every worker
    `spare` affords, at most max_workers, for alldiff_ls on a grid of min_size or larger with at most
    max_givens of its cells given; else one. A portfolio runs only when asked."""
    pays = solver == TEAM_SOLVER and size >= AUTO_TEAM["min_size"] and givens <= AUTO_TEAM["max_givens"] * size * size
    return min(spare, AUTO_TEAM["max_workers"]) if pays and spare >= 2 else 1


def member(puzzle: Puzzle, solver: str, params: dict, seed: int, w: int, workers: int,
           exchange: int | None = None, budget: Budget | None = None):
    """Worker w's member of a run on several workers: the team's walkers, or a portfolio's run."""
    if kind_of(solver) == team.KIND:
        return team.Member(puzzle, params, seed, w, workers, exchange or team.EXCHANGE, budget)
    return portfolio.Member(puzzle, solver, params, seed, w, workers, exchange, budget)

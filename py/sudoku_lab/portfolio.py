"""A plain portfolio (``solve --portfolio N``): N runs of one solver on N processes, seeds
s, s + 1, …, s + N − 1, each with the run's budget; the first solution wins and the others are
stopped. Measured to pay for the solvers whose time to solve varies most from seed to seed
(docs/benchmarks.md, "Portfolios": on hard 9×9s the median time of two seeds' race is 0.19 of
one run's for ``acs``, 0.45 for ``alldiff_tabu``), at the price of N cores.

Which run wins depends on the machine, so the result is the winning run's own (its seed, moves
and board): ``solve --seed <its seed>`` replays it alone, step for step. No run solved: the
result is the run with fewest open cells (the lowest seed among equals), every run having ended
on its own.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from dataclasses import asdict
from typing import Any

from .grid import Puzzle
from .run import Budget, Result, Run

WAIT = 0.2                    # seconds between looks at the workers while none has answered


def _serve(out, cells, n: int, solver: str, params: dict, seed: int, budget: dict) -> None:
    """One worker: one run, its result sent back (the worker's failure too, as a message)."""
    try:
        result = Run(Puzzle(n, cells), solver, params, seed, Budget.from_mapping(budget)).finish()
        out.put((seed, result))
    except Exception as exc:                 # said in one line by the coordinator
        out.put((seed, f"{type(exc).__name__}: {exc}"))


def portfolio_run(puzzle: Puzzle, solver: str, params: dict[str, Any] | None, seed: int, workers: int,
                  budget: Budget | None = None) -> Result:
    """The first solution of `workers` runs (seeds seed … seed + workers − 1), or, none solving,
    the run nearest a solution; the result's message names the portfolio."""
    budget = budget or Budget()
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_serve, args=(out, puzzle.cells, puzzle.n, solver, params or {}, seed + w,
                                              asdict(budget)), daemon=True) for w in range(workers)]
    for p in procs:
        p.start()
    results: dict[int, Result] = {}
    try:
        while len(results) < workers:
            try:
                got_seed, got = out.get(timeout=WAIT)
            except queue.Empty:
                dead = [w for w, p in enumerate(procs) if not p.is_alive() and p.exitcode not in (0, None)
                        and seed + w not in results]
                if dead:
                    raise RuntimeError(f"portfolio worker {dead[0] + 1} of {workers} ended without an answer "
                                       "(out of memory, or killed): the run stops")
                continue
            if isinstance(got, str):
                raise RuntimeError(f"portfolio worker with seed {got_seed} failed: {got}")
            results[got_seed] = got
            if got.solved:
                break
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()
            p.join(timeout=2)
    solved = [r for r in results.values() if r.solved]
    best = solved[0] if solved else min(results.values(), key=lambda r: (r.open_cells, r.seed))
    how = (f"portfolio of {workers} (seeds {seed}–{seed + workers - 1}): seed {best.seed} "
           + ("solved first" if solved else "ended nearest a solution, none solved"))
    best.message = f"{how}; {best.message}" if best.message else how
    return best

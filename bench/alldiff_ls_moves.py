"""alldiff_ls in moves to solve, natively: instances × seeds with a budget in moves, never in
seconds (moves do not depend on the machine's load). Prints one line per run and a summary:
solved within each threshold, and the median moves to solve (unsolved runs count as the budget).

    .venv/bin/python bench/alldiff_ls_moves.py --size 36 --p 0.5 --instances 10 --seeds 1 2 \
        --moves 3000000 --param walkers=16 --jobs 2

Instances are the package's generator's `<size>:<p>:<i>` for i in 0..instances-1 (the page's
`g=` links), Lewis-style: a random full grid, round(p·N²) cells kept at random. `--py` points at
another checkout's `py/` folder, to measure a named revision beside this one (A/B).

`--workers W` runs each instance as one team of W workers (several/team.py) instead, its members
stepped in turn in this one process, each segment to its barrier or a solution (a solution caps
the members stepped after it, as the transports do), then every member settling the barrier on
all the reports as the worker processes and the page's workers do (the same moves as
`run_on_processes`, whatever the load). The budget is then in moves per worker. Printed per run:
the moves per worker until the team's first solution (the solving worker's own moves: the wall
clock's proxy when every worker has a core) and where the run ends (the most moves of a worker in
the last reports: the first solution again, since a team ends there, or the budget's barrier);
the summary's medians are of the first.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

PY = Path(__file__).resolve().parent.parent / "py"


def team(puzzle, params: dict, seed: int, workers: int, budget: int) -> dict:
    """One team run in this process (its members stepped in turn): the moves per worker at the
    first solution and where the run ends."""
    from sudoku_lab.run import Budget
    from sudoku_lab.score import is_solution
    from sudoku_lab.several.team import Member
    from sudoku_lab.solvers import alldiff_ls, resolve_params
    params = resolve_params(alldiff_ls, params, puzzle)
    limit = Budget(max_iterations=budget * workers)          # moves of all workers, as a team counts them
    members = [Member(puzzle, params, seed, w, workers, budget=limit) for w in range(workers)]
    c0 = time.process_time()
    while True:
        caps = []                                            # solutions of the members stepped before, this round
        for m in members:
            if caps:
                m.cap_at(min(caps))
            m.segment()
            if (at := m.report().solved_at) is not None:
                caps.append(at)
        reports = [m.report() for m in members]
        results = [m.settle(reports, 0.0) for m in members]
        if results[0] is not None:
            break
    result = results[0]
    ok = bool(result.solved and is_solution(puzzle, result.board))
    first = min((r.moves for r in reports if r.best == 0), default=max(r.moves for r in reports))
    # (the last reports are cut at the first solution when there is one: every worker at its move)
    return {"solved": ok, "moves": first, "barrier": max(r.moves for r in reports),
            "solver_worker": min((r.moves, w) for w, r in enumerate(reports) if r.best == 0)[1] if ok else None,
            "cpu": time.process_time() - c0, "best": result.best, "all": result.iterations}


def one(args: tuple) -> dict:
    py, solver, spec, seed, params, budget, workers = args
    sys.path.insert(0, py)
    from sudoku_lab.generate import generate, parse_spec
    from sudoku_lab.run import Budget, Run
    from sudoku_lab.score import is_solution
    puzzle = generate(parse_spec(spec)).puzzle
    if workers > 1:
        return {"spec": spec, "seed": seed, **team(puzzle, params, seed, workers, budget)}
    run = Run(puzzle, solver, params, seed=seed, budget=Budget.from_mapping({"max_iterations": budget}))
    c0 = time.process_time()
    result = run.finish()
    ok = bool(result.solved and is_solution(puzzle, result.board))
    return {"spec": spec, "seed": seed, "solved": ok, "moves": result.iterations,
            "cpu": time.process_time() - c0, "best": result.best}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--p", type=float, required=True)
    ap.add_argument("--instances", type=int, default=10)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--moves", type=int, default=3_000_000, help="budget per run, in moves")
    ap.add_argument("--thresholds", type=float, nargs="+", default=[0.5e6, 1e6, 3e6, 4e6, 6e6])
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--solver", default="alldiff_ls")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--py", default=str(PY), help="the py/ folder whose package runs (A/B against a revision)")
    ap.add_argument("--workers", type=int, default=1, help="a team of this many workers (alldiff_ls), stepped in "
                    "this process; --moves is then per worker")
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    jobs = [(args.py, args.solver, f"{args.size}:{args.p}:{i}", seed, params, args.moves, args.workers)
            for i in range(args.first, args.first + args.instances) for seed in args.seeds]
    out = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(one, jobs):
            out.append(r)
            team_of = (f" per worker (team of {args.workers}: worker {r['solver_worker']} first; "
                       f"{r['barrier']:,} where the run ends)") if args.workers > 1 else ""
            print(f"{r['spec']} seed {r['seed']}: {'solved' if r['solved'] else 'not solved'} "
                  f"{r['moves']:,} moves{team_of}, best {r['best']}, {r['cpu']:.1f} CPU s", flush=True)
    moves = np.array([r["moves"] if r["solved"] else np.inf for r in out])
    within = " · ".join(f"≤ {t / 1e6:g} M: {int((moves <= t).sum())}" for t in args.thresholds if t <= args.moves)
    cpu = sum(r["cpu"] for r in out)
    total = sum(r["moves"] for r in out)
    if args.workers > 1:
        barrier = np.array([r["barrier"] if r["solved"] else np.inf for r in out])
        print(f"team of {args.workers}: median moves per worker where the run ends {np.median(barrier):,.0f}")
    print(f"{args.size}x{args.size} p={args.p} params={params} workers={args.workers}: {sum(r['solved'] for r in out)}/{len(out)} solved "
          f"(budget {args.moves:,} moves); {within + '; ' if within else ''}median moves {np.median(moves):,.0f}; "
          f"{total / cpu:,.0f} moves per CPU s over all runs")


if __name__ == "__main__":
    main()

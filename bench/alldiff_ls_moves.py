"""alldiff_ls in moves to solve, natively: instances × seeds with a budget in moves, never in
seconds (moves do not depend on the machine's load). Prints one line per run and a summary:
solved within each threshold, and the median moves to solve (unsolved runs count as the budget).

    .venv/bin/python bench/alldiff_ls_moves.py --size 36 --p 0.5 --instances 10 --seeds 1 2 \
        --moves 3000000 --param walkers=16 --jobs 2

Instances are the package's generator's `<size>:<p>:<i>` for i in 0..instances-1 (the page's
`g=` links), Lewis-style: a random full grid, round(p·N²) cells kept at random. `--py` points at
another checkout's `py/` folder, to measure a named revision beside this one (A/B).
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


def one(args: tuple) -> dict:
    py, solver, spec, seed, params, budget = args
    sys.path.insert(0, py)
    from sudoku_lab.generate import generate, parse_spec
    from sudoku_lab.run import Budget, Run
    from sudoku_lab.score import is_solution
    puzzle = generate(parse_spec(spec)).puzzle
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
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    jobs = [(args.py, args.solver, f"{args.size}:{args.p}:{i}", seed, params, args.moves)
            for i in range(args.first, args.first + args.instances) for seed in args.seeds]
    out = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(one, jobs):
            out.append(r)
            print(f"{r['spec']} seed {r['seed']}: {'solved' if r['solved'] else 'not solved'} "
                  f"{r['moves']:,} moves, best {r['best']}, {r['cpu']:.1f} CPU s", flush=True)
    moves = np.array([r["moves"] if r["solved"] else np.inf for r in out])
    within = " · ".join(f"≤ {t / 1e6:g} M: {int((moves <= t).sum())}" for t in args.thresholds if t <= args.moves)
    cpu = sum(r["cpu"] for r in out)
    total = sum(r["moves"] for r in out)
    print(f"{args.size}x{args.size} p={args.p} params={params}: {sum(r['solved'] for r in out)}/{len(out)} solved "
          f"(budget {args.moves:,} moves); {within}; median moves {np.median(moves):,.0f}; "
          f"{total / cpu:,.0f} moves per CPU s over all runs")


if __name__ == "__main__":
    main()

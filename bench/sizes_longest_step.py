#!/usr/bin/env python3
"""Each solver's longest step at each size, natively, with default parameters.

    .venv/bin/python bench/sizes_longest_step.py [--seconds 10] [--solver ID ...] [--size 36 ...]
        [--p 0.45] [--seed 1] [--param name=value ...] [--json]

The page runs a solver in slices of 35 ms and can stop only between steps (docs/protocol.md,
"The run protocol"); the browser is ~2× slower than native, so a step should stay under
~15 ms natively. Each solver runs for `--seconds` of its own thread's CPU time (so other
work on a shared machine inflates the figures less than wall time would) on the generated
puzzle `<size>:<p>:<seed>` of each size (sudoku_lab.generate). The longest step is given in
CPU ms and in wall ms; a warm-up run at 4×4 first keeps one-off import costs out (a size's
own caches, e.g. its peer table, are still built in its first step). Memory:
the solver's own estimate (`peak_bytes`) beside the page's cap, or the refusal.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import Puzzle  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.solvers import REGISTRY, SolverError  # noqa: E402
from sudoku_lab.solvers.params import MEMORY_CAP  # noqa: E402


def generated(size: int, p: float, seed: int) -> Puzzle:
    return generate(parse_spec(f"{size}:{p}:{seed}")).puzzle


def measure(solver: str, puzzle: Puzzle, params: dict, seconds: float, seed: int) -> dict:
    try:
        run = Run(puzzle, solver, params, seed, Budget(max_seconds=seconds), clock=time.thread_time)
    except SolverError as exc:
        return {"refused": str(exc)}
    longest_wall = 0.0
    while not run.done:
        t = time.perf_counter()
        run.tick()
        longest_wall = max(longest_wall, time.perf_counter() - t)
    r = run.result
    module = REGISTRY[solver]
    peak = module.peak_bytes(puzzle, run.params) if hasattr(module, "peak_bytes") else None
    return {"longest_cpu_ms": 1000 * r.longest_step, "longest_wall_ms": 1000 * longest_wall,
            "iterations": r.iterations, "stop_reason": r.stop_reason, "cpu_seconds": r.seconds,
            "peak_mb": None if peak is None else peak / 2**20}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--solver", action="append", choices=sorted(REGISTRY))
    ap.add_argument("--size", action="append", type=int, choices=[4, 9, 16, 25, 36])
    ap.add_argument("--p", type=float, default=0.45)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--param", action="append", default=[], help="name=value, for every solver that has it")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    solvers = args.solver or list(REGISTRY)
    sizes = args.size or [4, 9, 16, 25, 36]
    given = dict(kv.split("=", 1) for kv in args.param)
    rows = []
    for solver in solvers:
        names = {p["name"] for p in REGISTRY[solver].PARAMS}
        params = {k: v for k, v in given.items() if k in names}
        Run(generated(4, 0.5, 0), solver, params, 0, Budget(max_iterations=2)).finish()   # warm-up
        for size in sizes:
            puzzle = generated(size, args.p, args.seed)
            row = {"solver": solver, "size": size, "p": args.p, "params": params,
                   **measure(solver, puzzle, params, args.seconds, 0)}
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
    if args.json:
        return 0
    print(f"{args.seconds:g} CPU s per run, p = {args.p}, puzzle seed {args.seed}, params {given or 'defaults'}; "
          f"memory cap {MEMORY_CAP / 2**20:.0f} MB")
    print("| solver | size | longest step, CPU ms | longest step, wall ms | iterations | stop | estimated peak |")
    print("|---|---:|---:|---:|---:|---|---:|")
    for r in rows:
        if "refused" in r:
            print(f"| {r['solver']} | {r['size']} | – | – | – | refused: {r['refused']} | |")
            continue
        peak = "–" if r["peak_mb"] is None else f"{r['peak_mb']:,.1f} MB"
        print(f"| {r['solver']} | {r['size']} | {r['longest_cpu_ms']:.1f} | {r['longest_wall_ms']:.1f} "
              f"| {r['iterations']:,} | {r['stop_reason']} | {peak} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""hill_climb and ga_woc with and without `propagate` on generated puzzles.

    .venv/bin/python bench/archive/sizes_propagate.py [--size 16 --size 25] [--p 0.2 --p 0.4 ...]
        [--instances 3] [--seconds 20] [--solver hill_climb ...] [--jobs 2] [--out FILE.jsonl]

Puzzles are the generator's `<size>:<p>:<seed>` for seeds 1..instances (sudoku_lab.generate).
Each (solver, propagate, puzzle) runs once, seed 0, default parameters otherwise, for
`--seconds` of its own CPU time (the machine is shared: a wall-clock limit would measure the
neighbours). Prints one row per (solver, variant, size, p): solved / runs, median and worst
CPU seconds of the solved runs, median iterations, for the unsolved ones the median gap
between the solver's best objective and a solution's (hill_climb: 2·N² − best f: duplicates
in rows and columns plus clashes with givens at its best state; ga_woc: the best board's conflicts), and
what propagation alone fixes (cells fixed / cells, median over the instances).
`--table FILE` prints the table of a file written by `--out` (runs written before the gap
was recorded show "–" there).
"""

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.propagate import is_fixed  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.solvers import REGISTRY, objective  # noqa: E402
from sudoku_lab.solvers.params import propagated  # noqa: E402


def one(job: tuple[str, bool, str, float]) -> dict:
    solver, propagate, spec, seconds = job
    puzzle = generate(parse_spec(spec)).puzzle
    masks, failed = propagated(puzzle)
    run = Run(puzzle, solver, {"propagate": propagate}, 0, Budget(max_seconds=seconds), clock=time.thread_time)
    r = run.finish()
    target = objective(REGISTRY[solver], puzzle, run.params)["best"]
    return {"solver": solver, "propagate": propagate, "spec": spec, "size": puzzle.N,
            "p": float(spec.split(":")[1]), "givens": puzzle.given_count,
            "fixed_by_singles": int(is_fixed(masks).sum()), "solved": r.solved, "cpu_seconds": r.seconds,
            "iterations": r.iterations, "open_cells": r.open_cells, "stop_reason": r.stop_reason,
            "best_gap": None if r.best is None else abs(target - r.best)}


def table(rows: list[dict]) -> None:
    print("| solver | propagate | size | p | solved | median s (solved) | worst s (solved) "
          "| median iterations | median gap at best (unsolved) | fixed by singles |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    keys = sorted({(r["solver"], r["propagate"], r["size"], r["p"]) for r in rows})
    for solver, prop, size, p in keys:
        g = [r for r in rows if (r["solver"], r["propagate"], r["size"], r["p"]) == (solver, prop, size, p)]
        ok = [r["cpu_seconds"] for r in g if r["solved"]]
        unsolved = [r["best_gap"] for r in g if not r["solved"] and r.get("best_gap") is not None]
        times = f"{statistics.median(ok):.2f} | {max(ok):.2f}" if ok else "– | –"
        left = f"{statistics.median(unsolved):g}" if unsolved else "–"
        fixed = statistics.median(r["fixed_by_singles"] for r in g)
        print(f"| {solver} | {'on' if prop else 'off'} | {size} | {p:g} | {len(ok)}/{len(g)} | {times} "
              f"| {statistics.median(r['iterations'] for r in g):,.0f} | {left} | {fixed:.0f}/{size * size} |")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", action="append", type=int)
    ap.add_argument("--p", action="append", type=float)
    ap.add_argument("--instances", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--solver", action="append", choices=["hill_climb", "ga_woc"])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="also write each run as a JSON line")
    ap.add_argument("--table", metavar="JSONL", help="print the table of runs written by --out, run nothing")
    args = ap.parse_args()
    if args.table:
        table([json.loads(line) for line in Path(args.table).read_text().splitlines() if line.strip()])
        return 0
    jobs = [(solver, prop, f"{size}:{p:g}:{seed}", args.seconds)
            for solver in args.solver or ["hill_climb", "ga_woc"] for prop in (False, True)
            for size in args.size or [16, 25] for p in args.p or [0.2, 0.4, 0.45, 0.6]
            for seed in range(1, args.instances + 1)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = []
        for row in pool.map(one, jobs):
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

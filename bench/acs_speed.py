#!/usr/bin/env python3
"""acs (Lloyd & Amos's ant colony system): iterations per second, the longest step, and
time to solve on Lewis-style instances, beside Lloyd & Amos's own figures.

    .venv/bin/python bench/acs_speed.py rate  [--sizes 9 16 25 36] [--iterations 30] [--ants A]
    .venv/bin/python bench/acs_speed.py solve --size 16 --p 0.40 0.45 [--instances 10]
                                              [--seconds 60] [--json]

`rate` runs each size for a fixed number of iterations at p = 0.45 (instance seeds 0, 1, …,
the next when one is solved) and reports iterations/s, ms per iteration and the longest time
the solver held control, as wall time through `Run` and as CPU time (the page's slice is
35 ms; the browser runs about 2x slower). `solve` makes one instance per seed 0..k-1 for
every p and runs acs once on each (run seed = instance seed) with a time limit (`--cpu`: CPU
seconds of this process, for a loaded machine), then prints success, median and worst time of
the solved runs and median iterations.

Instances are Lewis-style, as Lloyd & Amos made theirs: a full grid shuffled (values, bands,
stacks, rows inside a band, columns inside a stack), then exactly ceil(p*N*N) cells kept.
(`instance` below; the lab's `sudoku_lab.generate` will be the one home of this recipe.)
Speed is never asserted in a test: the figures go to docs/benchmarks.md with the command
and the machine's load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.grid import Puzzle  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.solvers import acs  # noqa: E402


def instance(size: int, p: float, seed: int) -> Puzzle:
    """A Lewis-style instance: a shuffled full grid with exactly ceil(p*N*N) cells kept."""
    n = math.isqrt(size)
    N = size
    rng = np.random.default_rng([size, round(p * 1000), seed])
    grid = np.array([[(n * (r % n) + r // n + c) % N for c in range(N)] for r in range(N)])
    grid = rng.permutation(N)[grid] + 1
    rows = np.concatenate([band * n + rng.permutation(n) for band in rng.permutation(n)])
    cols = np.concatenate([stack * n + rng.permutation(n) for stack in rng.permutation(n)])
    grid = grid[rows][:, cols].reshape(-1)
    keep = rng.permutation(N * N)[:math.ceil(p * N * N)]
    cells = np.zeros(N * N, dtype=np.int8)
    cells[keep] = grid[keep]
    return Puzzle(n, cells)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def longest_stretch(size: int, p: float, seed: int, iterations: int, params: dict) -> tuple[float, float]:
    """The solver driven directly: the longest CPU time between two of its yields (a pause or
    a step), and the longest wall time. CPU time is what the page's slice would see on a quiet
    machine; wall time on a shared one includes waiting for a core."""
    puzzle = instance(size, p, seed)
    gen = acs.run(puzzle, Run(puzzle, "acs", params).params, np.random.default_rng(seed))
    cpu = wall = 0.0
    done = 0
    while done < iterations:
        c, w = time.process_time(), time.perf_counter()
        try:
            out = next(gen)
        except StopIteration:
            break
        cpu, wall = max(cpu, time.process_time() - c), max(wall, time.perf_counter() - w)
        done += out is not None
    return cpu, wall


def rate(sizes: list[int], iterations: int, params: dict) -> None:
    print(f"load {load()}; parameters {params or 'the defaults'}")
    print("| size | p | instances | iterations | seconds | iterations/s | ms/iteration | CPU ms/iteration "
          "| longest step (ms) | longest stretch, CPU ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        its, secs, cpu, longest, seed = 0, 0.0, 0.0, 0.0, 0
        while its < iterations:                  # instances solved early: go on with the next
            c = time.process_time()
            r = Run(instance(size, 0.45, seed), "acs", params, seed, Budget(max_iterations=iterations - its)).finish()
            cpu += time.process_time() - c
            its, secs, longest, seed = its + r.iterations + 1, secs + r.seconds, max(longest, r.longest_step), seed + 1
        stretch, _ = longest_stretch(size, 0.45, seed - 1, min(iterations, 10), params)
        print(f"| {size}×{size} | 0.45 | {seed} | {its} | {secs:.2f} | {its / secs:.1f} | "
              f"{1000 * secs / its:.1f} | {1000 * cpu / its:.1f} | {1000 * longest:.1f} | {1000 * stretch:.1f} |",
              flush=True)
    print(f"load {load()}")


def solve(size: int, ps: list[float], seeds: list[int], seconds: float, as_json: bool, cpu: bool) -> None:
    clock = time.process_time if cpu else time.perf_counter
    print(f"# load {load()}; instance seeds {seeds} per p, one run each, {seconds:g} s limit "
          f"({'CPU' if cpu else 'wall'} time)", flush=True)
    rows = []
    for p in ps:
        runs = []
        for seed in seeds:
            puzzle = instance(size, p, seed)
            wall = time.perf_counter()
            r = Run(puzzle, "acs", {}, seed, Budget(max_seconds=seconds), clock=clock).finish()
            wall = time.perf_counter() - wall
            rec = {"size": size, "p": p, "seed": seed, "givens": int(puzzle.given_count),
                   "solved": r.solved, "seconds": round(r.seconds, 3), "clock": "cpu" if cpu else "wall",
                   "wall": round(wall, 3), "iterations": r.iterations + 1,
                   "open_cells": r.open_cells, "longest_step": round(r.longest_step, 4)}
            runs.append(rec)
            if as_json:
                print(json.dumps(rec), flush=True)
        times = [x["seconds"] for x in runs if x["solved"]]
        its = [x["iterations"] for x in runs if x["solved"]]
        rows.append((p, runs[0]["givens"], sum(x["solved"] for x in runs), len(runs),
                     statistics.median(times) if times else None, max(times) if times else None,
                     statistics.median(its) if its else None,
                     max(x["open_cells"] for x in runs), max(x["longest_step"] for x in runs)))
        if not as_json:
            print(f"p={p:.2f} done", file=sys.stderr, flush=True)
    print(f"# load {load()}")
    print("| size | p | givens | solved | median s | worst s | median iterations | most open cells left "
          "| longest step ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for p, givens, ok, total, med, worst, it, left, step in rows:
        fmt = (lambda v: "–" if v is None else f"{v:.2f}")
        print(f"| {size}×{size} | {p:.2f} | {givens} | {ok}/{total} | {fmt(med)} | {fmt(worst)} | "
              f"{'–' if it is None else f'{it:g}'} | {left} | {1000 * step:.0f} |")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("rate")
    a.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36])
    a.add_argument("--iterations", type=int, default=30)
    a.add_argument("--ants", type=int, help="colony size (default: the paper's 10)")
    b = sub.add_parser("solve")
    b.add_argument("--size", type=int, required=True, choices=[4, 9, 16, 25, 36])
    b.add_argument("--p", type=float, nargs="+", required=True)
    b.add_argument("--instances", type=int, default=10, help="instance seeds 0..k-1")
    b.add_argument("--seeds", type=int, nargs="+", help="these instance seeds instead")
    b.add_argument("--seconds", type=float, default=60)
    b.add_argument("--json", action="store_true")
    b.add_argument("--cpu", action="store_true", help="time limit and times in CPU seconds of this process "
                   "(what a quiet core gives; on a shared machine wall time includes waiting for one)")
    args = ap.parse_args()
    if args.what == "rate":
        rate(args.sizes, args.iterations, {} if args.ants is None else {"ants": args.ants})
    else:
        solve(args.size, args.p, args.seeds or list(range(args.instances)), args.seconds, args.json, args.cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main())

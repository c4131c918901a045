#!/usr/bin/env python3
"""How long generating a puzzle takes natively, by size: the plain spec (a full grid, then
round(p·N²) givens) and unique mode (docs/benchmarks.md, "Generating puzzles").

    .venv/bin/python bench/generate_speed.py [--seeds 20] [--unique-seeds 5] [--p 0.45]
        [--sizes 4,9,16,25,36] [--unique-sizes 4,9,16,25]

Prints wall-clock and CPU seconds (CPU time is the fairer figure on a shared machine) and the
load at the start, as markdown tables.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from sudoku_lab.generate import Spec, generate  # noqa: E402


def timed(spec: Spec):
    w0, c0 = time.perf_counter(), time.process_time()
    made = generate(spec)
    return made, time.perf_counter() - w0, time.process_time() - c0


def row(label: str, specs: list[Spec]) -> str:
    walls, cpus, stops, givens = [], [], [], []
    for spec in specs:
        made, wall, cpu = timed(spec)
        walls.append(wall)
        cpus.append(cpu)
        stops.append(made.stop)
        givens.append(made.puzzle.given_count)
    reached = sum(s == "target" for s in stops)
    return (f"| {label} | {len(specs)} | {statistics.median(walls):.3f} | {max(walls):.3f} | "
            f"{statistics.median(cpus):.3f} | {max(cpus):.3f} | {reached}/{len(specs)} | "
            f"{min(givens)}–{max(givens)} |")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--unique-seeds", type=int, default=5)
    ap.add_argument("--p", default="0.45")
    ap.add_argument("--sizes", default="4,9,16,25,36")
    ap.add_argument("--unique-sizes", default="4,9,16,25")
    args = ap.parse_args()
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print("| spec | puzzles | median s | max s | median CPU s | max CPU s | reached target | givens |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for size in map(int, args.sizes.split(",")):
        print(row(f"{size}:{args.p}:0…{args.seeds - 1}", [Spec.of(size, args.p, s) for s in range(args.seeds)]),
              flush=True)
    for size in map(int, args.unique_sizes.split(",")):
        for p in (args.p, "0"):
            print(row(f"{size}:{p}:0…{args.unique_seeds - 1}:unique",
                      [Spec.of(size, p, s, unique=True) for s in range(args.unique_seeds)]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

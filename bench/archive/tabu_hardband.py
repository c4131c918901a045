#!/usr/bin/env python3
"""alldiff_tabu with and without `propagate` across the phase transition, against the goals there.

    .venv/bin/python bench/archive/tabu_hardband.py --generate 16:0:1:0.05 --instances 5
        [--max-iterations 10000] [--max-seconds 60] [--variant propagate=true ...] [--out FILE.jsonl]
    .venv/bin/python bench/archive/tabu_hardband.py --file PUZZLES.txt ...

Puzzles: generated (``sudoku_lab.generate``; SIZE:P0:P1:STEP, seeds 0 … instances-1, named by
their spec SIZE:p:seed), or a file of one-line puzzles with names. Each puzzle is run once
(seed 0) per variant: the paper's defaults, and each --variant's parameters on top (default:
one variant, propagate=true). Budgets: the paper's 10,000 iterations and a time limit, both
counted by ``Run``; the time is CPU time (``time.process_time``), so that other jobs on a
shared machine do not eat the limit, and the wall time is recorded beside it. Prints one
Markdown row per size × p × variant (success, median and worst CPU and wall seconds,
iterations) and, with --out, one JSON line per run.
"""

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.grid import ALPHABET, Puzzle  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402


def generated(specs: list[str], instances: int):
    from sudoku_lab.generate import generate
    for spec in specs:
        size, p0, p1, step = spec.split(":")
        k = 0
        while float(p0) + k * float(step) <= float(p1) + 1e-9:
            p = round(float(p0) + k * float(step), 6)
            for seed in range(instances):
                g = generate(int(size), p, seed)
                yield g.spec.text, g.puzzle
            k += 1


def from_file(path: str):
    """One-line puzzles ('.' for empty, values 1–9 then A… and @), each followed by its name."""
    for line in Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, _, name = line.partition(" ")
            N = int(round(len(text) ** 0.5))
            cells = np.array([0 if ch == "." else ALPHABET.index(ch) + 1 for ch in text], dtype=np.int8)
            yield name.strip() or text[:12], Puzzle(int(round(N ** 0.5)), cells)


def parse_variant(text: str) -> dict:
    out = {}
    for item in filter(None, text.split(",")):
        k, _, v = item.partition("=")
        out[k] = {"true": True, "false": False}.get(v, int(v) if v.lstrip("-").isdigit() else v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--generate", action="append", default=[])
    ap.add_argument("--instances", type=int, default=5)
    ap.add_argument("--file")
    ap.add_argument("--max-iterations", type=int, default=10_000)
    ap.add_argument("--max-seconds", type=float, default=60)
    ap.add_argument("--variant", action="append")
    ap.add_argument("--no-default", action="store_true", help="run only the --variant entries")
    ap.add_argument("--out")
    args = ap.parse_args()
    variants = ([] if args.no_default else [{}]) + [parse_variant(v) for v in (args.variant or ["propagate=true"])]
    puzzles = list(from_file(args.file)) if args.file else list(generated(args.generate, args.instances))
    out = open(args.out, "a") if args.out else None
    groups = defaultdict(list)
    print(f"load before {os.getloadavg()[0]:.2f}; {len(puzzles)} puzzles × {len(variants)} variants; "
          f"max {args.max_iterations} iterations, {args.max_seconds:g} CPU s", file=sys.stderr)
    for name, puzzle in puzzles:
        for params in variants:
            wall = time.perf_counter()
            run = Run(puzzle, "alldiff_tabu", {"max_iterations": args.max_iterations, **params}, 0,
                      Budget(max_seconds=args.max_seconds), clock=time.process_time)
            r = run.finish()
            rec = {"puzzle": name, "params": params, "solved": r.solved, "stop_reason": r.stop_reason,
                   "iterations": r.iterations, "cpu_seconds": r.seconds, "wall_seconds": time.perf_counter() - wall,
                   "longest_step": r.longest_step, "best": r.best}
            if out:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            size_p = ":".join(name.split(":")[:2]) if name.count(":") >= 2 else name
            groups[(size_p, json.dumps(params))].append(rec)
            print(f"{name} {params or 'paper'}: {r.stop_reason} {r.iterations} it {r.seconds:.2f} s",
                  file=sys.stderr, flush=True)
    print("| size:p | variant | solved | median CPU s | worst CPU s | median wall s | worst wall s "
          "| median iterations | worst iterations | least cells left |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (size_p, params), recs in groups.items():
        cpu = [r["cpu_seconds"] for r in recs]
        wall = [r["wall_seconds"] for r in recs]
        its = [r["iterations"] for r in recs]
        print(f"| {size_p} | {', '.join(f'{k}={v}' for k, v in json.loads(params).items()) or 'paper'} "
              f"| {sum(r['solved'] for r in recs)}/{len(recs)} | {np.median(cpu):.3f} | {max(cpu):.3f} "
              f"| {np.median(wall):.3f} | {max(wall):.3f} | {np.median(its):.0f} | {max(its)} "
              f"| {min(r['best'] for r in recs):.0f} |")
    print(f"load after {os.getloadavg()[0]:.2f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

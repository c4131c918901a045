#!/usr/bin/env python3
"""alldiff_tabu's speed natively: iterations per CPU-second and the longest step, 9×9 to 36×36.

    .venv/bin/python bench/tabu_speed.py [--py DIR] [--iterations 2000] [--instances 3]
                                         [--sizes 9,16,25,36] [--param name=value ...]

Puzzles: 9×9 is AI Escargot plus one given (no solution, yet every filter accepts it: the
search runs its whole budget); the others are generated (``sudoku_lab.generate``, specs
SIZE:p:seed for seeds 0 … instances-1) where runs last: 16×16 at p = 0.30, 25×25 and 36×36 at
p = 0.45. Each run stops after --iterations iterations or when solved; the rate is all
iterations over all CPU time (``time.process_time``, so other jobs on the machine weigh less
than on the wall clock), the longest step is the longest the solver held control in one go
(CPU time, through ``Run(clock=...)``), and the wall-clock rate is printed beside it.

`--py DIR` runs another copy of the package on the same puzzles (generated here), e.g. the
code before a change: ``mkdir ../before && git archive <commit> py | tar -x -C ../before``
then ``--py ../before/py``. Prints a Markdown table and the load average.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNSOLVABLE_9 = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
P_BY_SIZE = {16: 0.30, 25: 0.45, 36: 0.45}


def puzzles(sizes: list[int], instances: int) -> dict[int, list[tuple[str, str]]]:
    sys.path.insert(0, str(ROOT / "py"))
    from sudoku_lab.generate import generate
    out = {}
    for N in sizes:
        if N == 9:
            out[N] = [("ai-escargot+1", UNSOLVABLE_9)]
        else:
            out[N] = [(f"{N}:{P_BY_SIZE[N]}:{s}", generate(N, P_BY_SIZE[N], s).puzzle.to_string())
                      for s in range(instances)]
    return out


def child() -> int:
    """Run the solver of the package on sys.path over the puzzles read from stdin (JSON)."""
    job = json.load(sys.stdin)
    sys.path.insert(0, job["py"])
    import numpy as np
    from sudoku_lab.grid import ALPHABET, Puzzle
    from sudoku_lab.run import Budget, Run
    rows = []
    for name, text in job["puzzles"]:
        cells = np.array([0 if ch == "." else ALPHABET.index(ch) + 1 for ch in text], dtype=np.int8)
        puzzle = Puzzle(int(round(len(text) ** 0.25)), cells)
        cpu, wall = time.process_time(), time.perf_counter()
        run = Run(puzzle, "alldiff_tabu", job["params"], 0, Budget(max_iterations=job["iterations"]),
                  clock=time.process_time)
        r = run.finish()
        rows.append({"name": name, "iterations": r.iterations, "cpu": time.process_time() - cpu,
                     "wall": time.perf_counter() - wall, "longest": r.longest_step, "stop": r.stop_reason})
    json.dump(rows, sys.stdout)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--py", default=str(ROOT / "py"))
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--instances", type=int, default=3)
    ap.add_argument("--sizes", default="9,16,25,36")
    ap.add_argument("--param", action="append", default=[])
    ap.add_argument("--child", action="store_true")
    args = ap.parse_args()
    if args.child:
        return child()
    params = {}
    for item in args.param:
        k, _, v = item.partition("=")
        params[k] = json.loads(v) if v in ("true", "false") or v.lstrip("-").isdigit() else v
    sizes = [int(s) for s in args.sizes.split(",")]
    sets = puzzles(sizes, args.instances)
    print(f"package {args.py}, parameters {params or 'defaults'}, at most {args.iterations} iterations per run, "
          f"load before {os.getloadavg()[0]:.2f}")
    print("| size | puzzles | iterations | iterations / CPU s | iterations / wall s | longest step (CPU) | stops |")
    print("|---|---|---:|---:|---:|---:|---|")
    for N in sizes:
        job = {"py": args.py, "puzzles": sets[N], "params": params, "iterations": args.iterations}
        done = subprocess.run([sys.executable, __file__, "--child"], input=json.dumps(job), capture_output=True,
                              text=True, check=True)
        rows = json.loads(done.stdout)
        its = sum(r["iterations"] for r in rows)
        cpu, wall = sum(r["cpu"] for r in rows), sum(r["wall"] for r in rows)
        stops = ", ".join(sorted({r["stop"] for r in rows}))
        print(f"| {N}×{N} | {', '.join(r['name'] for r in rows)} | {its:,} | {its / cpu:,.0f} | {its / wall:,.0f} "
              f"| {max(r['longest'] for r in rows) * 1e3:.1f} ms | {stops} |", flush=True)
    print(f"load after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

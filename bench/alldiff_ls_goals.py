"""alldiff_ls against issue 26's goals, natively: one row (size, p) of generated instances, one
run each (or one per seed given with --seeds), a limit in CPU seconds (the machine is shared:
wall time is printed beside it).

    .venv/bin/python bench/alldiff_ls_goals.py --size 25 --p 0.45 --instances 10 --seconds 30

Instances: the package's generator (`<size>:<p>:<seed>`, seeds 0..instances-1) where it takes
the size; for 49×49 and 64×64 a Lewis-style instance made here (the goal rows were measured on
these before the generator took those sizes, and stay comparable): a
pattern grid shuffled (rows within bands, bands, columns within stacks, stacks, values) and
round(p·N²) cells kept at random. Prints one line per instance and a summary line: solved,
median CPU and wall seconds (unsolved counted as the limit, so a median past it reads "> limit"),
and moves per CPU second and per wall second over every run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.generate import generate, givens_for, parse_spec  # noqa: E402
from sudoku_lab.grid import Puzzle  # noqa: E402
from sudoku_lab.run import Run  # noqa: E402
from sudoku_lab.score import is_solution  # noqa: E402


def shuffled_instance(size: int, p: float, seed: int) -> Puzzle:
    """A Lewis-style instance for sizes the generator does not take."""
    n = int(round(size ** 0.5))
    rng = np.random.default_rng([size, seed])
    r = np.arange(size)
    grid = (n * (r[:, None] % n) + r[:, None] // n + r[None, :]) % size
    order = lambda: (rng.permutation(n)[:, None] * n + np.array([rng.permutation(n) for _ in range(n)])).reshape(-1)
    grid = grid[order()][:, order()]
    grid = rng.permutation(size)[grid] + 1
    keep = rng.permutation(size * size)[:givens_for(p, size)]
    cells = np.zeros(size * size, dtype=np.int8)
    cells[keep] = grid.reshape(-1)[keep]
    return Puzzle(n, cells)


def instance(size: int, p: float, seed: int) -> Puzzle:
    if size <= 36:
        return generate(parse_spec(f"{size}:{p}:{seed}")).puzzle
    return shuffled_instance(size, p, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--p", type=float, required=True)
    ap.add_argument("--instances", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=60.0, help="limit per run, CPU seconds")
    ap.add_argument("--solver", default="alldiff_ls")
    ap.add_argument("--first", type=int, default=0, help="first instance (seed)")
    ap.add_argument("--seeds", type=int, nargs="+", default=None, metavar="SEED",
                    help="run each instance once per seed given (default: one run, seed = the instance number)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="a solver parameter (repeatable), read as JSON, e.g. episode=20000")
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    cpu_times, wall_times, solved, moves, cpu_all, wall_all = [], [], 0, 0, 0.0, 0.0
    runs = [(i, seed) for i in range(args.first, args.first + args.instances) for seed in (args.seeds or [i])]
    for i, seed in runs:
        puzzle = instance(args.size, args.p, i)
        run = Run(puzzle, args.solver, params, seed=seed)
        c0, w0 = time.process_time(), time.perf_counter()
        while run.step() is not None and time.process_time() - c0 < args.seconds:
            pass
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        result = run.stop()
        ok = result.solved and is_solution(puzzle, result.board)
        solved += ok
        cpu_times.append(cpu if ok else float("inf"))
        wall_times.append(wall if ok else float("inf"))
        moves += result.iterations
        cpu_all += cpu
        wall_all += wall
        print(f"{args.size}x{args.size} p={args.p} instance={i} seed={seed} solved={ok} cpu={cpu:.2f}s wall={wall:.2f}s "
              f"moves={result.iterations} best={result.best} restarts={result.restarts}", flush=True)

    def median(xs):
        m = float(np.median(xs))
        return f"{m:.2f}" if np.isfinite(m) else f"> {args.seconds:g}"

    print(f"SUMMARY {args.solver} {args.size}x{args.size} p={args.p}: solved {solved}/{len(runs)} "
          f"within {args.seconds:g} CPU s; median CPU {median(cpu_times)} s, median wall {median(wall_times)} s; "
          f"{moves / max(cpu_all, 1e-9):.0f} moves/CPU s, {moves / max(wall_all, 1e-9):.0f} moves/wall s", flush=True)


if __name__ == "__main__":
    main()

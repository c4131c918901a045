"""alldiff_ls against its goals (docs/benchmarks.md, alldiff_ls), natively: one row (size, p) of generated instances, one
run each (or one per seed given with --seeds), a limit in CPU seconds (the machine is shared:
wall time is printed beside it).

    .venv/bin/python bench/alldiff_ls_goals.py --size 25 --p 0.45 --instances 10 --seconds 30

Instances: the package's generator's `<size>:<p>:<seed>` at every size, seeds `--first` ..
(Lewis-style: a random full grid, round(p·N²) cells kept at random; `generate --format
benchmark` writes the same instances for the reference program). The first 49×49 and 64×64
rows ran on shuffled pattern grids made here instead: docs/benchmarks-history.md. Prints one
line per instance and a summary line: solved, median CPU and wall seconds (unsolved counted as
the limit, so a median past it reads "> limit"), and moves per CPU second and per wall second.

`--reference PROGRAM` runs the field's reference beside ours on the same instances: the
AllDiff-LS program built by you from its public source (Solvers/AllDiff-LS/Sudoku-LS.cpp, e.g.
`g++ -O2`; nothing of it is in this repository), given each instance in the benchmark format,
the same seed and the same CPU limit (`PROGRAM FILE SEED LIMIT 0`; it prints "find answer: T",
T its CPU seconds). A summary line gives its solved count, median, and our median over its.

`--workers W [W2 …] --moves M` runs each instance as one run on W processes (`several.processes.run_on_processes`)
within M moves of all workers (a budget the machine's load does not change), and prints its wall
and the workers' CPU seconds. Given several W, each instance runs once per W, and a last table
gives per instance the first W's moves per worker over each other W's: the speed-up a team's wall
time shows when every worker has a core of its own (the page's team makes the same moves as
`run_on_processes`: tests/package/several/test_team.py), measured without depending on the load.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import Puzzle, to_benchmark  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.score import is_solution  # noqa: E402
from sudoku_lab.several.processes import run_on_processes  # noqa: E402
from sudoku_lab.several.team import EXCHANGE  # noqa: E402


def instance(size: int, p: float, seed: int) -> Puzzle:
    """The package's generator's `<size>:<p>:<seed>` (the same instance `generate --format
    benchmark` writes for the reference program)."""
    return generate(parse_spec(f"{size}:{p}:{seed}")).puzzle


def reference(program: str, puzzle: Puzzle, seed: int, seconds: float) -> float | None:
    """The reference program's CPU seconds to solve `puzzle` with `seed`, or None within `seconds`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"inst{puzzle.N}x{puzzle.N}.txt"
        path.write_text(to_benchmark(puzzle))
        out = subprocess.run([program, str(path), str(seed), str(seconds), "0"], capture_output=True, text=True,
                             timeout=seconds * 3 + 30).stdout
    found = re.search(r"find answer: ([0-9.]+)", out)
    return float(found.group(1)) if found else None


def team(args, params: dict, runs: list) -> None:
    """--workers: one team run per instance and worker count (`several.processes.run_on_processes`), its budget in
    moves (all workers' together): a load-free budget where wall seconds would count the
    machine's other load. Several counts: the ratios of moves per worker, instance by instance."""
    per_worker: dict[int, list[float]] = {w: [] for w in args.workers}
    for i, seed in runs:
        puzzle = instance(args.size, args.p, i)
        for w in args.workers:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            w0 = time.perf_counter()
            result = run_on_processes(puzzle, params, seed, w, Budget(max_iterations=args.moves), args.exchange)
            wall = time.perf_counter() - w0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            ok = result.solved and is_solution(puzzle, result.board)
            per_worker[w].append(result.iterations / w if ok else float("inf"))
            print(f"{args.size}x{args.size} p={args.p} instance={i} seed={seed} workers={w} solved={ok} "
                  f"moves={result.iterations} moves/worker={result.iterations / w:.0f} wall={wall:.2f}s "
                  f"workers' CPU={cpu:.2f}s best={result.best}", flush=True)
    for w in args.workers:
        solved = sum(np.isfinite(per_worker[w]))
        m = float(np.median(per_worker[w]))
        median = f"{m:,.0f}" if np.isfinite(m) else f"> {args.moves // w:,}"
        print(f"SUMMARY alldiff_ls {w} workers {args.size}x{args.size} p={args.p}: solved {solved}/{len(runs)} "
              f"within {args.moves:,} moves (all workers), exchange every {args.exchange:,}; median moves per "
              f"worker {median}", flush=True)
    base = args.workers[0]
    for w in args.workers[1:]:
        ratios = [a / b for a, b in zip(per_worker[base], per_worker[w]) if np.isfinite(a) and np.isfinite(b)]
        both = ", ".join(f"{r:.2f}" for r in ratios)
        median = f"{np.median(ratios):.2f} [{both}]" if ratios else "–"
        print(f"RATIO moves per worker, {base} worker(s) / {w} workers, instances solved both ways "
              f"({len(ratios)}/{len(runs)}): median {median}", flush=True)


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
    ap.add_argument("--reference", metavar="PROGRAM", help="the AllDiff-LS program (built from its public "
                    "source) run beside ours on each instance, same seed and CPU limit")
    ap.add_argument("--workers", type=int, nargs="+", default=[1], help="alldiff_ls on this many processes as "
                    "one run (several.processes.run_on_processes), within --moves; several counts: each, and their moves per worker compared")
    ap.add_argument("--moves", type=int, default=None, help="with --workers: the budget, moves of all workers")
    ap.add_argument("--exchange", type=int, default=EXCHANGE, help="with --workers: moves per worker between exchanges")
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    if args.workers != [1] or args.moves is not None:
        if args.moves is None:
            ap.error("--workers needs --moves (a budget that does not depend on the load)")
        team(args, params, [(i, seed) for i in range(args.first, args.first + args.instances)
                            for seed in (args.seeds or [i])])
        return
    cpu_times, wall_times, solved, moves, cpu_all, wall_all = [], [], 0, 0, 0.0, 0.0
    ref_times = []
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
              f"moves={result.iterations} moves/cpu s={result.iterations / max(cpu, 1e-9):.0f} best={result.best} "
              f"restarts={result.restarts}", flush=True)
        if args.reference:
            t = reference(args.reference, puzzle, seed, args.seconds)
            ref_times.append(float("inf") if t is None else t)
            print(f"  reference: solved={t is not None} cpu={'-' if t is None else f'{t:.2f}s'}", flush=True)

    def median(xs):
        m = float(np.median(xs))
        return f"{m:.2f}" if np.isfinite(m) else f"> {args.seconds:g}"

    print(f"SUMMARY {args.solver} {args.size}x{args.size} p={args.p}: solved {solved}/{len(runs)} "
          f"within {args.seconds:g} CPU s; median CPU {median(cpu_times)} s, median wall {median(wall_times)} s; "
          f"{moves / max(cpu_all, 1e-9):.0f} moves/CPU s, {moves / max(wall_all, 1e-9):.0f} moves/wall s", flush=True)
    if args.reference:
        ours, ref = float(np.median(cpu_times)), float(np.median(ref_times))
        ratio = f"{ours / ref:.1f}×" if np.isfinite(ours) and np.isfinite(ref) and ref > 0 else "–"
        print(f"SUMMARY reference {args.size}x{args.size} p={args.p}: solved {int(np.isfinite(ref_times).sum())}/"
              f"{len(runs)} within {args.seconds:g} CPU s; median CPU {median(ref_times)} s; ours / reference "
              f"(medians) {ratio}", flush=True)


if __name__ == "__main__":
    main()

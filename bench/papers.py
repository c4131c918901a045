#!/usr/bin/env python3
"""Re-run one paper's experiment on its puzzles and print our table beside the paper's.

    python3 bench/papers.py PAPER [--full] [--runs R] [--limit K] [--jobs 2] [--scheduler ADDR]
                                  [--no-save] [--yes]

PAPER is a solver id: hill_climb, ga_woc, nb_coin, alldiff_tabu, gp_moves. By default each
experiment is the reduced one docs/benchmarks.md reports (nb_coin: 20 × 5,000 generations,
not 100 × 100,000). --full runs it at the paper's published size (run counts and budgets,
on the puzzles we have), after printing an estimate of the CPU-hours it needs from the
solver's measured rate, and asks before starting (--yes skips the question). Runs go
through sudoku_lab.bench: streamed to bench/results/<experiment>[_full].jsonl (unless
--no-save) and resumed from it when present, on a local Dask cluster of --jobs processes
or on the cluster at --scheduler. --runs / --limit shrink an experiment for a quick check.
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from sudoku_lab import bench  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from table import attempts_table, render  # noqa: E402

# name -> (puzzle file, solver, params, runs, budget, group)
EXPERIMENTS = {
    "hill_climb": [
        ("hill_climb_papers", "papers.txt", {}, 10, Budget(max_seconds=120), "name"),
        ("hill_climb_rated40", "rated40.txt", {}, 5, Budget(max_seconds=120), "level"),
    ],
    "ga_woc": [
        ("ga_woc_sato6_woc", "sato6.txt", {"woc": True}, 10, Budget(max_seconds=300), "name"),
        ("ga_woc_sato6_plain", "sato6.txt", {"woc": False}, 10, Budget(max_seconds=300), "name"),
    ],
    "nb_coin": [
        ("nb_coin_sato6_mean", "sato6.txt", {}, 20, Budget(max_iterations=5000, max_seconds=120), "name"),
        ("nb_coin_sato6_count", "sato6.txt", {"update": "count"}, 10,
         Budget(max_iterations=5000, max_seconds=120), "name"),
        ("nb_coin_sato6_sequential", "sato6.txt", {"update": "sequential"}, 5,
         Budget(max_iterations=2000, max_seconds=120), "name"),
        ("nb_coin_sato6_count_restart50", "sato6.txt", {"update": "count", "restart": 50}, 10,
         Budget(max_iterations=20_000, max_seconds=120), "name"),
    ],
    "alldiff_tabu": [
        (f"alldiff_tabu_papers_{f}", "papers.txt", {"filter": f}, 30, Budget(max_seconds=120), "name")
        for f in ("hall_intervals", "ac3", "hall_sets")
    ],
    "gp_moves": [
        ("gp_moves_papers", "papers.txt", {}, 30, Budget(max_seconds=120), "name"),
    ],
}

PAPER_TABLES = {
    "hill_climb": """Jones, Roach & Perkins, Figure 5 (100 puzzles, all solved):

| level | average iterations | average restarts |
|---|---:|---:|
| Easy | 233.96 | 0.12 |
| Medium | 392.08 | 1.08 |
| Hard | 724.60 | 2.80 |
| Hardest | 3587.58 | 3.39 |""",
    "ga_woc": """Hughes & Yampolskiy, Table 1 (10 runs on each of five boards):

| | average final conflicts | average generations |
|---|---:|---:|
| GA | 3.82 | 262.26 |
| GA+WoC | 3.78 | 252.04 |""",
    "nb_coin": """Waiyapara et al., Table II (100 runs each; Nfe = mean generations):

| puzzle | solved | Nfe |
|---|---:|---:|
| No. 1 | 100/100 | 2 |
| No. 11 | 100/100 | 4 |
| No. 27 | 100/100 | 130 |
| No. 29 | 100/100 | 1196 |
| No. 77 | 100/100 | 2710 |
| No. 106 | 100/100 | 2341 |""",
    "alldiff_tabu": """Soto et al.: every instance solved in 30 of 30 runs within 10,000 iterations, far fewer
iterations than AC3-tabu (the values of its Tables 2–4 were lost in conversion).""",
    "gp_moves": """Pillay, Table 8 and Table 7 (30 runs; min–max generations):

| puzzle | success | generations |
|---|---:|---:|
| No. 1, No. 11, No. 27, No. 29 | 100% | 0–0 |
| No. 77 | 100% | 0–1 |
| No. 106 | 100% | 0–2 |
| AI Escargot | 100% | 1–15 |""",
}


# The papers' published sizes: name -> (runs, budget) replacing the reduced ones above.
FULL = {
    "hill_climb_papers": (100, Budget(max_seconds=600)),
    "hill_climb_rated40": (100, Budget(max_seconds=600)),
    "ga_woc_sato6_woc": (10, Budget(max_seconds=1800)),
    "ga_woc_sato6_plain": (10, Budget(max_seconds=1800)),
    "nb_coin_sato6_mean": (100, Budget(max_iterations=100_000)),
    "nb_coin_sato6_count": (100, Budget(max_iterations=100_000)),
    "nb_coin_sato6_sequential": (100, Budget(max_iterations=100_000)),
    "nb_coin_sato6_count_restart50": (100, Budget(max_iterations=100_000)),
    "alldiff_tabu_papers_hall_intervals": (30, Budget(max_seconds=600)),
    "alldiff_tabu_papers_ac3": (30, Budget(max_seconds=600)),
    "alldiff_tabu_papers_hall_sets": (30, Budget(max_seconds=600)),
    "gp_moves_papers": (30, Budget(max_seconds=600)),
}


def measured_rate(solver: str, params: dict, text: str, seconds: float = 3.0) -> float:
    """Iterations per second of `solver` on one puzzle, measured now on this machine."""
    r = Run(parse(text), solver, params, 0, Budget(max_seconds=seconds)).finish()
    return r.iterations / max(r.seconds, 1e-9)


def estimate_cpu_hours(experiment: bench.Experiment) -> str:
    """An upper bound from the measured rate: every run using its whole budget."""
    b = experiment.budget
    runs = len(experiment.puzzles) * experiment.runs
    if b.max_iterations:
        rate = measured_rate(experiment.solver, experiment.params, experiment.puzzles[-1][0])
        per_run = b.max_iterations / rate
        if b.max_seconds:
            per_run = min(per_run, b.max_seconds)
        how = f"{b.max_iterations:,} iterations at {rate:,.0f}/s measured now"
    else:
        per_run = b.max_seconds
        how = f"the {b.max_seconds:,.0f} s time limit"
    hours = runs * per_run / 3600
    return (f"{runs:,} runs; at most {hours:,.1f} CPU-hours if every run used {how} "
            f"(solved runs stop early, so usually far less)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paper", choices=list(EXPERIMENTS))
    ap.add_argument("--full", action="store_true", help="the paper's published run counts and budgets")
    ap.add_argument("--runs", type=int, help="runs per puzzle (default: the experiment's)")
    ap.add_argument("--limit", type=int, default=0, help="only the first K puzzles")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scheduler", help="an existing Dask scheduler's address")
    ap.add_argument("--only", help="only the experiment of this name")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--yes", action="store_true", help="start a --full run without asking")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    for name, file, params, runs, budget, group in EXPERIMENTS[args.paper]:
        if args.only and name != args.only:
            continue
        if args.full:
            runs, budget = FULL[name]
        experiment = bench.Experiment(bench.read_puzzles(ROOT / "puzzles" / file, args.limit), args.paper,
                                      params, args.runs or runs, 0, budget)
        if args.full:
            print(f"{name}: {estimate_cpu_hours(experiment)}", flush=True)
            if not args.yes and input("start? [y/N] ").strip().lower() != "y":
                continue
        out = None if args.no_save else ROOT / "bench" / "results" / f"{name}{'_full' if args.full else ''}.jsonl"
        if out is not None and not args.full and out.exists():
            out.unlink()                  # a reduced run is re-run whole; a --full one resumes
        t0 = time.perf_counter()
        rows = bench.run_experiment(experiment, out=str(out) if out else None, resume=out is not None,
                                    jobs=args.jobs, scheduler=args.scheduler, quiet=args.quiet)
        wall = time.perf_counter() - t0
        print(f"### {name}: puzzles/{file}, params {params or 'defaults'}, {experiment.runs} runs each "
              f"({wall:.0f} s wall)\n")
        print(render(rows, group) + "\n")
        if params.get("restart"):
            print(attempts_table(rows) + "\n")
    if args.paper == "alldiff_tabu":
        print(subprocess.run([sys.executable, str(ROOT / "bench" / "domain_reduction.py")],
                             capture_output=True, text=True).stdout)
    print(PAPER_TABLES[args.paper])
    return 0


if __name__ == "__main__":
    sys.exit(main())

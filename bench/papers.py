#!/usr/bin/env python3
"""Re-run one paper's experiment on its puzzles and print our table beside the paper's (the
paper's figures are data/published.json's, read through sudoku_lab.published).

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

from sudoku_lab import bench, published  # noqa: E402
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

# How each paper's published figures are shown beside ours: tables of data/published.json
# (read through sudoku_lab.published, the file's one reader), each (first column, rows by
# "x" or "arm", the match every column shares, [(heading, match)]).
PAPER_TABLES = {
    "hill_climb": [
        ("level", "x", {"x": "level"}, [("average givens", {"measure": "mean_givens"}),
                                        ("average iterations", {"measure": "mean_iterations"}),
                                        ("average restarts", {"measure": "mean_restarts"})]),
        ("givens", "x", {"x": "givens"}, [("average iterations", {"measure": "mean_iterations"}),
                                          ("average restarts", {"measure": "mean_restarts"})]),
    ],
    "ga_woc": [
        ("", "arm", {"x": "set"}, [("average final conflicts", {"measure": "mean_final_conflicts"}),
                                   ("average generations", {"measure": "mean_generations"}),
                                   ("average seconds", {"measure": "mean_seconds"})]),
        ("board", "x", {"x": "level"}, [("givens", {"measure": "givens"}), ("outcome", {"measure": "outcome"})]),
    ],
    "nb_coin": [
        ("puzzle", "x", {"x": "puzzle"}, [("givens", {"measure": "givens"}),
                                          ("NB-COIN: solved", {"measure": "solved", "arm": "NB-COIN"}),
                                          ("NB-COIN: Nfe", {"measure": "mean_generations", "arm": "NB-COIN"}),
                                          ("GA: solved", {"measure": "solved", "arm": "GA (mut+cross+LS)"}),
                                          ("GA: Nfe", {"measure": "mean_generations", "arm": "GA (mut+cross+LS)"})]),
    ],
    "alldiff_tabu": [
        ("instances", "x", {"x": "set"}, [("success", {"measure": "success_rate"})]),
    ],
    "gp_moves": [
        ("puzzle", "x", {"x": "puzzle"}, [("success", {"measure": "success_rate"}),
                                          ("generations", {"measure": "generations_range"})]),
        ("level (book puzzles)", "x", {"x": "level"}, [("success", {"measure": "success_rate"}),
                                                       ("generations", {"measure": "generations_range"})]),
    ],
}


def paper_tables(solver: str, data: dict | None = None) -> str:
    """The paper's published figures as Markdown: per table a title naming where in the paper
    the figures are and what a figure pools, the table, then the source's notes."""
    data = published.load() if data is None else data
    source = data[solver]
    out = []
    for first, by, common, columns in PAPER_TABLES[solver]:
        columns = [(h, {**common, **m}) for h, m in columns]
        found = [s for _, m in columns for s in published.series(data, solver, **m)]
        places = dict.fromkeys(p.get("from", "") for s in found for p in s["points"])
        where = " and ".join(w[:1].upper() + w[1:] if w != "text" else "the text" for w in places if w)
        pooled = dict.fromkeys(s["runs"] for s in found if s["measure"] not in ("givens", "mean_givens"))
        limits = dict.fromkeys(f"at most {s['iteration_limit']:,} iterations" for s in found if "iteration_limit" in s)
        out.append(f"{source['label']}, {where} ({'; '.join([*pooled, *limits])}):\n")
        out.append(published.table(data, solver, columns, first=first, by=by) + "\n")
    out.append("\n".join(f"- {n}" for n in source["notes"]))
    return "\n".join(out)


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
    print(paper_tables(args.paper))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Re-run one paper's experiment on its puzzles and print our table beside the paper's.

    python3 bench/papers.py PAPER [--runs R] [--limit K] [--jobs 2] [--no-save]

PAPER is a solver id: hill_climb, ga_woc, nb_coin, alldiff_tabu, gp_moves. Each experiment
is the one docs/benchmarks.md reports, with the same run counts and caps (reduced where the
paper's would take hours: nb_coin runs 20 × 5,000 generations, not 100 × 100,000). Results
are written to bench/results/<experiment>.jsonl (unless --no-save) so docs/benchmarks.md can
be regenerated from them. --runs / --limit shrink an experiment for a quick check.
"""

import argparse
import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from sudoku_lab.cli import bench_one, read_bench_file  # noqa: E402
from sudoku_lab.run import Budget  # noqa: E402
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


def run_experiment(name, file, solver, params, runs, budget, limit, jobs):
    entries = read_bench_file(str(ROOT / "puzzles" / file))
    if limit:
        entries = entries[:limit]
    todo = [(i, label, text, seed, solver, params, budget)
            for i, (text, label) in enumerate(entries) for seed in range(runs)]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(bench_one, todo))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paper", choices=list(EXPERIMENTS))
    ap.add_argument("--runs", type=int, help="runs per puzzle (default: the experiment's)")
    ap.add_argument("--limit", type=int, default=0, help="only the first K puzzles")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()
    for name, file, params, runs, budget, group in EXPERIMENTS[args.paper]:
        rows = run_experiment(name, file, args.paper, params, args.runs or runs, budget, args.limit, args.jobs)
        if not args.no_save:
            (ROOT / "bench" / "results" / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"### {name}: puzzles/{file}, params {params or 'defaults'}, {args.runs or runs} runs each\n")
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

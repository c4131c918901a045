#!/usr/bin/env python3
"""How `bench` scales on Dask, on this machine:

    runs per second with 1 and 2 local Dask workers, for a batch of short runs and one of
    long runs (efficiency = speed-up / workers); the per-run cost of Dask against a plain
    serial loop (many tiny runs, one worker); and from the measured NB-COIN rate, the wall
    time of the paper's full Table II (6 puzzles × 100 runs × up to 100,000 generations) on
    1, 8 and 100 machines like this one.

    .venv/bin/python bench/dask_scaling.py [--json] [--quick]

Times include starting and stopping each local cluster (as `bench --jobs N` does); `--quick`
(tiny batches, the short runs to 200 steps at most, only to check that the script works) starts two clusters, of one worker and of
two, and runs every batch on them, so its times leave the starts out.
"""

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab import bench  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402

PAPERS = bench.read_puzzles(ROOT / "puzzles" / "papers.txt")
RATED = bench.read_puzzles(ROOT / "puzzles" / "rated40.txt")
UNSOLVABLE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."


def timed(jobs, workers=1, dask=True, kept: dict | None = None) -> float:
    """Seconds to run the jobs: serially, or on a local cluster of `workers` started for them, or
    on the one of `kept` (workers: an open bench.Executor)."""
    t0 = time.perf_counter()
    if kept:
        n = sum(1 for _ in kept[workers].run(jobs))
    else:
        n = sum(1 for _ in bench.execute(jobs, workers, dask_always=dask))
    assert n == len(jobs)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quick", action="store_true",
                    help="tiny batches on two clusters kept open: only checks that the script works")
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        kept = {w: stack.enter_context(bench.Executor(w, dask_always=True)) for w in (1, 2)} if args.quick else None
        result = measure(args.quick, kept)
    if args.json:
        print(json.dumps(result))
        return 0
    print_result(result)
    return 0


def measure(quick: bool, kept: dict | None) -> dict:
    """The scaling rows, Dask's cost per run and NB-COIN's Table II estimate."""
    k = 8 if quick else 1
    short = Budget(max_iterations=200) if quick else Budget()      # quick: no run to a stall of seconds
    batches = {
        # 160 runs of 0.01–0.5 s: hill climbing on the 40 rated puzzles, 4 seeds each
        "short runs": bench.Experiment(RATED[:40 // k], "hill_climb", {}, 4, budget=short).jobs(),
        # 16 runs of 4 s each: NB-COIN on a puzzle with no solution, 4 s budget
        "long runs": bench.Experiment([(UNSOLVABLE, "unsolvable")], "nb_coin", {}, 16 // k,
                                      budget=Budget(max_seconds=4 / k)).jobs(),
    }
    rows = []
    for name, jobs in batches.items():
        one = timed(jobs, 1, kept=kept)
        two = timed(jobs, 2, kept=kept)
        rows.append({"batch": name, "runs": len(jobs), "seconds_1": one, "seconds_2": two,
                     "runs_per_s_1": len(jobs) / one, "runs_per_s_2": len(jobs) / two,
                     "efficiency_2": one / two / 2})
    tiny = bench.Experiment([(PAPERS[0][0], "sato-01")], "alldiff_tabu", {}, 400 // k).jobs()
    serial = timed(tiny, 1, dask=False)
    dask1 = timed(tiny, 1, dask=True, kept=kept)
    overhead = {"runs": len(tiny), "serial_s": serial, "dask_1_worker_s": dask1,
                "per_run_ms": 1000 * (dask1 - serial) / len(tiny), "cluster_start_included": not kept}
    # NB-COIN's Table II at full size, from the measured rate (upper bound: every run to 100,000)
    r = Run(parse(UNSOLVABLE), "nb_coin", {}, 0, Budget(max_seconds=5 / k)).finish()
    rate = r.iterations / r.seconds
    cpu_s = 6 * 100 * 100_000 / rate
    estimate = {"generations_per_s": rate, "cpu_hours_upper": cpu_s / 3600,
                "wall_hours": {m: cpu_s / (2 * m * rows[1]["efficiency_2"]) / 3600 for m in (1, 8, 100)}}
    return {"scaling": rows, "overhead": overhead, "table_ii": estimate}


def print_result(result: dict) -> None:
    rows, overhead, estimate = result["scaling"], result["overhead"], result["table_ii"]
    print("| batch | runs | 1 worker: s | runs/s | 2 workers: s | runs/s | efficiency |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for x in rows:
        print(f"| {x['batch']} | {x['runs']} | {x['seconds_1']:.1f} | {x['runs_per_s_1']:.2f} | {x['seconds_2']:.1f} "
              f"| {x['runs_per_s_2']:.2f} | {x['efficiency_2']:.2f} |")
    o = overhead
    print(f"\n{o['runs']} tiny runs: serial loop {o['serial_s']:.2f} s, one Dask worker {o['dask_1_worker_s']:.2f} s "
          f"({'cluster start included' if o['cluster_start_included'] else 'on a cluster kept open'}): "
          f"{o['per_run_ms']:.2f} ms per run")
    e = estimate
    print(f"\nNB-COIN: {e['generations_per_s']:,.0f} generations/s per core; Table II in full ≤ "
          f"{e['cpu_hours_upper']:,.1f} CPU-hours; wall time on machines of 2 cores at the measured efficiency: "
          + ", ".join(f"{m} → {h:,.2f} h" for m, h in e["wall_hours"].items()))


if __name__ == "__main__":
    sys.exit(main())

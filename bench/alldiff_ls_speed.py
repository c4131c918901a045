"""alldiff_ls moves per second by size and walkers, natively: one instance per size (p = 0.45 up
to 25×25, 0.40 above; the instances of bench/alldiff_ls_goals.py, seed 0), the first steps
skipped (the first descent is not the plateau where a run spends its time), then steps for
`--seconds` of CPU (or to the solution). Prints moves per CPU second and per wall second for each
K (walkers moved in turn), and a move's CPU microseconds (what `steps_per_progress` assumes).

    .venv/bin/python bench/alldiff_ls_speed.py --sizes 16 25 36 49 64 --walkers 1 4 --seconds 3
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from alldiff_ls_goals import instance  # noqa: E402
from sudoku_lab.run import Run  # noqa: E402
from sudoku_lab.solvers import SolverError  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[16, 25, 36, 49, 64])
    ap.add_argument("--walkers", type=int, nargs="+", default=[1, 4])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--skip", type=int, default=20, help="steps skipped before timing (the first descent)")
    args = ap.parse_args()
    for size in args.sizes:
        for k in args.walkers:
            puzzle = instance(size, 0.45 if size <= 25 else 0.40, 0)
            try:
                run = Run(puzzle, "alldiff_ls", {"walkers": k}, seed=0)
            except SolverError as exc:                       # too many walkers for the page's memory
                print(f"{size}x{size} K={k}: refused ({exc})", flush=True)
                continue
            first = None
            for _ in range(args.skip):
                first = run.step()
                if first is None:
                    break
            if first is None:
                print(f"{size}x{size} K={k}: solved before timing ({run.result.iterations} moves)", flush=True)
                continue
            c0, w0, m0 = time.process_time(), time.perf_counter(), first.iteration
            last = first
            while time.process_time() - c0 < args.seconds and (p := run.step()) is not None:
                last = p
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            moves = (run.result.iterations if run.done else last.iteration) - m0
            print(f"{size}x{size} K={k}: {moves / cpu:,.0f} moves/CPU s ({1e6 * cpu / moves:.1f} µs a move), "
                  f"{moves / wall:,.0f} moves/wall s "
                  f"({moves:,} moves, clashing edges now {last.series['cost']})", flush=True)


if __name__ == "__main__":
    main()

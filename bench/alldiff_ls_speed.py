"""alldiff_ls moves per second by size, natively: one instance per size (p = 0.45 up to 25×25,
0.40 above; the instances of bench/alldiff_ls_goals.py, seed 0), the first step skipped, then
steps for `--seconds` of CPU (or to the solution). Prints moves per CPU second and per wall
second, with `batch` on and off.

    .venv/bin/python bench/alldiff_ls_speed.py --sizes 9 16 25 36 49 64 --seconds 3
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36, 49, 64])
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    for size in args.sizes:
        for batch in (True, False):
            puzzle = instance(size, 0.45 if size <= 25 else 0.40, 0)
            run = Run(puzzle, "alldiff_ls", {"batch": batch}, seed=0)
            first = run.step()
            if first is None:
                print(f"{size}x{size} batch={batch}: solved in the first step ({run.result.iterations} moves)")
                continue
            c0, w0, m0 = time.process_time(), time.perf_counter(), first.iteration
            last = first
            while time.process_time() - c0 < args.seconds and (p := run.step()) is not None:
                last = p
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            moves = last.iteration - m0
            print(f"{size}x{size} batch={batch}: {moves / cpu:.0f} moves/CPU s, {moves / wall:.0f} moves/wall s "
                  f"({moves} moves, clashing edges now {last.series['cost']})", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Propagation cost per round, the shared `propagate.singles` (grid-major, stops a grid at its
first failure) against `propagate.settle` (cell-major, goes on past failed cells: the one the
ant colony runs after every value), on the same batch of 10 grids at every size.

    .venv/bin/python bench/archive/acs_propagation.py [--repeat 20]

Each size: a Lewis-style instance at p = 0.45 and p = 0.60 (bench/acs_speed.py's `instance`),
its candidate masks repeated for 10 grids, propagated to the fixpoint by each function; both
reach the same masks (checked here too). Times are CPU time (less sensitive to other
processes on a shared machine than wall time), the best of `--repeat`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for acs_speed

from acs_speed import instance  # noqa: E402
from sudoku_lab.constraints import candidate_masks  # noqa: E402
from sudoku_lab.propagate import settle, singles  # noqa: E402


def best_of(repeat: int, fn) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return min(times), out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| size | p | rounds | `singles` µs/round | `settle` µs/round (int32) | `settle` µs/round (int64) |")
    print("|---|---:|---:|---:|---:|---:|")
    for size in (9, 16, 25, 36):
        for p in (0.45, 0.60):
            puzzle = instance(size, p, 0)
            grid_major = np.repeat(candidate_masks(puzzle.cells, puzzle.n)[None], 10, axis=0)
            t_shared, (expected, failed, rounds) = best_of(args.repeat, lambda: singles(grid_major, puzzle.n))
            assert not failed.any()
            cols = []
            for dtype in (np.int32, np.int64):
                if dtype is np.int32 and size > 30:
                    cols.append("–")
                    continue
                cell_major = np.ascontiguousarray(grid_major.T.astype(dtype))

                def run():
                    m = cell_major.copy()
                    return m, settle(m, puzzle.n)
                t, (masks, r) = best_of(args.repeat, run)
                assert np.array_equal(masks.T, expected)
                cols.append(f"{1e6 * t / r:.0f} ({r} rounds)")
            print(f"| {size}×{size} | {p:.2f} | {rounds} | {1e6 * t_shared / rounds:.0f} | {cols[0]} | {cols[1]} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

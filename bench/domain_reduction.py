#!/usr/bin/env python3
"""Share of the empty cells' domain values each alldifferent filter removes (the paper's Table 2),
and what hidden singles would still settle after it.

    python3 bench/domain_reduction.py [FILE ...] [--spec SIZE:p:seed ...]

Puzzles: the files (default: puzzles/papers.txt), or generated ones (``sudoku_lab.generate``
specs, e.g. 16:0.45:0). The starting domains are 1..N for every empty cell; each filter runs
to its fixpoint on the givens alone (the Hall-set filter only up to 9×9). "hidden open" is the
number of cells hidden singles (``sudoku_lab.propagate.hidden_singles``) fix in one round on
that fixpoint; "closed with singles" the open cells the Hall-interval filter leaves that its
fixpoint with hidden singles (alldiff_tabu's ``propagate`` option) closes. Prints a Markdown
table.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.bits import popcount  # noqa: E402
from sudoku_lab.filtering import FILTERS, MAX_HALL_SET_UNIT, fixpoint  # noqa: E402
from sudoku_lab.grid import geometry, parse  # noqa: E402
from sudoku_lab.propagate import hidden_singles  # noqa: E402


def puzzles(files: list[str], specs: list[str]):
    for f in files:
        for line in Path(f).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                text, _, name = line.partition(" ")
                yield name or text[:12], parse(text)
    if specs:
        from sudoku_lab.generate import generate
        for spec in specs:
            size, p, seed = spec.split(":")
            yield spec, generate(int(size), float(p), int(seed)).puzzle


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--spec", action="append", default=[])
    args = ap.parse_args()
    files = args.files or ([] if args.spec else [str(ROOT / "puzzles" / "papers.txt")])
    print("| puzzle | empty cells | " + " | ".join(f"{k} removed" for k in FILTERS) + " | "
          + " | ".join(f"{k} hidden open" for k in FILTERS) + " | " + " | ".join(f"{k} ms" for k in FILTERS) + " | closed with singles |")
    print("|---|---:|" + "---:|" * (3 * len(FILTERS) + 1))
    for name, p in puzzles(files, args.spec):
        g = geometry(p.n)
        c = p.cells.astype(np.int64)
        start = np.where(c > 0, np.left_shift(1, np.maximum(c - 1, 0)), (1 << p.N) - 1)
        free = c == 0
        total = free.sum() * p.N
        shares, hidden, times = [], [], []
        for k in FILTERS:
            if k == "hall_sets" and p.N > MAX_HALL_SET_UNIT:
                shares.append("–"), hidden.append("–"), times.append("–")
                continue
            t = time.perf_counter()
            out, failed, _ = fixpoint(start, g.units, p.N, k)
            times.append(f"{(time.perf_counter() - t) * 1e3:.2f}")
            shares.append(f"{1 - popcount(out[free]).sum() / total:.1%}")
            placed, _ = hidden_singles(out, p.n)
            hidden.append(str(int(np.count_nonzero(placed != out))))
        plain, _, _ = fixpoint(start, g.units, p.N, "hall_intervals")
        closed, _, _ = fixpoint(start, g.units, p.N, "hall_intervals", hidden=True)
        opened = [int(np.count_nonzero(d & (d - 1))) for d in (plain, closed)]
        print(f"| {name} | {free.sum()} | " + " | ".join(shares) + " | " + " | ".join(hidden) + " | "
              + " | ".join(times) + f" | {opened[0] - opened[1]} of {opened[0]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

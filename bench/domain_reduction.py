#!/usr/bin/env python3
"""Share of the empty cells' domain values each alldifferent filter removes (the paper's Table 2).

    python3 bench/domain_reduction.py [FILE ...]      (default: puzzles/papers.txt)

The starting domains are 1..N for every empty cell; each filter runs to its fixpoint on the
givens alone. Prints a Markdown table.
"""

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.filtering import FILTERS, fixpoint, popcount  # noqa: E402
from sudoku_lab.grid import geometry, parse  # noqa: E402


def main() -> int:
    files = sys.argv[1:] or [str(ROOT / "puzzles" / "papers.txt")]
    print("| puzzle | empty cells | " + " | ".join(f"{k} removed" for k in FILTERS) + " | "
          + " | ".join(f"{k} ms" for k in FILTERS) + " |")
    print("|---|---:|" + "---:|" * (2 * len(FILTERS)))
    for f in files:
        for line in Path(f).read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            text, _, name = line.partition(" ")
            p = parse(text)
            g = geometry(p.n)
            c = p.cells.astype(np.int64)
            start = np.where(c > 0, np.left_shift(1, np.maximum(c - 1, 0)), (1 << p.N) - 1)
            free = c == 0
            total = free.sum() * p.N
            shares, times = [], []
            for k in FILTERS:
                t = time.perf_counter()
                out, failed, _ = fixpoint(start, g.units, p.N, k)
                times.append((time.perf_counter() - t) * 1e3)
                shares.append(1 - popcount(out[free]).sum() / total)
            print(f"| {name or text[:12]} | {free.sum()} | " + " | ".join(f"{s:.1%}" for s in shares) + " | "
                  + " | ".join(f"{t:.2f}" for t in times) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

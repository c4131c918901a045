"""How the lab's rating (sudoku_lab.rate) agrees with the rated banks' labels, and how long it takes.

    .venv/bin/python bench/rating_agreement.py [--no-pillay] [--no-timing]

Prints, as Markdown (docs/benchmarks.md, "Rating puzzles"):
1. label × hardest move the ladder needed (or "needs search"), for the Sudoku Exchange sample
   (puzzles/sudokuexchange400.txt, 100 per bucket) and the other labelled files in puzzles/;
2. per label, the share of empty cells the singles alone, and the whole ladder, settle;
3. for the hard and diabolical puzzles, which carry their Sukaku Explainer (SE) rating, the
   same against SE rating bands;
4. Pillay's deterministic moves (moves.py: r c b w l k) repeated to their fixpoint against
   the singles, and what they place where the ladder stops (rate.py's docstring: nothing);
5. rating time per size: the logic (with its longest part between two pauses, what one of the
   page's 35 ms slices must hold; each the least of three runs) and the solution count (once).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.exact import Counter as SolutionCounter  # noqa: E402
from sudoku_lab.grid import Puzzle, parse  # noqa: E402
from sudoku_lab.moves import MOVE_CODE, Grids  # noqa: E402
from sudoku_lab.progress import complete  # noqa: E402
from sudoku_lab.rate import MOVES, PLACING, TITLES, logic, logic_steps  # noqa: E402

SEARCH = "needs search"


def read(name: str) -> list[tuple[str, str]]:
    out = []
    for line in (ROOT / "puzzles" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, _, label = line.partition(" ")
            out.append((text, label.strip()))
    return out


def labelled() -> list[tuple[str, str, str, float | None]]:
    """(table, label, puzzle, SE rating or None) for every labelled puzzle in puzzles/."""
    rows = []
    for text, name in read("sudokuexchange400.txt"):
        bucket, _, se = name.partition(":")
        rows.append(("Sudoku Exchange", bucket.split("-")[0], text, float(se) if se else None))
    for text, name in read("papers.txt"):
        if name.startswith("sato-"):
            rows.append(("other", "Sato & Inoue " + name.rsplit("-", 1)[1], text, None))
    for file, label in (("famous.txt", "famous.txt (8 famous hardest)"), ("top95.txt", "top95.txt (magictour)"),
                        ("plb_hard20.txt", "plb_hard20.txt (Heng Li)")):
        rows += [("other", label, text, None) for text, _ in read(file)]
    return rows


def markdown(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def pct(a: float) -> str:
    return f"{100 * a:.0f} %"


# ---------------------------------------------------------------------------- agreement

def agreement(rows) -> list:
    results = []
    for table, label, text, se in rows:
        p = parse(text)
        results.append((table, label, p, logic(p), se))
    for table in ("Sudoku Exchange", "other"):
        by_label: dict[str, Counter] = defaultdict(Counter)
        shares: dict[str, list] = defaultdict(list)
        for t, label, p, r, _ in results:
            if t != table:
                continue
            by_label[label][r.hardest if r.complete else SEARCH] += 1
            empty = p.N * p.N - p.given_count
            shares[label].append((r.singles_cells / empty, r.cells / empty))
        columns = [m for m in MOVES if any(c[m] for c in by_label.values())] + [SEARCH]
        print(f"\n### {table}: label × hardest move\n")
        print(markdown(["label", "puzzles"] + [TITLES.get(m, m) for m in columns] + ["singles settle", "logic settles"],
                       [[label, sum(c.values())] + [c[m] or "" for m in columns]
                        + [pct(statistics.mean(s for s, _ in shares[label])),
                           pct(statistics.mean(a for _, a in shares[label]))]
                        for label, c in by_label.items()]))
    bands = [(2.5, 3.0), (3.0, 3.5), (3.5, 4.0), (4.0, 4.5), (4.5, 5.0), (5.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 10.0)]
    print("\n### Sudoku Exchange hard and diabolical by SE rating\n")
    out = []
    for lo, hi in bands:
        sel = [(p, r) for _, _, p, r, se in results if se is not None and lo <= se < hi]
        if not sel:
            continue
        hardest = Counter(r.hardest for _, r in sel if r.complete)
        out.append([f"{lo:.1f}–{hi - 0.1:.1f}", len(sel), sum(r.complete for _, r in sel),
                    ", ".join(f"{TITLES[m]} {k}" for m, k in sorted(hardest.items(), key=lambda x: MOVES.index(x[0]))),
                    pct(statistics.mean(r.cells / (p.N * p.N - p.given_count) for p, r in sel))])
    print(markdown(["SE rating", "puzzles", "settled by logic", "their hardest moves", "logic settles"], out))
    return results


# ---------------------------------------------------------------------------- Pillay's moves

def pillay_fixpoint(cells: np.ndarray, n: int) -> np.ndarray:
    """Pillay's r c b w l k repeated until none places a value; the values then."""
    grids = Grids(Puzzle(n, cells), 1)
    rng = np.random.default_rng(0)                 # unused by these six moves (only 3/4/2 draw)
    while True:
        before = grids.values.copy()
        for move in "rcbwlk":
            complete(grids.apply(np.array([MOVE_CODE[move]]), rng))
        if np.array_equal(before, grids.values):
            return grids.values[0]


def pillay(results) -> None:
    fewer = same = more = 0
    placed_at_stall = 0
    pillay_cells = singles_cells = 0
    for _, _, p, r, _ in results:
        mine = np.count_nonzero(pillay_fixpoint(p.cells, p.n)) - p.given_count
        singles = logic(p, MOVES[:PLACING]).cells
        fewer += mine < singles
        same += mine == singles
        more += mine > singles
        pillay_cells += mine
        singles_cells += singles
        if not r.complete:
            placed_at_stall += int(np.count_nonzero(pillay_fixpoint(r.values, p.n)) - np.count_nonzero(r.values))
    print("\n### Pillay's deterministic moves (r c b w l k) against the singles\n")
    print(markdown(["puzzles", "Pillay's fixpoint settles fewer cells than the singles", "as many", "more",
                    "cells settled: Pillay", "cells settled: singles",
                    "values Pillay's moves place where the ladder stops"],
                   [[len(results), fewer, same, more, f"{pillay_cells:,}", f"{singles_cells:,}", placed_at_stall]]))


# ---------------------------------------------------------------------------- timing

def pattern_puzzle(n: int, p: float, rng: np.random.Generator) -> Puzzle:
    """A timing instance: a pattern grid with its digits, bands, stacks, rows and columns
    shuffled, each cell kept with probability p (not the lab's generator: only for timing)."""
    N = n * n
    base = np.array([[(n * (r % n) + r // n + c) % N for c in range(N)] for r in range(N)])
    rows = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    cols = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    full = rng.permutation(N)[base[rows][:, cols]].reshape(-1) + 1
    return Puzzle(n, np.where(rng.random(N * N) < p, full, 0))


def timed_logic(p: Puzzle, repeats: int = 3):
    """The logic's time and longest part, each the least of `repeats` runs (the machine is shared)."""
    runs = [_timed_logic_once(p) for _ in range(repeats)]
    return runs[0][0], min(t for _, t, _ in runs), min(longest for _, _, longest in runs)


def _timed_logic_once(p: Puzzle):
    steps = logic_steps(p)
    longest = 0.0
    start = last = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result = done.value
            break
        finally:
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
    return result, time.perf_counter() - start, longest


def timed_count(values: np.ndarray, n: int, max_nodes: int):
    t = time.perf_counter()
    counter = SolutionCounter(Puzzle(n, values), limit=2, max_nodes=max_nodes)
    built = time.perf_counter() - t
    longest = 0.0
    while True:
        a = time.perf_counter()
        done = counter.advance(64, clock=lambda: counter.nodes)
        longest = max(longest, time.perf_counter() - a)
        if done:
            break
    return counter.result(), time.perf_counter() - t, built, longest, counter.nodes


def timing(results, max_nodes: int) -> None:
    print(f"\n### Rating time per size (load before: {os.getloadavg()[0]:.2f})\n")
    rows = []
    nine = [(timed_logic(p), p) for _, _, p, _, _ in results]
    secs = [t for (_, t, _), _ in nine]
    rows.append([f"9×9, the {len(nine)} labelled puzzles above", f"{1000 * statistics.median(secs):.1f} / {1000 * max(secs):.1f}",
                 f"{1000 * max(l for (_, _, l), _ in nine):.1f}", "", "", ""])
    cases = [(name, parse(text)) for text, name in read("sizes.txt")]
    rng = np.random.default_rng(2026)
    for n in (5, 6):
        for p in (0.3, 0.45, 0.6, 0.8):
            cases.append((f"{n * n}×{n * n}, p = {p}", pattern_puzzle(n, p, rng)))
    for name, p in cases:
        r, t, longest = timed_logic(p)
        count = ""
        if r.contradiction or r.complete:
            count = f"{int(r.complete)} (logic)"
            ct = built = cl = ""
        else:
            c, ct, built, cl, nodes = timed_count(r.values, p.n, max_nodes)
            count = f"{c.solutions if c.complete else 'unknown'} ({nodes:,})"
            ct, built, cl = f"{1000 * ct:,.0f}", f"{1000 * built:.0f}", f"{1000 * cl:.1f}"
        rows.append([f"{name} ({p.given_count} givens; logic {r.cells}/{p.N * p.N - p.given_count})",
                     f"{1000 * t:.1f}", f"{1000 * longest:.1f}", count, ct, f"{built} / {cl}" if built else ""])
    print(markdown(["puzzle", "logic ms (9×9: median / max)", "longest part ms", "solutions (nodes)",
                    "count ms", "count: setup ms / longest 64-node part ms"], rows))
    print(f"\n(count budget {max_nodes:,} nodes; load after: {os.getloadavg()[0]:.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-pillay", action="store_true")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--max-nodes", type=int, default=200_000, help="node budget of the timed counts")
    args = ap.parse_args()
    results = agreement(labelled())
    if not args.no_pillay:
        pillay(results)
    if not args.no_timing:
        timing(results, args.max_nodes)


if __name__ == "__main__":
    main()

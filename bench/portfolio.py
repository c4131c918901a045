"""Does a plain portfolio pay? W copies of a solver on W cores, seeds s, s+1, …, s+W−1, the
first solution wins: its time is the fastest of the W runs. Read from `bench` records of R ≥ W
independent runs per puzzle (`bench … --runs R --cpu-time --out FILE`): each puzzle's seeds are
taken in consecutive groups of W, one portfolio run per group, so the figures are those of the
runs themselves (a real portfolio adds only starting W workers; on a shared machine it also
shares the cores, which CPU seconds leave out).

    .venv/bin/python bench/portfolio.py bench/results/portfolio_16.jsonl --workers 2 4

Prints per solver and puzzle set: one run's success and median seconds (unsolved runs count as
the budget: a median past it reads "> budget"), and each W's success, median seconds and the
ratio of medians (portfolio / one run). It pays where the ratio is well below 1 at W = 2.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path


def read(path: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    header = lines[0].get("experiment", {}) if lines else {}
    return header, [r for r in lines if "solver" in r]


def median(values: list[float]) -> float:
    v = sorted(values)
    if not v:
        return math.nan
    mid = len(v) // 2
    return v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2


def times_by_puzzle(records: list[dict]) -> dict[tuple[str, int], list[float]]:
    """(solver, puzzle) → each run's seconds in seed order (inf where unsolved)."""
    runs: dict[tuple[str, int], list[tuple[int, float]]] = defaultdict(list)
    for r in records:
        runs[(r["solver"], r["puzzle"])].append((r["seed"], r["seconds"] if r["solved"] else math.inf))
    return {k: [t for _, t in sorted(v)] for k, v in runs.items()}


def portfolio_times(times: list[float], workers: int) -> list[float]:
    """One portfolio run per consecutive group of `workers` seeds: the fastest run's time."""
    return [min(times[i:i + workers]) for i in range(0, len(times) - workers + 1, workers)]


def summary(times: list[float], budget: float) -> tuple[str, float]:
    solved = sum(t < math.inf for t in times)
    m = median([min(t, budget) for t in times])
    text = f"> {budget:g}" if m >= budget else f"{m:.3g}"
    return f"{solved}/{len(times)}, {text}", m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--workers", type=int, nargs="+", default=[2, 4])
    args = ap.parse_args()
    cols = " | ".join(f"W = {w}: solved, median s | ratio" for w in args.workers)
    print(f"| records | solver | one run: solved, median s | {cols} |")
    print("|---|---|---|" + "---|---|" * len(args.workers))
    for path in args.files:
        header, records = read(path)
        budget = (header.get("budget") or {}).get("max_seconds") or math.inf
        clock = header.get("clock", "wall")
        by = times_by_puzzle(records)
        for solver in sorted({s for s, _ in by}):
            per = [t for (s, _), t in sorted(by.items()) if s == solver]
            one, m1 = summary([t for ts in per for t in ts], budget)
            cells = []
            for w in args.workers:
                port = [t for ts in per for t in portfolio_times(ts, w)]
                if not port:
                    cells.append("– | –")
                    continue
                text, mw = summary(port, budget)
                cells.append(f"{text} | {mw / m1:.2f}" if m1 > 0 else f"{text} | –")
            print(f"| {path.name} ({clock}) | {solver} | {one} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

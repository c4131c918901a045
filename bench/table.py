#!/usr/bin/env python3
"""Turn `python -m sudoku_lab bench --json` output into a Markdown table.

    python3 bench/table.py RESULTS.jsonl [--group name|level] [--attempts]

Iteration columns other than "all runs" count solved runs only. `--group level` pools
puzzles named `<level>-<k>` (as in puzzles/rated40.txt) by level. `--attempts` adds, for
runs with restarts, how often one attempt solves.
"""

import argparse
import json
import statistics
import sys


def runs_of(rows: list[dict]) -> list[dict]:
    """The run records of a `bench --json` output or the page's export: its summaries and its
    comparison line (docs/design.md, "Comparing entries") left out."""
    return [r for r in rows if not r.get("summary") and "comparison" not in r]


def render(rows: list[dict], group: str = "name") -> str:
    rows = runs_of(rows)
    groups: dict[str, list[dict]] = {}
    for r in rows:
        key = r["name"] if group == "name" else r["name"].rsplit("-", 1)[0]
        groups.setdefault(key, []).append(r)
    out = ["| puzzle | runs | solved | mean final conflicts | mean iterations (all runs) "
           "| min iterations | mean iterations | median iterations | max iterations "
           "| mean restarts | mean seconds | iterations/s |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key, rs in groups.items():
        solved = [r for r in rs if r["solved"]]
        it = [r["iterations"] for r in solved] or [0]
        secs = sum(r["seconds"] for r in rs)
        rate = sum(r["iterations"] for r in rs) / secs if secs else 0
        out.append(
            f"| {key} | {len(rs)} | {len(solved)} | {statistics.mean(r['conflicts'] for r in rs):.2f} "
            f"| {statistics.mean(r['iterations'] for r in rs):.1f} | {min(it)} | {statistics.mean(it):.0f} "
            f"| {statistics.median(it):.0f} | {max(it)} "
            f"| {statistics.mean(r['restarts'] for r in solved) if solved else 0:.2f} "
            f"| {secs / len(rs):.3f} | {rate:,.0f} |")
    return "\n".join(out)


def attempts_table(rows: list[dict]) -> str:
    """With restarts every (re)start is an attempt: how often does one attempt solve, and how
    many generations does a solve cost when attempts are independent tries?"""
    rows = runs_of(rows)
    out = ["| puzzle | attempts (restarts + 1, all runs) | solved | solved per attempt "
           "| generations per attempt | generations per solve |",
           "|---|---:|---:|---:|---:|---:|"]
    for name in dict.fromkeys(r["name"] for r in rows):
        rs = [r for r in rows if r["name"] == name]
        attempts = sum(r["restarts"] + 1 for r in rs)
        solved = sum(r["solved"] for r in rs)
        gens = sum(r["iterations"] for r in rs)
        per_solve = f"{gens / solved:,.0f}" if solved else f"> {gens:,}"
        out.append(f"| {name} | {attempts} | {solved} | {solved / attempts:.4f} | {gens / attempts:.0f} "
                   f"| {per_solve} |")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--group", choices=["name", "level"], default="name")
    ap.add_argument("--attempts", action="store_true", help="also the per-attempt table (runs with restarts)")
    args = ap.parse_args()
    rows = [r for r in (json.loads(line) for line in open(args.file) if line.startswith("{"))
            if "experiment" not in r]                 # the header `bench --out` writes first
    print(render(rows, args.group))
    if args.attempts:
        print("\n" + attempts_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

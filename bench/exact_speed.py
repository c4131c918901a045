#!/usr/bin/env python3
"""The exact solver's speed: counting solutions (up to 2) natively for the puzzle sets, and
the uniqueness check of the 25×25 in the page (Pyodide, in the worker, in slices); with
--sweep, the count on generated puzzles across p (docs/benchmarks.md, "The exact solver").

    .venv/bin/python bench/exact_speed.py [--no-browser] [--file PATH …]
    .venv/bin/python bench/exact_speed.py --sweep [--sizes 16,25] [--p 0:1:0.05] [--instances 5]
        [--seconds 60] [--strategy count|plain|FIELDS] [--extra 36:0.45:3]

The sweep counts each generated puzzle (specs <size>:<p>:<seed>, seeds 0…instances−1) with
a budget of --seconds of CPU time, in slices as the page does, and reports per size and p how
many puzzles had a solution found, the CPU seconds to the first solution (median and worst),
how many counts were settled and the CPU seconds to the settled count. CPU time is the fair
figure on a shared machine; the load average is printed with the table.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from sudoku_lab.bench import read_puzzles  # noqa: E402
from sudoku_lab.exact import COUNT, PLAIN, Counter, Strategy, count_solutions  # noqa: E402
from sudoku_lab.generate import Spec, generate  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402


def native(file: str) -> dict:
    """Count each puzzle of a file (a name in puzzles/, or a path) natively."""
    times, nodes = [], []
    path = ROOT / "puzzles" / file if not Path(file).exists() else Path(file)
    for text, _ in read_puzzles(path):
        t0 = time.perf_counter()
        c = count_solutions(parse(text))
        times.append(time.perf_counter() - t0)
        nodes.append(c.nodes)
        assert c.complete and c.solutions == 1
    return {"file": file, "puzzles": len(times), "median_ms": 1000 * statistics.median(times),
            "max_ms": 1000 * max(times), "max_nodes": max(nodes)}


def browser_check_seconds(text: str) -> float:
    from browser_speed import lab_browser
    with lab_browser() as (browser, base):
        page = browser.new_page()
        page.goto(base)
        page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
        page.wait_for_selector('[data-testid=puzzle-info][data-solutions]', timeout=60_000)
        page.get_by_test_id("puzzle-input").fill(text)
        t0 = page.evaluate("() => performance.now()")
        page.get_by_test_id("load-puzzle").click()
        page.wait_for_selector('[data-testid=puzzle-info][data-solutions="1"]', timeout=120_000, )
        t1 = page.evaluate("() => performance.now()")
        return (t1 - t0) / 1000


def timed_count(puzzle, seconds: float, strategy) -> dict:
    """Count in 0.01 s slices of CPU time; the CPU seconds to the first solution and to the end."""
    counter = Counter(puzzle, max_nodes=None, strategy=strategy)
    t0 = time.process_time()
    first = None
    while True:
        done = counter.advance(0.01, clock=time.process_time)
        spent = time.process_time() - t0
        if first is None and counter.found:
            first = spent
        if done or spent >= seconds:
            break
    c = counter.result()
    return {"first": first, "settled": spent if done else None, "solutions": c.solutions if done else None,
            "nodes": c.nodes}


def _s(x):
    return "–" if x is None else f"{x:.2f}"


def strategy_of(text: str) -> Strategy:
    """count, plain, or fields of exact.Strategy: restart_fails=20,weighted=1,tight_first=1,locked=1"""
    if text in ("count", "plain"):
        return {"count": COUNT, "plain": PLAIN}[text]
    fields = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        fields[key] = int(value) if key.startswith("restart") else value == "1"
    return Strategy(**fields)


def sweep(args) -> None:
    strategy = strategy_of(args.strategy)
    lo, hi, step = (float(x) for x in args.p.split(":"))
    rows = [(size, round(lo + k * step, 10), args.instances)
            for size in map(int, args.sizes.split(",")) for k in range(int(round((hi - lo) / step)) + 1)]
    for extra in args.extra:
        size, p, k = extra.split(":")
        rows.append((int(size), float(p), int(k)))
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}; strategy {args.strategy}; "
          f"budget {args.seconds:g} CPU s per puzzle\n")
    print("| size | p | puzzles | solution found | first: median s | first: worst s | count settled "
          "| settled: median s | settled: worst s | counts 0/1/several |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for size, p, k in rows:
        got = [timed_count(generate(Spec.of(size, p, seed)).puzzle, args.seconds, strategy) for seed in range(k)]
        firsts = [r["first"] for r in got if r["first"] is not None]
        settled = [r["settled"] for r in got if r["settled"] is not None]
        tally = "/".join(str(sum(r["solutions"] == v for r in got)) for v in (0, 1, 2))
        print(f"| {size} | {p:g} | {k} | {len(firsts)} | {_s(statistics.median(firsts) if firsts else None)} | "
              f"{_s(max(firsts) if firsts else None)} | {len(settled)} | "
              f"{_s(statistics.median(settled) if settled else None)} | {_s(max(settled) if settled else None)} | "
              f"{tally} |", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--sweep", action="store_true", help="count generated puzzles across p instead")
    ap.add_argument("--sizes", default="16,25")
    ap.add_argument("--p", default="0:1:0.05", help="from:to:step")
    ap.add_argument("--instances", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=60.0, help="CPU seconds per puzzle")
    ap.add_argument("--strategy", default="count",
                    help="count (the default), plain, or Strategy fields: restart_fails=20,weighted=1,locked=1")
    ap.add_argument("--file", action="append", default=[], metavar="PATH",
                    help="one more puzzle file to count, e.g. a collection outside the repository")
    ap.add_argument("--extra", action="append", default=[], metavar="SIZE:P:INSTANCES",
                    help="one more row, e.g. 36:0.45:3")
    args = ap.parse_args()
    if args.sweep:
        sweep(args)
        return 0
    print("| puzzles | count | median | max | most nodes |")
    print("|---|---:|---:|---:|---:|")
    for f in ("papers.txt", "famous.txt", "top95.txt", "rated40.txt", "sizes.txt", *args.file):
        r = native(f)
        print(f"| {f} | {r['puzzles']} | {r['median_ms']:.1f} ms | {r['max_ms']:.1f} ms | {r['max_nodes']:,} |")
    big = dict((n, t) for t, n in read_puzzles(ROOT / "puzzles" / "sizes.txt"))["25x25-planetsudoku"]
    t0 = time.perf_counter()
    count_solutions(parse(big))
    print(f"\n25×25 (planetsudoku), natively: {time.perf_counter() - t0:.3f} s")
    if not args.no_browser:
        print(f"25×25 (planetsudoku), in the page from Load to the count shown: {browser_check_seconds(big):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

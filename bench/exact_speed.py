#!/usr/bin/env python3
"""The exact solver's speed: counting solutions (up to 2) natively for the puzzle sets, and
the uniqueness check of the 25×25 in the page (Pyodide, in the worker, in slices).

    .venv/bin/python bench/exact_speed.py [--no-browser]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from sudoku_lab.bench import read_puzzles  # noqa: E402
from sudoku_lab.exact import count_solutions  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402


def native(file: str) -> dict:
    times, nodes = [], []
    for text, _ in read_puzzles(ROOT / "puzzles" / file):
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


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    print("| puzzles | count | median | max | most nodes |")
    print("|---|---:|---:|---:|---:|")
    for f in ("papers.txt", "famous.txt", "top95.txt", "rated40.txt", "sizes.txt"):
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

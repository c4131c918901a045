#!/usr/bin/env python3
"""Iterations per second of one solver, natively and inside Pyodide in headless Chromium.

    .venv/bin/python bench/browser_speed.py [--solver hill_climb] [--puzzle NAME] [--seconds 5] [--seed 0]

Runs the same puzzle, seed and time budget both ways and prints the two rates and their
ratio. Needs a built static/vendor/ (python3 build.py build) and Chromium.
"""

import argparse
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT), str(ROOT / "tests")]

import build  # noqa: E402
from conftest import CHROMIUM_ARGS, PAPERS  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402


def browser_rate(solver, puzzle, seed, seconds, params):
    from playwright.sync_api import sync_playwright
    os.environ["SUDOKU_LAB_QUIET"] = "1"
    httpd = build.make_server("127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/#p={puzzle}&s={solver}&seed={seed}&t={seconds}"
    url += "".join(f"&{k}={v}" for k, v in params.items())
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=CHROMIUM_ARGS)
        page = b.new_page()
        page.goto(url)
        page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=60_000)
        page.get_by_test_id("start").click()
        page.wait_for_selector('[data-testid=status]:not([data-state=running])', timeout=(seconds + 30) * 1000)
        state = page.get_by_test_id("status").get_attribute("data-state")
        it = int(page.locator('[data-metric=iteration]').inner_text().replace(",", ""))
        elapsed = float(page.locator('[data-metric=elapsed]').inner_text().split()[0])
        b.close()
    httpd.shutdown()
    return it / elapsed, state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--solver", default="hill_climb")
    ap.add_argument("--puzzle", default="ai-escargot")
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--param", action="append", default=[])
    args = ap.parse_args()
    params = dict(p.split("=", 1) for p in args.param)
    text = PAPERS.get(args.puzzle, args.puzzle)
    native = Run(parse(text), args.solver, params, args.seed, Budget(max_seconds=args.seconds)).finish()
    n_rate = native.iterations / native.seconds
    b_rate, state = browser_rate(args.solver, text, args.seed, args.seconds, params)
    print(f"{args.solver} on {args.puzzle}, seed {args.seed}, {args.seconds:g} s budget")
    print(f"  native : {n_rate:10,.0f} iterations/s ({native.stop_reason})")
    print(f"  browser: {b_rate:10,.0f} iterations/s ({state})")
    print(f"  native/browser ratio: {n_rate / b_rate:.2f}")


if __name__ == "__main__":
    main()

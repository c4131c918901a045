#!/usr/bin/env python3
"""Every solver's speed natively and inside Pyodide in headless Chromium, with the ratio.

    .venv/bin/python bench/throughput.py [--seconds 5] [--solver ID ...] [--json]

Each solver runs for the same time budget on the same unsolvable puzzle (AI Escargot plus
one given — every filter accepts it, no solver can finish it), so every run lasts the whole
budget. Rates are iterations per second (generations for the population methods); the
floors are DESIGN.md §8's. Needs a built static/vendor/ and Chromium.
"""

import argparse
import json
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT), str(ROOT / "tests")]

import build  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402

UNSOLVABLE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
# per solver: the parameters that keep it running for the whole budget, and its floor
SCENARIOS = {
    "hill_climb": ({}, 1000),
    "ga_woc": ({"stall": 100000, "shake": 124}, 20),
    "gp_moves": ({"generations": 100000}, 2),
    "nb_coin": ({}, 500),
    "alldiff_tabu": ({"max_iterations": 10_000_000}, 1000),
}


def native(solver: str, params: dict, seconds: float) -> float:
    r = Run(parse(UNSOLVABLE), solver, params, 0, Budget(max_seconds=seconds)).finish()
    return r.iterations / r.seconds


def in_browser(page, base: str, solver: str, params: dict, seconds: float) -> float:
    frag = f"#p={UNSOLVABLE}&s={solver}&seed=0&t={seconds}" + "".join(f"&{k}={v}" for k, v in params.items())
    page.goto(base + frag)
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=60_000)
    page.get_by_test_id("start").click()
    page.wait_for_selector('[data-testid=status]:not([data-state=running])', timeout=(seconds + 60) * 1000)
    it = int(page.locator('[data-metric=iteration]').inner_text().replace(",", ""))
    elapsed = float(page.locator('[data-metric=elapsed]').inner_text().split()[0])
    return it / elapsed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--solver", action="append", choices=list(SCENARIOS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    solvers = args.solver or list(SCENARIOS)
    from playwright.sync_api import sync_playwright
    os.environ["SUDOKU_LAB_QUIET"] = "1"
    httpd = build.make_server("127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                     args=CHROMIUM_ARGS)
        for solver in solvers:
            params, floor = SCENARIOS[solver]
            n = native(solver, params, args.seconds)
            page = browser.new_page()
            b = in_browser(page, base, solver, params, args.seconds)
            page.close()
            rows.append({"solver": solver, "native": n, "browser": b, "ratio": n / b if b else None,
                         "floor": floor, "native_meets_floor": n >= floor,
                         "browser_within_2_5x": bool(b) and n / b <= 2.5})
        browser.close()
    httpd.shutdown()
    if args.json:
        for r in rows:
            print(json.dumps(r))
        return 0
    print(f"{args.seconds:g} s per run, puzzle {UNSOLVABLE}")
    print("| solver | native /s | browser /s | native/browser | floor (native) | floor met | browser ≤ 2.5× |")
    print("|---|---:|---:|---:|---:|---|---|")
    for r in rows:
        print(f"| {r['solver']} | {r['native']:,.1f} | {r['browser']:,.1f} | {r['ratio']:.2f} | {r['floor']} "
              f"| {'yes' if r['native_meets_floor'] else 'NO'} | {'yes' if r['browser_within_2_5x'] else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

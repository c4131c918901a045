#!/usr/bin/env python3
"""Every solver's speed natively and inside Pyodide in headless Chromium, with the ratio.

    .venv/bin/python bench/throughput.py [--seconds 5] [--solver ID ...] [--json]

Each solver runs for the same time budget on the same unsolvable puzzle (AI Escargot plus
one given — every filter accepts it, no solver can finish it), so every run lasts the whole
budget. Rates are iterations per second (generations for the population methods); the
floors are those of docs/design.md ("Performance floor"). Needs a built static/vendor/ and Chromium.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import browser_rate, lab_browser, native_rate  # noqa: E402

UNSOLVABLE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
# per solver: the parameters that keep it running for the whole budget, and its floor
SCENARIOS = {
    "hill_climb": ({}, 1000),
    "ga_woc": ({"stall": 100000, "shake": 124}, 20),
    "gp_moves": ({"generations": 100000}, 2),
    "nb_coin": ({}, 500),
    "alldiff_tabu": ({"max_iterations": 10_000_000}, 1000),
    "acs": ({}, 100),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--solver", action="append", choices=list(SCENARIOS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    solvers = args.solver or list(SCENARIOS)
    rows = []
    with lab_browser() as (browser, base):
        for solver in solvers:
            params, floor = SCENARIOS[solver]
            n, _ = native_rate(solver, UNSOLVABLE, params, args.seconds)
            b, _ = browser_rate(browser, base, solver, UNSOLVABLE, params, args.seconds)
            rows.append({"solver": solver, "native": n, "browser": b, "ratio": n / b if b else None,
                         "floor": floor, "native_meets_floor": n >= floor,
                         "browser_within_2_5x": bool(b) and n / b <= 2.5})
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

#!/usr/bin/env python3
"""What a first visitor waits for, and where things sit on a phone:

    the first race of a fresh page: the time from Start until every lane has painted, for a
        visitor who opens Race, adds three entries and presses Start after --think seconds
        (0: at once; `warm`: once the pool's workers have loaded), each in a fresh browser
        context (nothing loaded, the HTTP cache cold);
    on a 390×844 phone: the document top (px) of Solve's Start and chart, and (the race opened
        by its link) Race's Start, the race's lanes, its chart and the race page's height once the
        race has ended; --phone-lanes 5 races five lanes there (the most a race takes).

    .venv/bin/python bench/first_use.py [--think 0 5 10 warm] [--repeat 1] [--no-phone | --phone-only]
                                        [--phone-lanes 3] [--json]

Times come from the page's clock (performance.now); CPU time of this process is printed
beside them (the browser's own work is not in it: the wall times are what a visitor waits).
Needs a built static/vendor/ and Chromium.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser  # noqa: E402

HELD_OUT = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ENTRIES = [("hill_climb", 1), ("alldiff_tabu", 2), ("nb_coin", 3)]
MORE_LANES = [("hill_climb", 4), ("alldiff_tabu", 5)]       # a phone's race of four or five lanes
EVERY_LANE_PAINTED = "() => { const l = [...document.querySelectorAll('[data-testid=lane]')];" \
                     " return l.length > 0 && l.every(x => +x.dataset.painted > 0 || x.dataset.state !== 'running'); }"
WARM = "(n) => +document.querySelector('[data-testid=compare-status]').dataset.workersReady >= n"
TOP = "(sel) => { const e = document.querySelector(sel); return e ? Math.round(e.getBoundingClientRect().top + scrollY) : null; }"


def ready(page):
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=180_000)


def add_entries(page):
    for solver, seed in ENTRIES:
        page.get_by_test_id("solver-select").select_option(solver)
        page.get_by_test_id("seed-input").fill(str(seed))
        page.get_by_test_id("compare-add").click()


def first_race(browser, base: str, think) -> dict:
    """A fresh visitor's first race: open Race, add entries, wait `think` s (or, with "warm",
    until the pool's workers have loaded: compare-status data-workers-ready), Start."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base + f"#p={HELD_OUT}&t=30")
    ready(page)
    opened = page.evaluate("() => performance.now()")
    page.get_by_test_id("view").locator('[data-view="race"]').click()
    add_entries(page)
    if think == "warm":
        page.wait_for_function(WARM, arg=len(ENTRIES), timeout=300_000, polling=20)
    else:
        page.wait_for_timeout(float(think) * 1000)
    t0 = page.evaluate("() => performance.now()")
    page.get_by_test_id("compare-start").click()
    page.wait_for_function(EVERY_LANE_PAINTED, timeout=180_000, polling=20)
    t1 = page.evaluate("() => performance.now()")
    page.get_by_test_id("compare-stop").click()
    ctx.close()
    return {"think_s": think, "opened_to_start_ms": t0 - opened, "start_to_every_lane_painted_ms": t1 - t0}


def phone_positions(browser, base: str, lanes: int = 3) -> dict:
    """Document tops on a 390×844 phone: Solve's Start; Race's Start, lanes, chart and height
    (a race of `lanes` lanes)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(base + f"#p={HELD_OUT}&t=30")
    ready(page)
    out = {"solve_start": page.evaluate(TOP, "[data-testid=start]"),
           "solve_chart": page.evaluate(TOP, "[data-testid=chart]")}
    entries = ",".join(f"{solver}:{seed}" for solver, seed in (ENTRIES + MORE_LANES)[:lanes])
    page.goto(base + f"#p={HELD_OUT}&t=30&m=race&e={entries}")          # the race's entries, as a link
    ready(page)
    out["race_start"] = page.evaluate(TOP, "[data-testid=compare-start]")
    page.get_by_test_id("compare-start").click()
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')]"
                           ".every(l => l.dataset.state !== 'running')", timeout=180_000)
    page.wait_for_timeout(500)
    out["race_lanes"] = page.evaluate(TOP, "#lanes")
    out["race_chart"] = page.evaluate(TOP, "#race-chart")
    out["race_page_height"] = page.evaluate("() => document.documentElement.scrollHeight")
    ctx.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--think", nargs="+", default=["0", "5", "10", "warm"],
                    help="seconds between adding the entries and pressing Start, or 'warm': until the "
                         "pool's workers have loaded (pages with that hook only)")
    ap.add_argument("--no-phone", action="store_true", help="the first races only")
    ap.add_argument("--phone-only", action="store_true", help="the phone positions only")
    ap.add_argument("--phone-lanes", type=int, default=3, choices=range(2, 6), help="lanes of the phone's race (2 to 5)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    with lab_browser() as (browser, base):
        races = [] if args.phone_only else [first_race(browser, base, t) for t in args.think for _ in range(args.repeat)]
        phone = None if args.no_phone else phone_positions(browser, base, args.phone_lanes)
    result = {"first_race": races, "phone": phone, "wall_s": time.perf_counter() - wall0,
              "cpu_s": time.process_time() - cpu0}
    if args.json:
        print(json.dumps(result))
        return 0
    if races:
        print("| first race (3 lanes), Start after adding the entries | Race opened until Start | Start until every lane painted |")
        print("|---|---:|---:|")
    for r in races:
        when = "once the workers are ready" if r["think_s"] == "warm" else f"after {float(r['think_s']):g} s"
        print(f"| {when} | {r['opened_to_start_ms'] / 1000:.1f} s | {r['start_to_every_lane_painted_ms'] / 1000:.1f} s |")
    if phone is None:
        return 0
    print(f"\n| on a 390×844 phone (a race of {args.phone_lanes} lanes) | document top |")
    print("|---|---:|")
    for k, label in [("solve_start", "Solve's Start"), ("solve_chart", "Solve's chart"), ("race_start", "Race's Start"), ("race_lanes", "Race's lanes"),
                     ("race_chart", "Race's chart"), ("race_page_height", "race page height")]:
        print(f"| {label} | {phone[k]:,} px |")
    print(f"\n(wall {result['wall_s']:.0f} s, CPU of this process {result['cpu_s']:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

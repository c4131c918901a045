#!/usr/bin/env python3
"""The comparison modes' speed and cost in headless Chromium (issue targets in brackets):

    experiment throughput with W = 1 and W = 2 workers (`--workers`) for many short runs
        [runs/s with W workers ≥ 0.8·W × with one, given W free cores], and the longest
        main-thread task from Start to the end [≤ 50 ms]; the first Start of the page (W runs,
        started on the workers that are ready while the others load): its longest
        main-thread task [≤ 50 ms];
    memory of the browser with 0, 1, 2 and 4 pool workers loaded (`--pools`; resident set of
        all Chromium processes), hence what one worker costs;
    a race of four lanes (`--lanes`): the longest main-thread task from Start until every lane has painted
        (the workers load Python meanwhile) and while running [≤ 50 ms], paints per lane per second
        [≥ 10], and the time from Stop until every lane has stopped [≤ 200 ms].

    .venv/bin/python bench/compare_perf.py [--runs 3] [--race-seconds 5] [--json]
        [--max-steps 50]       # a step budget on each throughput run (the smoke test's: seconds, not minutes)
        [--pools 1]            # the pool sizes the memory is read at (the smoke test's: no pool worker to load)
        [--workers 1]          # the pool sizes the throughput is read at (the smoke test's: one page, no pool worker to load)
        [--lanes 2]            # the race's first lanes only (the smoke test's: two workers fewer to load)
        [--race-only] [--race-puzzle <cells>]   # the race alone, on another puzzle (a 25×25, say)

Needs a built static/vendor/ and Chromium.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser, press_start  # noqa: E402
from throughput import UNSOLVABLE  # noqa: E402

EASY = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28.."

WAIT_DONE = """(total) => { const p = document.querySelector('[data-testid=compare-progress]');
  return +p.dataset.total === total && p.dataset.done === p.dataset.total
         && !document.querySelector('[data-testid=compare-start]').disabled; }"""


def chromium_rss_mb() -> float:
    out = subprocess.run(["ps", "-C", "chromium", "-o", "rss="], capture_output=True, text=True).stdout
    return sum(int(x) for x in out.split()) / 1024


def experiment_rate(browser, base: str, workers: int, runs: int, max_steps: int | None = None) -> dict:
    """Runs per second of an experiment of short hill_climb runs on the 40 rated puzzles (each
    ended by its step budget `max_steps`, when given, as well as by its 30 s time limit)."""
    page = browser.new_page()
    page.add_init_script(PROBE)
    budget = f"&i={max_steps}" if max_steps else ""
    page.goto(base + f"#p={EASY}&m=experiment&e=hill_climb:0&runs=1&ps=current&t=30{budget}")
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
    page.get_by_test_id("workers").fill(str(workers))
    page.get_by_test_id("compare-runs").fill(str(workers))             # warm-up: every worker loads once
    w0 = page.evaluate("() => performance.now()")
    page.get_by_test_id("compare-start").click()
    page.wait_for_function(WAIT_DONE, arg=workers, timeout=120_000)
    w1 = page.evaluate("() => performance.now()")
    page.get_by_test_id("compare-puzzles").select_option("rated40")
    page.get_by_test_id("compare-runs").fill(str(runs))
    t0 = page.evaluate("() => performance.now()")
    page.get_by_test_id("compare-start").click()
    page.wait_for_function(WAIT_DONE, arg=40 * runs, timeout=600_000, polling=50)
    t1 = page.evaluate("() => performance.now()")
    total = int(page.get_by_test_id("compare-progress").get_attribute("data-total"))
    every = page.evaluate("() => window.__perf.longtasks")
    tasks = [t for t in every if t0 <= t["start"] <= t1]
    start = [t for t in every if w0 <= t["start"] <= w1]          # the page's first Start
    page.close()
    return {"workers": workers, "start_seconds": (w1 - w0) / 1000,
            "start_longest_task_ms": max((t["duration"] for t in start), default=0.0), "start_long_tasks": len(start),
            "runs": total, "seconds": (t1 - t0) / 1000, "runs_per_second": total / ((t1 - t0) / 1000),
            "longest_task_ms": max((t["duration"] for t in tasks), default=0.0), "long_tasks": len(tasks)}


def memory(browser, base: str, pools: tuple[int, ...] = (1, 2, 4)) -> list[dict]:
    """Chromium's resident memory with the page alone, then with each pool size loaded."""
    rows = []
    page = browser.new_page()
    page.add_init_script(PROBE)
    page.goto(base + f"#p={EASY}&m=experiment&e=hill_climb:0&runs=1&ps=current&t=30")
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
    time.sleep(1)
    rows.append({"pool_workers": 0, "chromium_rss_mb": chromium_rss_mb()})
    for w in pools:
        page.get_by_test_id("workers").fill(str(w))
        page.get_by_test_id("compare-runs").fill(str(w))
        page.get_by_test_id("compare-start").click()
        page.wait_for_function(WAIT_DONE, arg=w, timeout=180_000)
        time.sleep(1)
        rows.append({"pool_workers": w, "chromium_rss_mb": chromium_rss_mb()})
    page.close()
    return rows


PROBE = """
window.__perf = {longtasks: []};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__perf.longtasks.push({start: e.startTime, duration: e.duration});
}).observe({type: 'longtask', buffered: true});
"""

STOP_ALL = """async () => {
  const lanes = () => [...document.querySelectorAll('[data-testid=lane]')];
  const t0 = performance.now();
  document.querySelector('[data-testid=compare-stop]').click();
  while (lanes().some(l => l.dataset.state === 'running')) await new Promise(r => setTimeout(r, 5));
  return performance.now() - t0;
}"""


# after Stop, every lane board holds its cells again (a large board's catch-up, draw/board.js)
SETTLED = "() => ![...document.querySelectorAll('[data-testid=lane-board]')].some(b => b.hasAttribute('aria-busy'))"


# the race's lanes, each on a worker of its own (every one but the page's own loads Python)
RACE_ENTRIES = ("hill_climb:1:plateau=10000", "hill_climb:2:plateau=10000", "nb_coin:3", "ga_woc:4:population=1000")


def race(browser, base: str, seconds: float, puzzle: str = UNSOLVABLE, lanes: int = len(RACE_ENTRIES)) -> dict:
    page = browser.new_page()
    page.add_init_script(PROBE)
    page.goto(base + f"#p={puzzle}&m=race&t=120&e={','.join(RACE_ENTRIES[:lanes])}")
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
    page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=120_000)
    started = page.evaluate("() => performance.now()")
    press_start(page, "compare-start", "compare-watch-failure")
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')].every(l => +l.dataset.painted > 0)",
                           timeout=120_000)
    painted0 = page.eval_on_selector_all('[data-testid=lane]', "els => els.map(e => +e.dataset.painted)")
    t0 = page.evaluate("() => performance.now()")
    page.wait_for_timeout(seconds * 1000)
    t1 = page.evaluate("() => performance.now()")
    painted1 = page.eval_on_selector_all('[data-testid=lane]', "els => els.map(e => +e.dataset.painted)")
    stopped = page.evaluate("() => performance.now()")
    stop_ms = page.evaluate(STOP_ALL)
    page.wait_for_function(SETTLED, timeout=30_000)
    settled_ms = page.evaluate("() => performance.now()") - stopped
    page.wait_for_timeout(500)
    every = page.evaluate("() => window.__perf.longtasks")
    after_stop = [t for t in every if t["start"] >= stopped]
    tasks = [t for t in every if t0 <= t["start"] <= t1]
    start_tasks = [t for t in every if started <= t["start"] < t0]      # Start until every lane painted
    page.close()
    rates = [(b - a) / ((t1 - t0) / 1000) for a, b in zip(painted0, painted1)]
    return {"lanes": len(rates), "start_ms": t0 - started, "start_longest_task_ms": max((t["duration"] for t in start_tasks), default=0.0),
            "start_long_tasks": len(start_tasks), "longest_task_ms": max((t["duration"] for t in tasks), default=0.0),
            "long_tasks": len(tasks), "paints_per_second_per_lane": rates, "stop_all_ms": stop_ms,
            "settled_ms": settled_ms, "after_stop_long_tasks": len(after_stop),
            "after_stop_longest_task_ms": max((t["duration"] for t in after_stop), default=0.0)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="runs per rated puzzle in the throughput experiment")
    ap.add_argument("--race-seconds", type=float, default=5)
    ap.add_argument("--max-steps", type=int, default=None, help="a step budget on each throughput run (default: none)")
    ap.add_argument("--pools", type=int, nargs="+", default=[1, 2, 4], metavar="W",
                    help="pool sizes the memory is read at, in increasing order (default: 1 2 4)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2], metavar="W",
                    help="pool sizes the throughput is read at, the first the speed-up's base (default: 1 2)")
    ap.add_argument("--lanes", type=int, choices=range(2, len(RACE_ENTRIES) + 1), default=len(RACE_ENTRIES),
                    help=f"the race's lanes, two at least: a race of one shows no lane (default: {len(RACE_ENTRIES)})")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--race-only", action="store_true", help="measure the race alone")
    ap.add_argument("--race-puzzle", default=UNSOLVABLE, help="the race's puzzle as cells (default: a 9×9)")
    args = ap.parse_args()
    with lab_browser() as (browser, base):
        rates = [] if args.race_only else [experiment_rate(browser, base, w, args.runs, args.max_steps)
                                           for w in args.workers]
        mem = [] if args.race_only else memory(browser, base, tuple(args.pools))
        lanes = race(browser, base, args.race_seconds, args.race_puzzle, args.lanes)
    result = {"throughput": rates, "memory": mem, "race": lanes}
    if args.json:
        print(json.dumps(result))
        return 0
    if args.race_only:
        print_race(lanes)
        return 0
    print("| workers | first Start (W runs) | longest main-thread task in it | long tasks |")
    print("|---:|---:|---:|---:|")
    for r in rates:
        print(f"| {r['workers']} | {r['start_seconds']:.1f} s | {r['start_longest_task_ms']:.0f} ms | {r['start_long_tasks']} |")
    print()
    one = rates[0]["runs_per_second"]
    print("| workers | runs | seconds | runs/s | speed-up | efficiency | longest main-thread task | long tasks |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rates:
        s = r["runs_per_second"] / one
        print(f"| {r['workers']} | {r['runs']} | {r['seconds']:.1f} | {r['runs_per_second']:.1f} | {s:.2f} "
              f"| {s * rates[0]['workers'] / r['workers']:.2f} | {r['longest_task_ms']:.0f} ms | {r['long_tasks']} |")
    print("\n| pool workers loaded | Chromium resident memory |")
    print("|---:|---:|")
    for m in mem:
        print(f"| {m['pool_workers']} | {m['chromium_rss_mb']:,.0f} MB |")
    base_mb = mem[0]["chromium_rss_mb"]
    per = [(m["chromium_rss_mb"] - base_mb) / m["pool_workers"] for m in mem[1:]]
    print(f"\nper pool worker: {', '.join(f'{p:.0f}' for p in per)} MB (with {', '.join(map(str, args.pools))} loaded)\n")
    print_race(lanes)
    return 0


def print_race(lanes: dict) -> None:
    print(f"| race of {lanes['lanes']} lanes | value | target |")
    print("|---|---:|---|")
    print(f"| Start until every lane painted (workers loading Python) | {lanes['start_ms']:,.0f} ms | |")
    print(f"| longest main-thread task in that start | {lanes['start_longest_task_ms']:.0f} ms | ≤ 50 |")
    print(f"| long tasks (> 50 ms) in that start | {lanes['start_long_tasks']} | 0 |")
    print(f"| longest main-thread task, running | {lanes['longest_task_ms']:.0f} ms | ≤ 50 |")
    print(f"| long tasks (> 50 ms), running | {lanes['long_tasks']} | 0 |")
    print(f"| paints per lane per second | {', '.join(f'{r:.0f}' for r in lanes['paints_per_second_per_lane'])} | ≥ 10 |")
    print(f"| Stop until every lane stopped | {lanes['stop_all_ms']:.0f} ms | ≤ 200 |")
    print(f"| Stop until every lane's board holds its cells | {lanes['settled_ms']:.0f} ms | |")
    print(f"| long tasks (> 50 ms) after Stop, longest | {lanes['after_stop_long_tasks']}, "
          f"{lanes['after_stop_longest_task_ms']:.0f} ms | 0 |")


if __name__ == "__main__":
    sys.exit(main())

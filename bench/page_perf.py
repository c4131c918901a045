#!/usr/bin/env python3
"""The page's responsiveness in headless Chromium (issue targets in brackets):

    first paint; time to solver-ready, cold and cached [ready ≤ 5 s cold];
    longest main-thread task at the start of a run (Start until 1 s after its first painted
    frame) and while it streams [≤ 50 ms]; stop latency [≤ 200 ms]; the long tasks after Stop
    while a large board's cells catch up with its live canvas;
    progress frames painted per second while running [≥ 20];
    the longest single solver step per solver at its largest allowed parameters,
    in the browser and natively [≤ 100 ms in the browser].

    .venv/bin/python bench/page_perf.py [--run-seconds 4] [--step-seconds 8] [--settle 0] [--json]
        [--link 'g=36:0.45:0&s=hill_climb&seed=0']   # the run: any link fragment (default: a 9×9)

Times come from the page's own clock (performance.now) through PerformanceObserver
('paint', 'longtask') and a MutationObserver on the status and metrics elements.
Needs a built static/vendor/ and Chromium.
"""

import argparse
import contextlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser, press_start, run_in_page  # noqa: E402
from throughput import UNSOLVABLE  # noqa: E402
from sudoku_lab import solvers  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402

# The parameters that set how much one step does; each solver runs with these at their maximum.
STEP_SIZE_PARAMS = ("population", "max_length", "candidates")


def largest_params(schema: dict) -> dict:
    return {p["name"]: p["max"] for p in schema["params"] if p["name"] in STEP_SIZE_PARAMS}


def longest_steps(browser, base: str, seconds: float, page=None) -> list[dict]:
    """Per solver: the longest time the solver held control, natively and in the page. The
    solvers run one after another in one page (each run's link opened by its hash; `page`: one
    that shows the lab already, left open), so Python loads once at most, not once per solver;
    each run's longest step is its own (the run's frames)."""
    rows, given = [], page
    for schema in solvers.schemas():
        params = largest_params(schema)
        native = Run(parse(UNSOLVABLE), schema["id"], params, 0, Budget(max_seconds=seconds)).finish()
        page = run_in_page(browser, base, schema["id"], UNSOLVABLE, params, seconds, page=page)
        # the status says the run ended a task before the run's last frame is painted (the next
        # animation frame): read the metrics after it, not the frame before
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        browser_ms = float(page.get_by_test_id("metrics").get_attribute("data-longest-step-ms") or "nan")
        iterations = page.locator('[data-metric=iteration]').inner_text()
        rows.append({"solver": schema["id"], "params": params, "browser_ms": browser_ms,
                     "native_ms": native.longest_step * 1000, "browser_iterations": iterations,
                     "native_iterations": native.iterations})
    if page is not None and given is None:
        page.close()
    return rows

# Installed before the page's own scripts: records long tasks and paints, and stamps the
# moment the status first reads "ready".
PROBE = """
window.__perf = {longtasks: [], ready: null, frames: [], rafs: []};
// how long each animation-frame callback runs: the page paints the board, metrics and chart in them
const raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (cb) => raf((t) => {
  const s = performance.now();
  cb(t);
  window.__perf.rafs.push([s, performance.now() - s]);
});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__perf.longtasks.push({start: e.startTime, duration: e.duration});
}).observe({type: 'longtask', buffered: true});
document.addEventListener('DOMContentLoaded', () => {
  const status = document.querySelector('[data-testid=status]');
  new MutationObserver(() => {
    if (status.dataset.state === 'ready' && window.__perf.ready === null) window.__perf.ready = performance.now();
  }).observe(status, {attributes: true});
  const it = document.querySelector('[data-metric=iteration]');
  new MutationObserver(() => window.__perf.frames.push(performance.now()))
    .observe(it, {childList: true, characterData: true, subtree: true});
});
"""

# The start of a run: from the click on Start until this long after its first painted frame
# (the chart is built and first drawn meanwhile).
START_MS = 1000

STOP = """async () => {
  const status = document.querySelector('[data-testid=status]');
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (status.dataset.state === 'stopped') { obs.disconnect(); resolve(performance.now()); }
    });
    obs.observe(status, {attributes: true});
  });
  document.querySelector('[data-testid=stop]').click();
  return (await done) - t0;
}"""


def measure(page, base: str, run_seconds: float, link: str = f"p={UNSOLVABLE}&s=hill_climb&seed=0",
            settle: float = 0) -> dict:
    """The figures of one load of the page (a new tab, left open) and, given `run_seconds`, of a run in it."""
    page.add_init_script(PROBE)
    page.goto(base + "#" + link)
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
    paint = page.evaluate("() => Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]))")
    ready = page.evaluate("() => window.__perf.ready")
    out = {"first_paint_ms": paint.get("first-paint"), "first_contentful_paint_ms": paint.get("first-contentful-paint"),
           "ready_ms": ready}
    if run_seconds:
        page.wait_for_timeout(settle * 1000)
        page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=120_000)
        clicked = page.evaluate("() => performance.now()")
        press_start(page)
        page.wait_for_selector('[data-testid=status][data-state=running]')
        page.wait_for_function("() => window.__perf.frames.length > 0", timeout=120_000)
        page.wait_for_timeout(START_MS)
        t0 = page.evaluate("() => performance.now()")
        out["first_frame_ms"] = page.evaluate("() => window.__perf.frames[0]") - clicked
        page.wait_for_timeout(run_seconds * 1000)
        t1 = page.evaluate("() => performance.now()")
        out["stop_latency_ms"] = page.evaluate(STOP)
        # a large board's cells catch up with its live canvas after the run (draw/board.js)
        page.wait_for_function("() => !document.querySelector('[data-testid=board]').hasAttribute('aria-busy')",
                               timeout=30_000)
        out["settled_ms"] = page.evaluate("() => performance.now()") - t1
        page.wait_for_timeout(300)
        perf = page.evaluate("() => window.__perf")
        after = [t["duration"] for t in perf["longtasks"] if t["start"] > t1]
        out["long_tasks_after_stop"] = len(after)
        out["longest_task_after_stop_ms"] = max(after, default=0.0)
        start = [t for t in perf["longtasks"] if clicked <= t["start"] < t0]
        out["longest_task_at_start_ms"] = max((t["duration"] for t in start), default=0.0)
        out["long_tasks_at_start"] = len(start)
        out["start_tasks"] = [[round(t["start"] - clicked), round(t["duration"])] for t in start]
        during = [t for t in perf["longtasks"] if t0 <= t["start"] <= t1]
        out["longest_task_while_running_ms"] = max((t["duration"] for t in during), default=0.0)
        out["long_tasks_while_running"] = len(during)
        frames = [f for f in perf["frames"] if t0 <= f <= t1]
        out["progress_frames_per_s"] = len(frames) / ((t1 - t0) / 1000)
        paints = sorted(d for start, d in perf["rafs"] if t0 <= start <= t1)
        out["paint_ms_median"] = paints[len(paints) // 2] if paints else None
        out["paint_ms_max"] = paints[-1] if paints else None
        out["longest_task_while_loading_ms"] = max((t["duration"] for t in perf["longtasks"] if t["start"] < clicked),
                                                   default=0.0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-seconds", type=float, default=4)
    ap.add_argument("--step-seconds", type=float, default=8,
                    help="run length per solver for the longest-step table (0 skips it)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--settle", type=float, default=0,
                    help="seconds between the page saying ready and Start (0: at once, the busiest moment)")
    ap.add_argument("--link", default=f"p={UNSOLVABLE}&s=hill_climb&seed=0",
                    help="the run's link fragment, e.g. 'g=36:0.45:0&s=hill_climb&seed=0' for a 36×36")
    args = ap.parse_args()
    with lab_browser() as (browser, base):
        context = browser.new_context()           # empty HTTP cache: the cold load
        with contextlib.closing(context.new_page()) as page:
            cold = measure(page, base, args.run_seconds, args.link, args.settle)
        with contextlib.closing(context.new_page()) as page:
            cached = measure(page, base, 0)       # same context: the browser's cache is warm
            # the solvers' steps in that page, loaded and idle: one load of Python fewer
            steps = longest_steps(browser, base, args.step_seconds, page) if args.step_seconds else []
    result = {"cold": cold, "cached": cached, "longest_steps": steps}
    if args.json:
        print(json.dumps(result))
        return 0
    rows = [
        ("first contentful paint (cold)", cold["first_contentful_paint_ms"], "ms", ""),
        ("solver-ready, cold", cold["ready_ms"], "ms", "≤ 5000"),
        ("solver-ready, cached", cached["ready_ms"], "ms", ""),
        ("Start until the first frame is painted", cold.get("first_frame_ms"), "ms", ""),
        ("longest main-thread task at the start (Start until 1 s after the first frame)",
         cold.get("longest_task_at_start_ms"), "ms", "≤ 50"),
        ("long tasks (> 50 ms) at the start", cold.get("long_tasks_at_start"), "", "0"),
        ("longest main-thread task while a run streams", cold.get("longest_task_while_running_ms"), "ms", "≤ 50"),
        ("long tasks (> 50 ms) while a run streams", cold.get("long_tasks_while_running"), "", "0"),
        ("stop latency", cold.get("stop_latency_ms"), "ms", "≤ 200"),
        ("Stop until the board holds its cells (a large board's catch-up)", cold.get("settled_ms"), "ms", ""),
        ("long tasks (> 50 ms) after Stop", cold.get("long_tasks_after_stop"), "", "0"),
        ("progress frames painted per second", cold.get("progress_frames_per_s"), "/s", "≥ 20"),
        ("paint per animation frame (board, metrics, chart), median", cold.get("paint_ms_median"), "ms", ""),
        ("paint per animation frame, longest", cold.get("paint_ms_max"), "ms", ""),
        ("longest main-thread task while loading", cold.get("longest_task_while_loading_ms"), "ms", ""),
    ]
    print("| measure | value | target |")
    print("|---|---:|---|")
    for name, value, unit, target in rows:
        shown = "–" if value is None else f"{value:,.0f} {unit}".strip()
        print(f"| {name} | {shown} | {target} |")
    if steps:
        print("\n| solver | parameters at their maximum | longest step, browser | longest step, native "
              "| iterations in the run (browser / native) |")
        print("|---|---|---:|---:|---|")
        for r in steps:
            params = ", ".join(f"{k}={v:,}" for k, v in r["params"].items()) or "(defaults)"
            print(f"| `{r['solver']}` | {params} | {r['browser_ms']:.0f} ms | {r['native_ms']:.0f} ms "
                  f"| {r['browser_iterations']} / {r['native_iterations']:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""A large board in the page: the generator's time in the page, the
live canvas's paints and the page's animation frames a second and the longest main-thread task
while a run draws a 49×49 or 64×64 and from its Stop until 1.5 s after its cells took the board
back, and the puzzle line's time to an answer (its rating, within the count's budget).

    .venv/bin/python bench/big_board_perf.py [--sizes 36,49,64] [--p 0.45] [--run-seconds 6]
        [--solver hill_climb]

Times from the page's own clock (performance.now): long tasks from a PerformanceObserver,
canvas paints from the live layer's data-painted counter. Needs a built static/vendor/ and
Chromium. Wall-clock figures: on a loaded machine they are upper bounds (a task waits for a
core too). So the same windows are also traced (Chromium tracing, `toplevel`): the main
thread's tasks in CPU time, `*_cpu_ms` (`--no-trace` leaves them out).
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser  # noqa: E402

PROBE = """
window.__perf = {longtasks: [], frames: 0};
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.longtasks.push({start: e.startTime, duration: e.duration}); })
  .observe({type: "longtask", buffered: true});
(function tick() { window.__perf.frames++; requestAnimationFrame(tick); })();
"""
AFTER_S = 1.5          # how long after the board settled long tasks are still counted
TRACE = ["toplevel", "devtools.timeline"]


def main_thread_cpu(raw: bytes) -> list[float]:
    """The CPU milliseconds of each task the page's main thread ran in a trace."""
    events = json.loads(raw)["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    return [e["tdur"] / 1000 for e in events if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask"
            and "tdur" in e and names.get((e["pid"], e["tid"])) == "CrRendererMain"]


def cpu_figures(out: dict, key: str, tasks: list[float]) -> None:
    out[f"longest_task_{key}_cpu_ms"] = round(max(tasks, default=0.0), 1)
    out[f"tasks_over_50ms_{key}_cpu"] = sum(t > 50 for t in tasks)


def one_size(browser, base: str, size: int, p: str, seconds: float, solver: str, trace: bool = True) -> dict:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(PROBE)
    page.goto(base)
    page.wait_for_selector("[data-testid=status][data-state=ready]", timeout=180_000)
    page.get_by_test_id("generate-size").select_option(str(size))
    page.get_by_test_id("generate-p").fill(p)
    page.get_by_test_id("generate-seed").fill("1")
    t0 = page.evaluate("() => performance.now()")
    page.get_by_test_id("generate").click()
    spec = f"{size}:{p}:1"
    page.wait_for_function("(s) => document.querySelector('[data-testid=puzzle-info]').textContent.includes('generated (' + s + ')')",
                           arg=spec, timeout=120_000)
    t1 = page.evaluate("() => performance.now()")
    page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=180_000)
    t2 = page.evaluate("() => performance.now()")
    out = {"size": size, "generate_ms": t1 - t0, "rating_answer_ms": t2 - t1,
           "answer": page.get_by_test_id("puzzle-info").inner_text().split("·")[-1].strip(),
           "cell_px": page.evaluate("() => document.querySelector('[data-testid=board] [data-testid=cell]').getBoundingClientRect().width")}
    page.get_by_test_id("solver-select").select_option(solver)
    clicked = page.evaluate("() => performance.now()")
    page.get_by_test_id("start").click()
    page.wait_for_function("() => +(document.querySelector('.board-live')?.dataset.painted || 0) > 0", timeout=120_000)
    a = page.evaluate("() => [performance.now(), +document.querySelector('.board-live').dataset.painted, window.__perf.frames]")
    out["first_paint_after_start_ms"] = a[0] - clicked
    if trace:
        browser.start_tracing(page=page, categories=TRACE)
    page.wait_for_timeout(seconds * 1000)
    b = page.evaluate("() => [performance.now(), +document.querySelector('.board-live').dataset.painted, window.__perf.frames]")
    out["canvas_paints_per_s"] = (b[1] - a[1]) / ((b[0] - a[0]) / 1000)
    out["page_frames_per_s"] = (b[2] - a[2]) / ((b[0] - a[0]) / 1000)     # the page's animation frames
    tasks = page.evaluate("() => window.__perf.longtasks")
    during = [t["duration"] for t in tasks if a[0] <= t["start"] <= b[0]]
    at_start = [t["duration"] for t in tasks if clicked <= t["start"] < a[0]]
    out["longest_task_while_running_ms"] = max(during, default=0.0)
    out["long_tasks_while_running"] = len(during)
    out["longest_task_at_start_ms"] = max(at_start, default=0.0)
    if trace:
        cpu_figures(out, "while_running", main_thread_cpu(browser.stop_tracing()))
        browser.start_tracing(page=page, categories=TRACE)
    stopped = page.evaluate("() => performance.now()")
    page.get_by_test_id("stop").click()
    page.wait_for_function("() => document.querySelector('.board-live').hidden", timeout=60_000)   # the cells caught up
    ended = page.evaluate("() => performance.now()")
    page.wait_for_timeout(AFTER_S * 1000)                       # a long task just after the canvas went counts too
    tasks = page.evaluate("() => window.__perf.longtasks")
    after = [t["duration"] for t in tasks if stopped <= t["start"] <= ended + AFTER_S * 1000]
    out["settle_after_stop_ms"] = ended - stopped
    out["longest_task_settling_ms"] = max(after, default=0.0)
    out["long_tasks_settling"] = len(after)
    if trace:
        cpu_figures(out, "settling", main_thread_cpu(browser.stop_tracing()))
    page.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="36,49,64")
    ap.add_argument("--p", default="0.45")
    ap.add_argument("--run-seconds", type=float, default=6)
    ap.add_argument("--solver", default="hill_climb")
    ap.add_argument("--no-trace", action="store_true", help="no CPU figures (no Chromium tracing)")
    args = ap.parse_args()
    with lab_browser() as (browser, base):
        for size in [int(s) for s in args.sizes.split(",")]:
            print(json.dumps(one_size(browser, base, size, args.p, args.run_seconds, args.solver, not args.no_trace)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How the page fares on a phone's CPU (several times slower than a desktop's):

    for the default 9×9, a 25×25 and a 36×36: load to Ready; Start until the first frame is
    painted; Stop's delay; the longest task on the page's thread (PerformanceObserver
    'longtask'); the longest silence between one worker's run messages as the page receives
    them (what the worker watchdog in static/python/client.js judges); and whether any worker was
    declared lost in a run of --run-seconds (2 minutes).

    .venv/bin/python bench/phone_cpu.py [--rates 4 6] [--sizes 9 25 36] [--run-seconds 120]
                                        [--no-confine] [--json]

The slow CPU is made two ways at once, since one alone does not reach every thread:
  * the page's thread: Chromium's CPU throttling through the DevTools protocol
    (`Emulation.setCPUThrottlingRate`, --rates). It is per target, and a worker's target refuses it
    ("Operation is only supported for pages, not workers"): it does not reach the Web Workers.
  * the workers: the browser is confined to one core (`taskset -c 0`, through a wrapper around
    Chromium) beside a busy loop pinned to the same core (--no-confine leaves that out).
The slowdown each reached is measured, not assumed: a fixed loop timed on the page's thread and
in a worker, throttled and confined, against the same loop before (printed as "main ×", "worker ×").

The 9×9 is the page as first opened (its puzzle and solver; a run still going after its first frame is stopped), then a hard
9×9 (`ai-escargot`, hill_climb with plateau 10,000) for Stop and the long run; the 25×25 and
36×36 are generated at p = 0.45 and run with alldiff_ls on two workers (w=2), the Solve that once
lost a worker under load. A long run that ends early is started again with the next seed until
--run-seconds have passed. The machine's load average is printed beside every row.
Needs a built static/vendor/ and Chromium.
"""

import argparse
import contextlib
import json
import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import PAPERS, lab_browser  # noqa: E402
from page_perf import PROBE, STOP  # noqa: E402
from playwright.sync_api import TimeoutError  # noqa: E402
from sudoku_lab.generate import generate  # noqa: E402

HARD_9 = f"p={PAPERS['ai-escargot']}&s=hill_climb&plateau=10000"

# Every message a worker sends, as the page's thread receives it: [time, type, runId].
MESSAGES = """
window.__messages = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    const log = [];
    window.__messages.push(log);
    this.addEventListener('message', (e) => log.push([performance.now(), e.data && e.data.type, e.data && e.data.runId]));
  }
};
"""

LOOP = "() => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7; return performance.now() - t; }"
FRAME_TIMEOUT_MS = 300_000       # past this, a row says what the page said instead of a figure
STATE = "() => document.querySelector('[data-testid=status]').dataset.state"
LOST = "() => document.querySelector('[data-testid=error]').textContent"


@contextlib.contextmanager
def one_core(enabled: bool):
    """CHROMIUM pointed at a wrapper that runs the browser on core 0, beside a busy loop there."""
    if not enabled:
        yield
        return
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as tmp:
        wrapper = Path(tmp) / "chromium-one-core"
        wrapper.write_text(f'#!/bin/sh\nexec taskset -c 0 "{chromium}" "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
        busy = subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"])
        os.environ["CHROMIUM"] = str(wrapper)
        try:
            yield
        finally:
            os.environ["CHROMIUM"] = chromium
            busy.terminate()
            busy.wait()


def load_average() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def calibrate(page) -> tuple[float, float]:
    """The fixed loop's milliseconds on the page's thread and in the page's own worker."""
    return page.evaluate(LOOP), page.workers[0].evaluate(LOOP)


def longest_silence(messages: list[list]) -> float:
    """The longest gap between two messages of one run of one worker (ms), a barrier's wait left out."""
    worst = 0.0
    for log in messages:
        last = {}
        for t, kind, run in log:
            if run is None:
                continue
            if run in last:
                worst = max(worst, t - last[run])
            last[run] = t if kind not in ("done", "barrier") else None
            if last[run] is None:
                del last[run]
    return worst


def open_hash(page, fragment: str):
    """Open a link in the same tab by its hash (a new one: the same hash fires no hashchange)."""
    page.evaluate("""h => new Promise((done) => {
        if (location.hash === h) { done(); return; }
        addEventListener("hashchange", () => setTimeout(done, 0), { once: true });
        location.hash = h; })""", fragment)
    page.wait_for_function(f"() => ({STATE})() === 'ready'", timeout=600_000)


def page_says(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('[data-testid=status], [data-testid=error]')]"
                         ".map((e) => e.textContent.trim()).filter(Boolean).join(' / ')")[:300]


def start_and_first_frame(page) -> float:
    """Start; milliseconds until the iteration metric first changes (the first painted frame),
    or None when the run ended without one."""
    page.evaluate("() => { window.__perf.frames = []; }")
    clicked = page.evaluate("() => performance.now()")
    page.get_by_test_id("start").click()
    page.wait_for_function(f"() => window.__perf.frames.length > 0 || !['running', 'ready'].includes(({STATE})())",
                           timeout=FRAME_TIMEOUT_MS)
    first = page.evaluate("() => window.__perf.frames[0]")
    return None if first is None else first - clicked


def long_run(page, fragment: str, seed: int, seconds: float) -> dict:
    """Runs of `fragment` from `seed` on, each started again when it ends, for `seconds`; what was lost."""
    t_end = time.monotonic() + seconds
    runs, states = 0, []
    while time.monotonic() < t_end:
        left = max(5, int(t_end - time.monotonic()) + 1)
        open_hash(page, f"#{fragment}&seed={seed + runs}&t={left}")
        start_and_first_frame(page)
        runs += 1
        page.wait_for_function(f"() => !['running', 'ready', 'loading'].includes(({STATE})())",
                               timeout=(left + 600) * 1000)
        states.append(page.evaluate(STATE))
    return {"runs": runs, "states": states}


def measure(browser, base: str, size: int, rate: float, run_seconds: float, baseline: tuple) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(PROBE + MESSAGES)
    made = []
    page.on("worker", lambda w: made.append(w))
    cdp = context.new_cdp_session(page)
    if size == 9:
        first, long = "", HARD_9
    else:
        puzzle = generate(size, 0.45, 1).puzzle.to_string()
        first = long = f"p={puzzle}&s=alldiff_ls&w=2"
    # throttled from the first byte: an empty page of the same site first, then the lab
    page.goto(base + "static/README.md")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    load = load_average()
    page.goto(base + (f"#{first}&seed=1&t=600" if first else ""))
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=600_000)
    out = {"size": size, "rate": rate, "load_before": load,
           "ready_ms": page.evaluate("() => window.__perf.ready")}
    try:
        out["first_frame_ms"] = start_and_first_frame(page)
    except TimeoutError:
        out.update(first_frame_ms=None, stuck=page_says(page), stop_ms=None, long_run={"runs": 0, "states": []})
        return finish(out, page, context, made, baseline)
    # Stop if it still runs: checked and pressed in one task of the page (the default puzzle's run
    # can end between a check from here and a click, and a click then waits for a disabled Stop)
    page.evaluate("() => { const stop = document.querySelector('[data-testid=stop]'); if (!stop.disabled) stop.click(); }")
    page.wait_for_function(f"() => ({STATE})() !== 'running'", timeout=600_000)
    # Stop: a run that goes on, 5 s after its first frame
    open_hash(page, f"#{long}&seed=2&t=600")
    start_and_first_frame(page)
    page.wait_for_timeout(5000)
    out["stop_ms"] = page.evaluate(STOP)
    try:
        out["long_run"] = long_run(page, long, 3, run_seconds)
    except TimeoutError:
        out.update(stuck=page_says(page), long_run={"runs": 0, "states": []})
    return finish(out, page, context, made, baseline)


def finish(out: dict, page, context, made: list, baseline: tuple) -> dict:
    """The figures read once the runs are over: silences, long tasks, workers made and lost, slowdowns."""
    out["longest_silence_ms"] = longest_silence(page.evaluate("() => window.__messages"))
    out["longest_task_ms"] = max((t["duration"] for t in page.evaluate("() => window.__perf.longtasks")), default=0.0)
    out["workers_made"] = len(made)
    text = page.evaluate(LOST)
    out["lost"] = "failed" in text or "stopped answering" in text
    out["lost_text"] = text.strip()[:200] if out["lost"] else ""
    main_ms, worker_ms = calibrate(page) if not out.get("stuck") else (float("nan"), float("nan"))
    out["main_slowdown"] = main_ms / baseline[0]
    out["worker_slowdown"] = worker_ms / baseline[1]
    out["load_after"] = load_average()
    context.close()
    return out


def ms(value) -> str:
    return "–" if value is None else f"{value:,.0f} ms"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rates", type=float, nargs="+", default=[4, 6])
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 25, 36])
    ap.add_argument("--run-seconds", type=float, default=120)
    ap.add_argument("--no-confine", action="store_true", help="leave the workers on every core (throttle the page only)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with lab_browser() as (browser, base):          # the loop's speed on this machine, nothing slowed
        page = browser.new_page()
        page.goto(base)
        page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=600_000)
        baseline = calibrate(page)
        page.close()
    rows = []
    with one_core(not args.no_confine), lab_browser() as (browser, base):
        for rate in args.rates:
            for size in args.sizes:
                rows.append(measure(browser, base, size, rate, args.run_seconds, baseline))
                if args.json:
                    print(json.dumps(rows[-1]), flush=True)
    if args.json:
        return 0
    print(f"confined to one core beside a busy loop: {'no' if args.no_confine else 'yes'}; "
          f"a long run of {args.run_seconds:.0f} s\n")
    print("| board | page ×, main ×, worker × | load to Ready | first frame | Stop | longest task "
          "| longest silence of a run | workers lost (runs) | load average before → after |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        lost = "yes: " + r["lost_text"] if r["lost"] else "none"
        print(f"| {r['size']}×{r['size']} | {r['rate']:g}×, {r['main_slowdown']:.1f}×, {r['worker_slowdown']:.1f}× "
              f"| {r['ready_ms'] / 1000:.1f} s | {ms(r['first_frame_ms'])} | {ms(r['stop_ms'])} "
              f"| {r['longest_task_ms']:,.0f} ms | {r['longest_silence_ms']:,.0f} ms "
              f"| {lost} ({r['long_run']['runs']}: {', '.join(r['long_run']['states'])}) "
              f"| {r['load_before']} → {r['load_after']} |" + (f" page said: {r['stuck']}" if r.get("stuck") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

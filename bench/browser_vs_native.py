#!/usr/bin/env python3
"""alldiff_ls in the page against the same runs natively (the goal: the browser's time within 2×
native): the same generated puzzles and seeds, run by the package here and by the page in
headless Chromium, interleaved so the machine's load falls on both alike.

    .venv/bin/python bench/browser_vs_native.py [--rows 25:0.45 36:0.40] [--instances 3]
                                                [--seconds 120] [--first 1]

Instance i of a row `size:p` is the generator's puzzle `size:p:i` and the solver's seed is i.
Natively the run is driven until solved or `--seconds` of CPU time; in the page the share link
`#g=size:p:i&s=alldiff_ls&seed=i&t=<seconds>` is opened, its puzzle made and rated, Start
pressed, and the run's own result read from the Solve view's JSON export (its `seconds`: the
run's wall time in the worker, which is what a visitor waits). Beside it, from /proc (Linux
only, else blank), the CPU time over the run of the page's Web Worker thread (its Python: the
like of the native CPU time, which the machine's load does not inflate) and of all of
Chromium's processes (the page's drawing too). The same seed gives the same run both ways, so a run solved
both ways has the same moves (checked: a mismatch is printed).

Prints `uptime` before and after, one row per run and a summary per row: the ratios worker CPU /
native CPU and page wall / native wall (runs interleaved under the same load), and moves per
second each way. Needs a built
static/vendor/ (python3 build.py build) and Chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from browser_speed import lab_browser  # noqa: E402
from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.run import Run  # noqa: E402
from sudoku_lab.score import is_solution  # noqa: E402

SOLVER = "alldiff_ls"
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def native(spec: str, seed: int, limit: float) -> dict:
    """The run here, until solved or `limit` CPU seconds: CPU and wall seconds, moves, solved."""
    puzzle = generate(parse_spec(spec)).puzzle
    run = Run(puzzle, SOLVER, {}, seed=seed)
    c0, w0 = time.process_time(), time.perf_counter()
    while run.step() is not None and time.process_time() - c0 < limit:
        pass
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    result = run.stop() if not run.done else run.result
    return {"cpu": cpu, "wall": wall, "moves": result.iterations,
            "solved": bool(result.solved and is_solution(puzzle, result.board))}


def chromium_cpu() -> tuple[float, float] | None:
    """CPU seconds (user + system) of every live process below this one (the Playwright driver
    and Chromium's processes), and of their Web Worker threads alone (a thread named
    `DedicatedWorker…`: the page's Python). None where /proc is not there."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None

    def stat_cpu(path: Path) -> tuple[int, float]:
        stat = path.read_text()
        fields = stat[stat.rindex(")") + 2:].split()      # after the command's name
        return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK

    parent, cpu = {}, {}
    for d in proc.iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)], cpu[int(d.name)] = stat_cpu(d / "stat")
            except (OSError, ValueError):
                continue
    mine, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, pp in parent.items() if pp in frontier and pid not in mine}
        mine |= frontier
    worker = 0.0
    for pid in mine:
        for task in (proc / str(pid) / "task").glob("*"):
            try:
                if (task / "comm").read_text().startswith("DedicatedWorker"):
                    worker += stat_cpu(task / "stat")[1]
            except (OSError, ValueError):
                continue
    return sum(cpu[pid] for pid in mine), worker


def in_page(browser, base: str, spec: str, seed: int, limit: float) -> dict:
    """The run in the page: its own seconds and moves (the Solve JSON export), whether it solved,
    and Chromium's CPU seconds from Start to the end."""
    page = browser.new_page()
    try:
        page.goto(f"{base}#g={spec}&s={SOLVER}&seed={seed}&t={limit:g}")
        page.wait_for_selector("[data-testid=status][data-state=ready]", timeout=300_000)
        page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=300_000)
        page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=300_000)   # the rating is done
        cpu0 = chromium_cpu()
        page.get_by_test_id("start").click()
        page.wait_for_selector("[data-testid=status]:is([data-state=solved], [data-state=failed], [data-state=error])",
                               timeout=(limit * 3 + 120) * 1000)
        cpu1 = chromium_cpu()
        state = page.get_by_test_id("status").get_attribute("data-state")
        with page.expect_download() as dl:
            page.get_by_test_id("export-json").click()
        out = json.loads(Path(dl.value.path()).read_text())
    finally:
        page.close()
    return {"wall": out["seconds"], "moves": out["iterations"], "solved": state == "solved" and out["solved"],
            "cpu": None if cpu0 is None else cpu1[0] - cpu0[0], "worker": None if cpu0 is None else cpu1[1] - cpu0[1]}


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def fmt(x: float | None, spec: str = ".2f") -> str:
    return "–" if x is None else format(x, spec)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", nargs="+", default=["25:0.45", "36:0.40"], help="size:p rows")
    ap.add_argument("--instances", type=int, default=3)
    ap.add_argument("--first", type=int, default=1, help="first instance (and seed)")
    ap.add_argument("--seconds", type=float, default=120.0,
                    help="limit per run: CPU seconds natively, the page's time limit (wall) in the page")
    args = ap.parse_args()
    print(f"load before: {uptime()}")
    print("| instance | native CPU s | native wall s | page run s (wall) | page worker CPU s | Chromium CPU s "
          "| worker CPU / native CPU | page wall / native wall | moves | moves/s native (CPU) | moves/s page (worker CPU) "
          "| moves/s page (wall) | solved native/page |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    summary = {}
    with lab_browser() as (browser, base):
        for row in args.rows:
            for k, i in enumerate(range(args.first, args.first + args.instances)):
                spec = parse_spec(f"{row}:{i}").text          # as the page writes it (36:0.4:1)
                # interleaved, the order alternating, so load drifts fall on both sides alike
                if k % 2 == 0:
                    n = native(spec, i, args.seconds)
                    p = in_page(browser, base, spec, i, args.seconds)
                else:
                    p = in_page(browser, base, spec, i, args.seconds)
                    n = native(spec, i, args.seconds)
                moves = f"{n['moves']:,}" if n["moves"] == p["moves"] else f"{n['moves']:,} / {p['moves']:,} (differ)"
                per = lambda m, t: "–" if not t else f"{m / t:,.0f}"
                print(f"| {spec} | {n['cpu']:.3f} | {n['wall']:.3f} | {p['wall']:.3f} | {fmt(p['worker'], '.3f')} "
                      f"| {fmt(p['cpu'], '.3f')} | {fmt(p['worker'] and p['worker'] / n['cpu'])} | {p['wall'] / n['wall']:.2f} "
                      f"| {moves} | {per(n['moves'], n['cpu'])} | {per(p['moves'], p['worker'])} | {per(p['moves'], p['wall'])} "
                      f"| {'y' if n['solved'] else 'n'}/{'y' if p['solved'] else 'n'} |", flush=True)
                summary.setdefault(row, []).append((n, p))
    print(f"load after: {uptime()}")
    print()
    print("| row | runs | median worker CPU / native CPU | median page wall / native wall "
          "| moves/s native (CPU, all runs) | moves/s page (worker CPU, all runs) | moves/s page (wall, all runs) |")
    print("|---|---|---|---|---|---|---|")
    for row, runs in summary.items():
        cpus = [p["worker"] / n["cpu"] for n, p in runs if p["worker"]]
        walls = statistics.median(p["wall"] / n["wall"] for n, p in runs)
        n_rate = sum(n["moves"] for n, _ in runs) / sum(n["cpu"] for n, _ in runs)
        w_cpu = sum(p["worker"] or 0 for _, p in runs)
        w_rate = sum(p["moves"] for _, p in runs) / w_cpu if w_cpu else None
        p_rate = sum(p["moves"] for _, p in runs) / sum(p["wall"] for _, p in runs)
        print(f"| {row} | {len(runs)} | {fmt(statistics.median(cpus) if cpus else None)} | {walls:.2f} "
              f"| {n_rate:,.0f} | {fmt(w_rate, ',.0f')} | {p_rate:,.0f} |")

if __name__ == "__main__":
    main()

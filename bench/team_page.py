#!/usr/bin/env python3
"""Does a Solve on two of the page's workers (w=2, one alldiff_ls run as a team: docs/protocol.md,
"Worker messages", team runs) reach a solution sooner than on one?

    .venv/bin/python bench/team_page.py [--rows 25:0.45 36:0.45] [--instances 3] [--first 1]
                                        [--workers 2] [--seconds 180]

Instance i of a row `size:p` is the generator's puzzle `size:p:i` and the seed is i. Each
instance runs in the page with w=1 and with w=<workers>, in alternating order, so load drifts
fall on both alike; each run's seconds are its own result's (the Solve view's JSON export: the
run's wall time from its start, the team's once all its workers have loaded). Prints `uptime`
before and after, a row per instance (seconds, moves, solved) and per row the median ratio of
one worker's seconds to the team's, and of one worker's moves to the team's moves per worker
(the team's moves / workers: what its wall time follows when every worker has a core of its own).
Wall seconds depend on the machine's load and its cores; moves do not. Needs a built static/vendor/ (python3 build.py build) and Chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from browser_speed import lab_browser  # noqa: E402
from sudoku_lab.generate import parse_spec  # noqa: E402

SOLVER = "alldiff_ls"


def in_page(page, base: str, spec: str, seed: int, workers: int, limit: float) -> dict:
    """One Solve in the page (a page kept open, so the pool's workers stay loaded): its result."""
    page.goto(f"{base}#g={spec}&s={SOLVER}&seed={seed}&t={limit:g}" + (f"&w={workers}" if workers > 1 else ""))
    page.reload()                                  # a fragment change alone is a link opened in place: reload for a clean page
    page.wait_for_selector("[data-testid=status][data-state=ready]", timeout=300_000)
    page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                           ".includes('generated (' + s + ')')", arg=spec, timeout=300_000)
    page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=300_000)   # the rating is done
    page.get_by_test_id("start").click()
    page.wait_for_selector("[data-testid=status]:is([data-state=solved], [data-state=failed], [data-state=error])",
                           timeout=(limit * 3 + 300) * 1000)
    with page.expect_download() as dl:
        page.get_by_test_id("export-json").click()
    out = json.loads(Path(dl.value.path()).read_text())
    return {"seconds": out["seconds"], "moves": out["iterations"], "solved": bool(out["solved"])}


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", nargs="+", default=["25:0.45", "36:0.45"], help="size:p rows")
    ap.add_argument("--instances", type=int, default=3)
    ap.add_argument("--first", type=int, default=1, help="first instance (and seed)")
    ap.add_argument("--workers", type=int, default=2, help="the team's workers (w=)")
    ap.add_argument("--seconds", type=float, default=180.0, help="each run's time limit (wall)")
    args = ap.parse_args()
    w = args.workers
    print(f"load before: {uptime()}")
    print(f"| instance | 1 worker s | {w} workers s | 1 worker moves | {w} workers moves | solved 1/{w} | 1 / {w} (s) "
          f"| 1 / {w} (moves per worker) |")
    print("|---|---|---|---|---|---|---|---|")
    ratios: dict[str, list[float]] = {}
    per_worker: dict[str, list[float]] = {}
    with lab_browser() as (browser, base):
        page = browser.new_page()
        for row in args.rows:
            for k, i in enumerate(range(args.first, args.first + args.instances)):
                spec = parse_spec(f"{row}:{i}").text
                order = (1, w) if k % 2 == 0 else (w, 1)
                got = {n: in_page(page, base, spec, i, n, args.seconds) for n in order}
                one, team = got[1], got[w]
                ratio = one["seconds"] / team["seconds"] if one["solved"] and team["solved"] else None
                moves = one["moves"] / (team["moves"] / w) if ratio is not None else None
                if ratio is not None:
                    ratios.setdefault(row, []).append(ratio)
                    per_worker.setdefault(row, []).append(moves)
                print(f"| {spec} | {one['seconds']:.2f} | {team['seconds']:.2f} | {one['moves']:,} | {team['moves']:,} "
                      f"| {'y' if one['solved'] else 'n'}/{'y' if team['solved'] else 'n'} "
                      f"| {'–' if ratio is None else f'{ratio:.2f}'} | {'–' if moves is None else f'{moves:.2f}'} |", flush=True)
        page.close()
    print(f"load after: {uptime()}")
    print()
    print(f"| row | runs solved both ways | median 1 worker s / {w} workers s | median 1 worker moves / {w} workers' per worker |")
    print("|---|---|---|---|")
    for row in args.rows:
        r, m = ratios.get(row, []), per_worker.get(row, [])
        print(f"| {row} | {len(r)} | {statistics.median(r):.2f} | {statistics.median(m):.2f} |" if r else f"| {row} | 0 | – | – |")


if __name__ == "__main__":
    main()

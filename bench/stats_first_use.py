"""What do an experiment's statistics cost a visitor in the page? The extra download (Pyodide's
scipy wheel and the openblas library it depends on, the page's one load of them) and the time
from opening the Statistics fold to the figures on screen: the first time (scipy fetched,
unpacked and imported, then computed) and again after another experiment (computed only). *browser*

Each repeat is a fresh browser context with the service worker blocked, so the files come from
the local server, not a cache. Prints a Markdown table.

    .venv/bin/python bench/stats_first_use.py [--repeat 3] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EASY = ["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"]
SHOWN = "() => document.querySelector('[data-testid=experiment-stats]').dataset.state === 'shown'"
DONE = ("() => { const p = document.querySelector('[data-testid=compare-progress]');"
        " return +p.dataset.total > 0 && p.dataset.ended === p.dataset.total"
        " && !document.querySelector('[data-testid=compare-start]').disabled; }")


def scipy_files() -> dict[str, int]:
    """The files the first statistics fetch, by name, with their size in bytes."""
    lock = json.loads((ROOT / "static/vendor/pyodide/pyodide-lock.json").read_text())["packages"]
    names = [lock[p]["file_name"] for p in ("scipy", "openblas")]
    return {n: (ROOT / "static/vendor/pyodide" / n).stat().st_size for n in names}


def link(runs: int, seed: int) -> str:
    entries = ",".join(f"{s}:{seed}" for s in ("hill_climb", "alldiff_tabu", "acs"))
    return f"#p={EASY[0]}&i=30&m=experiment&e={entries}&runs={runs}&ps=list&pl={EASY[0]},{EASY[1]}"


def experiment_then_statistics(page, base: str, runs: int, seed: int) -> float:
    """Run the experiment, then open (or reopen) the fold: seconds until the figures show."""
    page.goto(base + link(runs, seed))
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=180_000)
    page.evaluate("() => { document.querySelector('[data-testid=experiment-stats]').open = false; }")
    page.get_by_test_id("compare-start").click()
    page.wait_for_function(DONE, timeout=300_000)
    start = time.perf_counter()
    page.get_by_test_id("experiment-stats").locator("summary").click()
    page.wait_for_function(SHOWN, timeout=300_000, polling=20)
    return time.perf_counter() - start


def one_visit(browser, base: str, runs: int) -> dict:
    context = browser.new_context(service_workers="block")
    fetched = {}
    context.on("requestfinished", lambda r: fetched.__setitem__(r.url.rsplit("/", 1)[-1], r.sizes()["responseBodySize"])
               if any(k in r.url for k in ("scipy-", "openblas-")) else None)
    page = context.new_page()
    first = experiment_then_statistics(page, base, runs, 1)
    again = experiment_then_statistics(page, base, runs, 2)
    context.close()
    return {"first": first, "again": again, "fetched": fetched}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--runs", type=int, default=3, help="runs per entry and puzzle (3 entries, 2 puzzles)")
    args = ap.parse_args()
    files = scipy_files()
    visits = []
    with lab_browser() as (browser, base):
        for _ in range(args.repeat):
            visits.append(one_visit(browser, base, args.runs))
    print("| file | bytes |\n|---|---|")
    for name, size in files.items():
        print(f"| `{name}` | {size:,} |")
    print(f"| total | {sum(files.values()):,} |\n")
    print(f"fetched by the first statistics (bytes of the responses): {visits[0]['fetched']}\n")
    print(f"| {args.repeat} visits; 3 entries × 2 puzzles × {args.runs} runs | median s | min s | max s |\n|---|---|---|---|")
    for key, words in (("first", "first statistics (scipy loaded, then computed)"), ("again", "after another experiment")):
        xs = [v[key] for v in visits]
        print(f"| {words} | {statistics.median(xs):.2f} | {min(xs):.2f} | {max(xs):.2f} |")


if __name__ == "__main__":
    main()

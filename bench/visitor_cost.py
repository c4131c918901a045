#!/usr/bin/env python3
"""What does the trust boundary cost? (docs/visitor-solver.md, "The trust boundary")

    .venv/bin/python bench/visitor_cost.py [--runs 5] [--steps 2000] [--no-browser]

Natively: the min-conflicts template on one puzzle with a step budget, run in this process (as
before the boundary: solver_file.load + Run) and through visitor.run (a child process, the claim
checked here), alternating; the median seconds each way and their difference, the cost per
run, in CPU seconds (this process's and its children's: load-free). In the page (a built-in's speed is measured by browser_speed.py): the same text as a
visitor's solver, Start to its first frame and to its end, and its steps per second.
Run it in another checkout to compare (bench/README.md, A/B).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.solver_file import SolverFile, load, pack  # noqa: E402

TEXT = (ROOT / "py" / "sudoku_lab" / "templates" / "min_conflicts.py").read_text()
PUZZLE = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28.."


def cpu() -> float:
    """CPU seconds of this process and of its ended children."""
    import resource
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def native(runs: int, steps: int) -> dict:
    from sudoku_lab import visitor
    here, apart = [], []
    for seed in range(runs):
        t0 = cpu()
        r1 = Run(parse(PUZZLE), load("my_solver.py", TEXT), {}, seed, Budget(max_iterations=steps)).finish()
        t1 = cpu()
        r2 = visitor.run(parse(PUZZLE), SolverFile("my_solver.py", TEXT), {}, seed, Budget(max_iterations=steps))
        t2 = cpu()
        assert (r1.iterations, r1.board.tolist()) == (r2.iterations, r2.board.tolist())     # the same run both ways
        here.append(t1 - t0)
        apart.append(t2 - t1)
    return {"in this process": statistics.median(here), "in a child process": statistics.median(apart)}


def in_page(runs: int, steps: int) -> list[dict]:
    from browser_speed import lab_browser
    out = []
    with lab_browser() as (browser, base):
        page = browser.new_page()
        page.goto(f"{base}#p={PUZZLE}&s=own&seed=0&t=60&i={steps}&code={pack(TEXT)}")
        page.wait_for_selector("[data-testid=status][data-state=ready]", timeout=120_000)
        page.get_by_test_id("own-allow").click()
        page.wait_for_selector("[data-testid=own-status][data-sha256]:not([data-sha256=''])", state="attached",
                               timeout=120_000)
        for _ in range(runs):
            page.wait_for_timeout(8_000)     # the spare worker a run leaves loads meanwhile, as between a visitor's runs
            page.evaluate("() => { window.__first = null; new MutationObserver((m, o) => { window.__first = performance.now(); "
                          "o.disconnect(); }).observe(document.querySelector('[data-metric=iteration]'), "
                          "{ childList: true, characterData: true, subtree: true }); }")
            t0 = page.evaluate("() => performance.now()")
            page.get_by_test_id("start").click()
            page.wait_for_selector("[data-testid=status]:not([data-state=running]):not([data-state=ready])", timeout=120_000)
            end = page.evaluate("() => performance.now()")
            first = page.evaluate("() => window.__first")
            it = int(page.locator("[data-metric=iteration]").inner_text().replace(",", ""))
            elapsed = float(page.locator("[data-metric=elapsed]").inner_text().split()[0])
            out.append({"first frame (s)": (first - t0) / 1000 if first else None, "to the end (s)": (end - t0) / 1000,
                        "steps/s": it / elapsed if elapsed else None})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    n = native(args.runs, args.steps)
    print(f"native, min_conflicts template, {args.steps} steps, median of {args.runs} (CPU s):")
    for k, v in n.items():
        print(f"  {k}: {v:.3f}")
    print(f"  cost of the child process per run: {n['in a child process'] - n['in this process']:.3f} s")
    if not args.no_browser:
        rows = in_page(args.runs, args.steps)
        print("in the page, the same text as a visitor's solver (Solve, one run after another):")
        print("| run | Start → first frame (s) | Start → end (s) | steps/s |\n|---|---|---|---|")
        for i, r in enumerate(rows, 1):
            f = "–" if r["first frame (s)"] is None else f"{r['first frame (s)']:.2f}"
            print(f"| {i} | {f} | {r['to the end (s)']:.2f} | {r['steps/s']:.0f} |")


if __name__ == "__main__":
    main()

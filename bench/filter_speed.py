#!/usr/bin/env python3
"""alldiff_tabu with its filter's fixpoint in numpy or in plain Python (``filtering.PLAIN_PYTHON``,
``sudoku_lab.filter_lists``): iterations per second each way, natively and in the page.

    .venv/bin/python bench/filter_speed.py [--sizes 9 16 25 36] [--iterations 600] [--repeats 2] [--page]
    .venv/bin/python bench/filter_speed.py --calls [--sizes ...]

Puzzles as bench/tabu_speed.py (seed 0 of each): AI Escargot plus one given at 9×9, the
generator's 16:0.3:0, 25:0.45:0 and 36:0.45:0; solver seed 1, default parameters, a budget of
--iterations. The two ways run alternately, --repeats times each, so the machine's load falls
on both alike; the plain way's memo of unit rounds is emptied before each of its runs. Both
ways must make the same run (same iterations, final board and domains: checked, printed).
Natively CPU time (``time.process_time``); with ``--page`` the same in Pyodide in headless
Chromium on the page's main thread with the page's own package (static/vendor/sudoku_lab.zip:
run ``python3 build.py build`` first), wall time there.

``--calls``: a profiled run each way (300 iterations): per iteration, the calls the filter's
modules (filtering, filter_lists, propagate) make to numpy and to their own functions.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "py").is_dir():
    sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab import filter_lists, filtering  # noqa: E402
from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402

UNSOLVABLE_9 = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
WAYS = {"numpy": False, "plain Python": True}


def puzzle_for(size: int):
    if size == 9:
        return parse(UNSOLVABLE_9)
    return generate(parse_spec(f"{size}:{0.3 if size == 16 else 0.45}:0")).puzzle


def one_run(puzzle, plain: bool, iterations: int, clock) -> tuple[float, int, str]:
    filtering.PLAIN_PYTHON = plain
    filter_lists._MEMO.clear()
    run = Run(puzzle, "alldiff_tabu", {}, 1, Budget(max_iterations=iterations))
    t = clock()
    last = None
    while (p := run.step()) is not None:
        last = p
    spent = clock() - t
    digest = hashlib.sha256(repr((run.result.iterations, last.board.tolist(),
                                  last.overlay["candidates"])).encode()).hexdigest()[:12]
    return spent, run.result.iterations, digest


def rates(sizes: list[int], iterations: int, repeats: int, clock, unit: str) -> None:
    print(f"| size | iterations a run | numpy: iterations / {unit} | plain Python: iterations / {unit} "
          "| plain ÷ numpy | same runs |")
    print("|---|---:|---:|---:|---:|---|")
    try:
        for size in sizes:
            puzzle = puzzle_for(size)
            spent = {w: 0.0 for w in WAYS}
            done = {w: 0 for w in WAYS}
            digests = set()
            for _ in range(repeats):
                for way, plain in WAYS.items():
                    s, it, digest = one_run(puzzle, plain, iterations, clock)
                    spent[way] += s
                    done[way] += it
                    digests.add(digest)
            r = {w: done[w] / spent[w] for w in WAYS}
            print(f"| {size}×{size} | {done['numpy'] // repeats:,} | {r['numpy']:,.0f} | {r['plain Python']:,.0f} | "
                  f"{r['plain Python'] / r['numpy']:.2f} | {'yes' if len(digests) == 1 else 'NO'} |", flush=True)
    finally:
        filtering.PLAIN_PYTHON = None


def calls(sizes: list[int], iterations: int = 300) -> None:
    import cProfile
    import pstats
    mine = ("filtering.py", "filter_lists.py", "propagate.py")
    print("| size | way | numpy calls by the filter an iteration | the filter's Python calls an iteration |")
    print("|---|---|---:|---:|")
    for size in sizes:
        puzzle = puzzle_for(size)
        for way, plain in WAYS.items():
            filtering.PLAIN_PYTHON = plain
            filter_lists._MEMO.clear()
            run = Run(puzzle, "alldiff_tabu", {}, 1, Budget(max_iterations=iterations))
            prof = cProfile.Profile()
            prof.enable()
            run.finish()
            prof.disable()
            numpy_calls = own = 0
            for (path, _, name), (_, _, _, _, callers) in pstats.Stats(prof).stats.items():
                n = sum(c[1] for (cp, _, _), c in callers.items() if cp.endswith(mine))
                if path.endswith(mine):
                    own += n
                elif "numpy" in path or "numpy" in name:
                    numpy_calls += n
            print(f"| {size}×{size} | {way} | {numpy_calls / run.result.iterations:.0f} | "
                  f"{own / run.result.iterations:.0f} |", flush=True)
    filtering.PLAIN_PYTHON = None


def in_page(sizes: list[int], iterations: int, repeats: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from browser_speed import printed_in_page
    print(printed_in_page(["filter_speed.py"], "import time, filter_speed\n"
                          f"filter_speed.rates({list(sizes)!r}, {int(iterations)}, {int(repeats)}, time.perf_counter, 'wall s')"),
          end="")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36])
    ap.add_argument("--iterations", type=int, default=600)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--page", action="store_true", help="in Pyodide in headless Chromium (the page's package)")
    ap.add_argument("--calls", action="store_true", help="count the filter's calls instead (profiled)")
    args = ap.parse_args()
    print(f"load before: {' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}")
    if args.calls:
        calls(args.sizes)
    elif args.page:
        in_page(args.sizes, args.iterations, args.repeats)
    else:
        rates(args.sizes, args.iterations, args.repeats, time.process_time, "CPU s")
    print(f"load after: {' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

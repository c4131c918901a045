#!/usr/bin/env python3
"""gp_moves and ga_woc: how much of a generation is numpy's fixed cost per call rather than
work (the question: numpy costs about a microsecond per call whatever its size; would plain
Python, or fewer numpy calls, make a generation 2× cheaper?).

    .venv/bin/python bench/population_call_share.py [--solver gp_moves ga_woc] [--sizes 9 16 36]
                                                    [--generations 3] [--tiny 10]

Each row runs the solver on one puzzle (9×9: AI Escargot; larger: the generator's `size:p:0`,
p = 0.50 for gp_moves, 0.45 for ga_woc) with its default parameters, then the same with a
population of `--tiny` (the same loops and numpy calls per generation, each over a few boards
instead of hundreds or thousands), and prints CPU ms per generation both ways (generation 0,
the set-up, left out) and their ratio: the tiny run's time is about what the calls cost with
no work to do, so tiny ÷ default bounds the share of a generation that fewer calls or plain
Python could save. CPU seconds of this process.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.bench import read_puzzles  # noqa: E402
from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
P_OF = {"gp_moves": 0.50, "ga_woc": 0.45}


def puzzle_for(solver: str, size: int):
    if size == 9:
        papers = {name: text for text, name in read_puzzles(ROOT / "puzzles" / "papers.txt")}
        return parse(papers["ai-escargot"]), "ai-escargot"
    spec = f"{size}:{P_OF[solver]:.2f}:0"
    return generate(parse_spec(spec)).puzzle, spec


def per_generation(solver: str, puzzle, params: dict, generations: int) -> tuple[float, int]:
    """CPU seconds per generation after generation 0, and the generations timed."""
    run = Run(puzzle, solver, params, 0, Budget(max_iterations=generations))
    run.step()                                         # generation 0: the first population
    spent, done = 0.0, 0
    while True:
        t = time.process_time()
        p = run.step()
        if p is None:
            break
        spent += time.process_time() - t
        done += 1
    return spent / max(done, 1), done


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solver", nargs="+", default=["gp_moves", "ga_woc"])
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 36])
    ap.add_argument("--generations", type=int, default=3)
    ap.add_argument("--tiny", type=int, default=10)
    args = ap.parse_args()
    print("| solver | puzzle | generations timed | CPU ms/generation, default population | "
          f"the same, population {args.tiny} | tiny ÷ default |")
    print("|---|---|---:|---:|---:|---:|")
    for solver in args.solver:
        for size in args.sizes:
            puzzle, name = puzzle_for(solver, size)
            full, done = per_generation(solver, puzzle, {}, args.generations)
            tiny, _ = per_generation(solver, puzzle, {"population": args.tiny}, args.generations)
            print(f"| {solver} | {name} | {done} | {1e3 * full:.1f} | {1e3 * tiny:.1f} | {tiny / full:.0%} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Does the barrier portfolio pay as the page and `solve --workers` run it? One run of a solver
against a portfolio of W members (seeds s … s+W−1) meeting at a barrier every x iterations
(portfolio.py), in iterations and CPU seconds per member, which the machine's load does not
change. The members are stepped in this one process through the rule itself (portfolio.Member:
segment, report, settle), each member's CPU seconds counted apart, so a member's figures are
what it would spend on a core of its own (the processes' messages left out).

    .venv/bin/python bench/portfolio_barriers.py puzzles/top95.txt --limit 6 --seeds 4 \\
        --solver acs --solver alldiff_tabu --workers 2 --cpu 5

Seeds 0 … seeds−1 per puzzle: one run per seed, and one portfolio per consecutive group of W
seeds (as bench/portfolio.py groups independent runs). Every run and every member has `--cpu`
CPU seconds (a member: the portfolio ends at the first barrier past it); an unsolved one counts
as the budget, so a median past it reads "> budget". Per portfolio: the most iterations and
CPU seconds any member spent (its time on W free cores), and the winning member's iterations.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.several.portfolio import EXCHANGE, Member  # noqa: E402
from sudoku_lab.puzzle_list import read_puzzle_file  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402


def median(values: list[float]) -> float:
    v = sorted(values)
    mid = len(v) // 2
    return v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2


def one_run(puzzle, solver: str, seed: int, cpu: float) -> tuple[bool, int, float]:
    """(solved, iterations, CPU seconds) of one run within `cpu` CPU seconds."""
    r = Run(puzzle, solver, {}, seed, Budget(max_seconds=cpu), clock=time.process_time).finish()
    return r.solved, r.iterations, r.seconds


def portfolio(puzzle, solver: str, seed: int, workers: int, cpu: float, exchange: int) -> tuple[bool, int, float, int]:
    """(solved, most iterations of a member, most CPU seconds of a member, the winner's iterations)."""
    params = Run(puzzle, solver).params
    budget = Budget(max_seconds=cpu)
    members = [Member(puzzle, solver, params, seed, w, workers, exchange, budget) for w in range(workers)]
    spent = [0.0] * workers
    while True:
        for w, m in enumerate(members):
            t0 = time.process_time()
            m.segment()
            spent[w] += time.process_time() - t0
        reports = [m.report() for m in members]
        result = [m.settle(reports, max(spent)) for m in members][0]
        if result is not None:
            return result.solved, max(r.iterations for r in reports), max(spent), result.iterations


def cell(values: list[float], solved: int, budget: float | None, fmt: str) -> str:
    m = median(values)
    return f"{solved}/{len(values)}, " + (f"> {budget:g}" if budget is not None and m >= budget else format(m, fmt))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--limit", type=int, default=6, help="the first puzzles of the file")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--solver", action="append", required=True)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--exchange", type=int, nargs="+", default=None, help="iterations per member between "
                    "barriers, a row for each (default: the solver's, portfolio.EXCHANGE)")
    ap.add_argument("--cpu", type=float, default=5.0, help="CPU seconds per run and per member")
    args = ap.parse_args()
    puzzles = [parse(cells) for cells, _ in read_puzzle_file(args.file)[:args.limit]]
    print(f"| solver | x | one run: solved, median iterations | median CPU s | W = {args.workers}: solved, "
          f"median iterations per member | median CPU s per member | winner's median iterations | ratio of CPU medians |")
    print("|---|---|---|---|---|---|---|---|")
    for solver in args.solver:
        ones = [one_run(puzzle, solver, s, args.cpu) for puzzle in puzzles for s in range(args.seeds)]
        solved_one = sum(r[0] for r in ones)
        cpu_one = [r[2] if r[0] else args.cpu for r in ones]
        it_one = [r[1] if r[0] else math.inf for r in ones]
        for x in args.exchange or [EXCHANGE[solver]]:
            groups = [portfolio(puzzle, solver, s, args.workers, args.cpu, x)
                      for puzzle in puzzles for s in range(0, args.seeds - args.workers + 1, args.workers)]
            solved_w = sum(g[0] for g in groups)
            cpu_w = [g[2] if g[0] else args.cpu for g in groups]
            it_w = [g[1] if g[0] else math.inf for g in groups]
            it_win = [g[3] if g[0] else math.inf for g in groups]
            ratio = median(cpu_w) / median(cpu_one)
            print(f"| {solver} | {x} | {cell(it_one, solved_one, None, '.0f')} | {cell(cpu_one, solved_one, args.cpu, '.3g')} "
                  f"| {cell(it_w, solved_w, None, '.0f')} | {cell(cpu_w, solved_w, args.cpu, '.3g')} "
                  f"| {format(median(it_win), '.0f')} | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()

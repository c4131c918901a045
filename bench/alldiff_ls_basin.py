"""How far a stalled alldiff_ls run is from a solution: run it for a CPU budget; if it has not
solved, take its best state (fewest clashing edges) and ask two questions.

1. Does any solution agree with the best state outside the units of its clashing cells? The
   clashing cells and every open cell sharing a unit with one are emptied, the rest kept as
   givens, and the exact search (``exact.count_solutions``, limit 1, a node budget) answers:
   "none" means the kept cells already rule every solution out — a repair of the clashing region
   alone cannot succeed.
2. How many open cells differ from the full grid the instance was made from (one solution; the
   instance may have others)?

    .venv/bin/python bench/alldiff_ls_basin.py --size 36 --p 0.50 --instances 4 --seconds 30

Instances are the package's generator's (`<size>:<p>:<seed>`, up to 36×36); seed = instance.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from sudoku_lab.exact import count_solutions  # noqa: E402
from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import Puzzle, geometry  # noqa: E402
from sudoku_lab.run import Run  # noqa: E402
from sudoku_lab.score import clashing_cells  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--p", type=float, required=True)
    ap.add_argument("--instances", type=int, default=4)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=30.0, help="alldiff_ls's budget per run, CPU seconds")
    ap.add_argument("--nodes", type=int, default=200_000, help="the exact search's node budget")
    args = ap.parse_args()
    for seed in range(args.first, args.first + args.instances):
        made = generate(parse_spec(f"{args.size}:{args.p}:{seed}"))
        puzzle = made.puzzle
        run = Run(puzzle, "alldiff_ls", {}, seed=seed)
        c0 = time.process_time()
        while run.step() is not None and time.process_time() - c0 < args.seconds:
            pass
        result = run.stop()
        if result.solved:
            print(f"{args.size}:{args.p}:{seed}  solved in {result.iterations:,} moves")
            continue
        board = np.asarray(result.board, dtype=np.int16).reshape(-1)
        open_ = puzzle.cells == 0
        clash = clashing_cells(board, puzzle.n)
        units = geometry(puzzle.n).units
        region = np.zeros_like(clash)
        region[units[clash[units].any(axis=1)].reshape(-1)] = True
        freed = region & open_
        kept = board.copy()
        kept[freed] = 0
        c1 = time.process_time()
        count = count_solutions(Puzzle(puzzle.n, kept), limit=1, max_nodes=args.nodes)
        differ = int((board != made.solution.reshape(-1))[open_].sum())
        print(f"{args.size}:{args.p}:{seed}  unsolved after {result.iterations:,} moves: {int(clash.sum())} clashing "
              f"cells; emptied {int(freed.sum())} of {int(open_.sum())} open cells (the clashing cells' units): "
              f"a solution agreeing with the rest: {count.verdict} ({count.nodes:,} nodes, "
              f"{time.process_time() - c1:.2f} CPU s); open cells differing from the instance's grid: {differ}")


if __name__ == "__main__":
    main()

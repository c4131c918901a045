"""alldiff_ls with and without the repair by exact search (``repair_nodes``; module docstring of
alldiff_ls), natively, in one sweep: every instance runs once per variant, the same seed, within
a budget in moves (load-free), and each run's moves and CPU seconds are printed, with the
repairs tried, the search nodes they took, their CPU seconds, how many the exact search proved
to have no completion and how many found one (a solution).

    .venv/bin/python bench/alldiff_ls_repair.py --size 36 --p 0.5 --first 1000 --instances 2 \\
        --moves 3500000 --variants 0 20000:units 20000:values --jobs 2

`--probe EDGES` asks whether any state the walk passes through could be repaired, not only an
episode's result: a repair after every move that leaves at most EDGES clashing edges.

A variant is `repair_nodes[:repair_region]`: `0` the default run, `20000:values` a repair of
20,000 nodes emptying the "values" region. Instances: the package's generator's `<size>:<p>:<i>`, i = --first …; seed --seed (1). A run
is driven as the solver's own `run` drives it (the same moves: they do not depend on a step's
size), so the repair's counters can be read from the walkers. A summary line per variant:
solved, median moves and CPU seconds to solve (unsolved: the budget, "> budget").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

PY = str(Path(__file__).resolve().parent.parent / "py")


def one(job: tuple) -> dict:
    spec, seed, params, budget, probe = job
    params = dict(params)
    variant = params.pop("variant")
    sys.path.insert(0, PY)
    from sudoku_lab import solvers
    from sudoku_lab.generate import generate, parse_spec
    from sudoku_lab.propagate import candidate_table
    from sudoku_lab.score import is_solution
    from sudoku_lab.solvers import alldiff_ls
    puzzle = generate(parse_spec(spec)).puzzle
    params = solvers.resolve_params(alldiff_ls, params, puzzle)
    c0 = time.process_time()
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    s = alldiff_ls.Walkers(puzzle, dom, params, np.random.default_rng(seed))
    per_step = alldiff_ls.steps_per_progress(puzzle.N, s.K)
    repair_cpu, repair = 0.0, s.repair

    def timed(val):                                     # the repair's own CPU seconds, counted apart
        nonlocal repair_cpu
        r0 = time.process_time()
        try:
            return repair(val)
        finally:
            repair_cpu += time.process_time() - r0

    s.repair = timed
    if probe:                                           # also after every move that leaves <= probe edges
        move = s.move

        def probed(w, h):
            move(w, h)
            if 0 < w.cost <= probe:
                timed(w.cur)                            # a solution: best 0 ends the step at the next round
        s.move = probed
    while s.best > 0 and s.moves < budget:
        s.step(min(per_step, budget - s.moves))
    cpu = time.process_time() - c0
    ok = bool(s.best == 0 and is_solution(puzzle, s.board(s.best_val)))
    return {"spec": spec, "seed": seed, "variant": variant, "solved": ok, "moves": s.moves,
            "cpu": cpu, "best": s.best, "restarts": s.restarts, "repairs": s.repairs,
            "repair_nodes": s.repair_nodes, "repair_found": s.repair_found, "repair_none": s.repair_none,
            "freed": s.repair_freed / max(s.repairs, 1), "open": s.m, "repair_cpu": repair_cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--p", type=float, required=True)
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--instances", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=3_000_000, help="budget per run, in moves")
    ap.add_argument("--variants", nargs="+", default=["0", "20000:units", "20000:values"],
                    help="each variant's repair_nodes[:repair_region] (0: no repair)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="another solver parameter, for every variant (repeatable), read as JSON")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--probe", type=int, default=0, metavar="EDGES",
                    help="a measurement, not the solver's rule: the repairing variants also try a repair after "
                         "every move that leaves the walker at most EDGES clashing edges (each state once)")
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    variants = {v: {"repair_nodes": int(v.split(":")[0]), **({"repair_region": v.split(":")[1]} if ":" in v else {})}
                for v in args.variants}
    jobs = [(f"{args.size}:{args.p}:{i}", args.seed, {**params, **variants[v], "variant": v}, args.moves,
             args.probe if v != "0" else 0)
            for i in range(args.first, args.first + args.instances) for v in args.variants]
    out = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(one, jobs):
            out.append(r)
            print(f"{r['spec']} seed {r['seed']} variant={r['variant']}: solved={r['solved']} "
                  f"moves={r['moves']:,} cpu={r['cpu']:.1f}s best={r['best']} restarts={r['restarts']} "
                  f"repairs={r['repairs']} (cells emptied {r['freed']:.0f} of {r['open']} open, nodes {r['repair_nodes']:,}, {r['repair_cpu']:.2f} CPU s, "
                  f"proved none {r['repair_none']}, found {r['repair_found']})", flush=True)
    for n in args.variants:
        rs = [r for r in out if r["variant"] == n]
        moves = [r["moves"] if r["solved"] else np.inf for r in rs]
        cpu = [r["cpu"] if r["solved"] else np.inf for r in rs]
        mm, mc = float(np.median(moves)), float(np.median(cpu))
        print(f"SUMMARY {args.size}x{args.size} p={args.p} variant={n}: solved {sum(r['solved'] for r in rs)}/"
              f"{len(rs)} within {args.moves:,} moves; median moves "
              f"{f'{mm:,.0f}' if np.isfinite(mm) else f'> {args.moves:,}'}, median CPU "
              f"{f'{mc:.1f} s' if np.isfinite(mc) else '> budget'}; repairs {sum(r['repairs'] for r in rs)}, "
              f"proved none {sum(r['repair_none'] for r in rs)}, found {sum(r['repair_found'] for r in rs)}, repair CPU {sum(r['repair_cpu'] for r in rs):.1f} s "
              f"of {sum(r['cpu'] for r in rs):.1f} s", flush=True)


if __name__ == "__main__":
    main()

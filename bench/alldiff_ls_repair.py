"""The repair hypothesis for alldiff_ls, measured: runs that miss end a few clashing edges short,
so empty a region around the clashes, keep the rest, and let the exact search complete it.
Measured, it never found a completion (docs/benchmarks-history.md, "`alldiff_ls`: the last
clashes, repair by exact search"), so the solver has no such option; the repair lives here, as a
measurement, driven beside the plain solver in one sweep.

The repair (``Repairing``, alldiff_ls's walkers with two hooks): at an episode's end whose
result (its state of fewest clashing edges) has at most ``REPAIR_EDGES`` (8) clashing edges and
was not tried before, a region of open cells is emptied and every other cell kept as a given —

* "units": every open cell of a unit holding a clashing cell;
* "values": every open cell holding a value that clashes or that such a unit lacks (the rest
  then holds every other value in place: the exact search re-places those values alone);

the clashing cells are in both, so the kept cells never clash. The lab's exact search
(``exact.Counter``, its default strategy, limit 1) then looks for a completion within a node
budget, its ties seeded by the move count (the run's generator is not drawn from, no clock is
read). A completion is a solution (verified; it ends the run); none changes nothing, so a run
with the repair makes the plain run's moves exactly until a repair succeeds.

`--probe EDGES` asks more than the rule does: whether any state the walk passes through could
be repaired, by a repair after every move that leaves at most EDGES clashing edges (each state
once).

    .venv/bin/python bench/alldiff_ls_repair.py --size 36 --p 0.5 --first 1000 --instances 2 \\
        --moves 3500000 --variants 0 20000:units 20000:values --jobs 2

A variant is `NODES[:REGION]`: `0` the plain run, `20000:values` a repair of 20,000 nodes
emptying the "values" region. Instances: the package's generator's `<size>:<p>:<i>`, i =
--first …; seed --seed (1); a budget in moves (load-free), each run's moves and CPU seconds
printed, with the repairs tried, the cells they emptied, their nodes and CPU seconds, how many
the exact search proved to have no completion and how many found one. A run is driven as the
solver's own `run` drives it (the same moves: they do not depend on a step's size). A summary
line per variant: solved, median moves and CPU seconds to solve (unsolved: "> budget").
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
sys.path.insert(0, PY)

from sudoku_lab.exact import COUNT, Counter  # noqa: E402
from sudoku_lab.grid import Puzzle, geometry  # noqa: E402
from sudoku_lab.score import is_solution  # noqa: E402
from sudoku_lab.solvers import alldiff_ls  # noqa: E402

REPAIR_EDGES = 8        # a repair is tried on an episode's result with at most this many clashing edges


def repair_region(g: alldiff_ls.Graph, val: list[int], n: int, how: str) -> np.ndarray:
    """What a repair of the state `val` empties (indices into the graph's open cells): the
    "units" or "values" region (module docstring); the clashing cells are in both."""
    v = g.values_of(val)
    theirs = np.append(v, -1)[g.peers]
    clash = (theirs == v[:, None]).any(axis=1)
    units = geometry(n).units
    clashing = np.zeros(g.N * g.N, dtype=bool)
    clashing[g.open[clash]] = True
    touched = units[clashing[units].any(axis=1)]                 # the units holding a clashing cell
    if how == "units":
        region = np.zeros(g.N * g.N, dtype=bool)
        region[touched.reshape(-1)] = True
        return np.flatnonzero(region[g.open])
    board = g.base.astype(np.intp)
    board[g.open] = v + 1
    held = np.zeros((len(touched), g.N + 1), dtype=bool)
    held[np.arange(len(touched))[:, None], board[touched]] = True
    moved = np.zeros(g.N, dtype=bool)
    moved[v[clash]] = True
    moved |= ~held[:, 1:].all(axis=0)
    return np.flatnonzero(moved[v] | clash)


class Repairing(alldiff_ls.Walkers):
    """alldiff_ls's walkers, with a repair at an episode's end (and, probing, after a move)."""

    def __init__(self, puzzle: Puzzle, dom: np.ndarray, params: dict, rng: np.random.Generator,
                 nodes: int, region: str, probe: int = 0):
        super().__init__(puzzle, dom, params, rng)
        self.puzzle, self.nodes, self.region, self.probe = puzzle, nodes, region, probe
        self.repairs = self.found = self.proved_none = self.repair_nodes = self.freed = 0
        self.repair_cpu = 0.0
        self.tried: set[tuple[int, ...]] = set()

    def end_episodes(self, ended: list[int]) -> None:
        for k in ended:
            w = self.walkers[k]
            if self.nodes and 0 < w.ep_best <= REPAIR_EDGES and self.repair(w.ep_val):
                return
        super().end_episodes(ended)

    def move(self, w, h: int) -> None:
        super().move(w, h)
        if self.probe and self.nodes and 0 < w.cost <= self.probe:
            self.repair(w.cur)                          # a solution: best 0 ends the step at the next round

    def repair(self, val: list[int]) -> bool:
        """Once per state: True if the exact search completed the kept cells (then the best state)."""
        key = tuple(val)
        if key in self.tried:
            return False
        self.tried.add(key)
        c0 = time.process_time()
        region = repair_region(self.g, val, self.puzzle.n, self.region)
        kept = self.board(val)
        kept[self.g.open[region]] = 0
        counter = Counter(Puzzle(self.puzzle.n, kept), limit=1, max_nodes=self.nodes,
                          rng=np.random.default_rng(self.t), strategy=COUNT)
        counter.advance(nodes=self.nodes)
        result = counter.result()
        self.repairs += 1
        self.repair_nodes += counter.nodes
        self.freed += len(region)
        self.proved_none += result.verdict == "none"
        self.repair_cpu += time.process_time() - c0
        solution = result.solution
        if solution is None or not is_solution(self.puzzle, solution):
            return False
        slots = [self.g.slot_in[i][v - 1] for i, v in enumerate(solution[self.g.open].tolist())]
        if min(slots, default=0) < 0:                   # a value propagation had ruled out: never kept
            return False
        self.found += 1
        self.best, self.best_val = 0, slots
        return True


def one(job: tuple) -> dict:
    spec, seed, params, variant, budget, probe = job
    from sudoku_lab import solvers
    from sudoku_lab.generate import generate, parse_spec
    from sudoku_lab.propagate import candidate_table
    puzzle = generate(parse_spec(spec)).puzzle
    params = solvers.resolve_params(alldiff_ls, params, puzzle)
    nodes, _, region = variant.partition(":")
    c0 = time.process_time()
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    assert not failed
    s = Repairing(puzzle, dom, params, np.random.default_rng(seed), int(nodes), region or "units", probe)
    per_step = alldiff_ls.steps_per_progress(puzzle.N, s.K)
    while s.best > 0 and s.moves < budget:
        s.step(min(per_step, budget - s.moves))
    cpu = time.process_time() - c0
    ok = bool(s.best == 0 and is_solution(puzzle, s.board(s.best_val)))
    return {"spec": spec, "seed": seed, "variant": variant, "solved": ok, "moves": s.moves, "cpu": cpu,
            "best": s.best, "restarts": s.restarts, "repairs": s.repairs, "repair_nodes": s.repair_nodes,
            "found": s.found, "none": s.proved_none, "repair_cpu": s.repair_cpu,
            "freed": s.freed / max(s.repairs, 1), "open": s.m}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--p", type=float, required=True)
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--instances", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=3_000_000, help="budget per run, in moves")
    ap.add_argument("--variants", nargs="+", default=["0", "20000:units", "20000:values"],
                    help="each variant's NODES[:REGION] (0: the plain run)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="a solver parameter, for every variant (repeatable), read as JSON")
    ap.add_argument("--probe", type=int, default=0, metavar="EDGES",
                    help="also a repair after every move that leaves at most EDGES clashing edges")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    params = {k: json.loads(v) for k, v in (item.split("=", 1) for item in args.param)}
    jobs = [(f"{args.size}:{args.p}:{i}", args.seed, params, v, args.moves, args.probe)
            for i in range(args.first, args.first + args.instances) for v in args.variants]
    out = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(one, jobs):
            out.append(r)
            print(f"{r['spec']} seed {r['seed']} variant={r['variant']}: solved={r['solved']} "
                  f"moves={r['moves']:,} cpu={r['cpu']:.1f}s best={r['best']} restarts={r['restarts']} "
                  f"repairs={r['repairs']} (cells emptied {r['freed']:.0f} of {r['open']} open, nodes "
                  f"{r['repair_nodes']:,}, {r['repair_cpu']:.2f} CPU s, proved none {r['none']}, found {r['found']})",
                  flush=True)
    for v in args.variants:
        rs = [r for r in out if r["variant"] == v]
        mm = float(np.median([r["moves"] if r["solved"] else np.inf for r in rs]))
        mc = float(np.median([r["cpu"] if r["solved"] else np.inf for r in rs]))
        print(f"SUMMARY {args.size}x{args.size} p={args.p} variant={v}: solved {sum(r['solved'] for r in rs)}/"
              f"{len(rs)} within {args.moves:,} moves; median moves "
              f"{f'{mm:,.0f}' if np.isfinite(mm) else f'> {args.moves:,}'}, median CPU "
              f"{f'{mc:.1f} s' if np.isfinite(mc) else '> budget'}; repairs {sum(r['repairs'] for r in rs)}, "
              f"proved none {sum(r['none'] for r in rs)}, found {sum(r['found'] for r in rs)}, repair CPU "
              f"{sum(r['repair_cpu'] for r in rs):.1f} s of {sum(r['cpu'] for r in rs):.1f} s", flush=True)


if __name__ == "__main__":
    main()

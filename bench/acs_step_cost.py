#!/usr/bin/env python3
"""acs: what a construction step costs, part by part, and whether plain Python over lists
would make it cheaper (the question: numpy costs about a microsecond per call whatever its
size; does a step carry enough work per call?).

    .venv/bin/python bench/acs_step_cost.py parts [--sizes 9 16 25 36] [--iterations 5]
    .venv/bin/python bench/acs_step_cost.py lists [--rows 9:0 9:0.3 16:0 16:0.4 25:0.45 36:0.45]
                                                  [--iterations 5] [--page]
    .venv/bin/python bench/acs_step_cost.py round [--sizes 9 16 25 36]

`parts` runs acs on the Lewis-style instance (`acs_speed.instance`, seed 0; p = 0.45, and at
9×9 and 16×16, where that solves at once, p = 0) with a CPU timer around each part of a
step: the propagation round (`propagate.settle_round`), the ACS choice and local update, and
the rest (the ready ants' next cells, the bookkeeping). The *floor* is one round on a 4×4 grid
with one ant (arrays of a few dozen numbers): what the round's ~45 numpy calls cost whatever
their size; floor ÷ round is the share of a round that is per-call cost rather than work.

`lists` runs the same iterations (seed 1, global update included) with the solver's
vectorised construction and with the plain-Python one below (`construct`: one list of int
masks per ant, the propagation round done incrementally), checks that both give the same
final masks and pheromone, and prints CPU ms per iteration each way. The plain-Python
construction is not used by the solver (it was slower at every size: docs/benchmarks.md, `acs`).
With `--page` the same table is made inside Pyodide (32-bit WebAssembly) in headless Chromium,
on the page's main thread with the page's own package (static/vendor/sudoku_lab.zip: run
`python3 build.py build` first): numpy's cost per call differs there.

`round` times one propagation round and its parts on 10 ants' grids of the instance (p = 0.45,
at the givens' fixpoint), beside one elementwise `&` over the same (cells, ants) masks: where
the round's time goes when it is work, not calls.
CPU seconds of this process throughout.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "py"), str(Path(__file__).resolve().parent)]

from acs_speed import instance  # noqa: E402
from sudoku_lab.constraints import candidate_masks  # noqa: E402
from sudoku_lab.grid import geometry  # noqa: E402
from sudoku_lab.progress import PAUSE, complete  # noqa: E402
from sudoku_lab.propagate import _by_cell, _seen, _units, settle, settle_round  # noqa: E402
from sudoku_lab.run import Run  # noqa: E402
from sudoku_lab.solvers import acs  # noqa: E402


# ------------------------------------------------------------------ the plain-Python construction
# A round here is `propagate.settle_round` for one ant, done incrementally; it gives the same
# masks because of what the round before left: every value fixed before the last round has
# already left the undecided cells of its units (so only cells decided since, `pending`, are
# walked over their peers); a value fixed in two cells of a unit always involves a cell decided
# since (the walk meets the other holder); and a unit none of whose cells changed since the last
# hidden-single scan tells no undecided cell anything new (so only units holding a changed cell,
# `touched`, are scanned).

@lru_cache(maxsize=None)
def unit_lists(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int, int], ...]]:
    """The units as tuples of cells (rows, columns, boxes) and each cell's three units."""
    g = geometry(n)
    units = tuple(tuple(u) for u in g.units.tolist())
    N = g.N
    of_cell = tuple((r, N + c, 2 * N + b) for r, c, b in zip(g.row_of.tolist(), g.col_of.tolist(),
                                                               g.box_of.tolist()))
    return units, of_cell


class Ant:
    """One ant's grid as a list of int masks, with what its next propagation round needs."""

    __slots__ = ("masks", "pending", "touched")

    def __init__(self, start: list[int]):
        self.masks = list(start)
        self.pending: list[int] = []           # cells decided since the last elimination
        self.touched: list[int] = []           # cells changed since the last hidden-single scan

    def place(self, cell: int, bit: int) -> None:
        self.masks[cell] = bit
        self.pending.append(cell)
        self.touched.append(cell)

    def round(self, units, of_cell) -> bool:
        """One round of `propagate.settle_round`; True if some cell became decided (the ant is
        not yet at its fixpoint)."""
        M = self.masks
        removed: dict[int, int] = {}
        fails = set()
        for p in self.pending:                             # decided since the last elimination
            v = M[p]
            if not v:
                continue
            for u in of_cell[p]:
                for q in units[u]:
                    m = M[q]
                    if m & v and q != p:
                        if m & (m - 1):                    # undecided: v leaves it
                            removed[q] = removed.get(q, 0) | v
                        else:                              # decided to v too: every holder fails
                            fails.add(p)
                            fails.add(q)
        changed = set(self.touched)
        decided = []                                       # cells that became decided this round
        for q, v in removed.items():
            m = M[q] & ~v
            M[q] = m
            if not m & (m - 1):
                decided.append(q)
        changed.update(removed)
        for x in fails:
            M[x] = 0
        changed.update(fails)
        told: dict[int, int] = {}
        for u in {u for c in changed for u in of_cell[c]}:
            seen = twice = 0
            cells = units[u]
            for c in cells:
                m = M[c]
                twice |= seen & m
                seen |= m
            hidden = seen & ~twice
            if hidden:
                for c in cells:
                    m = M[c]
                    if m & hidden and m & (m - 1):
                        told[c] = told.get(c, 0) | (m & hidden)
        for c, t in told.items():
            M[c] = t & -t                                  # the lowest value told
        self.touched = list(told)
        decided.extend(told)
        self.pending = decided
        return bool(decided)


def construct(colony: acs.Colony, rng: np.random.Generator):
    """`Colony.construct` with one Ant per ant: the same draws (two per ant per step), the same
    step order (the ready ants place, then every busy ant runs one round), the same pauses.
    A generator of pauses; returns the final masks (C, ants) in the colony's dtype."""
    C, B, N = colony.C, colony.ants, colony.N
    units, of_cell = unit_lists(colony.n)
    start = rng.integers(C, size=B).tolist()
    first = [int(m) for m in colony.start]
    ants = [Ant(first) for _ in range(B)]
    offset = [0] * B                                   # how far each ant has gone from its start
    working = [True] * B
    busy = [False] * B
    tau, tau0, keep, q0 = colony.tau, colony.tau0, 1.0 - colony.xi, colony.q0
    flat = tau.reshape(-1)
    steps = 0
    while True:
        greedy, roulette = rng.random((2, B)).tolist()
        chosen: list[tuple[int, int, int]] = []      # (ant, cell, value) of this step
        for a in range(B):
            if not working[a] or busy[a]:
                continue
            M = ants[a].masks
            k, s = offset[a], start[a]
            while k < C:
                m = M[(s + k) % C]
                if m & (m - 1):
                    break
                k += 1
            offset[a] = k
            if k == C:
                working[a] = False                       # visited every cell
                continue
            cell = (s + k) % C
            chosen.append((a, cell, M[cell]))
        if chosen:
            rows: dict[int, list[float]] = {}
            times: dict[int, int] = {}                   # flat (cell, value) -> ants that chose it
            for a, cell, m in chosen:                    # every ant reads τ before any update
                row = rows.get(cell)
                if row is None:
                    row = rows[cell] = tau[cell].tolist()
                total, best, top, running = 0.0, 0, -1.0, []
                for v in range(N):
                    w = row[v] if m >> v & 1 else 0.0
                    if w > top:
                        top, best = w, v
                    total += w
                    running.append(total)
                if greedy[a] < q0:
                    value = best
                else:
                    r = roulette[a] * total
                    value = 0
                    while value < N and running[value] <= r:
                        value += 1
                    if value == N:
                        value = best
                ants[a].place(cell, 1 << value)
                busy[a] = True
                times[cell * N + value] = times.get(cell * N + value, 0) + 1
            for i, k in times.items():                   # k ants on one entry: (1 − ξ)^k
                flat[i] = tau0 + (flat[i] - tau0) * keep ** k
        live = [a for a in range(B) if busy[a]]
        if not live:
            out = np.array([ant.masks for ant in ants], dtype=colony.dtype).T
            return np.ascontiguousarray(out)
        for a in live:
            busy[a] = ants[a].round(units, of_cell)
        steps += 1
        if steps % colony.pause_every == 0:
            yield PAUSE


# ------------------------------------------------------------------ the vectorised step, part by part
def floor_round(repeat: int = 2000) -> float:
    """CPU seconds of one settle_round on a 4×4 grid with one ant (nothing to work on)."""
    masks = candidate_masks(np.zeros(16, dtype=np.int8), 2).astype(np.int32)[:, None]
    decided = (masks & (masks - 1)) == 0
    scratch: dict = {}
    t = time.process_time()
    for _ in range(repeat):
        settle_round(masks, decided, 2, scratch)
    return (time.process_time() - t) / repeat


def parts(size: int, iterations: int, ants: int) -> dict:
    p = 0.45 if size > 16 else 0.0
    puzzle = instance(size, p, 0)
    params = Run(puzzle, "acs", {"ants": ants}).params
    spent = {"round": 0.0, "choice": 0.0, "rounds": 0}
    real_round, real_choose, real_update = acs.settle_round, acs.Colony.choose, acs.Colony.local_update

    def timed_round(*a):
        t = time.process_time()
        out = real_round(*a)
        spent["round"] += time.process_time() - t
        spent["rounds"] += 1
        return out

    def timed(f):
        def g(*a):
            t = time.process_time()
            out = f(*a)
            spent["choice"] += time.process_time() - t
            return out
        return g

    acs.settle_round, acs.Colony.choose, acs.Colony.local_update = timed_round, timed(real_choose), timed(real_update)
    try:
        gen = acs.run(puzzle, params, np.random.default_rng(0))
        done, total = 0, 0.0
        while done < iterations:
            t = time.process_time()
            try:
                out = next(gen)
            except StopIteration:
                break
            total += time.process_time() - t
            done += out is not None
    finally:
        acs.settle_round, acs.Colony.choose, acs.Colony.local_update = real_round, real_choose, real_update
    return {"p": p, "iterations": done, "total": total, **spent}


def cpu_us(f, repeat: int = 200) -> float:
    t = time.process_time()
    for _ in range(repeat):
        f()
    return 1e6 * (time.process_time() - t) / repeat


def round_parts(sizes: list[int]) -> None:
    print("| size | masks | one round, µs | of it: to units (×2) | seen once / twice (×2) | back to cells (×2) "
          "| which ants changed | one elementwise `&`, µs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        n = int(round(size ** 0.5))
        dtype = np.int32 if size < 31 else np.int64
        puzzle = instance(size, 0.45, 0)
        m = np.repeat(candidate_masks(puzzle.cells, n).astype(dtype)[:, None], 10, axis=1)
        settle(m, n)
        d = (m & (m - 1)) == 0
        scratch: dict = {}
        fixed = np.where(d, m, 0)
        units = _units(fixed, n, scratch)
        present, _ = _seen(units, scratch)
        now = (m & (m - 1)) == 0
        print(f"| {size}×{size} | {m.shape[0]}×10 {np.dtype(dtype).name} | {cpu_us(lambda: settle_round(m, d, n, scratch)):.0f} | "
              f"{2 * cpu_us(lambda: _units(fixed, n, scratch)):.0f} | {2 * cpu_us(lambda: _seen(units, scratch)):.0f} | "
              f"{2 * cpu_us(lambda: _by_cell(present, n)):.0f} | {cpu_us(lambda: (now != d).any(axis=0)):.0f} | "
              f"{cpu_us(lambda: m & m):.1f} |", flush=True)


def lists(rows: list[str], iterations: int, clock=time.process_time, unit: str = "CPU ms") -> None:
    """The table; in Pyodide `clock` is wall time (its process_time does not advance)."""
    print(f"| size | p | iterations | vectorised {unit}/iteration | plain Python {unit}/iteration | "
          "vectorised ÷ plain | same masks and pheromone |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in rows:
        size, p = int(row.split(":")[0]), float(row.split(":")[1])
        puzzle = instance(size, p, 0)
        params = Run(puzzle, "acs", {}).params
        got = {}
        for way in ("vectorised", "lists", "vectorised", "lists"):    # the first two warm up
            colony, rng = acs.Colony(puzzle, params), np.random.default_rng(1)
            finals, t = [], clock()
            for _ in range(iterations if way in got else 1):
                final = complete(colony.construct(rng) if way == "vectorised" else construct(colony, rng))
                f = colony.fixed_counts(final)
                if f.max() < colony.C:
                    colony.global_update(final, f)
                finals.append(final)
            got[way] = (clock() - t, finals, colony.tau.copy()) if way in got else ()
        (tv, fv, pv), (tl, fl, pl) = got["vectorised"], got["lists"]
        same = all(np.array_equal(a, b) for a, b in zip(fv, fl)) and np.array_equal(pv, pl)
        print(f"| {size}×{size} | {p:.2f} | {iterations} | {1e3 * tv / iterations:.1f} | {1e3 * tl / iterations:.1f} | "
              f"{tv / tl:.2f} | {'yes' if same else 'NO'} |", flush=True)


def lists_in_page(rows: list[str], iterations: int) -> None:
    from browser_speed import printed_in_page
    print(printed_in_page(["acs_speed.py", "acs_step_cost.py"], "import time, acs_step_cost\n"
                          f"acs_step_cost.lists({list(rows)!r}, {int(iterations)}, time.perf_counter, 'wall ms')"), end="")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("parts")
    a.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36])
    a.add_argument("--iterations", type=int, default=5)
    b = sub.add_parser("lists")
    b.add_argument("--rows", nargs="+", default=["9:0", "9:0.3", "16:0", "16:0.4", "25:0.45", "36:0.45"])
    b.add_argument("--iterations", type=int, default=5)
    b.add_argument("--page", action="store_true", help="in Pyodide in headless Chromium (the page's package)")
    c = sub.add_parser("round")
    c.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36])
    args = ap.parse_args()
    if args.what == "round":
        round_parts(args.sizes)
        return 0
    if args.what == "lists":
        (lists_in_page if args.page else lists)(args.rows, args.iterations)
        return 0
    floor = floor_round()
    print(f"floor: one propagation round, 4×4, one ant: {1e6 * floor:.1f} µs CPU")
    print("| size | p | iterations | steps/iteration | CPU ms/iteration | µs/step | of it: round | choice+update "
          "| rest | floor ÷ round |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes:
        r = parts(size, args.iterations, 10)
        steps = r["rounds"]
        us = lambda x: 1e6 * x / steps  # noqa: E731
        print(f"| {size}×{size} | {r['p']:.2f} | {r['iterations']} | {steps / r['iterations']:.0f} | "
              f"{1e3 * r['total'] / r['iterations']:.1f} | {us(r['total']):.0f} | {us(r['round']):.0f} | "
              f"{us(r['choice']):.0f} | {us(r['total'] - r['round'] - r['choice']):.0f} | "
              f"{floor / (r['round'] / steps):.0%} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

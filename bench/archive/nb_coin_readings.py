#!/usr/bin/env python3
"""Other readings of the NB-COIN paper, for the investigation in docs/solvers/nb_coin.md.

    python3 bench/archive/nb_coin_readings.py READING [--puzzle sato-77-difficult] [--runs 6]
                                      [--generations 5000] [--update mean|count] [--k 0.4]

READING is one of: as_built, lower_bound_relative, lower_bound_0.01, lower_bound_0.03,
box_selection, individual_order, exclude_row_col, distinct_boards. Each changes one thing in
the lab's nb_coin (py/sudoku_lab/solvers/nb_coin.py) and keeps the rest; none is a lab
option because none changed the outcome (the doc gives the figures). Runs use seeds 0..R-1
and print the generation each run solved at, or that it did not.
"""

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.bench import read_puzzles  # noqa: E402
from sudoku_lab.grid import geometry, parse  # noqa: E402
from sudoku_lab.score import unit_counts  # noqa: E402
from sudoku_lab.solvers.nb_coin import Models, cumulative  # noqa: E402

READINGS = ["as_built", "lower_bound_relative", "lower_bound_0.01", "lower_bound_0.03", "box_selection",
            "individual_order", "exclude_row_col", "distinct_boards"]


class Variant(Models):
    """The lab's models with one reading changed."""

    def __init__(self, puzzle, upper_bound, reading):
        self.reading = reading
        super().__init__(puzzle, upper_bound)

    def normalise(self, M):
        """lower_bound_*: no allowed value falls below a floor (rows still sum to 1)."""
        M = super().normalise(M)
        if not self.reading.startswith("lower_bound"):
            return M
        n_allowed = self.allowed.sum(-1, keepdims=True)
        floor = ((1 - self.upper_bound) / np.maximum(n_allowed - 1, 1) if self.reading.endswith("relative")
                 else float(self.reading.rsplit("_", 1)[1]))
        M = np.where(self.allowed, np.where(n_allowed > 1, np.maximum(M, floor), M), 0.0)
        return M / M.sum(-1, keepdims=True)

    def sample(self, P, rng):
        if self.reading not in ("individual_order", "exclude_row_col"):
            return super().sample(P, rng)
        return self.sample_variant(P, rng)

    def sample_variant(self, P, rng):
        """individual_order: each individual its own position order; exclude_row_col: values
        already in a cell's row or column (givens, earlier steps) are skipped while any other
        unused value is left."""
        N, g = self.N, geometry(self.n)
        own_order = self.reading == "individual_order"
        exclude = self.reading == "exclude_row_col"
        boxes = np.broadcast_to(self.given_vals.astype(np.int8), (P, N, N)).copy()
        avail = np.broadcast_to(~self.used_by_givens.T[:, None, :], (N, P, N)).astype(np.float64)
        row_of, col_of = g.row_of[self.cells_of_box], g.col_of[self.cells_of_box]      # (box, pos)
        row_free = np.ones((N, P, N))                                                   # [value, ind, row]
        col_free = np.ones((N, P, N))
        b_idx, p_idx = np.nonzero(self.given)
        row_free[self.given_vals[b_idx, p_idx] - 1, :, row_of[b_idx, p_idx]] = 0
        col_free[self.given_vals[b_idx, p_idx] - 1, :, col_of[b_idx, p_idx]] = 0
        keys = np.where(self.given, 2.0, rng.random((P, N, N) if own_order else (N, N)))
        order = np.broadcast_to(np.argsort(keys, axis=-1), (P, N, N))              # (ind, box, step)
        box = np.arange(N)[None, :]
        every = np.arange(P)[:, None]
        u_all = rng.random((self.max_free, P, N))
        for step in range(self.max_free):
            pos = order[:, :, step]                                                 # (P, N)
            probs = np.moveaxis(self.M[box, pos], -1, 0) * avail                    # (value, P, box)
            if exclude:
                free = row_free[:, every, row_of[box, pos]] * col_free[:, every, col_of[box, pos]]
                narrowed = probs * free
                keep = narrowed.sum(0) > 0
                probs = np.where(keep, narrowed, probs)
            cum = cumulative(probs)
            empty = cum[-1] <= 0
            if empty.any():
                cum[:, empty] = cumulative(avail[:, empty])
            choice = np.minimum(np.count_nonzero(cum <= u_all[step] * cum[-1], axis=0), N - 1)
            choice = np.where(self.active[step], choice, self.given_vals[box, pos] - 1)
            boxes[every, box, pos] = choice + 1
            avail[choice, every, box] = 0.0
            row_free[choice, every, row_of[box, pos]] = 0
            col_free[choice, every, col_of[box, pos]] = 0
        boards = np.empty((P, N * N), dtype=np.int8)
        boards[:, self.cells_of_box.reshape(-1)] = boxes.reshape(P, N * N)
        return boards


def box_groups(models, pop, rows_cols, C):
    """box_selection: each box ranks the population by its own band's rows and stack's columns.

    Returns the good and the bad group as composite boards — rank r's box b is the box b of
    the individual that box ranks r-th — so the lab's update applies to them unchanged."""
    N, n = models.N, models.n
    band_rows = np.arange(N).reshape(n, n)[np.arange(N) // n]                  # (box, n) rows
    stack_cols = np.arange(N).reshape(n, n)[np.arange(N) % n]
    fit = rows_cols.sum(1)
    local = rows_cols[:, band_rows].sum(-1) + rows_cols[:, N + stack_cols].sum(-1)   # (P, box)
    order = np.argsort(-(local * (2 * N * N + 1) + fit[:, None]), axis=0, kind="stable")

    def composite(ranked):                                                    # (C, box) individuals
        boards = np.empty((len(ranked), N * N), dtype=pop.dtype)
        boards[:, models.cells_of_box] = pop[ranked[:, :, None], models.cells_of_box[None]]
        return boards
    return composite(order[:C]), composite(order[-C:])


def one_run(puzzle, reading, seed, generations, update, k, P=150, selection=0.25, upper_bound=0.99):
    rng = np.random.default_rng(seed)
    models = Variant(puzzle, upper_bound, reading)
    N, n = models.N, models.n
    units = geometry(n).units[: 2 * N]
    for gen in range(generations):
        pop = models.sample(P, rng)
        rows_cols = (unit_counts(pop, n, units)[:, :, 1:] > 0).sum(-1)        # (P, 2N)
        fit = rows_cols.sum(1)
        if fit.max() == 2 * N * N:
            return gen
        if reading == "distinct_boards":
            _, first = np.unique(pop, axis=0, return_index=True)
            keep = np.sort(first)
            pop, fit, rows_cols = pop[keep], fit[keep], rows_cols[keep]
        C = max(1, int(selection * len(pop)))
        if reading == "box_selection":
            good, bad = box_groups(models, pop, rows_cols, C)
        else:
            order = np.argsort(-fit, kind="stable")
            good, bad = pop[order[:C]], pop[order[-C:]]
        models.learn(good, bad, k, update)
    return None


def check_samplers(puzzle) -> int:
    """The variant samplers keep every given and make each box a permutation (the tests call this)."""
    g = puzzle.geometry
    for reading in ("individual_order", "exclude_row_col"):
        boards = Variant(puzzle, 0.99, reading).sample(50, np.random.default_rng(0))
        assert np.all(boards[:, puzzle.givens] == puzzle.cells[puzzle.givens]), reading
        assert np.all(np.sort(boards[:, g.boxes], axis=2) == np.arange(1, g.N + 1)), reading
    print("samplers keep the givens and every box a permutation")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("reading", choices=READINGS)
    ap.add_argument("--puzzle", default="sato-77-difficult")
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--generations", type=int, default=5000)
    ap.add_argument("--update", choices=["mean", "count"], default="mean")
    ap.add_argument("--k", type=float, default=0.4)
    ap.add_argument("--check-samplers", action="store_true",
                    help="only check that the variant samplers keep the givens and each box a permutation")
    args = ap.parse_args()
    puzzles = {name: text for text, name in read_puzzles(ROOT / "puzzles" / "papers.txt")}
    puzzle = parse(puzzles[args.puzzle])
    if args.check_samplers:
        return check_samplers(puzzle)
    solved = []
    for seed in range(args.runs):
        gen = one_run(puzzle, args.reading, seed, args.generations, args.update, args.k)
        solved.append(gen)
        print(f"{args.puzzle} {args.reading} update={args.update} k={args.k} seed {seed}: "
              + (f"solved at generation {gen}" if gen is not None else f"not solved in {args.generations}"),
              flush=True)
    print(f"{args.puzzle} {args.reading}: {sum(g is not None for g in solved)}/{args.runs} solved")
    return 0


if __name__ == "__main__":
    sys.exit(main())

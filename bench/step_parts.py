#!/usr/bin/env python3
"""Where a step's CPU time goes in hill_climb, nb_coin and alldiff_tabu, and how much of it is the
fixed cost of numpy calls that carry little work (about a microsecond a call, whatever its size).

    .venv/bin/python bench/step_parts.py [--solver hill_climb ...] [--sizes 9 16 25 36] [--steps 2000]

That fixed cost bounds what rewriting a step in plain Python, or in fewer numpy calls, could
gain: were it all gone, a step would take (step − fixed cost). Printed per solver and size:

* steps per CPU second through ``Run`` (as the page's worker and the CLI drive a solver: the
  run's own per-step checks included) and of the solver's generator alone;
* the parts of a step in µs, timed on the states of a run (``time.process_time``);
* the small-call part (per solver, below), and the bound ``Run step / (Run step − that part)``:
  what the step would gain were that part free.

Per solver: `hill_climb` — the part is picking the best swap (max, ties, a draw), making it (eight
single-entry updates) and copying the board; the scoring of the whole neighbourhood stays numpy:
beside it, what its ~25 calls cost on a 4×4 puzzle (nearly nothing in them: their fixed cost)
and what the same scoring costs in plain Python over lists. `nb_coin` — the part is a whole
generation at population 2 (the same calls over tables 75 times smaller than at the default
150: their fixed cost); beside it, one position's draws for the whole population in plain
Python, times the positions. `alldiff_tabu` — the part is the module's own (drawing the
candidate list, the look-ahead, the progress frame): the rest of an iteration is the filter's
fixpoint, in ``sudoku_lab.filtering``, timed alone after the table (a part on the empty 4×4, whose
calls carry almost no work, is their fixed cost).

Puzzles: the generator's ``SIZE:0.45:0`` (``SIZE:0.3:0`` at 16×16 for alldiff_tabu, as
bench/tabu_speed.py); at 9×9 alldiff_tabu and nb_coin run AI Escargot plus one given (no
solution, so runs last). A run that ends early is followed by the next seed until ``--steps``.
"""

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_lab.bits import popcount  # noqa: E402
from sudoku_lab.generate import generate, parse_spec  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.progress import complete  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402
from sudoku_lab.solvers import REGISTRY, alldiff_tabu, hill_climb, nb_coin  # noqa: E402

UNSOLVABLE_9 = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
cpu = time.process_time


def puzzle_for(solver: str, size: int):
    if size == 9 and solver in ("alldiff_tabu", "nb_coin"):
        return parse(UNSOLVABLE_9)
    p = 0.3 if (solver, size) == ("alldiff_tabu", 16) else 0.45
    return generate(parse_spec(f"{size}:{p}:0")).puzzle


def rates(puzzle, solver: str, params: dict, steps: int) -> tuple[float, float]:
    """Steps per CPU second through Run and of the bare generator (PAUSEs skipped), seeds 0, 1, …
    until `steps` steps (the first progress, the start, not counted)."""
    n = seed = 0
    spent = 0.0
    while n < steps:
        run = Run(puzzle, solver, params, seed, Budget(max_iterations=steps - n))
        run.step()
        t = cpu()
        while run.step() is not None:
            n += 1
        spent += cpu() - t
        seed += 1
    full = Run(puzzle, solver, params, 0).params
    n = seed = 0
    bare = 0.0
    while n < steps:
        gen = (p for p in REGISTRY[solver].run(puzzle, full, np.random.default_rng(seed)) if p is not None)
        next(gen)
        t = cpu()
        for _ in zip(range(steps - n), gen):
            n += 1
        bare += cpu() - t
        seed += 1
    return steps / spent, steps / bare


def hill_climb_parts(puzzle, steps: int) -> tuple[dict, float]:
    """µs per iteration of each part (no restarts: the climb goes on from one state), and the
    fixed cost of its small calls."""
    c = hill_climb._Climber(puzzle, 1.0, -1.0)
    rng = np.random.default_rng(1)
    c.initial(rng, shuffle=False, greedy=True, post_swap=True)
    parts = dict.fromkeys(["score the neighbourhood", "pick the swap", "make it", "copy the board"], 0.0)
    for _ in range(steps):
        t0 = cpu()
        d_f1, d_f2, delta = c.deltas()
        t1 = cpu()
        top = delta.max()
        ties = np.flatnonzero(delta == top)
        k = int(ties[0] if len(ties) == 1 else ties[rng.integers(len(ties))])
        t2 = cpu()
        c.swap(k, d_f1[k], d_f2[k])
        t3 = cpu()
        c.board.astype(np.int8)
        t4 = cpu()
        for key, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            parts[key] += dt
    parts = {k: 1e6 * v / steps for k, v in parts.items()}
    tiny = hill_climb._Climber(generate(parse_spec("4:0.5:0")).puzzle, 1.0, -1.0)
    tiny.initial(rng, shuffle=False, greedy=True, post_swap=True)
    t = cpu()
    for _ in range(steps):
        tiny.deltas()
    floor = 1e6 * (cpu() - t) / steps
    parts[f"(scoring {len(tiny.pa)} swaps: its calls' fixed cost)"] = floor
    parts[f"(scoring the {len(c.pa)} swaps in plain Python)"] = plain_scoring(c, max(20, steps // 10))
    fixed = parts["pick the swap"] + parts["make it"] + parts["copy the board"]
    return parts, fixed


def plain_scoring(c, repeats: int) -> float:
    """µs to score the whole neighbourhood in plain Python over lists (the tables kept as lists,
    as a plain-Python climber would keep them), checked against the numpy scoring."""
    board, rows, cols, clash = c.board.tolist(), c.row_counts.tolist(), c.col_counts.tolist(), c.clash.tolist()
    swaps = list(zip(c.pa.tolist(), c.pb.tolist(), c.ra.tolist(), c.rb.tolist(), c.ca.tolist(), c.cb.tolist()))

    def scores():
        out = []
        for a, b, ra, rb, ca, cb in swaps:
            va, vb = board[a], board[b]
            d1 = 0
            if ra != rb:
                d1 += (rows[ra][vb] == 0) - (rows[ra][va] == 1) + (rows[rb][va] == 0) - (rows[rb][vb] == 1)
            if ca != cb:
                d1 += (cols[ca][vb] == 0) - (cols[ca][va] == 1) + (cols[cb][va] == 0) - (cols[cb][vb] == 1)
            out.append((d1, clash[a][vb] - clash[a][va] + clash[b][va] - clash[b][vb]))
        return out
    d_f1, d_f2, _ = c.deltas()
    assert scores() == list(zip(d_f1.tolist(), d_f2.tolist()))
    t = cpu()
    for _ in range(repeats):
        scores()
    return 1e6 * (cpu() - t) / repeats


def nb_coin_parts(puzzle, steps: int) -> tuple[dict, float]:
    def generation_parts(P: int, gens: int) -> dict:
        models, rng = nb_coin.Models(puzzle, 0.99), np.random.default_rng(1)
        C = max(1, int(0.25 * P))
        parts = dict.fromkeys(["sample", "score", "sort", "learn", "entropy and model view"], 0.0)
        for _ in range(gens):
            t0 = cpu()
            pop = models.sample(P, rng)
            t1 = cpu()
            fit = complete(nb_coin.fitness_steps(pop, puzzle.n))
            t2 = cpu()
            order = np.argsort(-fit, kind="stable")
            t3 = cpu()
            models.learn(pop[order[:C]], pop[order[-C:]], 0.4)
            t4 = cpu()
            models.entropy()
            models.likeliest(puzzle)
            t5 = cpu()
            for key, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                parts[key] += dt
        return {k: 1e6 * v / gens for k, v in parts.items()}
    parts = generation_parts(150, steps)
    floor = sum(generation_parts(2, steps).values())
    parts["(a generation at population 2)"] = floor
    parts["(the draws in plain Python)"] = plain_draws(nb_coin.Models(puzzle, 0.99), 150)
    return parts, floor


def plain_draws(models, P: int) -> float:
    """µs for one generation's draws in plain Python: per position step, every (individual, box)
    walks its cumulative probabilities over the unused values (the tables as lists; the same
    arithmetic as the sampler, timed on the first position step and scaled by the steps)."""
    N = models.N
    rng = np.random.default_rng(1)
    M = models.M[:, 0].tolist()                                   # [box][value] at one position
    avail = (~models.used_by_givens).astype(float).tolist()       # [box][value]
    u = rng.random((P, N)).tolist()
    t = cpu()
    for i in range(P):
        for b in range(N):
            probs, a = M[b], avail[b]
            total, cum = 0.0, []
            for v in range(N):
                total += probs[v] * a[v]
                cum.append(total)
            x = u[i][b] * total
            min(sum(1 for c in cum if c <= x), N - 1)
    return 1e6 * (cpu() - t) * models.max_free


def alldiff_tabu_parts(puzzle, steps: int) -> tuple[dict, float]:
    """The module's own part, timed on the domains of each step of a run (20 repeats each)."""
    state = alldiff_tabu._State(puzzle, "hall_intervals")
    complete(state.start())
    run = Run(puzzle, "alldiff_tabu", {}, 1, Budget(max_iterations=steps))
    rng = np.random.default_rng(5)
    own = frame = 0.0
    k = pauses = 0
    while not run.done:
        p = run.tick()
        if p is None:
            pauses += 1
            continue
        d = np.array(p.overlay["candidates"], dtype=np.int64)
        state.domains = d
        if state.cost == 0:
            break
        t0 = cpu()
        for _ in range(20):
            cells = state.open_cells[rng.integers(len(state.open_cells), size=10)]
            bits = (state.domains[cells][:, None] >> np.arange(state.N)) & 1
            values = np.where(bits == 1, rng.random(bits.shape), -1.0).argmax(1) + 1
            est, wipe = state.look_ahead(cells, values)
            score = np.where(wipe, np.iinfo(np.int64).max, est)
            ties = np.flatnonzero(score == score.min())
            int(ties[rng.integers(len(ties))])
        t1 = cpu()
        for _ in range(20):
            state.domains = d
            state.board()
            int(popcount(d).sum())
            d.tolist()
        t2 = cpu()
        own += (t1 - t0) / 20
        frame += (t2 - t1) / 20
        k += 1
    parts = {"candidate list, look-ahead, pick": 1e6 * own / k, "progress frame": 1e6 * frame / k}
    ROUNDS[puzzle.N] = pauses / max(k, 1) + 1
    return parts, sum(parts.values())


ROUNDS: dict[int, float] = {}     # alldiff_tabu: the filter's parts an iteration (its pauses + 1)


def filter_parts(sizes: list[int], moves: int = 300) -> None:
    """alldiff_tabu's filter alone: a move's filtering (one open cell narrowed to a value of its
    domain, from the givens' fixpoint), µs a part; the empty 4×4 first, where a part's calls
    carry almost no work (their fixed cost)."""
    print("\nalldiff_tabu's filter: a move's filtering from the givens' fixpoint (300 random moves)\n")
    print("| puzzle | µs a filtering | parts | µs a part |")
    print("|---|---:|---:|---:|")
    for size in [4, *sizes]:
        puzzle = generate(parse_spec("4:0.0:0")).puzzle if size == 4 else puzzle_for("alldiff_tabu", size)
        state = alldiff_tabu._State(puzzle, "hall_intervals")
        complete(state.start())
        rng = np.random.default_rng(0)
        spent, parts = 0.0, 0
        for _ in range(moves):
            cell = int(state.open_cells[rng.integers(len(state.open_cells))])
            values = [v for v in range(state.N) if int(state.domains[cell]) >> v & 1]
            filtering = state.tighten(cell, 1 << values[rng.integers(len(values))])
            t = cpu()
            parts += 1 + sum(1 for _ in filtering)
            spent += cpu() - t
        name = "empty 4×4" if size == 4 else f"{size}×{size}"
        print(f"| {name} | {1e6 * spent / moves:.0f} | {parts / moves:.1f} | {1e6 * spent / parts:.0f} |")


PARTS = {"hill_climb": hill_climb_parts, "nb_coin": nb_coin_parts, "alldiff_tabu": alldiff_tabu_parts}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solver", action="append", choices=sorted(PARTS))
    ap.add_argument("--sizes", nargs="+", type=int, default=[9, 16, 25, 36])
    ap.add_argument("--steps", type=int, default=2000, help="steps per measure (nb_coin: a tenth, at least 20)")
    args = ap.parse_args()
    print("load before:", " ".join(f"{x:.1f}" for x in os.getloadavg()))
    for solver in args.solver or list(PARTS):
        print(f"\n{solver}\n")
        print("| size | steps / CPU s, Run | generator alone | µs a step (Run) | parts, µs | "
              "small-call part, µs | bound on the gain |")
        print("|---|---:|---:|---:|---|---:|---:|")
        for size in args.sizes:
            puzzle = puzzle_for(solver, size)
            steps = max(20, args.steps // 10) if solver == "nb_coin" else args.steps
            run_rate, bare_rate = rates(puzzle, solver, {}, steps)
            parts, fixed = PARTS[solver](puzzle, steps)
            step = 1e6 / run_rate
            rest = step - sum(v for k, v in parts.items() if not k.startswith("("))
            shown = "; ".join(f"{k} {v:.1f}" for k, v in parts.items())
            if solver == "alldiff_tabu":
                shown += (f"; the filter (the rest) {rest:.1f}, in {ROUNDS[puzzle.N]:.1f} parts "
                          f"({rest / ROUNDS[puzzle.N]:.0f} µs a part)")
            print(f"| {size}×{size} | {run_rate:,.0f} | {bare_rate:,.0f} | {step:.1f} | {shown} | {fixed:.1f} "
                  f"| {step / max(step - fixed, 1e-9):.2f}× |", flush=True)
    if "alldiff_tabu" in (args.solver or PARTS):
        filter_parts(args.sizes)
    print("\nload after:", " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

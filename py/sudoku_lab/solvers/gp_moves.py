"""Genetic programming over human solving moves — Pillay, *Finding Solutions to Sudoku
Puzzles Using Human Intuitive Heuristics* (2012).

The paper, as implemented here:

* **Programs** (§3.2.1): strings of 1–50 moves from ``rcbwlk342`` (``sudoku_lab.moves``),
  each applied in order to a fresh copy of the puzzle. The initial population has 500
  distinct programs with lengths drawn uniformly from 1–50.
* **Fitness** (§3.2.2): the number of empty cells left (0 = solved). Moves never place a
  clashing digit, so no duplicate check is needed.
* **Selection** (§3.2.3): tournaments of 4, with replacement; the lowest fitness wins.
* **Regeneration** (§3.2.4), generational: each offspring comes from mutation (0.5: a copy of
  one parent with one random move replaced by a random move) or crossover (0.5: one cut
  point in each parent; of the two offspring the fitter is kept, the first on ties).
* At most 50 generations; the run stops as soon as a program solves the puzzle.

Decisions where the paper is vague (also in docs/solvers/gp_moves.md):

* **Cut points**: a cut before position i of the first parent and j of the second (both drawn
  uniformly over the program's positions) gives ``p1[:i] + p2[j:]`` and ``p2[:j] + p1[i:]``
  — the paper's worked example (2wllc × clkb at 2 and 3 → 2kb, clwllc) in 0-based terms.
  An offspring longer than 50 moves is cut to 50.
* **No elitism**: the paper keeps only offspring; the best program ever seen is still what
  the run reports.
* **Try moves** draw their coin flips from the run's seeded generator, so every evaluation
  — and the replay shown in the page — is reproducible.
* **Evaluation** runs the whole batch of programs together: all grids step one move at a
  time, each move family in one vectorised pass (``moves.run_programs``).
* **numpy over the whole generation, not plain Python.** A numpy call of a program step
  carries every program with a move of that family at that step; run at population 10 (the
  same calls, little work) a generation costs 15-26% of one at 500 (9×9 to 36×36), so no
  rewrite could make it 2× cheaper (docs/benchmarks.md, `gp_moves`).
* **Counting**: an iteration is a generation (generation 0 is the initial population);
  evaluations are programs run (both offspring of a crossover count).
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..grid import Puzzle
from ..moves import MOVES, program_steps, run_programs
from ..progress import PAUSE, Progress, complete
from .params import check_memory, param

ID = "gp_moves"
TITLE = "Genetic programming over human moves"
CITATION = ("N. Pillay. Finding Solutions to Sudoku Puzzles Using Human Intuitive Heuristics. "
            "South African Computer Journal, 49, 2012.")
PARAMS = [
    param("population", "int", 500, "programs per generation", 2, 20_000),
    param("generations", "int", 50, "generations of evolution at most", 0, 100_000),
    param("tournament", "int", 4, "tournament size (with replacement)", 1, 100),
    param("mutation", "float", 0.5, "share of offspring made by mutation (the rest by crossover)", 0, 1),
    param("max_length", "int", 50, "longest program", 1, 500),
]
STEP = "generation"
SERIES = {"best": "best program (empty cells left)", "mean": "population mean"}
OBJECTIVE = {"name": "empty cells left", "direction": "min", "best": lambda puzzle, params: 0}


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """A generation runs up to 2 × population candidate programs (crossover makes two), each
    on a grid with its blocked[cell, digit] table (N² × (N+1) bytes), its values (N²) and a
    log of its placements (≤ N², 17 bytes each: grid and cell indices, digit); the programs
    themselves as strings and move codes; the log's entries (one per unit per move step, ~500
    bytes of Python objects each). The previous generation's grids are released first."""
    N, P, L = puzzle.N, params["population"], params["max_length"]
    return 2 * P * (N * N * (N + 1 + 1 + 17) + 2 * L + 60) + L * 3 * N * 500


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params,
                 "population", "the blocked-digit tables of its candidate grids")


_MOVE_BYTES = np.frombuffer(MOVES.encode("ascii"), dtype=np.uint8)


def random_programs(count: int, max_length: int, rng: np.random.Generator, unique: bool = True) -> list[str]:
    return complete(random_program_steps(count, max_length, rng, unique))


_LETTERS_PER_DRAW = 1_000_000     # one draw's worth of moves: a pause between draws


def random_program_steps(count: int, max_length: int, rng: np.random.Generator, unique: bool = True):
    """`count` programs (distinct when `unique`) with lengths uniform in 1..max_length; a
    generator pausing between draws of at most _LETTERS_PER_DRAW moves (the paper's sizes
    take one draw)."""
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < count:
        lengths = rng.integers(1, max_length + 1, size=count - len(out))
        total = int(lengths.sum())
        parts = []
        for start in range(0, total, _LETTERS_PER_DRAW):
            parts.append(_MOVE_BYTES[rng.integers(0, len(MOVES), size=min(_LETTERS_PER_DRAW, total - start))])
            yield PAUSE
        text = np.concatenate(parts).tobytes().decode("ascii")      # all programs end to end
        yield PAUSE
        ends = np.cumsum(lengths).tolist()
        for start, end in zip([0] + ends[:-1], ends):
            prog = text[start:end]
            if not unique or prog not in seen:
                seen.add(prog)
                out.append(prog)
    return out


def tournament(fitness: np.ndarray, size: int, count: int, rng: np.random.Generator) -> np.ndarray:
    """Indices of `count` winners, each the fittest of `size` drawn with replacement."""
    entrants = rng.integers(0, len(fitness), size=(count, size))
    return entrants[np.arange(count), fitness[entrants].argmin(1)]


def evaluate(puzzle: Puzzle, programs: list[str], rng: np.random.Generator, log: bool = False):
    grids = run_programs(puzzle, programs, rng, log=log)
    return grids.empty, grids


def evaluate_steps(puzzle: Puzzle, programs: list[str], rng: np.random.Generator, log: bool = False):
    """``evaluate`` with pauses between parts of the work (same draws, same result)."""
    grids = yield from program_steps(puzzle, programs, rng, log=log)
    return grids.empty, grids


def replay(grids, index: int, program: str) -> list[list]:
    """The placements program `index` made, move by move: [[move, [[cell, digit], ...]], ...].
    The log's entries are searched together (one per unit and move step: thousands at 36×36)."""
    steps: list[list] = [[m, []] for m in program]
    log = grids.log
    if not log:
        return steps
    owner = np.concatenate([g for g, _, _, _ in log])
    hit = owner == index
    cells = np.concatenate([c for _, c, _, _ in log])[hit]
    digits = np.concatenate([d for _, _, d, _ in log])[hit]
    when = np.repeat([t for _, _, _, t in log], [len(g) for g, _, _, _ in log])[hit]
    for t, cell, digit in zip(when.tolist(), cells.tolist(), digits.tolist()):
        steps[t][1].append([cell, digit])
    return steps


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    P, L = params["population"], params["max_length"]
    pop = yield from random_program_steps(P, L, rng)
    fitness, grids = yield from evaluate_steps(puzzle, pop, rng, log=True)
    rows = np.arange(P)                     # population index -> row of `grids`
    evaluations = P
    best_prog, best_fit = None, None
    for gen in range(params["generations"] + 1):
        i = int(fitness.argmin())
        if best_fit is None or fitness[i] < best_fit:
            best_prog, best_fit = pop[i], int(fitness[i])
            best_board = grids.values[rows[i]].copy()
            best_trace = replay(grids, rows[i], pop[i])
        yield Progress(iteration=gen, evaluations=evaluations, best=best_fit,
                       board=best_board, series={"best": int(fitness[i]), "mean": float(fitness.mean())},
                       overlay={"program": best_prog, "trace": best_trace})
        if best_fit == 0 or gen == params["generations"]:
            break
        grids = None                        # only the new generation's tables from here on
        pop, fitness, grids, rows, n_eval = yield from next_generation(puzzle, pop, fitness, params, rng)
        evaluations += n_eval
    return "solved" if best_fit == 0 else "budget"


def next_generation(puzzle: Puzzle, pop: list[str], fitness: np.ndarray, params: dict, rng: np.random.Generator):
    """Offspring by mutation or crossover (fitter of two kept); all candidates run in one batch.
    A generator: yields PAUSE between parts of the work, returns the new generation."""
    P, L = params["population"], params["max_length"]
    mutate = rng.random(P) < params["mutation"]
    parents = tournament(fitness, params["tournament"], 2 * P, rng).reshape(P, 2)
    candidates: list[str] = []
    for k in range(P):
        if k % 1000 == 999:
            yield PAUSE
        a = pop[parents[k, 0]]
        if mutate[k]:
            pos = int(rng.integers(len(a)))
            candidates.append(a[:pos] + MOVES[int(rng.integers(len(MOVES)))] + a[pos + 1:])
        else:
            b = pop[parents[k, 1]]
            i, j = int(rng.integers(len(a))), int(rng.integers(len(b)))
            candidates.append((a[:i] + b[j:])[:L])
            candidates.append((b[:j] + a[i:])[:L])
    fit, grids = yield from evaluate_steps(puzzle, candidates, rng, log=True)
    # pick, per offspring slot, its candidate (the fitter of a crossover pair, the first on ties)
    chosen, c = [], 0
    for k in range(P):
        if mutate[k]:
            chosen.append(c)
            c += 1
        else:
            chosen.append(c if fit[c] <= fit[c + 1] else c + 1)
            c += 2
    chosen = np.array(chosen)
    return [candidates[i] for i in chosen], fit[chosen], grids, chosen, len(candidates)

"""gp_moves: initial population, operators, solving, determinism, the replay trace."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.grid import parse
from sudoku_lab.moves import MOVES
from sudoku_lab.progress import complete
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import gp_moves
from run_digest import run_digest


def test_initial_population_is_unique_and_within_length():
    progs = gp_moves.random_programs(500, 50, np.random.default_rng(0))
    assert len(progs) == len(set(progs)) == 500
    assert all(1 <= len(p) <= 50 and set(p) <= set(MOVES) for p in progs)
    assert min(len(p) for p in progs) < 5 and max(len(p) for p in progs) > 45


def test_tournament_picks_the_fittest_entrant():
    rng = np.random.default_rng(1)
    fitness = np.array([5, 0, 9, 3])
    wins = gp_moves.tournament(fitness, 4, 2000, rng)
    assert np.bincount(wins, minlength=4).argmax() == 1
    assert gp_moves.tournament(fitness, 1, 10, rng).max() <= 3


def test_next_generation_keeps_the_fitter_crossover_child(papers):
    puzzle = papers["sato-77-difficult"]
    rng = np.random.default_rng(2)
    pop = gp_moves.random_programs(40, 50, rng)
    fit, _ = gp_moves.evaluate(puzzle, pop, rng)
    params = {"population": 40, "max_length": 50, "tournament": 4, "mutation": 0.0}
    new, new_fit, grids, rows, n = complete(gp_moves.next_generation(puzzle, pop, fit, params, rng))
    assert n == 80 and len(new) == 40 and all(1 <= len(p) <= 50 for p in new)
    assert np.array_equal(grids.empty[rows], new_fit)


def test_solves_the_figure_1_puzzle_and_sato_01(papers):
    for name in ("pillay-fig1", "sato-01-easy"):
        r = Run(papers[name], "gp_moves", {}, 0).finish()
        assert r.solved, name


@pytest.mark.slow  # by measurement (docs/benchmarks-history.md, "Test tiers, 2026-11-25")
def test_needs_evolution_on_ai_escargot_and_finds_a_program(papers):
    run = Run(papers["ai-escargot"], "gp_moves", {}, 0, Budget(max_iterations=60))
    last = None
    while (p := run.step()) is not None:
        last = p
    assert run.result.solved and run.result.iterations >= 1
    program, trace = last.overlay["program"], last.overlay["trace"]
    assert [m for m, _ in trace] == list(program)
    # replaying the trace on the puzzle gives the solved board
    board = papers["ai-escargot"].cells.copy()
    for _, placed in trace:
        for cell, digit in placed:
            assert board[cell] == 0
            board[cell] = digit
    assert np.array_equal(board, last.board)


@pytest.mark.slow  # by measurement
def test_same_seed_same_run(papers):
    def trace(seed):
        run = Run(papers["sato-106-difficult"], "gp_moves", {"population": 100}, seed, Budget(max_iterations=3))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["best"], p.series["mean"], p.overlay["program"]))
        return out
    assert trace(1) == trace(1)
    assert trace(1) != trace(2)


def test_a_population_whose_tables_pass_the_memory_cap_is_refused_before_the_run():
    import pytest
    from sudoku_lab.grid import Puzzle
    from sudoku_lab.solvers import SolverError
    empty36 = Puzzle(6, np.zeros(36 * 36, dtype=np.int8))
    with pytest.raises(SolverError) as refused:
        Run(empty36, "gp_moves", {"population": 20_000})
    assert refused.value.field == "population" and "MB" in str(refused.value)
    assert Run(empty36, "gp_moves", {"population": 500}).params["population"] == 500   # the default fits


# ------------------------------------------------------------------ fixed-seed fingerprints


# Computed with the batched evaluation (moves.run_programs: every program of a generation
# stepped together); a faster evaluation must give these same runs, draw for draw.
FINGERPRINTS = [
    ("ai-escargot", 0, 3, {"population": 60}, "0205714c25a28be8"),
    ("ai-escargot", 1, 2, {"population": 40, "mutation": 0.2, "max_length": 20}, "2acdbfad4b451e48"),
    ("sato-106-difficult", 2, 3, {"population": 30}, "35adf422c12579ac"),
    ("16x16-vukr-2", 0, 2, {"population": 20}, "c5b233f5666b351b"),
]


@pytest.mark.parametrize("name, seed, iterations, params, expected", FINGERPRINTS)
def test_fixed_seed_runs_keep_their_fingerprint(name, seed, iterations, params, expected):
    assert run_digest(parse({**PAPERS, **SIZES}[name]), "gp_moves", params, seed, iterations) == expected

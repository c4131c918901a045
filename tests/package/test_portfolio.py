"""A plain portfolio (`solve --portfolio N`): the first solution of N seeds' runs wins, and the
result is that run's own, so one run with its seed replays it; none solving, the run nearest a
solution; the command line refuses a portfolio of a team run."""

import json
import subprocess
import sys

import numpy as np

from conftest import PAPERS, ROOT
from sudoku_lab.grid import parse
from sudoku_lab.portfolio import portfolio_run
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution


def test_the_winner_is_one_of_the_seeds_and_its_own_run_replays_it():
    puzzle = parse(PAPERS["sato-27-medium"])
    won = portfolio_run(puzzle, "hill_climb", {}, 3, 2, Budget(max_seconds=60))
    assert won.solved and is_solution(puzzle, won.board) and won.seed in (3, 4)
    assert won.message.startswith(f"portfolio of 2 (seeds 3–4): seed {won.seed} solved first")
    alone = Run(puzzle, "hill_climb", {}, won.seed, Budget(max_seconds=60)).finish()
    assert (alone.iterations, alone.evaluations) == (won.iterations, won.evaluations)
    assert np.array_equal(alone.board, won.board)


def test_none_solving_gives_the_run_nearest_a_solution():
    puzzle = parse(PAPERS["ai-escargot"])
    budget = Budget(max_iterations=2)
    got = portfolio_run(puzzle, "nb_coin", {}, 0, 2, budget)
    runs = [Run(puzzle, "nb_coin", {}, s, budget).finish() for s in (0, 1)]
    nearest = min(runs, key=lambda r: (r.open_cells, r.seed))
    assert not got.solved and got.seed == nearest.seed and got.open_cells == nearest.open_cells
    assert "none solved" in got.message


def test_the_command_line_runs_a_portfolio_and_refuses_one_of_a_team():
    cmd = [sys.executable, "-m", "sudoku_lab", "solve", PAPERS["sato-27-medium"], "--solver", "hill_climb",
           "--seed", "7", "--portfolio", "2", "--json"]
    out = subprocess.run(cmd, cwd=ROOT / "py", capture_output=True, text=True, timeout=300)
    d = json.loads(out.stdout)
    assert out.returncode == 0 and d["solved"] and d["seed"] in (7, 8)
    bad = subprocess.run(cmd[:-1] + ["--workers", "2"], cwd=ROOT / "py", capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--workers and --portfolio: one or the other" in bad.stderr
    assert "Traceback" not in bad.stderr

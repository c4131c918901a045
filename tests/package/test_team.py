"""One alldiff_ls run on several worker processes (team.py): the elite every worker adopts,
the same seed, workers and exchange points giving the same run, a verified solution, and the
command line's `solve --workers`."""

import json
import subprocess
import sys

import numpy as np

from conftest import ROOT
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import board_to_string
from sudoku_lab.run import Budget
from sudoku_lab.score import is_solution
from sudoku_lab.team import Report, merge, team_run

PY = ROOT / "py"


def report(cost, pool):
    return Report(0, 0, 0, cost, pool[0], cost, pool)           # (a board is not read by merge)


def test_the_elite_is_the_fewest_edges_over_all_pools_merged_in_worker_order():
    a, b, c = (np.full(5, v) for v in range(3))
    cost, members = merge([report(4, [a]), report(2, [b, c]), report(2, [c, a]), report(3, [b])], size=10)
    assert cost == 2 and [m[0] for m in members] == [1, 2, 0]
    assert len(merge([report(2, [b, c]), report(2, [a])], size=2)[1]) == 2


def test_two_workers_give_the_same_run_for_the_same_seed_and_a_verified_solution():
    puzzle = generate(parse_spec("25:0.4:3")).puzzle
    one = team_run(puzzle, {"walkers": 4}, 5, 2, Budget(max_iterations=3_000_000), exchange=2000)
    two = team_run(puzzle, {"walkers": 4}, 5, 2, Budget(max_iterations=3_000_000), exchange=2000)
    assert one.solved and is_solution(puzzle, one.board)
    assert (one.iterations, one.evaluations, one.restarts) == (two.iterations, two.evaluations, two.restarts)
    assert np.array_equal(one.board, two.board) and one.params["workers"] == 2
    assert one.iterations % 2000 == 0 or one.stop_reason == "solved"


def test_solve_workers_on_the_command_line():
    puzzle = board_to_string(generate(parse_spec("16:0.4:2")).puzzle.cells)
    cmd = [sys.executable, "-m", "sudoku_lab", "solve", puzzle, "--solver", "alldiff_ls", "--seed", "1",
           "--workers", "2", "--exchange", "500", "--json"]
    out = subprocess.run(cmd, cwd=PY, capture_output=True, text=True, timeout=300)
    d = json.loads(out.stdout)
    assert d["solved"] and d["params"]["workers"] == 2 and out.returncode == 0
    bad = subprocess.run(cmd[:6] + ["hill_climb", "--workers", "2"], cwd=PY, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "only alldiff_ls runs on several workers" in bad.stderr
    assert "Traceback" not in bad.stderr

"""A plain portfolio (portfolio.py): acs or alldiff_tabu on several workers, member w with seed
s + w, meeting at barriers. Its result is the winning member's own run (so one worker with that
seed replays it to the same board and iterations), the same through the page's coordination
(the bridge, in slices) as through native processes, and the other solvers are refused in one
line everywhere."""

import json
import re
import subprocess
import sys

import numpy as np

from conftest import ROOT, page_run_on_workers, read_puzzles
from sudoku_lab import bridge, links
from sudoku_lab.grid import board_to_string, parse
from sudoku_lab.several.portfolio import EXCHANGE, Member, Report
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution
from sudoku_lab.limits import SENTENCES
from sudoku_lab.several.processes import run_on_processes

PY = ROOT / "py"
TOP95 = read_puzzles("top95.txt")
# top95-5 with acs: seed 2 does not solve within its first hundreds of iterations, seed 3 solves
# at iteration 4; so member 1 wins a portfolio of seeds 2–3 while member 0 still runs
HARD = parse(TOP95["top95-5"])


def test_the_result_is_the_winning_member_s_own_run_in_the_page_and_natively():
    answers, barriers = page_run_on_workers(HARD, 2, 2, 2, solver="acs", slice_seconds=0.004, name="portfolio-test")
    first = answers[0]["result"]
    assert all(a["result"] == {**first, "seconds": a["result"]["seconds"]} for a in answers)   # every member says the same
    assert first["solved"] and first["params"]["workers"] == 2 and first["seed"] == 2 and first["kind"] == "portfolio"
    assert first["message"].startswith("portfolio of 2 (seeds 2–3): seed 3 solved first")
    alone = Run(HARD, "acs", {}, 3).finish()                   # member 1 alone: seed 2 + 1
    assert is_solution(HARD, alone.board) and barriers == -(-alone.iterations // 2)
    assert (first["iterations"], first["evaluations"], first["board"]) == (
        alone.iterations, alone.evaluations, board_to_string(alone.board))
    native = run_on_processes(HARD, {}, 2, 2, Budget(max_seconds=120), exchange=2, solver="acs")
    assert (native.iterations, native.evaluations, native.message) == (first["iterations"], first["evaluations"],
                                                                       first["message"])
    assert np.array_equal(native.board, alone.board)


def test_the_same_seed_gives_the_same_run_whatever_the_slices():
    """alldiff_tabu, the default exchange: the members' slices (the page's load) change nothing."""
    puzzle = parse(TOP95["top95-2"])
    a = page_run_on_workers(puzzle, 1, 2, EXCHANGE["alldiff_tabu"], solver="alldiff_tabu", slice_seconds=0.002, name="portfolio-test")[0][0]["result"]
    b = page_run_on_workers(puzzle, 1, 2, EXCHANGE["alldiff_tabu"], solver="alldiff_tabu", slice_seconds=0.03, name="portfolio-test")[0][0]["result"]
    assert a["solved"] and {**a, "seconds": 0} == {**b, "seconds": 0}
    w = int(re.search(r"seed (\d+) solved first", a["message"]).group(1))
    alone = Run(puzzle, "alldiff_tabu", {}, w).finish()
    assert (alone.iterations, board_to_string(alone.board)) == (a["iterations"], a["board"])


def test_the_solution_of_fewest_iterations_wins_without_waiting_for_a_barrier():
    """top95-2 with alldiff_tabu solves at iteration 824 with seed 0 and 84 with seed 1: with no
    barrier in sight (exchange 10^6) the portfolio ends at seed 1's solution, member 0 capped
    there, natively and in the page with caps handed at once or never."""
    puzzle = parse(TOP95["top95-2"])
    runs = [Run(puzzle, "alldiff_tabu", {}, s).finish() for s in (0, 1)]
    assert [r.solved for r in runs] == [True, True] and runs[1].iterations < runs[0].iterations
    native = run_on_processes(puzzle, {}, 0, 2, Budget(max_seconds=120), exchange=10**6, solver="alldiff_tabu")
    assert native.message.startswith("portfolio of 2 (seeds 0–1): seed 1 solved first")
    assert (native.iterations, native.evaluations) == (runs[1].iterations, runs[1].evaluations)
    assert np.array_equal(native.board, runs[1].board)
    for caps in (False, True):
        answers, barriers = page_run_on_workers(puzzle, 0, 2, 10**6, solver="alldiff_tabu", caps=caps, name="portfolio-test")
        page = answers[0]["result"]
        assert barriers == 1 and page["message"] == native.message
        assert (page["iterations"], page["board"]) == (native.iterations, board_to_string(native.board))


def test_when_every_member_spends_its_budget_the_nearest_wins():
    """The step budget is each member's own: each run ends at it, and the member of fewest open
    cells (the lowest among equals) is the result, its own run's."""
    budget = Budget(max_iterations=3)
    got = run_on_processes(HARD, {}, 0, 3, budget, exchange=2, solver="acs")
    runs = [Run(HARD, "acs", {}, s, budget).finish() for s in (0, 1, 2)]
    w = min(range(3), key=lambda i: (runs[i].open_cells, i))
    assert not any(r.solved for r in runs) and not got.solved and got.stop_reason == "budget"
    assert (got.iterations, got.open_cells) == (runs[w].iterations, runs[w].open_cells)
    assert np.array_equal(got.board, runs[w].board)
    assert f"seed {w} ended nearest a solution, none solved" in got.message


def test_a_report_crosses_json_and_back():
    m = Member(HARD, "acs", Run(HARD, "acs").params, 2, 1, 2, exchange=1)
    m.segment()
    r = m.report()
    back = Report.from_json(json.loads(json.dumps(r.to_json())))
    assert (back.iterations, back.ended, back.board.tolist()) == (r.iterations, r.ended, r.board.tolist())


def test_a_link_with_workers_replays_the_portfolio_and_others_are_refused_in_one_line():
    link = links.encode(TOP95["top95-5"], "acs", 2, 120, {}, workers=2, exchange=3)       # barriers at 3 and 6
    assert "&w=2&x=3" in link and "x=" not in links.encode(TOP95["top95-5"], "acs", 2, 120, {}, workers=2, exchange=2)
    out = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", link, "--json"], cwd=PY,
                         capture_output=True, text=True, timeout=300)
    d = json.loads(out.stdout)
    alone = Run(HARD, "acs", {}, 3).finish()
    assert d["solved"] and d["params"]["workers"] == 2 and (d["iterations"], d["board"]) == (
        alone.iterations, board_to_string(alone.board))
    want = SENTENCES["workers_refused"].format(solver="hill_climb")
    for args, said in ((["--workers", "2"], want), (["--portfolio", "2"], "only acs and alldiff_tabu run as a portfolio")):
        bad = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", TOP95["top95-5"], "--solver", "hill_climb",
                              *args], cwd=PY, capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and said in bad.stderr and "Traceback" not in bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1
    out = json.loads(bridge.member_start(json.dumps({"runId": "r", "puzzle": TOP95["top95-5"], "solver": "hill_climb",
                                                   "params": {}, "seed": 1, "member": 0, "workers": 2, "exchange": 5})))
    assert not out["ok"] and out["field"] == "workers" and out["message"] == want
    assert links.decode("#g=9:0.4:1&s=hill_climb&w=2").problems == {"w": want}


def test_solve_portfolio_is_solve_workers():
    cmd = [sys.executable, "-m", "sudoku_lab", "solve", TOP95["top95-5"], "--solver", "acs", "--seed", "2", "--json"]
    one = subprocess.run(cmd + ["--portfolio", "2", "--exchange", "2"], cwd=PY, capture_output=True, text=True, timeout=300)
    two = subprocess.run(cmd + ["--workers", "2", "--exchange", "2"], cwd=PY, capture_output=True, text=True, timeout=300)
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert a["solved"] and {**a, "seconds": 0} == {**b, "seconds": 0}

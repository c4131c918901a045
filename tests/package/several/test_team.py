"""One alldiff_ls run on several worker processes (team.py): the elite every worker adopts,
the same seed, workers and exchange points giving the same run, a verified solution, and the
command line's `solve --workers`."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT, page_run_on_workers
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.limits import SENTENCES
from sudoku_lab.grid import board_to_string
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution
from sudoku_lab.solvers import SolverError, alldiff_ls, resolve_params
from sudoku_lab.several import auto_workers
from sudoku_lab.several.processes import run_on_processes
from sudoku_lab.several.team import Member, Report, member_walkers, merge

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
    one = run_on_processes(puzzle, {"walkers": 4}, 5, 2, Budget(max_iterations=3_000_000), exchange=2000)
    two = run_on_processes(puzzle, {"walkers": 4}, 5, 2, Budget(max_iterations=3_000_000), exchange=2000)
    assert one.solved and is_solution(puzzle, one.board)
    assert (one.iterations, one.evaluations, one.restarts) == (two.iterations, two.evaluations, two.restarts)
    assert np.array_equal(one.board, two.board) and one.params["workers"] == 2
    assert one.iterations % 2000 == 0 or one.stop_reason == "solved"


@pytest.mark.parametrize("seed", [1, 2])          # worker 2 solves first, then worker 1
def test_a_team_ends_at_its_first_solution_and_counts_every_worker_at_that_move(seed):
    """No barrier before the first solution (exchange 10^7): the run ends at the solving move of
    fewest moves, every worker counted as it stood there (short episodes: restarts too), natively
    and in the page, with caps handed at once or never: the same moves, evaluations, restarts and board."""
    puzzle = generate(parse_spec("16:0.4:2")).puzzle
    params = resolve_params(alldiff_ls, {"episode": 300}, puzzle)
    big = 10_000_000
    alone = [Member(puzzle, params, seed, w, 2, exchange=big) for w in range(2)]
    for m in alone:                                   # each worker alone, to its own solution
        m.segment()
    assert all(m.walkers.best == 0 for m in alone)
    first, w = min((m.walkers.moves, w) for w, m in enumerate(alone))
    assert w == 2 - seed
    counts = [m.counts_at(first) if m.walkers.moves > first else
              (m.walkers.moves, m.walkers.evaluations, m.walkers.restarts, 0) for m in alone]
    native = run_on_processes(puzzle, params, seed, 2, Budget(max_iterations=10 * big), exchange=big)
    assert native.solved and is_solution(puzzle, native.board) and f"worker {w + 1} solved first" in native.message
    assert native.iterations == 2 * first == sum(c[0] for c in counts)
    assert (native.evaluations, native.restarts) == (sum(c[1] for c in counts), sum(c[2] for c in counts))
    assert native.restarts > 0 and counts[1 - w][2] < alone[1 - w].walkers.restarts   # the other was cut
    assert np.array_equal(native.board, alone[w].walkers.board(alone[w].walkers.best_val))
    for caps in (False, True):
        answers, barriers = page_run_on_workers(puzzle, seed, 2, big, params=params,
                                                budget={"max_iterations": 10 * big}, caps=caps)
        page = answers[0]["result"]
        assert barriers == 2                          # the solution's, then the reports cut at its move
        assert (page["iterations"], page["evaluations"], page["restarts"], page["board"]) == (
            native.iterations, native.evaluations, native.restarts, board_to_string(native.board))


def test_a_team_says_what_it_was_and_whose_board_ended_it():
    """A team's result names its workers, seed, walkers and exchange and the worker whose board it
    is, as a portfolio names its seeds ("Solved. 87,798 moves" said nothing of the team)."""
    puzzle = generate(parse_spec("16:0.4:2")).puzzle
    solved = run_on_processes(puzzle, {"walkers": 3}, 5, 2, Budget(max_iterations=3_000_000), exchange=500)
    assert solved.solved
    assert re.fullmatch(r"team of 2 \(seed 5, walkers split 2 \+ 1, elites pooled every 500 moves\): worker [12] "
                        r"solved first; the moves are all 2 workers' together", solved.message), solved.message
    hard = generate(parse_spec("25:0.42:1")).puzzle
    ended = run_on_processes(hard, {"walkers": 2}, 1, 2, Budget(max_iterations=1000), exchange=500)
    assert ended.stop_reason == "budget"
    assert re.fullmatch(r"team of 2 \(seed 1, 1 walker a worker, elites pooled every 500 moves\): worker [12] "
                        r"ended nearest a solution, none solved; the moves are all 2 workers' together", ended.message)


def test_auto_workers_follows_the_limits_table_as_the_page_does():
    """tests/auto_workers_cases.json, which static/rules/workers.js autoWorkers is held to as well."""
    cases = json.loads((ROOT / "tests" / "auto_workers_cases.json").read_text(encoding="utf-8"))["cases"]
    for c in cases:
        givens = int(c["givens_share"] * c["size"] ** 2)
        assert auto_workers(c["solver"], c["size"], givens, c["spare"]) == c["workers"], c["why"]


def test_solve_without_workers_runs_what_auto_stands_for_on_this_machine_and_says_so():
    """A 25×25 with 40 % given: a team on this machine's cores (at most the table's cap) where it has two
    or more, said on stderr; one worker where it has one. A link without w= runs on one."""
    puzzle = generate(parse_spec("25:0.4:1")).puzzle
    expect = auto_workers("alldiff_ls", 25, int((puzzle.cells != 0).sum()), os.cpu_count() or 1)
    cmd = [sys.executable, "-m", "sudoku_lab", "solve", board_to_string(puzzle.cells), "--solver", "alldiff_ls",
           "--seed", "1", "--json"]
    out = subprocess.run(cmd, cwd=PY, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and json.loads(out.stdout)["params"].get("workers", 1) == expect
    assert (f"auto: {expect} workers — " in out.stderr) == (expect > 1), out.stderr
    link = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", "#g=25:0.4:1&s=alldiff_ls&seed=1",
                           "--json"], cwd=PY, capture_output=True, text=True, timeout=300)
    assert link.returncode == 0 and "workers" not in json.loads(link.stdout)["params"] and "auto:" not in link.stderr


def test_solve_workers_on_the_command_line():
    puzzle = board_to_string(generate(parse_spec("16:0.4:2")).puzzle.cells)
    cmd = [sys.executable, "-m", "sudoku_lab", "solve", puzzle, "--solver", "alldiff_ls", "--seed", "1",
           "--workers", "2", "--exchange", "500", "--json"]
    out = subprocess.run(cmd, cwd=PY, capture_output=True, text=True, timeout=300)
    d = json.loads(out.stdout)
    assert d["solved"] and d["params"]["workers"] == 2 and out.returncode == 0
    bad = subprocess.run(cmd[:6] + ["hill_climb", "--workers", "2"], cwd=PY, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and SENTENCES["workers_refused"].format(solver="hill_climb") in bad.stderr
    assert "Traceback" not in bad.stderr


# ------------------------------------------------------------------ the page's members (bridge)
def test_the_page_s_members_make_the_same_run_as_native_processes():
    """Elites are exchanged (short episodes fill the pools before each barrier), the members step in
    slices of the page's size, and the run's moves, evaluations, restarts and board are native's."""
    puzzle = generate(parse_spec("25:0.4:3")).puzzle
    params = {"walkers": 4, "episode": 300}
    native = run_on_processes(puzzle, params, 5, 2, Budget(max_iterations=3_000_000), exchange=2000)
    answers, barriers = page_run_on_workers(puzzle, 5, 2, 2000, params=params, budget={"max_iterations": 3_000_000})
    assert barriers > 1 and native.restarts > 0               # the test exchanged elites
    first = answers[0]["result"]
    assert all(a["result"] == {**first, "seconds": a["result"]["seconds"]} for a in answers)   # every member says the same
    assert first["solved"] and first["params"]["workers"] == 2
    assert (first["iterations"], first["evaluations"], first["restarts"]) == (
        native.iterations, native.evaluations, native.restarts)
    assert first["board"] == board_to_string(native.board)


def test_a_page_team_run_ends_at_the_barrier_its_step_budget_reaches():
    puzzle = generate(parse_spec("25:0.45:2")).puzzle
    answers, barriers = page_run_on_workers(puzzle, 1, 2, 500, params={"walkers": 2}, budget={"max_iterations": 1500})
    result = answers[1]["result"]
    assert result["stop_reason"] == "budget" and result["iterations"] == 2000 and barriers == 2
    assert result["kind"] == "team" and "kind" not in Run(puzzle, "alldiff_ls", {"walkers": 2}, 1).snapshot("stopped").to_json()


def test_a_lite_member_streams_a_trace_of_open_cells_and_no_chart_rows():
    """A race lane's or an experiment job's team (frames = "lite"): each member's frames carry
    (seconds, open cells) samples for the lane's chart, as a lite run's do, and no chart rows."""
    from sudoku_lab import bridge
    puzzle = generate(parse_spec("16:0.3:1")).puzzle
    out = json.loads(bridge.member_start(json.dumps({"runId": "lite-0", "puzzle": board_to_string(puzzle.cells), "params": {},
                                                   "seed": 1, "member": 0, "workers": 2, "exchange": 10_000_000,
                                                   "budget": {}, "frames": "lite"})))
    assert out["ok"] and out["frame"]["trace"] == []
    frame = json.loads(bridge.advance("lite-0", 0.05))["frame"]
    json.loads(bridge.stop("lite-0"))
    assert frame["points"] == [] and frame["trace"]
    assert all(t >= 0 and open_ == int(open_) and 0 <= open_ <= 256 for t, open_ in frame["trace"])
    assert all(a[0] <= b[0] for a, b in zip(frame["trace"], frame["trace"][1:]))     # in time order
    # (the last sample is not always the frame's state: samples are 4 ms apart, frames.Stream)


def test_a_report_crosses_json_and_back_with_an_empty_pool():
    r = Report(10, 20, 0, 7, np.arange(4, dtype=np.int8), np.iinfo(np.int64).max, [])
    d = json.loads(json.dumps(r.to_json()))
    assert d["pool_cost"] is None
    back = Report.from_json(d)
    assert back.pool_cost == np.iinfo(np.int64).max and back.pool == [] and back.board.tolist() == [0, 1, 2, 3]


def test_the_runs_walkers_are_split_among_its_workers():
    """K walkers on W workers: each worker steps its share (the first K mod W one more), so more
    workers step the same run's walkers sooner rather than adding walkers."""
    assert [member_walkers(16, w, 3) for w in range(3)] == [6, 5, 5]
    assert [member_walkers(16, w, 2) for w in range(2)] == [8, 8]
    puzzle = generate(parse_spec("16:0.4:1")).puzzle
    params = run_on_processes(puzzle, {"walkers": 16}, 1, 1, Budget(max_iterations=1)).params
    members = [Member(puzzle, params, 1, w, 3) for w in range(3)]
    assert [m.walkers.K for m in members] == [6, 5, 5] and sum(m.walkers.K for m in members) == params["walkers"]


def test_fewer_walkers_than_workers_give_each_worker_one():
    """The default, one walker, on two workers: a walker a worker, natively and from a link."""
    assert [member_walkers(1, w, 2) for w in range(2)] == [1, 1]
    puzzle = generate(parse_spec("16:0.4:1")).puzzle
    params = run_on_processes(puzzle, {}, 1, 1, Budget(max_iterations=1)).params
    assert params["walkers"] == 1
    assert [Member(puzzle, params, 1, w, 2).walkers.K for w in range(2)] == [1, 1]
    result = run_on_processes(puzzle, {}, 1, 2, Budget(max_iterations=200_000), exchange=500)
    assert result.solved and is_solution(puzzle, result.board)
    cli = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", "#g=9:0.4:1&s=alldiff_ls&w=2"],
                         cwd=PY, capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0 and "Traceback" not in cli.stderr


def test_team_start_refuses_a_bad_member_plainly():
    from sudoku_lab import bridge
    puzzle = board_to_string(generate(parse_spec("9:0.4:1")).puzzle.cells)
    out = json.loads(bridge.member_start(json.dumps({"runId": "x", "puzzle": puzzle, "params": {}, "seed": 1,
                                                   "member": 2, "workers": 2, "exchange": 100})))
    assert not out["ok"] and "member must be a whole number from 0 to 1" in out["message"]


def test_solve_link_with_workers_replays_the_team_run():
    """A page link with w= replays natively through run_on_processes (the page's exchange, 50,000 moves)."""
    link = "#g=16:0.4:2&s=alldiff_ls&seed=1&t=120&w=2"
    out = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", link, "--json"], cwd=PY,
                         capture_output=True, text=True, timeout=300)
    d = json.loads(out.stdout)
    native = run_on_processes(generate(parse_spec("16:0.4:2")).puzzle, {}, 1, 2, Budget(max_seconds=120))
    assert d["solved"] and d["params"]["workers"] == 2
    assert (d["iterations"], d["board"]) == (native.iterations, board_to_string(native.board))
    x = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", link + "&x=3000", "--json"], cwd=PY,
                       capture_output=True, text=True, timeout=300)
    native = run_on_processes(generate(parse_spec("16:0.4:2")).puzzle, {}, 1, 2, Budget(max_seconds=120), exchange=3000)
    assert json.loads(x.stdout)["iterations"] == native.iterations
    bad = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", "#g=9:0.4:1&s=hill_climb&w=2"], cwd=PY,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and SENTENCES["workers_refused"].format(solver="hill_climb") in bad.stderr

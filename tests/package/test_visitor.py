"""The trust boundary natively (visitor.py; docs/visitor-solver.md, "The trust boundary"): hostile solvers,
one for each line of the threat model that holds outside the page."""

import json

import pytest

from package.test_cli import cli
from hostile_solvers import PATCHER
from sudoku_lab import bench, links, visitor
from sudoku_lab.run import Budget
from sudoku_lab.solver_file import SolverFile, pack

# Writes a file when its text runs at all (at its top level).
WRITER = '''
from pathlib import Path
Path({path!r}).write_text("ran")
from sudoku_lab.protocol import Progress

def run(puzzle, params, rng):
    yield Progress(1, 1, 0.0, puzzle.cells, {{}})
'''

LIVES = '''
from sudoku_lab.protocol import Progress

def run(puzzle, params, rng):
    {body}
    yield Progress(1, 1, 0.0, puzzle.cells, {{}})
'''


def _link(puzzle, text, **extra) -> str:
    pairs = "&".join(f"{k}={v}" for k, v in extra.items())
    return f"#p={puzzle.to_string()}&s=own&seed=0&t=5&code={pack(text)}" + (f"&{pairs}" if pairs else "")


@pytest.mark.parametrize("flags", [[], ["--solver", "hill_climb"], ["--json"], ["--seed", "3", "--max-iterations", "5"],
                                   ["--param", "x=1"], ["--solver-file", "{other}"]])
def test_a_links_code_never_runs_natively_without_the_flag(tmp_path, papers, flags):
    marker = tmp_path / "ran.txt"
    text = WRITER.format(path=str(marker))
    other = tmp_path / "other.py"
    other.write_text(LIVES.format(body="pass"))
    link = _link(papers["sato-01-easy"], text)
    assert links.decode(link).code == text and not marker.exists()          # reading a link runs nothing
    r = cli("solve", "--link", link, *[f.format(other=other) for f in flags])
    source = SolverFile("my_solver.py", text)
    assert r.returncode == 2 and not marker.exists(), r.stderr
    assert r.stderr.strip() == f"error: {visitor.link_code_refusal(source)}"
    assert source.sha256 in r.stderr and f"{len(text):,} characters" in r.stderr and "--run-link-code" in r.stderr


def test_a_links_code_runs_natively_when_asked_and_only_in_its_own_process(tmp_path, papers):
    marker = tmp_path / "ran.txt"
    r = cli("solve", "--link", _link(papers["sato-01-easy"], WRITER.format(path=str(marker))), "--run-link-code",
            "--max-iterations", "1", "--json")
    assert marker.read_text() == "ran" and json.loads(r.stdout)["solver_file"] == "my_solver.py", r.stderr


def test_a_solver_that_patches_the_lab_and_claims_a_wrong_board_is_a_wrong_claim(tmp_path, papers):
    path = tmp_path / "patcher.py"
    path.write_text(PATCHER)
    r = cli("solve", papers["sato-01-easy"].to_string(), "--solver-file", str(path), "--json")
    got = json.loads(r.stdout)
    assert r.returncode == 1 and (got["solved"], got["stop_reason"]) == (False, "error") and got["conflicts"] > 0
    r = cli("solve", papers["sato-01-easy"].to_string(), "--solver-file", str(path))
    assert "claimed solved, but row 1 has 1" in r.stdout


def test_its_patches_never_reach_a_later_built_in_run_of_the_same_bench(tmp_path, papers):
    path, puzzles = tmp_path / "patcher.py", tmp_path / "one.txt"
    path.write_text(PATCHER)
    puzzles.write_text(f"{papers['sato-27-medium'].to_string()} a\n")
    out = cli("bench", str(puzzles), "--solver-file", str(path), "--solver", "own", "--solver", "hill_climb",
              "--max-iterations", "1", "--json")
    records = {r["solver"]: r for r in map(json.loads, out.stdout.splitlines()) if "puzzle" in r}
    assert (records["own"]["solved"], records["own"]["stop_reason"]) == (False, "error")
    assert (records["hill_climb"]["solved"], records["hill_climb"]["stop_reason"]) == (False, "budget")


def test_an_experiment_job_of_the_visitor_checks_its_claim_in_the_job_s_process(papers):
    source = SolverFile("patcher.py", PATCHER)
    job, = bench.Experiment([(papers["sato-01-easy"].to_string(), "a")], [bench.Entry("own")], runs=1,
                            budget=Budget(max_iterations=5), source=source).jobs()
    rec = job.run()
    assert (rec["solved"], rec["stop_reason"]) == (False, "error") and rec["message"].startswith("claimed solved, but")


@pytest.mark.parametrize("body, says", [
    ("import os; os._exit(3)", "its process ended without a result (exit code 3"),
    ("import ctypes; ctypes.string_at(0)", "its process ended without a result (killed by signal"),
    ("import os; os.write(3, b'{\"ok\": true, \"result\": {\"solved\": true}}\\n'); os._exit(0)",
     "its result's board is not a board's text"),
])
def test_a_process_that_dies_or_forges_its_answer_ends_its_run_as_an_error(papers, body, says):
    r = visitor.run(papers["sato-01-easy"], SolverFile("mine.py", LIVES.format(body=body)), {}, 0, Budget(max_iterations=3))
    assert (r.solved, r.stop_reason) == (False, "error") and says in r.message, r.message


def test_a_step_that_never_yields_is_ended_past_the_time_limit(papers, monkeypatch):
    monkeypatch.setattr(visitor, "GRACE", 1.0)
    r = visitor.run(papers["sato-01-easy"], SolverFile("mine.py", LIVES.format(body="while True: pass")), {}, 0,
                    Budget(max_seconds=0.5))
    assert (r.solved, r.stop_reason) == (False, "error") and "held its process for 1.5 s without yielding" in r.message


def test_a_memory_bomb_ends_its_own_run_only(papers):
    r = visitor.run(papers["sato-01-easy"], SolverFile("mine.py", LIVES.format(body="x = [0] * 10**11")), {}, 0,
                    Budget(max_iterations=3))
    assert r.stop_reason == "error" and "MemoryError" in r.message, r.message


def test_the_claim_cases_are_what_the_lab_s_score_says():
    """tests/claim_cases.json, which the page's own check (static/rules/claim.js) is held to."""
    import numpy as np
    from conftest import ROOT
    from sudoku_lab.grid import parse
    from sudoku_lab.score import conflicts, fault, open_cells
    for c in json.loads((ROOT / "tests" / "claim_cases.json").read_text())["cases"]:
        puzzle, board = parse(c["puzzle"]), parse(c["board"]).cells
        assert (fault(puzzle, board), conflicts(board, puzzle.n), open_cells(board, puzzle.n)) == (
            c["fault"], c["conflicts"], c["open_cells"]), c["why"]
        assert np.array_equal(board, parse(c["board"]).cells)


def test_the_api_s_solve_runs_a_solver_file_in_a_process_of_its_own(tmp_path, papers):
    from sudoku_lab import api
    path = tmp_path / "patcher.py"
    path.write_text(PATCHER)
    r = api.solve(papers["sato-01-easy"], path, max_iterations=3)
    assert (r.solved, r.stop_reason) == (False, "error") and r.message.startswith("claimed solved, but")

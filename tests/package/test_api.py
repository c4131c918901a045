"""The Python API (sudoku_lab.api, exported by the package): the README's example as written,
and each name doing what its docstring says, through the modules that hold the rules."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

import pytest

import sudoku_lab as lab
from conftest import PAPERS, ROOT
from sudoku_lab import api
from sudoku_lab.bench import RECORD_FIELDS
from sudoku_lab.generate import generate, parse_spec

EASY = PAPERS["sato-11-easy"]


def test_the_readme_example_runs_as_written():
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "readme_example.py")], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, cwd=ROOT.parent, timeout=300)
    assert r.returncode == 0, r.stderr
    rating, run, experiment = r.stdout.splitlines()
    assert rating.startswith("Logic settles 1 of 58 empty cells, then needs search")
    assert run.startswith("solved after ") and experiment == "1.0 12 rows"   # 2 puzzles × 2 entries × 3 runs


def test_every_exported_name_is_there_with_a_docstring():
    assert lab.__all__ == api.__all__
    for name in lab.__all__:
        assert getattr(lab, name).__doc__, name


def test_open_puzzle_reads_what_the_paste_box_reads(tmp_path):
    nine_lines = "\n".join(EASY[i:i + 9] for i in range(0, 81, 9))
    (tmp_path / "p.sdk").write_text("# a comment\n" + nine_lines)
    assert lab.open_puzzle(EASY) == lab.open_puzzle(nine_lines) == lab.open_puzzle(tmp_path / "p.sdk")
    assert lab.open_puzzle(f"https://www.sudokuwiki.org/sudoku.htm?bd={EASY}").to_string() == EASY
    assert lab.open_puzzle(f"https://lab.example/#p={EASY}&s=acs").to_string() == EASY
    assert lab.open_puzzle("https://lab.example/#g=16:0.45:7&s=acs") == generate(parse_spec("16:0.45:7")).puzzle
    with pytest.raises(lab.PuzzleError, match="Line 2, column 9: 'Q'"):
        lab.open_puzzle(EASY[:9] + "\n" + "12345678Q\n" + nine_lines[20:])


def test_open_puzzles_names_each_puzzle_of_a_file():
    read = lab.open_puzzles(ROOT / "puzzles" / "papers.txt")
    assert dict((name, p.to_string()) for name, p in read) == PAPERS
    [(name, puzzle)] = lab.open_puzzles(ROOT / "puzzles" / "benchmark" / "inst16x16_40_0.txt")
    assert name == "inst16x16_40_0.txt" and puzzle.N == 16


def test_a_run_iterates_its_steps_then_holds_the_result_solve_gives():
    run = lab.start(EASY, "hill_climb", seed=2, max_seconds=None, max_iterations=500)
    steps = list(run)
    assert steps and all(isinstance(p, lab.Progress) for p in steps)
    assert [p.iteration for p in steps] == sorted(p.iteration for p in steps)
    again = lab.solve(lab.open_puzzle(EASY), "hill_climb", seed=2, max_seconds=None, max_iterations=500)
    assert run.result.solved and run.result.iterations == steps[-1].iteration == again.iterations
    assert np.array_equal(run.result.board, again.board)


def test_a_solver_file_runs_from_its_path():
    template = Path(lab.__file__).parent / "templates" / "min_conflicts.py"
    result = lab.solve(EASY, template, seed=1, max_seconds=None, max_iterations=20_000)
    assert result.solved and result.solver == "own" and result.to_json()["solver_file"] == "min_conflicts.py"


def test_the_cli_solves_through_the_api():
    from test_cli import cli
    out = json.loads(cli("solve", EASY, "--solver", "alldiff_tabu", "--seed", "3", "--json").stdout)
    mine = lab.solve(EASY, "alldiff_tabu", seed=3).to_json()
    assert {k: mine[k] for k in out if k != "seconds"} == {k: v for k, v in out.items() if k != "seconds"}


def test_an_experiment_gives_bench_records_and_rows(tmp_path):
    listed = tmp_path / "two.txt"
    listed.write_text(f"{PAPERS['sato-01-easy']} first\n{PAPERS['sato-27-medium']} second\n")
    out = tmp_path / "runs.jsonl"
    records = lab.experiment([EASY, ("mine", lab.open_puzzle(EASY)), listed], ["alldiff_tabu", "hill_climb:7"],
                             runs=2, max_seconds=None, max_iterations=2000, out=out)
    assert len(records) == 4 * 2 * 2 and all(list(r) == [k for k in RECORD_FIELDS if k in r] for r in records)
    assert {(r["name"], r["file"]) for r in records} == {("puzzle 1", None), ("mine", None),
                                                         ("first", str(listed)), ("second", str(listed))}
    assert sorted({r["seed"] for r in records if r["solver"] == "hill_climb"}) == [7, 8]
    rows = lab.rows(out)
    assert lab.rows(records) == rows and "params" not in rows[0]
    assert {r["params.plateau"] for r in rows if r["solver"] == "hill_climb"} == {10}


def test_drawings_show_the_board_and_the_curves():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    puzzle = lab.open_puzzle(EASY)
    run = lab.start(puzzle, "alldiff_tabu", seed=1)
    steps = list(run)
    texts = lab.draw_board(run.result, puzzle).texts
    assert len(texts) == 81 and sum(t.get_fontweight() == "bold" for t in texts) == puzzle.given_count
    assert [t.get_text() for t in texts[:9]] == list(lab.Result.to_json(run.result)["board"][:9])
    lines = lab.draw_curve(steps).get_lines()
    assert [ln.get_label() for ln in lines] == list(dict.fromkeys(k for p in steps for k in p.series))
    records = lab.experiment([puzzle], ["alldiff_tabu", "hill_climb"], runs=2, max_seconds=None, max_iterations=3)
    solved = lab.draw_solved(records).get_lines()
    assert [ln.get_label() for ln in solved] == ["alldiff_tabu", "hill_climb"]
    for ln, label in zip(solved, ["alldiff_tabu", "hill_climb"]):
        runs = [r for r in records if r["solver"] == label]
        assert ln.get_ydata()[-1] == sum(r["solved"] for r in runs) / len(runs)


def test_a_tune_gives_the_elites_the_trace_and_the_held_out_comparison():
    """sudoku_lab.tune from Python: what `sudoku-lab tune --json` prints (tests/package/tuning/)."""
    puzzles = [(f"9:0.3:{i}", lab.generate(9, 0.3, seed=i).puzzle) for i in range(3)]
    fixed = {"w1": "1", "w2": "-1", "init": "greedy", "post_swap": "true", "propagate": "false"}
    result = lab.tune(puzzles, "hill_climb", params={"plateau": "1:30", **fixed}, max_evaluations=2000, budget=60,
                      seed=3, held_out=puzzles[:1], held_out_runs=2)
    assert result["elites"] and result["budget"]["used"] <= 60
    assert [p["name"] for p in result["space"]["tuned"]] == ["plateau"]
    assert result["held_out"]["same"] or result["held_out"]["comparison"]["pairs"][0]["first"] == "tuned"
    assert result == lab.tune(puzzles, "hill_climb", params={"plateau": "1:30", **fixed}, max_evaluations=2000,
                              budget=60, seed=3, held_out=puzzles[:1], held_out_runs=2)


def test_a_tune_too_small_to_race_is_refused_not_returned_empty():
    """A budget below what irace's first iteration needs to race two configurations ends in no
    elite: sudoku_lab.tune refuses it, naming the field and the least budget, as the CLI and the page do."""
    from sudoku_lab.tuning import TuneError
    puzzles = [lab.generate(9, 0.3, seed=1).puzzle]
    with pytest.raises(TuneError) as refused:
        lab.tune(puzzles, "hill_climb", params={"plateau": "1:30"}, max_evaluations=100, budget=5)
    assert re.fullmatch(r"budget: must be a whole number of at least \d+; got 5", str(refused.value))

"""The generator (generate.py's docstring): specs, determinism, exact
counts of givens drawn from a valid full grid, unique mode, the CLI and its bad input."""

import re
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT
from sudoku_lab import values
from sudoku_lab.exact import count_solutions
from sudoku_lab.generate import Spec, generate, generate_steps, givens_for, parse_spec
from sudoku_lab.grid import Puzzle
from sudoku_lab.limits import SIZES
from sudoku_lab.progress import PAUSE
from sudoku_lab.score import is_solution


def cli(*args):
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, timeout=300)


@pytest.mark.parametrize("size", SIZES)
def test_a_full_grid_is_a_solution_and_every_given_comes_from_it(size):
    made = generate(size, 0.45, 3)
    n = values.SIZES.index(size) + 2
    empty = Puzzle(n, np.zeros(size * size, dtype=np.int8))
    assert is_solution(empty, made.solution)
    assert is_solution(made.puzzle, made.solution)        # keeps every given
    kept = made.puzzle.cells > 0
    assert np.array_equal(made.puzzle.cells[kept], made.solution[kept])
    assert made.puzzle.given_count == made.target == givens_for(0.45, size)
    assert made.stop == "target"


@pytest.mark.parametrize("size", (4, 9, 16, 49, 64))
def test_the_same_spec_gives_the_same_puzzle_and_other_seeds_differ(size):
    a, b = generate(size, 0.5, 11), generate(size, 0.5, 11)
    assert a.puzzle == b.puzzle and np.array_equal(a.solution, b.solution)
    others = {generate(size, 0.5, s).puzzle.to_string() for s in range(12, 17)}
    assert a.puzzle.to_string() not in others and len(others) == 5


def test_full_grids_differ_beyond_the_diagonal_prefill():
    grids = [generate(9, 0, s).solution.reshape(9, 9) for s in range(20)]
    assert len({g.tobytes() for g in grids}) == 20
    # not one pattern relabelled: the relabelling that maps grid 0's first row onto another grid's
    # first row does not map the rest of grid 0 onto it
    relabelled = 0
    for g in grids[1:]:
        table = np.zeros(10, dtype=np.int8)
        table[grids[0][0]] = g[0]
        relabelled += np.array_equal(table[grids[0]], g)
    assert relabelled == 0


def test_a_larger_p_keeps_every_given_of_a_smaller_one_with_the_same_seed():
    low, high = generate(16, 0.3, 5), generate(16, 0.6, 5)
    assert np.array_equal(low.solution, high.solution)
    kept = low.puzzle.cells > 0
    assert np.array_equal(high.puzzle.cells[kept], low.puzzle.cells[kept])


@pytest.mark.parametrize("p, size, want", [(0, 9, 0), (1, 25, 625), (0.45, 9, 36), (0.45, 16, 115), (0.45, 25, 281),
                                           (0.5, 9, 41), (0.1, 25, 63), (0.3, 4, 5), (0.05, 36, 65)])
def test_givens_are_p_times_cells_rounded_halves_up(p, size, want):
    # 0.5·81 = 40.5 → 41; 0.1·625 = 62.5 → 63 (exactly, though 0.1 is not a binary fraction);
    # 0.45·81 = 36.45 → 36, where Lloyd & Amos's ⌈p·N²⌉ keeps 37
    assert givens_for(p, size) == want
    if size <= 16:
        assert generate(size, p, 1).puzzle.given_count == want


def test_the_steps_pause_and_end_with_the_same_puzzle():
    steps = generate_steps(Spec(25, 0.4, 2))
    pauses = 0
    while True:
        try:
            assert next(steps) is PAUSE
            pauses += 1
        except StopIteration as end:
            made = end.value
            break
    assert pauses >= 5 and made.puzzle == generate(25, 0.4, 2).puzzle


@pytest.mark.parametrize("text", ["9:0.3:4:unique", "16:0.55:1:unique", "4:0:3:unique"])
def test_unique_mode_gives_one_solution_and_says_where_it_stopped(text):
    made = generate(parse_spec(text))
    count = count_solutions(made.puzzle)
    assert count.complete and count.solutions == 1 and np.array_equal(count.solution, made.solution)
    assert made.stop in ("target", "minimal") and made.unsettled == 0
    if made.stop == "target":
        assert made.puzzle.given_count == made.target
    else:          # minimal: above the target, and no given can go without a second solution
        assert made.puzzle.given_count > made.target
        for cell in np.flatnonzero(made.puzzle.cells):
            cells = made.puzzle.cells.copy()
            cells[cell] = 0
            assert count_solutions(Puzzle(made.puzzle.n, cells)).solutions == 2


def test_unique_mode_is_deterministic_and_reaches_a_reachable_target():
    a, b = generate(9, 0.5, 8, unique=True), generate(9, 0.5, 8, unique=True)
    assert a.puzzle == b.puzzle and a.stop == "target" and a.puzzle.given_count == 41


def test_a_spec_is_read_by_the_value_rules():
    assert parse_spec("16:.45:007") == Spec(16, 0.45, 7) and Spec(16, 0.45, 7).text == "16:0.45:7"
    assert parse_spec("25:1:0:unique").text == "25:1:0:unique"
    for bad, words in (("10:0.5:1", "size must be 4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8); got '10'"),
                       ("9:1.5:1", "p must be a number from 0 to 1; got '1.5'"),
                       ("9:0.5:-1", "seed must be a whole number"),
                       ("9:0.5", "generator settings must be <size>:<p>:<seed>[:unique]")):
        with pytest.raises(values.ValueProblem, match=re.escape(words)):
            parse_spec(bad)
    with pytest.raises(values.ValueProblem):
        generate(9, -0.1, 1)


def test_the_cli_prints_a_bench_file_and_json():
    r = cli("generate", "--size", "9", "--p", "0.45", "--seed", "7", "--count", "3")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and [line.split(" ")[1] for line in lines] == ["9:0.45:7", "9:0.45:8", "9:0.45:9"]
    for line in lines:
        cells, name = line.split(" ")
        assert cells == generate(parse_spec(name)).puzzle.to_string() and len(cells) - cells.count(".") == 36
    r = cli("generate", "--size", "4", "--p", "0.5", "--seed", "2", "--unique", "--json")
    d = json.loads(r.stdout)
    assert set(d) == {"spec", "size", "p", "seed", "unique", "target", "givens", "stop", "unsettled", "puzzle",
                      "solution"}
    assert (d["spec"], d["size"], d["p"], d["seed"], d["unique"], d["target"]) == ("4:0.5:2:unique", 4, 0.5, 2, True, 8)


def test_the_cli_output_feeds_bench(tmp_path):
    f = tmp_path / "set.txt"
    f.write_text(cli("generate", "--size", "9", "--p", "0.6", "--count", "2").stdout)
    r = cli("bench", str(f), "--solver", "alldiff_tabu", "--json")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0 and [x["name"] for x in rows[:2]] == ["9:0.6:0", "9:0.6:1"]


@pytest.mark.parametrize("args, words", [
    (["--size", "10", "--p", "0.5"], "size must be 4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8); got '10'"),
    (["--size", "9", "--p", "1.5"], "p must be a number from 0 to 1; got '1.5'"),
    (["--size", "9", "--p", "-0.1"], "p must be a number from 0 to 1; got '-0.1'"),
    (["--size", "9", "--p", "0.5", "--seed", "0x10"], "seed must be a whole number from 0 to 9007199254740991"),
    (["--size", "9", "--p", "0.5", "--count", "0"], "--count must be a whole number from 1 to 1000000"),
    (["--size", "9", "--p", "0.5", "--seed", "9007199254740991", "--count", "2"], "the last seed"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    r = cli("generate", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ") and words in r.stderr


@pytest.mark.parametrize("size", (49, 64))
def test_large_grids_are_shuffled_patterns_that_differ_in_rows_columns_and_values(size):
    """Past 36×36 the fill is a shuffled pattern (generate.py, "Past 36×36"): still a solution,
    and two seeds differ after relabelling (their rows are shuffled too)."""
    a, b = generate(size, 0, 1).solution.reshape(size, size), generate(size, 0, 2).solution.reshape(size, size)
    table = np.zeros(size + 1, dtype=np.int8)
    table[a[0]] = b[0]
    assert not np.array_equal(table[a], b)


def test_unique_mode_stops_at_36():
    with pytest.raises(values.ValueProblem, match="unique mode goes up to 36×36; got size 49"):
        parse_spec("49:0.4:1:unique")

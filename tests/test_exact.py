"""The exact solver: counts 0 / 1 / several correctly and its solutions verify."""

import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.exact import count_solutions, solve
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

SATO_01_SOLUTION = "549836127217954368638217954964173582872695431153428679321589746485761293796342815"


@pytest.mark.parametrize("name", list(PAPERS) + list(SIZES))
def test_every_shipped_example_has_one_verified_solution(name):
    p = parse({**PAPERS, **SIZES}[name])
    c = count_solutions(p)
    assert c.complete and c.solutions == 1
    assert is_solution(p, c.solution)


def test_known_solution():
    assert "".join(map(str, solve(parse(PAPERS["sato-01-easy"])).tolist())) == SATO_01_SOLUTION


def test_several_solutions():
    # a line of a public multi-solution benchmark (serg_benchmark): two or more solutions
    p = parse("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
    assert count_solutions(p).solutions == 2
    assert count_solutions(parse("." * 81)).solutions == 2


def test_no_solution():
    # valid givens, but r1c9 can hold nothing: 1-8 in its row and 9 in its column
    text = "12345678." + "........9" + "." * 63
    assert count_solutions(parse(text)).solutions == 0
    assert count_solutions(parse("11" + "." * 79)).solutions == 0   # clashing givens


def test_node_budget_reports_unknown_rather_than_guessing():
    c = count_solutions(parse(PAPERS["ai-escargot"]), max_nodes=5)
    assert not c.complete and c.solutions == 0
    assert count_solutions(parse(PAPERS["ai-escargot"])).complete

"""The README's solver table and its sentence on sizes say what the solvers take: every
registered solver has a row, and the largest size each takes (its `check_params` on an empty
grid of each size) is the one the sentence gives it."""

import re

import numpy as np
import pytest

from conftest import ROOT
from sudoku_lab import solvers
from sudoku_lab.grid import Puzzle
from sudoku_lab.limits import SIZES
from sudoku_lab.run import Run

README = (ROOT / "README.md").read_text(encoding="utf-8")


def largest_size(solver_id: str) -> int:
    taken = []
    for N in SIZES:
        try:
            Run(Puzzle(int(round(N ** 0.5)), np.zeros(N * N, dtype=np.int8)), solver_id, {}, seed=1)
            taken.append(N)
        except solvers.SolverError:
            pass
    assert taken == list(SIZES[:len(taken)]), f"{solver_id} takes {taken}: not every size up to its largest"
    return taken[-1]


def test_the_readme_table_has_a_row_for_every_solver():
    rows = re.findall(r"^\| `(\w+)` \|", README, flags=re.M)
    assert sorted(rows) == sorted(s["id"] for s in solvers.schemas())


@pytest.mark.parametrize("solver_id", [s["id"] for s in solvers.schemas()])
def test_the_readme_says_the_largest_size_each_solver_takes(solver_id):
    sentence = README[README.index("Puzzles come in 4×4"):]
    sentence = sentence[:sentence.index("\n\n")].replace("\n", " ")
    assert "Every solver takes every size up to 36×36" in sentence
    largest = largest_size(solver_id)
    said = {36: f"`{solver_id}` stops at 36×36", 49: f"`{solver_id}` takes 49×49 but not 64×64"}
    if largest == 64:
        others = re.search(r"the others \(([^)]*)\) take 49×49 and 64×64 too", sentence)
        assert others and f"`{solver_id}`" in others.group(1), sentence
    else:
        assert said[largest] in sentence, sentence

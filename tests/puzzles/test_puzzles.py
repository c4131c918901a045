"""Every puzzle the project ships is readable and has exactly one solution."""

from pathlib import Path

import pytest

from sudoku_lab.exact import count_solutions
from sudoku_lab.grid import parse

pytestmark = pytest.mark.slow  # the puzzle files' solution counts (build.py test --fast leaves them out)

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "puzzles").glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_puzzle_file(path):
    lines = [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    assert lines
    for line in lines:
        p = parse(line.split()[0])
        c = count_solutions(p, max_nodes=1_000_000)
        assert c.complete and c.solutions == 1, line

"""An acs Solve on two of the page's workers as a portfolio (docs/protocol.md, "Worker
messages", portfolio runs): a verified solution that is the native portfolio's — the winning
member's own run, iteration for iteration and cell for cell — and the status naming the
winning seed."""

import pytest

from conftest import read_puzzles
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget
from sudoku_lab.score import is_solution
from sudoku_lab.several.processes import run_on_processes

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_a_two_worker_acs_solve_is_the_native_portfolio(lab):
    # top95-5 with seeds 2 and 3: seed 3 (member 1) solves at its fourth iteration, at the second
    # barrier (every 2 iterations, acs's default), while seed 2 does not
    cells = read_puzzles("top95.txt")["top95-5"]
    lab.open(f"#p={cells}&s=acs&seed=2&t=120&w=2")
    assert lab.by("solve-workers").input_value() == "2"
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "error", "stopped", timeout=120_000)
    assert state == "solved", lab.error_text()
    assert lab.metric("workers") == "2"
    puzzle = parse(cells)
    native = run_on_processes(puzzle, {}, 2, 2, Budget(max_seconds=120), solver="acs")
    assert native.solved and "seed 3 solved first" in native.message
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    board = lab.board_values()
    assert board == native.board.tolist() and is_solution(puzzle, native.board)
    assert "portfolio of 2 (seeds 2–3): seed 3 solved first" in lab.by("status").inner_text()

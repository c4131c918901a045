"""alldiff_ls and exact_search in the page: a generated puzzle solved with a seed is the native
run, step for step (same moves or nodes, same board), up to 36×36 for alldiff_ls and 64×64 for
exact_search."""

import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.run import Budget, Run

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_the_page_runs_alldiff_ls_as_the_native_run_does(lab):
    spec, seed = "16:0.4:1", 1
    lab.open(f"#g={spec}&s=alldiff_ls&seed={seed}")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=60_000)
    assert lab.by("solver-select").input_value() == "alldiff_ls"
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "error", timeout=90_000)
    assert state == "solved", lab.error_text()
    moves = int(lab.metric("iteration").replace(",", ""))
    native = Run(generate(parse_spec(spec)).puzzle, "alldiff_ls", {}, seed, Budget(max_iterations=10**6)).finish()
    assert native.solved
    assert moves == native.iterations
    assert lab.board_values() == native.board.tolist()


def test_a_36x36_solved_in_the_page_is_the_native_run_and_a_verified_solution(lab):
    """The move in plain Python is the same in Pyodide: a 36×36 (about 58,000 moves natively)
    solved in the page with the native run's moves and board, a solution that keeps the givens."""
    from sudoku_lab.score import is_solution
    spec, seed = "36:0.4:2", 1
    lab.open(f"#g={spec}&s=alldiff_ls&seed={seed}&t=900&w=1")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=60_000)
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "stopped", "error", timeout=600_000)
    assert state == "solved", lab.error_text()
    puzzle = generate(parse_spec(spec)).puzzle
    native = Run(puzzle, "alldiff_ls", {}, seed, Budget(max_iterations=10**6)).finish()
    assert native.solved
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    board = lab.board_values()
    assert board == native.board.tolist() and is_solution(puzzle, native.board)


def test_the_page_runs_the_exact_search_entry_as_the_native_run_does(lab):
    spec, seed = "16:0.4:1", 0
    lab.open(f"#g={spec}&s=exact_search&seed={seed}")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=60_000)
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "error", timeout=90_000)
    assert state == "solved", lab.error_text()
    native = Run(generate(parse_spec(spec)).puzzle, "exact_search", {}, seed, Budget(max_iterations=10**6)).finish()
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    assert lab.board_values() == native.board.tolist()


def test_the_page_runs_the_exact_search_entry_on_a_64x64_as_the_native_run_does(lab):
    """exact_search past 36×36, where it once refused: a generated 64×64 (about 1,400 nodes
    natively) solved in the page with the native run's nodes and board, a verified solution."""
    from sudoku_lab.score import is_solution
    spec, seed = "64:0.65:1", 0
    lab.open(f"#g={spec}&s=exact_search&seed={seed}&t=300")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=90_000)
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "stopped", "error", timeout=300_000)
    assert state == "solved", lab.error_text()
    puzzle = generate(parse_spec(spec)).puzzle
    native = Run(puzzle, "exact_search", {}, seed, Budget(max_iterations=10**6)).finish()
    assert native.solved and is_solution(puzzle, native.board)
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    assert lab.board_values() == native.board.tolist()


def test_alldiff_ls_chart_starts_at_its_start_state_step_zero(lab):
    """A 49×49's chart started near move 700 (the first step's end); the start state,
    before any move, is its first point now."""
    import json
    lab.open("#g=49:0.4:3&s=alldiff_ls&seed=1&t=60&i=3000")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (49:0.4:3')", timeout=90_000)
    lab.by("start").click()
    lab.wait_state("solved", "failed", "stopped", "error", timeout=120_000)
    with lab.page.expect_download() as dl:
        lab.by("export-json").click()
    data = json.load(open(dl.value.path()))
    rows = data["chart"]["rows"]
    assert data["chart"]["series"][0] == "iteration" and rows[0][0] == 0 and len(rows) > 1
    assert rows[1][0] > 0 and data["iterations"] >= 3000

"""alldiff_ls and exact_search in the page: a generated puzzle solved with a seed is the native
run, step for step (same moves or nodes, same board), up to 36×36 for alldiff_ls and 64×64 for
exact_search; a run that solves a 36×36 its count cannot settle tells the puzzle line so."""

import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def solved_in_page_and_natively(lab, spec, solver, seed, link="", timeout=90_000):
    """The generated puzzle `spec` solved in the page (its link plus `link`) and natively with the
    same seed: the puzzle and the native run, once the page's nodes or moves and board are the
    native run's."""
    lab.open(f"#g={spec}&s={solver}&seed={seed}{link}")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=90_000)
    assert lab.by("solver-select").input_value() == solver
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "stopped", "error", timeout=timeout)
    assert state == "solved", lab.error_text()
    puzzle = generate(parse_spec(spec)).puzzle
    native = Run(puzzle, solver, {}, seed, Budget(max_iterations=10**6)).finish()
    assert native.solved
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    assert lab.board_values() == native.board.tolist()
    return puzzle, native


def test_the_page_runs_alldiff_ls_as_the_native_run_does(lab):
    solved_in_page_and_natively(lab, "16:0.4:1", "alldiff_ls", 1)


def test_a_36x36_solved_in_the_page_is_the_native_run_and_tells_the_puzzle_line_it_has_a_solution(lab):
    """The move in plain Python is the same in Pyodide: a 36×36 (about 58,000 moves natively)
    solved in the page with the native run's moves and board, a solution that keeps the givens.
    Its count runs out of its time budget (rate.RATE_SECONDS): the run that found a solution is
    not contradicted by "checking…" or "solution count unknown" beside "Solved."."""
    puzzle, native = solved_in_page_and_natively(lab, "36:0.4:2", "alldiff_ls", 1, "&t=900&w=1", timeout=600_000)
    assert is_solution(puzzle, native.board)
    lab.page.wait_for_function("() => /at least one solution \\(a run found one/"
                               ".test(document.querySelector('[data-testid=puzzle-info]').textContent)", timeout=5_000)
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions]', timeout=60_000)   # the count's answer
    assert lab.by("puzzle-info").get_attribute("data-solutions") == "unknown"          # the case in question
    assert "at least one solution (a run found one" in lab.by("puzzle-info").inner_text()
    assert "no solution found yet" not in lab.by("error").inner_text()     # the count's notice does not say otherwise


def test_the_page_runs_the_exact_search_entry_as_the_native_run_does(lab):
    solved_in_page_and_natively(lab, "16:0.4:1", "exact_search", 0)


def test_the_page_runs_the_exact_search_entry_on_a_64x64_as_the_native_run_does(lab):
    """exact_search past 36×36, where it once refused: a generated 64×64 (about 1,400 nodes
    natively) solved in the page with the native run's nodes and board, a verified solution."""
    puzzle, native = solved_in_page_and_natively(lab, "64:0.65:1", "exact_search", 0, "&t=300", timeout=300_000)
    assert is_solution(puzzle, native.board)


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

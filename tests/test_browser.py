"""The page in headless Chromium: load, paste, run, stop, share, bad input."""

import json
import time
from pathlib import Path

import numpy as np
import pytest

from conftest import PAPERS, SIZES, fresh_lab
from sudoku_lab.grid import format_grid, parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution

pytestmark = pytest.mark.browser
CASES = json.loads((Path(__file__).parent / "parse_cases.json").read_text())
HOOKS = ["puzzle-input", "load-puzzle", "examples", "board", "solver-select", "seed-input", "start",
         "stop", "status", "metrics", "chart", "share", "error", "puzzle-info"]


def test_page_paints_before_python_and_then_loads(lab):
    lab.open(wait_ready=False)
    lab.page.wait_for_selector('[data-testid="cell"]')
    assert lab.state() == "loading"
    assert len(lab.board()) == 81                      # the default puzzle shows at once
    lab.load(PAPERS["ai-escargot"])                    # and a paste works before Python is up
    assert sum(c["given"] for c in lab.board()) == 23
    lab.wait_state("ready", timeout=60_000)
    versions = lab.by("versions").inner_text()
    assert "Pyodide 0.27.7" in versions and "Python 3.12" in versions and "numpy 2.0.2" in versions
    assert lab.by("puzzle-info").get_attribute("data-solutions") == "1"
    for hook in HOOKS:
        assert lab.by(hook).count() == 1, hook
    assert [o for o in lab.by("solver-select").locator("option").all_inner_texts() if "hill_climb" in o]
    assert lab.page.locator('[data-testid="param-plateau"]').input_value() == "10"
    assert lab.foreign_requests == []
    assert lab.console_errors == []


def test_paste_run_and_verify_the_solved_board(lab):
    lab.open()
    lab.load(format_grid(parse(PAPERS["sato-11-easy"]).cells, 3))     # a bordered grid
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    assert "givens" in lab.by("puzzle-info").inner_text()
    lab.by("solver-select").select_option("hill_climb")
    lab.by("seed-input").fill("4")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    board = lab.board()
    puzzle = parse(PAPERS["sato-11-easy"])
    values = np.array(lab.board_values())
    assert is_solution(puzzle, values)
    assert [c["given"] for c in sorted(board, key=lambda c: (c["row"], c["col"]))] == puzzle.givens.tolist()
    assert not any(c["conflict"] for c in board)
    assert int(lab.by("chart").get_attribute("data-points")) > 1
    metrics = lab.by("metrics")
    assert metrics.locator('[data-metric="conflicts"]').inner_text() == "0"
    assert metrics.locator('[data-metric="iteration"]').inner_text() != "–"
    assert lab.foreign_requests == []


def test_stop_halts_a_running_search(lab):
    lab.open()
    lab.load(PAPERS["ai-escargot"])
    lab.page.locator('[data-testid="param-plateau"]').fill("10000")   # a long plateau walk: no early solve
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function(
        "() => +document.querySelector('[data-metric=iteration]').textContent.replace(/,/g,'') > 50")
    t0 = time.perf_counter()
    lab.by("stop").click()
    lab.wait_state("stopped", timeout=5_000)
    latency = time.perf_counter() - t0
    print(f"stop latency as seen by the test: {latency * 1000:.0f} ms")
    frozen = lab.by("metrics").locator('[data-metric="iteration"]').inner_text()
    lab.page.wait_for_timeout(300)
    assert lab.by("metrics").locator('[data-metric="iteration"]').inner_text() == frozen
    assert lab.by("start").is_enabled() and not lab.by("stop").is_enabled()


def test_share_link_restores_the_run_and_replays_it_exactly(lab, browser):
    lab.open()
    lab.load(PAPERS["sato-27-medium"])
    lab.by("seed-input").fill("11")
    lab.page.locator('[data-testid="param-plateau"]').fill("12")
    lab.page.locator('[data-testid="param-post_swap"]').uncheck()
    lab.by("share").click()
    url = lab.by("share").get_attribute("data-url")
    assert "#p=" in url and "s=hill_climb" in url and "seed=11" in url and "plateau=12" in url

    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"
    first = (lab.by("metrics").locator('[data-metric="iteration"]').inner_text(), lab.board_values())

    with fresh_lab(browser, lab.base) as other_lab:
        other = other_lab.visit(url).page
        assert other.get_by_test_id("seed-input").input_value() == "11"
        assert other.locator('[data-testid="param-plateau"]').input_value() == "12"
        assert not other.locator('[data-testid="param-post_swap"]').is_checked()
        assert other.get_by_test_id("solver-select").input_value() == "hill_climb"
        other.get_by_test_id("start").click()
        other.wait_for_selector('[data-testid="status"][data-state="solved"]', timeout=60_000)
        second_it = other.locator('[data-metric="iteration"]').inner_text()
        second_board = other.eval_on_selector_all('[data-testid="cell"]', "els => els.map(e => +e.dataset.value)")
    assert (second_it, second_board) == first
    # and the browser's run is the native run, step for step
    native = Run(parse(PAPERS["sato-27-medium"]), "hill_climb", {"plateau": 12, "post_swap": False}, 11,
                 Budget(max_iterations=10**6)).finish()
    assert native.iterations == int(first[0].replace(",", ""))
    assert native.board.tolist() == first[1]


def test_bad_paste_keeps_the_text_and_says_where(lab):
    lab.open()
    before = lab.board_values()
    text = "\n".join(PAPERS["sato-01-easy"][i:i + 9] for i in range(0, 81, 9)).replace("7", "?", 1)
    lab.load(text)
    msg = lab.error_text()
    assert "Line 2, column 3: '?'" in msg
    assert lab.by("puzzle-input").input_value() == text
    assert lab.board_values() == before
    lab.load(PAPERS["sato-01-easy"][:80])
    assert "Found 80 cells" in lab.error_text()
    lab.load("<b>bold</b>")
    assert lab.page.locator('[data-testid="error"] b').count() == 0


def test_puzzle_without_solution_is_reported(lab):
    lab.open()
    lab.load("55" + "." * 79)
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="0"]')
    assert "row 1 has 5 twice" in lab.error_text()
    assert sum(c["conflict"] for c in lab.board()) == 2


@pytest.mark.parametrize("fragment,words", [
    ("#p=12345&s=hill_climb", "puzzle cannot be read"),
    ("#p=" + PAPERS["sato-01-easy"] + "&s=nope", "unknown solver 'nope'"),
    ("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&plateau=abc", "'plateau' must be a whole number"),
    ("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=x", "seed must be a whole number"),
    ("#p=%3Cscript%3Ealert(1)%3C/script%3E", "is not a digit"),
])
def test_bad_link_shows_a_message_and_runs_nothing(lab, fragment, words):
    lab.open(fragment)
    assert words in lab.error_text()
    assert lab.state() == "ready"
    assert lab.page.locator("script:not([src])").count() == 0


def test_examples_menu_has_the_papers_puzzles(lab):
    lab.open()
    labels = lab.by("examples").locator("option").all_inner_texts()
    for name in ("sato-01-easy", "sato-106-difficult", "ai-escargot", "pillay-fig1", "16x16-vukr-1"):
        assert name in labels
    lab.by("examples").select_option(label="16x16-vukr-1")
    assert len(lab.board()) == 256
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]', timeout=30_000)


def test_4x4_runs_to_a_solution_in_the_page(lab):
    lab.open("#p=" + SIZES["4x4-vukr-1"] + "&s=hill_climb&seed=3")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=30_000) == "solved"
    assert is_solution(parse(SIZES["4x4-vukr-1"]), np.array(lab.board_values()))


def test_js_parser_agrees_with_python_on_every_case(lab):
    lab.open(wait_ready=False)
    results = lab.page.evaluate("""async (cases) => {
        const m = await import('./static/parse.js');
        return cases.map(c => { try { const p = m.parsePuzzle(c.text); return {cells: m.boardToString(p.cells)}; }
                                 catch (e) { return {error: e.message, line: e.line, column: e.column}; } });
    }""", CASES)
    from sudoku_lab.grid import PuzzleError
    for case, got in zip(CASES, results):
        try:
            want = {"cells": parse(case["text"]).to_string()}
        except PuzzleError as e:
            want = {"error": e.message, "line": e.line, "column": e.column}
        assert got == want, case["name"]


def test_ga_woc_solves_an_easy_puzzle_in_the_page(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=ga_woc&seed=0")
    assert lab.by("solver-select").input_value() == "ga_woc"
    assert lab.page.locator('[data-testid="param-population"]').input_value() == "5000"
    lab.by("start").click()
    lab.page.wait_for_selector('[data-testid="board-view"] option[value="aggregate"]', state="attached")
    assert lab.wait_state("solved", "failed", "error", timeout=90_000) == "solved"
    assert is_solution(parse(PAPERS["sato-01-easy"]), np.array(lab.board_values()))
    assert lab.by("chart").get_attribute("data-series") == "best,mean,expert_mean,aggregate"
    lab.by("board-view").select_option("aggregate")          # the crowd's board, on demand
    assert len(lab.board_values()) == 81 and all(v > 0 for v in lab.board_values())


def test_nb_coin_shows_its_model_and_solves_an_easy_puzzle(lab):
    lab.open("#p=" + PAPERS["sato-11-easy"] + "&s=nb_coin&seed=0")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    # solved: the board shows the verified solution; the model view is still offered
    assert lab.by("board-view").input_value() == ""
    assert is_solution(parse(PAPERS["sato-11-easy"]), np.array(lab.board_values()))
    lab.by("board-view").select_option("model")   # empty cells shaded by their likeliest digit's probability
    shaded = lab.page.eval_on_selector_all('[data-testid="cell"][data-given="false"]',
                                           "els => els.map(e => +e.dataset.p)")
    assert shaded and all(0 < p <= 1 for p in shaded)
    assert lab.by("chart").get_attribute("data-series") == "best,mean,worst,entropy"


def test_nb_coin_restarts_show_on_the_chart_and_in_the_metrics(lab):
    lab.open("#p=" + PAPERS["sato-106-difficult"] + "&s=nb_coin&seed=0&update=count&restart=10&max_generations=150")
    assert lab.page.locator('[data-testid="param-restart"]').input_value() == "10"
    lab.by("start").click()
    lab.wait_state("solved", "failed", "error", timeout=60_000)
    restarts = int(lab.by("metrics").locator('[data-metric="restarts"]').inner_text())
    assert restarts > 0
    assert int(lab.by("chart").get_attribute("data-events")) == restarts


def test_alldiff_tabu_solves_ai_escargot_in_the_page(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=alldiff_tabu&seed=0")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PAPERS["ai-escargot"]), np.array(lab.board_values()))
    assert lab.by("chart").get_attribute("data-series") == "cells_left,domain_size"


def test_alldiff_tabu_shows_the_filtered_domains_as_pencil_marks(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=alldiff_tabu&seed=0&max_iterations=1")
    lab.by("start").click()
    lab.wait_state("solved", "failed", timeout=30_000)
    marks = lab.page.eval_on_selector_all('[data-testid="cell"][data-value="0"]', "els => els.map(e => e.dataset.candidates)")
    assert marks and all(m and 1 <= len(m) <= 9 for m in marks)
    assert sum(len(m) for m in marks) < 9 * len(marks)           # the filter has removed values


def test_gp_moves_solves_and_replays_its_program_move_by_move(lab):
    lab.open("#p=" + PAPERS["sato-77-difficult"] + "&s=gp_moves&seed=0")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    puzzle = parse(PAPERS["sato-77-difficult"])
    assert is_solution(puzzle, np.array(lab.board_values()))
    program = lab.by("program").inner_text()
    assert program and set(program) <= set("rcbwlk342")
    slider = lab.by("replay")
    assert slider.get_attribute("max") == str(len(program))
    slider.fill("0")                                          # back to the puzzle
    assert lab.board_values() == puzzle.cells.tolist()
    lab.by("replay-next").click()                             # one move: its placements highlighted
    after_one = lab.board_values()
    highlighted = lab.page.eval_on_selector_all('[data-testid="cell"][data-highlight="true"]',
                                                "els => els.map(e => +e.dataset.value)")
    filled = sum(1 for a, b in zip(after_one, puzzle.cells.tolist()) if a != b)
    assert len(highlighted) == filled and all(v > 0 for v in highlighted)
    assert "move 1 of" in lab.by("replay-label").inner_text()

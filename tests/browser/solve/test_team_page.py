"""An alldiff_ls Solve on two of the page's workers as one run (docs/protocol.md,
"Worker messages", team runs): a verified solution that is the native team run's, move for move
and cell for cell, and Stop ending both workers' members."""

import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.run import Budget
from sudoku_lab.several.processes import run_on_processes

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def wait_generated(lab, spec: str):
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=90_000)


def start_a_team_then_stop(lab):
    """Start; once both members stream (the summed moves past zero) the metrics say 2 workers;
    Stop: the team reports stopped only once every member's worker has answered its stop."""
    lab.by("start").click()
    lab.wait_state("running", timeout=120_000)
    lab.page.wait_for_function("() => { const t = document.querySelector('[data-metric=iteration]').textContent;"
                               " return t !== '–' && Number(t.replace(/,/g, '')) > 0; }", timeout=120_000)
    assert lab.metric("workers") == "2"
    lab.by("stop").click()
    assert lab.wait_state("stopped", "error", timeout=10_000) == "stopped", lab.error_text()


def test_a_two_worker_solve_is_the_native_team_run(lab):
    # a 16×16 the team solves in ~7,300 moves, exchanging every 100 moves per worker: about
    # thirty-six barriers, each a hand-off through the page that the native processes make too
    spec, seed, exchange = "16:0.4:1", 1, 100
    lab.open(f"#g={spec}&s=alldiff_ls&seed={seed}&t=240&w=2&x={exchange}")
    wait_generated(lab, spec)
    assert lab.by("solve-workers").input_value() == "2"
    assert lab.by("solve-exchange").input_value() == str(exchange)
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "error", "stopped", timeout=300_000)
    assert state == "solved", lab.error_text()
    assert lab.metric("workers") == "2"
    native = run_on_processes(generate(parse_spec(spec)).puzzle, {}, seed, 2, Budget(max_seconds=240), exchange=exchange)
    assert native.solved and native.iterations > 10 * 2 * exchange          # past ten barriers
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    lab.wait_board()
    assert lab.board_values() == native.board.tolist()


def test_a_team_ends_at_its_first_solution_as_the_native_team_does(lab):
    """No barrier in sight (x = 10^6): the member that solves first caps the other through the
    page (member-cap), and the run ends there with the native team's moves and board."""
    spec, seed, exchange = "16:0.4:2", 2, 1_000_000
    lab.open(f"#g={spec}&s=alldiff_ls&seed={seed}&t=240&w=2&x={exchange}")
    wait_generated(lab, spec)
    lab.by("start").click()
    state = lab.wait_state("solved", "failed", "error", "stopped", timeout=300_000)
    assert state == "solved", lab.error_text()
    native = run_on_processes(generate(parse_spec(spec)).puzzle, {}, seed, 2, Budget(max_seconds=240), exchange=exchange)
    assert native.solved and native.iterations < exchange                    # before the first barrier
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    lab.wait_board()
    assert lab.board_values() == native.board.tolist()


SCREENS = [("light", {"width": 1280, "height": 900}), ("dark", {"width": 1280, "height": 900}),
           ("light", {"width": 390, "height": 844}), ("dark", {"width": 390, "height": 844})]


def test_a_team_says_what_it_was_as_a_portfolio_does(lab):
    """"Solved. 87,798 moves" said nothing of the team: the status line names its workers, seed,
    walkers and exchange and the worker that solved, in the native run's words, within the screen
    (one run, its status line then seen in each scheme at each width)."""
    spec, seed, exchange = "16:0.4:1", 1, 500
    lab.open(f"#g={spec}&s=alldiff_ls&seed={seed}&t=240&w=2&x={exchange}")
    wait_generated(lab, spec)
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", "stopped", timeout=300_000) == "solved", lab.error_text()
    native = run_on_processes(generate(parse_spec(spec)).puzzle, {}, seed, 2, Budget(max_seconds=240), exchange=exchange)
    assert native.message.startswith("team of 2 (seed 1, 1 walker a worker, elites pooled every 500 moves): worker ")
    status = lab.by("status")
    for scheme, viewport in SCREENS:
        lab.page.emulate_media(color_scheme=scheme)
        lab.page.set_viewport_size(viewport)
        assert status.inner_text().endswith(f" — {native.message}"), (scheme, viewport)
        box = status.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (scheme, viewport, box)


def test_stop_ends_both_workers_of_a_team_run(lab):
    spec = "36:0.5:0"
    lab.open(f"#g={spec}&s=alldiff_ls&seed=1&t=600&w=2")
    wait_generated(lab, spec)
    start_a_team_then_stop(lab)
    assert lab.metric("workers") == "2"
    assert lab.by("start").is_enabled() and not lab.by("stop").is_enabled()


def test_workers_left_auto_run_a_team_where_one_pays_on_the_cores_the_machine_spares(visitor):
    """The Solver form's Workers starts empty, "auto" (docs/links-and-files.md, workers by default): on a
    machine of three cores (two to spare beside the page) a hard 36×36 of alldiff_ls runs as a team of 2,
    and its share link says w=2; a 9×9 runs on one, and its link has no w=."""
    lab = visitor()
    lab.page.add_init_script("Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 })")
    lab.open()
    workers = lab.by("solve-workers")
    assert workers.input_value() == "" and workers.get_attribute("placeholder") == "auto: 1"
    lab.by("share").click()
    assert "&w=" not in lab.by("share").get_attribute("data-url")
    lab.by("solver-select").select_option("alldiff_ls")
    lab.generate(36, 0.45, 1)
    assert workers.get_attribute("placeholder") == "auto: 2"
    assert lab.by("solve-workers-auto").inner_text().startswith("auto: 2 workers — a team ends at its first solution")
    lab.by("share").click()
    assert "&w=2" in lab.by("share").get_attribute("data-url")
    start_a_team_then_stop(lab)
    assert workers.input_value() == ""
    assert not lab.by("chart-note").is_visible()

"""What the page shows is true (issue 27): a Start pressed while a linked puzzle is being made
runs that puzzle, charts keep their early history, a race's settled boards mark their clashes,
a run's default board is the one its metrics describe, and the run controls do what was
pressed, however fast."""

import functools

import pytest

from conftest import PAPERS
from sudoku_lab.generate import generate, parse_spec

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

# about 1 s natively (unique mode; seconds in the page): long enough that Start is pressed while
# the page makes it (16:0.38:3:unique took 4 s natively, and each of three tests waited for it)
SLOW_SPEC = "16:0.38:1:unique"


@functools.cache
def slow_puzzle() -> list[int]:
    """The native puzzle of SLOW_SPEC, made before the page is opened: made between Start and the
    first check (seconds at a high load), the page could have made it and run meanwhile."""
    return generate(parse_spec(SLOW_SPEC)).puzzle.cells.tolist()


def start_while_making(lab, start_id):
    """Press Start while the linked puzzle is being made (asserting it is), and check what the
    page says meanwhile: the board names what it makes, the share link keeps the g=."""
    assert lab.by("puzzle-info").get_attribute("data-generating") == "true", "the puzzle was made before Start"
    lab.by(start_id).click()
    making = lab.by("board-making")
    assert making.is_visible() and "16×16" in making.inner_text() and SLOW_SPEC in making.inner_text()
    assert "waits" in lab.error_text()
    notice = lab.by("error")
    assert notice.get_attribute("data-kind") == "info" and notice.get_attribute("role") == "status"   # not an error
    assert f"g={SLOW_SPEC}" in lab.by("share").get_attribute("data-url")
    return slow_puzzle()


def test_start_while_a_linked_puzzle_is_made_runs_that_puzzle(lab):
    slow_puzzle()
    lab.open(f"#g={SLOW_SPEC}&s=hill_climb&seed=1&t=2")
    native = start_while_making(lab, "start")
    assert lab.state() == "ready"                           # nothing ran on the puzzle shown before
    lab.wait_state("solved", "failed", timeout=120_000)
    assert lab.givens_on_board() == native
    assert not lab.by("board-making").is_visible()
    url = lab.by("share").get_attribute("data-url")
    keys = [pair.split("=")[0] for pair in url.split("#")[1].split("&")]
    assert f"g={SLOW_SPEC}" in url and "p" not in keys, url        # (a time-limited end adds stop=)
    assert "16×16" in lab.page.evaluate("() => document.querySelector('[data-testid=chart]').dataset.title")


def test_a_race_started_while_its_puzzle_is_made_races_on_it(lab):
    slow_puzzle()
    lab.open(f"#g={SLOW_SPEC}&t=2&m=race&e=hill_climb:1,hill_climb:2")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    native = start_while_making(lab, "compare-start")
    assert lab.by("lane").count() == 0
    lab.wait_lanes_done(timeout=120_000)
    for lane in lab.page.query_selector_all('[data-testid="lane"]'):
        givens = lane.eval_on_selector_all('[data-testid=cell]', "els => els.map(e => e.dataset.given === 'true' ? +e.dataset.value : 0)")
        assert givens == native
    assert f"g={SLOW_SPEC}" in lab.by("share").get_attribute("data-url")


def test_stop_cancels_a_start_that_waits_for_its_puzzle(lab):
    slow_puzzle()
    lab.open(f"#g={SLOW_SPEC}&s=hill_climb&seed=1&t=2")
    start_while_making(lab, "start")
    lab.by("stop").click()
    assert "waits" not in lab.error_text()
    lab.page.wait_for_selector('[data-testid="board-making"]', state="hidden", timeout=120_000)
    lab.page.wait_for_timeout(300)
    assert lab.state() == "ready"                           # the made puzzle is shown; nothing ran
    assert lab.givens_on_board() == slow_puzzle()


def test_a_long_race_chart_keeps_every_stretch_of_its_log_time_axis(lab):
    """Each lane's line, as drawn, against the race's JSON (every sample): its points are the
    JSON's, and every stretch of the log time axis keeps points — the first second as well as
    the last (before: only every 2^k-th early point was left, a flat step over the start)."""
    import json
    import math
    lab.page.context.set_default_timeout(60_000)
    # a step budget, not the time limit, ends the lanes: 10,000 steps take seconds on a quiet
    # machine and longer under load, and a lane keeps a sample each 4 ms of its run
    # (py/sudoku_lab/frames.py): more than 400 either way, thinned over four decades of seconds
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&i=10000&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    lab.by("compare-start").click()
    lab.wait_lanes_done(timeout=120_000)
    lab.page.wait_for_timeout(500)                          # the chart's last redraw (ten a second)
    plotted = json.loads(lab.by("compare-chart").get_attribute("data-plotted"))
    with lab.page.expect_download() as dl:
        lab.by("export-race").click()
    race = json.load(open(dl.value.path()))
    for (xs, ys), lane in zip(plotted, race["lanes"]):
        rows = lane["series"]["rows"]
        assert len(rows) > 400, "the run was too short to be thinned"
        assert len(xs) <= 400
        raw = {(x, y) for x, y in rows}
        assert all((x, y) in raw for x, y in zip(xs, ys))   # drawn points are the run's own
        logs = [math.log10(x) for x in xs]
        bucket = (math.log10(rows[-1][0]) - math.log10(rows[0][0])) / 100
        for x, _ in rows:                                   # no stretch of the axis left bare
            gap = min(abs(math.log10(x) - k) for k in logs)
            assert gap <= 2 * bucket, (x, gap, bucket)


def test_a_lane_that_ends_unsolved_marks_the_clashes_of_its_board(lab):
    import numpy as np
    from sudoku_lab.score import conflict_cells
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=2&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    lab.by("compare-start").click()
    lab.wait_lanes_done(timeout=120_000)
    lanes = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({state: e.dataset.state,
        values: [...e.querySelectorAll('[data-testid=cell]')].map(c => +c.dataset.value),
        marked: [...e.querySelectorAll('[data-testid=cell]')].map(c => c.dataset.conflict === 'true')}))""")
    unsolved = [lane for lane in lanes if lane["state"] != "solved"]
    assert unsolved, "every lane solved: nothing to check"
    for lane in unsolved:
        clashing = conflict_cells(np.array(lane["values"]), 3).ravel().tolist()
        assert any(clashing), "a full board with no clash is solved"
        assert lane["marked"] == clashing


@pytest.mark.parametrize("solver,view", [("acs", "pheromone"), ("nb_coin", "model")])
def test_the_board_a_run_shows_by_default_is_the_one_its_metrics_describe(lab, solver, view):
    import numpy as np
    from sudoku_lab.score import conflict_cells, conflicts
    lab.open("#p=" + PAPERS["ai-escargot"] + f"&s={solver}&seed=1&t=1.5")
    lab.by("start").click()
    lab.page.wait_for_selector(f'[data-testid="board-view"] option[value="{view}"]', state="attached")
    assert lab.by("board-view").input_value() == ""
    assert lab.wait_state("failed", "solved", timeout=60_000) == "failed"
    lab.page.wait_for_timeout(300)
    values = np.array(lab.board_values())
    clashing = conflict_cells(values, 3).ravel()
    assert int(lab.metric("conflicts")) == conflicts(values, 3)
    assert int(lab.metric("open_cells")) == int(np.count_nonzero((values == 0) | clashing))
    assert [c["conflict"] for c in sorted(lab.board(), key=lambda c: (c["row"], c["col"]))] == clashing.tolist()
    note = lab.by("board-view-note")
    assert not note.is_visible()
    lab.by("board-view").select_option(view)                # the extra board says what it is
    assert note.is_visible() and view in note.inner_text() and "not a candidate" in note.inner_text()
    assert "metrics describe the best candidate" in note.inner_text()
    lab.by("board-view").select_option("")
    assert not note.is_visible()


def test_a_full_board_names_its_empty_and_clashing_cells_apart(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&t=1&plateau=10000")
    lab.by("start").click()
    assert lab.wait_state("failed", "solved", timeout=60_000) == "failed"
    lab.page.wait_for_timeout(300)
    board = lab.board()
    clashing = sum(c["conflict"] for c in board)
    assert all(c["value"] for c in board) and clashing > 0          # hill climbing fills every cell
    assert lab.metric("empty_cells") == "0" and lab.metric("clashing_cells") == str(clashing)
    assert lab.metric("open_cells") == str(clashing)
    status = lab.by("status").inner_text()
    assert f"0 empty cells and {clashing} clashing cells left" in status and "still open" not in status, status


def test_the_compare_status_says_in_its_state_what_its_sentence_says(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=race&t=5&e=hill_climb:1,alldiff_tabu:2")
    lab.page.evaluate("""() => { const s = document.querySelector('[data-testid=compare-status]'); window.__said = [];
        new MutationObserver(() => window.__said.push([s.dataset.state, s.textContent])).observe(s,
        {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    lab.by("compare-start").click()
    lab.wait_lanes_done()
    said = lab.page.evaluate("() => window.__said")
    assert any(state == "running" for state, _ in said), said
    for state, text in said:
        if state == "loading":
            assert "loading" in text and "ready" not in text.split("(")[0], (state, text)
        if state == "running":
            assert "running" in text or "starting" in text, (state, text)
        assert ("running" in text) <= (state == "running"), (state, text)


def test_a_link_to_solve_opened_mid_race_ends_the_race_quietly(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')]"
                               ".every(l => +l.dataset.painted > 1)", timeout=90_000)
    other = PAPERS["sato-01-easy"]
    lab.page.evaluate("h => { location.hash = h; }", "#p=" + other + "&s=hill_climb&seed=1")
    lab.page.wait_for_selector('[data-testid="view"][data-view="solve"]')
    lab.page.wait_for_timeout(2000)                         # the abandoned race's lanes report in
    assert not [e for e in lab.console_errors if "link" in e], lab.console_errors
    status = lab.by("compare-status")
    assert status.get_attribute("data-state") == "ready" and "running" not in status.text_content()
    assert lab.state() == "ready"
    lab.by("start").click()                                 # the page runs the new link's puzzle
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"


@pytest.mark.parametrize("view", ["solve", "race"])
def test_a_stop_in_the_same_task_as_start_stops(lab, view):
    if view == "solve":
        lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&t=30&plateau=10000")
        start, stop = "start", "stop"
    else:
        lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
        lab.page.wait_for_selector('[data-testid="compare-entry"]')
        start, stop = "compare-start", "compare-stop"
    lab.page.evaluate("([a, b]) => { document.querySelector(`[data-testid=${a}]`).click();"
                      " document.querySelector(`[data-testid=${b}]`).click(); }", [start, stop])
    lab.page.wait_for_timeout(3000)
    assert lab.state() != "running"
    assert lab.by(start).is_enabled() and lab.by(stop).is_disabled()
    if view == "race":
        assert all(lane["state"] != "running" for lane in lab.lanes())
        assert lab.by("compare-status").get_attribute("data-state") != "running"
    lab.by(start).click()                                   # and the next Start runs
    lab.wait_state("running")


def test_a_run_that_solves_tells_the_puzzle_line_there_is_a_solution(lab):
    """A 36×36's count runs out of its budget; a Solve run that finds a solution meanwhile is
    not contradicted by "checking…" or "solution count unknown" beside "Solved."."""
    lab.open("#g=36:0.4:1&s=alldiff_ls&seed=1")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=120_000) == "solved"
    lab.page.wait_for_function("() => /at least one solution \\(a run found one/"
                               ".test(document.querySelector('[data-testid=puzzle-info]').textContent)", timeout=5_000)
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions]', timeout=60_000)   # the count's answer
    assert "at least one solution (a run found one" in lab.by("puzzle-info").inner_text()
    assert "no solution found yet" not in lab.by("error").inner_text()     # the count's notice does not say otherwise

"""Budgets that do not depend on the load (docs/links-and-files.md, "Share links"; docs/protocol.md,
"The run protocol"; docs/page.md, "The page"): a step budget carried by the share link and replayed to the same board; the stop
point a link copied after Stop or a time-limited end carries, replayed to the same step; the
note beside a comparison's Start when its workers outnumber the cores; a race ranked by its
budget's measure, its unsolved lanes by open cells, and the words saying so."""

import pytest

from conftest import PAPERS
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

HARD = PAPERS["sato-106-difficult"]


def iteration(page) -> int:
    return int(page.locator('[data-metric="iteration"]').inner_text().replace(",", ""))


def board_of(page) -> list[int]:
    return page.eval_on_selector_all('[data-testid="board"] [data-testid="cell"]',
                                     "els => els.sort((a, b) => a.dataset.row - b.dataset.row || a.dataset.col - b.dataset.col)"
                                     ".map(e => +e.dataset.value)")


def replay(lab, url: str, *states: str, visitor=None):
    """Open `url`, press Start; the stop point its note named before Start (data-stop, None
    when hidden), its status, iteration and board once it ends. On the test's own page the
    link is opened in its tab, which the page applies setting by setting as a new page does
    (static/page/open-link.js, the same `open` at load and on a hash change), so the replay
    costs no second Python load; with `visitor`, another visitor's page loads with the link
    (read before its runtime is ready)."""
    if visitor is None:
        other = lab
        other.reset()                               # a fresh page's settings: what follows is the link's
        other.open("#" + url.split("#", 1)[1])
    else:
        other = visitor().visit(url)
    note = other.by("stop-point")
    said = note.get_attribute("data-stop") if note.is_visible() else None
    other.by("start").click()
    state = other.wait_state(*states, timeout=120_000)
    return other, said, state, iteration(other.page), board_of(other.page)


def test_a_step_budget_goes_into_the_link_and_replays_to_the_same_step_and_board(lab):
    lab.open("#p=" + HARD + "&s=nb_coin&seed=3&t=600")
    lab.by("max-steps").fill("40")
    url = lab.by("share").get_attribute("data-url")
    assert "&i=40" in url and "stop=" not in url
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "stopped", timeout=120_000) == "failed"     # its step budget ended it
    first = (iteration(lab.page), board_of(lab.page))
    assert first[0] == 40
    assert "stop=" not in lab.by("share").get_attribute("data-url")       # a step budget needs no stop point
    other, said, state, *second = replay(lab, url, "solved", "failed", "stopped")
    assert other.by("max-steps").input_value() == "40"
    assert (said, state, tuple(second)) == (None, "failed", first)
    native = Run(parse(HARD), "nb_coin", {}, 3, Budget(max_iterations=40)).finish()
    assert (native.iterations, native.board.tolist()) == first


def test_a_step_budget_with_the_time_limit_left_empty_runs_with_no_time_limit(lab):
    """An empty time limit beside a step budget means no time limit: Start runs, the budget ends
    the run, the link carries no t=, and opening it leaves the time limit empty (as solve --link;
    opened in this page's tab, the `open` a first load runs too: see `replay`)."""
    lab.open("#p=" + HARD + "&s=nb_coin&seed=3&t=60")
    lab.by("max-steps").fill("40")
    lab.by("max-seconds").fill("")
    url = lab.by("share").get_attribute("data-url")
    assert "&i=40" in url and "&t=" not in url
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "stopped", timeout=120_000) == "failed"     # the step budget ended it
    assert iteration(lab.page) == 40
    assert lab.by("error").is_hidden()
    lab.reset()                                             # a fresh page's settings: what follows is the link's
    lab.open("#" + url.split("#", 1)[1])
    assert (lab.by("max-seconds").input_value(), lab.by("max-steps").input_value()) == ("", "40")
    # with no budget either, the empty time limit is named in words, never as ''
    lab.by("max-steps").fill("")
    lab.by("start").click()
    said = lab.by("error").inner_text()
    assert "time limit is empty" in said and "''" not in said


@pytest.mark.parametrize("how", ["stop", "time limit"])
def test_a_link_copied_after_stop_or_a_time_limited_end_replays_to_the_same_step(lab, visitor, how):
    lab.open("#p=" + HARD + "&s=hill_climb&seed=5&t=" + ("600" if how == "stop" else "1.5"))
    lab.by("start").click()
    if how == "stop":
        lab.wait_until("() => +document.querySelector('[data-metric=iteration]').textContent.replace(/,/g, '') > 200")
        lab.by("stop").click()
    assert lab.wait_state("solved", "failed", "stopped", timeout=60_000) == ("stopped" if how == "stop" else "failed")
    step, board = iteration(lab.page), board_of(lab.page)
    url = lab.by("share").get_attribute("data-url")
    assert url.endswith(f"&stop={step}") or f"&stop={step}&" in url
    assert not lab.by("stop-point").is_visible()            # here Start runs anew (Stop, then Start: to the time limit)
    # the stop point names a step of that run: another seed has none, and the run's own settings bring it back
    lab.by("seed-input").fill("6")
    assert "stop=" not in lab.by("share").get_attribute("data-url")
    lab.by("seed-input").fill("5")
    assert f"stop={step}" in lab.by("share").get_attribute("data-url")

    # once on another visitor's first load, once in this page's tab: the same `open` either way
    other, said, state, *again = replay(lab, url, "solved", "failed", "stopped", visitor=visitor if how == "stop" else None)
    assert (said, state, again) == (str(step), "stopped", [step, board])
    native = Run(parse(HARD), "hill_climb", {}, 5, Budget(max_seconds=0.001, stop_at=step)).finish()
    assert (native.iterations, native.board.tolist()) == (step, board)


def race_of(lab, entries, fragment_tail=""):
    lab.open("#p=" + HARD + "&s=hill_climb&seed=1&t=600" + fragment_tail)
    lab.set_view("race")
    for solver, seed in entries:
        lab.add_entry(solver, seed)


def test_more_lanes_than_cores_is_said_beside_start(lab):
    race_of(lab, [("hill_climb", 1), ("alldiff_tabu", 2)])
    lab.page.evaluate("() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 2, configurable: true })")
    lab.add_entry("nb_coin", 3)                  # a third lane: three workers on two cores
    note = lab.by("compare-cores")
    note.wait_for(state="visible")
    assert (note.get_attribute("data-workers"), note.get_attribute("data-cores")) == ("3", "2")
    assert "3 workers share 2 cores" in note.inner_text() and "step or evaluation budget" in note.inner_text()
    lab.page.locator('[data-testid="compare-entry"]').nth(2).get_by_role("button").click()   # back to two lanes
    note.wait_for(state="hidden")
    lab.set_view("experiment")
    lab.by("workers").fill("4")
    note.wait_for(state="visible")
    assert "4 workers share 2 cores" in note.inner_text()


def test_unsolved_lanes_are_ranked_by_open_cells_and_solved_ones_by_the_step_budget(lab):
    # a step budget too small to solve: every lane ends unsolved, and each gets a place by its open cells
    race_of(lab, [("hill_climb", 1), ("nb_coin", 2), ("alldiff_tabu", 3)], "&i=3")
    lab.start_race()
    lab.wait_lanes_done()
    lanes = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({state: e.dataset.state,
        place: +e.dataset.place, text: e.querySelector('[data-testid=lane-place]').textContent,
        open: +e.querySelector('[data-testid=lane-time]').textContent.split(' ')[0]}))""")
    assert [lane["state"] for lane in lanes] == ["failed"] * 3
    assert sorted(lane["place"] for lane in lanes) == [1, 2, 3]
    by_place = sorted(lanes, key=lambda lane: lane["place"])
    assert [lane["open"] for lane in by_place] == sorted(lane["open"] for lane in lanes)
    assert all(lane["text"].endswith("· not solved") for lane in lanes)
    assert lab.page.locator(".lane.winner").count() == 0            # no lane solved: none won
    words = lab.by("race-ranking")
    assert words.is_visible() and words.get_attribute("data-measure") == "iterations"
    assert "open cells" in words.inner_text() and "steps to solve" in words.inner_text()

    # enough steps to solve an easy puzzle: solved lanes are ranked by their steps, shown as such
    lab.load(PAPERS["sato-01-easy"])
    lab.by("max-steps").fill("200000")
    lab.start_race()
    lab.wait_lanes_done()
    solved = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({state: e.dataset.state,
        place: +e.dataset.place, steps: +e.querySelector('[data-testid=lane-time]').textContent.split(' ')[0].replace(/,/g, '')}))""")
    assert all(lane["state"] == "solved" for lane in solved)
    by_place = sorted(solved, key=lambda lane: lane["place"])
    assert [lane["steps"] for lane in by_place] == sorted(lane["steps"] for lane in solved)


def test_an_experiments_best_entry_is_judged_by_the_step_budgets_measure(lab):
    """Under a step budget the star goes to the entry that solves in fewer steps, not in fewer
    seconds: natively ga_woc solves sato-11 in 35 generations (0.32 s), nb_coin in 67 (0.09 s)."""
    easy = PAPERS["sato-11-easy"]
    steps = {s: Run(parse(easy), s, {}, 1, Budget(max_seconds=60)).finish() for s in ("ga_woc", "nb_coin")}
    assert all(r.solved for r in steps.values()) and steps["ga_woc"].iterations < steps["nb_coin"].iterations
    lab.open("#p=" + easy + "&s=hill_climb&seed=1&t=600&i=100000")
    lab.set_view("experiment")
    lab.add_entry("ga_woc", 1)
    lab.add_entry("nb_coin", 1)
    lab.by("compare-runs").fill("1")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    best = lab.page.eval_on_selector_all('[data-testid="compare-row"]',
                                         "els => els.map(e => [e.dataset.solver, +e.dataset.solved, e.dataset.best])")
    assert best == [["ga_woc", 1, "true"], ["nb_coin", 1, "false"]]


def test_a_generator_links_stop_point_replays_to_the_native_step_and_board(lab):
    """The issue's shape: a g= link with stop= (a stopped alldiff_ls run, whose steps are batches of
    moves) replays in the page to the step and board of the native replay."""
    from sudoku_lab.generate import generate, parse_spec
    puzzle = generate(parse_spec("25:0.4:3")).puzzle
    native = Run(puzzle, "alldiff_ls", {}, 1, Budget(stop_at=3000)).finish()
    assert native.stop_reason == "stopped" and native.iterations >= 3000
    lab.open("#g=25:0.4:3&s=alldiff_ls&seed=1&t=0.001&stop=3000")
    lab.page.wait_for_function("() => !document.querySelector('[data-testid=board-making]') ||"
                               " document.querySelector('[data-testid=board-making]').hidden", timeout=60_000)
    assert lab.by("stop-point").get_attribute("data-stop") == "3000"
    assert "&stop=3000" in lab.by("share").get_attribute("data-url")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "stopped", timeout=60_000) == "stopped"   # the 1 ms time limit did not apply
    assert (iteration(lab.page), board_of(lab.page)) == (native.iterations, native.board.tolist())
    assert f"&stop={native.iterations}" in lab.by("share").get_attribute("data-url")

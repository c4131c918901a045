"""A Start pressed while a linked puzzle is being made (issue 27): Solve and a race wait for
it and run that puzzle once made, saying meanwhile what they wait for; Stop cancels the waiting
Start."""

import functools

import pytest

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

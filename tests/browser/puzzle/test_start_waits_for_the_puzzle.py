"""A Start pressed while a linked puzzle is being made: Solve waits for it and runs
that puzzle once made, saying meanwhile what it waits for. (A race's wait and Stop cancelling a
waiting Start are node tests of the one start path: tests/js/actions.test.mjs.)"""

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

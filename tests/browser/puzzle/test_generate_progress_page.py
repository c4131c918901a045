"""A long generation shows how far it is (a unique 25×25 showed no progress for
minutes), and a puzzle set meanwhile does not wait for it."""

import re
import time

import pytest

from conftest import PAPERS

# On the shared page: its one test ends the generation it started (the pasted puzzle drops it).
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

LONG_SPEC = "25:0.45:3:unique"          # minutes in the page: it never ends within this test
REMOVED = re.compile(r"removed (\d+) of (\d+) cells \((\d+) tried\), ([\d.]+) s")
MAKING_LINE = "() => document.querySelector('[data-testid=puzzle-info]').innerText"


def making_line(lab) -> str:
    """The puzzle line while the linked puzzle is being made (asserting it still is)."""
    assert lab.by("board-making").is_visible(), "the puzzle was made before the test could watch it"
    info = lab.by("puzzle-info")
    assert info.get_attribute("data-generating") == "true"
    return info.inner_text()


def test_a_unique_25x25_link_shows_changing_progress_and_a_puzzle_pasted_meanwhile_is_rated_at_once(lab):
    """In turn on one generation (its link opened once): the puzzle line's progress moves, then a
    pasted puzzle wins over the generation still under way."""
    lab.open(f"#g={LONG_SPEC}&s=hill_climb&seed=1")
    a_long_generation_shows_changing_progress_before_its_puzzle_is_on_the_board(lab)
    a_puzzle_pasted_during_a_long_generation_is_rated_at_once(lab)


def a_long_generation_shows_changing_progress_before_its_puzzle_is_on_the_board(lab):
    seen = []
    deadline = time.monotonic() + 150                 # the whole generation takes ~10 CPU minutes: no risk it ends
    while time.monotonic() < deadline:                # first; on a loaded machine its removals start late
        line = making_line(lab)
        m = REMOVED.search(line)
        if m:
            seen.append(tuple(int(m.group(i)) for i in (1, 2, 3)))
            if len({s[0] for s in seen}) >= 3:
                break
        # the line's next change, as the generation goes: its moving is the test
        if lab.next_value(MAKING_LINE, line, timeout=max(deadline - time.monotonic(), 0.001) * 1000) is None:
            break
    assert "Generating a 25×25 (p = 0.45, seed 3, unique)" in line
    removed = [s[0] for s in seen]
    assert len(set(removed)) >= 3, f"the line did not move: {line!r}"
    assert removed == sorted(removed)                                   # never backwards
    assert all(to == 625 - 281 for _, to, _ in seen)                   # 281 givens: round(0.45 · 625)
    assert all(tried >= r for r, _, tried in seen)
    assert all(v == 0 for v in lab.givens_on_board()) and len(lab.givens_on_board()) == 625   # not on the board yet


def a_puzzle_pasted_during_a_long_generation_is_rated_at_once(lab):
    """The paste wins: the worker drops the generation, so the pasted puzzle's rating does not
    wait minutes behind it (before: the rating queued after the whole generation). The
    generation is well into removing cells: the progress above saw it."""
    making_line(lab)
    lab.load(PAPERS["sato-11-easy"])
    assert not lab.by("board-making").is_visible()
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]', timeout=30_000)
    assert lab.by("puzzle-info").get_attribute("data-generating") is None
    assert "g=" not in lab.by("share").get_attribute("data-url")
    assert lab.state() == "ready"

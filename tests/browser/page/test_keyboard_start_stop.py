"""The keyboard and the screen reader keep their place: Enter on Start hands the focus to Stop as
the run starts, Enter on Stop hands it back to Start as the run ends (a disabled button dropped
it to <body>), and the view's live region says where it went — in Solve and in Experiment, at
1280×900 and 390×844, in both themes; the first Tab stop skips to the view's Start; and the view
tabs follow the arrow keys."""

import pytest

from conftest import PAPERS

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

HARD = PAPERS["ai-escargot"]
VIEWPORTS = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]
LINKS = {"start": "#p=" + HARD + "&s=hill_climb&seed=1&plateau=10000&t=60",
         "compare-start": "#p=" + HARD + "&m=experiment&t=60&e=hill_climb:1&runs=20&ps=current"}


def focused(lab) -> str:
    return lab.page.evaluate("() => document.activeElement.dataset.testid || document.activeElement.tagName")


def wait_focus(lab, testid: str):
    lab.page.wait_for_function("(id) => document.activeElement.dataset.testid === id", arg=testid, timeout=60_000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
@pytest.mark.parametrize("start", ["start", "compare-start"], ids=["solve", "experiment"])
def test_enter_on_start_moves_the_focus_to_stop_and_enter_on_stop_moves_it_back(lab, start, viewport, scheme):
    stop = start.replace("start", "stop")
    said = start + "-stop-said" if start == "compare-start" else "start-stop-said"
    what = "The run" if start == "start" else "The experiment"
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size(viewport)
    lab.open(LINKS[start])
    if start == "compare-start":
        lab.by("workers").fill("1")
    lab.by(start).focus()
    lab.page.keyboard.press("Enter")
    wait_focus(lab, stop)                                   # not <body>
    assert lab.by(start).is_disabled()
    assert lab.by(said).inner_text() == f"{what} started; the focus is on Stop."
    assert lab.by(said).get_attribute("aria-live") == "polite"
    lab.page.keyboard.press("Enter")                        # Stop, by the keyboard again
    wait_focus(lab, start)
    assert lab.by(stop).is_disabled()
    assert lab.by(said).inner_text() == f"{what} ended; the focus is on Start."
    assert focused(lab) == start


def test_the_first_tab_stop_skips_to_the_view_s_start(lab):
    """Fourteen stops (the board, the paste box, the puzzle's buttons, Generate) stood before Start:
    the first, "Skip to Start", shown once focused, takes the focus to the view's Start, in
    Solve and in Race, and the page's link (its hash) stays as it was."""
    lab.open("#p=" + HARD + "&s=hill_climb&seed=1&plateau=10000&t=60")
    for view, start in (("solve", "start"), ("race", "compare-start")):
        lab.set_view(view)
        hash_before = lab.page.evaluate("() => location.hash")
        assert lab.page.evaluate("() => document.body.firstElementChild.dataset.testid") == "skip-to-start"
        lab.by("view").locator('[aria-selected="true"]').focus()          # the stop after it: the view's tab
        lab.page.keyboard.press("Shift+Tab")
        assert focused(lab) == "skip-to-start"
        assert lab.by("skip-to-start").evaluate("(b) => b.getBoundingClientRect().top >= 0")          # shown while focused
        lab.page.keyboard.press("Enter")
        assert focused(lab) == start
        assert lab.page.evaluate("() => location.hash") == hash_before
        assert not lab.by("skip-to-start").evaluate("(b) => b.getBoundingClientRect().bottom > 0")   # hidden again


def test_the_tabs_follow_the_arrow_keys(lab):
    lab.open()
    lab.by("view").locator('[data-view="solve"]').focus()
    lab.page.keyboard.press("ArrowRight")
    assert lab.by("view").get_attribute("data-view") == "race"
    lab.page.keyboard.press("End")
    assert lab.by("view").get_attribute("data-view") == "experiment"
    assert lab.by("view").locator('[aria-selected="true"]').get_attribute("data-view") == "experiment"
    lab.page.keyboard.press("ArrowRight")
    assert lab.by("view").get_attribute("data-view") == "solve"

"""The three views of one page — Solve, Race, Experiment: the tabs follow the arrow keys. (That each
view shows and exports only its own things and keeps its results while another is on screen is
checked on the fresh page of test_race_lanes, which watches the pool's workers load: a page no
comparison has run on, with a Solve run and a race.)"""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


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

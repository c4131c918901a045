"""The Race view: lanes that start together and end with places, Stop, race links, and bad input
refused before anything runs."""

import json
import time

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from lab import HELD_OUT
from sudoku_lab.grid import ALPHABET, parse
from sudoku_lab.score import is_solution

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

# Every lane of the race just started has painted a few frames: the lanes Lab.start_race marked
# `earlier` (an ended race's, painted long ago) do not count, nor does a race whose lanes are not built yet.
THIS_RACE_PAINTED = ("() => { const l = [...document.querySelectorAll('[data-testid=lane]')];"
                     " return l.length > 0 && l.every(x => !('earlier' in x.dataset) && +x.dataset.painted > 2); }")


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): race
def test_a_race_of_three_solvers_runs_all_lanes_at_once_to_verified_solutions(lab):
    lab.open("#p=" + HELD_OUT)
    lab.set_view("race")
    lab.add_entry("hill_climb", 1)
    lab.add_entry("alldiff_tabu", 2)
    lab.add_entry("nb_coin", 7)
    entries = lab.page.eval_on_selector_all('[data-testid="compare-entry"]',
                                            "els => els.map(e => [e.dataset.solver, +e.dataset.seed])")
    assert entries == [["hill_climb", 1], ["alldiff_tabu", 2], ["nb_coin", 7]]
    # Stop is enabled and the settings locked before the click on Start returns (read in the
    # click's own task: a warm pool can finish these 9×9 lanes before a later look)
    stop_enabled, seed_disabled = lab.page.evaluate("""() => {
        document.querySelector('[data-testid=compare-start]').click();
        return [!document.querySelector('[data-testid=compare-stop]').disabled,
                document.querySelector('[data-testid=seed-input]').disabled];
    }""")
    assert stop_enabled and seed_disabled
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=lane]').length === 3")
    lab.wait_lanes_done()
    got = lab.lanes()
    puzzle = parse(HELD_OUT)
    assert [l["state"] for l in got] == ["solved"] * 3
    assert sorted(int(l["place"]) for l in got) == [1, 2, 3]
    for lane in got:
        assert is_solution(puzzle, np.array(lane["values"]))
    assert int(lab.by("compare-chart").get_attribute("data-points")) >= 6
    assert lab.by("compare-chart").get_attribute("data-legend") == \
        "1. hill_climb · seed 1|2. alldiff_tabu · seed 2|3. nb_coin · seed 7"
    assert lab.console_errors == [] and lab.foreign_requests == []


def test_stop_ends_every_lane(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000,"
             "nb_coin:3")
    assert lab.page.locator('[data-testid="lane"]').count() == 0          # a link runs nothing
    lab.start_race()
    lab.page.wait_for_function(THIS_RACE_PAINTED, timeout=60_000)
    t0 = time.perf_counter()
    lab.by("compare-stop").click()
    lab.wait_lanes_done(timeout=5_000)
    print(f"all lanes stopped {1000 * (time.perf_counter() - t0):.0f} ms after the click")
    assert [l["state"] for l in lab.lanes()] == ["stopped"] * 3
    assert lab.by("compare-start").is_enabled()


def test_a_lane_ended_by_its_stall_rule_says_so_not_only_that_it_did_not_solve(lab):
    """ga_woc stopping when its best is no better than 5 generations before: each lane ends
    unsolved long before its 60 s, and says its stall rule ended it (the rule in full in its title)."""
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=ga_woc:1:stall=5,ga_woc:2:stall=5")
    lab.start_race()
    lab.wait_lanes_done(timeout=60_000)
    assert [l["state"] for l in lab.lanes()] == ["failed"] * 2
    info = lab.page.locator('[data-testid="lane"] .lane-info')
    assert all(t.endswith(" · ended by its stall rule") for t in info.all_inner_texts()), info.all_inner_texts()
    assert info.first.get_attribute("title") == ("the search stopped by its stall rule (its best no better than 5 "
                                                 "generations before)")


def test_a_race_on_a_25x25_draws_its_lanes_on_canvases_and_each_lane_ends_with_its_board(lab):
    """Large lanes are drawn on a canvas while they run (draw/live-layer.js) and build their
    cells only when they end: each lane's cells then hold the board its canvas showed last."""
    puzzle = parse(SIZES["25x25-planetsudoku"])
    lab.open(f"#p={puzzle.to_string()}&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.start_race()
    lab.page.wait_for_function(THIS_RACE_PAINTED, timeout=60_000)
    boards = lab.page.locator('[data-testid="lane-board"]')
    assert [boards.nth(i).get_attribute("aria-busy") for i in range(2)] == ["true", "true"]
    assert lab.page.locator('[data-testid="lane-board"] [data-testid="board-live"]:visible').count() == 2
    assert lab.page.locator('[data-testid="lane-board"] [data-testid="cell"]').count() == 0
    lab.by("compare-stop").click()
    lab.wait_lanes_done(timeout=10_000)
    for i, lane in enumerate(lab.lanes()):
        shown = boards.nth(i).locator('[data-testid="board-live"]').get_attribute("data-board")
        assert lane["state"] == "stopped" and lane["values"] == [ALPHABET.index(ch) + 1 for ch in shown]
        assert all(v == g for v, g in zip(lane["values"], puzzle.cells.tolist()) if g)
    assert lab.page.locator('[data-testid="board-live"]:visible').count() == 0


def test_a_race_link_restores_every_entry_and_runs_nothing_until_start(lab):
    lab.open("#p=" + HELD_OUT)
    lab.set_view("race")
    lab.add_entry("ga_woc", 4, population=300, woc="false")
    lab.add_entry("alldiff_tabu", 5, filter="ac3")
    lab.by("max-seconds").fill("25")
    lab.by("max-seconds").dispatch_event("input")
    url = lab.by("share").get_attribute("data-url")
    assert "m=race" in url and "t=25" in url
    # opened in this tab (the page's `open` at load and on a hash change is one: a race link at a
    # page's first load is the fresh-page race tests'), the page set back to no entries first
    lab.reset()
    assert lab.page.locator('[data-testid="compare-entry"]').count() == 0
    lab.open("#" + url.split("#", 1)[1])
    other = lab.page
    assert other.get_by_test_id("view").get_attribute("data-view") == "race"
    got = other.eval_on_selector_all('[data-testid="compare-entry"]',
                                     "els => els.map(e => [e.dataset.solver, +e.dataset.seed, e.textContent])")
    assert [g[:2] for g in got] == [["ga_woc", 4], ["alldiff_tabu", 5]]
    assert "population=300" in got[0][2] and "woc=false" in got[0][2] and "filter=ac3" in got[1][2]
    assert other.get_by_test_id("max-seconds").input_value() == "25"
    assert other.locator('[data-testid="lane"]').count() == 0


def test_an_entry_the_puzzle_cannot_take_is_refused_on_the_entry_before_start(lab):
    lab.open("#p=" + SIZES["16x16-vukr-1"] + "&m=race&t=3&e=alldiff_tabu:1:filter=hall_sets,gp_moves:2,hill_climb:3")
    first = lab.page.locator('[data-testid="compare-entry"]').first
    lab.page.wait_for_selector('[data-testid="compare-entry"][aria-invalid="true"]', timeout=20_000)
    assert "9×9" in first.get_attribute("data-problem") and "entry 1" in first.inner_text()
    lab.by("compare-start").click()
    assert "Nothing was started" in lab.error_text() and "9×9" in lab.error_text()
    assert lab.page.locator('[data-testid="lane"]').count() == 0
    first.get_by_role("button", name="Remove entry 1").click()          # mended: the others race
    lab.page.wait_for_function("() => !document.querySelector('[data-testid=compare-entry][aria-invalid]')")
    lab.start_race()
    lab.wait_lanes_done()
    assert [g["state"] for g in lab.lanes()] == ["failed", "failed"]        # ran their 3 s, unharmed


def test_bad_input_is_refused_clearly_and_nothing_is_lost(lab):
    lab.open()
    lab.set_view("race")
    lab.by("compare-start").click()
    assert "A race needs two to five entries" in lab.error_text()
    lab.add_entry("hill_climb", 1)
    lab.by("compare-start").click()
    assert "A race needs two to five entries" in lab.error_text()
    for seed in range(2, 6):
        lab.add_entry("hill_climb", seed)
    assert lab.page.locator('[data-testid="compare-entry"]').count() == 5
    assert lab.by("compare-add").is_disabled()                         # no sixth lane
    lab.by("max-seconds").fill("0")
    lab.by("compare-start").click()
    assert "time limit must be a number of seconds above 0" in lab.error_text()
    assert lab.page.locator('[data-testid="lane"]').count() == 0

    lab.by("max-seconds").fill("5")
    lab.set_view("experiment")
    ran = lab.by("compare-progress").get_attribute("data-total")      # the page's last experiment's, if any
    lab.by("compare-puzzles").select_option("list")
    bad = PAPERS["sato-01-easy"] + "\n" + PAPERS["sato-11-easy"][:70] + " short\n"
    lab.by("compare-list").fill(bad)
    lab.by("compare-start").click()
    assert "Line 2 of the list cannot be read" in lab.error_text() and "Found 70 cells" in lab.error_text()
    assert lab.by("compare-list").input_value() == bad
    assert lab.by("compare-progress").get_attribute("data-total") == ran
    assert lab.page.locator('[data-testid="compare-entry"]').count() == 5


def test_opening_a_link_mid_race_stops_the_race_first_and_the_puzzle_is_locked_while_it_runs(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')]"
                               ".every(l => +l.dataset.painted > 1)", timeout=90_000)
    for hook in ("load-puzzle", "examples", "clear-board", "seed-input", "compare-add"):
        assert lab.by(hook).is_disabled(), hook                        # the race's puzzle stays put
    assert lab.by("board").get_attribute("aria-readonly") == "true"
    other = PAPERS["sato-01-easy"]
    lab.page.evaluate("h => { location.hash = h; }", "#p=" + other + "&m=race&t=60&e=hill_climb:3,alldiff_tabu:4")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=status]').dataset.state === 'ready'")
    assert lab.page.locator('[data-testid="lane"]').count() == 0            # the old race's lanes are gone
    assert lab.givens_on_board() == parse(other).cells.tolist()
    assert "p=" + other in lab.by("share").get_attribute("data-url")         # the link is the new puzzle's
    lab.start_race()                                                        # the workers are free for it
    lab.wait_lanes_done(timeout=60_000)
    assert [l["state"] for l in lab.lanes()] == ["solved", "solved"]
    for lane in lab.lanes():
        assert is_solution(parse(other), np.array(lane["values"]))


def test_an_entry_is_vetted_again_when_the_puzzle_changes(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=race&t=5&e=alldiff_tabu:1:filter=hall_sets,hill_climb:2")
    lab.by("examples").select_option(label="16x16-vukr-1")
    lab.page.wait_for_selector('[data-testid="compare-entry"][aria-invalid="true"]', timeout=20_000)
    assert "9×9" in lab.page.locator('[data-testid="compare-entry"]').first.get_attribute("data-problem")
    # back on a 9×9 the entry is fine: only the vetting takes an entry's mark away (a new
    # puzzle keeps the entries' problems), so its going is the vetting's answer
    lab.load(PAPERS["sato-01-easy"])
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=compare-entry]').length === 2"
                               " && !document.querySelector('[data-testid=compare-entry][aria-invalid=\"true\"]')", timeout=20_000)


def _png_corner(path):
    """The colour of a saved PNG's top-left pixel (RGBA)."""
    from PIL import Image
    with Image.open(path) as im:
        return im.convert("RGBA").getpixel((0, 0))


def test_what_start_would_refuse_is_said_beside_it_before_it_is_pressed(lab):
    lab.open("#p=" + HELD_OUT + "&m=race&t=20&e=hill_climb:1")
    status = lab.by("compare-status")
    assert status.inner_text() == "Start runs nothing yet: a race needs two to five entries; " \
                                  "add them with “Add entry”."
    assert status.get_attribute("data-state") == "ready"
    lab.add_entry("acs", 2)
    lab.page.wait_for_function("() => document.querySelector('[data-testid=compare-status]').textContent"
                               " === 'Ready: set the entries and press Start.'")
    lab.open("#p=" + HELD_OUT + "&m=race&t=abc&e=hill_climb:1,acs:2")    # a link's marked setting, counted in the Race view too
    assert status.inner_text().startswith("Start runs nothing yet: time limit must be a number of seconds")
    assert lab.by("status").inner_text() == "Ready. A marked setting cannot be used: fix it before starting (the message says how)."


@pytest.mark.parametrize("width,scheme", [(1280, "light"), (390, "dark")])
def test_lanes_stand_side_by_side_with_places_and_a_winner_and_the_race_exports(lab, width, scheme):
    lab.open()
    lab.page.set_viewport_size({"width": width, "height": 900})
    lab.page.emulate_media(color_scheme=scheme)
    lab.open("#p=" + HELD_OUT + "&m=race&t=20&e=hill_climb:1,alldiff_tabu:2,acs:0")
    status = lab.by("compare-status")
    assert status.get_attribute("data-state") == "ready"
    lab.start_race()
    lab.wait_lanes_done()
    assert status.get_attribute("data-state") == "finished" and "3 of 3 lanes solved" in status.inner_text()
    lanes = lab.page.locator('[data-testid="lane"]')
    boxes = [lanes.nth(i).bounding_box() for i in range(3)]
    if width == 1280:                                  # three columns, one row, at the top of the view
        assert len({round(b["y"]) for b in boxes}) == 1 and boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
        controls = lab.page.locator(".compare-settings").bounding_box()  # the Solver form, the entries, Start, the status
        assert 0 <= boxes[0]["y"] - (controls["y"] + controls["height"]) < 120   # right under the race's controls
    else:                                              # a phone: two columns of small boards
        assert round(boxes[0]["y"]) == round(boxes[1]["y"]) < round(boxes[2]["y"])
        assert all(b["width"] < 200 for b in boxes)
    assert lab.page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")

    places = [lanes.nth(i).get_by_test_id("lane-place").inner_text() for i in range(3)]
    times = [float(lanes.nth(i).get_by_test_id("lane-time").inner_text().rstrip(" s")) for i in range(3)]
    first = places.index(next(p for p in places if p.startswith("1st")))
    assert sorted(p.split(" ")[0] for p in places) == ["1st", "2nd", "3rd"]
    assert "winner" in lanes.nth(first).get_attribute("class") and times[first] == min(times)
    assert sum("winner" in (lanes.nth(i).get_attribute("class") or "") for i in range(3)) == 1

    chart = lab.by("compare-chart")
    assert chart.get_attribute("data-title") and chart.get_attribute("data-y-label") == "open cells"
    assert "seconds" in chart.get_attribute("data-x-label")
    assert chart.get_attribute("data-legend") == "1. hill_climb · seed 1|2. alldiff_tabu · seed 2|3. acs · seed 0"

    with lab.page.expect_download() as dl:
        lab.by("export-race").click()
    race = json.load(open(dl.value.path()))
    assert race["kind"] == "race" and "m=race" in race["link"] and race["puzzle"] == HELD_OUT
    assert [(l["solver"], l["seed"]) for l in race["lanes"]] == [("hill_climb", 1), ("alldiff_tabu", 2), ("acs", 0)]
    for lane in race["lanes"]:
        assert lane["result"]["solved"] and lane["place"] in (1, 2, 3) and len(lane["series"]["rows"]) >= 2
        assert is_solution(parse(HELD_OUT), np.array([int(c) for c in lane["result"]["board"]]))

    names = []
    for _ in range(2):
        with lab.page.expect_download() as dl:
            lab.by("export-png").click()
        names.append(dl.value.suggested_filename)
        r, g, b, a = _png_corner(dl.value.path())
        assert a == 255 and ((r + g + b) / 3 > 200 if scheme == "light" else (r + g + b) / 3 < 60)
    assert names[0] != names[1] and all(n.startswith("race-") and "alldiff_tabu" in n and n.endswith(".png") for n in names)
    assert lab.console_errors == [] and lab.foreign_requests == []

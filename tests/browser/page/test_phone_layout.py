"""The page on a phone and on a wide screen: each view has its Start and results
within a phone's first screen and a half, a race unfolds the solver panel next to "Add entry",
the experiment's table says its columns go on to the right; a wide screen keeps the panels
beside the view, nothing folded."""

import pytest

from lab import HELD_OUT

# One shared page: a test that wants a phone's or a wide screen sets it on that page.
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

SCREEN_AND_A_HALF = 1.5 * 844
TOP = "(sel) => { const e = document.querySelector(sel); return e.getBoundingClientRect().top + scrollY; }"


def test_on_a_phone_each_view_has_its_start_and_results_within_a_screen_and_a_half(lab):
    lab.open()
    lab.page.set_viewport_size({"width": 390, "height": 844})
    lab.open("#p=" + HELD_OUT + "&s=hill_climb&seed=1&t=30")
    for hook in ("start", "metrics", "chart"):                   # Solve: under the board, before the panels
        assert lab.page.evaluate(TOP, f"[data-testid={hook}]") <= SCREEN_AND_A_HALF, hook
    assert lab.by("solver-select").is_visible()                  # Solve keeps its panels open
    # the most lanes a race takes (five): the tallest race page
    # ended by a 200-step budget: what is measured is the finished lanes' layout, not their runs
    lab.open("#p=" + HELD_OUT + "&m=race&t=10&i=200&e=hill_climb:1,alldiff_tabu:2,nb_coin:3,hill_climb:4,alldiff_tabu:5")
    assert lab.page.evaluate(TOP, "[data-testid=compare-start]") <= SCREEN_AND_A_HALF
    assert not lab.by("solver-select").is_visible()              # the shared panels are folded
    lab.start_race()
    lab.wait_lanes_done(timeout=240_000)                         # five workers load on the machine's cores
    for sel in ("[data-testid=lane]", "#race-chart"):
        assert lab.page.evaluate(TOP, sel) <= SCREEN_AND_A_HALF, sel
    assert lab.page.evaluate("() => document.documentElement.scrollHeight") <= 2000
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    boxes = [lab.page.locator("[data-testid=lane]").nth(i).bounding_box() for i in range(5)]
    rows = sorted({round(b["y"]) for b in boxes})
    assert [sum(round(b["y"]) == y for b in boxes) for y in rows] == [3, 2]   # three a row, no lone fifth row
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    assert all(lab.page.locator("[data-testid=lane-board]").nth(i).bounding_box()["width"] >= 100 for i in range(5))
    solver = lab.page.locator('[data-testid=fold][data-fold=solver]')
    assert solver.get_attribute("aria-expanded") == "false"
    solver.click()                                                # unfolded on demand, to compose an entry
    assert solver.get_attribute("aria-expanded") == "true" and lab.by("solver-select").is_visible()
    lab.set_view("experiment")
    assert lab.page.evaluate(TOP, "[data-testid=compare-start]") <= SCREEN_AND_A_HALF
    assert lab.page.evaluate(TOP, "[data-testid=compare-progress]") <= SCREEN_AND_A_HALF


def test_a_wide_screen_keeps_the_panels_beside_the_view_and_nothing_folded(lab):
    lab.open()
    lab.page.set_viewport_size({"width": 1280, "height": 900})
    lab.open("#p=" + HELD_OUT + "&m=race&t=30&e=hill_climb:1,alldiff_tabu:2")
    board, view = lab.by("board").bounding_box(), lab.page.locator("#compare").bounding_box()
    controls = lab.page.locator(".controls").bounding_box()
    assert board["x"] + board["width"] <= view["x"] and controls["y"] >= board["y"] + board["height"]
    assert controls["x"] < view["x"] and view["y"] < 200                # the view beside, at its top
    assert lab.by("solver-select").is_visible() and lab.by("puzzle-input").is_visible()
    assert lab.page.locator("[data-testid=fold]").first.is_hidden()


def test_on_a_phone_a_race_unfolds_the_solver_panel_next_to_add_entry(lab):
    """The folded Puzzle, Generate and Solver panels lay at the bottom, under an empty
    race chart (~300 px of nothing), so adding an entry meant scrolling down, unfolding, choosing
    and scrolling back. Now they stand right under the puzzle, and the empty chart takes no room."""
    lab.open()
    lab.page.set_viewport_size({"width": 390, "height": 844})
    lab.open("#p=" + HELD_OUT + "&m=race&t=10")
    solver = lab.page.locator('[data-testid=fold][data-fold=solver]')
    assert solver.get_attribute("aria-expanded") == "false"
    add = lab.page.evaluate(TOP, "[data-testid=compare-add]")
    assert lab.page.evaluate(TOP, "[data-fold=solver]") < add <= 844            # first screen, Solver just above
    assert not lab.page.locator("#race-chart").is_visible()                     # no lanes: no empty chart
    solver.click()
    select, add = lab.page.evaluate(TOP, "[data-testid=solver-select]"), lab.page.evaluate(TOP, "[data-testid=compare-add]")
    assert 0 < add - select < 844                                                # choose, then add, in one screen
    lab.by("solver-select").select_option("alldiff_tabu")
    lab.by("compare-add").click()
    assert lab.entries()[-1][0] == "alldiff_tabu"


def test_on_a_phone_the_experiment_table_says_its_columns_go_on_to_the_right(lab):
    lab.open()
    lab.page.set_viewport_size({"width": 390, "height": 844})
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=10&e=hill_climb:1&runs=2&ps=current")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    box, hint = lab.by("compare-results").locator(".."), lab.by("results-scroll-hint")
    assert lab.page.evaluate("() => { const b = document.getElementById('compare-results-box');"
                             " return b.scrollWidth > b.clientWidth; }")                # columns past the edge
    assert hint.is_visible() and "seconds" in hint.inner_text()
    assert box.get_attribute("data-more") is not None
    lab.page.evaluate("() => { const b = document.getElementById('compare-results-box'); b.scrollLeft = b.scrollWidth; }")
    lab.page.wait_for_selector("[data-testid=results-scroll-hint]", state="hidden")
    seconds = lab.page.locator("#compare-results th", has_text="seconds").bounding_box()
    assert 0 <= seconds["x"] and seconds["x"] + seconds["width"] <= 390                # scrolled into view
    entry = lab.page.locator("#compare-results td").first.bounding_box()
    assert entry["x"] >= 0                                                             # the entry column stays


BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return {x: r.x, y: r.y + scrollY, w: r.width, h: r.height}; }"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_what_start_runs_stands_next_to_start_on_a_wide_screen_and_with_the_panels_on_a_phone(lab, scheme):
    """At 1280×900 the Solver panel stands in the view's column, right under Start in Solve and
    right over "Add entry" and Start in Race, all in the first screen; at 390×844 it stays with the
    shared panels (folded in Race, next to "Add entry" as before)."""
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size({"width": 1280, "height": 900})
    lab.open("#p=" + HELD_OUT + "&s=hill_climb&seed=1&t=30")
    start, panel = lab.page.evaluate(BOX, "[data-testid=start]"), lab.page.evaluate(BOX, "[data-testid=solver-panel]")
    board = lab.page.evaluate(BOX, "[data-testid=board]")
    assert panel["x"] >= board["x"] + board["w"] and abs(panel["x"] - start["x"]) < 40    # the view's column
    assert 0 <= panel["y"] - (start["y"] + start["h"]) < 40                                # right under Start
    assert panel["y"] + panel["h"] <= 900                                                  # all of it in the first screen
    lab.set_view("race")
    add, start = lab.page.evaluate(BOX, "[data-testid=compare-add]"), lab.page.evaluate(BOX, "[data-testid=compare-start]")
    panel = lab.page.evaluate(BOX, "[data-testid=solver-panel]")
    assert panel["x"] >= board["x"] + board["w"] and panel["y"] < add["y"] < panel["y"] + panel["h"] + 200
    assert start["y"] + start["h"] <= 900
    lab.page.set_viewport_size({"width": 390, "height": 844})
    # the move follows the media query's change event, which comes at the next frame, not at once
    lab.page.wait_for_function("() => document.getElementById('solver-panel').dataset.home === 'shared'")
    controls = lab.page.evaluate(BOX, ".controls")
    panel = lab.page.evaluate(BOX, "[data-testid=solver-panel]")
    assert controls["y"] <= panel["y"] <= controls["y"] + controls["h"]                  # back with the shared panels
    assert lab.page.locator("[data-testid=fold][data-fold=solver]").get_attribute("aria-expanded") == "false"
    lab.set_view("solve")
    assert lab.by("solver-select").is_visible()


FIRST_SCREEN = {1280: 900, 390: SCREEN_AND_A_HALF}
BOTTOM = "(sel) => { const e = document.querySelector(sel); return e.getBoundingClientRect().bottom + scrollY; }"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", [(1280, 900), (390, 844)])
def test_race_and_experiment_show_start_the_entries_and_the_first_lanes_or_results_at_once(lab, scheme, screen):
    """At 1280×900 the lanes began at 928 px, under the Solver form with Start and the entries:
    now the entries, Start and the status stand beside the form, and Start, the entries and the
    first row of lanes' boards (or of results) are in the first screen; on a phone within a
    screen and a half. The form's long help is folded away until asked for."""
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size({"width": screen[0], "height": screen[1]})
    limit = FIRST_SCREEN[screen[0]]
    lab.open("#p=" + HELD_OUT + "&m=race&t=10&i=200&e=hill_climb:1,alldiff_tabu:2,acs:0")
    for sel in ("[data-testid=compare-start]", "[data-testid=compare-entries]"):
        assert lab.page.evaluate(BOTTOM, sel) <= limit, sel
    lab.start_race()
    lab.wait_lanes_done()
    boards = lab.page.locator("[data-testid=lane-board]").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY]; })")
    first_row = [b for b in boards if abs(b[0] - boards[0][0]) < 2]
    assert first_row and all(bottom <= limit for _, bottom in first_row), (first_row, limit)
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=10&i=200&e=hill_climb:1,acs:0&runs=1&ps=current")
    for sel in ("[data-testid=compare-start]", "[data-testid=compare-entries]"):
        assert lab.page.evaluate(BOTTOM, sel) <= limit, sel
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    assert lab.page.evaluate(BOTTOM, "[data-testid=compare-results] tbody tr") <= limit
    help_ = lab.by("solver-help")
    assert help_.get_attribute("open") is None                           # folded away
    if screen[0] == 1280:
        help_.locator("summary").click()
        assert help_.locator("p").is_visible() and "share link replays it" in help_.inner_text()
        help_.locator("summary").click()                                 # folded again: the shared page goes on

"""Waiting and phones (issue 27): the pool's workers load while a comparison is composed, each
lane says what it waits for, the views fit a phone's first screen and a half, an experiment
stopped early has compared every entry, and the race chart's time axis ends with the race."""

import json

import pytest

from lab import HELD_OUT
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run

# One shared page (a test that wants a phone's or a wide screen sets it on that page), but for
# the two tests that watch the pool's workers load from nothing.
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

POOL = "() => { const s = document.querySelector('[data-testid=compare-status]');" \
       " return [+(s.dataset.workers || 0), +(s.dataset.workersReady || 0)]; }"


@pytest.mark.fresh_page  # Solve must have loaded no pool worker yet
def test_opening_race_loads_its_workers_so_start_finds_them_ready(lab):
    lab.open("#p=" + HELD_OUT + "&t=30")
    lab.wait_workers(1)
    lab.page.wait_for_timeout(500)
    assert len(lab.page.workers) == 1                       # Solve needs only the page's own worker
    lab.set_view("race")
    lab.wait_until("() => document.querySelector('[data-testid=compare-status]').dataset.workers === '2'", timeout=60)
    lab.add_entry("hill_climb", 1)
    lab.add_entry("alldiff_tabu", 2)
    lab.add_entry("hill_climb", 3)                          # a third entry: a third worker
    lab.wait_until(f"() => ({POOL})()[0] === 3", timeout=60)
    lab.wait_workers(3)
    lab.wait_until(f"() => ({POOL})()[1] === 3", timeout=120)   # all loaded before Start
    lab.page.evaluate("""() => { window.__status = []; const s = document.querySelector('[data-testid=compare-status]');
        new MutationObserver(() => window.__status.push(s.textContent)).observe(s, {childList: true, subtree: true}); }""")
    lab.by("compare-start").click()
    lab.wait_lanes_done()
    said = lab.page.evaluate("() => window.__status")
    assert not any("loading" in t for t in said), said      # nothing left to load at Start (no "worker 2 is loading…")
    assert [l["state"] for l in lab.lanes()] == ["solved"] * 3
    assert len(lab.page.workers) == 3


@pytest.mark.fresh_page  # the pool's workers must still be loading
def test_each_lane_says_what_it_waits_for(lab):
    """Started at once after the page is ready, the second and third workers are still loading:
    lane 1 (the page's own worker, ready) says it waits for the others, not for its worker."""
    lab.open("#p=" + HELD_OUT + "&m=race&t=30&e=hill_climb:1,alldiff_tabu:2,hill_climb:3")
    lab.page.evaluate("""() => { window.__lanes = [[], [], []];
        new MutationObserver(() => document.querySelectorAll('[data-testid=lane] .lane-info').forEach((e, i) => {
          const seen = window.__lanes[i]; if (seen.at(-1) !== e.textContent) seen.push(e.textContent); }))
        .observe(document.getElementById('lanes'), {childList: true, subtree: true, characterData: true}); }""")
    lab.by("compare-start").click()
    lab.wait_lanes_done()
    first, second, third = lab.page.evaluate("() => window.__lanes")
    assert not any("waiting for its worker" in t for t in first), first
    assert any(t.startswith("its worker is ready; waiting for lanes 2, 3 to load") for t in first), first
    for seen in (second, third):
        assert any(t.startswith("waiting for its worker, which is loading") for t in seen), seen
    assert [l["state"] for l in lab.lanes()] == ["solved"] * 3


def test_an_experiment_stopped_early_has_run_every_entry_and_its_files_name_them(lab):
    """Runs go entry, then puzzle, then seed (compare/order.js): stopped after a few runs, every
    entry has results, each the native run of its (entry, puzzle, seed); the files name every entry."""
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=30&e=hill_climb:1,alldiff_tabu:1,nb_coin:1&runs=40&ps=current")
    lab.by("workers").fill("1")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => +document.querySelector('[data-testid=compare-progress]').dataset.done >= 3",
                               timeout=120_000)
    lab.by("compare-stop").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=compare-status]').dataset.state === 'stopped'")
    rows = lab.rows()
    assert [r["solver"] for r in rows] == ["hill_climb", "alldiff_tabu", "nb_coin"]
    assert all(r["runs"] >= 1 for r in rows), rows
    assert max(r["runs"] for r in rows) - min(r["runs"] for r in rows) <= 1, rows     # in step
    with lab.page.expect_download() as dl:
        lab.by("export-json").click()
    name = dl.value.suggested_filename
    assert all(s in name for s in ("hill_climb", "alldiff_tabu", "nb_coin")), name
    jsonl = [json.loads(line) for line in open(dl.value.path())]
    keys = [(r["solver"], r["seed"]) for r in jsonl if r["stop_reason"] != "stopped"]
    order = {"hill_climb": 0, "alldiff_tabu": 1, "nb_coin": 2}
    assert keys == sorted(keys, key=lambda k: (order[k[0]], k[1]))           # the file: by entry, then seed
    for rec in jsonl:
        if rec["stop_reason"] == "stopped":
            continue
        native = Run(parse(HELD_OUT), rec["solver"], rec["params"], rec["seed"], Budget(max_seconds=60)).finish()
        assert (rec["iterations"], rec["board"], rec["solved"]) == (native.iterations, native.to_json()["board"], native.solved)
    with lab.page.expect_download() as dl:
        lab.by("export-csv").click()
    assert all(s in dl.value.suggested_filename for s in ("hill_climb", "alldiff_tabu", "nb_coin"))


def test_the_race_chart_time_axis_ends_at_the_last_lane_end(lab):
    lab.open("#p=" + HELD_OUT + "&m=race&t=60&e=hill_climb:1,alldiff_tabu:2")
    chart = lab.page.locator("#race-chart")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => document.getElementById('race-chart').dataset.xMax !== undefined")
    assert float(chart.get_attribute("data-x-max")) == 60                 # running: the time limit
    lab.wait_lanes_done()
    times = [float(t.split()[0]) for t in lab.page.locator('[data-testid="lane-time"]').all_inner_texts()]
    assert max(times) < 10, times                                          # every lane ended far earlier
    lab.page.wait_for_function("() => +document.getElementById('race-chart').dataset.xMax < 60")
    x_max = float(chart.get_attribute("data-x-max"))
    assert abs(x_max - max(max(times), 0.01)) <= 0.006, (x_max, times)
    assert lab.by("compare-chart").get_attribute("data-x-max") == chart.get_attribute("data-x-max")


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
    lab.open("#p=" + HELD_OUT + "&m=race&t=10&e=hill_climb:1,alldiff_tabu:2,nb_coin:3,hill_climb:4,alldiff_tabu:5")
    assert lab.page.evaluate(TOP, "[data-testid=compare-start]") <= SCREEN_AND_A_HALF
    assert not lab.by("solver-select").is_visible()              # the shared panels are folded
    lab.by("compare-start").click()
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
    """Issue 37: the folded Puzzle, Generate and Solver panels lay at the bottom, under an empty
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

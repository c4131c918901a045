"""Everyday use (issue 14): typing a puzzle on the board with the keyboard, accessibility
audits, dark and small screens, offline after a first visit, exports, links to elsewhere."""

import json

import numpy as np
import pytest

from conftest import PAPERS, fresh_lab
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

pytestmark = pytest.mark.browser
SERIOUS = ("serious", "critical")


def cell(lab, r, c):
    return lab.page.locator(f'[data-testid="board"] [data-testid="cell"][data-row="{r}"][data-col="{c}"]')


def focused(lab):
    return lab.page.evaluate("() => { const e = document.activeElement; return [+e.dataset.row, +e.dataset.col]; }")


def test_a_puzzle_typed_on_the_board_keeps_paste_box_link_and_check_in_step(lab):
    lab.open()
    lab.by("clear-board").click()
    assert all(v == 0 for v in lab.board_values()) and lab.by("puzzle-input").input_value() == ""
    assert lab.page.locator('[data-testid="board"] [tabindex="0"]').count() == 1      # one tab stop
    cell(lab, 0, 0).click()
    lab.page.keyboard.press("5")
    assert cell(lab, 0, 0).get_attribute("data-value") == "5" and cell(lab, 0, 0).get_attribute("data-given") == "true"
    assert lab.by("puzzle-input").input_value().startswith("5.")
    assert "p=5." in lab.by("share").get_attribute("data-url")
    lab.page.keyboard.press("ArrowRight")
    assert focused(lab) == [0, 1]
    outline = lab.page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), "focus is visible"
    lab.page.keyboard.press("5")                                   # a clash, marked at once
    lab.page.wait_for_selector('[data-testid="board"] [data-row="0"][data-col="1"][data-conflict="true"]', timeout=5_000)
    assert cell(lab, 0, 0).get_attribute("data-conflict") == "true"
    assert "twice" in lab.error_text()
    lab.page.keyboard.press("Backspace")
    lab.page.wait_for_selector('[data-testid="board"] [data-row="0"][data-col="0"][data-conflict="false"]')
    assert cell(lab, 0, 1).get_attribute("data-value") == "0"
    lab.page.keyboard.press("End")
    assert focused(lab) == [0, 8]
    lab.page.keyboard.press("Control+End")
    assert focused(lab) == [8, 8]
    lab.page.keyboard.press("ArrowDown")                           # the edge: stays
    assert focused(lab) == [8, 8]
    lab.page.keyboard.press("Control+Home")
    lab.page.keyboard.press("ArrowDown")
    assert focused(lab) == [1, 0]
    lab.page.keyboard.press("Home")
    assert lab.page.locator('[data-testid="board"] [tabindex="0"]').count() == 1
    # type a whole puzzle in, then solve it
    lab.by("clear-board").click()
    cell(lab, 0, 0).click()
    for ch in PAPERS["sato-01-easy"]:
        if ch != ".":
            lab.page.keyboard.press(ch)
        r, c = focused(lab)
        if c < 8:
            lab.page.keyboard.press("ArrowRight")
        elif r < 8:
            lab.page.keyboard.press("ArrowDown")
            lab.page.keyboard.press("Home")
    assert lab.by("puzzle-input").input_value() == PAPERS["sato-01-easy"]
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"
    # editing is off while a run goes (a long one: AI Escargot with a long plateau walk)
    lab.load(PAPERS["ai-escargot"])
    lab.by("param-plateau").fill("10000")
    lab.by("start").click()
    lab.wait_state("running")
    cell(lab, 0, 1).click()
    lab.page.keyboard.press("7")
    assert lab.by("puzzle-input").input_value() == PAPERS["ai-escargot"]
    assert lab.by("board").get_attribute("aria-readonly") == "true"
    lab.by("stop").click()
    lab.wait_state("stopped")


def axe_violations(lab):
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(lab.page)
    return [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_ready_running_solved_and_with_an_error(browser, lab_url, scheme):
    with fresh_lab(browser, lab_url, color_scheme=scheme) as lab:
        lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&plateau=10000&t=60")
        found = {"ready": axe_violations(lab)}
        lab.by("start").click()
        lab.wait_state("running")
        lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
        found["running"] = axe_violations(lab)
        lab.by("stop").click()
        lab.load(PAPERS["sato-01-easy"])
        lab.by("param-plateau").fill("10")
        lab.by("start").click()
        lab.wait_state("solved", timeout=60_000)
        found["solved"] = axe_violations(lab)
        lab.load("12345")
        assert lab.error_text()
        found["error"] = axe_violations(lab)
        print(scheme, json.dumps(found))
        for state, violations in found.items():
            assert not [v for v in violations if v[1] in SERIOUS], (state, violations)
        assert "exactly one solution" in lab.by("puzzle-info").inner_text()
        assert lab.by("status").get_attribute("aria-live") == "polite"


def test_the_run_end_and_the_puzzle_info_are_announced(lab):
    lab.open("#p=" + PAPERS["sato-11-easy"] + "&s=hill_climb&seed=2")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    assert "givens" in lab.by("puzzle-info").inner_text() and lab.by("puzzle-info").get_attribute("aria-live")
    lab.by("start").click()
    lab.wait_state("solved", timeout=60_000)
    status = lab.by("status").inner_text()
    assert status.startswith("Solved.") and "iterations" in status
    labels = lab.page.eval_on_selector_all('[data-testid="board"] [data-testid="cell"]', "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels) and any(", given" in x for x in labels)


def test_dark_theme_reaches_the_board_and_the_chart(browser, lab_url):
    with fresh_lab(browser, lab_url, color_scheme="dark") as lab:
        lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=1")
        bg = lab.page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert bg == "rgb(17, 24, 39)"
        given = lab.page.evaluate("() => getComputedStyle(document.querySelector('[data-given=true]')).backgroundColor")
        assert given == "rgb(30, 42, 74)"
        lab.by("start").click()
        lab.wait_state("solved", timeout=60_000)
        stroke = lab.page.evaluate("""async () => (await import('./static/theme.js')).theme()""")
        assert stroke["ink"] == "#e5e7eb" and stroke["series"][0] == "#60a5fa"


def test_a_390_px_screen_gets_a_full_width_board_and_stacked_controls(browser, lab_url):
    with fresh_lab(browser, lab_url, viewport={"width": 390, "height": 844}) as lab:
        lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=1")
        box = lab.by("board").bounding_box()
        assert box["width"] >= 360
        controls = lab.page.locator(".controls").bounding_box()
        assert controls["y"] >= box["y"] + box["height"]                 # stacked under the board
        inp, helptext = lab.by("param-plateau").bounding_box(), lab.page.locator("#param-plateau-help").bounding_box()
        assert helptext["y"] >= inp["y"] + inp["height"] - 1 and helptext["width"] > 250   # help below, readable
        assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        lab.by("start").click()
        lab.wait_state("solved", timeout=60_000)
        chart = lab.by("chart").bounding_box()
        assert chart["width"] >= 300


def test_offline_after_the_first_visit(browser, lab_url):
    with fresh_lab(browser, lab_url) as lab:
        lab.open()
        build = lab.page.evaluate("async () => (await (await fetch('static/vendor/manifest.json')).json()).build")
        lab.page.wait_for_function("async () => (await navigator.serviceWorker.ready).active !== null", timeout=60_000)
        lab.page.wait_for_function("async () => (await caches.keys()).length === 1", timeout=60_000)
        assert lab.page.evaluate("async () => await caches.keys()") == [f"sudoku-lab-{build}"]
        lab.page.context.set_offline(True)
        lab.page.reload()
        lab.wait_state("ready", timeout=60_000)
        lab.load(PAPERS["sato-11-easy"])
        lab.by("start").click()
        assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
        assert is_solution(parse(PAPERS["sato-11-easy"]), np.array(lab.board_values()))
        lab.page.context.set_offline(False)
        # a new build replaces the cache: no mix of two builds' files
        lab.page.evaluate("async () => { await navigator.serviceWorker.register('sw.js?build=next-build'); }")
        lab.page.wait_for_function("async () => { const k = await caches.keys(); return k.length === 1 && k[0] === 'sudoku-lab-next-build'; }",
                                   timeout=60_000)


def test_a_finished_run_can_be_taken_away(browser, lab_url):
    with fresh_lab(browser, lab_url, accept_downloads=True) as lab:
        lab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        lab.open("#p=" + PAPERS["sato-27-medium"] + "&s=hill_climb&seed=3")
        assert lab.by("export-json").is_disabled() and lab.by("copy-solution").is_disabled()
        lab.by("start").click()
        lab.wait_state("solved", timeout=60_000)
        with lab.page.expect_download() as dl:
            lab.by("export-json").click()
        data = json.load(open(dl.value.path()))
        for k in ("solver", "seed", "params", "solved", "board", "conflicts", "open_cells", "best", "iterations",
                  "evaluations", "seconds", "stop_reason"):
            assert k in data, k
        assert data["puzzle"] == PAPERS["sato-27-medium"] and data["solved"] and "seed=3" in data["link"]
        assert data["chart"]["series"][:2] == ["iteration", "objective"] and len(data["chart"]["rows"]) > 1
        assert is_solution(parse(PAPERS["sato-27-medium"]), np.array([int(c) for c in data["board"]]))
        with lab.page.expect_download() as dl:
            lab.by("export-png").click()
        assert open(dl.value.path(), "rb").read(8) == b"\x89PNG\r\n\x1a\n"
        lab.by("copy-solution").click()
        assert lab.page.evaluate("() => navigator.clipboard.readText()") == data["board"]


def test_links_from_other_sites_are_read_and_sudokuwiki_is_offered(lab):
    lab.open()
    digits = PAPERS["sato-29-medium"].replace(".", "0")
    lab.load("https://www.sudokuwiki.org/sudoku.htm?bd=" + digits)
    assert lab.error_text() == ""
    assert lab.board_values() == parse(PAPERS["sato-29-medium"]).cells.tolist()
    link = lab.by("open-sudokuwiki")
    assert link.is_visible() and link.get_attribute("href") == "https://www.sudokuwiki.org/sudoku.htm?bd=" + digits
    assert link.get_attribute("rel") == "noopener noreferrer"
    lab.load("https://example.org/play?level=hard")
    assert "This link holds no puzzle" in lab.error_text()
    lab.by("examples").select_option(label="16x16-vukr-1")
    assert lab.by("open-sudokuwiki").is_hidden()
    assert lab.foreign_requests == []

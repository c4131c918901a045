"""Accessibility and appearance: axe in both themes (the lab and its sources page), the board's
ARIA grid, announcements, charts taking a switched theme and a 390-px screen (a page loaded in the
dark theme: test_before_ready)."""

import json

import pytest

from conftest import PAPERS
from lab import HELD_OUT, SERIOUS

# One shared page: a test that wants the dark theme or a phone's width sets it on that page (the
# next test's `open` sets both back). Pages of their own: sources.html alone (no Python loads
# there). A page loaded in the dark theme: test_before_ready's held page.
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def axe_in_both_schemes(lab, found: dict, state: str):
    """axe on the page as it stands, in the light scheme and then the dark (switched on the page)."""
    for scheme in ("light", "dark"):
        lab.page.emulate_media(color_scheme=scheme)
        found[f"{state}, {scheme}"] = lab.axe_violations()


def assert_nothing_serious(found: dict):
    print(json.dumps(found))
    for state, violations in found.items():
        assert not [v for v in violations if v[1] in SERIOUS], (state, violations)


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): accessibility
def test_axe_finds_nothing_serious_ready_running_solved_and_with_an_error(lab):
    """Each state once, axe in both schemes in each."""
    found = {}
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=1&plateau=10000&t=60")
    axe_in_both_schemes(lab, found, "ready")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    axe_in_both_schemes(lab, found, "running")
    assert lab.state() == "running"                      # still running after both looks
    lab.by("stop").click()
    lab.load(PAPERS["sato-01-easy"])
    lab.by("param-plateau").fill("10")
    lab.by("start").click()
    lab.wait_state("solved", timeout=60_000)
    axe_in_both_schemes(lab, found, "solved")
    lab.load("12345")
    assert lab.error_text()
    axe_in_both_schemes(lab, found, "error")
    assert_nothing_serious(found)
    assert "exactly one solution" in lab.by("puzzle-info").inner_text()
    assert lab.by("status").get_attribute("aria-live") == "polite"


# The labels of the visible form fields that share theirs with another visible field: {label: count}.
SAME_LABELS = """() => {
  const seen = new Map();
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden' || !el.checkVisibility()) continue;
    const label = (el.labels && el.labels[0] ? el.labels[0].textContent : el.getAttribute('aria-label') || '')
      .replace(/\\s+/g, ' ').trim();
    if (label) seen.set(label, (seen.get(label) || 0) + 1);
  }
  return Object.fromEntries([...seen].filter(([, n]) => n > 1));
}"""


def test_axe_finds_nothing_serious_in_a_finished_race_and_experiment(lab):
    """One race and one experiment, axe in both schemes on each once it has finished; in each,
    no two visible fields share a label (the Experiment's pool and the Solver form's one run
    were both "Workers", the generator's seed and the run's both "Seed")."""
    found = {}
    lab.open("#p=" + HELD_OUT + "&m=race&t=20&e=hill_climb:1,alldiff_tabu:2")
    assert lab.page.evaluate(SAME_LABELS) == {}
    lab.start_race()
    lab.wait_lanes_done()
    axe_in_both_schemes(lab, found, "race")
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=experiment&s=alldiff_ls&t=5&e=hill_climb:1,acs:0&runs=2&ps=current")
    assert lab.by("solve-workers").is_visible() and lab.by("workers").is_visible()
    assert lab.page.evaluate(SAME_LABELS) == {}
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    axe_in_both_schemes(lab, found, "experiment")
    assert_nothing_serious(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_sources_page(visitor, scheme):
    phone = {"viewport": {"width": 390, "height": 844}} if scheme == "dark" else {}
    lab = visitor(color_scheme=scheme, **phone)
    assert lab.open_sources() == {"sources-solvers": "ready", "sources-puzzles": "ready"}
    violations = lab.axe_violations()
    print(scheme, json.dumps(violations))
    assert not [v for v in violations if v[1] in SERIOUS], violations
    bg = lab.page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert bg == {"light": "rgb(255, 255, 255)", "dark": "rgb(17, 24, 39)"}[scheme]
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= lab.page.viewport_size["width"]
    assert lab.console_errors == []


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


def test_a_390_px_screen_gets_a_full_width_board_and_stacked_controls(lab):
    lab.open()
    lab.page.set_viewport_size({"width": 390, "height": 844})
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


def test_the_board_is_a_grid_of_rows_for_assistive_technology(lab):
    from axe_playwright_python.sync_playwright import Axe
    lab.open()
    rows = lab.page.locator('[data-testid="board"] > [role="row"]')
    assert rows.count() == 9 and rows.first.locator('[role="gridcell"]').count() == 9
    results = Axe().run(lab.page, context='[data-testid="board"]')
    ids = [v["id"] for v in results.response["violations"]]
    assert "aria-required-children" not in ids and "aria-required-parent" not in ids, ids


INK = "(sel) => { const u = document.querySelector(sel + ' .uplot'); return [u.dataset.ink, " \
      "getComputedStyle(document.documentElement).getPropertyValue('--ink').trim(), " \
      "[...u.querySelectorAll('.u-legend .u-marker')].map((m) => m.style.borderColor)]; }"


@pytest.mark.parametrize("first", ["light", "dark"])
def test_a_chart_drawn_in_one_theme_takes_the_other_when_the_scheme_switches(lab, first):
    """The Solve chart and the experiment's "Runs solved against time" drawn in one theme take
    the other's ink (axis titles, tick labels) and line colours on a switch, as a page loaded in it."""
    lab.open()
    lab.page.emulate_media(color_scheme=first)
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=1&t=30&i=300")
    lab.by("start").click()
    lab.wait_state("solved", "failed", timeout=60_000)
    lab.set_view("experiment")
    lab.add_entry("hill_climb", 1)
    lab.by("compare-start").click()
    lab.page.wait_for_selector("[data-testid=compare-status][data-state=finished]", timeout=120_000)
    lab.page.wait_for_selector("[data-testid=compare-chart] .uplot[data-ink]")
    lab.set_view("solve")
    lab.page.wait_for_selector("[data-testid=chart] .uplot[data-ink]")
    drawn = {sel: lab.page.evaluate(INK, sel) for sel in ("[data-testid=chart]", "[data-testid=compare-chart]")}
    assert all(ink == page_ink for ink, page_ink, _ in drawn.values()), drawn
    lab.page.emulate_media(color_scheme="dark" if first == "light" else "light")
    for sel, (ink, _, markers) in drawn.items():
        lab.wait_until(f"() => ({INK})('{sel}')[0] !== '{ink}'")
        now, page_ink, now_markers = lab.page.evaluate(INK, sel)
        assert now == page_ink != ink, sel                        # the new theme's ink, not the old
        assert now_markers != markers, sel                        # the lines' colours too

"""Share links: a run restored and replayed exactly, bad links marked setting by setting, and a
link opened during a run stopping it first."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_share_link_restores_the_run_and_replays_it_exactly(lab):
    """The link restores the run's settings and replays it to the same step and board. It is
    opened in this page's tab, set back to a fresh page's settings first: the same `open` a first
    load runs (static/page/open-link.js), which test_budgets.py's stop-point replay runs on another
    visitor's first load."""
    lab.open()
    lab.load(PAPERS["sato-27-medium"])
    lab.by("seed-input").fill("11")
    lab.page.locator('[data-testid="param-plateau"]').fill("12")
    lab.page.locator('[data-testid="param-post_swap"]').uncheck()
    lab.by("share").click()
    url = lab.by("share").get_attribute("data-url")
    assert "#p=" in url and "s=hill_climb" in url and "seed=11" in url and "plateau=12" in url

    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"
    first = (lab.by("metrics").locator('[data-metric="iteration"]').inner_text(), lab.board_values())

    lab.reset()                                             # a fresh page's settings: what follows is the link's
    assert lab.by("seed-input").input_value() != "11"                 # set back: the link must set them again
    assert lab.page.locator('[data-testid="param-plateau"]').input_value() != "12"
    assert lab.page.locator('[data-testid="param-post_swap"]').is_checked()
    lab.open("#" + url.split("#", 1)[1])
    other = lab.page
    assert other.get_by_test_id("seed-input").input_value() == "11"
    assert other.locator('[data-testid="param-plateau"]').input_value() == "12"
    assert not other.locator('[data-testid="param-post_swap"]').is_checked()
    assert other.get_by_test_id("solver-select").input_value() == "hill_climb"
    other.get_by_test_id("start").click()
    other.wait_for_selector('[data-testid="status"][data-state="solved"]', timeout=60_000)
    second_it = other.locator('[data-metric="iteration"]').inner_text()
    second_board = other.eval_on_selector_all('[data-testid="cell"]', "els => els.map(e => +e.dataset.value)")
    assert (second_it, second_board) == first
    # and the browser's run is the native run, step for step
    native = Run(parse(PAPERS["sato-27-medium"]), "hill_climb", {"plateau": 12, "post_swap": False}, 11,
                 Budget(max_iterations=10**6)).finish()
    assert native.iterations == int(first[0].replace(",", ""))
    assert native.board.tolist() == first[1]


# What each bad link reads as (its problems and their messages) is held in tests/value_cases.json
# ("link") for the page's rules (tests/js) and Python alike; here, that the page shows it and
# runs nothing, and that a link's text is never run as a script.
@pytest.mark.parametrize("fragment,words", [
    ("#p=12345&s=hill_climb", "puzzle cannot be read"),
    ("#p=%3Cscript%3Ealert(1)%3C/script%3E", "is not a digit"),
])
def test_bad_link_shows_a_message_and_runs_nothing(lab, fragment, words):
    lab.open(fragment)
    assert words in lab.error_text()
    assert lab.state() == "ready"
    assert lab.page.locator("script:not([src])").count() == 0


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): links
def test_opening_a_link_during_a_run_stops_the_run_first(lab):
    lab.open("#p=" + PAPERS["sato-77-difficult"] + "&s=ga_woc&seed=1&t=60")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => document.querySelector('[data-metric=iteration]').textContent !== '–'")
    other = PAPERS["sato-01-easy"]
    want = parse(other).cells.tolist()
    lab.page.evaluate("h => { location.hash = h; }", "#p=" + other + "&s=hill_climb&seed=4")
    lab.wait_state("ready")
    assert lab.givens_on_board() == want
    assert lab.board_values() == want and lab.metric("iteration") == "–"
    # From now until the new run has solved, every board the page shows keeps the new givens and,
    # while nothing runs, no iteration is counted: the old run's frames come from the same worker
    # before any frame of the new run, so the new run's end is the sign that all of them came.
    lab.page.evaluate("""want => { window.__late = [];
        const status = document.querySelector('[data-testid=status]');
        const metric = document.querySelector('[data-metric=iteration]');
        const look = () => {
          const cells = [...document.querySelectorAll('[data-testid=board] [data-testid=cell]')]
            .sort((a, b) => a.dataset.row - b.dataset.row || a.dataset.col - b.dataset.col);
          if (cells.some((c, i) => want[i] && +c.dataset.value !== want[i])) window.__late.push('a board without the new givens');
          if (status.dataset.state === 'ready' && metric.textContent !== '–') window.__late.push('an iteration while ready');
        };
        new MutationObserver(look).observe(document.querySelector('[data-testid=board]'),
          {attributes: true, attributeFilter: ['data-value'], subtree: true});
        new MutationObserver(look).observe(metric, {childList: true, characterData: true, subtree: true}); }""", want)
    lab.by("start").click()                         # and the worker is free for the new run
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(other), np.array(lab.board_values()))
    assert lab.page.evaluate("() => window.__late") == []


def test_settings_are_locked_during_a_run_and_the_link_stays_the_runs(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=5&plateau=10000&t=60")
    lab.by("start").click()
    lab.wait_state("running")
    url = lab.by("share").get_attribute("data-url")
    for hook in ("seed-input", "max-seconds", "solver-select", "param-plateau", "param-w1", "load-puzzle", "examples"):
        assert lab.by(hook).is_disabled(), hook
    lab.page.evaluate("""() => { const s = document.querySelector('[data-testid=seed-input]');
                                 s.value = '99'; s.dispatchEvent(new Event('input', {bubbles: true})); }""")
    assert lab.by("share").get_attribute("data-url") == url and "seed=5" in url
    lab.by("stop").click()
    lab.wait_state("stopped")
    assert lab.by("seed-input").is_enabled() and lab.by("param-plateau").is_enabled()


def test_a_link_with_bad_settings_keeps_the_good_ones_and_runs_nothing_until_fixed(lab):
    lab.open("#p=" + PAPERS["sato-11-easy"] + "&s=ga_woc&seed=3&t=20&population=1e3&woc=false")
    assert lab.by("solver-select").input_value() == "ga_woc"
    assert lab.by("seed-input").input_value() == "3" and lab.by("max-seconds").input_value() == "20"
    assert not lab.by("param-woc").is_checked()
    pop = lab.by("param-population")
    assert pop.get_attribute("aria-invalid") == "true"
    assert "'population' must be a whole number; got '1e3'" in lab.error_text()
    assert lab.givens_on_board() == parse(PAPERS["sato-11-easy"]).cells.tolist()
    lab.start_refused()
    assert lab.state() == "ready" and "Nothing was started" in lab.error_text()
    pop.fill("200")
    pop.dispatch_event("change")
    assert pop.get_attribute("aria-invalid") is None and lab.error_text() == ""
    lab.by("start").click()
    lab.wait_state("running", "solved", "failed")


# seed=0x10 and t=0 are read like these (tests/value_cases.json, "link"): one of each field here.
@pytest.mark.parametrize("bad", ["seed=-5", "t=abc"])
def test_a_bad_seed_or_time_limit_keeps_the_puzzle(lab, bad):
    lab.open("#p=" + PAPERS["sato-29-medium"] + "&s=hill_climb&" + bad)
    assert lab.givens_on_board() == parse(PAPERS["sato-29-medium"]).cells.tolist()
    hook = "seed-input" if bad.startswith("seed") else "max-seconds"
    assert lab.by(hook).get_attribute("aria-invalid") == "true"
    lab.start_refused()
    assert lab.state() == "ready"


def test_a_parameter_the_puzzle_cannot_take_is_refused_on_loading(lab):
    lab.open("#p=" + SIZES["16x16-vukr-1"] + "&s=alldiff_tabu&filter=hall_sets&seed=1")
    lab.page.wait_for_selector('[data-testid="param-filter"][aria-invalid="true"]', timeout=10_000)
    msg = lab.error_text()
    assert "hall_sets filter works on boards up to 9×9" in msg and "Error" not in msg
    lab.start_refused()
    assert lab.state() == "ready"
    lab.by("param-filter").select_option("hall_intervals")
    lab.page.wait_for_function("() => !document.querySelector('[data-testid=param-filter]').hasAttribute('aria-invalid')")
    lab.by("start").click()
    lab.wait_state("running", "solved", "failed")


def test_a_link_that_names_no_puzzle_keeps_the_visitors_puzzle_marked_until_loaded(lab):
    """Nothing the visitor typed is lost to a link without p= or g=: the board and the box keep
    theirs, the box is marked, and Start runs nothing the link did not name until it is loaded."""
    lab.open()
    lab.load(PAPERS["sato-27-medium"])
    givens = lab.givens_on_board()
    loaded = lab.by("puzzle-input").input_value()
    lab.change_hash("#s=hill_climb&seed=3")
    lab.wait_state("ready")
    assert lab.by("puzzle-input").input_value() == loaded and lab.givens_on_board() == givens
    assert lab.by("puzzle-input").get_attribute("aria-invalid") == "true"
    assert "there is no puzzle in this link (p=… or g=…): the board keeps the one you had" in lab.error_text()
    assert lab.by("seed-input").input_value() == "3"                  # the link's other settings are kept
    lab.start_refused()
    assert "Load it to run it" in lab.error_text() and lab.state() == "ready"
    lab.by("load-puzzle").click()
    lab.page.wait_for_function("() => !document.querySelector('[data-testid=puzzle-input]').hasAttribute('aria-invalid')")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "stopped", timeout=60_000) in ("solved", "failed", "stopped")
    assert lab.givens_on_board() == givens

    typed = PAPERS["sato-01-easy"]                                   # typed, not loaded: kept too
    lab.by("puzzle-input").fill(typed)
    lab.change_hash("#s=hill_climb&seed=4")                      # (the run's result stays shown, as after any setting)
    lab.by("puzzle-input").and_(lab.page.locator("[aria-invalid=true]")).wait_for()
    assert lab.by("puzzle-input").input_value() == typed and lab.givens_on_board() == givens


def test_long_values_are_cut_in_messages(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=" + "9" * 200_000)
    msg = lab.error_text()
    assert "(200,000 characters)" in msg and len(msg) < 400


# Each problem's message is held in tests/compare_link_cases.json (tests/js), one case per
# problem; here, that the page marks each on its field, says it, and starts nothing. Two links
# of those cases carry several problems at once.
BAD_COMPARE_LINKS = [
    ("five problems in an experiment", "&t=abc&m=experiment&e=hill_climb:1&runs=0&ps=list&preset=paper-bogus&rns=3",
     [("max-seconds", "time limit must be"), ("compare-runs", "runs must be between 1 and 1000"),
      ("compare-list", "ps=list needs the list"), ("preset", "unknown preset 'paper-bogus'"),
      (None, "unknown setting 'rns'")]),
    ("a race without puzzle nor one time limit", "#t=5&t=6&m=race&e=hill_climb:1,hill_climb:2",
     [("puzzle-input", "there is no puzzle"), ("max-seconds", "'t' is given twice")]),
    ("an unknown puzzle set", "&m=experiment&e=hill_climb:1&ps=bogus", [("compare-puzzles", "unknown puzzle set 'bogus'")]),
]


@pytest.mark.parametrize("name,link,marks", BAD_COMPARE_LINKS, ids=[b[0] for b in BAD_COMPARE_LINKS])
def test_a_bad_race_or_experiment_link_marks_its_problem_and_runs_nothing(lab, name, link, marks):
    fragment = link if link.startswith("#") else "#p=" + PAPERS["sato-01-easy"] + link
    lab.open(fragment)
    ran = lab.by("compare-progress").get_attribute("data-total")      # the page's last experiment's, if any
    for field, words in marks:
        assert words in lab.error_text()
        if field:
            assert lab.by(field).get_attribute("aria-invalid") == "true", field
    lab.start_refused("compare-start")
    assert "Nothing was started" in lab.error_text()
    assert all(words in lab.error_text() for _, words in marks)
    assert lab.page.locator('[data-testid="lane"]').count() == 0
    assert lab.by("compare-progress").get_attribute("data-total") == ran and lab.state() == "ready"


def test_a_link_problem_is_mended_on_its_field_or_dismissed(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=experiment&e=hill_climb:1&runs=0&rns=3")
    lab.by("compare-runs").fill("1")                        # mended on its field
    assert lab.by("compare-runs").get_attribute("aria-invalid") is None
    assert "unknown setting 'rns'" in lab.error_text()
    lab.by("dismiss-problems").click()                      # nothing to mend: dismissed
    assert lab.error_text() == ""
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    assert lab.rows()[0]["solved"] == 1

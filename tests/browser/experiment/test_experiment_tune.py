"""Tuning by racing in the page (docs/page.md, "Tune"): a seeded tiny tune on the page's worker,
its live view seen as it went, replays exactly the native one (sudoku_lab.api.tune with the
same inputs: the same elites, eliminations, trace, link and held-out sentences), its export
carries the trace, so does the experiment's JSON export after it, and its link opens Solve with the best configuration; bad input is refused
naming the field, with what was typed kept."""

import json

import pytest

from conftest import PAPERS
from sudoku_lab import api, bench

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

PARAMS = {"w1": "-2:2", "plateau": "1:50", "init": "greedy", "propagate": "false", "post_swap": "true", "w2": "-1"}
COUNTS = {"generate": "9:0.3:0.3:0.05", "instances": 4, "max_evaluations": 2000, "budget": 60, "seed": 3,
          "held_out_instances": 2, "held_out_runs": 2}

WATCH_LIVE = """() => { window.__tuneLive = [];
  new MutationObserver(() => window.__tuneLive.push(document.querySelector('[data-testid=tune-live]').textContent))
    .observe(document.querySelector('[data-testid=tune-live]'), { childList: true, characterData: true, subtree: true }); }"""


def native():
    named = lambda puzzles: [(name, cells) for cells, name in puzzles]
    seed, k = COUNTS["seed"], COUNTS["instances"]
    return api.tune(named(bench.generated_puzzles([COUNTS["generate"]], k, seed)), "hill_climb",
                    max_evaluations=COUNTS["max_evaluations"], budget=COUNTS["budget"], params=PARAMS, seed=seed,
                    held_out=named(bench.generated_puzzles([COUNTS["generate"]], COUNTS["held_out_instances"], seed + k)),
                    held_out_runs=COUNTS["held_out_runs"])


def fill_tune(lab, **counts):
    lab.by("tune-solver").select_option("hill_climb")
    for name, value in PARAMS.items():
        lab.by(f"tune-param-{name}").fill(value)
    for name, value in counts.items():
        lab.by("tune-" + name.replace("_", "-")).fill(str(value))


def open_tune(lab, scheme):
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.set_view("experiment")
    box = lab.by("tune")
    if not box.evaluate("e => e.open"):
        box.locator("summary").click()
    return box


def test_bad_input_is_refused_naming_the_field_and_kept(lab):
    open_tune(lab, "light")
    assert lab.by("tune-params").locator("legend").inner_text() == "Parameters: a range lo:hi, values a,b,c or one value"
    fill_tune(lab, **{**COUNTS, "budget": "6x"})
    lab.by("tune-start").click()
    assert lab.by("tune-problem").inner_text() == 'budget: must be a whole number of at least 1; got "6x"'
    assert lab.by("tune-budget").get_attribute("aria-invalid") == "true"
    lab.by("tune-budget").fill("3")                        # the package's own least budget: 36 for two parameters
    lab.by("tune-start").click()
    lab.wait_text("tune-problem", "budget: must be a whole number of at least 36; got 3", timeout=120_000)
    lab.by("tune-param-w1").fill("2:1")
    lab.by("tune-budget").fill("60")
    lab.by("tune-start").click()
    lab.wait_text("tune-problem", "params: w1: lo must not be above hi", timeout=30_000)
    assert lab.by("tune-param-w1").get_attribute("aria-invalid") == "true"
    assert lab.by("tune-budget").get_attribute("aria-invalid") is None
    assert lab.by("tune-param-w1").input_value() == "2:1" and lab.by("tune-budget").input_value() == "60"


def test_a_seeded_tune_in_the_page_replays_the_native_one_and_its_link_opens_solve(lab, tmp_path):
    # one tune, in the dark theme (the other tests here are light): nothing it checks depends on the theme
    box = open_tune(lab, "dark")
    fill_tune(lab, **COUNTS)
    lab.page.evaluate(WATCH_LIVE)
    lab.by("tune-start").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=tune]').dataset.state === 'done'",
                               timeout=240_000)
    assert box.get_attribute("data-state") == "done" and not lab.by("tune-problem").inner_text()
    with lab.page.expect_download() as dl:
        lab.by("tune-export").click()
    shown = json.loads(open(dl.value.path()).read())
    expected = native()
    result = shown["result"]
    assert shown["tune"]["solver"] == "hill_climb" and shown["tune"]["seed"] == COUNTS["seed"]
    assert result["elites"] == expected["elites"] and result["trace"] == expected["trace"]
    assert result["link"] == expected["link"] and len(result["runs"]) == expected["budget"]["used"]
    assert result["held_out"] == json.loads(json.dumps(expected["held_out"]))

    eliminated = [e for e in expected["trace"] if e["event"] == "test" and e["eliminated"]]
    assert eliminated and len(expected["eliminations"]) == len(eliminated)
    # the lines are the package's own sentences (tuning/words.py), as `tune` prints them
    assert lab.by("tune-eliminations").locator("li").all_inner_texts() == expected["eliminations"]
    assert lab.by("tune-elites").locator("li").all_inner_texts() == [e["sentence"] for e in expected["elites"]]
    held = lab.by("tune-held-out").locator("li").all_inner_texts()
    assert held == [p["sentence"] for p in expected["held_out"]["comparison"]["pairs"]]
    live = lab.page.evaluate("() => window.__tuneLive")
    assert any(text.startswith("Iteration 1 · configurations alive:") for text in live)
    assert lab.by("tune-live").inner_text().startswith(
        f"Done: {expected['budget']['used']} of {expected['budget']['runs']} runs used, in ")
    done, ended = lab.by("tune-live").inner_text(), expected["budget"]["ended"]    # why runs were left, if they were
    assert done.endswith(f" {ended}") if ended else done.endswith(("race.", "races."))

    # the experiment's own export ends with the tune, as the fold's export holds it
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=experiment&t=5&e=hill_climb:1&runs=1&ps=current")
    lab.by("workers").fill("1")
    lab.by("compare-start").click()
    lab.wait_experiment_done(timeout=60_000)
    assert lab.export_tune() == shown
    records, _, _ = lab.export_json()
    assert [r["solver"] for r in records] == ["hill_climb"]

    best = expected["elites"][0]["params"]
    lab.by("tune-best").click()
    lab.page.wait_for_selector('[data-testid="view"][data-view="solve"]')
    lab.page.wait_for_function("() => document.activeElement.dataset.testid === 'start'")   # the focus on Start, in view
    assert lab.by("start").evaluate("(b) => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
    assert lab.by("solver-select").input_value() == "hill_climb"
    assert float(lab.by("param-w1").input_value()) == pytest.approx(best["w1"])
    assert lab.by("param-plateau").input_value() == str(best["plateau"])
    assert lab.by("max-evaluations").input_value() == str(COUNTS["max_evaluations"])


def test_stop_drops_the_tune_under_way_and_a_new_one_runs(lab):
    open_tune(lab, "light")
    fill_tune(lab, **{**COUNTS, "budget": 5000, "held_out_instances": 0})
    lab.by("tune-start").click()
    lab.wait_text("tune-live", "Iteration 1 · configurations alive:", timeout=120_000)
    lab.by("tune-stop").click()
    assert lab.by("tune").get_attribute("data-state") == "idle" and lab.by("tune-live").inner_text() == "Stopped."
    assert lab.by("tune-start").is_enabled() and not lab.by("tune-stop").is_enabled()
    fill_tune(lab, **{**COUNTS, "held_out_instances": 0})
    lab.by("tune-start").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=tune]').dataset.state === 'done'",
                               timeout=240_000)
    assert lab.by("tune-elites").locator("li").count() >= 1

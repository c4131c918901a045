"""A bad link's settings, field by field: each marked field shows what the link said
(or is empty), never a default; a valid value the visitor gives it, the shown option included,
clears its mark; the generator's settings are named and marked part by part. And a single run
is judged on Solve's settings only: a race entry's problem never blocks it."""

import pytest

from conftest import PAPERS, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def invalid(lab, testid: str) -> bool:
    return lab.by(testid).get_attribute("aria-invalid") == "true"


def test_each_marked_field_shows_what_the_link_said_and_a_valid_value_clears_it(lab):
    lab.open("#p=123&s=nosuch&seed=abc&t=0")
    assert lab.by("puzzle-input").input_value() == "123" and invalid(lab, "puzzle-input")
    # no default in the marked fields: the menu shows no solver, the seed what the link said
    assert lab.by("solver-select").input_value() == "" and invalid(lab, "solver-select")
    assert lab.page.locator("#best-label").inner_text() == "best"      # no solver's measure named
    assert lab.by("seed-input").input_value() == "abc" and invalid(lab, "seed-input")
    assert lab.by("max-seconds").input_value() == "0" and invalid(lab, "max-seconds")
    text = lab.error_text()
    assert "unknown solver 'nosuch'" in text and "got 'abc'" in text and "got '0'" in text
    assert lab.by("status").inner_text() == ("Ready. 4 marked settings cannot be used: "
                                             "fix them before starting (the message says how).")
    lab.start_refused()
    assert lab.state() == "ready"

    # choosing the option a default would have shown is a change, and clears the mark
    lab.by("solver-select").select_option("hill_climb")
    assert not invalid(lab, "solver-select")
    assert lab.by("param-plateau").is_visible()
    assert lab.page.locator("#best-label").inner_text().startswith("best: f")
    lab.by("seed-input").fill("1")
    lab.by("max-seconds").fill("30")
    assert not invalid(lab, "seed-input") and not invalid(lab, "max-seconds")
    lab.load(PAPERS["sato-01-easy"])
    assert not invalid(lab, "puzzle-input")
    assert lab.error_text() == ""
    assert lab.by("status").inner_text() == "Ready."
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"


def test_a_bad_parameter_in_a_link_shows_its_text_not_the_default(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=alldiff_tabu&filter=nosuch&seed=2")
    assert lab.by("param-filter").input_value() == "" and invalid(lab, "param-filter")
    assert lab.by("seed-input").input_value() == "2"
    lab.by("param-filter").select_option("hall_intervals")       # the default, the menu had not shown it
    assert not invalid(lab, "param-filter") and lab.error_text() == ""


def test_bad_generator_settings_are_named_and_marked_part_by_part(lab):
    lab.open("#g=99:2:x&s=hill_climb&seed=1")
    text = lab.error_text()
    assert "size must be 4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8); got '99'" in text
    assert "p must be a number from 0 to 1; got '2'" in text
    assert "seed must be a whole number" in text and "got 'x'" in text
    assert lab.by("generate-size").input_value() == "99" and invalid(lab, "generate-size")
    assert lab.by("generate-p").input_value() == "2" and invalid(lab, "generate-p")
    assert lab.by("generate-seed").input_value() == "x" and invalid(lab, "generate-seed")

    lab.by("generate-size").select_option("9")
    assert not invalid(lab, "generate-size") and invalid(lab, "generate-p") and invalid(lab, "generate-seed")
    lab.by("generate-p").fill("0.5")
    lab.by("generate-seed").fill("4")
    assert not invalid(lab, "generate-p") and not invalid(lab, "generate-seed")
    assert lab.error_text() == ""
    lab.by("generate").click()
    lab.page.wait_for_selector('[data-testid="share"][data-url*="g=9:0.5:4"]')
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) in ("solved", "failed")


def test_a_bad_seed_in_a_link_is_kept_in_its_field_with_its_problem(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=abc")
    assert lab.by("seed-input").input_value() == "abc" and invalid(lab, "seed-input")
    assert "got 'abc'" in lab.page.locator("#seed-input-problem").inner_text()
    lab.by("seed-input").fill("7")
    assert not invalid(lab, "seed-input") and lab.error_text() == ""


def test_generator_settings_not_of_the_specs_shape_are_kept_in_its_fields(lab):
    lab.open("#g=abc&s=hill_climb&seed=1")
    assert "got 'abc'" in lab.error_text()
    assert lab.by("generate-size").input_value() == "abc" and invalid(lab, "generate-size")
    assert "got 'abc'" in lab.page.locator("#generate-size-problem").inner_text()
    assert lab.by("generate-p").input_value() == "" and invalid(lab, "generate-p")     # the shape's problem
    lab.by("generate-size").select_option("9")                  # a listed size: the link's option goes
    assert lab.page.locator('[data-testid="generate-size"] option', has_text="abc").count() == 0
    assert not invalid(lab, "generate-size")


def test_a_race_entrys_problem_does_not_block_a_single_run(lab):
    """The steps that showed it: a 9×9, an alldiff_tabu filter=hall_sets entry in Race, a 16×16, then Solve."""
    lab.open()
    lab.set_view("race")
    lab.add_entry("alldiff_tabu", 1, filter="hall_sets")
    lab.add_entry("hill_climb", 1)
    lab.by("solver-select").select_option("hill_climb")       # Solve's own settings: fine on a 16×16
    lab.load(SIZES["16x16-vukr-1"])
    entry = lab.page.locator('[data-testid="compare-entry"]').first
    lab.page.wait_for_function("() => document.querySelector('[data-testid=compare-entry]').dataset.problem")
    assert "9×9" in entry.get_attribute("data-problem")
    lab.set_view("solve")
    lab.by("max-seconds").fill("5")
    lab.by("start").click()
    assert lab.wait_state("running", "solved", "failed") in ("running", "solved", "failed")
    assert "entry-1" not in lab.error_text()

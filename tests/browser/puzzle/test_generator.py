"""Generated puzzles in the page: the same settings give the native puzzle at every size, a
generated puzzle's link carries the generator's settings, the rating matches the native one,
and bad settings are marked on their field with nothing lost."""

import pytest

from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.rate import rate

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_the_page_generates_the_native_puzzle_at_every_size_and_its_link_is_short(lab):
    lab.open()
    for size in (4, 9, 16, 25, 36):
        spec = lab.generate(size, 0.45, 7)
        native = generate(parse_spec(spec)).puzzle
        assert lab.board_values() == native.cells.tolist(), spec
        assert lab.by("puzzle-input").input_value() == native.to_string()
        url = lab.by("share").get_attribute("data-url")
        assert f"g={spec}" in url and "p=" not in url.split("#")[1].split("&")[0], url
    lab.cell(0, 0).click()                                  # an edited puzzle is no longer the generator's
    lab.page.keyboard.press("Delete" if lab.board_values()[0] else "1")
    assert "#p=" in lab.by("share").get_attribute("data-url")


def test_unique_mode_and_the_rating_match_the_native_ones(lab):
    lab.open()
    spec = lab.generate(9, 0.3, 4, unique=True)
    made = generate(parse_spec(spec))
    assert lab.board_values() == made.puzzle.cells.tolist()
    lab.page.wait_for_selector('[data-testid="puzzle-rating"][data-needs-search]', timeout=60_000)
    r = rate(made.puzzle)
    el = lab.by("puzzle-rating")
    assert int(el.get_attribute("data-givens")) == r.givens == made.puzzle.given_count
    assert float(el.get_attribute("data-p")) == pytest.approx(r.p, abs=1e-4)
    assert int(el.get_attribute("data-logic-cells")) == r.logic_cells
    assert el.get_attribute("data-hardest-move") == (r.hardest_move or "")
    assert el.get_attribute("data-needs-search") == ("true" if r.needs_search else "false")
    assert lab.by("puzzle-info").get_attribute("data-solutions") == "1"


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): puzzle and generator
def test_a_generator_link_opens_its_puzzle(lab):
    lab.open("#g=16:0.45:7&s=alldiff_tabu&seed=1")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (16:0.45:7)')", timeout=60_000)
    assert lab.board_values() == generate(parse_spec("16:0.45:7")).puzzle.cells.tolist()
    assert lab.by("generate-size").input_value() == "16" and lab.by("generate-seed").input_value() == "7"
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) in ("solved", "failed")


def test_bad_generator_settings_are_marked_and_nothing_is_lost(lab):
    lab.open()
    before = lab.board_values()
    lab.by("generate-p").fill("1.5")
    lab.by("generate").click()
    assert "p must be a number from 0 to 1; got '1.5'" in lab.error_text()
    assert lab.by("generate-p").get_attribute("aria-invalid") == "true"
    lab.by("generate-seed").fill("-3")
    lab.by("generate").click()
    assert "seed must be a whole number" in lab.error_text()
    assert lab.board_values() == before and lab.by("generate-p").input_value() == "1.5"
    lab.by("generate-p").fill("0.5")                       # mended on its field
    assert lab.by("generate-p").get_attribute("aria-invalid") is None
    lab.open("#g=16:1.5:7&s=hill_climb")                   # a bad g= link: marked, the puzzle kept
    assert "p must be a number from 0 to 1" in lab.error_text()
    assert lab.by("generate-p").get_attribute("aria-invalid") == "true"
    lab.start_refused()
    assert lab.state() == "ready" and "Nothing was started" in lab.error_text()

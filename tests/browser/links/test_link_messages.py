"""What a link's messages say is so: a link whose puzzle cannot be read leaves no
other puzzle on the board and Start says what to fix; an experiment link is named as one."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_a_link_whose_puzzle_cannot_be_read_leaves_no_other_puzzle_on_the_board(lab):
    lab.open()
    assert any(lab.givens_on_board())                         # the default puzzle
    lab.open("#p=123&s=hill_climb&seed=2")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-input]').value === '123'")
    lab.page.wait_for_function("() => /No puzzle on the board/.test(document.querySelector('[data-testid=puzzle-info]').textContent)")
    lab.wait_board()
    assert lab.board_values() == [0] * 81                    # not the puzzle shown before
    assert lab.by("puzzle-info").get_attribute("data-solutions") is None
    assert lab.by("puzzle-input").get_attribute("aria-invalid") == "true" and "puzzle" in lab.error_text()
    lab.start_refused()                                       # refused, saying what to fix
    assert "Nothing was started" in lab.error_text() and "puzzle" in lab.error_text()
    assert lab.state() == "ready" and lab.board_values() == [0] * 81
    lab.load("..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    assert any(lab.givens_on_board()) and lab.by("start").is_enabled()


def test_an_experiment_link_is_an_experiment_link_in_its_messages(lab):
    lab.open("#m=experiment&rns=3&t=5")
    said = lab.error_text()
    assert "unknown setting 'rns' in an experiment link" in said, said


def test_a_link_whose_code_is_damaged_names_the_code_first(lab):
    """A link with no puzzle whose code= cannot be read: the damaged code is said before the
    missing puzzle, in the link's notice and in a refused Start's."""
    lab.open("#s=own&code=AAAA")
    lab.page.wait_for_function("() => /code cannot be read/.test(document.querySelector('[data-testid=error]').textContent)")
    bullets = [line for line in lab.error_text().splitlines() if line.startswith("•")]
    assert bullets[0].startswith("• your solver's code: the link's code cannot be read"), bullets
    assert any("there is no puzzle" in line for line in bullets[1:]), bullets
    lab.start_refused()
    bullets = [line for line in lab.error_text().splitlines() if line.startswith("•")]
    assert bullets[0].startswith("• your solver's code: the link's code cannot be read"), bullets

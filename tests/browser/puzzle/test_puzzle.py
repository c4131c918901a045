"""The shared puzzle: paste, examples, typing on the board, links of other sites, and the
worker's check (clashes at once, the solution count in slices)."""

import json
import math

import pytest

from conftest import PAPERS
from lab import HELD_OUT
import sudoku_lab
from sudoku_lab.grid import parse

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]
HOOKS = ["puzzle-input", "load-puzzle", "examples", "board", "solver-select", "seed-input", "start",
         "stop", "status", "metrics", "chart", "share", "error", "puzzle-info", "view"]


def test_page_paints_before_python_start_waits_for_it_stop_cancels_the_wait_and_a_damaged_image_is_not_used(visitor):
    """Two first loads, each with the lab's package held back (its zip's fetch waits for the test),
    so Python is not ready while the visitor acts. The first page paints its puzzle and takes a
    paste before Python; Start pressed then says the run waits for Python and runs it at ready; the
    loaded page names its versions and its load's parts and has its hooks. In the second, Stop
    cancels the wait: nothing runs at ready; that page is also served a damaged image of a started
    Python: it starts Python the ordinary way and runs as before."""
    for stop_first in (False, True):
        lab = visitor(service_workers="block")
        if stop_first:
            lab.page.context.route("**/python-snapshot.bin.gz*", damaged_snapshot)
        release = lab.hold_lab_package()
        with lab.page.expect_request("**/sudoku_lab.zip*", timeout=120_000):
            lab.open(f"#p={PAPERS['sato-11-easy']}&s=alldiff_ls&seed=1&t=60", wait_ready=False)
            if not stop_first:
                the_page_paints_and_takes_a_paste_before_python(lab)
            lab.page.wait_for_selector('[data-testid="start"]:not([disabled])')
            assert lab.state() == "loading"
            lab.by("start").click()
            assert lab.by("error").inner_text() == "Start waits for Python to load: the run starts as soon as it is ready."
            assert lab.by("start").is_disabled() and lab.by("stop").is_enabled()
            if stop_first:
                lab.by("stop").click()
                assert lab.by("start").is_enabled() and not lab.by("error").is_visible()
        release()
        if stop_first:
            assert lab.wait_state("ready", timeout=60_000) == "ready"
            assert lab.by("start").is_enabled() and lab.metric("iteration") == "–"
            a_damaged_image_of_a_started_python_is_not_used_and_python_starts_the_ordinary_way(lab)
        else:
            assert lab.wait_state("solved", "failed", "error", timeout=90_000) == "solved"
            assert not lab.by("error").is_visible()
            the_loaded_page_names_its_versions_and_load_and_has_its_hooks(lab)


def the_page_paints_and_takes_a_paste_before_python(lab):
    """Before Python: the link's puzzle shows at once, and a paste works (an easy puzzle, whose
    count answers at once beside the run)."""
    lab.page.wait_for_selector('[data-testid="cell"]')
    assert lab.state() == "loading"
    assert lab.givens_on_board() == parse(PAPERS["sato-11-easy"]).cells.tolist()
    lab.load(PAPERS["sato-01-easy"])
    assert sum(c["given"] for c in lab.board()) == 38
    assert lab.state() == "loading"


def the_loaded_page_names_its_versions_and_load_and_has_its_hooks(lab):
    """Once Python is up (its run solved the pasted puzzle): the versions, the load in parts, the
    count, every hook once, the default solver's default parameter; nothing asked of another site
    and no error in the console."""
    versions = lab.by("versions").inner_text()
    assert f"Sudoku Lab {sudoku_lab.__version__}" in versions and "Pyodide 0.27.7" in versions and "Python 3.12" in versions and "numpy 2.0.2" in versions
    assert_load_in_parts(json.loads(lab.by("versions").get_attribute("data-load")))
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]')
    for hook in HOOKS:
        assert lab.by(hook).count() == 1, hook
    lab.by("solver-select").select_option("hill_climb")
    assert lab.page.locator('[data-testid="param-plateau"]').input_value() == "10"
    assert lab.foreign_requests == []
    assert lab.console_errors == []


def damaged_snapshot(route):
    """Serves the build's image of a started Python with one byte changed on the way."""
    body = bytearray(route.fetch().body())
    body[len(body) // 2] ^= 0xFF
    route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/gzip"})


def a_damaged_image_of_a_started_python_is_not_used_and_python_starts_the_ordinary_way(lab):
    """The build's image of a started Python is checked against the manifest's sha256 before Pyodide
    sees it (docs/architecture.md, "A started Python, kept"): one byte changed on the way, and the
    worker starts Python without it, says why, and runs as before."""
    load = json.loads(lab.by("versions").get_attribute("data-load"))
    assert load["snapshot"] == {"used": False, "why": "python-snapshot.bin.gz: its sha256 is not the manifest's"}
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=90_000) == "solved"


LOAD_PARTS = ["worker_script", "manifest", "snapshot", "runtime_script", "wasm", "python_start", "numpy_load", "numpy_import",
              "lab_zip", "lab_import", "hello"]


def assert_load_in_parts(load: dict):
    """The worker's ready names every part of its load (docs/protocol.md, "Worker messages"), each a time
    of its own: they sum to no more than its start to ready, and it lists the runtime's files it fetched.
    Python started from the build's image of a started Python (docs/architecture.md, "A started Python, kept")."""
    assert load["snapshot"] == {"used": True}
    parts = load["load_ms"]
    assert list(parts) == LOAD_PARTS
    assert all(isinstance(ms, (int, float)) and math.isfinite(ms) and ms >= 0 for ms in parts.values()), parts
    assert sum(parts.values()) <= load["ready_ms"] + 0.05 * len(parts), (parts, load["ready_ms"])   # each rounded to 0.1 ms
    fetched = {r["name"]: r for r in load["resources"]}
    for name in ("manifest.json", "python-snapshot.bin.gz", "pyodide.asm.wasm", "python_stdlib.zip", "sudoku_lab.zip"):
        assert fetched[name]["ms"] >= 0 and fetched[name]["bytes"] >= 0, name


def test_bad_paste_keeps_the_text_and_says_where(lab):
    lab.open()
    before = lab.board_values()
    text = "\n".join(PAPERS["sato-01-easy"][i:i + 9] for i in range(0, 81, 9)).replace("7", "?", 1)
    lab.load(text)
    msg = lab.error_text()
    assert "Line 2, column 3: '?'" in msg
    assert lab.by("puzzle-input").input_value() == text
    assert lab.board_values() == before
    lab.load(PAPERS["sato-01-easy"][:80])
    assert "Found 80 cells" in lab.error_text()
    spaced = PAPERS["sato-01-easy"][:20] + " " + PAPERS["sato-01-easy"][21:]      # a space typed for a blank
    lab.load(spaced)
    assert "Line 1, column 21: a space between two cells counts as no cell" in lab.error_text()
    assert lab.error_text().endswith("The board keeps the puzzle it had.") and lab.board_values() == before
    assert lab.by("puzzle-input").input_value() == spaced
    lab.load("<b>bold</b>")
    assert lab.page.locator('[data-testid="error"] b').count() == 0


def test_puzzle_without_solution_is_reported(lab):
    lab.open()
    lab.load("55" + "." * 79)
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="0"]')
    assert "row 1 has 5 twice" in lab.error_text()
    assert sum(c["clashing"] for c in lab.board()) == 2


def test_examples_menu_has_the_papers_puzzles(lab):
    lab.open()
    labels = lab.by("examples").locator("option").all_inner_texts()
    for name in ("sato-01-easy", "sato-106-difficult", "ai-escargot", "pillay-fig1", "16x16-vukr-1"):
        assert name in labels
    lab.by("examples").select_option(label="16x16-vukr-1")
    assert len(lab.board()) == 256
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]', timeout=30_000)


def test_a_puzzle_typed_on_the_board_keeps_paste_box_link_and_check_in_step(lab):
    lab.open()
    lab.by("clear-board").click()
    assert all(v == 0 for v in lab.board_values()) and lab.by("puzzle-input").input_value() == ""
    assert lab.page.locator('[data-testid="board"] [tabindex="0"]').count() == 1      # one tab stop
    lab.cell(0, 0).click()
    lab.page.keyboard.press("5")
    assert lab.cell(0, 0).get_attribute("data-value") == "5" and lab.cell(0, 0).get_attribute("data-given") == "true"
    assert lab.by("puzzle-input").input_value().startswith("5.")
    assert "p=5." in lab.by("share").get_attribute("data-url")
    lab.page.keyboard.press("ArrowRight")
    assert lab.focused() == [0, 1]
    outline = lab.page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), "focus is visible"
    lab.page.keyboard.press("5")                                   # a clash, marked at once
    lab.page.wait_for_selector('[data-testid="board"] [data-row="0"][data-col="1"][data-clashing="true"]', timeout=5_000)
    assert lab.cell(0, 0).get_attribute("data-clashing") == "true"
    assert "twice" in lab.error_text()
    lab.page.keyboard.press("Backspace")
    lab.page.wait_for_selector('[data-testid="board"] [data-row="0"][data-col="0"][data-clashing="false"]')
    assert lab.cell(0, 1).get_attribute("data-value") == "0"
    lab.page.keyboard.press("End")
    assert lab.focused() == [0, 8]
    lab.page.keyboard.press("Control+End")
    assert lab.focused() == [8, 8]
    lab.page.keyboard.press("ArrowDown")                           # the edge: stays
    assert lab.focused() == [8, 8]
    lab.page.keyboard.press("Control+Home")
    lab.page.keyboard.press("ArrowDown")
    assert lab.focused() == [1, 0]
    lab.page.keyboard.press("Home")
    assert lab.page.locator('[data-testid="board"] [tabindex="0"]').count() == 1
    # type a whole puzzle in, then solve it
    lab.by("clear-board").click()
    lab.cell(0, 0).click()
    for ch in PAPERS["sato-01-easy"]:
        if ch != ".":
            lab.page.keyboard.press(ch)
        r, c = lab.focused()
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
    lab.cell(0, 1).click()
    lab.page.keyboard.press("7")
    assert lab.by("puzzle-input").input_value() == PAPERS["ai-escargot"]
    assert lab.by("board").get_attribute("aria-readonly") == "true"
    lab.by("stop").click()
    lab.wait_state("stopped")


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


def test_the_solution_count_of_a_25x25_does_not_block_a_run(lab):
    lab.open()
    lab.by("examples").select_option(label="25x25-planetsudoku")
    lab.by("start").click()                                 # at once, while the count may still go on
    lab.wait_state("running", "failed", timeout=5_000)
    lab.page.wait_for_function(
        "() => document.querySelector('[data-metric=iteration]').textContent !== '–'", timeout=5_000)
    lab.by("stop").click()
    lab.wait_state("stopped")
    lab.page.wait_for_selector('[data-testid="puzzle-info"][data-solutions="1"]', timeout=30_000)


@pytest.mark.parametrize("link", [
    "www.sudokuwiki.org/sudoku.htm?bd={digits}",               # no https://
    "sudokuwiki.org/sudoku.htm?bd={digits}",
    "https://www.sudokuwiki.org/sudoku.htm/{digits}",          # the puzzle in the path
])
def test_a_sudokuwiki_link_without_its_scheme_or_with_the_puzzle_in_its_path_is_read(lab, link):
    lab.open()
    digits = PAPERS["sato-29-medium"].replace(".", "0")
    lab.load(link.format(digits=digits))
    assert lab.error_text() == ""
    assert lab.board_values() == parse(PAPERS["sato-29-medium"]).cells.tolist()


def test_the_labs_own_share_link_pasted_into_the_box_restores_its_settings(lab):
    lab.open()
    lab.load(lab.base + "#p=" + PAPERS["sato-27-medium"] + "&s=alldiff_tabu&seed=5&t=7&filter=ac3")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=solver-select]').value === 'alldiff_tabu'")
    assert lab.board_values() == parse(PAPERS["sato-27-medium"]).cells.tolist()
    assert lab.by("seed-input").input_value() == "5" and lab.by("max-seconds").input_value() == "7"
    assert lab.by("param-filter").input_value() == "ac3" and lab.error_text() == ""
    # a race link pasted in the box opens the race view with its entries, and runs nothing (the
    # progress of the page's last experiment, if any, stays as it was)
    ran = lab.by("compare-progress").get_attribute("data-total")
    lab.load(lab.base + "#p=" + HELD_OUT + "&m=race&t=10&e=hill_climb:1,acs:0")
    lab.page.wait_for_selector('[data-testid="view"][data-view="race"]')
    assert lab.entries() == [["hill_climb", 1], ["acs", 0]]
    assert lab.by("compare-progress").get_attribute("data-total") == ran and lab.state() == "ready"


def test_start_runs_the_puzzle_in_the_paste_box_not_the_one_shown_before(lab):
    """A puzzle pasted into the box, Load not pressed: Start takes it onto the board and runs it
    (it used to solve the board's default puzzle, the box still showing the pasted one)."""
    lab.open("#s=alldiff_ls&seed=1&t=20")
    lab.load(HELD_OUT)
    lab.by("puzzle-input").fill(PAPERS["ai-escargot"])
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"
    assert lab.givens_on_board() == parse(PAPERS["ai-escargot"]).cells.tolist()
    assert lab.by("puzzle-info").get_attribute("data-givens") == "23"
    lab.by("puzzle-input").fill(PAPERS["ai-escargot"][:40])               # unreadable: nothing starts, it says why
    lab.by("start").click()
    assert "Nothing was started" in lab.error_text() and "puzzle" in lab.error_text()
    assert lab.by("puzzle-input").get_attribute("aria-invalid") == "true"
    assert lab.by("puzzle-input").input_value() == PAPERS["ai-escargot"][:40]      # the text is kept


def test_a_pasted_puzzle_is_on_the_board_at_once_and_a_paste_that_does_not_read_waits(lab):
    """Pasting (the clipboard, Ctrl+V) a puzzle into the box loads it, as Load would: the board
    and the puzzle line show it with no button pressed. Half a puzzle pasted is left as typed,
    unmarked, for Load or Start to read."""
    lab.open("#s=hill_climb&seed=1&t=20")
    lab.load(HELD_OUT)
    lab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    box = lab.by("puzzle-input")

    def paste(text):
        box.fill("")
        lab.page.evaluate("(t) => navigator.clipboard.writeText(t)", text)
        box.focus()
        lab.page.keyboard.press("Control+V")

    paste(PAPERS["ai-escargot"])
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-info]').dataset.givens === '23'")
    assert lab.givens_on_board() == parse(PAPERS["ai-escargot"]).cells.tolist()
    assert lab.error_text() == ""
    paste(HELD_OUT[:40])
    assert box.input_value() == HELD_OUT[:40]
    assert box.get_attribute("aria-invalid") != "true" and lab.error_text() == ""
    assert lab.givens_on_board() == parse(PAPERS["ai-escargot"]).cells.tolist()     # the board keeps the last puzzle


def test_after_a_link_whose_puzzle_cannot_be_read_a_typed_puzzle_can_be_started(lab):
    """No puzzle on the board (the link's p= cannot be read: the box holds its text, marked);
    typing a puzzle into the box clears the link's mark: Start stays available and reads the
    box, and the puzzle line says so. (A link naming no puzzle keeps the board's: test_links.)"""
    lab.open("#p=12&s=alldiff_ls&seed=1&t=20")
    assert "No puzzle on the board" in lab.by("puzzle-info").inner_text()
    assert lab.by("puzzle-input").input_value() == "12" and lab.by("puzzle-input").get_attribute("aria-invalid") == "true"
    lab.by("puzzle-input").fill(HELD_OUT)
    assert lab.error_text() == ""
    assert lab.by("puzzle-info").inner_text() == "No puzzle on the board yet: Load puzzle (or Start) reads the paste box."
    assert lab.by("start").is_enabled()
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"
    assert lab.givens_on_board() == parse(HELD_OUT).cells.tolist()

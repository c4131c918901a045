"""The page before Ready, held there by holding back the lab's package (Python starts, the lab does
not load): the status line says what loads and how far it is, and the board, the paste box, the
examples, Generate and the links work meanwhile (one held page for both); that page is loaded in the
dark theme, which reaches its board and chart."""

import re

import pytest

from conftest import PAPERS, SIZES
from sudoku_lab import solvers
from sudoku_lab.grid import parse

pytestmark = [pytest.mark.browser]

# Every text the status line shows, kept in the page from its first script on (each worker
# message is a task of its own, and the observer hears the line after each task).
RECORD_STATUS = """
window.statusSaid = [];
new MutationObserver(() => {
  const line = document.querySelector('[data-testid=status]');
  if (line && line.textContent !== window.statusSaid.at(-1)) window.statusSaid.push(line.textContent);
}).observe(document, { childList: true, characterData: true, subtree: true });
"""
IMPORTING = "Importing the lab…"


def held_before_ready(visitor, fragment: str = "", **context_options):
    """A fresh visitor's page opened with the lab's package held back: (lab, release)."""
    lab = visitor(service_workers="block", **context_options)
    release = lab.hold_lab_package()
    lab.page.add_init_script(RECORD_STATUS)
    lab.open(fragment, wait_ready=False)
    lab.page.wait_for_selector('[data-testid="cell"]')
    return lab, release


def megabytes(files: dict) -> str:
    return f"{sum(files.values()) / 1e6:.1f}"


def test_the_status_line_says_what_loads_and_the_page_works_before_ready(visitor):
    """One held page (two before, each a load of Python):
    1. The status line: Python's files counted to their last byte (the manifest's sizes), then
       each step in words, in the load's order.
    2. While the lab's package is still held: a paste, an example and a link each show their
       puzzle on the board at once; Generate says on the board what it makes.
    3. Released: Ready, and Generate makes its puzzle; the parameter rows, there before Ready from the
       build's schemas, are the same rows, and the page did not move when the load's bar went (it
       lies over the page; the words are the status line's).
    4. The page was loaded in the dark theme (the shared pages' tests switch to it on a loaded
       page): the theme reaches the board and, after a run, the chart."""
    lab, release = held_before_ready(visitor, color_scheme="dark")
    # 1. what loads and how far it is, up to the held package's import
    lab.page.wait_for_function("(t) => document.querySelector('[data-testid=status]').textContent === t",
                               arg=IMPORTING, timeout=120_000)
    assert lab.state() == "loading" and lab.by("status").get_attribute("aria-busy") == "true"
    sizes = lab.page.evaluate("() => fetch('static/vendor/manifest.json').then((r) => r.json()).then((m) => m.load_files)")
    python, numpy = megabytes(sizes["runtime"]), megabytes(sizes["numpy"])
    said = lab.page.evaluate("() => window.statusSaid")
    fetching = [t for t in said if t.startswith("Loading Python: ") and " of " in t]
    counts = [float(re.fullmatch(rf"Loading Python: (\d+\.\d) of {python} MB", t).group(1)) for t in fetching]
    assert counts[0] == 0 and counts == sorted(counts), said
    whole = [f"Loading Python: all {python} MB fetched; compiling…", "Starting Python…",
             f"Loading numpy: all {numpy} MB fetched; unpacking and importing…", IMPORTING]
    assert all(t in said for t in whole), said
    assert [said.index(t) for t in whole] == sorted(said.index(t) for t in whole), said
    held_top = the_load_is_said_once_over_a_page_that_will_not_move(lab, IMPORTING)
    # the chosen solver's parameter rows are there already (the build's schemas), to stay at Ready
    first = solvers.schemas()[0]
    assert lab.page.eval_on_selector_all("#params input, #params select", "els => els.map((e) => e.name)") == \
        [p["name"] for p in first["params"]]
    lab.page.evaluate("() => { document.querySelector('#params').firstElementChild.dataset.early = 'kept'; }")
    # 2. the board, the paste box, the examples, a link and Generate, the package still held
    lab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    lab.page.evaluate("(t) => navigator.clipboard.writeText(t)", PAPERS["ai-escargot"])
    lab.by("puzzle-input").fill("")
    lab.by("puzzle-input").focus()
    lab.page.keyboard.press("Control+V")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-info]').dataset.givens === '23'")
    assert lab.givens_on_board() == parse(PAPERS["ai-escargot"]).cells.tolist()
    lab.by("examples").select_option(label="16x16-vukr-1")
    lab.wait_board()
    assert lab.givens_on_board() == parse(SIZES["16x16-vukr-1"]).cells.tolist()
    lab.change_hash(f"#p={PAPERS['sato-11-easy']}")
    lab.wait_board()
    assert lab.givens_on_board() == parse(PAPERS["sato-11-easy"]).cells.tolist()
    assert lab.state() == "loading"
    lab.by("generate-size").select_option("16")
    lab.by("generate-p").fill("0.3")
    lab.by("generate-seed").fill("5")
    lab.by("generate").click()
    lab.page.wait_for_selector('[data-testid="board-making"]:not([hidden])')
    assert "16:0.3:5" in lab.by("board-making").inner_text() and lab.state() == "loading"
    assert lab.error_text() == ""
    # 3. released: Ready, and the puzzle Generate waited to make
    release()
    assert lab.wait_state("ready", timeout=60_000) == "ready"
    lab.page.wait_for_function("() => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (16:0.3:5)')", timeout=60_000)
    lab.wait_board()
    assert len(lab.board()) == 256 and lab.state() == "ready"
    assert lab.by("status").get_attribute("aria-busy") == "false"
    assert lab.by("solver-select").is_enabled() and lab.page.locator("#params input").count() > 0
    assert lab.page.locator("#params > [data-early=kept]").count() == 1, "the parameter rows were built again at Ready"
    assert lab.page.evaluate(MAIN_TOP) == held_top, "the page moved when the load's bar went"
    assert not lab.page.locator("#loading").is_visible()
    assert lab.console_errors == []
    # 4. loaded in the dark theme: the board and the chart take it
    dark_theme_reaches_the_board_and_the_chart(lab)


MAIN_TOP = "() => document.querySelector('main').getBoundingClientRect().top + window.scrollY"


def the_load_is_said_once_over_a_page_that_will_not_move(lab, words: str):
    """Before Ready the status line alone says what loads (the bar across the top has no words),
    the bar lies over the page (so nothing moves when it goes: main's top is kept to compare at
    Ready: returned), and the solver menu already lists the built-in solvers, the first chosen, greyed."""
    assert lab.page.evaluate("(w) => document.body.innerText.split(w).length - 1", words) == 1
    bar = lab.page.locator("#loading")
    assert bar.is_visible() and bar.evaluate("(e) => getComputedStyle(e).position") == "fixed"
    assert bar.inner_text().strip() == ""
    menu = lab.by("solver-select")
    built_ins = [s["id"] for s in solvers.schemas()]
    assert menu.locator("option").evaluate_all("(os) => os.map((o) => o.value)") == built_ins
    assert menu.input_value() == built_ins[0] and not menu.is_enabled()
    return lab.page.evaluate(MAIN_TOP)


def dark_theme_reaches_the_board_and_the_chart(lab):
    lab.change_hash("#p=" + PAPERS["sato-01-easy"] + "&s=hill_climb&seed=1")
    lab.wait_board()
    bg = lab.page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(17, 24, 39)"
    given = lab.page.evaluate("() => getComputedStyle(document.querySelector('[data-given=true]')).backgroundColor")
    assert given == "rgb(30, 42, 74)"
    lab.by("start").click()
    lab.wait_state("solved", timeout=60_000)
    stroke = lab.page.evaluate("""async () => (await import('./static/draw/theme.js')).theme()""")
    assert stroke["ink"] == "#e5e7eb" and stroke["series"][0] == "#60a5fa"

"""Your solver in the page: the editor, its templates, its errors named by line, the watchdog,
and the same moves as the native run of the same text and seed (a false claim of "solved":
test_trust_boundary.py, in Solve, a race and an experiment; its words: tests/claim_cases.json).

Besides the smoke test, one test of one page (loaded twice: the shelf's reload), whose steps run
in sequence (each step a function named for what it shows): the visitor's solvers kept in the
browser, then Solve with the editor's texts. Each run of a visitor's text still gets a fresh
worker (docs/visitor-solver.md, "The trust boundary"); the page, its worker and the editor's
worker load once for all the steps after the reload. A visitor's texts in races and an
experiment: test_own_solvers_race.py."""

import hashlib
import re

import pytest

from conftest import PAPERS, ROOT
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.solver_file import load

pytestmark = [pytest.mark.browser]

TEMPLATES = ROOT / "py" / "sudoku_lab" / "templates"
EASY = PAPERS["sato-01-easy"]


def choose_own(lab, template: str | None = None):
    lab.by("solver-select").select_option("own")
    lab.page.wait_for_selector('[data-testid="own-panel"]:not([hidden])')
    if template:
        lab.by("own-template").select_option(template)
        wait_loaded(lab, (TEMPLATES / f"{template}.py").read_text())


def wait_loaded(lab, text: str):
    """Until the editor's text is loaded in the worker (its sha256 beside the editor)."""
    sha = hashlib.sha256(text.encode()).hexdigest()
    lab.page.wait_for_selector(f'[data-testid="own-status"][data-sha256="{sha}"]', state="attached", timeout=60_000)


def type_code(lab, text: str, loads: bool = True):
    """The text in the editor as one input (a paste); Playwright's fill of tens of thousands of
    characters takes longer than the page's own handling."""
    lab.by("own-code").evaluate("(el, t) => { el.value = t; el.dispatchEvent(new Event('input', {bubbles: true})); }", text)
    if loads:
        wait_loaded(lab, text)


def start_and_wait(lab, *states):
    lab.by("start").click()
    return lab.wait_state(*states, timeout=60_000)


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): your solver
def test_a_template_solves_a_9x9_with_the_moves_of_the_native_run(lab):
    lab.open("#p=" + EASY)
    choose_own(lab, "min_conflicts")
    assert lab.by("param-noise").input_value() == "0.1"            # its PARAMS are the form's fields
    lab.by("seed-input").fill("3")
    assert start_and_wait(lab, "solved", "failed", "error") == "solved"
    text = (TEMPLATES / "min_conflicts.py").read_text()
    native = Run(parse(EASY), load("my_solver.py", text), {}, 3, Budget(max_seconds=60)).finish()
    assert native.solved
    assert lab.board_values() == native.board.tolist()
    assert int(lab.metric("iteration").replace(",", "")) == native.iterations
    assert lab.page.evaluate("() => JSON.parse(localStorage.getItem('sudoku-lab-own-solvers')).solvers[0].text") == text


SYNTAX_ERROR = "import numpy as np\n\ndef run(puzzle, params, rng):\n    yield (\n"


def an_empty_editor_says_it_has_no_code_yet(lab):
    choose_own(lab)
    type_code(lab, "", loads=False)
    assert lab.page.locator("#best-label").inner_text() == "best: no solver text yet"
    no_code = "Your solver has no code yet: pick a template, or write run(puzzle, params, rng)."
    assert lab.page.locator("#solver-citation").inner_text() == no_code
    choose_own(lab, "min_conflicts")                              # a text loaded: its own measure and title
    assert lab.page.locator("#best-label").inner_text() != "best: no solver text yet"
    assert lab.page.locator("#solver-citation").inner_text() != no_code


def an_over_long_link_is_refused_plainly(lab):
    big = (TEMPLATES / "min_conflicts.py").read_text() + "".join(f"# {hashlib.sha256(str(i).encode()).hexdigest()}\n"
                                                                for i in range(1200))
    type_code(lab, big)
    lab.page.wait_for_selector('[data-testid="share"][data-too-long="true"]', state="attached")
    before = lab.page.evaluate("() => location.href")
    lab.by("share").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('32,000')")
    message = lab.error_text()
    assert re.fullmatch(r"This link would be [\d,]+ characters, past the 32,000 a share link may hold \(chat and mail "
                        r"clients cut longer ones\): send your code as a file instead \(Download my_solver\.py\)\.",
                        message.strip())
    assert lab.page.evaluate("() => location.href") == before and lab.by("own-download").is_visible()


def a_syntax_error_names_its_line_and_the_text_is_kept(lab):
    """Kept across a reload too: the shelf's step reloads with such a text."""
    type_code(lab, SYNTAX_ERROR, loads=False)
    problem = lab.by("own-problem")
    problem.wait_for(state="visible")
    assert problem.inner_text().startswith("line 4 of my_solver.py: SyntaxError")
    assert problem.get_attribute("data-line") == "4"
    assert start_and_wait(lab, "ready", "error") in ("ready", "error")
    assert lab.by("own-code").input_value() == SYNTAX_ERROR        # nothing typed is lost


def a_run_time_error_names_its_line_and_the_next_run_works(lab):
    text = ("from sudoku_lab.protocol import Progress\n"
            "def run(puzzle, params, rng):\n"
            "    board = puzzle.cells.copy()\n"
            "    for step in range(1, 4):\n"
            "        yield Progress(step, step, 0, board, {})\n"
            "    x = int(board[0]) // 0\n")
    type_code(lab, text)
    assert start_and_wait(lab, "error", "failed", "solved") == "error"
    assert "line 6 of my_solver.py: ZeroDivisionError" in lab.by("status").inner_text()
    assert lab.by("own-problem").get_attribute("data-line") == "6"
    type_code(lab, text.replace("int(board[0]) // 0", "1"))
    assert lab.by("own-problem").is_hidden()
    assert start_and_wait(lab, "error", "failed", "solved") == "failed"
    assert lab.metric("iteration") == "3"


def a_loop_that_never_yields_ends_its_own_worker_only(lab):
    """The next run works: the genetic template, seed 5, 40 steps (solved in 29), the run the
    next step replays natively."""
    type_code(lab, "from sudoku_lab.protocol import Progress\n"
                   "def run(puzzle, params, rng):\n"
                   "    yield Progress(0, 0, 0, puzzle.cells, {})\n"
                   "    while True:\n"
                   "        pass\n")
    lab.by("start").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('without yielding')",
                               timeout=60_000)
    assert "Only its run was lost" in lab.error_text()
    assert lab.state() != "loading"                                # the page's own worker was never held
    choose_own(lab, "genetic")                                     # "Replace your code with the template?": accepted
    lab.by("seed-input").fill("5")
    lab.by("max-steps").fill("40")
    assert start_and_wait(lab, "solved", "failed", "error") == "solved"


def a_solve_link_with_code_replays_natively_with_the_same_moves(lab):
    import json
    import subprocess
    import sys
    page_board, page_steps = lab.board_values(), int(lab.metric("iteration").replace(",", ""))
    url = lab.by("share").get_attribute("data-url")
    assert "s=own" in url and "&code=" in url
    refused = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", url, "--json"], capture_output=True,
                             text=True, cwd=ROOT / "py", timeout=120)
    assert refused.returncode == 2 and "--run-link-code" in refused.stderr and not refused.stdout
    out = subprocess.run([sys.executable, "-m", "sudoku_lab", "solve", "--link", url, "--json", "--run-link-code"],
                         capture_output=True, text=True, cwd=ROOT / "py", timeout=120)
    got = json.loads(out.stdout)
    text = (TEMPLATES / "genetic.py").read_text()
    assert got["solver_sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert [0 if c == "." else int(c) for c in got["board"]] == page_board and got["iterations"] == page_steps


def the_visitor_keeps_several_solvers_by_name_and_a_links_code_joins_them(lab):
    """Today's one kept text becomes the first solver; New, a name, a pick and Delete keep each
    text as typed (a syntax error's too), across a reload; a link's code, once allowed, is added
    beside them. First in its page: the old text is set in the origin's storage before the lab's
    first load. Ends with the first solver picked, for the Solve steps' file name."""
    from sudoku_lab.solver_file import pack
    lab.page.goto(lab.base + "sources.html")          # the origin's storage, set before the lab's first load
    lab.page.evaluate("() => localStorage.setItem('sudoku-lab-own-solver', JSON.stringify({text: 'old = 1\\n'}))")
    lab.open("#p=" + EASY)
    choose_own(lab)
    assert lab.by("own-code").input_value() == "old = 1\n"              # migrated, not lost
    lab.by("own-new").click()
    assert lab.by("own-code").input_value() == "" and lab.by("own-name").input_value() == "my_solver_2.py"
    genetic = (TEMPLATES / "genetic.py").read_text()
    type_code(lab, genetic)
    lab.by("own-name").fill("<b>ga</b>.py")
    lab.by("own-name").dispatch_event("change")
    assert "a file's name" in lab.by("own-name-problem").inner_text()
    lab.by("own-name").fill("ga.py")
    lab.by("own-name").dispatch_event("change")
    lab.by("own-new").click()
    type_code(lab, SYNTAX_ERROR, loads=False)                            # kept as typed, its error and all
    lab.by("own-problem").wait_for(state="visible")
    assert lab.by("own-shelf").locator("option").all_inner_texts() == ["my_solver.py", "ga.py", "my_solver_2.py"]
    lab.by("own-shelf").select_option(label="my_solver.py")
    assert lab.by("own-code").input_value() == "old = 1\n"
    lab.by("own-shelf").select_option(label="my_solver_2.py")
    assert lab.by("own-code").input_value() == SYNTAX_ERROR
    lab.page.reload()
    lab.wait_state("ready", timeout=60_000)
    choose_own(lab)
    assert lab.by("own-code").input_value() == SYNTAX_ERROR              # the text with its error survives a reload
    lab.by("own-shelf").select_option(label="ga.py")
    wait_loaded(lab, genetic)                                            # picked: its text, loaded
    assert lab.by("own-code").input_value() == genetic

    mine = (TEMPLATES / "min_conflicts.py").read_text()
    lab.open(f"#p={EASY}&s=own&seed=1&t=60&code={pack(mine)}")
    lab.by("own-allow").click()
    wait_loaded(lab, mine)
    shelf = lab.page.evaluate("() => JSON.parse(localStorage.getItem('sudoku-lab-own-solvers'))")
    assert [x["text"] for x in shelf["solvers"]] == ["old = 1\n", genetic, SYNTAX_ERROR, mine]    # beside the visitor's own
    lab.by("own-delete").click()                                         # "Delete …?": accepted
    assert lab.by("own-shelf").locator("option").all_inner_texts() == ["my_solver.py", "ga.py", "my_solver_2.py"]
    lab.by("own-shelf").select_option(label="my_solver.py")


def test_your_solvers_kept_by_name_then_solve_its_errors_named_by_line_the_watchdog_and_a_native_replay(lab):
    """The visitor's solvers kept in the browser (across the one reload), then one text after
    another in the editor of that page, each run in a fresh worker."""
    lab.page.on("dialog", lambda d: d.accept())       # Delete, and a template over typed code ("Replace…?"): yes
    the_visitor_keeps_several_solvers_by_name_and_a_links_code_joins_them(lab)
    lab.open("#p=" + EASY)                              # the link's solver, seed and time limit set back
    an_empty_editor_says_it_has_no_code_yet(lab)      # ends with the min_conflicts template loaded
    an_over_long_link_is_refused_plainly(lab)
    a_syntax_error_names_its_line_and_the_text_is_kept(lab)
    a_run_time_error_names_its_line_and_the_next_run_works(lab)
    a_loop_that_never_yields_ends_its_own_worker_only(lab)
    a_solve_link_with_code_replays_natively_with_the_same_moves(lab)

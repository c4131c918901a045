"""The trust boundary in the page (docs/visitor-solver.md, "The trust boundary"): hostile solvers, one for
each line of the threat model that a browser must show. Each runs after the visitor's word (typed
in the editor, or a link's code allowed with Run this code).

The steps, each a function named for what it shows, run in test_own_solvers_race.py's page after
its race and experiment (that page, its worker, the editor's worker and the pool's load once for
both): the hostile solvers typed in the editor run one after another in Solve, then those links
bring run in a race and an experiment. Each run still gets a fresh visitor's worker (the design
under test)."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conftest import PAPERS
from hostile_solvers import PATCHER
from own.test_own_solver import choose_own, start_and_wait, type_code, wait_loaded
from sudoku_lab.solver_file import pack

EASY = PAPERS["sato-01-easy"]

# Posts a frame of its own to the page from inside its worker (the runId read from the bridge).
FORGER = '''import json
import js
import sudoku_lab.bridge as bridge
from sudoku_lab.protocol import Progress

def run(puzzle, params, rng):
    yield Progress(0, 0, 0.0, puzzle.cells, {{}})
    run_id = int(next(iter(bridge._runs)))
    js.postMessage(js.JSON.parse(json.dumps({message})))
    while True:
        yield Progress(1, 1, 0.0, puzzle.cells, {{}})
'''
FORGED_DONE = ('{"type": "done", "runId": run_id, "solved": True, "stop_reason": "solved", "board": "1" * 81, '
               '"conflicts": 0, "open_cells": 0, "iterations": 1, "evaluations": 1, "seconds": 0.1}')
FORGED_KIND = '{"type": "barrier", "runId": run_id, "report": {}}'

LIVES = '''from sudoku_lab.protocol import Progress

def run(puzzle, params, rng):
    yield Progress(0, 0, 0.0, puzzle.cells, {{}})
    {body}
    yield Progress(1, 1, 0.0, puzzle.cells, {{}})
'''

MARK = "<img src=x onerror=\"window.__xss = 1\">"
HTML_EVERYWHERE = f'''from sudoku_lab.protocol import Progress, param

TITLE = {MARK!r}
PARAMS = [param("k", "int", 1, {MARK!r}, min=0, max=9)]
SERIES = {{"s": {MARK!r}}}

def run(puzzle, params, rng):
    yield Progress(0, 0, 0.0, puzzle.cells, {{"s": 1.0}})
    yield Progress(1, 1, 0.0, puzzle.cells, {{"s": 2.0}})
    raise ValueError({MARK!r})
'''


def own_link(view: str, entries: str, text: str) -> str:
    return f"#p={EASY}&t=60&i=30&m={view}&e={entries}&code={pack(text)}"


def allow(lab, text: str):
    lab.by("own-consent").wait_for(state="visible")
    lab.page.wait_for_selector('[data-testid="own-status"][data-sha256=""]', state="attached")   # not the text before
    lab.by("own-allow").click()
    wait_loaded(lab, text)


def later_hill_climb_is_not_solved_in_one_step(lab):
    """A built-in run after the visitor's: one step of hill_climb never solves this puzzle, unless
    a patched module said so."""
    lab.set_view("solve")
    lab.by("solver-select").select_option("hill_climb")
    lab.by("max-steps").fill("1")
    assert start_and_wait(lab, "solved", "failed", "error") == "failed"


def forged_done_or_a_message_outside_the_protocol_never_shows_solved(lab, message: str, says: str):
    type_code(lab, FORGER.format(message=message))
    lab.by("start").click()
    lab.page.wait_for_function("says => document.body.innerText.includes(says)", arg=says, timeout=60_000)
    assert lab.state() != "solved", says
    # its run over before the next step's Start ("Ready." once its worker was ended for a message outside the protocol)
    lab.wait_state("ready", "error", "failed", "stopped", "solved", timeout=60_000)
    assert lab.state() != "solved", says


def closing_its_own_worker_is_an_error_on_its_line(lab):
    type_code(lab, "import js\n" + LIVES.format(body="js.self.close()"))
    assert start_and_wait(lab, "error", "failed", "solved") == "error"
    assert "line 6 of my_solver.py" in lab.by("status").inner_text()
    assert "without yielding" not in lab.error_text()


def patching_solver_s_wrong_claim_is_an_error_in_solve_and_its_patches_never_reach_a_later_run(lab):
    type_code(lab, PATCHER)
    assert start_and_wait(lab, "error", "failed", "solved") == "error"
    assert "claimed solved, but row 1 has 1" in lab.by("status").inner_text()
    later_hill_climb_is_not_solved_in_one_step(lab)


def patching_solver_s_wrong_claim_takes_no_place_in_a_race(lab):
    lab.open(own_link("race", "own:1,hill_climb:1", PATCHER))
    allow(lab, PATCHER)
    lab.start_race()
    lab.wait_lanes_done()
    own, hill = lab.lanes()
    assert (own["state"], own["place"]) == ("error", None) and (hill["state"], hill["place"]) == ("solved", "1")
    later_hill_climb_is_not_solved_in_one_step(lab)


def patching_solver_s_wrong_claim_is_recorded_as_one_in_an_experiment(lab):
    lab.open(own_link("experiment", "own:1,hill_climb:1", PATCHER))
    allow(lab, PATCHER)
    lab.by("compare-puzzles").select_option("current")
    lab.by("compare-runs").fill("1")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    records = {r["solver"]: r for r in lab.export_json()[0]}
    assert (records["own"]["solved"], records["own"]["stop_reason"]) == (False, "error")
    assert records["own"]["message"].startswith("claimed solved, but") and records["own"]["conflicts"] > 0
    assert records["hill_climb"]["solved"] is True


def memory_bomb_ends_its_own_lane_only(lab):
    text = LIVES.format(body="x = [0] * 10**10")            # past what a 32-bit WebAssembly memory can index
    lab.open(own_link("race", "own:1,hill_climb:1", text))
    allow(lab, text)
    lab.start_race()
    lab.wait_lanes_done()
    own, hill = lab.lanes()
    assert own["state"] == "error" and hill["state"] == "solved"
    assert "ran out of memory" in lab.page.locator('[data-testid="lane"]').first.inner_text()


class _Counter(BaseHTTPRequestHandler):
    hits: list = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        type(self).hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()

    do_POST = do_GET

    def log_message(self, *args):
        pass


REACH = '''import js
from sudoku_lab.protocol import PAUSE, Progress

URL = "{url}"
GIVEN_UP = ("fetch", "XMLHttpRequest", "WebSocket", "EventSource", "importScripts", "caches", "indexedDB",
            "navigator", "Worker", "SharedWorker", "BroadcastChannel", "close")

def attempt(what, call, outcomes):
    try:
        sent = call()
    except Exception as exc:
        outcomes[what] = type(exc).__name__
        return
    if not hasattr(sent, "then"):
        outcomes[what] = "sent"
        return
    outcomes[what] = "pending"          # a promise: settled once its request, if any, is answered or has failed
    sent.then(lambda _: outcomes.__setitem__(what, "sent, resolved"),
              lambda _: outcomes.__setitem__(what, "sent, rejected"))

def run(puzzle, params, rng):
    yield Progress(0, 0, 0.0, puzzle.cells, {{}})
    said = [n for n in GIVEN_UP if hasattr(js, n)]
    outcomes = {{}}
    attempt("fetch", lambda: js.fetch(URL + "/fetch"), outcomes)
    attempt("open_url", lambda: __import__("pyodide.http").http.open_url(URL + "/xhr"), outcomes)
    attempt("loadPackage", lambda: __import__("pyodide_js").loadPackage(URL + "/pkg.whl"), outcomes)
    attempt("WebSocket", lambda: js.WebSocket.new(URL.replace("http", "ws") + "/ws"), outcomes)
    while "pending" in outcomes.values():       # the worker's event loop settles them between slices
        yield PAUSE
    raise RuntimeError("still there: " + (",".join(said) or "none") + "; "
                       + " ".join(what + ":" + how for what, how in outcomes.items()))
'''


def a_visitor_s_code_reaches_no_other_origin_and_no_storage(lab):
    """Measured against a second local server (another origin): the worker has given up the
    network and the origin's storage before the code ran, so nothing reaches the server. The
    code raises only once each of its attempts has settled (a promise, once its request, if it
    sent one, was answered or failed), so by its error the server has seen all it will."""
    _Counter.hits = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        type_code(lab, REACH.format(url=f"http://127.0.0.1:{server.server_address[1]}"))
        assert start_and_wait(lab, "error", "failed", "solved") == "error"
        status = lab.by("status").inner_text()
        assert "still there: none;" in status and "fetch:sent" not in status, status
        assert _Counter.hits == []
    finally:
        server.shutdown()


def what_a_solver_names_stays_text(lab):
    type_code(lab, HTML_EVERYWHERE)
    assert start_and_wait(lab, "error", "failed", "solved") == "error"
    lab.settle_frames()
    assert lab.page.evaluate("() => window.__xss") is None
    assert lab.page.locator("img[src=x]").count() == 0
    assert MARK in lab.by("status").inner_text()                    # the error, as written
    assert MARK in lab.page.locator("body").inner_text()


def a_damaged_link_never_costs_the_visitor_s_saved_text(lab):
    from own.test_own_solver import TEMPLATES
    saved = (TEMPLATES / "min_conflicts.py").read_text()
    choose_own(lab, "min_conflicts")                                 # kept in this browser
    lab.page.goto(lab.base + f"#p={EASY}&s=own&code=damaged-by-a-mail-client")
    lab.page.wait_for_function("() => document.body.innerText.includes(\"the link's code cannot be read\")")
    assert lab.by("own-consent").is_hidden()                         # nothing to run, so nothing offered
    assert lab.by("own-code").input_value() == saved
    kept = lab.page.evaluate("() => JSON.parse(localStorage.getItem('sudoku-lab-own-solvers')).solvers.map((s) => s.text)")
    assert saved in kept and "" not in kept


def hostile_solvers_end_their_own_runs_only(lab):
    """Typed in the editor, one after another in Solve, each over the last; then brought by links
    opened in the same tab, each allowed, in a race and an experiment. Each run is in a fresh
    worker. The damaged link ends the typed ones: its problem of code holds a Start until the next
    link. The page's dialogs ("Replace…?" when a template replaces typed code) are accepted."""
    lab.open("#p=" + EASY)
    lab.set_view("solve")
    choose_own(lab)
    lab.by("own-shelf").select_option(label="my_solver.py")          # the file name the errors below give
    forged_done_or_a_message_outside_the_protocol_never_shows_solved(lab, FORGED_DONE, "claimed solved, but row 1 has 1 9 times")
    forged_done_or_a_message_outside_the_protocol_never_shows_solved(lab, FORGED_KIND, "outside the lab's protocol")
    closing_its_own_worker_is_an_error_on_its_line(lab)
    a_visitor_s_code_reaches_no_other_origin_and_no_storage(lab)
    what_a_solver_names_stays_text(lab)
    patching_solver_s_wrong_claim_is_an_error_in_solve_and_its_patches_never_reach_a_later_run(lab)
    a_damaged_link_never_costs_the_visitor_s_saved_text(lab)
    patching_solver_s_wrong_claim_takes_no_place_in_a_race(lab)
    patching_solver_s_wrong_claim_is_recorded_as_one_in_an_experiment(lab)
    memory_bomb_ends_its_own_lane_only(lab)

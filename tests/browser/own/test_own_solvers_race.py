"""A visitor's texts in races and an experiment (docs/visitor-solver.md, "A visitor's solver";
docs/links-and-files.md, "Share links"): two of the visitor's own solvers race each other, each
entry naming its text by its sha256 and running that text (one of them a template changed by a
line), its lane showing its own TITLE; the shared link carries each text once and, opened by a new
visitor in a fresh page, runs nothing before the visitor's word and then replays the race; a
damaged one of a link's texts is a problem of code that costs the shelf nothing; an experiment's
records name the code that ran; a race link's own entry takes a parameter of its code's PARAMS.
Before that last step, in the same page: the trust boundary's hostile solvers (test_trust_boundary.py's
steps).

One test, one page (and the new visitor's), steps in sequence, each a function named for what it
shows: the page, its worker, the editor's worker and the pool's load once for all of them; each
run of a visitor's text still gets a fresh worker (docs/visitor-solver.md, "The trust boundary")."""

import hashlib
import re
from urllib.parse import parse_qs

import pytest

from conftest import PAPERS
from lab import Lab
from own.test_own_solver import TEMPLATES, choose_own, type_code, wait_loaded
from own.test_trust_boundary import hostile_solvers_end_their_own_runs_only
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.solver_file import load, pack

pytestmark = [pytest.mark.browser]

EASY = PAPERS["sato-01-easy"]
MC = (TEMPLATES / "min_conflicts.py").read_text()
GA = (TEMPLATES / "genetic.py").read_text()
# the min-conflicts template changed by one line, its default noise (it solves from seed 5 too)
CHANGED = MC.replace('param("noise", "float", 0.1,', 'param("noise", "float", 0.2,')
SEED = 5                       # the genetic template solves this puzzle from seed 5 in a few dozen generations
AWAITS_CONSENT = "code for your solver has not been allowed to run"


def token(text: str) -> str:
    return "own@" + hashlib.sha256(text.encode()).hexdigest()[:8]


def native(text: str, name: str) -> Run:
    run = Run(parse(EASY), load(name, text), {}, SEED, Budget(max_seconds=60)).finish()
    assert run.solved
    return run


def race_after_consent(other, text: str):
    """A race's Start before the visitor's word runs nothing and says why; after Run this code
    (the editor's `text` loaded) Start runs the race."""
    other.start_race()
    other.page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent"
                                 ".includes('has not been allowed to run')")
    assert other.page.evaluate("() => document.querySelectorAll('[data-testid=lane]').length") == 0
    other.by("own-allow").click()
    wait_loaded(other, text)
    other.start_race()


def race_shown(lab) -> list[tuple]:
    """Each lane's title, state and step count (its own solver's step word), and its board."""
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=lane]').length === 2")
    lab.wait_lanes_done()
    titles = lab.page.locator("[data-testid=lane] .lane-title").all_inner_texts()
    infos = lab.page.locator("[data-testid=lane] .lane-info").all_inner_texts()
    steps = [re.fullmatch(r"solved · ([\d,]+) (\w+)", i) for i in infos]
    assert all(steps), infos
    return [(t, l["state"], int(m[1].replace(",", "")), m[2], l["values"])
            for t, l, m in zip(titles, lab.lanes(), steps)]


def two_of_the_visitors_solvers_race_each_other(lab) -> list[tuple]:
    """A template changed by one line (its PARAMS read anew) and a second solver of the visitor's,
    each added as an entry, race each other; each lane ran its own text, as natively. (A built-in
    beside a visitor's text: the race link's step; a third lane would load one more pool worker
    here and in the new visitor's page.)"""
    lab.open("#p=" + EASY)
    lab.set_view("race")
    choose_own(lab, "min_conflicts")
    type_code(lab, CHANGED)                                         # one line changed: its default noise
    assert lab.by("param-noise").input_value() == "0.2"
    lab.by("seed-input").fill(str(SEED))
    lab.by("compare-add").click()
    lab.by("own-new").click()                                       # a second solver of the visitor's
    lab.by("own-template").select_option("genetic")
    wait_loaded(lab, GA)
    lab.by("seed-input").fill(str(SEED))
    lab.by("compare-add").click()
    assert lab.entries() == [["own", SEED], ["own", SEED]]
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=compare-entry]')]"
                               ".filter((e) => e.dataset.sha).length === 2")
    shas = lab.page.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.dataset.sha)")
    assert shas == [hashlib.sha256(CHANGED.encode()).hexdigest(), hashlib.sha256(GA.encode()).hexdigest()]

    lab.start_race()
    shown = race_shown(lab)
    assert [s[0] for s in shown] == [f"1. {token(CHANGED)} — Min-conflicts local search (template)",
                                     f"2. {token(GA)} — Small genetic algorithm (template)"]
    assert [s[1] for s in shown] == ["solved"] * 2
    # each ran its own text: the steps of the native run of that text and seed, in its own step word
    changed, genetic = native(CHANGED, "my_solver.py"), native(GA, "my_solver_2.py")
    assert (shown[0][2], shown[1][2]) == (changed.iterations, genetic.iterations)
    assert shown[0][4] == changed.board.tolist()                    # the changed text ran: its board, as natively
    assert shown[0][3] != "generations" and shown[1][3] == "generations"
    return shown


def the_shared_link_carries_each_text_once(lab) -> str:
    lab.by("share").click()                                         # shared: the race and the code, in the link
    url = lab.by("share").get_attribute("data-url")
    assert len(url) < 32_000 and lab.page.evaluate("() => location.href") == url
    fragment = parse_qs(url.split("#", 1)[1])
    assert fragment["m"] == ["race"]
    assert fragment["e"] == [f"{token(CHANGED)}:{SEED},{token(GA)}:{SEED}"]
    assert fragment["code"] == [f"{pack(CHANGED)},{pack(GA)}"]       # each text once, in the order named
    return url


def a_new_visitor_runs_nothing_before_the_word_then_replays_the_race(lab, url: str, shown: list[tuple]):
    friend = lab.page.context.new_page()
    try:
        other = Lab(friend, lab.base)
        other.visit(url)
        other.by("own-consent").wait_for(state="visible")            # it asks first; nothing of it has run
        assert "holds code for 2 solvers" in other.by("own-consent").inner_text()
        assert AWAITS_CONSENT in other.by("status").inner_text()     # not a bare "Ready."
        picks = other.by("own-consent-pick").locator("option").all_inner_texts()     # each can be read first
        assert [p.split(" ")[0] for p in picks] == [token(CHANGED), token(GA)]
        assert other.by("own-code").input_value() == CHANGED         # the first text, shown as it came
        assert other.by("own-status").get_attribute("data-sha256") == ""
        assert other.entries() == [["own", SEED], ["own", SEED]]
        race_after_consent(other, CHANGED)                           # a Start before the word runs nothing
        assert race_shown(other) == shown                              # the same lanes, the same results
        kept = other.page.evaluate("() => JSON.parse(localStorage.getItem('sudoku-lab-own-solvers'))")
        # both joined the solvers kept in this browser (the same one: the context shares its storage),
        # the one in the editor last, beside the visitor's own two, which stay as they were
        assert [x["text"] for x in kept["solvers"]] == [CHANGED, GA, GA, CHANGED]
    finally:
        friend.close()


def a_damaged_one_of_a_links_texts_is_a_problem_of_code_and_the_shelf_stays(lab):
    before = lab.page.evaluate("() => localStorage.getItem('sudoku-lab-own-solvers')")
    assert before                                                      # the solvers the race kept
    damaged = pack(GA)[:40]
    lab.open(f"#p={EASY}&t=60&m=race&e={token(MC)}:1,{token(GA)}:1,alldiff_ls:1&code={pack(MC)},{damaged}")
    lab.page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent"
                               ".includes('cannot be read')")
    assert "text 2 of the link's 2" in lab.error_text()
    assert "entry 2:" in lab.error_text()                              # the entry of the damaged text is left out
    assert lab.entries() == [["own", 1], ["alldiff_ls", 1]]
    lab.by("own-consent").wait_for(state="visible")                   # the readable text still waits for the word
    assert lab.page.evaluate("() => localStorage.getItem('sudoku-lab-own-solvers')") == before


def an_experiments_records_name_the_code_that_ran(lab):
    """One run an entry: each record carries the file's name and sha256 of the text it ran, a
    built-in's neither; the visitor's run makes the native run's moves."""
    lab.open(f"#p={EASY}&m=experiment")                               # a link without entries: none left from the race
    assert lab.entries() == []
    choose_own(lab, "genetic")                                        # the editor's solver: the race's second
    lab.by("seed-input").fill(str(SEED))
    lab.by("compare-add").click()
    lab.add_entry("hill_climb", SEED)
    lab.by("compare-runs").fill("1")
    lab.by("compare-puzzles").select_option("current")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    records, _, _ = lab.export_json()
    own = [r for r in records if r["solver"] == "own"]
    assert len(own) == 1 and all(r["solved"] for r in records), (lab.rows(), lab.error_text(), [
        (r["solver"], r["stop_reason"], r["seconds"], r.get("message")) for r in records])
    assert (own[0]["solver_file"], own[0]["solver_sha256"]) == ("my_solver_2.py", hashlib.sha256(GA.encode()).hexdigest())
    assert all(r["solver_file"] is None and r["solver_sha256"] is None for r in records if r["solver"] == "hill_climb")
    ran = Run(parse(EASY), load("my_solver_2.py", GA), {}, own[0]["seed"], Budget(max_seconds=60)).finish()
    assert (own[0]["board"], own[0]["iterations"]) == (ran.to_json()["board"], ran.iterations)


def a_race_link_gives_its_own_entry_a_parameter_of_the_codes_params(lab):
    """own:1:noise=0.2 names a parameter only the link's code defines: it is read once the code
    has loaded (after Run this code), runs with that value, and Share writes it back."""
    entries = "own:1:noise=0.2,hill_climb:1"
    lab.open(f"#p={EASY}&t=60&i=30&m=race&e={entries}&code={pack(MC)}")
    lab.by("own-consent").wait_for(state="visible")                  # it asks first; nothing of it has run
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=compare-entry]')]"
                               ".map((e) => e.dataset.seed).join() === '1,1'")     # the link's, not the experiment's
    assert lab.entries() == [["own", 1], ["hill_climb", 1]]
    assert "noise=0.2" in lab.page.locator('[data-testid="compare-entry"]').first.inner_text()
    assert "has no parameter" not in lab.error_text()
    assert parse_qs(lab.by("share").get_attribute("data-url").split("#", 1)[1])["e"] == [entries]
    lab.by("own-allow").click()
    wait_loaded(lab, MC)
    lab.start_race()
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=lane]').length === 2")
    lab.wait_lanes_done()
    own = load("my_solver.py", MC)
    with_noise = Run(parse(EASY), own, {"noise": 0.2}, 1, Budget(max_iterations=30)).finish().board.tolist()
    default = Run(parse(EASY), own, {}, 1, Budget(max_iterations=30)).finish().board.tolist()
    assert with_noise != default                                      # 30 steps show the noise
    assert lab.lanes()[0]["values"] == with_noise
    titles = lab.page.locator("[data-testid=lane] .lane-title").all_inner_texts()
    assert titles == ["1. own — Min-conflicts local search (template)", "2. hill_climb"]   # its TITLE, as text
    assert lab.by("compare-entries-same").is_hidden()
    shared = lab.by("share").get_attribute("data-url")
    assert shared != lab.page.evaluate("() => location.href")            # written anew ('=' as %3D), not the opened link
    lab.by("share").click()
    lab.page.wait_for_function("url => location.href === url", arg=shared)   # Share put it in the address bar
    fragment = parse_qs(shared.split("#", 1)[1])
    assert fragment["e"] == [entries] and fragment["code"] == [pack(MC)]

    lab.open(f"#p={EASY}&t=60&m=race&e=hill_climb:1,own:1:nosie=0.2&code={pack(MC)}")   # a name its PARAMS lack
    lab.by("own-allow").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent"
                               ".includes(\"entry 2: own has no parameter 'nosie'\")")
    assert lab.entries() == [["hill_climb", 1]]

    lab.open(f"#p={EASY}&t=60&m=race&e=own:1:noise=0.2,hill_climb:1,own:1:noise=0.2&code={pack(MC)}")
    lab.by("compare-entries-same").wait_for(state="visible")           # a warning: the two would make the same moves
    assert lab.by("compare-entries-same").inner_text() == \
        "entries 1 and 3 run the same solver, parameters and seed: they will make the same moves"


def test_the_visitors_texts_race_replay_by_link_and_run_in_an_experiment_and_hostile_solvers_end_their_own_runs_only(lab):
    """The race, its link replayed by a new visitor, a damaged link, an experiment, the trust
    boundary's hostile solvers, then a race link's parameter of the code's PARAMS (its last link's
    code left awaiting the word): one page in turn (a second for the new visitor)."""
    lab.page.on("dialog", lambda d: d.accept())       # a template over typed code asks "Replace…?": yes
    shown = two_of_the_visitors_solvers_race_each_other(lab)
    url = the_shared_link_carries_each_text_once(lab)
    a_new_visitor_runs_nothing_before_the_word_then_replays_the_race(lab, url, shown)
    a_damaged_one_of_a_links_texts_is_a_problem_of_code_and_the_shelf_stays(lab)
    an_experiments_records_name_the_code_that_ran(lab)
    hostile_solvers_end_their_own_runs_only(lab)     # the trust boundary, in this page (no link's code awaiting the word)
    a_race_link_gives_its_own_entry_a_parameter_of_the_codes_params(lab)

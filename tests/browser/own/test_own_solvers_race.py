"""Several of the visitor's own solvers in one race (docs/visitor-solver.md, "A visitor's solver";
docs/links-and-files.md, "Share links"): each entry names its text by its sha256 and runs that text, its lane showing its own
TITLE; the shared link carries each text once and, opened in a fresh page and allowed, replays
the race; a damaged one of the link's texts is a problem of code that costs the shelf nothing
(one test, one page: the damaged link is opened in it after the race)."""

import hashlib
import re
from urllib.parse import parse_qs

import pytest

from conftest import PAPERS
from lab import Lab
from own.test_own_solver import TEMPLATES, choose_own, race_after_consent, wait_loaded
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.solver_file import load, pack

pytestmark = [pytest.mark.browser]

EASY = PAPERS["sato-01-easy"]
MC = (TEMPLATES / "min_conflicts.py").read_text()
GA = (TEMPLATES / "genetic.py").read_text()
SEED = 5                       # the genetic template solves this puzzle from seed 5 in a few dozen generations


def token(text: str) -> str:
    return "own@" + hashlib.sha256(text.encode()).hexdigest()[:8]


def native_steps(text: str, name: str) -> int:
    run = Run(parse(EASY), load(name, text), {}, SEED, Budget(max_seconds=60)).finish()
    assert run.solved
    return run.iterations


def race_shown(lab) -> list[tuple]:
    """Each lane's title, state and step count (its own solver's step word), and its board."""
    lab.page.wait_for_function("() => document.querySelectorAll('[data-testid=lane]').length === 3")
    lab.wait_lanes_done()
    titles = lab.page.locator("[data-testid=lane] .lane-title").all_inner_texts()
    infos = lab.page.locator("[data-testid=lane] .lane-info").all_inner_texts()
    steps = [re.fullmatch(r"solved · ([\d,]+) (\w+)", i) for i in infos]
    assert all(steps), infos
    return [(t, l["state"], int(m[1].replace(",", "")), m[2], l["values"])
            for t, l, m in zip(titles, lab.lanes(), steps)]


def two_of_the_visitors_solvers_race_each_other_and_the_link_replays_the_race(lab):
    lab.open("#p=" + EASY)
    lab.set_view("race")
    choose_own(lab, "min_conflicts")
    lab.by("seed-input").fill(str(SEED))
    lab.by("compare-add").click()
    lab.by("own-new").click()                                       # a second solver of the visitor's
    lab.by("own-template").select_option("genetic")
    wait_loaded(lab, GA)
    lab.by("seed-input").fill(str(SEED))
    lab.by("compare-add").click()
    lab.add_entry("alldiff_ls", SEED)
    assert lab.entries() == [["own", SEED], ["own", SEED], ["alldiff_ls", SEED]]
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=compare-entry]')]"
                               ".filter((e) => e.dataset.sha).length === 2")
    shas = lab.page.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.dataset.sha)")
    assert shas == [hashlib.sha256(MC.encode()).hexdigest(), hashlib.sha256(GA.encode()).hexdigest(), ""]

    lab.start_race()
    shown = race_shown(lab)
    assert [s[0] for s in shown] == [f"1. {token(MC)} — Min-conflicts local search (template)",
                                     f"2. {token(GA)} — Small genetic algorithm (template)", "3. alldiff_ls"]
    assert [s[1] for s in shown] == ["solved"] * 3
    # each ran its own text: the steps of the native run of that text and seed, in its own step word
    assert (shown[0][2], shown[1][2]) == (native_steps(MC, "my_solver.py"), native_steps(GA, "my_solver_2.py"))
    assert shown[0][3] != "generations" and shown[1][3] == "generations"

    url = lab.by("share").get_attribute("data-url")
    fragment = parse_qs(url.split("#", 1)[1])
    assert fragment["e"] == [f"{token(MC)}:{SEED},{token(GA)}:{SEED},alldiff_ls:{SEED}"]
    assert fragment["code"] == [f"{pack(MC)},{pack(GA)}"]            # each text once, in the order named

    friend = lab.page.context.new_page()
    try:
        other = Lab(friend, lab.base)
        other.visit(url)
        other.by("own-consent").wait_for(state="visible")            # it asks first; nothing of it has run
        assert "holds code for 2 solvers" in other.by("own-consent").inner_text()
        picks = other.by("own-consent-pick").locator("option").all_inner_texts()     # each can be read first
        assert [p.split(" ")[0] for p in picks] == [token(MC), token(GA)]
        assert other.by("own-status").get_attribute("data-sha256") == ""
        race_after_consent(other, MC)                                # a Start before the word runs nothing
        assert race_shown(other) == shown                              # the same lanes, the same results
        kept = other.page.evaluate("() => JSON.parse(localStorage.getItem('sudoku-lab-own-solvers'))")
        # both joined the solvers kept in this browser (the same one: the context shares its storage),
        # the one in the editor last, beside the visitor's own two, which stay as they were
        assert [x["text"] for x in kept["solvers"]] == [MC, GA, GA, MC]
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


def test_the_visitors_solvers_race_each_other_the_link_replays_it_and_a_damaged_link_costs_nothing(lab):
    two_of_the_visitors_solvers_race_each_other_and_the_link_replays_the_race(lab)
    a_damaged_one_of_a_links_texts_is_a_problem_of_code_and_the_shelf_stays(lab)

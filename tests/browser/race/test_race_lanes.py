"""A race's lanes and chart say what is so: the pool's workers load while a race is
composed, each lane says what it waits for and the status line what each worker loads, a Stop
while they load ends every lane at once, and each view (Solve, Race, Experiment) shows and exports
only its own things and keeps them while another is on screen; a long
race's chart keeps every stretch of its log time axis and the axis ends with the race; a lane
that ends unsolved marks its board's clashes; the comparison's status says in its state what
its sentence says; a link to Solve opened mid-race ends the race quietly."""

import time

import numpy as np
import pytest

from conftest import PAPERS
from lab import HELD_OUT
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

# One shared page, but for the test that watches the pool's workers load from nothing.
pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_a_long_race_chart_keeps_every_stretch_of_its_log_time_axis(lab):
    """Each lane's line, as drawn, against the race's JSON (every sample): its points are the
    JSON's, and every stretch of the log time axis keeps points — the first second as well as
    the last (before: only every 2^k-th early point was left, a flat step over the start)."""
    import json
    import math
    lab.page.context.set_default_timeout(60_000)
    # a 10-s time limit ends the lanes. A lane keeps a sample each 4 ms of its run, at most one
    # a step (py/sudoku_lab/frames.py): 879 in 4 s alone, 346 in 4 s beside the whole suite
    # (its steps slower), and 386 with a 10,000-step budget. More than 400 are thinned.
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=10&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    lab.start_race()
    lab.wait_lanes_done(timeout=120_000)
    with lab.page.expect_download() as dl:
        lab.by("export-race").click()
    race = json.load(open(dl.value.path()))
    # the chart redraws at most ten times a second: wait for the redraw that holds each lane's
    # last point (its last sample not earlier than the one before: draw/lines.js drops those)
    last = []
    for lane in race["lanes"]:
        kept = []
        for x, y in lane["series"]["rows"]:
            if not kept or x >= kept[-1][0]:
                kept.append([x, y])
        last.append(kept[-1])
    lab.page.wait_for_function(
        "last => { const p = JSON.parse(document.querySelector('[data-testid=compare-chart]').dataset.plotted || '[]');"
        " return p.length === last.length && p.every(([xs, ys], i) =>"
        "   xs[xs.length - 1] === last[i][0] && ys[ys.length - 1] === last[i][1]); }", arg=last, timeout=10_000)
    plotted = json.loads(lab.by("compare-chart").get_attribute("data-plotted"))
    for (xs, ys), lane in zip(plotted, race["lanes"]):
        rows = lane["series"]["rows"]
        assert len(rows) > 400, "the run was too short to be thinned"
        assert len(xs) <= 400
        raw = {(x, y) for x, y in rows}
        assert all((x, y) in raw for x, y in zip(xs, ys))   # drawn points are the run's own
        logs = [math.log10(x) for x in xs]
        bucket = (math.log10(rows[-1][0]) - math.log10(rows[0][0])) / 100
        for x, _ in rows:                                   # no stretch of the axis left bare
            gap = min(abs(math.log10(x) - k) for k in logs)
            assert gap <= 2 * bucket, (x, gap, bucket)


def test_a_lane_that_ends_unsolved_marks_the_clashes_of_its_board(lab):
    import numpy as np
    from sudoku_lab.score import clashing_cells
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=2&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    lab.start_race()
    lab.wait_lanes_done(timeout=120_000)
    lanes = lab.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({state: e.dataset.state,
        values: [...e.querySelectorAll('[data-testid=cell]')].map(c => +c.dataset.value),
        marked: [...e.querySelectorAll('[data-testid=cell]')].map(c => c.dataset.clashing === 'true')}))""")
    unsolved = [lane for lane in lanes if lane["state"] != "solved"]
    assert unsolved, "every lane solved: nothing to check"
    for lane in unsolved:
        clashing = clashing_cells(np.array(lane["values"]), 3).ravel().tolist()
        assert any(clashing), "a full board with no clash is solved"
        assert lane["marked"] == clashing


def test_the_compare_status_says_in_its_state_what_its_sentence_says(lab):
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&m=race&t=5&e=hill_climb:1,alldiff_tabu:2")
    lab.page.evaluate("""() => { const s = document.querySelector('[data-testid=compare-status]'); window.__said = [];
        new MutationObserver(() => window.__said.push([s.dataset.state, s.textContent])).observe(s,
        {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    lab.start_race()
    lab.wait_lanes_done()
    said = lab.page.evaluate("() => window.__said")
    assert any(state == "running" for state, _ in said), said
    for state, text in said:
        if state == "loading":
            assert "loading" in text and "ready" not in text.split("(")[0], (state, text)
        if state == "running":
            assert "running" in text or "starting" in text, (state, text)
        assert ("running" in text) <= (state == "running"), (state, text)


# Which runs a worker started and which it ended, from what it posts (static/python/worker.js
# posts through self.postMessage): a run starts with a `progress` and ends with `done` or `error`.
RECORD_RUNS = """() => { if (self.__ran) return; self.__ran = new Set(); self.__ended = new Set();
    const post = self.postMessage.bind(self);
    self.postMessage = (msg, ...rest) => { const out = post(msg, ...rest);
        if (msg && msg.type === 'progress') self.__ran.add(msg.runId);
        if (msg && (msg.type === 'done' || msg.type === 'error')) self.__ended.add(msg.runId);
        if (self.__look) self.__look();
        return out; }; }"""
# Once every run the worker started has ended, or after 10 s: [runs started, runs ended].
RUNS_ENDED = """() => new Promise((done) => {
    const counts = () => done([self.__ran.size, self.__ended.size]);
    self.__look = () => { if ([...self.__ran].every((id) => self.__ended.has(id))) counts(); };
    self.__look(); setTimeout(counts, 10000); })"""


def test_a_link_to_solve_opened_mid_race_ends_the_race_quietly(lab):
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=race&t=60&e=hill_climb:1:plateau=10000,hill_climb:2:plateau=10000")
    lab.page.wait_for_selector('[data-testid="compare-entry"]')
    lab.wait_until(f"() => {{ const [n, ready] = ({POOL})(); return n >= 2 && ready === n; }}", timeout=120)
    lab.wait_workers(lab.page.evaluate(POOL)[0])
    for worker in lab.page.workers:
        worker.evaluate(RECORD_RUNS)
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=lane]')]"
                               ".every(l => +l.dataset.painted > 1)", timeout=90_000)
    other = PAPERS["sato-01-easy"]
    lab.page.evaluate("h => { location.hash = h; }", "#p=" + other + "&s=hill_climb&seed=1")
    lab.page.wait_for_selector('[data-testid="view"][data-view="solve"]')
    # The abandoned lanes' workers report their stopped runs within a slice (35 ms) of the stop:
    # once each worker has posted the end of every run it started, and the page has painted
    # after them, any error those reports could cause has been logged.
    counts = [worker.evaluate(RUNS_ENDED) for worker in lab.page.workers]
    assert all(ran == ended for ran, ended in counts) and sum(ran for ran, _ in counts) == 2, counts
    lab.settle_frames()
    assert not [e for e in lab.console_errors if "link" in e], lab.console_errors
    status = lab.by("compare-status")
    assert status.get_attribute("data-state") == "ready" and "running" not in status.text_content()
    assert lab.state() == "ready"
    lab.by("start").click()                                 # the page runs the new link's puzzle
    assert lab.wait_state("solved", "failed", timeout=60_000) == "solved"


POOL = "() => { const s = document.querySelector('[data-testid=compare-status]');" \
       " return [+(s.dataset.workers || 0), +(s.dataset.workersReady || 0)]; }"


# Each lane's words (window.__lanes, one list per lane) and the status line's and the
# comparison status's (window.__said, window.__compareSaid), each text once as it changes.
WATCH_WORDS = """() => { window.__lanes = [[], [], []]; window.__said = []; window.__compareSaid = [];
    new MutationObserver(() => document.querySelectorAll('[data-testid=lane] .lane-info').forEach((e, i) => {
      const seen = window.__lanes[i]; if (seen.at(-1) !== e.textContent) seen.push(e.textContent); }))
    .observe(document.getElementById('lanes'), {childList: true, subtree: true, characterData: true});
    for (const [id, said] of [['status', window.__said], ['compare-status', window.__compareSaid]]) {
      const s = document.querySelector(`[data-testid=${id}]`);
      new MutationObserver(() => said.push(s.textContent)).observe(s, {childList: true, characterData: true, subtree: true});
    } }"""


@pytest.mark.fresh_page  # Solve must have loaded no pool worker yet, the race's must load from nothing, no race has run
def test_the_pool_loads_while_a_race_is_composed_its_lanes_say_what_they_wait_for_and_stop_ends_them(lab):
    """One page whose pool's workers load from nothing (four tests' pages and workers before):
    1. Solve needs only the page's own worker, for a run too; opening Race makes a second, a
       third entry a third. Race shows none of Solve's things, and no race yet.
    2. A Start at once, workers 2 and 3 still loading: lane 1 (the page's own worker, ready) says
       it waits for the others, lanes 2 and 3 for their own; the status line what loads.
    3. Stop meanwhile ends every lane at once, each saying what it waited for.
    4. With no race running the workers load; the next Start finds them ready (nothing said
       loading), the status line says what runs, and every lane solves.
    5. Each view kept its own results and shows only its own things."""
    # 1. Solve: the page's own worker only; Race: a worker per entry, before any Start
    lab.open("#p=" + HELD_OUT + "&s=hill_climb&seed=2&t=30")
    lab.by("start").click()
    assert lab.wait_state("solved", timeout=60_000) == "solved"
    solution = lab.board_values()
    assert is_solution(parse(HELD_OUT), np.array(solution))
    lab.wait_workers(1)
    # the page's own count (compare-status, set when the page is ready): Playwright learns of a
    # worker only from an event that may come later
    assert lab.by("compare-status").get_attribute("data-workers") == "1"
    assert len(lab.page.workers) == 1                       # Solve needs only the page's own worker
    lab.set_view("race")
    race_shows_none_of_solves_things_and_no_race_yet(lab)
    lab.wait_until("() => document.querySelector('[data-testid=compare-status]').dataset.workers === '2'", timeout=60)
    lab.add_entry("hill_climb", 1)
    lab.add_entry("alldiff_tabu", 2)
    lab.add_entry("hill_climb", 3)                          # a third entry: a third worker
    lab.wait_until(f"() => ({POOL})()[0] === 3", timeout=60)
    lab.wait_workers(3)
    # 2. Start while workers 2 and 3 load
    lab.page.evaluate(WATCH_WORDS)
    lab.start_race()
    lab.page.wait_for_function("() => /Starting the race: worker 2 is loading/.test("
                               "document.querySelector('[data-testid=status]').textContent)")
    assert lab.state() == "running"
    # 3. Stop, the workers still loading
    t0 = time.perf_counter()
    lab.by("compare-stop").click()
    lab.wait_lanes_done(timeout=3_000)
    print(f"stopped {1000 * (time.perf_counter() - t0):.0f} ms after the click")
    assert [l["state"] for l in lab.lanes()] == ["stopped"] * 3
    # each lane says what it waited for: lane 1 runs on the page's own worker, ready; the others' were loading
    said = [lab.page.locator('[data-testid="lane"]').nth(i).inner_text() for i in range(3)]
    assert "stopped before it started: its worker was ready, waiting for lanes 2, 3 to load" in said[0], said
    assert all("stopped before it started, while its worker loaded" in s for s in said[1:]), said
    assert lab.state() == "ready" and lab.by("compare-start").is_enabled() and lab.by("compare-stop").is_disabled()
    # what the lanes said while they started: lane 1 waits for the others' workers, lanes 2 and 3 for their own
    first, second, third = lab.page.evaluate("() => window.__lanes")
    assert not any("waiting for its worker" in t for t in first), first
    assert any(t.startswith("its worker is ready; waiting for lanes 2, 3 to load") for t in first), first
    for seen in (second, third):
        assert any(t.startswith("waiting for its worker, which is loading") for t in seen), seen
    # 4. no race runs, and the workers load: the next Start finds them ready
    lab.wait_until(f"() => ({POOL})()[1] === 3", timeout=120)
    lab.page.evaluate("() => { window.__said.length = 0; window.__compareSaid.length = 0; }")
    lab.start_race()
    lab.wait_lanes_done(timeout=120_000)
    compare_said = lab.page.evaluate("() => window.__compareSaid")
    assert not any("loading" in t for t in compare_said), compare_said    # no "worker 2 is loading…"
    said = lab.page.evaluate("() => window.__said")
    assert any(t.startswith("Racing 3 entries") for t in said), said       # once every worker is up, what runs
    assert [l["state"] for l in lab.lanes()] == ["solved"] * 3
    for lane in lab.lanes():
        assert is_solution(parse(HELD_OUT), np.array(lane["values"]))
    assert len(lab.page.workers) == 3
    assert lab.state() == "ready"
    # 5. each view's own things
    each_view_keeps_its_results_and_shows_only_its_own(lab, solution)


def race_shows_none_of_solves_things_and_no_race_yet(lab):
    """Race after a solved run: the puzzle on the board, not the run; Solve's things hidden."""
    assert lab.givens_on_board() == lab.board_values() == parse(HELD_OUT).cells.tolist()   # the puzzle, not the run
    assert lab.state() == "ready"
    for hook in ("chart", "metrics", "start", "copy-solution", "export-json"):
        assert lab.by(hook).is_hidden(), hook
    assert lab.by("export-png").is_disabled() and lab.by("export-race").is_disabled()    # no race yet


def each_view_keeps_its_results_and_shows_only_its_own(lab, solution: list):
    """After the race: it exports; Experiment shows none of its chart or lanes; Race and Solve
    each kept their results."""
    assert lab.by("compare-chart").get_attribute("data-legend") == \
        "1. hill_climb · seed 1|2. alldiff_tabu · seed 2|3. hill_climb · seed 3"
    assert lab.by("export-race").is_enabled() and lab.by("export-png").is_enabled()
    lab.set_view("experiment")                               # the race's chart and lanes are not this view's
    assert lab.by("compare-chart").get_attribute("data-legend") in ("", None)
    assert lab.page.locator('[data-testid="lane"]').first.is_hidden()
    assert lab.by("export-json").is_disabled() and lab.by("export-csv").is_disabled()
    lab.set_view("race")                                     # each view kept its results
    assert [l["state"] for l in lab.lanes()] == ["solved"] * 3
    lab.set_view("solve")
    assert lab.board_values() == solution and lab.state() == "solved"
    assert lab.by("export-json").is_enabled() and lab.by("copy-solution").is_enabled()
    assert lab.console_errors == []


def test_the_race_chart_time_axis_ends_at_the_last_lane_end(lab):
    lab.open("#p=" + HELD_OUT + "&m=race&t=60&e=hill_climb:1,alldiff_tabu:2")
    chart = lab.page.locator("#race-chart")
    # every value the axis takes, from the click on: a fast race can end before a poll sees it run
    lab.page.evaluate("""() => { window.__xMax = [];
      new MutationObserver(() => window.__xMax.push(document.getElementById('race-chart').dataset.xMax))
        .observe(document.getElementById('race-chart'), {attributes: true, attributeFilter: ['data-x-max']}); }""")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => window.__xMax.length > 0")
    assert float(lab.page.evaluate("() => window.__xMax[0]")) == 60      # running: the time limit
    lab.wait_lanes_done()
    times = [float(t.split()[0]) for t in lab.page.locator('[data-testid="lane-time"]').all_inner_texts()]
    assert max(times) < 10, times                                          # every lane ended far earlier
    lab.page.wait_for_function("() => +document.getElementById('race-chart').dataset.xMax < 60")
    x_max = float(chart.get_attribute("data-x-max"))
    assert abs(x_max - max(max(times), 0.01)) <= 0.006, (x_max, times)
    assert lab.by("compare-chart").get_attribute("data-x-max") == chart.get_attribute("data-x-max")

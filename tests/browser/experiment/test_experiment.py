"""The Experiment view: entries × puzzles × runs on the worker pool, its table and records
(equal to the native bench's), the papers' presets, and experiment links."""

import csv
import io
import json

import pytest

from conftest import PAPERS
from lab import HELD_OUT
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.score import is_solution
from sudoku_lab.several.processes import run_on_processes

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]
LIST = "\n".join([PAPERS["sato-01-easy"] + " first", "# a comment", "", PAPERS["sato-11-easy"] + " second",
                  PAPERS["pillay-fig1"] + " third"])


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): experiment
def test_an_experiment_fills_its_table_and_exports_records_that_match_the_native_bench(lab):
    lab.open()
    lab.set_view("experiment")
    lab.add_entry("hill_climb", 10)
    lab.add_entry("alldiff_tabu", 20)
    lab.by("compare-runs").fill("5")
    lab.by("compare-puzzles").select_option("list")
    lab.by("compare-list").fill(LIST)
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    progress = lab.by("compare-progress")
    assert (progress.get_attribute("data-done"), progress.get_attribute("data-total")) == ("30", "30")
    assert lab.page.locator("#experiment-chart").is_visible()            # drawn once Start began it
    rows = lab.page.eval_on_selector_all('[data-testid="compare-row"]', """els => els.map(e => ({
        solver: e.dataset.solver, puzzle: e.dataset.puzzle, runs: +e.dataset.runs, solved: +e.dataset.solved,
        median: e.dataset.medianSeconds}))""")
    assert [(r["solver"], r["puzzle"]) for r in rows] == [
        (s, p) for s in ("hill_climb", "alldiff_tabu") for p in ("first", "second", "third")]
    assert all(r["runs"] == 5 and r["solved"] == 5 and float(r["median"]) > 0 for r in rows)
    assert "[" in lab.by("compare-results").inner_text()                  # the Wilson interval
    starred = lab.page.eval_on_selector_all('[data-testid="compare-row"]', """els => els
        .filter(e => !e.querySelector('.best-mark').hidden).map(e => e.dataset.puzzle)""")
    assert sorted(starred) == ["first", "second", "third"]               # one best entry per puzzle, both solve all

    with lab.page.expect_download() as dl:
        lab.by("export-csv").click()
    records = list(csv.DictReader(io.StringIO(open(dl.value.path()).read())))
    jsonl, _, _ = lab.export_json()
    assert len(records) == len(jsonl) == 30
    texts = [line.split()[0] for line in LIST.splitlines() if line.strip() and not line.startswith("#")]
    from sudoku_lab.bench import record
    for rec in jsonl:
        native = record(rec["puzzle"], rec["name"], Run(parse(texts[rec["puzzle"]]), rec["solver"], rec["params"],
                                                        rec["seed"], Budget(max_seconds=60)).finish())
        assert set(rec) == set(native), "the browser's records have the native bench's fields"
        assert (rec["iterations"], rec["evaluations"], rec["board"], rec["solved"]) == (
            native["iterations"], native["evaluations"], native["board"], native["solved"])
    by_key = {(r["solver"], r["seed"], r["puzzle"]): r for r in jsonl}
    for row in records:
        assert int(row["iterations"]) == by_key[(row["solver"], int(row["seed"]), int(row["puzzle"]))]["iterations"]


@pytest.mark.parametrize("preset", ["paper-nb_coin", "paper-ga_woc", "paper-gp_moves", "paper-alldiff_tabu",
                                    "paper-hill_climb"])
def test_each_papers_preset_sets_up_its_experiment_and_runs(lab, preset):
    lab.open()
    lab.set_view("experiment")
    lab.by("preset").select_option(preset)
    # a note that quotes the published figures is written once they are fetched (preset-choice.js)
    lab.page.wait_for_function("() => document.getElementById('preset-note').textContent !== ''")
    note = lab.page.locator("#preset-note").inner_text()
    assert "The paper" in note and "Here" in note
    solver = preset.removeprefix("paper-")
    assert {e for e in lab.page.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.dataset.solver)")} == {solver}
    assert lab.by("compare-puzzles").input_value() in ("sato6", "papers", "rated40")
    # one run each, a fifth of a second: the test asks that the preset's experiment runs, every
    # puzzle a row beside the paper's figures, not what its runs reach (rated40: 40 runs)
    lab.by("compare-runs").fill("1")
    lab.by("max-seconds").fill("0.2")
    lab.by("workers").fill("2")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    rows = lab.page.locator('[data-testid="compare-row"]')
    assert rows.count() >= 6
    papers_col = lab.page.eval_on_selector_all('[data-testid="compare-row"] td:last-child', "els => els.map(e => e.textContent)")
    assert any(papers_col), "the paper's figures sit beside the lab's"
    assert int(lab.by("compare-progress").get_attribute("data-total")) == rows.count()     # one run per row


def test_the_worker_pool_defaults_to_the_cores_less_one(lab):
    lab.open()
    cores = lab.page.evaluate("() => navigator.hardwareConcurrency")
    assert int(lab.by("workers").input_value()) == max(1, min(8, cores - 1))


def test_an_experiment_link_restores_its_settings_reads_the_short_form_and_refuses_bad_lists_and_seeds(lab, visitor):
    lab.open()
    lab.set_view("experiment")
    lab.add_entry("alldiff_tabu", 7, filter="ac3")
    lab.by("compare-runs").fill("3")
    lab.by("compare-runs").dispatch_event("change")
    lab.by("compare-puzzles").select_option("list")
    lab.by("compare-list").fill(LIST)
    lab.by("compare-list").dispatch_event("change")
    url = lab.by("share").get_attribute("data-url")
    assert "m=experiment" in url and "runs=3" in url and "ps=list" in url
    other_lab = visitor()
    other = other_lab.visit(url).page
    assert other.get_by_test_id("view").get_attribute("data-view") == "experiment"
    assert other.get_by_test_id("compare-runs").input_value() == "3"
    assert other.get_by_test_id("compare-puzzles").input_value() == "list"
    assert len(other.get_by_test_id("compare-list").input_value().split()) == 3
    entries = other.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => e.textContent)")
    assert len(entries) == 1 and "alldiff_tabu" in entries[0] and "filter=ac3" in entries[0]
    # the short form: solvers with their defaults and one seed; a bad entry is named, the rest kept
    other.goto(url.split("#")[0] + "#p=" + PAPERS["sato-01-easy"] + "&m=experiment&c=hill_climb,nope,gp_moves&seed=4&runs=2&ps=sato6")
    other.wait_for_selector('[data-testid="compare-entry"]')
    got = other.eval_on_selector_all('[data-testid="compare-entry"]', "els => els.map(e => [e.dataset.solver, +e.dataset.seed])")
    assert got == [["hill_climb", 4], ["gp_moves", 4]]
    assert "entry 2: unknown solver 'nope'" in other.get_by_test_id("error").inner_text()
    assert other.get_by_test_id("compare-puzzles").input_value() == "sato6"
    assert other.get_by_test_id("compare-progress").get_attribute("data-total") == "0"     # nothing ran
    # nothing ran, so no chart: no blank box between the progress line and the table
    assert not other.locator("#experiment-chart").is_visible()
    gap = other.evaluate("""() => document.getElementById('compare-results-box').getBoundingClientRect().top
        - document.getElementById('compare-progress').getBoundingClientRect().bottom""")
    assert gap < 40, gap
    # the link's page, no experiment run on it yet, refuses a bad list and seeds past 2^53
    a_pasted_list_and_seeds_past_two_to_the_53_are_refused_before_anything_runs(other_lab)


def a_pasted_list_and_seeds_past_two_to_the_53_are_refused_before_anything_runs(lab):
    """Two refusals, in turn, on a page no experiment has run on (a shared page keeps the progress
    of an earlier one): neither runs anything (the progress stays at nothing ran)."""
    # a pasted list marks the line it cannot read and keeps the text
    lab.change_hash("#p=" + HELD_OUT + "&m=experiment&e=hill_climb:1")
    lab.wait_board()
    assert lab.entries() == [["hill_climb", 1]]
    lab.by("compare-puzzles").select_option("list")
    text = f"{HELD_OUT} one\n# a comment\n12345 broken\n{PAPERS['sato-01-easy']} two"
    lab.by("compare-list").fill(text)
    lab.by("compare-start").click()
    box = lab.by("compare-list")
    lab.page.wait_for_selector('[data-testid="compare-list"][data-problem-line="3"]')
    assert box.get_attribute("aria-invalid") == "true" and box.input_value() == text
    selected = box.evaluate("t => t.value.slice(t.selectionStart, t.selectionEnd)")
    assert selected == "12345 broken"
    assert "Line 3" in lab.page.locator("#compare-list-problem").inner_text()
    assert lab.by("compare-progress").get_attribute("data-total") == "0"            # nothing ran
    assert lab.by("compare-status").get_attribute("data-state") == "ready"
    box.fill(text.replace("12345 broken", "# mended"))
    lab.page.wait_for_selector('[data-testid="compare-list"]:not([data-problem-line])')
    assert box.get_attribute("aria-invalid") is None
    # seeds past 2^53 are refused: the loaded puzzle again, the one entry's seed the last safe integer's
    lab.by("compare-puzzles").select_option("current")
    lab.page.get_by_role("button", name="Remove entry 1").click()
    assert lab.entries() == []
    lab.add_entry("hill_climb", 9007199254740990)
    lab.by("compare-runs").fill("5")
    lab.by("compare-start").click()
    assert "seeds 9007199254740990 … 9007199254740994 pass 9007199254740991" in lab.error_text()
    assert lab.by("compare-runs").get_attribute("aria-invalid") == "true"
    assert lab.by("compare-progress").get_attribute("data-total") == "0"
    lab.by("compare-runs").fill("2")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    assert lab.rows()[0]["solved"] == 2


def test_runs_ended_by_stop_are_counted_apart_and_left_out_of_the_success_rate(lab):
    lab.open()
    lab.set_view("experiment")
    lab.add_entry("hill_climb", 1, plateau=10000)
    lab.by("compare-runs").fill("2")
    lab.by("workers").fill("1")
    lab.by("compare-puzzles").select_option("list")
    lab.by("compare-list").fill(PAPERS["sato-01-easy"] + " easy\n" + PAPERS["ai-escargot"] + " escargot")
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => +document.querySelector('[data-testid=compare-progress]').dataset.done >= 2",
                               timeout=90_000)
    # one worker: the first AI Escargot run is sent to it in the task that counts the second run done
    lab.by("compare-stop").click()
    lab.wait_experiment_done(timeout=10_000)
    easy, escargot = lab.rows()
    assert (easy["runs"], easy["solved"], easy["stopped"]) == (2, 2, 0)
    assert (escargot["runs"], escargot["solved"], escargot["stopped"]) == (0, 0, 2)
    assert lab.by("compare-progress").get_attribute("data-stopped") == "2"
    assert lab.by("compare-progress").get_attribute("data-done") == "2"         # a stopped run is not done
    assert "2 of 4 runs done · 2 solved · 2 stopped by Stop" in lab.by("compare-progress").inner_text()
    text = lab.page.locator('[data-testid="compare-row"]').nth(1).inner_text()
    assert "stopped 2" in text and "%" not in text           # no success rate from stopped runs
    assert "100% [" in lab.page.locator('[data-testid="compare-row"]').first.inner_text()


def test_the_phase_transition_preset_runs_and_draws_both_plots_beside_lewis(lab):
    from sudoku_lab.generate import generate, parse_spec
    lab.open()
    lab.set_view("experiment")
    lab.by("preset").select_option("phase-transition")
    assert lab.entries() == [["hill_climb", 0], ["alldiff_tabu", 0], ["alldiff_tabu", 0], ["acs", 0], ["alldiff_ls", 0]]
    assert lab.by("compare-puzzles").input_value() == "gen"
    sizes = lab.by("sweep-size").evaluate("e => [...e.selectedOptions].map(o => o.value)")
    assert sizes == ["9", "16", "25"]                     # the preset sweeps the atlas's sizes; here one, for the plots
    lab.by("sweep-size").select_option("16")
    assert "Lewis" in lab.page.locator("#preset-note").inner_text()
    for hook, value in (("sweep-p0", "0.3"), ("sweep-p1", "0.5"), ("sweep-instances", "1"), ("max-seconds", "3"),
                        ("workers", "2")):
        lab.by(hook).fill(value)
    lab.by("compare-start").click()
    lab.wait_experiment_done(timeout=300_000)
    rows = lab.rows()
    assert [(r["solver"], r["puzzle"]) for r in rows] == [
        (s, f"p = {p}") for s in ("hill_climb", "alldiff_tabu", "alldiff_tabu", "acs", "alldiff_ls")
        for p in ("0.3", "0.4", "0.5")]
    assert all(r["runs"] == 1 for r in rows)
    success, time_ = lab.by("phase-success"), lab.by("phase-time")
    assert success.is_visible() and time_.is_visible()
    assert success.get_attribute("data-x-label").startswith("p") and success.get_attribute("data-y-label")
    legend = success.get_attribute("data-legend").split("|")
    assert legend[:5] == ["1. hill_climb · seed 0", "2. alldiff_tabu · seed 0",             # whole: one run, one seed
                          "3. alldiff_tabu · seed 0 · propagate=true", "4. acs · seed 0", "5. alldiff_ls · seed 0"]
    assert any("Lewis 2007" in x for x in legend)
    assert int(success.get_attribute("data-points")) >= 9                    # ours, plus the published marks
    assert "seconds" in time_.get_attribute("data-y-label")
    # the page's sweep ran the generator's puzzles: a solved run is the native run, step for step
    from sudoku_lab.run import Budget, Run
    records, _, _ = lab.export_json()
    rec = next(r for r in records if r["solved"])
    native = Run(generate(parse_spec(rec["name"])).puzzle, rec["solver"], rec["params"], rec["seed"],
                 Budget(max_seconds=60)).finish()
    assert (native.iterations, native.solved) == (rec["iterations"], True)


def test_the_preset_a_link_opened_shows_in_the_menu_with_the_papers_figures(lab):
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=5&e=gp_moves:0&runs=1&ps=papers&preset=paper-gp_moves")
    assert lab.by("preset").input_value() == "paper-gp_moves"
    assert "Tables 7–8" in lab.page.locator("#preset-note").inner_text()
    lab.by("preset").select_option("paper-ga_woc")                  # a note that quotes data/published.json
    lab.page.wait_for_function("() => /final conflicts 3\\.82 \\(GA\\)/.test(document.querySelector('#preset-note').textContent)")


# The experiment's progress line while no run has ended, else "ended".
PROGRESS_LINE = """() => { const p = document.querySelector('[data-testid=compare-progress]');
    return p.dataset.ended === '0' ? p.innerText : 'ended'; }"""


def test_the_progress_line_counts_time_while_no_run_has_ended(lab):
    """Elapsed time moves every second while the first run is still going (it used to change
    only when a run ended)."""
    lab.open("#p=" + PAPERS["ai-escargot"] + "&m=experiment&t=8&e=hill_climb:1:plateau=10000&runs=1&ps=current")
    lab.by("workers").fill("1")
    lab.by("compare-start").click()
    seen = set()
    lab.wait_until("() => /0 of 1 runs done/.test(document.querySelector('[data-testid=compare-progress]').textContent)")
    line = lab.page.evaluate(PROGRESS_LINE)
    while line is not None and line != "ended" and len(seen) < 3:
        seen.add(line.split(" s elapsed")[0].split("· ")[-1])
        line = lab.next_value(PROGRESS_LINE, line, timeout=5_000)   # the line's next change: its moving is the test
    assert len(seen) >= 3, seen                      # at least three different elapsed seconds before the run ended
    # seen: the rest of its 8 s buys nothing (clicked in the page: a run that has just ended left Stop
    # disabled, and the click then does nothing)
    lab.page.evaluate("() => document.querySelector('[data-testid=compare-stop]').click()")
    lab.wait_experiment_done(timeout=30_000)


def test_one_solved_run_draws_its_step_on_the_success_chart(lab):
    """The share of runs solved is held to the time limit: a single solved run draws a line (a
    lone point of a stepped line drew nothing), its x values distinct (the chart joins on x)."""
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=20&e=alldiff_ls:1&runs=1&ps=current")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    lab.wait_until("() => JSON.parse(document.querySelector('[data-testid=compare-chart]').dataset.plotted || '[[[]]]')[0][0].length >= 2")
    [(xs, ys)] = json.loads(lab.by("compare-chart").get_attribute("data-plotted"))
    assert len(xs) >= 2 and 0 < xs[0] and all(a < b for a, b in zip(xs, xs[1:])) and xs[-1] == 20
    assert ys[-1] == ys[-2] == 1                                                 # held at its share to the limit


def test_success_lines_that_coincide_in_a_sweep_are_drawn_nested_and_said(lab):
    """Two entries that solve every 4×4 of a sweep have one success line (1.0 at every p): the
    first is drawn wider under the second, so both colours show, and the note says where."""
    lab.open()
    lab.set_view("experiment")
    lab.add_entry("hill_climb", 1)
    lab.add_entry("alldiff_tabu", 1)
    lab.by("compare-puzzles").select_option("gen")
    lab.by("sweep-size").select_option("4")
    for hook, value in (("sweep-p0", "0.5"), ("sweep-p1", "0.7"), ("sweep-step", "0.1"), ("sweep-instances", "1"),
                        ("compare-runs", "1"), ("max-seconds", "5"), ("workers", "2")):
        lab.by(hook).fill(value)
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    success = lab.by("phase-success")
    lab.page.wait_for_function("() => JSON.parse(document.querySelector('[data-testid=phase-success]')"
                               ".dataset.plotted || '[[[]],[[]]]').slice(0, 2).every((l) => l[0].length === 3)")
    assert json.loads(success.get_attribute("data-coincide")) == [
        {"p": p, "entries": [1, 2]} for p in (0.5, 0.6, 0.7)]
    note = lab.by("phase-note")
    assert note.is_visible() and "entries 1 and 2 at p = 0.5, 0.6, 0.7" in note.inner_text()
    # both entries' colours (static/draw/theme.js, light theme) show on the plot's canvas
    counts = lab.page.evaluate("""() => {
      const c = document.querySelector('[data-testid=phase-success] canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const near = (i, rgb) => rgb.every((v, k) => Math.abs(d[i + k] - v) < 24);
      let first = 0, second = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (near(i, [0x25, 0x63, 0xeb])) first++;
        if (near(i, [0xdc, 0x26, 0x26])) second++;
      }
      return [first, second];
    }""")
    assert counts[0] >= 100 and counts[1] >= 100, counts


def test_an_entry_asking_for_two_workers_runs_each_run_as_one_team_on_a_pool_of_two(lab):
    """An experiment's run whose entry asks for two workers holds both of the pool's
    slots as one alldiff_ls team run; its record says so and is the native team run's."""
    spec, exchange = "16:0.4:1", 2000
    lab.open(f"#g={spec}&s=alldiff_ls&seed=1&t=120&w=2&x={exchange}")
    lab.page.wait_for_function("s => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=90_000)
    lab.set_view("experiment")
    lab.by("compare-puzzles").select_option("current")
    lab.by("compare-runs").fill("1")
    lab.by("workers").fill("2")
    lab.add_entry("alldiff_ls", 1)
    lab.by("compare-start").click()
    lab.wait_experiment_done(timeout=240_000)
    [rec], _, _ = lab.export_json()
    assert rec["solved"] and rec["params"]["workers"] == 2, rec
    puzzle = generate(parse_spec(spec)).puzzle
    assert is_solution(puzzle, parse(rec["board"]).cells)
    native = run_on_processes(puzzle, {}, 1, 2, Budget(max_seconds=120), exchange=exchange)
    assert (rec["iterations"], rec["board"]) == (native.iterations, native.to_json()["board"])


@pytest.mark.parametrize("width", [1280, 390])
def test_the_experiment_chart_legend_names_each_entry_whole(lab, width):
    """Each entry's name in "Runs solved against time" is whole: its seeds written out ("seeds
    3–4", where "seed 3…" read as a name cut short), every label shown in full at 1280 and 390 px."""
    lab.open()
    lab.page.set_viewport_size({"width": width, "height": 900 if width > 800 else 844})
    lab.open("#p=" + PAPERS["sato-01-easy"] + "&t=20&i=300&m=experiment&e=hill_climb:3,alldiff_tabu:5:propagate=true&runs=2&ps=current")
    lab.by("compare-start").click()
    lab.wait_experiment_done(timeout=180_000)
    chart = lab.by("compare-chart")
    assert chart.get_attribute("data-legend").split("|") == ["1. hill_climb · seeds 3–4",
                                                             "2. alldiff_tabu · seeds 5–6 · propagate=true"]
    chart.locator(".u-legend").scroll_into_view_if_needed()
    labels = chart.locator(".u-legend .u-label")
    shown = [s for s in labels.evaluate_all("els => els.map(e => [e.textContent, e.scrollWidth <= e.clientWidth + 1, "
                                            "e.getBoundingClientRect().right <= innerWidth])") if s[0][:1].isdigit()]
    assert [s[0] for s in shown] == ["1. hill_climb · seeds 3–4", "2. alldiff_tabu · seeds 5–6 · propagate=true"]
    assert all(whole and inside for _, whole, inside in shown), shown

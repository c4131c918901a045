"""The worker's JSON facade, exercised natively exactly as worker.js calls it."""

import json

from conftest import PAPERS
from sudoku_lab import bridge


def call(fn, *args):
    return json.loads(fn(*args))


def test_hello_lists_solvers_versions_and_the_field_lists():
    from sudoku_lab.bench import RECORD_FIELDS
    from sudoku_lab.run import RESULT_FIELDS
    from sudoku_lab import __version__
    h = call(bridge.hello)
    assert "hill_climb" in [s["id"] for s in h["solvers"]] and h["versions"]["numpy"]
    assert h["versions"]["sudoku_lab"] == __version__          # the page's footer shows it
    assert h["result_fields"] == list(RESULT_FIELDS) and h["record_fields"] == list(RECORD_FIELDS)


def finished(kind: str, arg: str) -> dict:
    step = call(bridge.task_start, kind, arg)
    while step["ok"] and not step["done"]:
        step = call(bridge.task_advance, kind, 0.01)
    return step


def counted(text: str) -> dict:
    return finished("rate", text)["result"]


def test_check_reports_at_once_and_the_count_follows():
    first = call(bridge.check, PAPERS["sato-01-easy"])
    assert first["ok"] and first["givens"] == 38 and "solutions" not in first
    assert counted(PAPERS["sato-01-easy"])["solutions"] == 1
    assert counted(PAPERS["ai-escargot"])["needs_search"]
    bad = call(bridge.check, "1234%")
    assert not bad["ok"] and "'%'" in bad["message"] and bad["column"] == 5
    clash = call(bridge.check, "11" + "." * 79)
    assert clash["ok"] and clash["cells"] == [0, 1] and "row 1 has 1 twice" in clash["message"]
    assert counted("11" + "." * 79)["solutions"] == 0


def last_frame(run_id: str, slices: int) -> dict:
    """Advance a run in slices until its frame holds the result (or `slices` run out)."""
    for _ in range(slices):
        frame = call(bridge.advance, run_id, 0.01)["frame"]
        if "result" in frame:
            break
    return frame


def test_start_advance_until_solved():
    req = {"runId": 7, "puzzle": PAPERS["sato-01-easy"], "solver": "hill_climb", "params": {},
           "seed": 1, "budget": {"max_seconds": 30}}
    start = call(bridge.start, json.dumps(req))
    assert start["ok"] and start["params"]["plateau"] == 10
    frame = last_frame("7", 1000)
    assert frame["result"]["solved"] and frame["progress"]["conflicts"] == 0
    assert not call(bridge.advance, "7", 0.01)["ok"]      # finished runs are forgotten


def test_stop_and_bad_requests():
    req = {"runId": 1, "puzzle": PAPERS["ai-escargot"], "solver": "hill_climb", "seed": 0}
    assert call(bridge.start, json.dumps(req))["ok"]
    call(bridge.advance, "1", 0.01)
    assert call(bridge.stop, "1")["frame"]["result"]["stop_reason"] == "stopped"
    for bad, word in (({**req, "solver": "x"}, "unknown solver"), ({**req, "seed": "1.5"}, "seed"),
                      ({**req, "params": {"plateau": -1}}, "plateau"), ({**req, "puzzle": "1"}, "Found 1 cells")):
        reply = call(bridge.start, json.dumps(bad))
        assert not reply["ok"] and word in reply["message"]


def test_the_rating_runs_in_slices_and_a_new_one_replaces_the_old():
    from conftest import SIZES
    first = call(bridge.task_start, "rate", SIZES["25x25-planetsudoku"])
    assert first["ok"] and first["done"] is False
    waiting = call(bridge.task_advance, "rate", 0.0)
    assert waiting["done"] is False                                    # one short slice: not finished yet
    assert waiting["progress"]["stage"] in ("logic", "count") and waiting["progress"]["budget"] > 0
    rating = counted(PAPERS["sato-11-easy"])                           # the 25×25 rating was dropped
    assert rating["solutions"] == 1 and rating["givens"] == 34 and not rating["needs_search"]
    assert not call(bridge.task_advance, "rate", 0.01)["ok"]
    big = counted(SIZES["25x25-planetsudoku"])
    assert big["solutions"] == 1 and big["size"] == 25


def test_a_rating_asked_for_a_shorter_count_budget_gets_it_and_never_a_longer_one():
    """The `rate` message's max_seconds (the page's test hook data-rate-seconds, docs/page.md):
    the count's budget the rating reports, the package's own when none is asked or a longer one."""
    from conftest import SIZES
    from sudoku_lab.rate import RATE_SECONDS
    for asked, budget in ((1.5, 1.5), (None, RATE_SECONDS), (RATE_SECONDS * 10, RATE_SECONDS)):
        first = call(bridge.task_start, "rate", SIZES["25x25-planetsudoku"], asked)
        assert first["ok"] and first["done"] is False and first["progress"]["budget"] == budget, (asked, first)
    call(bridge.task_drop, "rate")


def test_generate_in_slices_gives_the_native_puzzle():
    from sudoku_lab.generate import generate, parse_spec
    out = finished("generate", "16:0.45:7")["result"]
    native = generate(parse_spec("16:0.45:7"))
    assert out["puzzle"] == native.puzzle.to_string() and out["givens"] == 115
    bad = call(bridge.task_start, "generate", "10:0.45:7")
    assert not bad["ok"] and bad["field"] == "g" and "size must be 4, 9, 16, 25, 36, 49 or 64" in bad["message"]
    assert not call(bridge.task_start, "nope", "x")["ok"]


def test_a_run_without_a_crowd_streams_plain_json():
    """ga_woc with woc=false (the paper's plain GA) runs in the page: every frame is valid JSON."""
    req = {"runId": 9, "puzzle": PAPERS["sato-01-easy"], "solver": "ga_woc", "params": {"woc": False,
           "population": 100}, "seed": 1, "budget": {"max_seconds": 30}}
    assert call(bridge.start, json.dumps(req))["ok"]
    # slices of 50 ms, as the worker asks, until one holds a generation (a loaded machine may
    # spend a first slice on setting up the population)
    frames = [call(bridge.advance, "9", 0.05)["frame"]]
    while not frames[-1]["points"] and "result" not in frames[-1] and len(frames) < 200:
        frames.append(call(bridge.advance, "9", 0.05)["frame"])
    assert frames[-1]["points"] and frames[-1]["series"] == ["best", "mean", "expert_mean"]
    call(bridge.stop, "9")


def test_vet_names_the_setting_at_fault_in_plain_words():
    from conftest import SIZES
    ok = {"puzzle": PAPERS["sato-01-easy"], "solver": "alldiff_tabu", "params": {"filter": "hall_sets"}, "seed": 3}
    assert call(bridge.vet, json.dumps(ok)) == {"ok": True}
    big = call(bridge.vet, json.dumps({**ok, "puzzle": SIZES["16x16-vukr-1"]}))
    assert big["field"] == "filter" and "16×16" in big["message"] and "Error" not in big["message"]
    assert call(bridge.vet, json.dumps({**ok, "seed": -5}))["field"] == "seed"
    assert call(bridge.vet, json.dumps({**ok, "solver": "nope"}))["field"] == "solver"
    assert call(bridge.vet, json.dumps({**ok, "params": {"tenure": "1e3"}}))["field"] == "tenure"
    start = call(bridge.start, json.dumps({**ok, "runId": 3, "puzzle": SIZES["16x16-vukr-1"]}))
    assert not start["ok"] and start["field"] == "filter"


def test_a_visitors_solver_runs_from_its_text_and_its_errors_name_their_line():
    from conftest import ROOT
    text = (ROOT / "py" / "sudoku_lab" / "templates" / "min_conflicts.py").read_text()
    code = {"name": "my_solver.py", "text": text}
    got = call(bridge.own_schema, json.dumps({"code": code}))
    assert got["ok"] and got["schema"]["id"] == "own" and [p["name"] for p in got["schema"]["params"]] == ["noise", "patience"]
    assert "own" in [s["id"] for s in call(bridge.hello)["solvers"]]     # the menu's entry before any text is loaded
    req = {"runId": 9, "puzzle": PAPERS["sato-01-easy"], "solver": "own", "code": code, "params": {"noise": "0.2"},
           "seed": 1, "budget": {"max_iterations": 20000}}
    start = call(bridge.start, json.dumps(req))
    assert start["ok"] and start["params"]["noise"] == 0.2
    frame = last_frame("9", 10000)
    assert frame["result"]["solved"] and frame["result"]["solver_sha256"] == got["sha256"]
    bad = call(bridge.own_schema, json.dumps({"code": {"name": "my_solver.py", "text": text.replace("def run(", "def run(:")}}))
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("def run("))) + 1
    assert not bad["ok"] and bad["field"] == "code" and bad["line"] == line
    assert bad["message"].startswith(f"line {line} of my_solver.py: SyntaxError")
    refused = call(bridge.start, json.dumps({**req, "code": {"name": "my_solver.py", "text": "x = ("}}))
    assert not refused["ok"] and refused["field"] == "code" and refused["line"] == 1


def test_compare_gives_the_statistics_of_two_entries_or_a_one_line_refusal():
    """docs/design.md, "Comparing entries": what the page's Experiment asks once scipy is loaded."""
    from sudoku_lab.comparison import compare

    def runs(solved):
        return [{"puzzle": 0, "seed": s, "solved": s < solved, "seconds": 1.0 + s, "conflicts": 0 if s < solved else 2,
                 "stop_reason": "solved" if s < solved else "budget"} for s in range(10)]
    groups = {"1. alldiff_ls": runs(10), "2. acs": runs(3)}
    out = json.loads(bridge.compare(json.dumps({"groups": groups, "max_seconds": 20})))
    assert out == {"ok": True, "comparison": json.loads(json.dumps(compare(groups, 20)))}
    assert out["comparison"]["pairs"][0]["sentence"].startswith("1. alldiff_ls solves more often than 2. acs (10/10")
    for bad in ({"groups": {"a": runs(1)}}, {"groups": [1, 2]}, {}):
        assert json.loads(bridge.compare(json.dumps(bad))) == {
            "ok": False, "message": "statistics need the records of two entries or more"}
    broken = json.loads(bridge.compare(json.dumps({"groups": {"a": [{"seed": 1}], "b": runs(2)}})))
    assert not broken["ok"] and broken["message"].startswith("statistics could not be computed: a record is malformed")

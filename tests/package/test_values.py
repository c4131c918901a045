"""One rule per value: the Python side against tests/value_cases.json (the page is held to
the same file in test_browser.py), and the CLI using the same rules."""

import json
import subprocess
import sys

import pytest

from conftest import PAPERS, ROOT, SIZES
from sudoku_lab import links, values
from sudoku_lab.generate import parse_spec

CASES = json.loads((ROOT / "tests" / "value_cases.json").read_text())


def outcome(fn, raw):
    try:
        return {"ok": fn(raw)}
    except values.ValueProblem as exc:
        return {"error": str(exc)}


@pytest.mark.parametrize("case", CASES["seed"], ids=lambda c: repr(c["in"][:20]))
def test_seed(case):
    assert outcome(lambda raw: values.seed(raw, case.get("label", "seed")), case["in"]) == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["max_seconds"], ids=lambda c: repr(c["in"]))
def test_max_seconds(case):
    assert outcome(values.max_seconds, case["in"]) == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["budget"], ids=lambda c: repr(c["in"]))
def test_budget(case):
    got = outcome(lambda raw: values.budget(raw, case.get("label", "step budget")), case["in"])
    assert got == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["stop_point"], ids=lambda c: repr(c["in"]))
def test_stop_point(case):
    assert outcome(values.stop_point, case["in"]) == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["size"], ids=lambda c: repr(c["in"][:20]))
def test_size(case):
    assert outcome(values.size, case["in"]) == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["p"], ids=lambda c: repr(c["in"][:20]))
def test_p(case):
    assert outcome(values.p, case["in"]) == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["generator"], ids=lambda c: repr(c["in"][:24]))
def test_generator_settings(case):
    got = outcome(lambda raw: parse_spec(raw).text, case["in"])
    assert got == {k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["param"], ids=lambda c: f"{c['spec']['name']}={c['in'][:20]}")
def test_param(case):
    got = outcome(lambda raw: values.param(case["spec"], raw, case.get("label")), case["in"])
    assert got == {k: case[k] for k in ("ok", "error") if k in case}


def test_a_problem_keeps_its_label_and_reason_apart_and_pickles_whole():
    import pickle
    with pytest.raises(values.ValueProblem) as err:
        values.param({"name": "runs", "type": "int", "min": 1, "max": 1000}, "0", "runs")
    assert (err.value.label, err.value.reason) == ("runs", "must be between 1 and 1000; got 0")
    back = pickle.loads(pickle.dumps(err.value))      # a Dask worker's problem comes back whole
    assert (str(back), back.label, back.reason) == (str(err.value), "runs", err.value.reason)


@pytest.mark.parametrize("case", CASES["max_seconds_or_none"], ids=lambda c: f"{c['in']!r} budgeted={c['budgeted']}")
def test_time_limit_left_empty_beside_a_budget_is_none(case):
    assert outcome(lambda raw: values.max_seconds_or_none(raw, case["budgeted"]), case["in"]) == {
        k: case[k] for k in ("ok", "error") if k in case}


@pytest.mark.parametrize("case", CASES["link"], ids=range(len(CASES["link"])))
def test_link(case):
    link = links.decode(case["hash"])
    assert (link.puzzle, link.generator, link.solver, link.seed, link.max_seconds, link.params, link.problems) == (
        case["puzzle"], case["generator"], case["solver"], case["seed"], case["max_seconds"], case["params"],
        case["problems"])
    assert (link.max_iterations, link.max_evaluations, link.stop, link.workers, link.exchange) == (
        case.get("max_iterations"), case.get("max_evaluations"), case.get("stop"), case.get("workers"), case.get("exchange"))


def test_every_message_quotes_at_most_forty_characters():
    long = "9" * 200_000
    for fn in (values.seed, values.max_seconds, values.size, values.p, parse_spec):
        with pytest.raises(values.ValueProblem) as err:
            fn(long)
        assert len(str(err.value)) < 160 and "(200,000 characters)" in str(err.value)


def test_a_link_round_trips():
    frag = links.encode(PAPERS["sato-01-easy"], "nb_coin", 7, 30.0, {"update": "count", "k": 0.25})
    link = links.decode(frag)
    assert (link.solver, link.seed, link.max_seconds, link.params, link.problems) == (
        "nb_coin", 7, 30.0, {"update": "count", "k": 0.25}, {})


def test_a_link_with_budgets_and_a_stop_point_round_trips():
    frag = links.encode(PAPERS["sato-01-easy"], "nb_coin", 7, 30.0, {}, max_iterations=500, max_evaluations=9000,
                        stop=6430)
    assert "&i=500&ev=9000&stop=6430" in frag
    link = links.decode(frag)
    assert (link.max_seconds, link.max_iterations, link.max_evaluations, link.stop, link.problems) == (
        30.0, 500, 9000, 6430, {})
    assert links.decode(links.encode(PAPERS["sato-01-easy"], "nb_coin", 7, 30.0, {}, stop=0)).stop == 0


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], cwd=ROOT / "py", input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("seed", ["-5", "0x10", "1e3"])
def test_the_cli_reads_seeds_by_the_same_rule(seed):
    r = cli("solve", PAPERS["sato-01-easy"], "--solver", "hill_climb", "--seed", seed)
    assert r.returncode == 2 and "seed must be a whole number from 0" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("seconds", ["1e3", "0", "-1"])
def test_the_cli_reads_the_time_limit_by_the_same_rule(seconds):
    r = cli("solve", PAPERS["sato-01-easy"], "--solver", "hill_climb", "--max-seconds", seconds)
    assert r.returncode == 2 and "time limit must be a number of seconds" in r.stderr


def test_the_cli_refuses_a_parameter_given_twice_and_one_the_puzzle_cannot_take():
    r = cli("solve", PAPERS["sato-01-easy"], "--solver", "hill_climb", "--param", "plateau=3", "--param", "plateau=4")
    assert r.returncode == 2 and "'plateau' is given twice" in r.stderr
    r = cli("solve", SIZES["16x16-vukr-1"], "--solver", "alldiff_tabu", "--param", "filter=hall_sets")
    assert r.returncode == 2 and "16×16" in r.stderr and "Traceback" not in r.stderr


def test_the_cli_replays_a_share_link():
    frag = links.encode(PAPERS["sato-01-easy"], "hill_climb", 4, 30, {"plateau": 12})
    r = cli("solve", "--link", "https://example.test/" + frag, "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["solved"] and d["seed"] == 4 and d["params"]["plateau"] == 12
    bad = cli("solve", "--link", frag.replace("seed=4", "seed=-4"))
    assert bad.returncode == 2 and "seed must be a whole number" in bad.stderr


def test_the_cli_replays_a_link_to_its_stop_point_and_runs_a_step_budget_without_a_time_limit():
    """A link copied after Stop (stop=) replays to that very step; i= alone runs with no time limit."""
    from sudoku_lab.grid import parse
    from sudoku_lab.run import Run
    run = Run(parse(PAPERS["ai-escargot"]), "nb_coin", {}, 2)
    for _ in range(30):
        run.step()
    stopped = run.stop()
    frag = links.encode(PAPERS["ai-escargot"], "nb_coin", 2, 0.001, {}, stop=stopped.iterations)
    d = json.loads(cli("solve", "--link", frag, "--json").stdout)
    assert (d["stop_reason"], d["iterations"], d["board"]) == ("stopped", stopped.iterations, stopped.to_json()["board"])
    frag = links.encode(PAPERS["ai-escargot"], "hill_climb", 2, None, {}, max_iterations=120)
    d = json.loads(cli("solve", "--link", frag, "--json").stdout)
    assert (d["stop_reason"], d["iterations"]) == ("budget", 120)
    bad = cli("solve", PAPERS["ai-escargot"], "--solver", "hill_climb", "--max-iterations", "1e3")
    assert bad.returncode == 2 and "step budget must be a whole number from 1" in bad.stderr


def test_a_generator_link_round_trips_and_the_cli_replays_it():
    frag = links.encode(None, "alldiff_tabu", 3, 20, {}, generator="9:0.5:11")
    assert frag.startswith("#g=9:0.5:11&")
    link = links.decode(frag)
    assert (link.puzzle, link.generator, link.solver, link.seed, link.problems) == (
        None, "9:0.5:11", "alldiff_tabu", 3, {})
    from sudoku_lab.generate import generate
    r = cli("solve", "--link", "https://example.test/" + frag, "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["solved"] and d["seed"] == 3
    made = generate(parse_spec("9:0.5:11"))
    assert all(a == b for a, b in zip(made.puzzle.to_string(), d["board"]) if a != ".")
    bad = cli("solve", "--link", "#g=9:2:11&s=alldiff_tabu")
    assert bad.returncode == 2 and bad.stderr.strip() == "error: link: p must be a number from 0 to 1; got '2'"

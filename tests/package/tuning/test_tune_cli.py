"""`python -m sudoku_lab tune` (docs/design.md, "Tuning by racing"): its output, its JSON, and
bad input as one line naming the field, exit 2."""

import json

import pytest

from sudoku_lab import cli as command

TINY = ["tune", "--generate", "9:0.3:0.3:0.05", "--instances", "6", "--solver", "hill_climb", "--param", "w1=-2:2",
        "--param", "plateau=1:50", "--param", "init=greedy", "--param", "propagate=false", "--param", "post_swap=true",
        "--param", "w2=-1", "--max-evaluations", "3000", "--budget", "150", "--seed", "1", "--quiet"]


def run(capsys, *args):
    code = command.main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_carries_the_elites_the_trace_the_link_and_the_held_out_statistics(capsys):
    code, out, _ = run(capsys, *TINY, "--json", "--held-out-generate", "9:0.45:0.45:0.05", "--held-out-runs", "2")
    result = json.loads(out)
    assert code == 0
    assert result["elites"] and result["link"].startswith("#g=9:0.3:")
    assert {e["event"] for e in result["trace"]} == {"sample", "test", "race"}
    assert result["held_out"]["comparison"]["pairs"][0]["first"] == "tuned"
    assert result["plan"] == {"parameters": 2, "iterations": 3, "survivors": 3, "mu": 5}


def test_text_names_the_elites_the_eliminations_the_link_and_the_held_out_sentence(capsys):
    code, out, _ = run(capsys, *TINY, "--held-out-generate", "9:0.45:0.45:0.05", "--held-out-runs", "2")
    assert code == 0
    assert "elites (best first):" in out and "  1. configuration " in out and " eliminated\n" in out
    assert "(solve --link replays it): #g=9:0.3:" in out
    assert "held out: 1 puzzle × 2 runs each, time in evaluations" in out
    assert "tuned" in out.split("held out:")[1]


@pytest.mark.parametrize("change, message", [
    (["--param", "nope=1"], "error: --param nope: hill_climb has no parameter 'nope'; it has: w1, w2, plateau, "
                            "post_swap, init, propagate"),
    (["--param", "ants=1:5"], "error: --param ants: hill_climb has no parameter 'ants'"),
    (["--param", "w2=-20:1"], "error: --param w2: parameter 'w2' must be between -10 and 10; got -20"),
    (["--param", "w2=1:0"], "error: --param w2: lo must not be above hi; got 1:0"),
    (["--param", "w1=0", "--param", "w1=1"], "error: 'w1' is given twice"),
    (["--budget", "20"], "error: --budget must be a whole number of at least 36; got '20'"),
    (["--budget", "²"], "error: --budget must be a whole number of at least 36; got '²'"),
    (["--held-out-runs", "٣"], "error: --held-out-runs must be a whole number of at least 1; got '٣'"),
    (["--held-out-runs", "0"], "error: --held-out-runs must be a whole number of at least 1; got '0'"),
    (["--resume"], "error: --resume needs --out FILE (the trace to continue)"),
    (["--held-out-generate", "9:2:1:0.1"], "error: --held-out: --generate '9:2:1:0.1': P0 must be between 0 and 1; got '2'"),
])
def test_bad_input_is_one_line_naming_the_field_and_exit_2(capsys, change, message):
    base = ["tune", "--generate", "9:0.3:0.3:0.05", "--solver", "hill_climb", "--param", "init=greedy",
            "--param", "propagate=false", "--param", "post_swap=true", "--param", "plateau=10",
            "--max-evaluations", "100", "--budget", "100", "--quiet"]
    code, out, err = run(capsys, *base, *change)
    assert code == 2 and not out
    assert err.startswith(message) and err.count("\n") == 1


def test_without_an_evaluation_budget_it_says_why_one_is_needed(capsys):
    code, _, err = run(capsys, "tune", "--generate", "9:0.3:0.3:0.05", "--solver", "hill_climb", "--budget", "100")
    assert code == 2 and err.startswith("error: tune needs --max-evaluations E")

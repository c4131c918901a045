"""The command line (docs/design.md, "Command line"), run as a user runs it."""

import json
import subprocess
import sys

from conftest import PAPERS, ROOT

ENV = {"PYTHONPATH": str(ROOT / "py")}


def cli(*args, stdin=None):
    import os
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], capture_output=True, text=True,
                          input=stdin, env={**os.environ, **ENV}, timeout=120)


def test_solvers_json():
    out = json.loads(cli("solvers", "--json").stdout)
    hc = next(s for s in out if s["id"] == "hill_climb")
    assert {p["name"]: p["default"] for p in hc["params"]}["plateau"] == 10


def test_check_counts_solutions_from_stdin_and_file(tmp_path):
    r = cli("check", "-", "--json", stdin=PAPERS["sato-01-easy"])
    d = json.loads(r.stdout)
    assert (d["givens"], d["solutions"], d["size"]) == (38, 1, 9)
    f = tmp_path / "p.sdk"
    f.write_text("# comment\n" + "\n".join(PAPERS["ai-escargot"][i:i + 9] for i in range(0, 81, 9)))
    assert json.loads(cli("check", f"@{f}", "--json").stdout)["solutions"] == 1


def test_solve_json_is_one_object():
    r = cli("solve", PAPERS["sato-11-easy"], "--solver", "hill_climb", "--seed", "2", "--json")
    d = json.loads(r.stdout)
    assert set(d) == {"solver", "seed", "params", "solved", "board", "conflicts", "open_cells", "best",
                      "iterations", "evaluations", "seconds", "stop_reason"}
    assert d["open_cells"] == 0 and d["best"] == 162
    assert d["solved"] and r.returncode == 0 and "." not in d["board"]


def test_bench_json_lines_and_summary(tmp_path):
    f = tmp_path / "set.txt"
    f.write_text(f"{PAPERS['sato-01-easy']} a\n# skip\n{PAPERS['sato-11-easy']} b\n")
    r = cli("bench", str(f), "--solver", "hill_climb", "--runs", "2", "--json", "--jobs", "2")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 5 and rows[-1]["summary"] and rows[-1]["solved"] == 4
    assert sorted((x["puzzle"], x["seed"]) for x in rows[:4]) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_bench_with_a_step_budget_has_no_time_limit_and_ends_every_run_at_the_same_step(tmp_path):
    """docs/design.md, "Command line": --max-iterations without --max-seconds runs with no time
    limit, so two benches of the same runs write the same steps and boards, whatever the load."""
    f = tmp_path / "set.txt"
    f.write_text(f"{PAPERS['ai-escargot']} hard\n")
    runs = []
    for _ in range(2):
        r = cli("bench", str(f), "--solver", "nb_coin", "--runs", "2", "--max-iterations", "30", "--json", "--quiet")
        runs.append([(x["stop_reason"], x["iterations"], x["board"]) for x in map(json.loads, r.stdout.splitlines())
                     if not x.get("summary")])
    assert runs[0] == runs[1] and [x[:2] for x in runs[0]] == [("budget", 30)] * 2
    out = tmp_path / "out.jsonl"
    cli("bench", str(f), "--solver", "nb_coin", "--max-iterations", "30", "--out", str(out), "--quiet")
    header = json.loads(out.read_text().splitlines()[0])
    assert header["experiment"]["budget"] == {"max_iterations": 30, "max_evaluations": None, "max_seconds": None}
    bad = cli("bench", str(f), "--solver", "nb_coin", "--max-evaluations", "0")
    assert bad.returncode == 2 and "evaluation budget must be a whole number from 1" in bad.stderr


def test_bad_input_exits_2_with_one_line():
    for args in (["check", "12345"], ["solve", PAPERS["sato-01-easy"], "--solver", "nope"],
                 ["solve", PAPERS["sato-01-easy"], "--solver", "hill_climb", "--param", "plateau=x"],
                 ["solve", "11" + "." * 79, "--solver", "hill_climb"], ["check", "@/no/such/file"]):
        r = cli(*args)
        assert r.returncode == 2, args
        assert r.stderr.startswith("error: ") and "Traceback" not in r.stderr

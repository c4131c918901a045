"""The command line (docs/design.md, "Command line"), run as a user runs it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_version_is_the_packages_one():
    """--version prints sudoku_lab.__version__, the version pyproject.toml reads for the wheel."""
    import tomllib
    import sudoku_lab
    assert cli("--version").stdout == f"sudoku-lab {sudoku_lab.__version__}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" in project["project"]["dynamic"] and "version" not in project["project"]
    assert (ROOT / project["tool"]["hatch"]["version"]["path"]).resolve() == Path(sudoku_lab.__file__).resolve()


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


def test_solve_and_check_take_a_line_of_the_lab_s_own_lists_puzzle_then_name():
    """A line of puzzles/top95.txt as it stands (the puzzle, then its name) is that puzzle."""
    line = next(ln for ln in (ROOT / "puzzles" / "top95.txt").read_text().splitlines() if ln and ln[0] != "#")
    r = cli("solve", line, "--solver", "exact_search", "--seed", "1", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["solved"]
    checked = cli("check", line)
    assert checked.stdout.startswith(f"Read as one line of characters, then its name '{line.split()[1]}'.")


def test_bench_json_lines_and_summary(tmp_path):
    f = tmp_path / "set.txt"
    f.write_text(f"{PAPERS['sato-01-easy']} a\n# skip\n{PAPERS['sato-11-easy']} b\n")
    r = cli("bench", str(f), "--solver", "hill_climb", "--runs", "2", "--json", "--jobs", "2")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 5 and rows[-1]["summary"] and rows[-1]["solved"] == 4
    assert sorted((x["puzzle"], x["seed"]) for x in rows[:4]) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_bench_of_several_entries_ends_with_their_comparison(tmp_path):
    """docs/design.md, "Comparing entries": the statistics of the records bench printed, as
    an object with --json, as a sentence per pair otherwise."""
    from sudoku_lab import bench
    from sudoku_lab.comparison import compare
    f = tmp_path / "set.txt"
    f.write_text(f"{PAPERS['sato-01-easy']} a\n{PAPERS['ai-escargot']} b\n")
    args = ["bench", str(f), "--solver", "hill_climb", "--solver", "nb_coin", "--solver", "alldiff_tabu",
            "--runs", "3", "--max-iterations", "40", "--quiet"]
    printed = cli(*args, "--json").stdout
    lines = [json.loads(line) for line in printed.splitlines()]
    records = [x for x in lines if "puzzle" in x]
    (tmp_path / "printed.jsonl").write_text(printed)           # as the page's export ends: with the comparison
    assert bench.read_records(tmp_path / "printed.jsonl") == records
    tune = {"tune": {"solver": "hill_climb", "seed": 3}, "result": {"elites": [], "trace": []}}
    (tmp_path / "tuned.jsonl").write_text(printed + json.dumps(tune) + "\n")   # as the page's ends after a tune
    assert bench.read_records(tmp_path / "tuned.jsonl") == records
    groups = {}
    for rec in records:
        groups.setdefault(rec["solver"], []).append(rec)
    assert lines[-1] == {"comparison": json.loads(json.dumps(compare(groups)))}
    assert lines[-1]["comparison"]["friedman"]["puzzles"] == 2
    text = cli(*args).stdout.splitlines()                    # another bench: its seconds, so its sentences, differ
    said = [line for line in text if " against " in line]
    assert len(said) == 3 and all(a in line and b in line for line, (a, b) in
                                  zip(said, [("hill_climb", "nb_coin"), ("hill_climb", "alldiff_tabu"),
                                             ("nb_coin", "alldiff_tabu")]))
    assert text[-1].startswith("Friedman's test over 2 puzzles (on each entry's restricted mean time): chi-square ")


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


BANK = ROOT / "puzzles" / "benchmark"


def test_check_reads_the_field_s_benchmark_format_and_says_so():
    r = cli("check", f"@{BANK / 'inst25x25_50_0.txt'}", "--max-seconds", "2")
    assert r.returncode == 0 and r.stdout.startswith("Read as benchmark format, order 5.")
    d = json.loads(cli("check", f"@{BANK / 'inst9x9_0_0.txt'}", "--json").stdout)
    assert (d["format"], d["size"], d["givens"]) == ("benchmark format, order 3", 9, 23)


def test_a_header_that_disagrees_with_its_rows_is_one_line_naming_both(tmp_path):
    f = tmp_path / "inst.txt"
    f.write_text("5\n1\n" + (BANK / "inst16x16_40_0.txt").read_text().split("\n", 2)[2])
    r = cli("check", f"@{f}")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "header says order 5 (a 25×25" in r.stderr and "256 numbers: a 16×16 (order 4)" in r.stderr


def test_generate_writes_the_benchmark_format_that_reads_back(tmp_path):
    listed = cli("generate", "--size", "16", "--p", "0.45", "--seed", "7").stdout.split()[0]
    text = cli("generate", "--size", "16", "--p", "0.45", "--seed", "7", "--format", "benchmark").stdout
    assert text.splitlines()[:2] == ["4", "1"] and len(text.splitlines()) == 18
    d = json.loads(cli("check", "-", "--json", "--max-seconds", "1", stdin=text).stdout)
    assert d["puzzle"] == listed and d["format"] == "benchmark format, order 4"
    r = cli("generate", "--size", "9", "--p", "0.45", "--count", "2", "--format", "benchmark")
    assert r.returncode == 2 and "--out DIR" in r.stderr


def test_bench_takes_files_and_globs_names_each_file_and_skips_a_bad_one(tmp_path):
    bank = tmp_path / "inst"                   # made by generate --out
    r = cli("generate", "--size", "9", "--p", "0.6", "--seed", "3", "--count", "2", "--format", "benchmark",
            "--out", str(bank))
    assert r.returncode == 0 and r.stdout.split() == [str(bank / "inst9x9_60_3.txt"), str(bank / "inst9x9_60_4.txt")]
    (bank / "broken.txt").write_text("3\n1\n1 2 3\n")
    lst = tmp_path / "set.txt"
    lst.write_text(f"{PAPERS['sato-01-easy']} easy\n")
    r = cli("bench", str(bank / "*.txt"), str(lst), "--solver", "alldiff_tabu", "--runs", "1", "--json",
            "--max-seconds", "20")
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == [f"skipped: {bank / 'broken.txt'} (benchmark format): The header says order 3 "
                                     "(a 9×9: 9 rows of 9 numbers), but the rows below it hold 3 numbers in 1 line."]
    records = [json.loads(line) for line in r.stdout.splitlines()][:-1]
    assert [(x["puzzle"], x["name"], x["file"]) for x in records] == [
        (0, "inst9x9_60_3.txt", str(bank / "inst9x9_60_3.txt")), (1, "inst9x9_60_4.txt", str(bank / "inst9x9_60_4.txt")),
        (2, "easy", str(lst))]
    r = cli("bench", str(bank / "broken.txt"), "--solver", "alldiff_tabu")
    assert r.returncode == 2 and "broken.txt (benchmark format)" in r.stderr


def test_bench_on_several_jobs_without_dask_refuses_before_writing_its_out_file(tmp_path, monkeypatch, capsys):
    from sudoku_lab import cli as command
    monkeypatch.setitem(sys.modules, "dask", None)              # as on a machine without the cluster extra
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    lst, out = tmp_path / "set.txt", tmp_path / "out.jsonl"
    lst.write_text(f"{PAPERS['sato-01-easy']} easy\n")
    code = command.main(["bench", str(lst), "--solver", "hill_climb", "--max-iterations", "5", "--jobs", "2",
                         "--out", str(out)])
    assert code == 2 and capsys.readouterr().err.startswith("error: running on several processes or a cluster needs Dask")
    assert not out.exists(), "nothing written before the refusal"


# every size; from 25×25 up seconds each (check's rating), so in the slow tier
SIDES = (4, 9, 16, *(pytest.param(side, marks=pytest.mark.slow) for side in (25, 36, 49, 64)))
# Each way generate writes puzzles: a list's line, a JSON object, the benchmark format, and lists of them.
GENERATE_FORMATS = {"list line": ["--count", "1"], "json line": ["--json", "--count", "1"],
                    "benchmark": ["--format", "benchmark", "--count", "1"], "list": ["--count", "3"],
                    "json lines": ["--json", "--count", "3"]}


def in_process(capsys, *args):
    """(exit code, stdout, stderr) of the command run here: quicker than a process each."""
    from sudoku_lab import cli as command
    code = command.main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("size", SIDES)
def test_every_format_the_lab_writes_reads_back_in_check_solve_and_bench(size, tmp_path, capsys):
    """generate's formats, check's grid and check --json, at every size: check and solve read the
    first puzzle (a list's saying so), bench every puzzle with its name (the page's readers:
    tests/js/rules.test.mjs)."""
    made = [json.loads(line) for line in in_process(capsys, "generate", "--size", size, "--p", "0.5", "--seed", 1,
                                                     "--count", 3, "--json")[1].splitlines()]
    texts = {name: in_process(capsys, "generate", "--size", size, "--p", "0.5", "--seed", 1, *flags)[1]
             for name, flags in GENERATE_FORMATS.items()}
    code, shown, _ = in_process(capsys, "check", texts["list line"], "--max-seconds", "0.05")
    texts["check's grid"] = shown.split("\n\n")[1]
    texts["check --json"] = in_process(capsys, "check", texts["list line"], "--max-seconds", "0.05", "--json")[1]
    for name, text in texts.items():
        f = tmp_path / f"{name}.txt"
        f.write_text(text)
        count = 3 if name in ("list", "json lines") else 1
        code, out, err = in_process(capsys, "check", f"@{f}", "--json", "--max-seconds", "0.05")
        assert (code, json.loads(out)["puzzle"]) == (0, made[0]["puzzle"]), (name, err)
        code, out, err = in_process(capsys, "solve", f"@{f}", "--solver", "alldiff_ls", "--max-iterations", 1, "--json")
        assert code in (0, 1) and json.loads(out)["solver"] == "alldiff_ls", (name, err)
        assert ("Read as the first of 3 puzzles of a list" in err) == (count == 3), name
        code, out, err = in_process(capsys, "bench", f, "--solver", "alldiff_ls", "--max-iterations", 1, "--json")
        names = [r["name"] for r in map(json.loads, out.splitlines()) if "summary" not in r]
        by_file = name in ("benchmark", "check's grid")            # one puzzle a file, named by the file
        assert (code, names) == (0, [f.name] if by_file else ["line 1"] if name == "check --json"
                                 else [m["spec"] for m in made[:count]]), (name, err)


def test_a_file_that_is_not_text_is_one_line_and_exit_2(tmp_path, capsys):
    f = tmp_path / "random.bin"
    f.write_bytes(bytes(range(256)) * 12)                        # 3 KB that is no UTF-8
    for args in (["check", f"@{f}"], ["solve", f"@{f}", "--solver", "hill_climb"]):
        code, out, err = in_process(capsys, *args)
        assert (code, out, err) == (2, "", f"error: cannot read {f}: it is not text (UTF-8)\n"), args


def test_a_list_given_as_the_puzzle_is_its_first_puzzle_and_said_so(tmp_path, capsys):
    f = tmp_path / "three.txt"
    lines = [ln for ln in (ROOT / "puzzles" / "top95.txt").read_text().splitlines() if ln and ln[0] != "#"][:3]
    f.write_text("\n".join(lines) + "\n")
    said = "Read as the first of 3 puzzles of a list, named 'top95-1' (bench and the Experiment view run a whole list)."
    code, out, _ = in_process(capsys, "check", f"@{f}", "--max-seconds", "0.5")
    assert code == 0 and out.startswith(said + "\n")
    code, out, err = in_process(capsys, "solve", f"@{f}", "--solver", "exact_search", "--json")
    assert code == 0 and err == said + "\n"
    assert json.loads(out)["board"].startswith(lines[0][:1])


def test_a_file_given_without_its_at_sign_is_hinted_at(tmp_path, capsys):
    f = tmp_path / "set.txt"
    f.write_text(PAPERS["sato-01-easy"] + "\n")
    for given in (str(f), "/path/file.txt", "set.txt"):
        code, _, err = in_process(capsys, "solve", given, "--solver", "hill_climb")
        assert code == 2 and err.endswith(f" To read the file {given}, write @{given}.\n"), err
    for wrong in ("1234", "x" * 5000):                          # a puzzle that is only wrong gets no hint
        code, _, err = in_process(capsys, "check", wrong)
        assert code == 2 and err.startswith("error: puzzle: ") and "@" not in err

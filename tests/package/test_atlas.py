"""sudoku_lab.atlas and bench/atlas.py: records pooled into the atlas (held to the cases the page's
static/rules/atlas.js is held to), the shipped file built from a tiny synthetic bench output,
byte for byte the same twice, and its Markdown table."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_lab import atlas

from conftest import ROOT

SHARED = json.loads((ROOT / "tests" / "atlas_cases.json").read_text())
CASES = SHARED["cases"]
STATES = SHARED["states"]


def same(a, b):
    """Equal, numbers within rounding (the cases' rates are written as JSON prints them)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        return math.isclose(a, b, abs_tol=1e-12)
    return a == b


@pytest.mark.parametrize("case", CASES, ids=[c["what"][:40] for c in CASES])
def test_aggregate_follows_the_cases(case):
    got = atlas.aggregate(case["records"], entries=case["entries"])
    assert same(got, case["expect"]), json.dumps(got, indent=1)


def state_of(atlas_, q):
    """A state as the cases write it: {size, p, entry, state, rate (ran) or why (not_run)}."""
    state, got = atlas.cell_state(atlas_, q["size"], q["p"], q["entry"])
    extra = {"rate": got["rate"]} if state == "ran" else {"why": got} if state == "not_run" else {}
    return {"size": q["size"], "p": q["p"], "entry": q["entry"], "state": state, **extra}


@pytest.mark.parametrize("case", STATES, ids=[c["what"][:40] for c in STATES])
def test_cell_state_follows_the_cases(case):
    assert [state_of(case["atlas"], q) for q in case["expect"]] == case["expect"]
    older = {k: v for k, v in case["atlas"].items() if k != "not_run"}
    assert [state_of(older, q) for q in case["without_not_run"]] == case["without_not_run"]


def run(solver, name, solved, seconds, stop_reason=None, params=None):
    index = ["9:0.4:0", "9:0.4:1", "9:0.5:0", "9:0.5:1"].index(name)      # a run is named by its puzzle's index
    return {"puzzle": index, "name": name, "file": None, "solver": solver, "seed": 0, "params": params or {},
            "solved": solved, "seconds": seconds, "iterations": 3, "evaluations": 3,
            "stop_reason": stop_reason or ("solved" if solved else "budget")}


HEADER = {"experiment": {"entries": [{"solver": "acs", "params": {}, "seed": 0},
                                     {"solver": "alldiff_tabu", "params": {"propagate": True}, "seed": 0}],
                         "runs": 1, "seed": 0, "budget": {"max_iterations": None, "max_evaluations": None, "max_seconds": 2.0},
                         "puzzles": 4, "puzzles_sha256": "0", "generate": ["9:0.4:0.5:0.1"], "instances": 2, "clock": "cpu"}}


def write_output(path, records, header=HEADER):
    path.write_text("\n".join(json.dumps(x) for x in [header, *records]) + "\n")


RECORDS = [run("acs", "9:0.4:0", True, 0.02), run("acs", "9:0.4:1", False, 2.0),
           run("alldiff_tabu", "9:0.4:0", True, 0.05, params={"propagate": True}),
           run("alldiff_tabu", "9:0.4:1", True, 0.07, params={"propagate": True}),
           run("acs", "9:0.5:0", True, 0.01), run("acs", "9:0.5:1", True, 0.03),
           run("alldiff_tabu", "9:0.5:0", True, 0.2, params={"propagate": True}),
           run("alldiff_tabu", "9:0.5:1", False, 0.0, "error", params={"propagate": True})]


def test_build_takes_what_ran_from_the_header_and_names_entries_by_their_changed_parameters(tmp_path):
    src = tmp_path / "sweep.jsonl"
    write_output(src, RECORDS)
    experiment, records = atlas.read_output(src)
    data = atlas.build(experiment, records, "bench/results/sweep.jsonl")
    assert data["budget"] == {"max_seconds": 2.0, "max_iterations": None, "max_evaluations": None}
    assert (data["clock"], data["instances"], data["runs"]) == ("cpu", 2, 1)
    assert data["command"] == ("python -m sudoku_lab bench --generate 9:0.4:0.5:0.1 --solver acs "
                               "--solver alldiff_tabu:propagate=true --instances 2 --runs 1 --max-seconds 2 --cpu-time")
    assert data["entries"] == ["acs", "alldiff_tabu:propagate=true"]
    assert (data["sizes"], data["ps"]) == ([9], [0.4, 0.5])
    fastest = {(f["size"], f["p"]): (f["entry"], f["solved"]) for f in data["fastest"]}
    # at 0.4 the tabu entry solved both runs (acs one): success first; at 0.5 its error is not judged,
    # so both solved every judged run and acs's median (0.02 s) beats 0.2 s
    assert fastest == {(9, 0.4): ("alldiff_tabu:propagate=true", 2), (9, 0.5): ("acs", 2)}
    cell = {(c["p"], c["entry"]): c for c in data["cells"]}
    assert cell[(0.4, "acs")]["rate"] == 0.5 and cell[(0.4, "acs")]["median_seconds"] == 0.02
    assert cell[(0.5, "alldiff_tabu:propagate=true")]["errors"] == 1


def test_the_script_writes_the_same_bytes_twice_and_prints_the_table(tmp_path):
    src = tmp_path / "sweep.jsonl"
    write_output(src, RECORDS)
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "atlas.py"), str(src), "--out", str(out)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert data["results"] == "sweep.jsonl"                    # outside the repository: its name only
    table = subprocess.run([sys.executable, str(ROOT / "bench" / "atlas.py"), "--markdown", str(tmp_path / "a.json")],
                           capture_output=True, text=True, check=True).stdout
    assert "| 9×9 | 0.4 | 1/2, 0.02 s | 2/2, 0.06 s | alldiff_tabu:propagate=true (2) |" in table
    assert "budget: max_seconds 2 (CPU seconds)" in table


def test_a_file_without_a_sweep_header_is_one_line_naming_it(tmp_path):
    src = tmp_path / "plain.jsonl"
    src.write_text(json.dumps(RECORDS[0]) + "\n")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "atlas.py"), str(src), "--out", str(tmp_path / "x.json")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == f"{src}, line 1: no experiment header (write the sweep with `bench --out`)"


def test_the_shipped_atlas_is_what_its_records_make():
    shipped = json.loads((ROOT / "data" / "atlas.json").read_text())
    names = shipped["results"] if isinstance(shipped["results"], list) else [shipped["results"]]
    parts = [(*atlas.read_output(ROOT / name), name) for name in names]
    assert atlas.dumps(atlas.build_many(parts)) == (ROOT / "data" / "atlas.json").read_text()


def test_sweeps_of_several_sizes_pool_into_one_atlas_and_one_that_ran_otherwise_is_refused(tmp_path):
    small, large = tmp_path / "s9.jsonl", tmp_path / "s16.jsonl"
    write_output(small, RECORDS)
    big = [{**r, "name": r["name"].replace("9:", "16:", 1)} for r in RECORDS]
    write_output(large, big)
    text = large.read_text().replace('"instances": 2', '"instances": 3').replace('9:0.4:0.5:0.1', '16:0.4:0.5:0.1')
    large.write_text(text)
    parts = [(*atlas.read_output(small), "s9.jsonl"), (*atlas.read_output(large), "s16.jsonl")]
    data = atlas.build_many(parts)
    assert data["sizes"] == [9, 16] and data["results"] == ["s9.jsonl", "s16.jsonl"]
    assert data["instances"] == {"9": 2, "16": 3}
    assert data["command"].count("python -m sudoku_lab bench") == 2 and "--generate 16:0.4:0.5:0.1" in data["command"]
    assert "2 at 9×9, 3 at 16×16 instances" in atlas.markdown(data)
    large.write_text(text.replace('"max_seconds": 2.0', '"max_seconds": 3.0'))
    with pytest.raises(atlas.AtlasProblem, match="s16.jsonl: its budget differ from s9.jsonl's"):
        atlas.build_many([parts[0], (*atlas.read_output(large), "s16.jsonl")])


def test_docs_benchmarks_holds_the_shipped_atlas_as_bench_atlas_py_prints_it():
    shipped = json.loads((ROOT / "data" / "atlas.json").read_text())
    docs = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    section = docs.split("\n## The atlas: where each solver wins\n", 1)[1].split("\n## ", 1)[0]
    assert atlas.markdown(shipped) in section, "rerun: python3 bench/atlas.py --markdown, and paste it into docs/benchmarks.md"


def sized(records, size):
    """The records as a sweep of another size made them."""
    return [{**r, "name": r["name"].replace("9:", f"{size}:", 1)} for r in records]


def sweep_at(path, size, records, drop=(), **changes):
    """A sweep file of one size whose header leaves out the entries of the solvers in ``drop``."""
    experiment = {**HEADER["experiment"], "generate": [f"{size}:0.4:0.5:0.1"], **changes}
    experiment["entries"] = [e for e in experiment["entries"] if e["solver"] not in drop]
    write_output(path, [r for r in sized(records, size) if r["solver"] not in drop], {"experiment": experiment})
    return (*atlas.read_output(path), path.name)


EXACT = {"solver": "exact_search", "params": {}, "seed": 0}
EXACT_RUNS = [run("exact_search", "9:0.4:0", True, 0.01), run("exact_search", "9:0.4:1", True, 0.01),
              run("exact_search", "9:0.5:0", True, 0.01), run("exact_search", "9:0.5:1", True, 0.01)]


def test_a_sweep_without_an_entry_that_cannot_run_its_size_pools_and_says_so(tmp_path):
    """alldiff_tabu runs up to 49×49 (its MAX_SIDE): a 64×64 sweep runs the others. The atlas's
    entries are the union, its cells at 64×64 are absent and not_run says why, the fastest there
    is among the entries that ran, and the table says "not run" where a failed run says 0/n."""
    three = {"entries": [*HEADER["experiment"]["entries"], EXACT]}
    small = sweep_at(tmp_path / "s9.jsonl", 9, RECORDS + EXACT_RUNS, **three)
    large = sweep_at(tmp_path / "s64.jsonl", 64, RECORDS + EXACT_RUNS, drop=("alldiff_tabu",), **three)
    data = atlas.build_many([small, large])
    tabu = "alldiff_tabu:propagate=true"
    assert data["entries"] == ["acs", tabu, "exact_search"]
    assert data["not_run"] == {tabu: {"sizes": [64], "why": "alldiff_tabu runs up to 49×49"}}
    assert not [c for c in data["cells"] if c["size"] == 64 and c["entry"] == tabu]
    assert atlas.cell_state(data, 64, 0.4, tabu) == ("not_run", "alldiff_tabu runs up to 49×49")
    assert atlas.cell_state(data, 64, 0.4, "acs")[0] == "ran"
    fastest = {(f["size"], f["p"]): f["entry"] for f in data["fastest"]}
    assert fastest[(9, 0.4)] == fastest[(9, 0.5)] == "exact_search"      # 0.01 s, every run solved
    assert fastest[(64, 0.4)] == fastest[(64, 0.5)] == "exact_search"
    assert list(data).index("not_run") == list(data).index("entries") + 1
    assert "not_run" in data["about"]
    assert "--solver alldiff_tabu" not in data["command"].split("; ")[1]
    table = atlas.markdown(data)
    assert "| 64×64 | 0.4 | 1/2, 0.02 s | not run | 2/2, 0.01 s | exact_search (2) |" in table
    assert f"Not run: {tabu} at 64×64 (alldiff_tabu runs up to 49×49)." in table
    # written and read back, the same atlas; the script's table says the same
    out = tmp_path / "atlas.json"
    out.write_text(atlas.dumps(data))
    assert json.loads(out.read_text()) == data
    printed = subprocess.run([sys.executable, str(ROOT / "bench" / "atlas.py"), "--markdown", str(out)],
                             capture_output=True, text=True, check=True).stdout
    assert printed == table


def test_an_entry_missing_for_no_size_limit_is_said_left_out_and_a_new_one_comes_last(tmp_path):
    small = sweep_at(tmp_path / "s9.jsonl", 9, RECORDS, drop=("acs",))
    large = sweep_at(tmp_path / "s16.jsonl", 16, RECORDS)
    data = atlas.build_many([small, large])
    assert data["entries"] == ["alldiff_tabu:propagate=true", "acs"]
    assert data["not_run"] == {"acs": {"sizes": [9], "why": "left out of the sweep at this size"}}
    assert atlas.cell_state(data, 9, 0.4, "acs") == ("not_run", "left out of the sweep at this size")


def test_an_atlas_without_not_run_reads_as_before_and_nothing_missing_writes_no_such_key(tmp_path):
    shipped = json.loads((ROOT / "data" / "atlas.json").read_text())
    older = {k: v for k, v in shipped.items() if k != "not_run"}           # as files were before the key
    table = atlas.markdown(older)
    assert "not run" not in table and "Not run" not in table
    assert all(atlas.cell_state(older, c["size"], c["p"], c["entry"]) == ("ran", c) for c in older["cells"][:50])
    data = atlas.build_many([sweep_at(tmp_path / "s9.jsonl", 9, RECORDS), sweep_at(tmp_path / "s16.jsonl", 16, RECORDS)])
    assert "not_run" not in data and "not_run" not in data["about"]


@pytest.mark.parametrize("change, words", [
    ({"budget": {"max_iterations": None, "max_evaluations": None, "max_seconds": 3.0}}, "its budget differ"),
    ({"clock": "wall"}, "its clock differ"),
    ({"runs": 2}, "its runs differ"),
    ({"entries": [{"solver": "acs", "params": {"ants": 20}, "seed": 0},
                  {"solver": "alldiff_tabu", "params": {"propagate": True}, "seed": 0}]}, r"its entries differ .*\(acs ran otherwise\)"),
])
def test_a_sweep_missing_an_entry_is_still_refused_when_it_ran_otherwise(tmp_path, change, words):
    small = sweep_at(tmp_path / "s9.jsonl", 9, RECORDS, entries=[*HEADER["experiment"]["entries"], EXACT])
    large = sweep_at(tmp_path / "s49.jsonl", 49, RECORDS, **change)
    with pytest.raises(atlas.AtlasProblem, match=f"s49.jsonl: {words}"):
        atlas.build_many([small, large])


def test_files_of_one_size_pool_when_an_entry_ran_apart_on_the_same_instances(tmp_path):
    """exact_search run at 49×49 after the others, in a file of its own (bench's header of one
    entry): its cells join that size's, no entry is not run, and the command and results name
    the three files."""
    three = {"entries": [*HEADER["experiment"]["entries"], EXACT]}
    small = sweep_at(tmp_path / "s9.jsonl", 9, RECORDS + EXACT_RUNS, **three)
    large = sweep_at(tmp_path / "s49.jsonl", 49, RECORDS + EXACT_RUNS, drop=("exact_search",), **three)
    one = {k: v for k, v in HEADER["experiment"].items() if k != "entries"}       # bench's header of one entry
    write_output(tmp_path / "s49x.jsonl", sized(EXACT_RUNS, 49),
                 {"experiment": {**one, "solver": "exact_search", "params": {}, "generate": ["49:0.4:0.5:0.1"]}})
    apart = (*atlas.read_output(tmp_path / "s49x.jsonl"), "s49x.jsonl")
    data = atlas.build_many([small, large, apart])
    assert data["entries"] == ["acs", "alldiff_tabu:propagate=true", "exact_search"] and "not_run" not in data
    assert atlas.cell_state(data, 49, 0.4, "exact_search") == ("ran", next(
        c for c in data["cells"] if (c["size"], c["p"], c["entry"]) == (49, 0.4, "exact_search")))
    assert [c["runs"] for c in data["cells"] if c["size"] == 49] == [2] * 6
    assert {(f["p"], f["entry"]) for f in data["fastest"] if f["size"] == 49} == {(0.4, "exact_search"), (0.5, "exact_search")}
    assert data["generate"] == ["9:0.4:0.5:0.1", "49:0.4:0.5:0.1"] and data["instances"] == 2
    assert data["results"] == ["s9.jsonl", "s49.jsonl", "s49x.jsonl"]
    assert data["command"].split("; ")[2].count("--solver") == 1 and "--solver exact_search" in data["command"].split("; ")[2]
    assert "| 49×49 | 0.4 | 1/2, 0.02 s | 2/2, 0.06 s | 2/2, 0.01 s | exact_search (2) |" in atlas.markdown(data)


@pytest.mark.parametrize("apart_changes, words", [
    ({"instances": 3}, r"s49x.jsonl: its 49×49 instances differ from s49.jsonl's"),
    ({"generate": ["49:0.4:0.6:0.1"]}, r"s49x.jsonl: its 49×49 instances differ from s49.jsonl's"),
    ({}, r"s49x.jsonl: it ran acs at 49×49 as s49.jsonl did"),
])
def test_files_of_one_size_are_refused_over_other_instances_or_an_entry_run_twice(tmp_path, apart_changes, words):
    three = {"entries": [*HEADER["experiment"]["entries"], EXACT]}
    large = sweep_at(tmp_path / "s49.jsonl", 49, RECORDS + EXACT_RUNS, drop=("exact_search",), **three)
    drop = ("alldiff_tabu",) if not apart_changes else ("acs", "alldiff_tabu")
    apart = sweep_at(tmp_path / "s49x.jsonl", 49, RECORDS + EXACT_RUNS, drop=drop, **{**three, **apart_changes})
    with pytest.raises(atlas.AtlasProblem, match=words):
        atlas.build_many([large, apart])

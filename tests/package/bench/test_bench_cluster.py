"""`bench` as a research batch: the same records serially and on Dask, streamed
to a file, resumed after a kill, surviving a dead worker, on an external cluster, and clear
about bad input."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import PAPERS, ROOT
from sudoku_lab import bench
from sudoku_lab.run import Budget

pytestmark = pytest.mark.slow  # Dask clusters and bench subprocesses (build.py test --fast leaves them out)

ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
DASK = str(Path(sys.executable).parent / "dask")
# AI Escargot with one given changed: no solution, so a run always uses its whole budget
UNSOLVABLE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
SAME = ("solved", "iterations", "evaluations", "board", "conflicts", "open_cells", "stop_reason", "restarts", "best")


def cli(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], capture_output=True, text=True,
                          env=ENV, timeout=timeout, cwd=ROOT)


def bench_here(capsys, *args) -> subprocess.CompletedProcess:
    """The command run in this process, for input it refuses before any run (a process of its
    own costs a second of start-up); its exit code and output as `cli` gives them."""
    from sudoku_lab import cli as command
    code = command.main(list(args))
    out = capsys.readouterr()
    return subprocess.CompletedProcess(args, code, out.out, out.err)


def puzzle_file(tmp_path, lines):
    f = tmp_path / "set.txt"
    f.write_text("".join(line + "\n" for line in lines))
    return f


def by_job_of_entry(records):
    return {(r["solver"], json.dumps(r["params"], sort_keys=True), r["puzzle"], r["seed"]): {k: r[k] for k in SAME}
            for r in records}


def by_job(records):
    return {(r["puzzle"], r["seed"]): {k: r[k] for k in SAME} for r in records}


def test_a_local_cluster_of_two_workers_gives_the_serial_records(tmp_path):
    f = puzzle_file(tmp_path, [PAPERS["sato-01-easy"] + " a", PAPERS["sato-27-medium"] + " b",
                               PAPERS["sato-77-difficult"] + " c"])
    serial = cli("bench", str(f), "--solver", "hill_climb", "--runs", "4", "--json", "--max-iterations", "3000")
    dask = cli("bench", str(f), "--solver", "hill_climb", "--runs", "4", "--json", "--jobs", "2",
               "--max-iterations", "3000", "--out", str(tmp_path / "d.jsonl"))
    assert serial.returncode == 0 and dask.returncode == 0, dask.stderr[-2000:]
    s_rows = [json.loads(x) for x in serial.stdout.splitlines()]
    d_rows = bench.read_records(tmp_path / "d.jsonl")
    assert len(d_rows) == 12 and by_job(s_rows[:-1]) == by_job(d_rows)
    assert json.loads(dask.stdout)["solved"] == s_rows[-1]["solved"]     # the summary, from the file


def test_a_visitors_solver_file_runs_on_a_local_cluster_as_serially(tmp_path):
    """`bench --solver-file` on Dask: the file's text travels with each job, and every record
    (moves, board, the file's name and the sha256 of its text) is the serial run's."""
    import hashlib
    text = (ROOT / "py" / "sudoku_lab" / "templates" / "min_conflicts.py").read_text()
    mine = tmp_path / "my_solver.py"
    mine.write_text(text)
    f = puzzle_file(tmp_path, [PAPERS["sato-01-easy"] + " a", PAPERS["sato-27-medium"] + " b"])
    args = ("bench", str(f), "--solver-file", str(mine), "--runs", "2", "--json", "--max-iterations", "3000")
    serial = cli(*args)
    dask = cli(*args, "--jobs", "2", "--out", str(tmp_path / "d.jsonl"))
    assert serial.returncode == 0 and dask.returncode == 0, dask.stderr[-2000:]
    s_rows = [json.loads(x) for x in serial.stdout.splitlines()][:-1]
    d_rows = bench.read_records(tmp_path / "d.jsonl")
    assert len(d_rows) == 4 and by_job(s_rows) == by_job(d_rows)
    sha = hashlib.sha256(text.encode()).hexdigest()
    assert all((r["solver"], r["solver_file"], r["solver_sha256"]) == ("own", "my_solver.py", sha) for r in d_rows)


def test_records_stream_to_the_file_and_a_killed_bench_resumes_with_every_job_once(tmp_path):
    f = puzzle_file(tmp_path, [PAPERS["sato-27-medium"] + " a", PAPERS["sato-29-medium"] + " b"])
    out = tmp_path / "out.jsonl"
    args = ["bench", str(f), "--solver", "nb_coin", "--runs", "6", "--max-iterations", "100", "--out", str(out),
            "--quiet"]
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_lab", *args], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while time.time() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 4):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)                  # a killed machine: no chance to clean up
    proc.wait()
    kept = bench.read_records(out)
    assert 3 <= len(kept) < 12, "killed mid-way, with the finished runs already on disk"
    again = cli("bench", *args[1:], "--resume")
    assert again.returncode == 0, again.stderr
    records = bench.read_records(out)
    keys = [(r["puzzle"], r["seed"]) for r in records]
    assert sorted(keys) == [(p, s) for p in range(2) for s in range(6)]
    raw = [json.loads(x) for x in out.read_text().splitlines()[1:] if x.startswith("{")]
    assert len(raw) == 12, "no job ran twice"
    assert {k: v for k, v in by_job(kept).items()} == {k: by_job(records)[k] for k in by_job(kept)}
    summary = json.loads(cli("bench", *args[1:], "--resume", "--json").stdout)
    assert summary["runs"] == 12, "a finished file resumes to nothing more and the same summary"


def dask_default_port_taken():
    """A listener on Dask's default HTTP port, as another cluster on the machine holds it (None if
    something already does): bench's cluster must not warn about it beside its one line."""
    listener = socket.socket()
    try:
        listener.bind(("", 8787))
        listener.listen()
        return listener
    except OSError:
        listener.close()
        return None


def test_ctrl_c_on_a_local_cluster_is_one_line_naming_the_runs_saved_and_the_resume_command(tmp_path):
    """Ctrl-C in a terminal reaches the whole process group: bench's Dask workers included; with
    another cluster's port taken, still one line."""
    taken = dask_default_port_taken()
    try:
        ctrl_c_on_a_local_cluster(tmp_path)
    finally:
        if taken:
            taken.close()


def ctrl_c_on_a_local_cluster(tmp_path):
    f = puzzle_file(tmp_path, [PAPERS["sato-27-medium"] + " a", PAPERS["sato-29-medium"] + " b"])
    out = tmp_path / "out.jsonl"
    args = ["bench", str(f), "--solver", "hill_climb", "--runs", "5", "--max-seconds", "0.5", "--jobs", "2",
            "--out", str(out), "--quiet"]
    # a terminal's process takes Ctrl-C by default: a suite started in the background (a shell's `&`)
    # passes its children SIGINT ignored, and bench then never hears it (it ran to its end: exit 0)
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_lab", *args], env=ENV, cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 120
    while time.time() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)                    # as a terminal's Ctrl-C: to every process of the group
    stdout, stderr = proc.communicate(timeout=120)
    saved = len(bench.read_records(out))
    assert proc.returncode == 130 and stdout == ""
    assert stderr.splitlines() == [f"interrupted: {saved} of 10 runs saved in {out}; to continue: "
                                   f"python -m sudoku_lab {' '.join(args)} --resume"], "one line, no worker traceback"
    assert 2 <= saved < 10
    again = cli(*stderr.split("to continue: python -m sudoku_lab ")[1].split())
    assert again.returncode == 0, again.stderr
    assert sorted((r["puzzle"], r["seed"]) for r in bench.read_records(out)) == [(p, s) for p in range(2) for s in range(5)]


def test_a_resume_file_of_another_experiment_is_refused(tmp_path):
    f = puzzle_file(tmp_path, [PAPERS["sato-01-easy"]])
    out = tmp_path / "o.jsonl"
    assert cli("bench", str(f), "--solver", "hill_climb", "--runs", "2", "--out", str(out)).returncode == 0
    r = cli("bench", str(f), "--solver", "alldiff_tabu", "--runs", "2", "--out", str(out), "--resume")
    assert r.returncode == 2 and "another experiment" in r.stderr and "hill_climb" in r.stderr
    r = cli("bench", str(f), "--solver", "hill_climb", "--runs", "2", "--out", str(out))
    assert r.returncode == 2 and "--resume" in r.stderr
    (tmp_path / "x.jsonl").write_text('{"something": 1}\n')
    r = cli("bench", str(f), "--solver", "hill_climb", "--out", str(tmp_path / "x.jsonl"), "--resume")
    assert r.returncode == 2 and "no experiment header" in r.stderr


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    good = PAPERS["sato-01-easy"]
    f = puzzle_file(tmp_path, [good + " ok", "# fine", good[:75] + " short"])
    r = bench_here(capsys, "bench", str(f), "--solver", "hill_climb")
    assert r.returncode == 2 and "Line 3" in r.stderr and "Found 75 cells" in r.stderr
    assert "Traceback" not in r.stderr
    f2 = puzzle_file(tmp_path, [good])
    r = bench_here(capsys, "bench", str(f2), "--solver", "nope")
    assert r.returncode == 2 and "unknown solver 'nope'" in r.stderr
    t0 = time.time()
    port = free_port()
    r = cli("bench", str(f2), "--solver", "hill_climb", "--scheduler", f"tcp://127.0.0.1:{port}", timeout=60)
    assert r.returncode == 2 and "cannot reach the Dask scheduler" in r.stderr
    assert time.time() - t0 < 20
    print(f"unreachable scheduler reported after {time.time() - t0:.1f} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_cluster(folder, scheduler_env, worker_envs):
    """`dask scheduler` and one `dask worker` per environment on localhost, as a user would
    start them, each in `folder`; (address, scheduler and worker processes). Workers and client
    retry their connection until the scheduler listens: no fixed wait for it."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--dashboard-address", ":0", "--no-show"], env=scheduler_env, cwd=folder,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers = [subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--nworkers", "1",
                                 "--no-dashboard", "--name", f"w{i}"], env=env, cwd=folder,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for i, env in enumerate(worker_envs)]
    from dask.distributed import Client
    with Client(address, timeout="30s") as c:
        c.wait_for_workers(len(workers), timeout=60)
    return address, [scheduler, *workers]


def stop_cluster(procs):
    for p in procs:
        p.kill()
        p.wait()


def a_killed_worker_has_its_runs_finished_by_another(tmp_path, address, workers):
    """On an external cluster, one of its two workers killed mid-way through the runs (two of six
    recorded, each worker busy with one): the other finishes them, every run once."""
    f = puzzle_file(tmp_path, [UNSOLVABLE + " unsolvable"])
    out = tmp_path / "ext.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_lab", "bench", str(f), "--solver", "hill_climb",
                             "--runs", "6", "--max-seconds", "0.5", "--scheduler", address, "--out", str(out),
                             "--quiet", "--json"], env=ENV, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.time() + 60
    while time.time() < deadline and len(bench.read_records(out) if out.exists() else []) < 2:
        time.sleep(0.05)
    workers[0].kill()                                   # mid-way through its next run
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr[-2000:]
    records = bench.read_records(out)
    assert sorted(r["seed"] for r in records) == list(range(6))
    assert all(r["stop_reason"] == "budget" for r in records)
    assert json.loads(stdout.splitlines()[-1])["runs"] == 6


def test_the_harness_is_what_the_cli_and_scripts_use():
    exp = bench.Experiment([(PAPERS["sato-01-easy"], "a")], "hill_climb", {"plateau": "12"}, 2, 5,
                           Budget(max_iterations=100))
    jobs = exp.jobs()
    assert [(j.puzzle, j.seed) for j in jobs] == [(0, 5), (0, 6)] and dict(jobs[0].params)["plateau"] == 12
    assert [len(b) for b in bench.batches(jobs * 200, 2)] == [20] * 20
    with pytest.raises(bench.BenchError, match="16×16"):
        from conftest import SIZES
        bench.Experiment([(SIZES["16x16-vukr-1"], "big")], "alldiff_tabu", {"filter": "hall_sets"})


def test_a_record_has_the_record_fields_in_order(papers):
    from sudoku_lab.run import Run
    result = Run(papers["sato-01-easy"], "hill_climb", {}, 0, Budget(max_iterations=5)).finish()
    rec = bench.record(3, "easy", result)
    assert tuple(rec) == bench.RECORD_FIELDS
    assert (rec["puzzle"], rec["name"]) == (3, "easy")


# ---------------------------------------------------------------------------- generated sets, several entries, clusters without the package

BARE = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}     # sudoku_lab not importable


def test_a_generated_set_is_named_by_spec_counted_and_reproducible():
    from sudoku_lab.generate import generate
    size, ps = bench.parse_generate("16:0:1:0.05")
    assert size == 16 and len(ps) == 21 and ps[:3] == ["0", "0.05", "0.1"] and ps[-1] == "1"
    assert bench.parse_generate("9:0:0.3:0.1")[1] == ["0", "0.1", "0.2", "0.3"], "no float drift past 0.3"
    puzzles = bench.generated_puzzles(["9:0.25:0.75:0.25"], 3, seed=5)
    assert [n for _, n in puzzles] == [f"9:{p}:{s}" for p in ("0.25", "0.5", "0.75") for s in (5, 6, 7)]
    for text, name in puzzles:
        size, p, seed = bench.spec_of(name)
        assert text == generate(size, p, seed).puzzle.to_string()
        assert sum(c != "." for c in text) == int(p * 81 + 0.5), "exactly round(p·N²) givens, halves up"
    assert bench.generated_puzzles(["9:0.25:0.75:0.25"], 3, seed=5) == puzzles
    both = bench.generated_puzzles(["9:0.25:0.5:0.25", "9:0.5:0.75:0.25"], 3, seed=5)
    assert both == puzzles, "overlapping sets hold each instance once"
    assert bench.spec_of("sato-01-easy") is None and bench.spec_of("25:0.45:7") == (25, 0.45, 7)


def test_bench_generate_writes_an_output_that_names_its_set_and_resumes(tmp_path):
    out = tmp_path / "g.jsonl"
    args = ["bench", "--generate", "9:0.4:0.6:0.2", "--instances", "2", "--seed", "3", "--solver", "hill_climb",
            "--runs", "2", "--max-seconds", "5", "--out", str(out), "--json"]
    r = cli(*args)
    assert r.returncode == 0, r.stderr[-2000:]
    header = json.loads(out.read_text().splitlines()[0])["experiment"]
    assert header["generate"] == ["9:0.4:0.6:0.2"] and header["instances"] == 2 and header["seed"] == 3
    records = bench.read_records(out)
    assert sorted((r["name"], r["seed"]) for r in records) == \
        sorted((f"9:{p}:{i}", s) for p in ("0.4", "0.6") for i in (3, 4) for s in (3, 4))
    again = cli(*args, "--resume")
    assert again.returncode == 0 and json.loads(again.stdout)["runs"] == 8
    assert len(out.read_text().splitlines()) == 9, "a finished file: nothing re-run"
    other = cli(*[a if a != "2" else "3" for a in args[:5]], *args[5:], "--resume")   # 3 instances
    assert other.returncode == 2 and "another experiment" in other.stderr


def test_several_entries_each_get_their_records_and_resume_skips_the_done_jobs_of_every_entry(tmp_path):
    out = tmp_path / "m.jsonl"
    args = ["bench", "--generate", "9:0.4:0.5:0.1", "--instances", "2", "--solver", "hill_climb",
            "--solver", "alldiff_tabu:filter=ac3", "--solver", "hill_climb:7:plateau=20", "--runs", "2",
            "--max-seconds", "5", "--out", str(out), "--json"]
    r = cli(*args)
    assert r.returncode == 0, r.stderr[-2000:]
    *summaries, comparison = [json.loads(x) for x in r.stdout.splitlines()]
    assert [p["first"] for p in comparison["comparison"]["pairs"]] == ["hill_climb", "hill_climb",
                                                                      "alldiff_tabu:filter=ac3"]
    assert [s["entry"] for s in summaries] == ["hill_climb", "alldiff_tabu:filter=ac3", "hill_climb:plateau=20"]
    assert all(s["runs"] == 8 for s in summaries)
    records = bench.read_records(out)
    groups = bench.by_entry(records)
    assert {k: len(v) for k, v in groups.items()} == {s["entry"]: 8 for s in summaries}
    assert {r["seed"] for r in groups["hill_climb:plateau=20"]} == {7, 8}, "an entry's own first seed"
    assert {r["params"]["filter"] for r in groups["alldiff_tabu:filter=ac3"]} == {"ac3"}
    header = json.loads(out.read_text().splitlines()[0])["experiment"]
    assert [e["solver"] for e in header["entries"]] == ["hill_climb", "alldiff_tabu", "hill_climb"]

    lines = out.read_text().splitlines()
    dropped = [lines[3], lines[12], lines[20]]                # a record of each entry, as after a crash
    out.write_text("\n".join(x for x in lines if x not in dropped) + "\n")
    again = cli(*args, "--resume")
    assert again.returncode == 0, again.stderr[-2000:]
    after = out.read_text().splitlines()
    assert len(after) == 25, "only the missing runs ran"
    assert by_job_of_entry(map(json.loads, after[-3:])) == by_job_of_entry(map(json.loads, dropped)), "the same runs"
    same = ("entry", "runs", "solved", "median_iterations")
    assert [{k: json.loads(x)[k] for k in same} for x in again.stdout.splitlines()[:-1]] == \
        [{k: s[k] for k in same} for s in summaries]

    swapped = cli(*args[:5], "--solver", "nb_coin", *args[7:], "--resume")
    assert swapped.returncode == 2 and "another experiment" in swapped.stderr


@pytest.mark.parametrize("spec,says", [
    ("16:0:1", "takes SIZE:P0:P1:STEP"),
    ("17:0:1:0.05", "size must be one of 4, 9, 16, 25, 36"),
    ("9:0:1.5:0.1", "P1 must be between 0 and 1"),
    ("9:-0.1:1:0.1", "P0 must be a plain decimal"),
    ("9:0.6:0.2:0.1", "P0 must not be above P1"),
    ("9:0:1:0", "STEP must be above 0"),
    ("9:0:1:1e-2", "STEP must be a plain decimal"),
    ("9:0:1:0.0005", "at most three decimals"),
])
def test_a_bad_generate_spec_is_one_line_and_exit_2(spec, says, capsys):
    r = bench_here(capsys, "bench", "--generate", spec, "--solver", "hill_climb")
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stdout == ""


def test_bad_entries_and_sources_are_one_line_and_exit_2(tmp_path, capsys):
    f = puzzle_file(tmp_path, [PAPERS["sato-01-easy"]])
    cases = [(["--generate", "9:0:1:0.5", "--instances", "0"], "--instances must be from 1"),
             ([str(f), "--generate", "9:0:1:0.5"], "one of the two"),
             ([], "one of the two"),
             ([str(f), "--instances", "3"], "--instances goes with --generate"),
             (["--generate", "9:0:1:0.5", "--seed", str(2**53 - 2), "--instances", "3"], "passes the largest seed")]
    for extra, says in cases:
        r = bench_here(capsys, "bench", *extra, "--solver", "hill_climb")
        assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    for entries, says in [(["hill_climb:x"], "seed must be a whole number"),
                          (["hill_climb:plateau=3:plateau=4"], "'plateau' is given twice"),
                          (["hill_climb", "hill_climb:plateau=10"], "entries 1 and 2 are both hill_climb"),
                          (["hill_climb", "ga_woc:population=-1"], "entry 2 (ga_woc): parameter 'population'"),
                          (["alldiff_ls:1:workers=2"], "bench runs each run on one worker (one run on several: solve --workers N)")]:
        r = bench_here(capsys, "bench", str(f), *[a for e in entries for a in ("--solver", e)])
        assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, r.stderr
    r = bench_here(capsys, "bench", str(f), "--solver", "hill_climb", "--solver", "ga_woc", "--param", "plateau=3")
    assert r.returncode == 2 and "entry 2 (ga_woc): ga_woc has no parameter 'plateau'" in r.stderr


def test_entries_share_the_common_params_and_keep_their_own():
    exp = bench.Experiment([(PAPERS["sato-01-easy"], "a")],
                           [bench.parse_entry("hill_climb"), bench.parse_entry("hill_climb:4:plateau=30")],
                           {"init": "random"}, 2, 10, Budget(max_iterations=50))
    assert [e.label() for e in exp.entries] == ["hill_climb:init=random", "hill_climb:plateau=30:init=random"]
    jobs = exp.jobs()
    assert [(dict(j.params)["plateau"], j.seed) for j in jobs] == [(10, 10), (10, 11), (30, 4), (30, 5)]
    assert len({j.key() for j in jobs}) == 4
    assert bench.Experiment([(PAPERS["sato-01-easy"], "a")], "hill_climb").describe().keys() >= {"solver", "params"}


def test_a_cluster_without_the_package_gets_it_and_gives_the_serial_records(tmp_path):
    """Scheduler and workers started where sudoku_lab cannot be imported (no py/ on their path,
    working directory outside the repository): bench ships the package and runs; then, on the
    same cluster, a killed worker has its runs finished by the other (a cluster of its own cost
    a scheduler's and two workers' start)."""
    assert subprocess.run([sys.executable, "-c", "import sudoku_lab"], env=BARE, cwd=tmp_path,
                          capture_output=True).returncode == 1
    address, procs = start_cluster(tmp_path, BARE, [BARE, BARE])
    try:
        args = ["bench", "--generate", "9:0.3:0.5:0.2", "--instances", "2", "--solver", "hill_climb",
                "--solver", "nb_coin", "--runs", "2", "--max-iterations", "100", "--json"]
        serial = cli(*args)
        on_cluster = cli(*args, "--scheduler", address, "--out", str(tmp_path / "c.jsonl"))
        assert on_cluster.returncode == 0, on_cluster.stderr[-2000:]
        s_rows = [json.loads(x) for x in serial.stdout.splitlines() if '"summary"' not in x and '"comparison"' not in x]
        c_rows = bench.read_records(tmp_path / "c.jsonl")
        key = lambda r: (r["solver"], r["puzzle"], r["seed"])                         # noqa: E731
        assert len(c_rows) == 16 and {key(r): {k: r[k] for k in SAME} for r in s_rows} == \
            {key(r): {k: r[k] for k in SAME} for r in c_rows}
        # sent again (the same copy, accepted) to a bench whose worker is killed
        a_killed_worker_has_its_runs_finished_by_another(tmp_path, address, procs[1:])
    finally:
        stop_cluster(procs)


def test_a_worker_without_numpy_is_named_in_one_line(tmp_path):
    blocked = tmp_path / "no-numpy" / "numpy"                # this worker's Python cannot import numpy
    blocked.mkdir(parents=True)
    (blocked / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'numpy'\", name='numpy')\n")
    address, procs = start_cluster(tmp_path, BARE, [{**BARE, "PYTHONPATH": str(blocked.parent)}])
    try:
        r = cli("bench", "--generate", "9:0.5:0.5:0.1", "--solver", "hill_climb", "--scheduler", address, timeout=120)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-2000:]
        assert len(r.stderr.strip().splitlines()) == 1
        assert "the Dask worker at tcp://" in r.stderr and "cannot import numpy" in r.stderr
        assert "pip install numpy" in r.stderr
    finally:
        stop_cluster(procs)


def test_cpu_time_budgets_are_named_in_the_header_and_end_the_runs(tmp_path):
    f = puzzle_file(tmp_path, [UNSOLVABLE + " unsolvable"])
    out = tmp_path / "cpu.jsonl"
    r = cli("bench", str(f), "--solver", "nb_coin", "--runs", "2", "--max-seconds", "0.3", "--cpu-time",
            "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(out.read_text().splitlines()[0])["experiment"]["clock"] == "cpu"
    records = bench.read_records(out)
    assert [rec["stop_reason"] for rec in records] == ["budget", "budget"]
    assert all(0.3 <= rec["seconds"] < 3 for rec in records)
    r = cli("bench", str(f), "--solver", "nb_coin", "--runs", "2", "--max-seconds", "0.3", "--out", str(out),
            "--resume")
    assert r.returncode == 2 and "another experiment" in r.stderr, "the clock is part of the experiment"

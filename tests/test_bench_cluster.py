"""`bench` as a research batch (issue 13): the same records serially and on Dask, streamed
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

ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
DASK = str(Path(sys.executable).parent / "dask")
# AI Escargot with one given changed: no solution, so a run always uses its whole budget
UNSOLVABLE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
SAME = ("solved", "iterations", "evaluations", "board", "conflicts", "open_cells", "stop_reason", "restarts", "best")


def cli(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], capture_output=True, text=True,
                          env=ENV, timeout=timeout, cwd=ROOT)


def puzzle_file(tmp_path, lines):
    f = tmp_path / "set.txt"
    f.write_text("".join(line + "\n" for line in lines))
    return f


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


def test_records_stream_to_the_file_and_a_killed_bench_resumes_with_every_job_once(tmp_path):
    f = puzzle_file(tmp_path, [PAPERS["sato-27-medium"] + " a", PAPERS["sato-29-medium"] + " b"])
    out = tmp_path / "out.jsonl"
    args = ["bench", str(f), "--solver", "nb_coin", "--runs", "6", "--max-iterations", "300", "--out", str(out),
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


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    good = PAPERS["sato-01-easy"]
    f = puzzle_file(tmp_path, [good + " ok", "# fine", good[:75] + " short"])
    r = cli("bench", str(f), "--solver", "hill_climb")
    assert r.returncode == 2 and "Line 3" in r.stderr and "Found 75 cells" in r.stderr
    assert "Traceback" not in r.stderr
    f2 = puzzle_file(tmp_path, [good])
    r = cli("bench", str(f2), "--solver", "nope")
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


@pytest.fixture
def external_cluster(tmp_path):
    """`dask scheduler` and two `dask worker` processes on localhost, as a user would start them."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--dashboard-address", ":0", "--no-show"], env=ENV, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    time.sleep(1.5)
    workers = [subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--nworkers", "1",
                                 "--no-dashboard", "--name", f"w{i}"], env=ENV, cwd=tmp_path,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(2)]
    procs += workers
    from dask.distributed import Client
    with Client(address, timeout="30s") as c:
        c.wait_for_workers(2, timeout=60)
    yield address, workers
    for p in procs:
        p.kill()
        p.wait()


def test_on_an_external_cluster_a_killed_worker_has_its_runs_finished_by_another(tmp_path, external_cluster):
    address, workers = external_cluster
    f = puzzle_file(tmp_path, [UNSOLVABLE + " unsolvable"])
    out = tmp_path / "ext.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_lab", "bench", str(f), "--solver", "hill_climb",
                             "--runs", "8", "--max-seconds", "1", "--scheduler", address, "--out", str(out),
                             "--quiet", "--json"], env=ENV, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.time() + 60
    while time.time() < deadline and len(bench.read_records(out) if out.exists() else []) < 2:
        time.sleep(0.05)
    workers[0].kill()                                   # mid-way through its next run
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr[-2000:]
    records = bench.read_records(out)
    assert sorted(r["seed"] for r in records) == list(range(8))
    assert all(r["stop_reason"] == "budget" for r in records)
    assert json.loads(stdout.splitlines()[-1])["runs"] == 8


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
    assert tuple(rec) == tuple(f for f in bench.RECORD_FIELDS if f != "message")
    assert (rec["puzzle"], rec["name"]) == (3, "easy")

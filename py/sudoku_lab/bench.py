"""Experiments: many runs of a solver over a puzzle file, streamed to a file, resumable,
on one machine or a Dask cluster.

The pieces, each used by ``python -m sudoku_lab bench``, the scripts in ``bench/`` and the
tests:

* :func:`read_puzzles` reads a bench file (``puzzle [name]`` per line, ``#`` comments),
  naming the line of anything unreadable.
* :class:`Experiment` is what is run — puzzles, solver, parameters, runs, first seed and
  budget — and :meth:`Experiment.jobs` its :class:`Job` list, one per (puzzle, seed).
* :func:`record` is the one per-run format (the page's experiment exports have the same
  fields), so a browser experiment and a native one compare line by line.
* :class:`Output` appends records to a JSON Lines file as each run finishes (flushed per
  line) after a header naming the experiment; :meth:`Output.done` reads it back so a resumed
  experiment skips every job that already has a record, and refuses a file written by
  another experiment.
* :func:`execute` runs jobs serially in this process, on a local Dask cluster it starts and
  stops, or on an existing cluster (``scheduler=ADDRESS``). Short runs are batched into
  tasks; Dask re-runs the tasks of a worker that dies. Every job seeds its own generator, so
  the records are the same, run for run, whichever way they ran.
* :func:`summarise` computes the summary from records (from the file, once complete).

Dask and tqdm are the optional ``cluster`` extra (``pip install ./py[cluster]``); nothing
else in the package imports them.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from . import solvers
from .grid import parse
from .puzzle_list import ListProblem, read_puzzle_file
from .run import RESULT_FIELDS, Budget, Result, Run

CONNECT_SECONDS = 5
MAX_BATCH = 25


class BenchError(ValueError):
    """Input the user can fix (a bad file, solver, parameter or scheduler); one line, exit 2."""


# A run record's fields in order: the result's, the puzzle's index and name in its file, and
# the speed. The page's experiment exports use the same list (sent with the worker's `ready`).
RECORD_FIELDS = ("puzzle", "name", *RESULT_FIELDS, "iterations_per_second")


def record(index: int, name: str, result: Result | dict[str, Any]) -> dict[str, Any]:
    """One run's record: the result's fields, the puzzle's index and name, iterations per second."""
    fields = result.to_json() if isinstance(result, Result) else dict(result)
    seconds = fields["seconds"]
    return {"puzzle": index, "name": name, **fields,
            "iterations_per_second": fields["iterations"] / seconds if seconds else None}


# ---------------------------------------------------------------------------- what is run

def read_puzzles(path: str | Path, limit: int = 0) -> list[tuple[str, str]]:
    """(cells, name) per puzzle line of a bench file (puzzle_list, the one reader); BenchError
    names the line at fault."""
    try:
        out = read_puzzle_file(path, check_givens=True)
    except ListProblem as exc:
        raise BenchError(exc.message) from None
    return out[:limit] if limit else out


@dataclass(frozen=True)
class Job:
    """One run: the puzzle (index in its file, name, cells), solver, parameters, seed, budget."""

    puzzle: int
    name: str
    text: str
    solver: str
    params: tuple[tuple[str, Any], ...]
    seed: int
    budget: tuple[int | None, int | None, float | None]

    def run(self) -> dict[str, Any]:
        result = Run(parse(self.text), self.solver, dict(self.params), self.seed, Budget(*self.budget)).finish()
        return record(self.puzzle, self.name, result)


def run_batch(jobs: list[Job]) -> list[dict[str, Any]]:
    """A Dask task: several short runs in one go, so scheduling costs little per run."""
    return [job.run() for job in jobs]


@dataclass
class Experiment:
    puzzles: list[tuple[str, str]]
    solver: str
    params: dict[str, Any] = field(default_factory=dict)
    runs: int = 1
    seed: int = 0
    budget: Budget = field(default_factory=Budget)

    def __post_init__(self):
        try:
            module = solvers.get(self.solver)
            resolved = solvers.resolve_params(module, self.params)
        except solvers.SolverError as exc:
            raise BenchError(str(exc)) from None
        for text, name in self.puzzles:          # values a puzzle cannot take (hall_sets past 9×9)
            try:
                solvers.resolve_params(module, self.params, parse(text))
            except solvers.SolverError as exc:
                raise BenchError(f"{name}: {exc}") from None
        self.params = resolved
        if self.runs < 1:
            raise BenchError(f"runs must be at least 1; got {self.runs}")

    def describe(self) -> dict[str, Any]:
        """What identifies the experiment: a resumed file must have been written by the same one."""
        digest = hashlib.sha256("\n".join(t for t, _ in self.puzzles).encode()).hexdigest()[:16]
        return {"solver": self.solver, "params": self.params, "runs": self.runs, "seed": self.seed,
                "budget": asdict(self.budget), "puzzles": len(self.puzzles), "puzzles_sha256": digest}

    def jobs(self) -> list[Job]:
        params = tuple(sorted(self.params.items()))
        b = self.budget
        return [Job(i, name, text, self.solver, params, self.seed + r,
                    (b.max_iterations, b.max_evaluations, b.max_seconds))
                for i, (text, name) in enumerate(self.puzzles) for r in range(self.runs)]


def job_key(puzzle: int, seed: int) -> tuple[int, int]:
    return (puzzle, seed)


# ---------------------------------------------------------------------------- the output file

class Output:
    """Records appended to a JSON Lines file, one line per finished run, flushed at once."""

    def __init__(self, path: str | Path, experiment: Experiment, resume: bool):
        self.path = Path(path)
        self.header = {"experiment": experiment.describe()}
        self.records: list[dict[str, Any]] = []
        if resume and self.path.exists() and self.path.stat().st_size:
            self.records = self._read_existing()
        elif self.path.exists() and self.path.stat().st_size and not resume:
            raise BenchError(f"{self.path} exists: add --resume to continue it, or choose a new --out file")
        fresh = not self.path.exists() or not self.path.stat().st_size
        try:
            self.file = self.path.open("a")
        except OSError as exc:
            raise BenchError(f"cannot write {self.path}: {exc.strerror}") from None
        if fresh:
            self._write(self.header)

    def _read_existing(self) -> list[dict[str, Any]]:
        lines = self.path.read_text().splitlines()
        try:
            header = json.loads(lines[0])
        except (json.JSONDecodeError, IndexError):
            header = {}
        if "experiment" not in header:
            raise BenchError(f"{self.path} was not written by `bench --out`: it has no experiment header")
        theirs, mine = header["experiment"], self.header["experiment"]
        if theirs != mine:
            diff = [f"{k} {theirs.get(k)!r}, not {mine[k]!r}" for k in mine if theirs.get(k) != mine[k]]
            raise BenchError(f"{self.path} holds runs of another experiment ({'; '.join(diff)}); "
                             "use a new --out file")
        out = []
        for line in lines[1:]:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue                      # a line cut short when the machine died: its run reruns
            if isinstance(rec, dict) and "puzzle" in rec and "seed" in rec:
                out.append(rec)
        return out

    def done(self) -> set[tuple[int, int]]:
        return {job_key(r["puzzle"], r["seed"]) for r in self.records}

    def _write(self, obj: dict) -> None:
        self.file.write(json.dumps(obj) + "\n")
        self.file.flush()

    def add(self, rec: dict[str, Any]) -> None:
        self.records.append(rec)
        self._write(rec)

    def close(self) -> None:
        self.file.close()


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The run records of a bench output (header and summary lines left out), one per job."""
    seen, out = set(), []
    for line in Path(path).read_text().splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(rec, dict) or "experiment" in rec or rec.get("summary"):
            continue
        key = job_key(rec["puzzle"], rec["seed"])
        if key not in seen:
            seen.add(key)
            out.append(rec)
    return out


# ---------------------------------------------------------------------------- running

def batches(jobs: list[Job], workers: int) -> list[list[Job]]:
    """About ten tasks per worker, 1–MAX_BATCH runs each: few enough that scheduling is cheap,
    small enough that a killed run loses little and progress moves smoothly."""
    if not jobs:
        return []
    size = max(1, min(MAX_BATCH, math.ceil(len(jobs) / (10 * max(1, workers)))))
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def execute(jobs: list[Job], jobs_per_host: int = 1, scheduler: str | None = None,
            dask_always: bool = False) -> Iterator[dict[str, Any]]:
    """Yield each job's record as it finishes: serially here (one local job and no scheduler,
    unless `dask_always`), on a local Dask cluster of `jobs_per_host` worker processes, or on
    the cluster at `scheduler`."""
    if scheduler is None and jobs_per_host <= 1 and not dask_always:
        for job in jobs:
            yield job.run()
        return
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise BenchError("running on several processes or a cluster needs Dask: "
                         "pip install './py[cluster]'") from None
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(n_workers=jobs_per_host, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=50)
            client = Client(cluster)
            workers = jobs_per_host
        else:
            try:
                client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise BenchError(f"cannot reach the Dask scheduler at {scheduler} within {CONNECT_SECONDS} s "
                                 f"({type(exc).__name__})") from None
            workers = max(1, len(client.scheduler_info().get("workers", {})))
        try:
            futures = [client.submit(run_batch, batch, pure=False) for batch in batches(jobs, workers)]
            for future in as_completed(futures):
                yield from future.result()
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


def progress_bar(total: int, initial: int, quiet: bool):
    """tqdm on stderr, when it is a terminal and not --quiet; otherwise a silent stand-in."""
    if not quiet and sys.stderr.isatty():
        try:
            from tqdm import tqdm
            return tqdm(total=total, initial=initial, unit="run", file=sys.stderr, dynamic_ncols=True)
        except ImportError:
            pass
    return _Silent()


class _Silent:
    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, s: str) -> None:
        pass

    def close(self) -> None:
        pass


def run_experiment(experiment: Experiment, *, out: str | None = None, resume: bool = False,
                   jobs: int = 1, scheduler: str | None = None, quiet: bool = False,
                   on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Run what is not yet done, stream each record (to `out`, and to `on_record`), and return
    every record of the experiment (read back from `out` when there is one)."""
    output = Output(out, experiment, resume) if out else None
    todo = experiment.jobs()
    done = output.done() if output else set()
    todo = [j for j in todo if job_key(j.puzzle, j.seed) not in done]
    total = len(todo) + len(done)
    solved = sum(1 for r in (output.records if output else []) if r["solved"])
    bar = progress_bar(total, len(done), quiet)
    collected: list[dict[str, Any]] = []
    try:
        for rec in execute(todo, jobs, scheduler):
            collected.append(rec)
            if output:
                output.add(rec)
            if on_record:
                on_record(rec)
            solved += bool(rec["solved"])
            bar.set_postfix_str(f"{solved} solved")
            bar.update(1)
    finally:
        bar.close()
        if output:
            output.close()
    return read_records(out) if out else collected


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    results = list(results)
    solved = [r for r in results if r["solved"]]

    def stat(key, fn, rows):
        vals = [r[key] for r in rows]
        return round(fn(vals), 6) if vals else None

    total_s = sum(r["seconds"] for r in results)
    return {
        "summary": True, "runs": len(results), "solved": len(solved),
        "median_iterations": stat("iterations", statistics.median, solved),
        "mean_iterations": stat("iterations", statistics.mean, solved),
        "median_evaluations": stat("evaluations", statistics.median, solved),
        "mean_evaluations": stat("evaluations", statistics.mean, solved),
        "median_seconds": stat("seconds", statistics.median, solved),
        "mean_seconds": stat("seconds", statistics.mean, solved),
        "mean_restarts": stat("restarts", statistics.mean, solved),
        "iterations_per_second": round(sum(r["iterations"] for r in results) / total_s, 1) if total_s else None,
        "evaluations_per_second": round(sum(r["evaluations"] for r in results) / total_s, 1) if total_s else None,
    }

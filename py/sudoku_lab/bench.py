"""Experiments: many runs of one or more solvers over a puzzle file or a generated set,
streamed to a file, resumable, on one machine or a Dask cluster.

The pieces, each used by ``python -m sudoku_lab bench``, the scripts in ``bench/`` and the
tests:

* :func:`read_puzzles` reads a bench file (``puzzle [name]`` per line, ``#`` comments),
  naming the line of anything unreadable.
* :func:`generated_puzzles` makes a generated set (issue 19, "The phase-transition
  experiment"): ``SIZE:P0:P1:STEP`` and K instances; instance i at p is
  ``sudoku_lab.generate`` with seed S + i, and is named by its generator spec
  ``SIZE:p:seed`` (the page's ``g=`` links use the same spec), so anyone can regenerate one
  and the plots read size and p from the name (:func:`spec_of`). p values are counted in
  whole thousandths, so 0:1:0.05 gives exactly 0, 0.05, …, 1 with no float drift.
* :class:`Entry` is one solver setting — solver, parameters, optionally its own first seed —
  written ``ID[:SEED][:name=value…]`` as the page's race and experiment entries are
  (docs/design.md, "Share links"); :func:`parse_entry` reads one.
* :class:`Experiment` is what is run — puzzles, entries, runs, first seed and budget — and
  :meth:`Experiment.jobs` its :class:`Job` list, one per (entry, puzzle, seed). Two entries
  may not share solver and parameters, so (solver, parameters, puzzle, seed) names a run.
* :func:`record` is the one per-run format (the page's experiment exports have the same
  fields), so a browser experiment and a native one compare line by line.
* :class:`Output` appends records to a JSON Lines file as each run finishes (flushed per
  line) after a header naming the experiment; :meth:`Output.done` reads it back so a resumed
  experiment skips every job that already has a record, and refuses a file written by
  another experiment.
* :func:`execute` runs jobs serially in this process, on a local Dask cluster it starts and
  stops, or on an existing cluster (``scheduler=ADDRESS``), to which it first ships this
  package (:func:`ship_package`). Short runs are batched into tasks; Dask re-runs the tasks
  of a worker that dies. Every job seeds its own generator, so the records are the same,
  run for run, whichever way they ran.
* :func:`summarise` computes the summary from records (from the file, once complete);
  :func:`by_entry` splits records by entry.

Dask and tqdm are the optional ``cluster`` extra (``pip install ./py[cluster]``); nothing
else in the package imports them.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from . import solvers, values
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


GENERATE_FORM = "SIZE:P0:P1:STEP (e.g. 16:0:1:0.05)"
MILLI = 1000                  # p values are counted in whole thousandths: no float drift
MAX_INSTANCES = 10_000
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def _thousandths(raw: str, what: str, spec: str) -> int:
    """A plain decimal from 0 to 1 with at most three decimals, as whole thousandths."""
    whole, _, frac = raw.partition(".")
    if not _DECIMAL.fullmatch(raw) or len(frac) > 3:
        raise BenchError(f"--generate {values.quote(spec)}: {what} must be a plain decimal with at most "
                         f"three decimals; got {values.quote(raw)}")
    k = int(whole or "0") * MILLI + int((frac + "000")[:3])
    if k > MILLI:
        raise BenchError(f"--generate {values.quote(spec)}: {what} must be between 0 and 1; got {values.quote(raw)}")
    return k


def p_text(k: int) -> str:
    """p of `k` thousandths as the generator spec writes it: 0, 0.05, 0.5, 1."""
    return values.fmt(k / MILLI)


def parse_generate(spec: str) -> tuple[int, list[str]]:
    """``SIZE:P0:P1:STEP`` -> (size, the p values from P0 to P1 by STEP, as text)."""
    parts = spec.split(":")
    if len(parts) != 4:
        raise BenchError(f"--generate takes {GENERATE_FORM}; got {values.quote(spec)}")
    size_raw, p0_raw, p1_raw, step_raw = parts
    if not size_raw.isdigit() or int(size_raw) not in values.SIZES:
        raise BenchError(f"--generate {values.quote(spec)}: size must be one of {', '.join(map(str, values.SIZES))}; "
                         f"got {values.quote(size_raw)}")
    p0, p1 = _thousandths(p0_raw, "P0", spec), _thousandths(p1_raw, "P1", spec)
    step = _thousandths(step_raw, "STEP", spec)
    if p0 > p1:
        raise BenchError(f"--generate {values.quote(spec)}: P0 must not be above P1")
    if step == 0:
        raise BenchError(f"--generate {values.quote(spec)}: STEP must be above 0 (at least 0.001)")
    return int(size_raw), [p_text(k) for k in range(p0, p1 + 1, step)]


def generated_puzzles(specs: Iterable[str], instances: int, seed: int = 0) -> list[tuple[str, str]]:
    """(cells, name) of every instance of every ``SIZE:P0:P1:STEP`` set: at each p, instance
    i is the generator's puzzle of seed `seed` + i, named ``SIZE:p:seed`` (its spec)."""
    from .generate import Spec, generate
    if not 1 <= instances <= MAX_INSTANCES:
        raise BenchError(f"--instances must be from 1 to {MAX_INSTANCES:,}; got {instances}")
    try:
        values.seed(seed + instances - 1)
    except values.ValueProblem:
        raise BenchError(f"--seed {seed} with {instances} instances passes the largest seed, "
                         f"{values.SEED_MAX}") from None
    out, names = [], set()
    for spec in specs:
        size, ps = parse_generate(spec)
        for p in ps:
            for i in range(instances):
                spec = Spec.of(size, p, seed + i)
                if spec.text not in names:            # overlapping sets: each instance once
                    names.add(spec.text)
                    out.append((generate(spec).puzzle.to_string(), spec.text))
    return out


def spec_of(name: str) -> tuple[int, float, int] | None:
    """(size, p, seed) of a generated instance's name (``generate.parse_spec``); None for others."""
    from .generate import parse_spec
    try:
        spec = parse_spec(name)
    except values.ValueProblem:
        return None
    return spec.size, spec.p, spec.seed


@dataclass
class Entry:
    """One solver setting of an experiment: the solver, its parameters (the experiment's
    common ones overridden by the entry's own) and, optionally, its own first seed."""

    solver: str
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    def label(self) -> str:
        """``ID[:name=value…]`` with only the parameters that differ from the paper's defaults."""
        defaults = {p["name"]: p["default"] for p in solvers.get(self.solver).PARAMS}
        changed = [f"{k}={values.fmt(v)}" for k, v in self.params.items() if k not in defaults or v != defaults[k]]
        return ":".join([self.solver, *changed])


def parse_entry(text: str) -> Entry:
    """``ID[:SEED][:name=value…]``: the page's entry syntax, with the seed optional."""
    solver, *rest = text.split(":")
    seed, params = None, {}
    for i, part in enumerate(rest):
        name, eq, value = part.partition("=")
        if not eq and i == 0:
            try:
                seed = values.seed(part)
            except values.ValueProblem as exc:
                raise BenchError(f"--solver {values.quote(text)}: {exc}") from None
            continue
        if not eq or not name:
            raise BenchError(f"--solver takes ID[:SEED][:name=value…]; got {values.quote(text)}")
        if name in params:
            raise BenchError(f"--solver {values.quote(text)}: '{name}' is given twice")
        params[name] = value
    return Entry(solver, params, seed)


def params_key(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True)


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
    cpu_time: bool = False

    def run(self) -> dict[str, Any]:
        clock = time.process_time if self.cpu_time else time.perf_counter
        result = Run(parse(self.text), self.solver, dict(self.params), self.seed, Budget(*self.budget),
                     clock=clock).finish()
        return record(self.puzzle, self.name, result)

    def key(self) -> tuple[str, str, int, int]:
        return job_key(self.solver, dict(self.params), self.puzzle, self.seed)


def run_batch(jobs: list[Job]) -> list[dict[str, Any]]:
    """A Dask task: several short runs in one go, so scheduling costs little per run."""
    return [job.run() for job in jobs]


@dataclass
class Experiment:
    """Puzzles × entries × runs. `solver` is one solver id (its parameters in `params`) or a
    list of :class:`Entry`, in which case `params` apply to every entry (an entry's own
    values win). Run r of an entry uses seed (the entry's seed, else `seed`) + r. `generated`
    names the ``--generate`` sets the puzzles came from, for the header. With `cpu_time` each
    run's time limit and seconds are the CPU time of the process running it, not the wall
    clock: on a machine shared with other work a time-limited run then gets the computing
    time it was given (the runner chooses Run's clock; solvers never read one)."""

    puzzles: list[tuple[str, str]]
    solver: str | list[Entry]
    params: dict[str, Any] = field(default_factory=dict)
    runs: int = 1
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    generated: tuple[str, ...] = ()
    instances: int = 0
    cpu_time: bool = False
    entries: list[Entry] = field(init=False)

    def __post_init__(self):
        given = [Entry(self.solver)] if isinstance(self.solver, str) else list(self.solver)
        if not given:
            raise BenchError("an experiment needs at least one solver")
        self.entries = [self._resolve(e, i, len(given)) for i, e in enumerate(given, 1)]
        seen: dict[tuple[str, str], int] = {}
        for i, e in enumerate(self.entries, 1):
            k = (e.solver, params_key(e.params))
            if k in seen:
                raise BenchError(f"entries {seen[k]} and {i} are both {e.label()}: one entry with more --runs "
                                 "runs the same thing")
            seen[k] = i
        if isinstance(self.solver, str):
            self.params = self.entries[0].params
        if self.runs < 1:
            raise BenchError(f"runs must be at least 1; got {self.runs}")

    def _resolve(self, entry: Entry, index: int, count: int) -> Entry:
        where = f"entry {index} ({entry.solver}): " if count > 1 else ""
        given = {**self.params, **entry.params}
        try:
            module = solvers.get(entry.solver)
            resolved = solvers.resolve_params(module, given)
        except solvers.SolverError as exc:
            raise BenchError(f"{where}{exc}") from None
        for text, name in self.puzzles:          # values a puzzle cannot take (hall_sets past 9×9)
            try:
                solvers.resolve_params(module, given, parse(text))
            except solvers.SolverError as exc:
                raise BenchError(f"{where}{name}: {exc}") from None
        return Entry(entry.solver, resolved, self.seed if entry.seed is None else entry.seed)

    def describe(self) -> dict[str, Any]:
        """What identifies the experiment: a resumed file must have been written by the same one.
        One entry is described as before entries existed, so older files still resume."""
        digest = hashlib.sha256("\n".join(t for t, _ in self.puzzles).encode()).hexdigest()[:16]
        if len(self.entries) == 1 and self.entries[0].seed == self.seed:
            who = {"solver": self.entries[0].solver, "params": self.entries[0].params}
        else:
            who = {"entries": [{"solver": e.solver, "params": e.params, "seed": e.seed} for e in self.entries]}
        out = {**who, "runs": self.runs, "seed": self.seed, "budget": asdict(self.budget),
               "puzzles": len(self.puzzles), "puzzles_sha256": digest}
        if self.generated:
            out.update(generate=list(self.generated), instances=self.instances)
        if self.cpu_time:
            out["clock"] = "cpu"
        return out

    def jobs(self) -> list[Job]:
        b = self.budget
        budget = (b.max_iterations, b.max_evaluations, b.max_seconds)
        return [Job(i, name, text, e.solver, tuple(sorted(e.params.items())), e.seed + r, budget, self.cpu_time)
                for e in self.entries for i, (text, name) in enumerate(self.puzzles) for r in range(self.runs)]


def job_key(solver: str, params: dict[str, Any], puzzle: int, seed: int) -> tuple[str, str, int, int]:
    """What names a run in an output file: its entry (solver and parameters), puzzle and seed."""
    return (solver, params_key(params), puzzle, seed)


def record_key(rec: dict[str, Any]) -> tuple[str, str, int, int]:
    return job_key(rec["solver"], rec["params"], rec["puzzle"], rec["seed"])


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
            if isinstance(rec, dict) and all(k in rec for k in ("solver", "params", "puzzle", "seed")):
                out.append(rec)
        return out

    def done(self) -> set[tuple[str, str, int, int]]:
        return {record_key(r) for r in self.records}

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
        key = record_key(rec)
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
            if scheduler is not None:
                ship_package(client)
            futures = [client.submit(run_batch, batch, pure=False) for batch in batches(jobs, workers)]
            for future in as_completed(futures):
                try:
                    records = future.result()
                except Exception as exc:          # a task the cluster could not run: say why in one line
                    raise BenchError(f"the cluster could not run a batch: {one_line(exc)}") from None
                yield from records
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def package_zip(folder: Path) -> Path:
    """This process's sudoku_lab as a zip (its .py files only), named by content so a worker
    never confuses two versions."""
    import io
    import zipfile
    root = Path(__file__).resolve().parent
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(root.rglob("*.py")):
            info = zipfile.ZipInfo(f.relative_to(root.parent).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            z.writestr(info, f.read_bytes(), zipfile.ZIP_DEFLATED)
    data = buf.getvalue()
    path = folder / f"sudoku_lab-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    path.write_bytes(data)
    return path


def _missing(where: str, exc: BaseException) -> BenchError:
    name = getattr(exc, "name", None)
    if isinstance(exc, ImportError) and name:
        top = name.split(".")[0]
        return BenchError(f"{where} cannot import {top}, which sudoku_lab needs: install it there "
                          f"(pip install {top}; py/pyproject.toml lists the versions) and restart it")
    return BenchError(f"{where} cannot load sudoku_lab: {one_line(exc)}")


def ship_package(client) -> None:
    """Put this package on the cluster: Dask's ``Client.upload_file`` registers a scheduler
    plugin and a worker plugin that write the zip into each one's local directory and put it
    on ``sys.path`` (workers that join later get it too). Then every worker and the scheduler
    (which unpickles the task graph) must import the package with its dependencies; if one
    cannot, a BenchError says which machine lacks what."""
    import importlib
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        zip_path = package_zip(Path(tmp))
        try:
            client.upload_file(str(zip_path), load=True)
        except Exception as exc:
            raise BenchError(f"cannot send sudoku_lab to the cluster: {one_line(exc)}") from None
    answers = {f"the Dask worker at {a}": v for a, v in
               client.run(importlib.import_module, "sudoku_lab.bench", on_error="return").items()}
    try:
        client.run_on_scheduler(importlib.import_module, "sudoku_lab.bench")
    except Exception as exc:
        answers["the Dask scheduler"] = exc
    for where, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            raise _missing(where, answer)
    # a module object travels by name, so `getattr` runs on each one's own copy: a process
    # that imported another sudoku_lab before keeps it (Python does not re-import)
    here = sys.modules[__name__]
    files = {f"the Dask worker at {a}": f for a, f in client.run(getattr, here, "__file__").items()}
    files["the Dask scheduler"] = client.run_on_scheduler(getattr, here, "__file__")
    for where, file in sorted(files.items()):
        if zip_path.name not in file:
            raise BenchError(f"{where} has already loaded another sudoku_lab ({file}); restart the "
                             "Dask workers and scheduler so they load the one sent now")


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
    todo = [j for j in todo if j.key() not in done]
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


def entry_label(rec: dict[str, Any]) -> str:
    """The entry a record belongs to, as ``ID[:name=value…]`` (non-default parameters only)."""
    return Entry(rec["solver"], rec["params"]).label()


def by_entry(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Records split by entry, in the order the entries first appear."""
    out: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        out.setdefault(entry_label(rec), []).append(rec)
    return out

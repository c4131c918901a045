"""What an experiment runs: its puzzles (puzzle files or generated sets), its entries, its
jobs, and the one per-run record format.

* :func:`read_puzzles` reads a bench file (``puzzle [name]`` per line, ``#`` comments),
  naming the line of anything unreadable; :func:`read_puzzle_files` reads several files and
  globs (a bank of benchmark-format instances, one puzzle a file, named by its file name),
  keeping each puzzle's file for its records and skipping a bad file with its problem.
* :func:`generated_puzzles` makes a generated set (a phase-transition
  experiment's): ``SIZE:P0:P1:STEP`` and K instances; instance i at p is
  ``sudoku_lab.generate`` with seed S + i, and is named by its generator spec
  ``SIZE:p:seed`` (the page's ``g=`` links use the same spec), so anyone can regenerate one
  and the plots read size and p from the name (:func:`spec_of`). p values are counted in
  whole thousandths, so 0:1:0.05 gives exactly 0, 0.05, …, 1 with no float drift.
* :class:`Entry` is one solver setting — solver, parameters, optionally its own first seed —
  written ``ID[:SEED][:name=value…]`` as the page's race and experiment entries are
  (docs/links-and-files.md, "Share links"); :func:`parse_entry` reads one.
* :class:`Experiment` is what is run — puzzles, entries, runs, first seed and budget — and
  :meth:`Experiment.jobs` its :class:`Job` list, one per (entry, puzzle, seed). Two entries
  may not share solver and parameters, so (solver, parameters, puzzle, seed) names a run.
* :func:`record` is the one per-run format (the page's experiment exports have the same
  fields), so a browser experiment and a native one compare line by line.
"""

from __future__ import annotations

import glob
import hashlib
import json
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .. import solver_ref, solvers, values, visitor
from ..grid import parse
from ..puzzle_list import ListProblem, read_puzzle_file
from ..solver_file import SolverFile, SolverFileError
from ..run import RESULT_FIELDS, Budget, Result, Run


class BenchError(ValueError):
    """Input the user can fix (a bad file, solver, parameter or scheduler); one line, exit 2."""


# A run record's fields in order: the puzzle's index in the experiment, its name and the file it
# was read from (None for a generated puzzle, the page's loaded one or a pasted list), the
# result's, and the speed. The page's experiment exports use the same list (sent with the
# worker's `ready`).
RECORD_FIELDS = ("puzzle", "name", "file", *RESULT_FIELDS, "iterations_per_second")


def record(index: int, name: str, result: Result | dict[str, Any], file: str | None = None) -> dict[str, Any]:
    """One run's record: every field of RECORD_FIELDS in its order, None where the run has none
    (a result without a message, a built-in's solver file), so every export carries the same fields."""
    fields = result.to_json() if isinstance(result, Result) else dict(result)
    seconds = fields["seconds"]
    full = {**fields, "puzzle": index, "name": name, "file": file,
            "iterations_per_second": fields["iterations"] / seconds if seconds else None}
    return {key: full.get(key) for key in RECORD_FIELDS}


# ---------------------------------------------------------------------------- what is run

def read_puzzles(path: str | Path, limit: int = 0) -> list[tuple[str, str]]:
    """(cells, name) per puzzle line of a bench file (puzzle_list, the one reader); BenchError
    names the line at fault."""
    try:
        out = read_puzzle_file(path, check_givens=True)
    except ListProblem as exc:
        raise BenchError(exc.message) from None
    return out[:limit] if limit else out


@dataclass
class PuzzleFiles:
    """Puzzles read from files: (cells, name) each, the file each came from (as given), and
    the files skipped, each with its problem in one line."""

    puzzles: list[tuple[str, str]]
    files: list[str]
    skipped: list[str]


def read_puzzle_files(paths: Iterable[str], limit: int = 0) -> PuzzleFiles:
    """The puzzles of every file named or matched by a glob (``inst/*.txt``, sorted by name; a
    shell that expands the glob itself gives the same files). A file in the benchmark format is
    one puzzle named by its file name, any other a puzzle list. A file that cannot be read is
    skipped with its problem; BenchError when none can."""
    out = PuzzleFiles([], [], [])
    for given in paths:
        matched = sorted(glob.glob(given)) if glob.has_magic(given) else [given]
        if not matched:
            out.skipped.append(f"no file matches '{given}'")
        for path in matched:
            try:
                read = read_puzzle_file(path, check_givens=True)
            except ListProblem as exc:
                out.skipped.append(exc.message)
                continue
            out.puzzles += read
            out.files += [path] * len(read)
    if not out.puzzles:
        raise BenchError("; ".join(out.skipped) if len(out.skipped) == 1
                         else f"no puzzle file could be read ({len(out.skipped)}): " + "; ".join(out.skipped))
    if limit:
        out.puzzles, out.files = out.puzzles[:limit], out.files[:limit]
    return out


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
    from ..generate import Spec, generate
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
    from ..generate import parse_spec
    try:
        spec = parse_spec(name)
    except values.ValueProblem:
        return None
    return spec.size, spec.p, spec.seed


def solver_module(solver: str, source: SolverFile | None = None):
    """The module of the solver `solver` names (a built-in's id, or a visitor's text among
    `source`: solver_ref.resolve); BenchError says why none."""
    try:
        return solver_ref.resolve(solver, [source] if source else []).module()
    except solvers.SolverError as exc:
        raise BenchError(str(exc)) from None


@dataclass
class Entry:
    """One solver setting of an experiment: the solver, its parameters (the experiment's
    common ones overridden by the entry's own) and, optionally, its own first seed. A visitor's
    solver (``own``, or ``own@<sha256 prefix>`` among several) carries its text (`source`)."""

    solver: str
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    source: SolverFile | None = None

    @property
    def name(self) -> str:
        """What names the entry's solver beside others: its id, or ``own@<prefix>`` (solver_ref)."""
        return solver_ref.SolverRef(self.solver, self.source).name

    def label(self) -> str:
        """``NAME[:name=value…]`` with only the parameters that differ from the paper's defaults."""
        if solver_ref.is_visitors(self.solver) and self.source is None:   # a record names its text, not holds it
            defaults = {}
        else:
            defaults = {p["name"]: p["default"] for p in solver_module(self.solver, self.source).PARAMS}
        changed = [f"{k}={values.fmt(v)}" for k, v in self.params.items() if k not in defaults or v != defaults[k]]
        return ":".join([self.name, *changed])


def parse_entry(text: str) -> Entry:
    """``ID[:SEED][:name=value…]``: the page's entry syntax, with the seed optional (an entry's
    ``workers=``/``exchange=``, one run on several workers, is refused with what to use instead)."""
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
        if name in ("workers", "exchange"):       # a page entry's workers (docs/links-and-files.md, "Share links")
            raise BenchError(f"--solver {values.quote(text)}: {name}= asks for one run on several workers, as the page's "
                             "entries may; bench runs each run on one worker (one run on several: solve --workers N)")
        if name in params:
            raise BenchError(f"--solver {values.quote(text)}: '{name}' is given twice")
        params[name] = value
    return Entry(solver, params, seed)


def unnamed_entries(entries: list[Entry], sources: list[SolverFile]) -> list[Entry]:
    """An entry (its defaults) for each solver file no entry names: bench runs every file it is given."""
    named = []
    for e in entries:
        try:
            named.append(solver_ref.resolve(e.solver, sources))
        except solvers.SolverError:
            continue                              # the experiment names it, by its entry
    return [Entry(solver_ref.name_of(s) if len(sources) > 1 else solver_ref.OWN) for s in solver_ref.unnamed(sources, named)]


def params_key(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True)


@dataclass(frozen=True)
class Job:
    """One run: the puzzle (index in the experiment, name, cells), solver, parameters, seed,
    budget, and the file the puzzle came from (None when none)."""

    puzzle: int
    name: str
    text: str
    solver: str
    params: tuple[tuple[str, Any], ...]
    seed: int
    budget: tuple[int | None, int | None, float | None]
    cpu_time: bool = False
    file: str | None = None
    source: SolverFile | None = None          # a visitor's solver: its text travels with the task

    def run(self) -> dict[str, Any]:
        """The run's record; a visitor's solver runs in a process of its own, its claim checked
        in this one (visitor.run), locally and on a Dask worker alike."""
        if self.source is not None:
            try:
                result = visitor.run(parse(self.text), self.source, dict(self.params), self.seed,
                                     Budget(*self.budget), self.cpu_time)
            except SolverFileError as exc:         # refused before it ran: the record says why
                result = visitor.refused(parse(self.text), self.source, dict(self.params), self.seed, str(exc))
            return record(self.puzzle, self.name, result, self.file)
        clock = time.process_time if self.cpu_time else time.perf_counter
        result = Run(parse(self.text), self.solver, dict(self.params), self.seed, Budget(*self.budget),
                     clock=clock).finish()
        return record(self.puzzle, self.name, result, self.file)

    def key(self) -> tuple[str, str, int, int]:
        return job_key(solver_ref.SolverRef(self.solver, self.source).name, dict(self.params), self.puzzle, self.seed)


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
    time it was given (the runner chooses Run's clock; solvers never read one). `files` holds
    the file each puzzle was read from, for the records (empty: none)."""

    puzzles: list[tuple[str, str]]
    solver: str | list[Entry]
    params: dict[str, Any] = field(default_factory=dict)
    runs: int = 1
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    generated: tuple[str, ...] = ()
    instances: int = 0
    cpu_time: bool = False
    files: tuple[str, ...] = ()
    source: SolverFile | None = None          # the solver file an entry `own` runs (--solver-file)
    sources: tuple[SolverFile, ...] = ()      # or several: an entry names one by `own@<sha256 prefix>`
    entries: list[Entry] = field(init=False)

    def __post_init__(self):
        self.sources = _distinct_texts([self.source] if self.source else [], self.sources)
        given = [Entry(self.solver)] if isinstance(self.solver, str) else list(self.solver)
        if not given:
            raise BenchError("an experiment needs at least one solver")
        self.entries = [self._resolve(e, i, len(given)) for i, e in enumerate(given, 1)]
        seen: dict[tuple[str, str], int] = {}
        for i, e in enumerate(self.entries, 1):
            k = (e.name, params_key(e.params))
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
            ref = solver_ref.resolve(entry.solver, self.sources)
            module = ref.module()
            resolved = solvers.resolve_params(module, given)
        except solvers.SolverError as exc:
            raise BenchError(f"{where}{exc}") from None
        for text, name in self.puzzles:          # values a puzzle cannot take (hall_sets past 9×9)
            try:
                solvers.resolve_params(module, given, parse(text))
            except solvers.SolverError as exc:
                raise BenchError(f"{where}{name}: {exc}") from None
        return Entry(ref.solver, resolved, self.seed if entry.seed is None else entry.seed, ref.source)

    def describe(self) -> dict[str, Any]:
        """What identifies the experiment: a resumed file must have been written by the same one.
        One entry is described as before entries existed, so older files still resume."""
        digest = hashlib.sha256("\n".join(t for t, _ in self.puzzles).encode()).hexdigest()[:16]
        if len(self.entries) == 1 and self.entries[0].seed == self.seed:
            who = {"solver": self.entries[0].solver, "params": self.entries[0].params}
        else:
            named = len(self.sources) > 1          # several texts: each entry names its own (one keeps today's form)
            who = {"entries": [{"solver": e.name if named else e.solver, "params": e.params, "seed": e.seed}
                               for e in self.entries]}
        out = {**who, "runs": self.runs, "seed": self.seed, "budget": {k: v for k, v in asdict(self.budget).items() if k != "stop_at"},   # (a replay's only)
               "puzzles": len(self.puzzles), "puzzles_sha256": digest}
        if self.generated:
            out.update(generate=list(self.generated), instances=self.instances)
        if self.cpu_time:
            out["clock"] = "cpu"
        used = [s for s in self.sources if any(e.source == s for e in self.entries)]
        if len(used) == 1:
            out["solver_file"], out["solver_sha256"] = used[0].name, used[0].sha256
        elif used:
            out["solver_files"] = [{"solver_file": s.name, "solver_sha256": s.sha256} for s in used]
        return out

    def jobs(self) -> list[Job]:
        b = self.budget
        budget = (b.max_iterations, b.max_evaluations, b.max_seconds)
        return [Job(i, name, text, e.solver, tuple(sorted(e.params.items())), e.seed + r, budget, self.cpu_time,
                    self.files[i] if self.files else None, e.source)
                for e in self.entries for i, (text, name) in enumerate(self.puzzles) for r in range(self.runs)]


def _distinct_texts(*given: Iterable[SolverFile]) -> tuple[SolverFile, ...]:
    """The solver files, each once; two files of one text are refused (they would run the same thing)."""
    out: dict[str, SolverFile] = {}
    for source in (s for group in given for s in group):
        first = out.setdefault(source.sha256, source)
        if first.name != source.name:
            raise BenchError(f"--solver-file {first.name} and {source.name} are the same text "
                             f"(sha256 {source.sha256[:solver_ref.PREFIX]}…): give it once, with more --runs")
    return tuple(out.values())


def job_key(solver: str, params: dict[str, Any], puzzle: int, seed: int) -> tuple[str, str, int, int]:
    """What names a run in an output file: its entry (solver, by its name: a visitor's text by
    its sha256's prefix, and parameters), puzzle and seed."""
    return (solver, params_key(params), puzzle, seed)


def record_key(rec: dict[str, Any]) -> tuple[str, str, int, int]:
    return job_key(solver_ref.of_record(rec), rec["params"], rec["puzzle"], rec["seed"])


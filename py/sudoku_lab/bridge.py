"""The worker's Python side: a JSON-in, JSON-out facade over the package.

``static/python/worker.js`` calls only these functions, with strings, and gets strings back, so
the JavaScript side never handles Python objects (no proxies to leak or destroy) and
the whole surface can be tested natively (tests/package/test_bridge.py). Every failure a user can
cause comes back as ``{"ok": false, "message": ...}``, never as an exception.
"""

from __future__ import annotations

import json
import platform
import time
from typing import Any, Generator

import numpy as np

from . import __version__, solvers
from .bench import RECORD_FIELDS
from .generate import generate_steps, parse_spec
from .frames import Stream
from .grid import PuzzleError, parse, validate
from .limits import MAX_EXCHANGE, MAX_WORKERS, TEAM_SOLVER
from .rate import RATE_SECONDS, rate_steps
from .run import RESULT_FIELDS, Budget, Run
from .several import member, workers_problem
from .several.team import Member, unsolvable
from .solver_file import ID as OWN, SolverFileError, load, stub_schema, templates
from .values import ValueProblem

_runs: dict[str, Stream] = {}     # one per run the worker drives (a race worker drives one)
_members: dict[str, Member] = {}  # of those, the members of runs on several workers (several/)
_progress: dict[str, dict] = {}   # what each task under way reports while it works (a rating's stage, nodes, seconds;
                                  # a generation's stage and cells removed)
_tasks: dict[str, Generator] = {}  # sliced tasks under way, one per kind: "rate", "generate", "tune"


def _dump(obj: Any) -> str:
    return json.dumps(obj, allow_nan=False, default=_default)


def _default(obj: Any):
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        return float(obj)
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    raise TypeError(f"cannot send {type(obj).__name__} to the page")


def hello() -> str:
    """Versions, the solver registry (and the menu's entry of a visitor's solver), the field lists
    of results and run records, and the visitor's starting templates, sent with the worker's
    `ready` message (the page's exports take their fields from these lists)."""
    return _dump({"versions": {"sudoku_lab": __version__, "python": platform.python_version(), "numpy": np.__version__},
                  "solvers": [*solvers.schemas(), stub_schema()], "result_fields": list(RESULT_FIELDS),
                  "record_fields": list(RECORD_FIELDS), "templates": templates()})


def _solver(req: dict):
    """The solver a request names: a built-in's id, or (``own``) the module of its `code`
    ({name, text}: the visitor's text, loaded through the run protocol; SolverFileError if not)."""
    solver = req.get("solver", "")
    if solver != OWN:
        return solver
    code = req.get("code") or {}
    return load(str(code.get("name") or ""), code.get("text") or "")


def _refusal(exc: solvers.SolverError) -> dict[str, Any]:
    """A refused solver or setting as the page reads it; a visitor's text names its line."""
    if isinstance(exc, SolverFileError):
        return {"ok": False, "field": "code", "message": str(exc), "line": exc.line}
    return {"ok": False, "field": exc.field, "message": str(exc)}


def own_schema(request_json: str) -> str:
    """Load a visitor's solver from {code: {name, text}}: {ok, schema, sha256} (its PARAMS become
    the form's fields), or {ok: false, field: "code", message, line} naming the line at fault."""
    req = json.loads(request_json)
    try:
        module = _solver({**req, "solver": OWN})
    except solvers.SolverError as exc:
        return _dump(_refusal(exc))
    return _dump({"ok": True, "schema": {**solvers.schema(module), "own": True}, "sha256": module.SOURCE.sha256})


def _puzzle_error(exc: PuzzleError) -> dict[str, Any]:
    return {"ok": False, "message": exc.message, "line": exc.line, "column": exc.column,
            "cells": list(exc.cells)}


def check(text: str) -> str:
    """Parse and validate a puzzle at once: {ok, n, puzzle, givens, cells?, message?} — `cells`
    and `message` name clashing givens. The solution count and the rating are a sliced task."""
    try:
        puzzle = parse(text)
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    out = {"ok": True, "n": puzzle.n, "puzzle": puzzle.to_string(), "givens": puzzle.given_count}
    try:
        validate(puzzle)
    except PuzzleError as exc:
        out.update(message=exc.message, cells=list(exc.cells))
    return _dump(out)


def task_start(kind: str, arg: str, max_seconds: float | None = None) -> str:
    """Begin a sliced task, replacing any task of the same kind: ``rate`` (a puzzle's rating,
    its solution count included; `arg` the puzzle; `max_seconds` its count's budget when a test
    asks for a shorter one, :func:`count_budget`) or ``generate`` (`arg` the generator's
    settings, ``16:0.45:7``) or ``tune`` (`arg` the request's JSON, tuning/sliced.py; scipy loaded
    first). Each is carried on by :func:`task_advance` in slices, so it never
    holds the worker for long; the first slice is run at once."""
    _tasks.pop(kind, None)
    _progress[kind] = {}
    try:
        if kind == "rate":
            steps = rate_steps(parse(arg), progress=_progress[kind], max_seconds=count_budget(max_seconds))
        elif kind == "generate":
            steps = generate_steps(parse_spec(arg), progress=_progress[kind])
        elif kind == "tune":
            from .tuning.sliced import tune_steps      # imports scipy, which the worker loads first
            steps = tune_steps(json.loads(arg), _progress[kind])
        else:
            return _dump({"ok": False, "message": f"no task {kind!r}"})
    except ValueError as exc:                           # PuzzleError, ValueProblem and TuneError among them
        return _dump(_task_refusal(exc))
    _tasks[kind] = steps
    return task_advance(kind, 0.0)


def _task_refusal(exc: ValueError) -> dict:
    """A task's request refused: its words, and the field at fault where one is."""
    if isinstance(exc, PuzzleError):
        return _puzzle_error(exc)
    if isinstance(exc, ValueProblem):
        return {"ok": False, "field": "g", "message": str(exc)}
    return {"ok": False, "field": getattr(exc, "field", None), "message": str(exc)}   # a tune's TuneError: its field


def tune_check(arg: str) -> str:
    """A tune's request (`arg` its JSON) checked as ``task_start`` would take it, without
    scipy (scipy_stats): the worker loads scipy for a tune only once this says ``ok``, so a
    refused request is answered at once."""
    from .tuning.sliced import request_input
    try:
        request_input(json.loads(arg))
    except ValueError as exc:
        return _dump(_task_refusal(exc))
    return _dump({"ok": True})


def count_budget(max_seconds: float | None) -> float:
    """A rating's count budget: rate.RATE_SECONDS, or the shorter one a test asked for (the page's
    `data-rate-seconds`, docs/page.md "Test hooks"); never longer, so no page waits past it."""
    return RATE_SECONDS if max_seconds is None else min(float(max_seconds), RATE_SECONDS)


def task_advance(kind: str, seconds: float) -> str:
    """Carry a task on for about `seconds` (at least one part): {ok, done: false} or
    {ok, done: true, result} — a rating's or a generated puzzle's to_json(), a tune's result."""
    steps = _tasks.get(kind)
    if steps is None:
        return _dump({"ok": False, "message": f"no {kind} under way"})
    until = time.perf_counter() + seconds
    while True:
        try:
            next(steps)
        except StopIteration as done:
            del _tasks[kind]
            result = done.value if kind == "tune" else done.value.to_json()
            if kind == "rate":
                result["summary"] = done.value.summary()       # the rating in words, for the page
            return _dump({"ok": True, "done": True, "result": result})
        if time.perf_counter() >= until:
            return _dump({"ok": True, "done": False, "progress": _progress.get(kind, {})})


def task_drop(kind: str) -> str:
    """Forget the task of that kind under way (the page no longer wants its answer: a puzzle
    set while a long generation went on); {ok}."""
    _tasks.pop(kind, None)
    _progress.pop(kind, None)
    return _dump({"ok": True})


def vet(request_json: str) -> str:
    """Check a puzzle, solver, parameters and seed together before anything runs:
    {ok} or {ok: false, field, message} naming the setting at fault in plain words."""
    req = json.loads(request_json)
    try:                # a Run checks all of it on construction; it is dropped unstarted
        Run(parse(req.get("puzzle", "")), _solver(req), req.get("params") or {}, req.get("seed", 0))
    except PuzzleError as exc:
        return _dump({**_puzzle_error(exc), "field": "puzzle"})
    except solvers.SolverError as exc:
        return _dump(_refusal(exc))
    return _dump({"ok": True})


def start(request_json: str) -> str:
    """Create a run from {runId, puzzle, solver, code? (a visitor's solver: {name, text}), params, seed, budget,
    frames?}; the first frame or an
    error. frames = "lite" leaves chart points and overlays out (a race lane or an experiment job)."""
    req = json.loads(request_json)
    run_id = str(req.get("runId"))
    try:
        puzzle = parse(req.get("puzzle", ""))
        validate(puzzle)
        run = Run(puzzle, _solver(req), req.get("params") or {}, req.get("seed", 0),
                  Budget.from_mapping(req.get("budget")))
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    except solvers.SolverError as exc:
        return _dump(_refusal(exc))
    except ValueError as exc:  # budget errors
        return _dump({"ok": False, "message": str(exc)})
    stream = Stream(run, lite=req.get("frames") == "lite")
    _runs[run_id] = stream
    return _dump({"ok": True, "params": run.params, "frame": stream.frame()})


def advance(run_id: str, seconds: float) -> str:
    """A slice of the run: {ok, frame}; a member of a run on several workers, at its barrier, adds its `report`."""
    stream = _runs.get(str(run_id))
    if stream is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    member = _members.get(str(run_id))
    frame = stream.advance(seconds, hold=member and (lambda: member.waiting))
    if stream.run.done:
        _runs.pop(str(run_id), None)
        _members.pop(str(run_id), None)
    out = {"ok": True, "frame": frame}
    if member is not None and member.waiting:
        out["report"] = member.report().to_json()
    return _dump(out)


def compare(request_json: str) -> str:
    """An experiment's statistics (docs/design.md, "Comparing entries") from {groups: {entry
    label: [record, …]}, max_seconds}: {ok, comparison}. The page asks only after the worker has
    loaded scipy, so comparison (which imports it) is imported here, not at the top."""
    from .comparison import compare as compare_entries
    req = json.loads(request_json)
    groups = req.get("groups")
    if not isinstance(groups, dict) or len(groups) < 2 or not all(isinstance(v, list) for v in groups.values()):
        return _dump({"ok": False, "message": "statistics need the records of two entries or more"})
    try:
        return _dump({"ok": True, "comparison": compare_entries(groups, req.get("max_seconds"))})
    except (KeyError, TypeError, ValueError) as exc:
        return _dump({"ok": False, "message": f"statistics could not be computed: a record is malformed ({exc})"})


def stop(run_id: str) -> str:
    stream = _runs.pop(str(run_id), None)
    _members.pop(str(run_id), None)
    if stream is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    return _dump({"ok": True, "frame": stream.stop()})


def _whole(req: dict, key: str, low: int, high: int) -> int:
    v = req.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ValueError(f"{key} must be a whole number from {low} to {high}, got {v!r}")
    return v


def member_start(request_json: str) -> str:
    """Worker `member` of a run on several workers (several/) from {runId, puzzle, solver? (alldiff_ls:
    a team; acs, alldiff_tabu: a portfolio), params, seed, member, workers, exchange, budget, frames?}: {ok, params, frame} — then `advance` streams it like a run up to each
    barrier — or {ok, result} when no worker can start (propagation proves the givens unsolvable).
    frames = "lite" as for `start` (a race lane's or an experiment job's run on several workers)."""
    req = json.loads(request_json)
    run_id = str(req.get("runId"))
    try:
        puzzle = parse(req.get("puzzle", ""))
        validate(puzzle)
        workers = _whole(req, "workers", 1, MAX_WORKERS)          # the limits table's bounds
        w = _whole(req, "member", 0, workers - 1)
        exchange = _whole(req, "exchange", 1, MAX_EXCHANGE)
        budget = Budget.from_mapping(req.get("budget"))
        solver = req.get("solver") or TEAM_SOLVER
        run = Run(puzzle, solver, req.get("params") or {}, req.get("seed", 0))   # checks solver, params and seed
        problem = workers_problem(solver, workers)
        if problem:
            return _dump({"ok": False, "field": "workers", "message": problem})
        one = member(puzzle, solver, run.params, run.seed, w, workers, exchange, budget)
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    except solvers.SolverError as exc:
        return _dump({"ok": False, "field": exc.field, "message": str(exc)})
    except ValueError as exc:  # budget, member, workers, exchange
        return _dump({"ok": False, "message": str(exc)})
    if one.failed:
        return _dump({"ok": True, "params": run.params,
                      "result": unsolvable(puzzle, run.params, run.seed, workers, 0.0).to_json()})
    stream = Stream(Run(puzzle, solver, run.params, run.seed, steps=one.steps()), lite=req.get("frames") == "lite")
    _runs[run_id] = stream
    _members[run_id] = one
    return _dump({"ok": True, "params": run.params, "frame": stream.frame()})


def member_cap(run_id: str, count: int) -> str:
    """Another member of the run solved at `count` (its moves or iterations, its report's
    `solved_at`): this member goes no further. {ok}; a run that has ended already is no fault."""
    member = _members.get(str(run_id))
    if member is not None:
        member.cap_at(int(count))
    return _dump({"ok": True})


def member_settle(run_id: str, request_json: str) -> str:
    """The barrier of a member waiting at one, from {reports (every member's, in worker
    order), elapsed (the run's seconds)}: {ok, result} when the run ends there (every member
    answers the same result), else {ok, done: false} and the member goes on."""
    member = _members.get(str(run_id))
    if member is None or not member.waiting:
        return _dump({"ok": False, "message": f"no run on several workers {run_id} waiting at a barrier"})
    req = json.loads(request_json)
    result = member.settle([member.Report.from_json(r) for r in req["reports"]], float(req["elapsed"]))
    if result is None:
        return _dump({"ok": True, "done": False})
    _runs.pop(str(run_id), None)
    _members.pop(str(run_id), None)
    return _dump({"ok": True, "done": True, "result": result.to_json()})

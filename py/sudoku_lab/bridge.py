"""The worker's Python side: a JSON-in, JSON-out facade over the package.

``static/worker.js`` calls only these functions, with strings, and gets strings back, so
the JavaScript side never handles Python objects (no proxies to leak or destroy) and
the whole surface can be tested natively (tests/test_bridge.py). Every failure a user can
cause comes back as ``{"ok": false, "message": ...}``, never as an exception.
"""

from __future__ import annotations

import json
import platform
from typing import Any

import numpy as np

from . import solvers
from .bench import RECORD_FIELDS
from .exact import Counter
from .frames import Stream
from .grid import PuzzleError, parse, validate
from .run import RESULT_FIELDS, Budget, Run

_runs: dict[str, Stream] = {}     # one per run the worker drives (a race worker drives one)
_count: Counter | None = None     # the solution count under way, if any


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
    """Versions, the solver registry and the field lists of results and run records, sent with
    the worker's `ready` message (the page's exports take their fields from these lists)."""
    return _dump({"versions": {"python": platform.python_version(), "numpy": np.__version__},
                  "solvers": solvers.schemas(), "result_fields": list(RESULT_FIELDS),
                  "record_fields": list(RECORD_FIELDS)})


def _puzzle_error(exc: PuzzleError) -> dict[str, Any]:
    return {"ok": False, "message": exc.message, "line": exc.line, "column": exc.column,
            "cells": list(exc.cells)}


def check(text: str) -> str:
    """Parse and validate a puzzle at once: {ok, n, puzzle, givens, cells?, message?} — `cells`
    and `message` name clashing givens. The solution count is a separate, sliced request."""
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


def count_start(text: str) -> str:
    """Begin counting a puzzle's solutions (replacing any count under way); the count is
    carried on by :func:`count_advance` in slices, so it never holds the worker for long.
    Clashing givens count as no solution at once."""
    global _count
    _count = None
    try:
        puzzle = parse(text)
        validate(puzzle)
    except PuzzleError as exc:
        return _dump({"ok": True, "done": True, "solutions": 0, "message": exc.message})
    _count = Counter(puzzle)
    return count_advance(0.0)


def count_advance(seconds: float) -> str:
    """Count for about `seconds`: {done, solutions (0/1/2, null if the search gave up), message?}."""
    global _count
    if _count is None:
        return _dump({"ok": False, "message": "no puzzle is being counted"})
    if not _count.advance(seconds):
        return _dump({"ok": True, "done": False, "nodes": _count.nodes})
    count, _count = _count.result(), None
    out = {"ok": True, "done": True, "solutions": count.solutions if count.complete else None}
    if count.solutions == 0 and count.complete:
        out["message"] = "This puzzle has no solution."
    return _dump(out)


def vet(request_json: str) -> str:
    """Check a puzzle, solver, parameters and seed together before anything runs:
    {ok} or {ok: false, field, message} naming the setting at fault in plain words."""
    req = json.loads(request_json)
    try:                # a Run checks all of it on construction; it is dropped unstarted
        Run(parse(req.get("puzzle", "")), req.get("solver", ""), req.get("params") or {}, req.get("seed", 0))
    except PuzzleError as exc:
        return _dump({**_puzzle_error(exc), "field": "puzzle"})
    except solvers.SolverError as exc:
        return _dump({"ok": False, "field": exc.field, "message": str(exc)})
    return _dump({"ok": True})


def start(request_json: str) -> str:
    """Create a run from {runId, puzzle, solver, params, seed, budget, frames?}; the first frame or an
    error. frames = "lite" leaves chart points and overlays out (a race lane or an experiment job)."""
    req = json.loads(request_json)
    run_id = str(req.get("runId"))
    try:
        puzzle = parse(req.get("puzzle", ""))
        validate(puzzle)
        run = Run(puzzle, req.get("solver", ""), req.get("params") or {}, req.get("seed", 0),
                  Budget.from_mapping(req.get("budget")))
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    except solvers.SolverError as exc:
        return _dump({"ok": False, "field": exc.field, "message": str(exc)})
    except ValueError as exc:  # budget errors
        return _dump({"ok": False, "message": str(exc)})
    stream = Stream(run, lite=req.get("frames") == "lite")
    _runs[run_id] = stream
    return _dump({"ok": True, "params": run.params, "frame": stream.frame()})


def advance(run_id: str, seconds: float) -> str:
    stream = _runs.get(str(run_id))
    if stream is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    frame = stream.advance(seconds)
    if stream.run.done:
        _runs.pop(str(run_id), None)
    return _dump({"ok": True, "frame": frame})


def stop(run_id: str) -> str:
    stream = _runs.pop(str(run_id), None)
    if stream is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    return _dump({"ok": True, "frame": stream.stop()})

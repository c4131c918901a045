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
from .exact import Counter
from .grid import PuzzleError, parse, validate
from .run import Budget, Run

_runs: dict[str, Run] = {}        # one per run the worker drives (a race worker drives one)
_check: Counter | None = None     # the solution count under way, if any


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
    """Versions and the solver registry, sent with the worker's `ready` message."""
    return _dump({"versions": {"python": platform.python_version(), "numpy": np.__version__},
                  "solvers": solvers.schemas()})


def _puzzle_error(exc: PuzzleError) -> dict[str, Any]:
    return {"ok": False, "message": exc.message, "line": exc.line, "column": exc.column,
            "cells": list(exc.cells)}


def check(text: str) -> str:
    """Parse and validate a puzzle; if it is valid, begin counting its solutions.

    The reply comes at once; the count (which can take seconds on a hard 16×16) is carried
    on by :func:`check_advance` in slices, so it never holds the worker.
    """
    global _check
    _check = None
    try:
        puzzle = parse(text)
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    out = {"ok": True, "n": puzzle.n, "puzzle": puzzle.to_string(), "givens": puzzle.given_count}
    try:
        validate(puzzle)
    except PuzzleError as exc:
        out.update(solutions=0, message=exc.message, cells=list(exc.cells), done=True)
        return _dump(out)
    _check = Counter(puzzle)
    out["done"] = False
    return _dump(out)


def check_advance(seconds: float) -> str:
    """Count for about `seconds`: {done, solutions (0/1/2, null if the search gave up), message?}."""
    global _check
    if _check is None:
        return _dump({"ok": False, "message": "no puzzle is being checked"})
    if not _check.advance(seconds):
        return _dump({"ok": True, "done": False, "nodes": _check.nodes})
    count, _check = _check.result(), None
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
    run.lite = req.get("frames") == "lite"
    _runs[run_id] = run
    return _dump({"ok": True, "params": run.params, "frame": run.frame()})


def advance(run_id: str, seconds: float) -> str:
    run = _runs.get(str(run_id))
    if run is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    frame = run.advance(seconds)
    if run.done:
        _runs.pop(str(run_id), None)
    return _dump({"ok": True, "frame": frame})


def stop(run_id: str) -> str:
    run = _runs.pop(str(run_id), None)
    if run is None:
        return _dump({"ok": False, "message": f"no run {run_id}"})
    run.stop()
    return _dump({"ok": True, "frame": run.frame()})

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
from .exact import count_solutions
from .grid import PuzzleError, parse, validate
from .run import Budget, Run

_runs: dict[str, Run] = {}


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
    """Parse, validate and count solutions (0, 1, 2 = several; null if the search gave up)."""
    try:
        puzzle = parse(text)
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    out = {"ok": True, "n": puzzle.n, "puzzle": puzzle.to_string(), "givens": puzzle.given_count}
    try:
        validate(puzzle)
    except PuzzleError as exc:
        out.update(solutions=0, message=exc.message, cells=list(exc.cells))
        return _dump(out)
    count = count_solutions(puzzle)
    out["solutions"] = count.solutions if count.complete else None
    if count.solutions == 0 and count.complete:
        out["message"] = "This puzzle has no solution."
    return _dump(out)


def start(request_json: str) -> str:
    """Create a run from {runId, puzzle, solver, params, seed, budget}; the first frame or an error."""
    req = json.loads(request_json)
    run_id = str(req.get("runId"))
    try:
        puzzle = parse(req.get("puzzle", ""))
        validate(puzzle)
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not str(seed).lstrip("-").isdigit():
            raise ValueError(f"the seed must be a whole number, got {seed!r}")
        run = Run(puzzle, req.get("solver", ""), req.get("params") or {}, int(seed),
                  Budget.from_mapping(req.get("budget")))
    except PuzzleError as exc:
        return _dump(_puzzle_error(exc))
    except ValueError as exc:  # SolverError and budget/seed errors
        return _dump({"ok": False, "message": str(exc)})
    _runs.clear()       # one run at a time: a new start replaces the old one
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

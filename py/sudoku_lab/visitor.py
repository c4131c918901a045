"""The trust boundary: the one place where the lab meets code it did not write, natively
(docs/visitor-solver.md, "The trust boundary"; the page's is static/python/visitor.js).

A visitor's solver text (a file given with ``--solver-file``, or a link's ``code=`` allowed with
``--run-link-code``) never runs in the lab's own process. Each request starts a child Python
process here, hands it one JSON request on stdin and reads one JSON answer from its stdout (the
visitor's own prints go to stderr). The child loads the text through ``solver_file`` and runs it
through the run protocol; whatever it answers is a claim. The claim is read here, in a process
the visitor's code never ran in: the board is read afresh and must be N·N values from 0 to N,
its conflicts and open cells are counted with the lab's own ``score``, and a run is ``solved``
only if the board is a solution of the puzzle. A "solved" the board does not bear out is a
wrong claim: the run ends as ``error`` saying what is wrong with the board. The counts
(iterations, evaluations, restarts, best) are the solver's own word and are shown as such; its
seconds are taken only within the child's measured lifetime.

A child that dies (a crash, ``os._exit``, memory) ends its run as ``error`` saying so; one that
holds its process past the time limit plus :data:`GRACE` seconds is killed. A child is used for
one request and ends with it, so nothing a visitor's run does outlives it. Started with
``subprocess`` (not ``multiprocessing``), it works from a Dask worker process too.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from .grid import Puzzle, PuzzleError, board_to_string, parse
from .run import STOP_REASONS, Budget, Result
from .score import clashing_cells, conflicts, fault, open_cells
from .solver_file import ID as OWN, SolverFile, SolverFileError, param_specs

GRACE = 30.0                  # seconds past the time limit before a child that never yields is killed
MESSAGE_CHARS = 2_000         # the longest message a child's answer may carry into a result
_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent)   # what the child needs on sys.path


RUN_LINK_CODE = "--run-link-code"   # the flag that runs a link's code natively: the visitor's word


def link_code_refusal(source: SolverFile) -> str:
    """What reading a link with code says when its code was not asked for: one line naming the
    code (its file name, size and sha256) and the flag that runs it."""
    return (f"link: it carries the code of its solver ({source.name}, {len(source.text):,} characters, "
            f"sha256 {source.sha256}); reading a link never runs code: add {RUN_LINK_CODE} to run it on this machine")


class VisitorError(SolverFileError):
    """The visitor's text was refused before it ran (its load, its parameters): says why, with
    the line of its text when there is one (`line`) and the setting at fault (`field`)."""

    def __init__(self, message: str, line: int | None = None, field: str = "solver"):
        super().__init__(message, line)
        self.field = field


def schema(source: SolverFile) -> dict[str, Any]:
    """The solver's schema (its title, PARAMS and objective) as the form and the bench read it,
    loaded in a child; VisitorError names the line of the text at fault."""
    return _schema(source.name, source.text)


@lru_cache(maxsize=8)
def _schema(name: str, text: str) -> dict[str, Any]:
    """Cached by text: an experiment reads its entry's schema for every label and check."""
    answer = _ask({"kind": "schema", "name": name, "text": text}, None)
    sch = answer.get("schema")
    if not isinstance(sch, dict) or not isinstance(sch.get("params"), list):
        raise VisitorError(f"{name}: its loader answered no schema")
    return sch


def stand_in(source: SolverFile) -> SimpleNamespace:
    """What the lab's own code may read of a visitor's solver without running it: its id, title
    and PARAMS (for resolving an entry's defaults), from its schema, whose PARAMS are checked
    here again (the child's answer is a claim too)."""
    sch = schema(source)
    params = param_specs(sch["params"], source.name)
    return SimpleNamespace(ID=OWN, TITLE=str(sch.get("title") or source.name), PARAMS=params, SOURCE=source)


def run(puzzle: Puzzle, source: SolverFile, params: dict[str, Any], seed: int, budget: Budget | None = None,
        cpu_time: bool = False) -> Result:
    """One run of the visitor's solver in a child process, its claims checked here."""
    budget = budget or Budget()
    request = {"kind": "run", "name": source.name, "text": source.text, "puzzle": puzzle.to_string(),
               "params": params, "seed": seed, "cpu_time": cpu_time,
               "budget": {"max_iterations": budget.max_iterations, "max_evaluations": budget.max_evaluations,
                          "max_seconds": budget.max_seconds, "stop_at": budget.stop_at}}
    limit = None if budget.max_seconds is None or budget.stop_at is not None else budget.max_seconds + GRACE
    started = time.perf_counter()
    try:
        answer = _ask(request, limit)
    except _ChildLost as lost:
        return _lost(puzzle, source, params, seed, str(lost), time.perf_counter() - started)
    return checked(puzzle, source, params, seed, answer.get("result"), time.perf_counter() - started)


def checked(puzzle: Puzzle, source: SolverFile, params: dict[str, Any], seed: int, claim: Any,
            lifetime: float) -> Result:
    """A child's result, as far as the lab can check it: the board read afresh and measured with
    the lab's own score; solved only if it is a solution; a false "solved" is a wrong claim."""
    if not isinstance(claim, dict):
        return _lost(puzzle, source, params, seed, "its process answered no result", lifetime)
    board, problem = _board(puzzle, claim.get("board"))
    if problem:
        return _lost(puzzle, source, params, seed, f"its result's board {problem}", lifetime)
    wrong = fault(puzzle, board)
    reason = claim.get("stop_reason") if claim.get("stop_reason") in STOP_REASONS else "error"
    message = str(claim.get("message") or "")[:MESSAGE_CHARS]
    if reason == "error" and not message:
        message = f"its result's stop reason {str(claim.get('stop_reason'))[:40]!r} is not one of {', '.join(STOP_REASONS)}"
    if wrong is None:
        reason, message = "solved", ""
    elif reason == "solved" or claim.get("solved") is True:
        reason, message = "error", f"claimed solved, but {wrong}"
    seconds = _number(claim.get("seconds"))
    return Result(solver=OWN, seed=seed, params=_params(claim.get("params"), params), solved=wrong is None,
                  board=board, conflicts=conflicts(board, puzzle.n),
                  open_cells=open_cells(board, puzzle.n, clashing_cells(board, puzzle.n)),
                  iterations=_count(claim.get("iterations")), evaluations=_count(claim.get("evaluations")),
                  seconds=seconds if 0 <= seconds <= lifetime else lifetime, stop_reason=reason,
                  restarts=_count(claim.get("restarts")), best=_number(claim.get("best"), None),
                  longest_step=min(max(_number(claim.get("longest_step")), 0.0), lifetime),
                  message=message, source=source)


# ---------------------------------------------------------------------------- reading a claim

def _board(puzzle: Puzzle, raw: Any) -> tuple[np.ndarray, str]:
    """The claimed board as N·N values from 0 to N (read by the lab's own reader), or what is
    wrong with it."""
    if not isinstance(raw, str) or len(raw) > 8 * puzzle.N * puzzle.N:
        return puzzle.cells.copy(), "is not a board's text"
    try:
        board = parse(raw).cells
    except PuzzleError as exc:
        return puzzle.cells.copy(), f"cannot be read ({exc.message})"
    if board.size != puzzle.N * puzzle.N:
        return puzzle.cells.copy(), f"has {board.size} cells, not {puzzle.N * puzzle.N}"
    return np.asarray(board, dtype=np.int8), ""


def _count(raw: Any) -> int:
    return int(raw) if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else 0


def _number(raw: Any, default: float | None = 0.0) -> float | None:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and math.isfinite(raw):
        return float(raw)
    return default


def _params(raw: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The parameters the child resolved (defaults filled in), when they are plain JSON values."""
    if isinstance(raw, dict) and all(isinstance(k, str) and isinstance(v, (int, float, str, bool)) for k, v in raw.items()):
        return dict(raw)
    return dict(given)


def _lost(puzzle: Puzzle, source: SolverFile, params: dict[str, Any], seed: int, why: str, lifetime: float) -> Result:
    return refused(puzzle, source, params, seed, f"{source.name}: {why}", lifetime)


def refused(puzzle: Puzzle, source: SolverFile, params: dict[str, Any], seed: int, message: str,
            seconds: float = 0.0) -> Result:
    """A run of the visitor's solver that ended as ``error`` without a board of its own (refused
    before it ran, or its process lost): the puzzle as its board, and why."""
    board = puzzle.cells.copy()
    return Result(solver=OWN, seed=seed, params=dict(params), solved=False, board=board,
                  conflicts=conflicts(board, puzzle.n),
                  open_cells=open_cells(board, puzzle.n, clashing_cells(board, puzzle.n)),
                  iterations=0, evaluations=0, seconds=seconds, stop_reason="error",
                  message=message, source=source)


# ---------------------------------------------------------------------------- the child

class _ChildLost(Exception):
    """The child ended without an answer the lab can read."""


def _ask(request: dict[str, Any], limit: float | None) -> dict[str, Any]:
    """Start a child, send it the request, read its one answer. A refusal (the text's load,
    its parameters) is raised as VisitorError; a child that dies or hangs, as _ChildLost."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [_PACKAGE_ROOT, os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-c", "from sudoku_lab.visitor import serve; serve()"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    try:
        out, _ = child.communicate(json.dumps(request).encode(), timeout=limit)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise _ChildLost(f"it held its process for {limit:g} s without yielding (the time limit and "
                         f"{GRACE:g} s more), so the process was ended") from None
    try:
        answer = json.loads(out.decode("utf-8").strip().splitlines()[-1])
    except (ValueError, IndexError, UnicodeDecodeError):
        answer = None
    if not isinstance(answer, dict):
        code = child.returncode
        what = (f"killed by signal {-code}" if code < 0 else f"exit code {code}") if code else "no answer"
        raise _ChildLost(f"its process ended without a result ({what}; out of memory, a crash, or an exit)")
    if answer.get("ok") is False:
        line = answer.get("line") if isinstance(answer.get("line"), int) else None
        field = answer.get("field") if isinstance(answer.get("field"), str) else "solver"
        raise VisitorError(str(answer.get("message") or "refused")[:MESSAGE_CHARS], line, field)
    return answer


def serve() -> None:
    """The child's side: one request on stdin, one JSON answer on the stdout it was started
    with. The visitor's prints go to stderr, so they cannot mix with the answer."""
    answer_to = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    answer = _answer(json.loads(sys.stdin.read()))
    answer_to.write(json.dumps(answer) + "\n")
    answer_to.flush()


def _answer(req: dict[str, Any]) -> dict[str, Any]:
    from . import solvers
    from .run import Run
    from .solver_file import load
    try:
        module = load(req["name"], req["text"])
        if req["kind"] == "schema":
            return {"ok": True, "schema": solvers.schema(module)}
        clock = time.process_time if req.get("cpu_time") else time.perf_counter
        result = Run(parse(req["puzzle"]), module, req["params"], req["seed"],
                     Budget.from_mapping(req["budget"]), clock=clock).finish()
    except solvers.SolverError as exc:
        return {"ok": False, "message": str(exc), "line": getattr(exc, "line", None), "field": exc.field}
    except ValueError as exc:           # a budget the request could not hold (the lab's own request)
        return {"ok": False, "message": str(exc), "field": "budget"}
    return {"ok": True, "result": {**result.to_json(), "board": board_to_string(result.board)}}

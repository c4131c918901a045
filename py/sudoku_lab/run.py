"""The run protocol (docs/protocol.md, "The run protocol"): one object drives any solver under a budget.

Solvers are generators that yield a :class:`Progress` per natural step (or ``PAUSE``
between the parts of a long one) and never look at a clock. :class:`Run` owns everything
around them: parameter resolution and the puzzle-dependent parameter checks, the seeded
generator, budgets, the measures every solver shares (``conflicts`` and ``open_cells``,
computed here from the solver's best board, never taken from the solver), the
verification of a ``solved`` claim, the longest single step (the page's responsiveness
depends on it) and the final :class:`Result`. The CLI, the benchmarks, the tests and the
worker all run solvers through this one code path; the page's progress frames are built on
the worker's side (``frames.Stream``), so a native run keeps nothing it does not need.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterator, Mapping

import numpy as np

from . import solvers
from .grid import Puzzle, board_to_string
from .limits import STOP_REASONS as STOP_STATES
from .progress import PAUSE, Progress
from .score import clashing_cells, conflicts, fault, is_solution, open_cells
from .solver_file import describe

STOP_REASONS = tuple(STOP_STATES)             # the limits table's, with the page's state of each
# A result's fields in order (docs/protocol.md, "The run protocol"): the one list that `solve
# --json`, the bench records and the page's exports take their fields from (the page gets
# it with the worker's `ready`). `message` is there only when there is one, `kind` only for a run on
# several workers ("team" or "portfolio": several.kind_of).
RESULT_FIELDS = ("solver", "seed", "params", "solved", "board", "conflicts", "open_cells", "best",
                 "iterations", "evaluations", "seconds", "stop_reason", "restarts", "longest_step", "message",
                 "kind", "solver_file", "solver_sha256")
# A visitor's run (solver_file) also names its text: the file's name and the sha256 of the text.
SOURCE_FIELDS = ("solver_file", "solver_sha256")
SOLVE_FIELDS = RESULT_FIELDS[:RESULT_FIELDS.index("restarts")]     # what `solve --json` prints


@dataclass
class Budget:
    """Whichever limit comes first ends the run; None means no limit.

    ``max_iterations`` (the step budget) and ``max_evaluations`` are checked at each step, so
    they end a run at the same step however loaded the machine is. ``stop_at``, the stop point,
    replays a run that Stop or its time limit ended: the run ends at its first step whose
    iteration reaches it, and the time limit no longer applies (docs/protocol.md, "The run protocol").
    """

    max_iterations: int | None = None
    max_evaluations: int | None = None
    max_seconds: float | None = None
    stop_at: int | None = None

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any] | None) -> "Budget":
        m = m or {}

        def num(key, kind):
            v = m.get(key)
            if v in (None, "", 0):
                return None
            try:
                v = kind(v)
            except (TypeError, ValueError):
                raise ValueError(f"budget {key} must be a number, got {m.get(key)!r}") from None
            if v <= 0:
                raise ValueError(f"budget {key} must be positive, got {v}")
            return v

        stop_at = m.get("stop_at")
        if stop_at is not None:
            if isinstance(stop_at, bool) or not isinstance(stop_at, int) or stop_at < 0:
                raise ValueError(f"budget stop_at must be a whole number from 0, got {stop_at!r}")
        return cls(num("max_iterations", int), num("max_evaluations", int), num("max_seconds", float), stop_at)


@dataclass
class Result:
    solver: str
    seed: int
    params: dict[str, Any]
    solved: bool
    board: np.ndarray
    conflicts: int
    open_cells: int
    iterations: int
    evaluations: int
    seconds: float
    stop_reason: str
    restarts: int = 0
    best: float | None = None          # the solver's own objective at the end
    longest_step: float = 0.0          # seconds, the longest the solver held control
    message: str = ""
    kind: str | None = None            # a run on several workers: "team" or "portfolio" (several/)
    source: Any = None                 # a visitor's solver_file.SolverFile: named by file and hash

    def to_json(self) -> dict[str, Any]:
        d = {
            "solver": self.solver, "seed": self.seed, "params": self.params, "solved": self.solved,
            "board": board_to_string(self.board), "conflicts": self.conflicts,
            "open_cells": self.open_cells,
            "best": self.best if self.best is None or np.isfinite(self.best) else None,
            "iterations": self.iterations, "evaluations": self.evaluations,
            "seconds": round(self.seconds, 6), "stop_reason": self.stop_reason,
            "restarts": self.restarts, "longest_step": round(self.longest_step, 6),
        }
        if self.message:
            d["message"] = self.message
        if self.kind:
            d["kind"] = self.kind
        if self.source is not None:
            d.update(solver_file=self.source.name, solver_sha256=self.source.sha256)
        return d


class Run:
    """One solver run. Drive it with :meth:`tick`, :meth:`step` or :meth:`finish`, or iterate
    over it: each solver step's Progress until the run ends, then read :attr:`result`."""

    def __init__(self, puzzle: Puzzle, solver_id: str | ModuleType, params: Mapping[str, Any] | None = None,
                 seed: int = 0, budget: Budget | None = None,
                 clock: Callable[[], float] = time.perf_counter, steps: Iterator[Progress | None] | None = None):
        """`solver_id`: a built-in's id, or a solver module (a visitor's: solver_file.load).
        `steps`: the steps to drive instead of the solver's own run (a member's of a run on several
        workers in the page, several/: Member.steps); the solver still names the parameters and the objective."""
        self.puzzle = puzzle
        self.module = solver_id if isinstance(solver_id, ModuleType) else solvers.get(solver_id)
        self.source = getattr(self.module, "SOURCE", None)     # a visitor's text (solver_file.SolverFile)
        self.params = solvers.resolve_params(self.module, params or {}, puzzle)
        self.seed = solvers.check_seed(seed)
        self.objective = solvers.objective(self.module, puzzle, self.params)
        self.budget = budget or Budget()
        self.clock = clock
        self.started = clock()
        self.last: Progress | None = None
        self.result: Result | None = None
        self.longest_step = 0.0
        self._conflicts: int | None = None           # of `last`'s board, computed when first asked
        self._clashing: np.ndarray | None = None     # its clashing cells, likewise
        self._gen: Iterator[Progress] = steps if steps is not None else self.module.run(
            puzzle, self.params, np.random.default_rng(self.seed))
        self._sent = not hasattr(self._gen, "send")  # a generator is started by next(), then sent the hint

    # ------------------------------------------------------------------ driving
    @property
    def done(self) -> bool:
        return self.result is not None

    def elapsed(self) -> float:
        return self.clock() - self.started

    def tick(self) -> Progress | None:
        """Give the solver control once: a new Progress, or None (it paused, or the run ended)."""
        if self.done:
            return None
        t0 = self.clock()
        p, ended = PAUSE, None
        try:
            # each yield but the first answers with the steps left (the hint a batching solver may honour)
            if self._sent and hasattr(self._gen, "send"):
                p = self._gen.send(self.steps_left())
            else:
                p = next(self._gen)
                self._sent = True
        except StopIteration as stop:       # a reason, or (reason, message) e.g. ("unsolvable", why)
            value = stop.value or "stalled"
            ended = value if isinstance(value, tuple) else (value, "")
        except solvers.SolverError as exc:   # the solver refuses this puzzle: say why, plainly
            ended = ("error", str(exc))
        except Exception as exc:  # a solver bug must end the run, not the worker
            ended = ("error", describe(exc, self.source.name) if self.source else f"{type(exc).__name__}: {exc}")
        self.longest_step = max(self.longest_step, self.clock() - t0)
        if ended and ended[0] == "solved":
            ended = self._claim()
        if ended:
            self._finish(*ended)
            return None
        if p is PAUSE:
            if self._out_of_time():
                self._finish("budget")
            return None
        if self.source is not None:          # a visitor's step is checked before anything reads it
            p, problem = self._checked(p)
            if problem:
                self._finish("error", problem)
                return None
        self.last = p
        self._conflicts = self._clashing = None
        if bool(np.all(p.board > 0)) and self._board_conflicts() == 0:
            if is_solution(self.puzzle, p.board):
                self._finish("solved")
            else:
                self._finish("error", f"claimed solved, but {fault(self.puzzle, p.board)}")
        elif self.budget.stop_at is not None and p.iteration >= self.budget.stop_at:
            self._finish("stopped")
        elif self._over_budget(p):
            self._finish("budget")
        return p

    def steps_left(self) -> int | None:
        """The steps left before the step budget or the stop point, whichever comes first (None:
        neither is set). A solver that counts its steps in batches (exact_search's nodes) may take
        it as the value of its `yield` and cap its next batch to it, so the run ends at the budget
        exactly; one that does not ends at the batch that reaches it (docs/protocol.md, "The run protocol")."""
        ends = [b for b in (self.budget.max_iterations, self.budget.stop_at) if b is not None]
        if not ends:
            return None
        return max(min(ends) - (self.last.iteration if self.last is not None else 0), 1)

    def step(self) -> Progress | None:
        """Advance the solver one natural step (through any pauses); None once the run has ended."""
        while not self.done:
            p = self.tick()
            if p is not None:
                return p
        return None

    def __iter__(self) -> Iterator[Progress]:
        while (p := self.step()) is not None:
            yield p

    def _board(self) -> np.ndarray:
        return self.last.board if self.last is not None else self.puzzle.cells

    def _board_conflicts(self) -> int:
        """Conflicts of the latest best board; the completeness check needs only this, every step."""
        if self._conflicts is None:
            self._conflicts = conflicts(self._board(), self.puzzle.n)
        return self._conflicts

    def clashing(self) -> np.ndarray:
        """The latest best board's clashing cells: for open_cells and the page's marks."""
        if self._clashing is None:
            self._clashing = clashing_cells(self._board(), self.puzzle.n)
        return self._clashing

    def measures(self) -> tuple[int, int]:
        """(conflicts, open_cells) of the latest best board."""
        return self._board_conflicts(), open_cells(self._board(), self.puzzle.n, self.clashing())

    def finish(self) -> Result:
        """Run to the end (solved, stalled or budget)."""
        while not self.done:
            self.tick()
        return self.result

    def stop(self) -> Result:
        if not self.done:
            self._finish("stopped")
        return self.result

    # ------------------------------------------------------------------ internals
    def _claim(self) -> tuple[str, str]:
        """A solver that returns "solved" is believed only if its latest board is a solution:
        "claimed solved, but row 3 has 7 twice" otherwise (never shown as solved)."""
        problem = fault(self.puzzle, self._board())
        return ("solved", "") if problem is None else ("error", f"claimed solved, but {problem}")

    def _checked(self, p: Any) -> tuple[Any, str]:
        """A visitor's yield as the runner needs it: a Progress whose board is N·N values from 0
        to N (a list or an N×N array is taken as such), or the problem in words."""
        name, N = self.source.name, self.puzzle.N
        if not isinstance(p, Progress):
            return p, f"{name}: run yielded {type(p).__name__}, not a Progress (or PAUSE)"
        try:
            board = np.asarray(p.board, dtype=np.int64).reshape(-1)
        except (TypeError, ValueError):
            return p, f"{name}: a Progress board must be N·N whole numbers; got {type(p.board).__name__}"
        if board.size != N * N:
            return p, f"{name}: a Progress board of this {N}×{N} puzzle has {N * N} values, not {board.size}"
        if board.min() < 0 or board.max() > N:
            return p, f"{name}: a Progress board holds values from 0 (empty) to {N}; got {int(board.min() if board.min() < 0 else board.max())}"
        for key in ("iteration", "evaluations"):
            if isinstance(getattr(p, key), bool) or not isinstance(getattr(p, key), (int, np.integer)):
                return p, f"{name}: Progress {key} must be a whole number; got {getattr(p, key)!r}"
        try:
            best = float(p.best)
        except (TypeError, ValueError):
            return p, f"{name}: Progress best must be a number; got {p.best!r}"
        if not isinstance(p.series, dict):
            return p, f"{name}: Progress series must be a dict of name -> number"
        if self.last is not None and p.iteration < self.last.iteration:
            return p, f"{name}: Progress iteration went back from {self.last.iteration} to {p.iteration}"
        try:
            series = {str(k): float(v) for k, v in p.series.items()}
        except (TypeError, ValueError):
            return p, f"{name}: Progress series must be a dict of name -> number; got {p.series!r:.80}"
        event = None if p.event is None else str(p.event)
        return Progress(int(p.iteration), int(p.evaluations), best, board.astype(np.int8),
                        series, int(p.restarts), event), ""   # a visitor's overlay is not drawn

    def _out_of_time(self) -> bool:
        """The time limit is reached; a run with a stop point has none (it replays to that step)."""
        b = self.budget
        return b.max_seconds is not None and b.stop_at is None and self.elapsed() >= b.max_seconds

    def _over_budget(self, p: Progress) -> bool:
        b = self.budget
        return ((b.max_iterations is not None and p.iteration >= b.max_iterations)
                or (b.max_evaluations is not None and p.evaluations >= b.max_evaluations)
                or self._out_of_time())

    def _finish(self, reason: str, message: str = "") -> None:
        self.result = self.snapshot(reason, message)

    def snapshot(self, reason: str, message: str = "") -> Result:
        """The result the run would have if it ended now, without ending it (a portfolio member's
        report at a barrier: several/portfolio.py)."""
        if self.result is not None:
            return self.result
        p = self.last
        board = p.board if p is not None else self.puzzle.cells
        n_conflicts, n_open = self.measures()
        return Result(
            solver=self.module.ID, seed=self.seed, params=dict(self.params),
            solved=reason == "solved", board=np.array(board, dtype=np.int8),
            conflicts=n_conflicts, open_cells=n_open,
            iterations=p.iteration if p is not None else 0,
            evaluations=p.evaluations if p is not None else 0,
            seconds=self.elapsed(), stop_reason=reason,
            restarts=p.restarts if p is not None else 0,
            best=float(p.best) if p is not None else None,
            longest_step=self.longest_step, message=message, source=self.source)

"""The run protocol (DESIGN.md §2): one object drives any solver under a budget.

Solvers are generators that yield a :class:`Progress` per natural step and never look at a
clock. :class:`Run` owns everything around them: parameter resolution, the seeded
generator, budgets, the verification of a ``solved`` claim, the final :class:`Result`,
and the frames the browser worker streams to the page (``advance``), so the CLI, the
benchmarks, the tests and the worker all run solvers through the same code path.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

import numpy as np

from . import solvers
from .grid import Puzzle, board_to_string
from .progress import Progress
from .score import conflict_cells, is_solution

STOP_REASONS = ("solved", "budget", "stalled", "stopped", "error")


@dataclass
class Budget:
    """Whichever limit comes first ends the run; None means no limit."""

    max_iterations: int | None = None
    max_evaluations: int | None = None
    max_seconds: float | None = None

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

        return cls(num("max_iterations", int), num("max_evaluations", int), num("max_seconds", float))


@dataclass
class Result:
    solver: str
    seed: int
    params: dict[str, Any]
    solved: bool
    board: np.ndarray
    conflicts: int
    iterations: int
    evaluations: int
    seconds: float
    stop_reason: str
    restarts: int = 0
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        d = {
            "solver": self.solver, "seed": self.seed, "params": self.params, "solved": self.solved,
            "board": board_to_string(self.board), "conflicts": self.conflicts,
            "iterations": self.iterations, "evaluations": self.evaluations,
            "seconds": round(self.seconds, 6), "stop_reason": self.stop_reason,
            "restarts": self.restarts,
        }
        if self.message:
            d["message"] = self.message
        return d


class Run:
    """One solver run. Drive it with :meth:`step`, :meth:`advance` or :meth:`finish`."""

    MAX_POINTS_PER_FRAME = 60

    def __init__(self, puzzle: Puzzle, solver_id: str, params: Mapping[str, Any] | None = None,
                 seed: int = 0, budget: Budget | None = None,
                 clock: Callable[[], float] = time.perf_counter):
        self.puzzle = puzzle
        self.module = solvers.get(solver_id)
        self.params = solvers.resolve_params(self.module, params or {})
        self.seed = int(seed)
        self.budget = budget or Budget()
        self.clock = clock
        self.started = clock()
        self.last: Progress | None = None
        self.result: Result | None = None
        self._gen: Iterator[Progress] = self.module.run(puzzle, self.params, np.random.default_rng(self.seed))
        self._points: list[list[float]] = []
        self._events: list[dict[str, Any]] = []
        self._series_names: list[str] | None = None

    # ------------------------------------------------------------------ driving
    @property
    def done(self) -> bool:
        return self.result is not None

    def elapsed(self) -> float:
        return self.clock() - self.started

    def step(self) -> Progress | None:
        """Advance the solver one natural step; None once the run has ended."""
        if self.done:
            return None
        try:
            p = next(self._gen)
        except StopIteration as stop:
            self._finish(stop.value or "stalled")
            return None
        except Exception as exc:  # a solver bug must end the run, not the worker
            self._finish("error", f"{type(exc).__name__}: {exc}")
            return None
        self.last = p
        self._record(p)
        if p.is_complete():
            if is_solution(self.puzzle, p.board):
                self._finish("solved")
            else:
                self._finish("error", "the solver claimed a solution that does not keep the givens")
        elif self._over_budget(p):
            self._finish("budget")
        return p

    def finish(self) -> Result:
        """Run to the end (solved, stalled or budget)."""
        while not self.done:
            self.step()
        return self.result

    def stop(self) -> Result:
        if not self.done:
            self._finish("stopped")
        return self.result

    def advance(self, seconds: float) -> dict[str, Any]:
        """Run steps for about `seconds`, then return one frame for the page (JSON-ready)."""
        until = self.clock() + seconds
        while not self.done:
            self.step()
            if self.clock() >= until:
                break
        return self.frame()

    # ------------------------------------------------------------------ internals
    def _over_budget(self, p: Progress) -> bool:
        b = self.budget
        return ((b.max_iterations is not None and p.iteration >= b.max_iterations)
                or (b.max_evaluations is not None and p.evaluations >= b.max_evaluations)
                or (b.max_seconds is not None and self.elapsed() >= b.max_seconds))

    def _record(self, p: Progress) -> None:
        if self._series_names is None:
            self._series_names = list(p.series)
        self._points.append([p.iteration] + [float(p.series.get(k, np.nan)) for k in self._series_names])
        if p.event:
            self._events.append({"iteration": p.iteration, "kind": p.event})

    def _finish(self, reason: str, message: str = "") -> None:
        p = self.last
        board = p.board if p is not None else self.puzzle.cells
        self.result = Result(
            solver=self.module.ID, seed=self.seed, params=dict(self.params),
            solved=reason == "solved", board=np.array(board, dtype=np.int8),
            conflicts=p.conflicts if p is not None else 0,
            iterations=p.iteration if p is not None else 0,
            evaluations=p.evaluations if p is not None else 0,
            seconds=self.elapsed(), stop_reason=reason,
            restarts=p.restarts if p is not None else 0, message=message)

    def _board_view(self, board) -> dict[str, Any]:
        """A board as the page draws it: its cells as a string and its clashing cells."""
        return {"board": board_to_string(board),
                "conflict_cells": np.flatnonzero(conflict_cells(board, self.puzzle.n)).tolist()}

    def _overlay(self, overlay: dict[str, Any] | None) -> dict[str, Any] | None:
        """Extra boards a solver offers (e.g. the crowd's aggregate) go out like the main one."""
        if not overlay or "boards" not in overlay:
            return overlay
        boards = {name: self._board_view(b) for name, b in overlay["boards"].items() if b is not None}
        return {**overlay, "boards": boards}

    def frame(self) -> dict[str, Any]:
        """The latest state plus the chart points since the previous frame (thinned)."""
        points, self._points = self._points, []
        if len(points) > self.MAX_POINTS_PER_FRAME:
            keep = np.linspace(0, len(points) - 1, self.MAX_POINTS_PER_FRAME).round().astype(int)
            points = [points[i] for i in keep]
        events, self._events = self._events, []
        out: dict[str, Any] = {"points": points, "events": events,
                               "series": self._series_names or [], "elapsed": self.elapsed()}
        p = self.last
        if p is not None:
            out["progress"] = {
                "iteration": p.iteration, "evaluations": p.evaluations, "best": float(p.best),
                "conflicts": int(p.conflicts), "restarts": p.restarts,
                **self._board_view(p.board),
                "overlay": self._overlay(p.overlay),
            }
        if self.result is not None:
            out["result"] = self.result.to_json()
        return out

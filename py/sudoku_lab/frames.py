"""The page's progress frames (docs/protocol.md, "Worker messages"): the worker's side of a run.

A :class:`Stream` drives a :class:`~sudoku_lab.run.Run` for a slice of time and turns what it
did into one frame: the latest state (board, clashing cells, common measures, the solver's
extras) and the chart rows since the previous frame, thinned. Frames exist only here, on
the worker's side: a native run (CLI, bench, tests) keeps no chart rows that nobody reads.

"No value" is JSON ``null``, decided here once: a series value that is missing or NaN in a
step becomes ``None`` in the frame's rows, and the page's chart draws a gap there.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .grid import board_to_string
from .progress import Progress
from .run import Run
from .score import clashing_cells, empty_cells


def _value(x: Any) -> float | None:
    """A series value as the page receives it: a number, or None for "no value"."""
    if x is None:
        return None
    x = float(x)
    return None if math.isnan(x) or math.isinf(x) else x


class Stream:
    """A run as the page sees it. ``lite`` frames (race lanes, experiment jobs) leave the chart
    rows and the solver's extras out: only the latest state and the measures travel, plus a
    ``trace`` of (seconds, open cells) samples — a race's chart draws each lane's trajectory
    from them, not a line between two frames."""

    MAX_POINTS_PER_FRAME = 60
    TRACE_EVERY = 0.004       # seconds between two samples of a lite frame's trace (≤ ~9 per slice)

    def __init__(self, run: Run, lite: bool = False):
        self.run = run
        self.lite = lite
        self._points: list[list[float | None]] = []
        self._events: list[dict[str, Any]] = []
        self._series: list[str] | None = None
        self._trace: list[list[float]] = []
        self._traced_at = -1.0

    def _record(self, p: Progress) -> None:
        if self.lite:
            t = self.run.elapsed()
            if t - self._traced_at >= self.TRACE_EVERY or self.run.done:
                self._traced_at = t
                self._trace.append([round(t, 6), self.run.measures()[1]])
            return
        if self._series is None:
            self._series = list(p.series)
        self._points.append([p.iteration] + [_value(p.series.get(k)) for k in self._series])
        if p.event:
            self._events.append({"iteration": p.iteration, "kind": p.event})

    def advance(self, seconds: float, hold=None) -> dict[str, Any]:
        """Run for about `seconds` (at least one step of the solver), then one frame; `hold()`
        true ends the slice at once (a member of a run on several workers waiting at a barrier: several/)."""
        run = self.run
        until = run.clock() + seconds
        while not run.done and not (hold and hold()):
            p = run.tick()
            if p is not None:
                self._record(p)
            if run.clock() >= until:
                break
        return self.frame()

    def _take_trace(self) -> list[list[float]]:
        trace, self._trace = self._trace, []
        return trace

    def stop(self) -> dict[str, Any]:
        self.run.stop()
        return self.frame()

    def _board_view(self, board, clashing: np.ndarray | None = None) -> dict[str, Any]:
        """A board as the page draws it: its cells as a string and its clashing cells."""
        if clashing is None:
            clashing = clashing_cells(board, self.run.puzzle.n)
        return {"board": board_to_string(board), "clashing_at": np.flatnonzero(clashing).tolist()}

    def _overlay(self, overlay: dict[str, Any] | None) -> dict[str, Any] | None:
        """Extra boards a solver offers (e.g. the crowd's aggregate) go out like the main one."""
        if self.lite or not overlay:
            return None
        if "boards" not in overlay:
            return overlay
        boards = {name: self._board_view(b) for name, b in overlay["boards"].items() if b is not None}
        return {**overlay, "boards": boards}

    def frame(self) -> dict[str, Any]:
        """The latest state plus the chart rows since the previous frame (at most
        MAX_POINTS_PER_FRAME, evenly thinned)."""
        run = self.run
        points, self._points = self._points, []
        if len(points) > self.MAX_POINTS_PER_FRAME:
            keep = np.linspace(0, len(points) - 1, self.MAX_POINTS_PER_FRAME).round().astype(int)
            points = [points[i] for i in keep]
        events, self._events = self._events, []
        out: dict[str, Any] = {"points": points, "events": events, "series": self._series or [],
                               **({"trace": self._take_trace()} if self.lite else {}),
                               "elapsed": run.elapsed(), "objective": run.objective,
                               "longest_step": run.longest_step}
        p = run.last
        if p is not None:
            n_conflicts, n_open = run.measures()
            out["progress"] = {
                "iteration": p.iteration, "evaluations": p.evaluations, "best": _value(p.best),
                "conflicts": n_conflicts, "open_cells": n_open, "restarts": p.restarts,
                # open_cells named apart: the empty cells and the clashing ones
                "empty_cells": empty_cells(p.board), "clashing_cells": int(np.count_nonzero(run.clashing())),
                **self._board_view(p.board, run.clashing()),
                "overlay": self._overlay(p.overlay),
            }
        if run.result is not None:
            out["result"] = run.result.to_json()
        return out

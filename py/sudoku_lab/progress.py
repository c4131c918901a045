"""What a solver yields at every natural step: the one type solvers and the runner share.

Kept apart from ``run`` so that solver modules depend on this small type only, and the
runner (which imports the registry) can depend on the solvers without a cycle.

A solver reports its own objective (``best``) and its best board; the measures every solver
shares (``conflicts``, ``open_cells``) are computed by the runner from that board
(:func:`measures`), so no solver can report them wrongly. A solver whose natural step can
take longer than one of the page's slices yields ``PAUSE`` between parts of it: the runner
then checks its budgets and hands control back (docs/protocol.md, "The run protocol").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generator, TypeVar

import numpy as np


T = TypeVar("T")


@dataclass
class Progress:
    iteration: int
    evaluations: int
    best: float
    board: np.ndarray
    series: dict[str, float]
    restarts: int = 0
    event: str | None = None          # marked on the chart, e.g. "restart"
    overlay: dict[str, Any] | None = None


PAUSE = None
"""Yielded between the parts of a long step: not a step, only a chance to stop."""


def complete(parts: Generator[None, None, T]) -> T:
    """Run a generator of pauses to the end and return what it returns."""
    while True:
        try:
            next(parts)
        except StopIteration as done:
            return done.value

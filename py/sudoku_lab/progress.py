"""What a solver yields at every natural step: the one type solvers and the runner share.

Kept apart from ``run`` so that solver modules depend on this small type only, and the
runner (which imports the registry) can depend on the solvers without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Progress:
    iteration: int
    evaluations: int
    best: float
    conflicts: int
    board: np.ndarray
    series: dict[str, float]
    restarts: int = 0
    event: str | None = None          # marked on the chart, e.g. "restart"
    overlay: dict[str, Any] | None = None

    def is_complete(self) -> bool:
        return self.conflicts == 0 and bool(np.all(self.board > 0))

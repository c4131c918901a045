"""Summaries of many runs: success rates with a 95% Wilson interval, quartiles, and the
fraction solved against time (an empirical distribution function of the solved runs).

The one home of these statistics natively: ``bench`` reports with them, and the page's
``static/rules/stats.js`` is held to the same cases (``tests/stats_cases.json``), so a
native experiment and a browser one report the same numbers.
"""

from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (both 0 when n = 0)."""
    if not n:
        return (0.0, 0.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = (z / (1 + z2 / n)) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # at k = 0 and k = n the bounds are exactly 0 and 1; the formula's rounding would miss them
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


def quantile(xs: Sequence[float], q: float) -> float | None:
    """The q-quantile by linear interpolation between order statistics (numpy's default)."""
    if not xs:
        return None
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def quartiles(xs: Sequence[float]) -> tuple[float | None, float | None, float | None]:
    return (quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75))


def ecdf(solved_seconds: Sequence[float], total: int) -> list[tuple[float, float]]:
    """Steps of the fraction of all `total` runs solved by time t: [(t, fraction), …], t ascending."""
    return [(t, (i + 1) / total) for i, t in enumerate(sorted(solved_seconds))]

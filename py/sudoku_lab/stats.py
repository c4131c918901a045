"""Summaries of many runs: success rates with a 95% Wilson interval, quartiles, and the
fraction solved against time (an empirical distribution function of the solved runs).

The success rate has one definition (docs/design.md, "Success rate"): solved runs among the
*judged* runs, those that ended on their own; a run ended by Stop or by an error (a lost
worker, a claim the check refused) says nothing about the solver and is counted apart.

The one home of these statistics natively: ``bench`` reports with them, and the page's
``static/rules/stats.js`` is held to the same cases (``tests/stats_cases.json``), so a
native experiment and a browser one report the same numbers.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

Z95 = 1.959963984540054
UNJUDGED = ("stopped", "error")           # stop reasons left out of the success rate


def judged(records: Iterable[dict]) -> list[dict]:
    """The runs that ended on their own: the denominator of the success rate."""
    return [r for r in records if r.get("stop_reason") not in UNJUDGED]


def tally(records: Iterable[dict]) -> dict:
    """Counts of a group of run records and its success rate (None with no judged run):
    ``runs`` (all), ``judged``, ``solved`` (among the judged), ``errors``, ``stopped``, ``rate``."""
    records = list(records)
    ok = judged(records)
    solved = sum(1 for r in ok if r["solved"])
    return {"runs": len(records), "judged": len(ok), "solved": solved,
            "errors": sum(1 for r in records if r.get("stop_reason") == "error"),
            "stopped": sum(1 for r in records if r.get("stop_reason") == "stopped"),
            "rate": solved / len(ok) if ok else None}


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

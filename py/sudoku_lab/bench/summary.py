"""Summaries of run records: :func:`summarise` computes one summary (from the file, once
complete), its success rate the one of ``stats.tally`` (solved among the runs that did not end
in an error); :func:`by_entry` splits records by entry."""

from __future__ import annotations

import statistics
from typing import Any, Iterable

from ..solver_ref import of_record
from ..stats import judged, tally
from .plan import Entry


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """One summary of run records (`bench`'s last lines): the runs, solved and errors, the
    success rate (solved among the judged runs, ``stats.tally``), medians and means over the
    solved runs, and iterations and evaluations per second over all of them."""
    results = list(results)
    counts = tally(results)
    solved = [r for r in judged(results) if r["solved"]]

    def stat(key, fn, rows):
        vals = [r[key] for r in rows]
        return round(fn(vals), 6) if vals else None

    total_s = sum(r["seconds"] for r in results)
    return {
        "summary": True, "runs": len(results), "solved": counts["solved"], "errors": counts["errors"],
        "success_rate": round(counts["rate"], 6) if counts["rate"] is not None else None,
        "median_iterations": stat("iterations", statistics.median, solved),
        "mean_iterations": stat("iterations", statistics.mean, solved),
        "median_evaluations": stat("evaluations", statistics.median, solved),
        "mean_evaluations": stat("evaluations", statistics.mean, solved),
        "median_seconds": stat("seconds", statistics.median, solved),
        "mean_seconds": stat("seconds", statistics.mean, solved),
        "mean_restarts": stat("restarts", statistics.mean, solved),
        "iterations_per_second": round(sum(r["iterations"] for r in results) / total_s, 1) if total_s else None,
        "evaluations_per_second": round(sum(r["evaluations"] for r in results) / total_s, 1) if total_s else None,
    }


def entry_label(rec: dict[str, Any]) -> str:
    """The entry a record belongs to, as ``NAME[:name=value…]`` (non-default parameters only; a
    visitor's text named ``own@<sha256 prefix>``)."""
    return Entry(of_record(rec), rec["params"]).label()


def by_entry(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Records split by entry, in the order the entries first appear."""
    out: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        out.setdefault(entry_label(rec), []).append(rec)
    return out

"""Experiments: many runs of solvers over puzzle files, and the per-run record they produce.

The record is the one format of a finished run everywhere a batch is kept — ``python -m
sudoku_lab bench --json`` lines and the page's experiment exports have the same fields —
so a browser experiment and a native one compare line by line.
"""

from __future__ import annotations

from typing import Any

from .run import Result


def record(index: int, name: str, result: Result | dict[str, Any]) -> dict[str, Any]:
    """One run's record: the result's fields, the puzzle's index and name, iterations per second."""
    fields = result.to_json() if isinstance(result, Result) else dict(result)
    seconds = fields["seconds"]
    return {"puzzle": index, "name": name, **fields,
            "iterations_per_second": fields["iterations"] / seconds if seconds else None}

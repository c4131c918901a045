"""The output file: records appended to a JSON Lines file as each run finishes (flushed per
line) after a header naming the experiment. :meth:`Output.done` reads it back so a resumed
experiment skips every job that already has a record, and refuses a file written by another
experiment; :func:`read_records` reads the runs of a finished or cut-short file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .plan import BenchError, Experiment, record_key


def json_objects(lines: list[str]) -> list[dict[str, Any]]:
    """The lines that read as JSON objects; a line cut short when the machine died is left out
    (its run reruns)."""
    out = []
    for line in lines:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            out.append(obj)
    return out


class Output:
    """Records appended to a JSON Lines file, one line per finished run, flushed at once."""

    def __init__(self, path: str | Path, experiment: Experiment, resume: bool):
        self.path = Path(path)
        self.header = {"experiment": experiment.describe()}
        self.records: list[dict[str, Any]] = []
        if resume and self.path.exists() and self.path.stat().st_size:
            self.records = self._read_existing()
        elif self.path.exists() and self.path.stat().st_size and not resume:
            raise BenchError(f"{self.path} exists: add --resume to continue it, or choose a new --out file")
        fresh = not self.path.exists() or not self.path.stat().st_size
        try:
            self.file = self.path.open("a")
        except OSError as exc:
            raise BenchError(f"cannot write {self.path}: {exc.strerror}") from None
        if fresh:
            self._write(self.header)

    def _read_existing(self) -> list[dict[str, Any]]:
        lines = self.path.read_text().splitlines()
        header = next(iter(json_objects(lines[:1])), {})
        if "experiment" not in header:
            raise BenchError(f"{self.path} was not written by `bench --out`: it has no experiment header")
        theirs, mine = header["experiment"], self.header["experiment"]
        if theirs != mine:
            diff = [f"{k} {theirs.get(k)!r}, not {mine[k]!r}" for k in mine if theirs.get(k) != mine[k]]
            raise BenchError(f"{self.path} holds runs of another experiment ({'; '.join(diff)}); "
                             "use a new --out file")
        return [rec for rec in json_objects(lines[1:]) if all(k in rec for k in ("solver", "params", "puzzle", "seed"))]

    def done(self) -> set[tuple[str, str, int, int]]:
        return {record_key(r) for r in self.records}

    def _write(self, obj: dict) -> None:
        self.file.write(json.dumps(obj) + "\n")
        self.file.flush()

    def add(self, rec: dict[str, Any]) -> None:
        self.records.append(rec)
        self._write(rec)

    def close(self) -> None:
        self.file.close()


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The run records of a bench output or the page's export (header, summary, comparison and
    tune lines left out), one per job."""
    seen, out = set(), []
    for rec in json_objects(Path(path).read_text().splitlines()):
        if "experiment" in rec or "comparison" in rec or "tune" in rec or rec.get("summary"):
            continue
        key = record_key(rec)
        if key not in seen:
            seen.add(key)
            out.append(rec)
    return out


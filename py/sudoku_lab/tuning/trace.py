"""The trace file (docs/design.md, "Tuning by racing": Reproducible): a header naming the tune,
then a line per run (``{"run": record}``) and per event (``{"event": …}``), each flushed as it
is written. A resumed tune keeps the file's runs (its events are written again as the tune
replays them, so the file is rewritten with its header and runs first)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..bench.output import json_objects
from .space import TuneError


class Trace:
    """A tune's runs and events, in a file (`path`) or only in memory."""

    def __init__(self, path: str | Path | None, header: dict[str, Any], resume: bool = False):
        self.path = Path(path) if path else None
        self.header = {"tune": header}
        self.runs: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.file = None
        if self.path is None:
            return
        full = self.path.exists() and self.path.stat().st_size > 0
        if full and not resume:
            raise TuneError(f"--out {self.path} exists: add --resume to continue it, or choose a new --out file")
        if full:
            self.runs = self._read()
        self._start()

    def _read(self) -> list[dict[str, Any]]:
        lines = self.path.read_text().splitlines()
        header = next(iter(json_objects(lines[:1])), {})
        if "tune" not in header:
            raise TuneError(f"--out {self.path} was not written by `tune --out`: it has no tune header")
        if header["tune"] != self.header["tune"]:
            theirs, mine = header["tune"], self.header["tune"]
            diff = [k for k in mine if theirs.get(k) != mine[k]]
            raise TuneError(f"--out {self.path} holds another tune (its {', '.join(diff) or 'header'} differ); "
                            "use a new --out file")
        return [obj["run"] for obj in json_objects(lines[1:]) if isinstance(obj.get("run"), dict)]

    def _start(self) -> None:
        """Write the header and the kept runs to a new file that replaces the old one at once."""
        fresh = self.path.with_name(self.path.name + ".new")
        try:
            with fresh.open("w") as f:
                for obj in [self.header, *({"run": r} for r in self.runs)]:
                    f.write(json.dumps(obj) + "\n")
            os.replace(fresh, self.path)
            self.file = self.path.open("a")
        except OSError as exc:
            raise TuneError(f"--out {self.path}: cannot write it ({exc.strerror})") from None

    def _write(self, obj: dict[str, Any]) -> None:
        if self.file is not None:
            self.file.write(json.dumps(obj) + "\n")
            self.file.flush()

    def add_run(self, rec: dict[str, Any]) -> None:
        self.runs.append(rec)
        self._write({"run": rec})

    def add_event(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        self._write(event)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

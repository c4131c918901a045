"""Running an experiment: what is not yet done in its output file runs (:mod:`.cluster`),
each record streamed to the file and a caller's callback, with a tqdm progress bar (the
optional ``dask`` extra) on a terminal."""

from __future__ import annotations

import sys
from typing import Any, Callable

from .cluster import execute, require_dask, uses_dask
from .output import Output, read_records
from .plan import Experiment


def progress_bar(total: int, initial: int, quiet: bool):
    """tqdm on stderr, when it is a terminal and not --quiet; otherwise a silent stand-in."""
    if not quiet and sys.stderr.isatty():
        try:
            from tqdm import tqdm
            return tqdm(total=total, initial=initial, unit="run", file=sys.stderr, dynamic_ncols=True)
        except ImportError:
            pass
    return _Silent()


class _Silent:
    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, s: str) -> None:
        pass

    def close(self) -> None:
        pass


def run_experiment(experiment: Experiment, *, out: str | None = None, resume: bool = False,
                   jobs: int = 1, scheduler: str | None = None, quiet: bool = False,
                   on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Run what is not yet done, stream each record (to `out`, and to `on_record`), and return
    every record of the experiment (read back from `out` when there is one). Dask, when the
    jobs need it, is checked before `out` is touched."""
    if uses_dask(jobs, scheduler):
        require_dask()
    output = Output(out, experiment, resume) if out else None
    todo = experiment.jobs()
    done = output.done() if output else set()
    todo = [j for j in todo if j.key() not in done]
    total = len(todo) + len(done)
    solved = sum(1 for r in (output.records if output else []) if r["solved"])
    bar = progress_bar(total, len(done), quiet)
    collected: list[dict[str, Any]] = []
    try:
        for rec in execute(todo, jobs, scheduler):
            collected.append(rec)
            if output:
                output.add(rec)
            if on_record:
                on_record(rec)
            solved += bool(rec["solved"])
            bar.set_postfix_str(f"{solved} solved")
            bar.update(1)
    finally:
        bar.close()
        if output:
            output.close()
    return read_records(out) if out else collected


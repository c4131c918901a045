"""Execution: jobs run serially in this process, on a local Dask cluster it starts and
stops, or on an existing cluster (``scheduler=ADDRESS``), to which it first ships this
package (:func:`ship_package`). :class:`Executor` keeps one such place open for several lists
of jobs (a tune runs its races an instance at a time); :func:`execute` runs one list. Short runs are batched into tasks; Dask re-runs the tasks of
a worker that dies. Every job seeds its own generator, so the records are the same, run for
run, whichever way they ran.

Dask is the optional ``dask`` extra (``pip install '.[dask]'``); nothing else in the
package imports it."""

from __future__ import annotations

import hashlib
import math
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

from ..bundle import package_bytes
from .plan import BenchError, Job, run_batch

CONNECT_SECONDS = 5
MAX_BATCH = 25


def batches(jobs: list[Job], workers: int) -> list[list[Job]]:
    """About ten tasks per worker, 1–MAX_BATCH runs each: few enough that scheduling is cheap,
    small enough that a killed run loses little and progress moves smoothly."""
    if not jobs:
        return []
    size = max(1, min(MAX_BATCH, math.ceil(len(jobs) / (10 * max(1, workers)))))
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def uses_dask(jobs_per_host: int, scheduler: str | None, dask_always: bool = False) -> bool:
    """Whether the jobs run on Dask: a scheduler, several local jobs, or `dask_always`."""
    return scheduler is not None or jobs_per_host > 1 or dask_always


def require_dask() -> None:
    """Refuse in one line when Dask is not installed (before the caller writes anything)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise BenchError("running on several processes or a cluster needs Dask: "
                         "pip install 'sudoku_lab[dask]' (from this repository: pip install '.[dask]')") from None


def execute(jobs: list[Job], jobs_per_host: int = 1, scheduler: str | None = None,
            dask_always: bool = False) -> Iterator[dict[str, Any]]:
    """Yield each job's record as it finishes: serially here (one local job and no scheduler,
    unless `dask_always`), on a local Dask cluster of `jobs_per_host` worker processes, or on
    the cluster at `scheduler`."""
    with Executor(jobs_per_host, scheduler, dask_always) as executor:
        yield from executor.run(jobs)


class Executor:
    """Where jobs run, opened once for several batches of jobs (a tune's races run one instance
    at a time): serially here, on a local Dask cluster it starts and stops, or on the cluster at
    `scheduler`, to which it first ships this package."""

    def __init__(self, jobs_per_host: int = 1, scheduler: str | None = None, dask_always: bool = False):
        self.jobs_per_host, self.scheduler = jobs_per_host, scheduler
        self.dask = uses_dask(jobs_per_host, scheduler, dask_always)
        self.client = self.cluster = None
        self.workers = 1

    def __enter__(self) -> "Executor":
        if not self.dask:
            return self
        require_dask()
        from dask.distributed import Client
        try:
            if self.scheduler is None:
                self.cluster = local_cluster(self.jobs_per_host)
                self.client = Client(self.cluster)
                self.workers = self.jobs_per_host
            else:
                try:
                    self.client = Client(self.scheduler, timeout=f"{CONNECT_SECONDS}s")
                except (OSError, TimeoutError, ValueError) as exc:
                    raise BenchError(f"cannot reach the Dask scheduler at {self.scheduler} within {CONNECT_SECONDS} s "
                                     f"({type(exc).__name__})") from None
                self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
                ship_package(self.client)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def run(self, jobs: list[Job]) -> Iterator[dict[str, Any]]:
        """Each job's record as it finishes."""
        if not self.dask:
            for job in jobs:
                yield job.run()
            return
        from dask.distributed import as_completed
        futures = [self.client.submit(run_batch, batch, pure=False) for batch in batches(jobs, self.workers)]
        for future in as_completed(futures):
            try:
                records = future.result()
            except Exception as exc:          # a task the cluster could not run: say why in one line
                raise BenchError(f"the cluster could not run a batch: {one_line(exc)}") from None
            yield from records

    def __exit__(self, *exc) -> None:
        try:
            if self.client is not None:
                self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()
            self.client = self.cluster = None


def local_cluster(workers: int):
    """A local Dask cluster whose worker processes ignore SIGINT: Ctrl-C in a terminal reaches the
    whole process group, and a worker it reached would print its tracebacks; this process alone
    takes the interrupt and closes the cluster (the workers inherit the ignoring when started, so
    a Ctrl-C in the second or two the cluster takes to start is not taken). Its scheduler's HTTP
    server takes any free port (":0"): with None it still binds 8787, and another cluster on the
    machine (a second bench, a tune) then makes it print a warning beside bench's one line."""
    from dask.distributed import LocalCluster
    main = threading.current_thread() is threading.main_thread()       # signals are the main thread's
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                            silence_logs=50)
    finally:
        if main:
            signal.signal(signal.SIGINT, before)


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def package_zip(folder: Path) -> Path:
    """This process's sudoku_lab as a zip (the page's, :mod:`..bundle`), named by content so a
    worker never confuses two versions."""
    data = package_bytes()
    path = folder / f"sudoku_lab-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    path.write_bytes(data)
    return path


def _missing(where: str, exc: BaseException) -> BenchError:
    name = getattr(exc, "name", None)
    if isinstance(exc, ImportError) and name:
        top = name.split(".")[0]
        return BenchError(f"{where} cannot import {top}, which sudoku_lab needs: install it there "
                          f"(pip install {top}; pyproject.toml lists the versions) and restart it")
    return BenchError(f"{where} cannot load sudoku_lab: {one_line(exc)}")


def ship_package(client) -> None:
    """Put this package on the cluster: Dask's ``Client.upload_file`` registers a scheduler
    plugin and a worker plugin that write the zip into each one's local directory and put it
    on ``sys.path`` (workers that join later get it too). Then every worker and the scheduler
    (which unpickles the task graph) must import the package with its dependencies; if one
    cannot, a BenchError says which machine lacks what."""
    import importlib
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        zip_path = package_zip(Path(tmp))
        try:
            client.upload_file(str(zip_path), load=True)
        except Exception as exc:
            raise BenchError(f"cannot send sudoku_lab to the cluster: {one_line(exc)}") from None
    answers = {f"the Dask worker at {a}": v for a, v in
               client.run(importlib.import_module, "sudoku_lab.bench", on_error="return").items()}
    try:
        client.run_on_scheduler(importlib.import_module, "sudoku_lab.bench")
    except Exception as exc:
        answers["the Dask scheduler"] = exc
    for where, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            raise _missing(where, answer)
    # a module object travels by name, so `getattr` runs on each one's own copy: a process
    # that imported another sudoku_lab before keeps it (Python does not re-import)
    here = sys.modules[__name__]
    files = {f"the Dask worker at {a}": f for a, f in client.run(getattr, here, "__file__").items()}
    files["the Dask scheduler"] = client.run_on_scheduler(getattr, here, "__file__")
    for where, file in sorted(files.items()):
        if zip_path.name not in file:
            raise BenchError(f"{where} has already loaded another sudoku_lab ({file}); restart the "
                             "Dask workers and scheduler so they load the one sent now")


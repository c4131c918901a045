"""The package's Python API for notebooks and scripts: the names ``sudoku_lab`` exports.

A small, stable surface over the modules that the CLI, the page's worker and the benchmarks
share — open a puzzle, run a solver step by step or to its end, run an experiment, read its
records as rows, generate and rate puzzles, and draw a board or a curve (matplotlib, only when
drawing). Each function names the module that holds its rule; nothing here is a second copy
of one. README.md, "Use it from Python", has an example that the tests run as written.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from . import bench, links, visitor
from .generate import Generated, generate, parse_spec
from .grid import Puzzle, PuzzleError, parse, symbol
from .progress import Progress
from .puzzle_list import read_puzzle_file
from .rate import Rating, rate
from .run import Budget, Result, Run
from .solver_file import SolverFile
from .solvers import schemas
from .stats import ecdf, judged

__all__ = ["Generated", "Progress", "Puzzle", "PuzzleError", "Rating", "Result", "Run", "draw_board", "draw_curve",
           "draw_solved", "experiment", "generate", "list_solvers", "open_puzzle", "open_puzzles", "rate", "rows",
           "solve", "start", "summarise", "tune"]

summarise = bench.summarise


def open_puzzle(source: str | os.PathLike) -> Puzzle:
    """One puzzle, read as the page's paste box reads it (``grid.parse``): 81 characters (``.``,
    ``0``, ``-``, ``_`` or ``*`` blank), rows with or without borders, separated numbers, an
    ``.sdk`` text, the benchmark format, another site's link, or the lab's own share link
    (its ``p=`` cells, or its ``g=`` generator settings, generated here). A ``Path`` is read as
    a file first. Raises PuzzleError, whose message names the line and column at fault."""
    text = Path(source).read_text(encoding="utf-8") if isinstance(source, os.PathLike) else source
    if isinstance(text, str) and "g=" in text:
        spec = links.decode(text).generator
        if spec is not None:
            return generate(parse_spec(spec)).puzzle
    return parse(text)


def open_puzzles(path: str | os.PathLike) -> list[tuple[str, Puzzle]]:
    """(name, puzzle) for each puzzle of a file, read as ``bench`` and the page's "puzzle
    files" read it (``puzzle_list``): a puzzle list, one puzzle a line with an optional name
    after it (``#`` comments), or one benchmark-format instance named by its file name.
    Raises ListProblem naming the file and line."""
    return [(name, parse(cells)) for cells, name in read_puzzle_file(path, check_givens=True)]


def list_solvers() -> list[dict[str, Any]]:
    """Each built-in solver's id, title, paper and parameters (name, type, default, help): the
    schemas the page's forms and `sudoku-lab solvers --json` show."""
    return schemas()


def _solver(solver: str | os.PathLike | ModuleType):
    """A built-in's id, or a solver file (the run protocol's module, loaded from its text)."""
    if isinstance(solver, os.PathLike):
        return SolverFile(Path(solver).name, Path(solver).read_text(encoding="utf-8")).load()
    return solver


def start(puzzle: Puzzle | str, solver: str | os.PathLike | ModuleType, *, seed: int = 0, params: dict[str, Any] | None = None,
          max_seconds: float | None = 60.0, max_iterations: int | None = None,
          max_evaluations: int | None = None, stop_at: int | None = None) -> Run:
    """A run of `solver` (an id of :func:`list_solvers`, a ``Path`` to your own solver file, or
    such a file's loaded module) on `puzzle` (a Puzzle, or text for :func:`open_puzzle`), not
    yet started. Iterate over it for its :class:`Progress`, one per solver
    step (iteration, evaluations, best score, best board, chart series), then read
    ``run.result``; or call ``run.finish()``. Whichever budget comes first ends it (None: no
    limit); the same seed gives the same steps. Raises SolverError for an unknown solver or a
    parameter the puzzle cannot take."""
    budget = Budget(max_iterations, max_evaluations, max_seconds, stop_at)
    puzzle = puzzle if isinstance(puzzle, Puzzle) else open_puzzle(puzzle)
    return Run(puzzle, _solver(solver), params, seed, budget)


def solve(puzzle: Puzzle | str, solver: str | os.PathLike | ModuleType, *, seed: int = 0,
          params: dict[str, Any] | None = None, max_seconds: float | None = 60.0, max_iterations: int | None = None,
          max_evaluations: int | None = None, stop_at: int | None = None) -> Result:
    """:func:`start`'s run to its end: the :class:`Result` (solved, board, conflicts, open
    cells, iterations, evaluations, seconds, stop reason). Options as :func:`start`'s. A solver
    file runs in a process of its own and its claim is checked in this one (docs/visitor-solver.md,
    "The trust boundary"); :func:`start` steps it in this process, for watching it."""
    if not isinstance(solver, os.PathLike):
        return start(puzzle, solver, seed=seed, params=params, max_seconds=max_seconds, max_iterations=max_iterations,
                     max_evaluations=max_evaluations, stop_at=stop_at).finish()
    source = SolverFile(Path(solver).name, Path(solver).read_text(encoding="utf-8"))
    return visitor.run(puzzle if isinstance(puzzle, Puzzle) else open_puzzle(puzzle), source, params or {}, seed,
                       Budget(max_iterations, max_evaluations, max_seconds, stop_at))


def _named(puzzles: Iterable) -> tuple[list[tuple[str, str]], list[str | None]]:
    """(cells, name) of each puzzle and the file it came from: a ``Path`` gives its file's
    puzzles, a (name, puzzle) pair its name, a bare puzzle or text its place ("puzzle 3")."""
    out, files = [], []
    for item in puzzles:
        if isinstance(item, os.PathLike):
            read = [(p.to_string(), name) for name, p in open_puzzles(item)]
            out, files = out + read, files + [str(item)] * len(read)
            continue
        name, puzzle = item if isinstance(item, tuple) else (f"puzzle {len(out) + 1}", item)
        out.append(((puzzle if isinstance(puzzle, Puzzle) else open_puzzle(puzzle)).to_string(), name))
        files.append(None)
    return out, files


def experiment(puzzles: Iterable, solvers: str | Sequence[str], *, runs: int = 1, seed: int = 0,
               params: dict[str, Any] | None = None, max_seconds: float | None = 60.0,
               max_iterations: int | None = None, max_evaluations: int | None = None,
               out: str | os.PathLike | None = None, resume: bool = False, jobs: int = 1,
               on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Every solver entry × puzzle × run, as ``sudoku-lab bench`` runs them (``bench``): run r
    uses seed + r, each record has the fields of ``bench --json`` (the page's experiment
    exports too). `puzzles`: puzzles, texts, (name, puzzle) pairs or ``Path``s of puzzle
    files; `solvers`: ids or the page's entries ``ID[:SEED][:name=value…]``. With `out` each
    record is appended to that JSON Lines file as it ends (`resume` skips those it holds);
    `jobs` above 1 runs on a local Dask cluster (the ``dask`` extra). Raises BenchError."""
    named, files = _named(puzzles)
    entries = [bench.parse_entry(s) for s in ([solvers] if isinstance(solvers, str) else solvers)]
    budget = Budget(max_iterations, max_evaluations, max_seconds)
    planned = bench.Experiment(named, entries, params or {}, runs, seed, budget,
                               files=tuple(files) if any(files) else ())
    return bench.run_experiment(planned, out=str(out) if out else None, resume=resume, jobs=jobs, quiet=True,
                                on_record=on_record)


def tune(puzzles: Iterable, solver: str, *, max_evaluations: int, budget: int, params: dict[str, str] | None = None,
         seed: int = 0, held_out: Iterable | None = None, held_out_runs: int = 5, out: str | os.PathLike | None = None,
         resume: bool = False, jobs: int = 1) -> dict[str, Any]:
    """Tune `solver`'s parameters on `puzzles` by iterated racing, as ``sudoku-lab tune`` does
    (docs/design.md, "Tuning by racing"): `params` narrows a parameter (``"lo:hi"``, ``"a,b,c"``)
    or fixes it (``"v"``); each run has `max_evaluations`, the tune `budget` runs in all. Returns
    the elites (best first), the trace, a link that runs the best, and with `held_out` puzzles the
    best against the defaults (``comparison.compare``'s figures). Raises TuneError."""
    from . import solvers as registry
    from .tuning import TuneInput, space, tune as race
    named, files = _named(puzzles)
    tuned = space(registry.get(solver).PARAMS, params or {}, solver)
    given = TuneInput(solver, tuned, named, max_evaluations, budget, seed, tuple(files) if any(files) else ())
    return race(given, executor=bench.Executor(jobs), out=str(out) if out else None, resume=resume,
                held_out=_named(held_out)[0] if held_out else None, held_out_runs=held_out_runs)


def rows(source: str | os.PathLike | Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run records as flat rows for a table (``pandas.DataFrame(rows(...))``): from a list of
    records, or a JSON Lines file — ``bench --out``'s, or the page's experiment download. Each
    row has the record's fields in ``bench.RECORD_FIELDS`` order with ``params`` spread into
    ``params.<name>`` columns."""
    records = bench.read_records(source) if isinstance(source, (str, os.PathLike)) else list(source)
    out = []
    for rec in records:
        row = {k: rec.get(k) for k in bench.RECORD_FIELDS if k != "params"}
        row.update({f"params.{k}": v for k, v in (rec.get("params") or {}).items()})
        out.append(row)
    return out


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("drawing needs matplotlib: pip install matplotlib") from None
    return plt


def _axes(ax):
    return ax if ax is not None else _pyplot().subplots()[1]


def draw_board(board: Puzzle | Result | Progress | np.ndarray, puzzle: Puzzle | None = None, ax=None):
    """The grid on matplotlib axes (new ones unless `ax`): box lines heavier, the values as
    the page writes them (1–9, then letters), a puzzle's givens in bold. `board` is a puzzle,
    a result, a progress step or N·N values (0 empty); `puzzle` marks the givens of a board."""
    puzzle = board if isinstance(board, Puzzle) else puzzle
    cells = np.asarray(board.cells if isinstance(board, Puzzle) else getattr(board, "board", board)).reshape(-1)
    N = int(round(len(cells) ** 0.5))
    n = int(round(N ** 0.5))
    ax = _axes(ax)
    for k in range(N + 1):
        width = 2 if k % n == 0 else 0.5
        ax.plot([0, N], [k, k], color="black", lw=width)
        ax.plot([k, k], [0, N], color="black", lw=width)
    givens = puzzle.givens.reshape(-1) if puzzle is not None else np.zeros(N * N, bool)
    for i, v in enumerate(cells):
        if v:
            ax.text(i % N + 0.5, N - i // N - 0.5, symbol(int(v), N), ha="center", va="center",
                    fontsize=max(4, 120 // N), fontweight="bold" if givens[i] else "normal")
    ax.set_xlim(0, N), ax.set_ylim(0, N), ax.set_aspect("equal"), ax.axis("off")
    return ax


def draw_curve(steps: Iterable[Progress], ax=None):
    """A run's convergence on matplotlib axes: each chart series the solver reports (as the
    page's chart draws them) against the step, from the :class:`Progress` of iterating a run."""
    steps = list(steps)
    ax = _axes(ax)
    for name in dict.fromkeys(k for p in steps for k in p.series):
        points = [(p.iteration, p.series[name]) for p in steps if name in p.series]
        ax.plot(*zip(*points), label=name)
    ax.set_xlabel("step (iterations or generations, as the solver counts)")
    ax.set_ylabel("value")
    ax.legend()
    return ax


def draw_solved(records: Iterable[dict[str, Any]], ax=None):
    """The fraction of runs solved against time, one line per entry (``stats.ecdf`` over the
    judged runs, as the page's Experiment chart): from :func:`experiment`'s records."""
    ax = _axes(ax)
    for label, recs in bench.by_entry(records).items():
        runs = judged(recs)
        steps = ecdf([r["seconds"] for r in runs if r["solved"]], len(runs)) if runs else []
        ax.step([0, *(t for t, _ in steps)], [0, *(f for _, f in steps)], where="post", label=label)
    ax.set_xscale("symlog", linthresh=0.01)
    ax.set_xlabel("seconds")
    ax.set_ylabel("fraction solved")
    ax.legend()
    return ax

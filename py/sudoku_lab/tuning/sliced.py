"""A tune in slices, for the page's worker (docs/protocol.md, "Worker messages": `tune`): the
driver's own steps (:func:`.driver.steps`, one per run) on bench's serial executor, each step
leaving a view of the race for the page's live view (:func:`live`), so a tune in slices is the
serial tune itself: the same elites, the same eliminations, the same held-out runs."""

from __future__ import annotations

from typing import Any, Generator

from .. import bench, solvers, values
from ..bench import Executor
from .driver import TuneInput, steps
from .space import TuneError, space
from .trace import Trace
from . import words


def _whole(req: dict, name: str, least: int) -> int:
    v = req.get(name)
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        raise TuneError(f"{name}: must be a whole number of at least {least}; got {v!r}", field=name)
    return v


def request_input(req: dict) -> tuple[TuneInput, list[tuple[str, str]] | None, int]:
    """The tune a page's request asks for ({solver, params, generate, instances, max_evaluations,
    budget, seed, held_out_instances, held_out_runs}), its puzzles generated as `tune --generate`
    generates them (held-out ones from seed + instances on). Raises TuneError naming the field
    at fault (its `field`)."""
    seed, instances = req.get("seed", 0), _whole(req, "instances", 1)
    try:
        values.seed(seed)
        puzzles = bench.generated_puzzles([str(req.get("generate", ""))], instances, seed)
        module = solvers.get(str(req.get("solver", "")))
    except (bench.BenchError, values.ValueProblem, solvers.SolverError) as exc:
        field = "seed" if isinstance(exc, values.ValueProblem) else "solver" if isinstance(exc, solvers.SolverError) else "generate"
        raise TuneError(f"{field}: {exc}", field=field) from None
    try:
        tuned = space(module.PARAMS, {k: str(v) for k, v in (req.get("params") or {}).items()}, req["solver"])
    except TuneError as exc:
        raise TuneError(f"params: {str(exc).removeprefix('--param').lstrip(' :')}", field=exc.field) from None
    given = TuneInput(req["solver"], tuned, puzzles, _whole(req, "max_evaluations", 1), _whole(req, "budget", 1), seed)
    held = _whole(req, "held_out_instances", 0)
    held_out = bench.generated_puzzles([req["generate"]], held, seed + instances) if held else None
    return given, held_out, _whole(req, "held_out_runs", 1)


def live(trace: Trace, budget: int) -> dict[str, Any]:
    """What the page's live view shows of a tune under way: the iteration, the configurations
    alive in its race, the instances they have seen, the runs made, and every elimination."""
    iteration, alive, eliminations = 0, [], []
    for e in trace.events:
        if e["event"] == "sample":
            iteration = e["iteration"]
            alive = [x["id"] for x in e["configs"]] + alive
        elif e["event"] == "test":
            alive = [c for c in e["alive"] if c not in e["eliminated"]]
            if e["eliminated"]:
                eliminations.append({**{k: e[k] for k in ("iteration", "instances", "test", "p", "eliminated")},
                                     "sentence": words.elimination(e)})
        elif e["event"] == "race":
            alive = [x["id"] for x in e["elites"]]
    seen = 1 + max((r["instance"] for r in trace.runs if r["iteration"] == iteration), default=-1)
    return {"iteration": iteration, "alive": sorted(alive), "instances": seen, "runs": len(trace.runs), "budget": budget,
            "eliminations": eliminations}


def tune_steps(req: dict, progress: dict) -> Generator[None, None, dict[str, Any]]:
    """The tune a request asks for, a step per run; `progress` holds :func:`live`'s view after
    each; the value is the driver's result with the trace's `runs` (the records, each with its
    configuration, instance and iteration). Its inputs are checked at once (TuneError), before
    the first step."""
    return _steps(*request_input(req), progress)


def _steps(given: TuneInput, held_out: list[tuple[str, str]] | None, runs: int,
           progress: dict) -> Generator[None, None, dict[str, Any]]:
    trace = Trace(None, given.describe())
    tuning = steps(given, Executor(), trace, held_out, runs)
    while True:
        try:
            next(tuning)
        except StopIteration as done:
            return {**done.value, "runs": trace.runs}
        progress.update(live(trace, given.budget))
        yield

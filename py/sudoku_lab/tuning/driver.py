"""A tune from its inputs to its result, a step per run: the instance stream and every seed from the one seed,
the runs as bench's jobs on bench's executor (serially, a local Dask cluster or a scheduler),
each run kept in the trace and looked up there before it is run again (so a resumed tune replays
to the same result), and the held-out test of the best against the defaults."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Generator

import numpy as np

from .. import links, solvers, values
from ..bench import Entry, Executor, Experiment, Job
from ..grid import parse
from ..progress import complete
from ..run import Budget
from .iterate import Config, Tuner, key, least_budget
from .space import Space, TuneError
from .trace import Trace
from . import words

SEED_SPAN = 2**31     # run seeds are drawn below this


@dataclass
class TuneInput:
    """What a tune is: the solver, its space, the training puzzles ((cells, name) each), the
    evaluation budget per run, the total of runs and the seed."""

    solver: str
    space: Space
    puzzles: list[tuple[str, str]]
    max_evaluations: int
    budget: int
    seed: int = 0
    files: tuple[str, ...] = ()

    def __post_init__(self):
        """The one home of the budget's floor: the first iteration must race two configurations
        (`least_budget`), or the tune would end with no elite, whoever built it (CLI, page, API)."""
        least = least_budget(len(self.space.params))
        if self.budget < least:
            raise TuneError(f"budget: must be a whole number of at least {least}; got {self.budget!r}", field="budget")

    def describe(self) -> dict[str, Any]:
        """The trace's header: a resumed file must have been written by the same tune."""
        digest = hashlib.sha256("\n".join(t for t, _ in self.puzzles).encode()).hexdigest()[:16]
        return {"solver": self.solver, "space": self.space.to_json(), "max_evaluations": self.max_evaluations,
                "budget": self.budget, "seed": self.seed, "puzzles": len(self.puzzles), "puzzles_sha256": digest}


def seeds(seed: int) -> tuple[np.random.SeedSequence, ...]:
    """The tune's three streams from its one seed: the instances, the sampling, the held-out runs."""
    return tuple(np.random.SeedSequence(seed).spawn(3))


@dataclass
class Instances:
    """The race's instances: the training puzzles in a shuffled order, again and again, each
    time with new seeds; (puzzle index, seed) each, drawn in order so a seed gives the same list."""

    count: int
    rng: np.random.Generator
    drawn: list[tuple[int, int]] = field(default_factory=list)

    def __getitem__(self, i: int) -> tuple[int, int]:
        while len(self.drawn) <= i:
            for p in self.rng.permutation(self.count):
                self.drawn.append((int(p), int(self.rng.integers(SEED_SPAN))))
        return self.drawn[i]


class Tune:
    """One tune: its instances, the runs it holds (from the trace, then run), and the tuner."""

    def __init__(self, given: TuneInput, executor: Executor, trace: Trace,
                 on_run: Callable[[dict[str, Any]], None] | None = None):
        self.given, self.executor, self.trace, self.on_run = given, executor, trace, on_run
        self.module = solvers.get(given.solver)
        streams = seeds(given.seed)
        self.instances = Instances(len(given.puzzles), np.random.default_rng(streams[0]))
        self.sampling = np.random.default_rng(streams[1])
        self.held_out_seed = int(np.random.default_rng(streams[2]).integers(SEED_SPAN))
        self.runs = {self._key(r["params"], r["puzzle"], r["seed"]): r for r in trace.runs}
        self.by_size = list({p.N: p for p in (parse(t) for t, _ in given.puzzles)}.values())   # one puzzle per size

    def _key(self, params: dict[str, Any], puzzle: int, seed: int) -> tuple[str, int, int]:
        return (key(params), puzzle, seed)

    def resolved(self, params: dict[str, Any]) -> dict[str, Any]:
        return solvers.resolve_params(self.module, params)

    def valid(self, params: dict[str, Any]) -> bool:
        """Whether every training puzzle's size takes the configuration (the solver's own check)."""
        try:
            for puzzle in self.by_size:
                solvers.resolve_params(self.module, params, puzzle)
        except solvers.SolverError:
            return False
        return True

    def result(self, params: dict[str, Any], i: int) -> dict[str, Any] | None:
        puzzle, seed = self.instances[i]
        return self.runs.get(self._key(self.resolved(params), puzzle, seed))

    def job(self, config: Config, i: int) -> Job:
        puzzle, seed = self.instances[i]
        text, name = self.given.puzzles[puzzle]
        return Job(puzzle, name, text, self.given.solver, tuple(sorted(self.resolved(config.params).items())), seed,
                   (None, self.given.max_evaluations, None),
                   file=self.given.files[puzzle] if self.given.files else None)

    def run(self, pairs: list[tuple[Config, int]], iteration: int) -> Generator[None, None, int]:
        """Run the pairs the trace lacks, a step per run; each record goes to the trace with its
        configuration's id, instance and iteration. Returns how many pairs were asked (the budget
        counts a kept run too, so a resumed tune spends as the first did)."""
        todo, tags = [], {}
        for config, i in pairs:
            if self.result(config.params, i) is None:
                job = self.job(config, i)
                tags[(job.puzzle, job.seed, key(dict(job.params)))] = (config.id, i)
                todo.append(job)
        for rec in self.executor.run(todo):
            config_id, i = tags[(rec["puzzle"], rec["seed"], key(rec["params"]))]
            rec = {**rec, "config": config_id, "instance": i, "iteration": iteration}
            self.runs[self._key(rec["params"], rec["puzzle"], rec["seed"])] = rec
            self.trace.add_run(rec)
            if self.on_run:
                self.on_run(rec)
            yield
        return len(pairs)

    def go(self) -> Generator[None, None, dict[str, Any]]:
        """The tune, a step per run; its result."""
        tuner = Tuner(self.given.space, self.given.budget, self.sampling, self.run, self.result, self.valid,
                      self.trace.add_event)
        elites = yield from tuner.tune()
        tuned = [p["name"] for p in self.given.space.to_json()["tuned"]]
        elites = [{**e, "sentence": words.elite(e, tuned)} for e in elites]
        return {"solver": self.given.solver, "space": self.given.space.to_json(), "plan": tuner.plan(),
                "budget": {"runs": self.given.budget, "used": tuner.used, "max_evaluations": self.given.max_evaluations,
                           "ended": tuner.ended},
                "seed": self.given.seed, "elites": elites, "trace": list(self.trace.events),
                "eliminations": [words.elimination(ev) for ev in self.trace.events
                                 if ev["event"] == "test" and ev["eliminated"]],
                "link": self.link(elites[0]["params"]) if elites else None}

    def link(self, params: dict[str, Any]) -> str:
        """The fragment of a single-run link that runs `params` on the first instance's puzzle and
        seed with the tune's evaluation budget (its parameters that differ from the defaults)."""
        puzzle, seed = self.instances[0]
        text, name = self.given.puzzles[puzzle]
        from ..generate import parse_spec
        try:
            generator = parse_spec(name).text
        except values.ValueProblem:
            generator = None
        defaults = {p["name"]: p["default"] for p in self.module.PARAMS}
        changed = {k: v for k, v in self.resolved(params).items() if v != defaults[k]}
        return links.encode(parse(text).to_string(), self.given.solver, seed, None, changed, generator=generator,
                            max_evaluations=self.given.max_evaluations)

    def held_out(self, best: dict[str, Any], puzzles: list[tuple[str, str]],
                 runs: int) -> Generator[None, None, dict[str, Any]]:
        """The best configuration against the defaults on held-out puzzles, `runs` seeds each (the
        same for both, so the runs pair), a step per run, compared by comparison.compare with time
        counted in evaluations (load-free)."""
        from ..comparison import compare
        defaults = self.resolved({})
        tuned = self.resolved(best)
        if tuned == defaults:
            return {"same": True, "sentence": "The best configuration is the defaults: nothing to compare."}
        experiment = Experiment(puzzles, [Entry(self.given.solver, tuned), Entry(self.given.solver, defaults)], runs=runs,
                                seed=self.held_out_seed, budget=Budget(max_evaluations=self.given.max_evaluations))
        records = []
        for rec in self.executor.run(experiment.jobs()):
            records.append(rec)
            yield
        records.sort(key=lambda r: (r["puzzle"], r["seed"], key(r["params"]) != key(tuned)))
        groups = {"tuned": [r for r in records if r["params"] == tuned],
                  "defaults": [r for r in records if r["params"] == defaults]}
        result = compare(groups, self.given.max_evaluations, time="evaluations")
        return {"same": False, "puzzles": len(puzzles), "runs": runs, "seed": self.held_out_seed,
                "tuned": tuned, "defaults": defaults, "comparison": result}


def steps(given: TuneInput, executor: Executor, trace: Trace, held_out: list[tuple[str, str]] | None = None,
          held_out_runs: int = 5, on_run: Callable[[dict[str, Any]], None] | None = None) -> Generator[None, None, dict[str, Any]]:
    """A tune on an open executor, a step per run (the page's worker carries it on in slices,
    tuning/sliced.py); its result, with the held-out test when `held_out` puzzles are given."""
    run = Tune(given, executor, trace, on_run)
    result = yield from run.go()
    if held_out and result["elites"]:
        result["held_out"] = yield from run.held_out(result["elites"][0]["params"], held_out, held_out_runs)
    return result


def tune(given: TuneInput, *, executor: Executor | None = None, out: str | None = None, resume: bool = False,
         held_out: list[tuple[str, str]] | None = None, held_out_runs: int = 5,
         on_run: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run a tune (its trace in `out`, continued with `resume`) and, given held-out puzzles, the
    test of its best against the defaults; the result as JSON (docs/design.md, "Tuning by racing")."""
    trace = Trace(out, given.describe(), resume)
    try:
        with (executor or Executor()) as ex:
            return complete(steps(given, ex, trace, held_out, held_out_runs, on_run))
    finally:
        trace.close()

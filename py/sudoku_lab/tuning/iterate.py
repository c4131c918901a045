"""Iterated racing (López-Ibáñez et al. 2016, section 3): the budget split into iterations, each a
race of the elites and configurations sampled around them, until the budget is spent
(docs/design.md, "Tuning by racing": Method). The runs themselves are a caller's (`run`): this
module decides what runs, never how."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Generator

import numpy as np

from ..bench.plan import params_key as key     # a configuration's identity, as bench keys its entries
from . import sample
from .race import Race
from .space import Space
from . import words

MU = 5                # irace's mu: with T_FIRST, the divisor of an iteration's budget
MAX_TRIES = 100       # draws for a configuration not yet sampled before taking fewer


def iterations(n_params: int) -> int:
    """N_iter = ⌊2 + log2 N_param⌋."""
    return math.floor(2 + math.log2(n_params))


def survivors(n_params: int) -> int:
    """N_min = ⌊2 + log2 N_param⌋: a race ends with at most this many alive."""
    return math.floor(2 + math.log2(n_params))


def iteration_budget(remaining: int, j: int, n_iter: int) -> int:
    """B_j = ⌊(B − B_used) / (N_iter − j + 1)⌋; past N_iter, what is left."""
    return math.floor(remaining / max(n_iter - j + 1, 1))


def configurations(budget_j: int, j: int, mu: int = MU) -> int:
    """N_j = ⌊B_j / (μ + min(5, j))⌋."""
    return math.floor(budget_j / (mu + min(5, j)))


def least_budget(n_params: int) -> int:
    """The smallest total budget whose first iteration races two configurations or more."""
    n_iter = iterations(n_params)
    return 2 * (MU + 1) * n_iter


@dataclass
class Config:
    id: int
    params: dict[str, Any]
    parent: int | None
    model: sample.Model


@dataclass
class Tuner:
    """A tune's decisions. `run(pairs, iteration)`, a generator stepping once per run, runs the
    (configuration, instance) pairs that have no record and returns how many pairs it was given; `result(params, i)` is a run's record or None; `valid(params)`
    says whether every training puzzle takes a configuration; `on_event` receives the trace."""

    space: Space
    budget: int
    rng: np.random.Generator
    run: Callable[[list[tuple["Config", int]], int], Generator[None, None, int]]
    result: Callable[[dict[str, Any], int], dict[str, Any] | None]
    valid: Callable[[dict[str, Any]], bool]
    on_event: Callable[[dict[str, Any]], None]
    configs: dict[int, Config] = field(default_factory=dict)
    used: int = 0
    ended: str | None = None      # why the tune ended with runs left, in a sentence (None: spent)

    def plan(self) -> dict[str, int]:
        n = len(self.space.params)
        return {"parameters": n, "iterations": iterations(n), "survivors": survivors(n), "mu": MU}

    def _add(self, params: dict[str, Any], parent: int | None, model: sample.Model) -> Config:
        config = Config(len(self.configs) + 1, params, parent, model)
        self.configs[config.id] = config
        return config

    def _fresh(self, draw: Callable[[], dict[str, Any]], taken: set[str]) -> dict[str, Any] | None:
        """A configuration not sampled before that the puzzles take, or None after MAX_TRIES."""
        for _ in range(MAX_TRIES):
            params = draw()
            if key(params) not in taken and self.valid(params):
                taken.add(key(params))
                return params
        return None

    def first(self, count: int) -> list[Config]:
        """Iteration 1: the defaults (when the space holds them), then uniform draws."""
        taken = {key(c.params) for c in self.configs.values()}
        out, defaults = [], self.space.defaults()
        if self.space.contains(defaults) and self.valid(defaults):
            taken.add(key(defaults))
            out.append(self._add(defaults, None, sample.Model.initial(self.space)))
        while len(out) < count:
            params = self._fresh(lambda: sample.uniform(self.space, self.rng), taken)
            if params is None:
                break
            out.append(self._add(params, None, sample.Model.initial(self.space)))
        return out

    def around(self, elites: list[int], count: int, j: int, n_iter: int) -> list[Config]:
        """Iteration j: each elite's model updated, then `count` configurations around them."""
        for e in elites:
            c = self.configs[e]
            c.model = c.model.updated(c.params, self.space, j, n_iter, count)
        taken = {key(c.params) for c in self.configs.values()}
        out = []
        for _ in range(count):
            parent = self.configs[elites[sample.pick_parent(len(elites), self.rng)]]
            params = self._fresh(lambda: sample.around(parent.params, parent.model, self.space, self.rng), taken)
            if params is None:
                break
            out.append(self._add(params, parent.id, parent.model))
        return out

    def seen(self, c: int) -> int:
        """How many instances configuration c has run (they are the stream's first ones)."""
        i = 0
        while self.result(self.configs[c].params, i) is not None:
            i += 1
        return i

    def race(self, elites: list[int], new: list[int], budget_j: int, j: int) -> Generator[None, None, list[dict[str, Any]]]:
        def run(pairs, iteration):
            return self.run([(self.configs[c], i) for c, i in pairs], iteration)
        race = Race(elites + new, budget_j, self.plan()["survivors"], {c: self.seen(c) for c in elites},
                    lambda c, i: self.result(self.configs[c].params, i), run, self.on_event, iteration=j)
        elites = yield from race.go()
        self.used += race.used
        return elites

    def tune(self) -> Generator[None, None, list[dict[str, Any]]]:
        """Iterate until the budget is spent, a step per run; the last race's elites, best first."""
        plan, elites, j = self.plan(), [], 1
        n_iter = plan["iterations"]
        while True:
            n_iter = max(n_iter, j)
            budget_j = iteration_budget(self.budget - self.used, j, n_iter)
            count = configurations(budget_j, j) - (len(elites) if j > 1 else 0)
            if count < 1:
                self.ended = self._too_few_left(len(elites), j, budget_j)
                break
            new = self.first(count) if j == 1 else self.around([e["id"] for e in elites], count, j, n_iter)
            if not new:
                self.ended = words.space_spent(j, MAX_TRIES)
                break
            self.on_event({"event": "sample", "iteration": j, "budget": budget_j,
                           "configs": [{"id": c.id, "params": c.params, "parent": c.parent} for c in new]})
            raced = yield from self.race([e["id"] for e in elites], [c.id for c in new], budget_j, j)
            if not raced:
                break
            elites, j = raced, j + 1
        return [{**e, "params": self.configs[e["id"]].params} for e in elites]

    def _too_few_left(self, elites: int, j: int, budget_j: int) -> str | None:
        """irace's stop, "not enough budget left to race newly sampled configurations", in a
        sentence with the numbers: iteration j's share and what one new configuration needs
        (N_j > elites, so B_j ≥ (elites + 1)(μ + min(5, j))); None when no run is left."""
        left = self.budget - self.used
        return words.too_few_left(j, left, budget_j, elites, (elites + 1) * (MU + min(5, j))) if left > 0 else None

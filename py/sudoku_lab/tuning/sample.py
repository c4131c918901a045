"""New configurations: uniformly over the space (a tune's first iteration), or around an elite
by its sampling model (docs/design.md, "Tuning by racing": Method; López-Ibáñez et al. 2016,
section 3.2). Every draw comes from the tune's one sampling generator, in a fixed order, so a
seed gives the same configurations."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..scipy_stats import stats as st
from .space import FLOAT_DIGITS, Param, Space


@dataclass
class Model:
    """An elite's sampling model: a standard deviation per number, probabilities per choice."""

    sd: dict[str, float] = field(default_factory=dict)
    probs: dict[str, list[float]] = field(default_factory=dict)

    @classmethod
    def initial(cls, space: Space) -> "Model":
        """irace's start: half the range; every value equally likely."""
        return cls({p.name: (p.hi - p.lo) / 2 for p in space.params if p.numeric},
                   {p.name: [1 / len(p.choices)] * len(p.choices) for p in space.params if not p.numeric})

    def updated(self, values: dict[str, Any], space: Space, iteration: int, iterations: int, new: int) -> "Model":
        """The model an elite carries into `iteration`: each sd times (1/new)^(1/N); each choice's
        probabilities times 1 − (j−1)/N_iter, plus (j−1)/N_iter on the elite's own value."""
        shrink = (1 / max(new, 1)) ** (1 / len(space.params))
        step = (iteration - 1) / iterations
        probs = {}
        for p in space.params:
            if not p.numeric:
                moved = [q * (1 - step) for q in self.probs[p.name]]
                moved[p.choices.index(values[p.name])] += step
                probs[p.name] = moved
        return Model({k: v * shrink for k, v in self.sd.items()}, probs)


def _float(x: float, p: Param) -> float:
    return float(min(max(round(x, FLOAT_DIGITS), p.lo), p.hi))


def uniform_value(p: Param, rng: np.random.Generator) -> Any:
    if p.type == "int":
        return int(rng.integers(int(p.lo), int(p.hi) + 1))
    if p.type == "float":
        return _float(rng.uniform(p.lo, p.hi), p)
    return p.choices[int(rng.integers(len(p.choices)))]


def uniform(space: Space, rng: np.random.Generator) -> dict[str, Any]:
    """A configuration drawn uniformly: each tuned parameter over its range, the fixed ones as fixed."""
    return {**{p.name: uniform_value(p, rng) for p in space.params}, **space.fixed}


def normal_value(p: Param, centre: float, sd: float, rng: np.random.Generator) -> Any:
    """A number from the normal around `centre` truncated to the range (scipy's truncnorm); an
    int is drawn on [lo, hi + 1) and floored, as irace does."""
    hi = p.hi + 1 if p.type == "int" else p.hi
    if sd <= 0 or p.lo == p.hi:
        return centre
    x = float(st.truncnorm.rvs((p.lo - centre) / sd, (hi - centre) / sd, loc=centre, scale=sd, random_state=rng))
    return min(int(math.floor(x)), int(p.hi)) if p.type == "int" else _float(x, p)


def around(values: dict[str, Any], model: Model, space: Space, rng: np.random.Generator) -> dict[str, Any]:
    """A configuration sampled around an elite's `values` by its `model`."""
    out = {}
    for p in space.params:
        if p.numeric:
            out[p.name] = normal_value(p, values[p.name], model.sd[p.name], rng)
        else:
            out[p.name] = p.choices[int(rng.choice(len(p.choices), p=np.array(model.probs[p.name]) / sum(model.probs[p.name])))]
    return {**out, **space.fixed}


def parent_weights(elites: int) -> np.ndarray:
    """irace's chance of each elite (best first) to be a parent: (N − r + 1) / (N (N + 1) / 2)."""
    ranks = np.arange(1, elites + 1)
    return (elites - ranks + 1) / (elites * (elites + 1) / 2)


def pick_parent(elites: int, rng: np.random.Generator) -> int:
    """The index of the elite a new configuration is sampled around."""
    return int(rng.choice(elites, p=parent_weights(elites)))

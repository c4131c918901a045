"""The solver registry: one module per paper, each with ID, TITLE, CITATION, PARAMS, run().

Everything that lists solvers (the CLI, the page's menu, the share-link checks) reads
this registry, so adding a paper means adding its module to ``_MODULES`` and nothing else.
Parameter specs are plain dicts ``{name, type, default, min, max, choices?, help}``
(type is ``int``, ``float``, ``bool`` or ``choice``) so they cross to JavaScript as JSON.
Each module also declares ``OBJECTIVE`` = {name, direction, best(puzzle, params)} — what
its ``best`` measures — and may define ``check_params(puzzle, params)`` to refuse values a
given puzzle cannot take (raising SolverError with a plain message). ``REFERENCE = True``
marks a solver that is not one of the lab's papers but the field's reference beside them.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .. import values
from . import acs, alldiff_ls, alldiff_tabu, exact_search, ga_woc, gp_moves, hill_climb, nb_coin
from .params import SolverError, resolve_params

_MODULES: tuple[ModuleType, ...] = (hill_climb, ga_woc, gp_moves, nb_coin, alldiff_tabu, acs, alldiff_ls,
                                     exact_search)
REGISTRY: dict[str, ModuleType] = {m.ID: m for m in _MODULES}


__all__ = ["REGISTRY", "SolverError", "check_seed", "get", "objective", "resolve_params", "schema", "schemas"]


def get(solver_id: str) -> ModuleType:
    try:
        return REGISTRY[solver_id]
    except KeyError:
        raise SolverError(f"unknown solver {values.quote(solver_id)}; choose one of: {', '.join(REGISTRY)}",
                          "solver") from None


def schema(module: ModuleType) -> dict[str, Any]:
    return {"id": module.ID, "title": module.TITLE, "citation": module.CITATION,
            "reference": bool(getattr(module, "REFERENCE", False)),
            "params": [dict(p) for p in module.PARAMS],
            "objective": {"name": module.OBJECTIVE["name"], "direction": module.OBJECTIVE["direction"]},
            "series_axes": dict(getattr(module, "SERIES_AXES", {})),
            # what one step is (the x axis of its chart) and each series' name for people
            "step": getattr(module, "STEP", "iteration"), "series_labels": dict(getattr(module, "SERIES", {})),
            # each extra board a run offers beside its best candidate: what it shows, for people
            "views": dict(getattr(module, "VIEWS", {}))}


def objective(module: ModuleType, puzzle, params: dict[str, Any]) -> dict[str, Any]:
    """What the solver's `best` measures: name, direction ('min'/'max') and the value a
    solution scores on this puzzle with these parameters."""
    o = module.OBJECTIVE
    return {"name": o["name"], "direction": o["direction"], "best": o["best"](puzzle, params)}


def check_seed(raw: Any) -> int:
    try:
        return values.seed(raw)
    except values.ValueProblem as exc:
        raise SolverError(str(exc), "seed") from None


def schemas() -> list[dict[str, Any]]:
    return [schema(m) for m in _MODULES]

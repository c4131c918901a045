"""The solver registry: one module per paper, each with ID, TITLE, CITATION, PARAMS, run().

Everything that lists solvers (the CLI, the page's menu, the share-link checks) reads
this registry, so adding a paper means adding its module to ``_MODULES`` and nothing else.
Parameter specs are plain dicts ``{name, type, default, min, max, choices?, help}``
(type is ``int``, ``float``, ``bool`` or ``choice``) so they cross to JavaScript as JSON.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from . import alldiff_tabu, ga_woc, gp_moves, hill_climb, nb_coin
from .params import SolverError, resolve_params

_MODULES: tuple[ModuleType, ...] = (hill_climb, ga_woc, gp_moves, nb_coin, alldiff_tabu)
REGISTRY: dict[str, ModuleType] = {m.ID: m for m in _MODULES}


__all__ = ["REGISTRY", "SolverError", "get", "resolve_params", "schema", "schemas"]


def get(solver_id: str) -> ModuleType:
    try:
        return REGISTRY[solver_id]
    except KeyError:
        raise SolverError(f"unknown solver {solver_id!r}; choose one of: {', '.join(REGISTRY)}") from None


def schema(module: ModuleType) -> dict[str, Any]:
    return {"id": module.ID, "title": module.TITLE, "citation": module.CITATION,
            "params": [dict(p) for p in module.PARAMS],
            "series_axes": dict(getattr(module, "SERIES_AXES", {}))}


def schemas() -> list[dict[str, Any]]:
    return [schema(m) for m in _MODULES]

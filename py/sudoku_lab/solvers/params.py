"""Parameter specs and their checking, shared by every solver module and the registry."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping

from .. import values


class SolverError(ValueError):
    """An unknown solver, a bad parameter value, or one the puzzle cannot take; the message
    says which and why in plain words (the page shows it as it is), and `field` names the
    setting at fault ('solver', 'seed' or a parameter's name) so the page can mark it."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def param(name: str, type: str, default: Any, help: str, min: float | None = None,
          max: float | None = None, choices: list[str] | None = None) -> dict[str, Any]:
    spec = {"name": name, "type": type, "default": default, "min": min, "max": max, "help": help}
    if choices is not None:
        spec["choices"] = list(choices)
    return spec


def resolve_params(module: ModuleType, given: Mapping[str, Any], puzzle=None) -> dict[str, Any]:
    """The paper's defaults overridden by `given`, each value read by its rule (``values.param``);
    with a puzzle, also the solver's own check that it can take these values on that puzzle."""
    specs = {p["name"]: p for p in module.PARAMS}
    unknown = [k for k in given if k not in specs]
    if unknown:
        raise SolverError(f"{module.ID} has no parameter {values.quote(unknown[0])}; "
                          f"it has: {', '.join(specs) or 'none'}", unknown[0])
    out = {}
    for name, spec in specs.items():
        try:
            out[name] = values.param(spec, given[name]) if name in given else spec["default"]
        except values.ValueProblem as exc:
            raise SolverError(str(exc), name) from None
    if puzzle is not None and hasattr(module, "check_params"):
        module.check_params(puzzle, out)
    return out

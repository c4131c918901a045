"""Parameter specs and their checking, shared by every solver module and the registry."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping


class SolverError(ValueError):
    """An unknown solver or a bad parameter value; the message says which and why."""


def param(name: str, type: str, default: Any, help: str, min: float | None = None,
          max: float | None = None, choices: list[str] | None = None) -> dict[str, Any]:
    spec = {"name": name, "type": type, "default": default, "min": min, "max": max, "help": help}
    if choices is not None:
        spec["choices"] = list(choices)
    return spec


def _coerce(spec: Mapping[str, Any], raw: Any) -> Any:
    name, kind = spec["name"], spec["type"]
    try:
        if kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind == "choice":
            if str(raw) not in spec["choices"]:
                raise SolverError(f"parameter {name!r} must be one of {', '.join(spec['choices'])}; got {raw!r}")
            return str(raw)
        if kind == "int":
            value = float(raw)
            if value != int(value):
                raise ValueError
            value = int(value)
        else:
            value = float(raw)
            if value != value:  # NaN
                raise ValueError
    except SolverError:
        raise
    except (TypeError, ValueError, OverflowError):
        word = {"bool": "true or false", "int": "a whole number", "float": "a number"}[kind]
        raise SolverError(f"parameter {name!r} must be {word}; got {raw!r}") from None
    lo, hi = spec.get("min"), spec.get("max")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise SolverError(f"parameter {name!r} must be between {lo} and {hi}; got {value}")
    return value


def resolve_params(module: ModuleType, given: Mapping[str, Any]) -> dict[str, Any]:
    """The paper's defaults overridden by `given`, each value checked against its spec."""
    specs = {p["name"]: p for p in module.PARAMS}
    unknown = [k for k in given if k not in specs]
    if unknown:
        raise SolverError(f"{module.ID} has no parameter {unknown[0]!r}; it has: {', '.join(specs) or 'none'}")
    return {name: _coerce(spec, given[name]) if name in given else spec["default"]
            for name, spec in specs.items()}

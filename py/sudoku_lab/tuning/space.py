"""The parameter space a tune searches: each parameter of the solver's ``PARAMS`` specs over its
spec's range, narrowed by the user (docs/design.md, "Tuning by racing": Inputs).

``name=lo:hi`` narrows a number's range, ``name=a,b,c`` a choice's or bool's values, ``name=v``
fixes a parameter; every value is read by the spec's own rule (``values.param``), so a tune
never tries a value a run would refuse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import values

FLOAT_DIGITS = 4          # irace's `digits`: a float parameter keeps 4 decimals


class TuneError(ValueError):
    """Input the user can fix: one line naming the field at fault (exit 2); `field` names it
    apart for the page to mark (a parameter's own name, "params" for the space as a whole; None:
    no one field), never read back from the words."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Param:
    """One tuned parameter: a number's range (`lo`, `hi`) or a finite set of values (`choices`,
    a choice's or a bool's), and the spec's default."""

    name: str
    type: str
    default: Any
    lo: float | None = None
    hi: float | None = None
    choices: tuple = ()

    @property
    def numeric(self) -> bool:
        return self.type in ("int", "float")

    def to_json(self) -> dict[str, Any]:
        return ({"name": self.name, "type": self.type, "lo": self.lo, "hi": self.hi} if self.numeric
                else {"name": self.name, "type": self.type, "choices": list(self.choices)})


@dataclass(frozen=True)
class Space:
    """The tuned parameters and the fixed ones (a user's `name=v`)."""

    params: tuple[Param, ...]
    fixed: dict[str, Any]

    def defaults(self) -> dict[str, Any]:
        """The spec's defaults, with the fixed values: the configuration a tune starts from."""
        return {**{p.name: p.default for p in self.params}, **self.fixed}

    def contains(self, config: dict[str, Any]) -> bool:
        """Whether a configuration lies in the space (a default outside a narrowed range does not)."""
        return all(config.get(k) == v for k, v in self.fixed.items()) and all(
            (p.lo <= config[p.name] <= p.hi) if p.numeric else config[p.name] in p.choices for p in self.params)

    def to_json(self) -> dict[str, Any]:
        return {"tuned": [p.to_json() for p in self.params], "fixed": dict(self.fixed)}


def _read(spec: dict[str, Any], raw: str, field: str) -> Any:
    try:
        return values.param(spec, raw)
    except values.ValueProblem as exc:
        raise TuneError(f"--param {field}: {exc}", field=field) from None


def whole_range(spec: dict[str, Any]) -> Param:
    """A spec's parameter over its whole range (bool: false and true)."""
    if spec["type"] in ("int", "float"):
        return Param(spec["name"], spec["type"], spec["default"], spec["min"], spec["max"])
    choices = (False, True) if spec["type"] == "bool" else tuple(spec["choices"])
    return Param(spec["name"], spec["type"], spec["default"], choices=choices)


def narrowed(spec: dict[str, Any], raw: str) -> Param | Any:
    """The user's `raw` for this spec: a narrower Param (``lo:hi`` or ``a,b,c``), or a fixed value."""
    name = spec["name"]
    if ":" in raw and spec["type"] in ("int", "float"):
        lo_raw, _, hi_raw = raw.partition(":")
        lo, hi = _read(spec, lo_raw, name), _read(spec, hi_raw, name)
        if lo > hi:
            raise TuneError(f"--param {name}: lo must not be above hi; got {values.fmt(lo)}:{values.fmt(hi)}", field=name)
        return Param(name, spec["type"], spec["default"], lo, hi)
    if "," in raw and spec["type"] in ("choice", "bool"):
        picked = tuple(dict.fromkeys(_read(spec, part, name) for part in raw.split(",")))
        return Param(name, spec["type"], spec["default"], choices=picked) if len(picked) > 1 else picked[0]
    if ":" in raw or "," in raw:
        form = "lo:hi" if spec["type"] in ("int", "float") else "a,b,c"
        raise TuneError(f"--param {name}: a {spec['type']} parameter is narrowed as {name}={form}; "
                        f"got {values.quote(raw)}", field=name)
    return _read(spec, raw, name)


def space(specs: list[dict[str, Any]], given: dict[str, str], solver: str = "the solver") -> Space:
    """The space of a solver's `specs` narrowed by `given` (name -> the user's text)."""
    by_name = {s["name"]: s for s in specs}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        raise TuneError(f"--param {unknown[0]}: {solver} has no parameter {values.quote(unknown[0])}; "
                        f"it has: {', '.join(by_name) or 'none'}", field="params")
    params, fixed = [], {}
    for spec in specs:
        got = narrowed(spec, given[spec["name"]]) if spec["name"] in given else whole_range(spec)
        if isinstance(got, Param):
            params.append(got)
        else:
            fixed[spec["name"]] = got
    if not params:
        raise TuneError(f"--param: nothing left to tune ({solver} has no parameter, or every one is fixed)", field="params")
    return Space(tuple(params), fixed)

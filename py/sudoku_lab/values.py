"""One rule per setting a user can type: the seed, the time limit, each solver parameter.

The page (``static/rules/values.js``), share links and the CLI all read values by these rules,
and ``tests/value_cases.json`` holds the cases both sides are tested against, so a value
means the same everywhere: a link that works in the page runs the same on the command line.

The rules, decided once (docs/design.md, "Values"):

* Numbers are written in plain decimal: no exponent (``1e3``), no hex (``0x10``), no sign
  on the seed, no surrounding spaces. Whole numbers may not carry a fraction (``5.0``).
* The seed is a whole number from 0 to ``SEED_MAX``: numpy refuses negative seeds, and
  JavaScript holds whole numbers exactly only up to 2**53 - 1.
* The time limit is a positive number of seconds, at most ``SECONDS_MAX`` (a day).
* A step or evaluation budget is a whole number from 1 to ``SEED_MAX``, the stop point (the step a
  stopped run ended at) one from 0; both read like the seed, so JavaScript holds them exactly.
* The generator's size is the side of the grid, one of ``SIZES``, and its
  p, the share of cells given, a number from 0 to 1 in plain decimal without a sign.

The bounds live in ``limits`` (with the page's copy of them), the rules here.
* A true/false parameter takes ``true``/``false``/``1``/``0`` (any letter case).
* A message quotes at most ``QUOTE_MAX`` characters of what was typed, and no number is
  written with more characters than that.

Each rule takes the label its message names the setting by (the settings table's, e.g.
"runs", "generator seed"), so a caller never rewrites a message.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .limits import QUOTE_MAX, SECONDS_MAX, SEED_MAX, SENTENCES, SIZES, WHOLE  # noqa: F401 (the rules' bounds, one home)

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_UNSIGNED_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_TRUE, _FALSE = ("true", "1"), ("false", "0")


class ValueProblem(ValueError):
    """A value that breaks its rule; the message, ``<label> <reason>``, names the setting and
    what it must be. Its parts stay apart, for a caller that composes its own message."""

    def __init__(self, label: str, reason: str):
        super().__init__(f"{label} {reason}")
        self.label = label
        self.reason = reason

    def __reduce__(self):              # pickled whole (a Dask worker's problem comes back as it was)
        return type(self), (self.label, self.reason)


def quote(raw: Any) -> str:
    """What the user typed, in quotes, cut to QUOTE_MAX characters; nothing typed is "nothing"
    (a message never shows ``''``)."""
    text = raw if isinstance(raw, str) else fmt(raw)
    if text == "":
        return "nothing"
    if len(text) > QUOTE_MAX:
        return f"'{text[:QUOTE_MAX]}…' ({len(text):,} characters)"
    return f"'{text}'"


def fmt(x: Any) -> str:
    """A number as JavaScript's String() writes it (5.0 -> '5'), so messages match the page's."""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e21:
        return str(int(x))
    return str(x)


def _number(raw: Any, pattern: re.Pattern) -> float | None:
    """The number `raw` stands for, or None when it breaks the plain-decimal rule."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        return raw if raw == raw and abs(raw) != float("inf") else None
    if isinstance(raw, str) and len(raw) <= QUOTE_MAX and pattern.fullmatch(raw):
        return float(raw) if "." in raw else int(raw)
    return None


def _whole(raw: Any, label: str, kind: str) -> int:
    """A whole number in its kind's range (limits.WHOLE), said in the limits table's words."""
    low, high = WHOLE[kind]
    v = _number(raw, _WHOLE)
    if v is None or v != int(v) or not low <= v <= high:
        raise ValueProblem(label, f"{SENTENCES[kind]}; got {quote(raw)}")
    return int(v)


def seed(raw: Any, label: str = "seed") -> int:
    return _whole(raw, label, "seed")


def max_seconds(raw: Any, label: str = "time limit") -> float:
    v = _number(raw, _DECIMAL)
    if v is None or not 0 < v <= SECONDS_MAX:
        raise ValueProblem(label, f"{SENTENCES['seconds']}; got {quote(raw)}")
    return float(v)


def max_seconds_or_none(raw: Any, budgeted: bool, label: str = "time limit") -> float | None:
    """The time limit where it may be left empty (the page's field, a link's t=, --max-seconds):
    empty beside a step or evaluation budget (`budgeted`) is none, a run with no time limit, so
    where it ends does not depend on the load; empty without one is a problem saying both ways."""
    if raw is None or raw == "":
        if budgeted:
            return None
        raise ValueProblem(label, SENTENCES["seconds_empty"])
    return max_seconds(raw, label)


def budget(raw: Any, label: str = "step budget") -> int:
    """A step or evaluation budget (docs/design.md, "Values"): a count that does not depend on the load."""
    return _whole(raw, label, "budget")


def stop_point(raw: Any, label: str = "stop point") -> int:
    """The step a run was ended at by Stop or its time limit (a link's stop=)."""
    return _whole(raw, label, "stop_point")


def size(raw: Any, label: str = "size") -> int:
    """The side of a generated grid."""
    v = _number(raw, _WHOLE)
    if v is None or v != int(v) or int(v) not in SIZES:
        raise ValueProblem(label, f"must be {SENTENCES['sides']}; got {quote(raw)}")
    return int(v)


def p(raw: Any, label: str = "p") -> float:
    """The share of a generated grid's cells that are given."""
    v = _number(raw, _UNSIGNED_DECIMAL)
    if v is None or not 0 <= v <= 1:
        raise ValueProblem(label, f"must be a number from 0 to 1; got {quote(raw)}")
    return float(v)


def param(spec: Mapping[str, Any], raw: Any, label: str | None = None) -> Any:
    """A solver parameter's value by its spec {name, type, min, max, choices}; the message calls
    it "parameter '<name>'" unless given another `label` (a count read by this rule: "runs")."""
    kind = spec["type"]
    label = f"parameter '{spec['name']}'" if label is None else label
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = raw.lower() if isinstance(raw, str) else None
        if text in _TRUE or raw == 1:
            return True
        if text in _FALSE or raw == 0:
            return False
        raise ValueProblem(label, f"must be true or false; got {quote(raw)}")
    if kind == "choice":
        if raw not in spec["choices"]:
            raise ValueProblem(label, f"must be one of {', '.join(spec['choices'])}; got {quote(raw)}")
        return raw
    v = _number(raw, _WHOLE if kind == "int" else _DECIMAL)
    if v is None or (kind == "int" and v != int(v)):
        word = "a whole number" if kind == "int" else "a number"
        raise ValueProblem(label, f"must be {word}; got {quote(raw)}")
    v = int(v) if kind == "int" else float(v)
    lo, hi = spec.get("min"), spec.get("max")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ValueProblem(label, f"must be between {fmt(lo)} and {fmt(hi)}; got {fmt(v)}")
    return v

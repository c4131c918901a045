"""The published figures the lab's results are set beside: the one reader of
``data/published.json``, each figure's one home.

The file holds every paper's printed figures once — the five papers under their solver's id,
other references (Lewis 2007, Lloyd & Amos 2020, AllDiff-LS 2025) as author + year — and its ``_about``
describes the shape: sources, each with series (one table column or curve: size, x, measure,
runs, points …), each point a number ``y``, a range ``low``–``high`` or the paper's words
``text``. :func:`load` reads and checks it, so a typo in a key or a figure of the wrong kind
is one line naming the source, series and point, not a wrong table later.
``bench/papers.py`` prints the papers' tables from it (:func:`table`), ``bench/phase_plot.py``
draws its p-series, the page's paper columns read it, and ``tests/package/test_published.py`` holds
docs/benchmarks.md's paper columns to it.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Iterable

PATH = Path(__file__).resolve().parent.parent.parent / "data" / "published.json"   # the repository's copy

X_KINDS = ("p", "puzzle", "level", "givens", "set")
RANGE_MEASURES = ("seconds_range", "generations_range")
MEASURES = ("success_rate", "solved", "mean_seconds", "median_seconds", "max_seconds", "seconds_range",
            "mean_iterations", "mean_restarts", "mean_generations", "generations_range",
            "mean_final_conflicts", "mean_givens", "givens", "outcome")
SOURCE_KEYS = {"label", "citation", "method", "instances", "machine", "notes", "series"}
SOURCE_OPTIONAL = {"solver"}        # the lab's solver that implements the source's method (the atlas marks its maps)
SERIES_REQUIRED = {"size", "x", "measure", "runs", "points"}
SERIES_OPTIONAL = {"arm", "params", "of", "time_limit_s", "iteration_limit", "runs_each", "decimals"}
POINT_OPTIONAL = {"label", "puzzles", "approximate", "bound", "from", "note", "also_printed"}
SIZES = (4, 9, 16, 25, 36, 49)


class PublishedProblem(ValueError):
    """The file cannot be read or breaks its shape; the message says where."""


def load(path: str | Path = PATH) -> dict:
    """The file as a dict, checked (:func:`check`)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise PublishedProblem(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise PublishedProblem(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    check(data, where=str(path))
    return data


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check(data: Any, where: str = "published figures") -> None:
    """Raise :class:`PublishedProblem` unless `data` has the shape ``_about`` describes."""
    if not isinstance(data, dict):
        raise PublishedProblem(f"{where}: the top level must be an object of sources")
    for key in sources(data):
        _check_source(data[key], f"{where}: source {key!r}", paper=is_paper(key))


def is_paper(key: str) -> bool:
    """A source named by a solver id (one of the lab's papers), not author + year (another
    reference): its citation lives in the solver module, not here."""
    return re.fullmatch(r"[a-z_]+", key) is not None


def _check_source(src: Any, where: str, paper: bool) -> None:
    if not isinstance(src, dict):
        raise PublishedProblem(f"{where} must be an object")
    keys = SOURCE_KEYS - {"citation"} if paper else SOURCE_KEYS
    missing, unknown = keys - set(src), set(src) - keys - SOURCE_OPTIONAL
    if missing or unknown:
        raise PublishedProblem(f"{where}: " + "; ".join(
            ([f"lacks {', '.join(sorted(missing))}"] if missing else [])
            + ([f"has unknown key {', '.join(sorted(unknown))}"] if unknown else [])))
    if "solver" in src and not (isinstance(src["solver"], str) and re.fullmatch(r"[a-z_]+", src["solver"])):
        raise PublishedProblem(f"{where}: solver must be a solver id")
    for key in keys - {"notes", "series"}:
        if not isinstance(src[key], str) or not src[key]:
            raise PublishedProblem(f"{where}: {key} must be a non-empty string")
    if not isinstance(src["notes"], list) or not all(isinstance(n, str) for n in src["notes"]):
        raise PublishedProblem(f"{where}: notes must be a list of strings")
    if not isinstance(src["series"], list) or not src["series"]:
        raise PublishedProblem(f"{where}: series must be a non-empty list")
    for i, s in enumerate(src["series"]):
        _check_series(s, f"{where}, series {i}")


def _check_series(s: Any, where: str) -> None:
    if not isinstance(s, dict):
        raise PublishedProblem(f"{where} must be an object")
    missing, unknown = SERIES_REQUIRED - set(s), set(s) - SERIES_REQUIRED - SERIES_OPTIONAL
    if missing:
        raise PublishedProblem(f"{where} lacks {', '.join(sorted(missing))}")
    if unknown:
        raise PublishedProblem(f"{where} has unknown key {', '.join(sorted(unknown))}")
    where = f"{where} ({s['measure']})"
    if s["size"] not in SIZES:
        raise PublishedProblem(f"{where}: size must be one of {', '.join(map(str, SIZES))}")
    if s["x"] not in X_KINDS:
        raise PublishedProblem(f"{where}: x must be one of {', '.join(X_KINDS)}")
    if s["measure"] not in MEASURES:
        raise PublishedProblem(f"{where}: unknown measure (known: {', '.join(MEASURES)})")
    for key in ("runs", "arm", "of"):
        if key in s and (not isinstance(s[key], str) or not s[key]):
            raise PublishedProblem(f"{where}: {key} must be a non-empty string")
    for key in ("runs_each", "iteration_limit", "decimals"):
        if key in s and (not isinstance(s[key], int) or isinstance(s[key], bool) or s[key] < 0):
            raise PublishedProblem(f"{where}: {key} must be a whole number")
    if "time_limit_s" in s and s["time_limit_s"] is not None and not (_number(s["time_limit_s"]) and s["time_limit_s"] > 0):
        raise PublishedProblem(f"{where}: time_limit_s must be a positive number or null")
    if "params" in s and not isinstance(s["params"], dict):
        raise PublishedProblem(f"{where}: params must be an object")
    if s["measure"] == "solved" and "runs_each" not in s:
        raise PublishedProblem(f"{where}: a count of solved runs needs runs_each")
    if not isinstance(s["points"], list) or not s["points"]:
        raise PublishedProblem(f"{where}: points must be a non-empty list")
    seen = set()
    for j, p in enumerate(s["points"]):
        _check_point(s, p, f"{where}, point {j}")
        if p["x"] in seen:
            raise PublishedProblem(f"{where}: x {p['x']!r} appears twice")
        seen.add(p["x"])


def _check_point(s: dict, p: Any, where: str) -> None:
    if not isinstance(p, dict) or "x" not in p:
        raise PublishedProblem(f"{where} must be an object with an x")
    values = {"y", "low", "high", "text"} & set(p)
    unknown = set(p) - {"x"} - values - POINT_OPTIONAL
    if unknown:
        raise PublishedProblem(f"{where} has unknown key {', '.join(sorted(unknown))}")
    if s["x"] == "p":
        if not (_number(p["x"]) and 0 <= p["x"] <= 1):
            raise PublishedProblem(f"{where}: x must be a p from 0 to 1")
    elif not isinstance(p["x"], str) or not p["x"]:
        raise PublishedProblem(f"{where}: x must be a {s['x']} name")
    m = s["measure"]
    if m == "outcome":
        if values != {"text"} or not isinstance(p["text"], str) or not p["text"]:
            raise PublishedProblem(f"{where}: an outcome is the paper's words, a text")
    elif m in RANGE_MEASURES:
        if values != {"low", "high"} or not (_number(p["low"]) and _number(p["high"]) and p["low"] <= p["high"]):
            raise PublishedProblem(f"{where}: a range needs numbers low ≤ high")
    elif values == {"low", "high"}:     # a figure known to lie in a range (read from a plot)
        if not (_number(p["low"]) and _number(p["high"]) and p["low"] <= p["high"]):
            raise PublishedProblem(f"{where}: a range needs numbers low ≤ high")
    else:
        if values != {"y"} or not _number(p["y"]):
            raise PublishedProblem(f"{where}: needs one number y, or a range low–high")
        if m == "success_rate" and not 0 <= p["y"] <= 1:
            raise PublishedProblem(f"{where}: a success rate is a fraction from 0 to 1")
        if m == "solved" and not 0 <= p["y"] <= s["runs_each"]:
            raise PublishedProblem(f"{where}: solved runs must be from 0 to runs_each ({s['runs_each']})")
    if "bound" in p and p["bound"] != "at most":
        raise PublishedProblem(f"{where}: bound can only be 'at most'")
    if "approximate" in p and not isinstance(p["approximate"], bool):
        raise PublishedProblem(f"{where}: approximate must be true or false")
    for key in ("label", "from", "note"):
        if key in p and (not isinstance(p[key], str) or not p[key]):
            raise PublishedProblem(f"{where}: {key} must be a non-empty string")
    if "puzzles" in p and not (isinstance(p["puzzles"], list) and all(isinstance(n, str) for n in p["puzzles"])):
        raise PublishedProblem(f"{where}: puzzles must be a list of puzzle names")
    if "also_printed" in p:
        a = p["also_printed"]
        if not (isinstance(a, dict) and set(a) == {"value", "from"} and _number(a["value"])
                and isinstance(a["from"], str)):
            raise PublishedProblem(f"{where}: also_printed must be {{value, from}}")


def sources(data: dict) -> list[str]:
    """The source keys, in the file's order (keys starting with '_' describe the file)."""
    return [k for k in data if not k.startswith("_")]


def series(data: dict, source: str, **match: Any) -> list[dict]:
    """The source's series whose keys equal every `match` (``measure="mean_generations",
    arm="NB-COIN"``; ``measure=("max_seconds", "mean_seconds")`` matches either)."""
    if source not in data or source.startswith("_"):
        raise PublishedProblem(f"no source {source!r} among the published figures ({', '.join(sources(data))})")

    def fits(s: dict) -> bool:
        return all(s.get(k) in v if isinstance(v, tuple) else s.get(k) == v for k, v in match.items())
    return [s for s in data[source]["series"] if fits(s)]


def one_series(data: dict, source: str, **match: Any) -> dict:
    """The one series of `source` that fits `match`; a problem if none or several do."""
    found = series(data, source, **match)
    if len(found) != 1:
        what = ", ".join(f"{k}={v!r}" for k, v in match.items())
        raise PublishedProblem(f"{len(found)} series of {source!r} fit {what}; expected one")
    return found[0]


def point(s: dict, x: Any) -> dict | None:
    """The point of series `s` at `x`, or None."""
    return next((p for p in s["points"] if p["x"] == x), None)


def number_text(v: float, decimals: int | None = None) -> str:
    """A figure as docs/benchmarks.md writes it: thousands separated, the paper's decimals."""
    if decimals is not None:
        return f"{v:,.{decimals}f}"
    if float(v).is_integer():
        return f"{int(v):,}"
    return f"{v:,}"


def figure(s: dict, p: dict) -> str:
    """A point's figure as text: '100/100', '100%', '0–15', '262.26 (264.26 in Table 1)',
    '~75%', '≤ 1.4', or the paper's words."""
    d = s.get("decimals")
    m = s["measure"]
    if "text" in p:
        out = p["text"]
    elif "low" in p:
        out = f"{number_text(p['low'], d)}–{number_text(p['high'], d)}"
    elif m == "solved":
        out = f"{number_text(p['y'], d)}/{s['runs_each']}"
    elif m == "success_rate":
        out = f"{number_text(round(100 * p['y'], 6), d)}%"
    else:
        out = number_text(p["y"], d)
    if p.get("bound") == "at most":
        out = "≤ " + out
    if p.get("approximate"):
        out = "~" + out
    if "also_printed" in p:
        a = p["also_printed"]
        out += f" ({number_text(a['value'], d)} in {a['from'][:1].upper() + a['from'][1:]})"
    return out


def table(data: dict, source: str, columns: Iterable[tuple[str, dict]], first: str = "", by: str = "x") -> str:
    """A Markdown table of `source`'s figures. Each column is (heading, match) as for
    :func:`series`. Rows are the points' x, named by their label when the paper has its own
    name (``by="x"``, each column one series), or the series' arms (``by="arm"``, each
    column one series per arm, of one point)."""
    columns = list(columns)
    cols = [series(data, source, **match) for _, match in columns]
    for (heading, match), found in zip(columns, cols):
        if not found or (by == "x" and len(found) > 1):
            raise PublishedProblem(f"column {heading!r}: {len(found)} series of {source!r} fit {match}")
    rows: dict[Any, str] = {}
    cells: dict[tuple[Any, int], str] = {}
    for c, found in enumerate(cols):
        for s in found:
            if by == "arm":
                if "arm" not in s or len(s["points"]) != 1:
                    raise PublishedProblem(f"column {columns[c][0]!r}: a series by arm needs an arm and one point")
                rows.setdefault(s["arm"], s["arm"])
                cells[(s["arm"], c)] = figure(s, s["points"][0])
            else:
                for p in s["points"]:
                    rows.setdefault(p["x"], p.get("label", str(p["x"])))
                    cells[(p["x"], c)] = figure(s, p)
    out = ["| " + " | ".join([first, *(h for h, _ in columns)]) + " |",
           "|---|" + "---:|" * len(columns)]
    for key, name in rows.items():
        out.append("| " + " | ".join([name, *(cells.get((key, c), "–") for c in range(len(columns)))]) + " |")
    return "\n".join(out)

"""The atlas: where each solver wins, over size × p (docs/design.md, "The
atlas").

A phase-transition sweep (``bench --generate SIZE:P0:P1:STEP …``) writes one record per run,
each named by its generator spec ``size:p:instance``. :func:`aggregate` pools them into cells,
one per size × p × entry: its runs, judged runs, solved runs, success rate (``stats.tally``,
the one definition) and the median seconds of its solved runs (unsolved runs are not in the
median: they are what the success rate counts). Per size × p it names the fastest entry: the
highest success rate, then the lowest median seconds, then the entry listed first — the page's
rule for an experiment's best entry, so an entry that solved one run of five quickly never
beats one that solved all five. ``static/rules/atlas.js`` is the page's copy, both held to
``tests/atlas_cases.json``.

:func:`build` makes the shipped file (``data/atlas.json``) from a bench output: the cells, the
budget, clock, instances and runs from the file's header, and the command that reruns it,
rebuilt from the header; :func:`write` writes it one cell a line, the same bytes for the same
records. :func:`markdown` prints its table for docs/benchmarks.md.

Sweeps of several sizes are pooled (:func:`build_many`) when they ran the same budget, clock, runs
and entries, except that an entry may be missing from a sweep: one that cannot run a size (a
solver above its ``MAX_SIDE``) is left out of that size's sweep, and an entry run later at a size
comes in a file of its own, pooled with that size's other files over the same instances. An
entry no file of a size ran has no cells there, so ``fastest`` never counts it, and ``not_run``
names the sizes and says why (the solver's ``MAX_SIDE`` where that explains it), so a reader
tells "not run at this size" from "ran and failed" (:func:`cell_state`, held to the same cases as
the page's ``cellState``). The key is written only when some entry is missing, so an atlas
without it reads as before.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any, Callable, Iterable

from .bench import Entry, read_records, spec_of
from .solvers import REGISTRY
from .stats import judged, tally

DIGITS = 6                                  # the file's rates and seconds are rounded to this many places


class AtlasProblem(ValueError):
    """A bench output that cannot make an atlas; the message names the file and what is wrong."""


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, DIGITS)


def place(name: str) -> tuple[int, float] | None:
    """(size, p) of a generated instance's name (``16:0.45:3``); None for any other name."""
    spec = spec_of(name)
    return None if spec is None else (spec[0], spec[1])


def aggregate(records: Iterable[dict[str, Any]], entry_of: Callable[[dict], str] = lambda r: r["entry"],
              entries: Iterable[str] = ()) -> dict[str, Any]:
    """Cells of size × p × entry and the fastest entry per size × p.

    ``entry_of(record)`` names a record's entry; ``entries`` fixes their order (others follow in
    the order they first appear). Records whose name is not a generator spec are left out and
    counted (``left_out``)."""
    order = list(dict.fromkeys(entries))
    groups: dict[tuple[int, float, str], list[dict]] = {}
    left_out = 0
    for rec in records:
        at = place(str(rec.get("name", "")))
        if at is None:
            left_out += 1
            continue
        entry = entry_of(rec)
        if entry not in order:
            order.append(entry)
        groups.setdefault((*at, entry), []).append(rec)
    sizes = sorted({k[0] for k in groups})
    ps = sorted({k[1] for k in groups})
    rank = {e: i for i, e in enumerate(order)}
    cells = []
    for (size, p, entry), recs in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1], rank[kv[0][2]])):
        t = tally(recs)
        cells.append({"size": size, "p": p, "entry": entry, "runs": t["runs"], "judged": t["judged"],
                      "solved": t["solved"], "errors": t["errors"], "stopped": t["stopped"], "rate": t["rate"],
                      "median_seconds": _median([r["seconds"] for r in judged(recs) if r["solved"]])})
    return {"sizes": sizes, "ps": ps, "entries": order, "cells": cells, "fastest": fastest(cells, sizes, ps, order),
            "left_out": left_out}


def fastest(cells: list[dict[str, Any]], sizes: list[int], ps: list[float], order: list[str]) -> list[dict[str, Any]]:
    """Per size × p that has cells: the entry with the highest success rate, then the lowest median
    seconds, then listed first (``entry`` None when no entry solved a run there); ``solved`` is
    the count its median is of."""
    rank = {e: i for i, e in enumerate(order)}
    out = []
    for size in sizes:
        for p in ps:
            here = [c for c in cells if c["size"] == size and c["p"] == p]
            if not here:
                continue
            won = [c for c in here if c["solved"]]
            best = min(won, key=lambda c: (-c["rate"], c["median_seconds"], rank[c["entry"]])) if won else None
            out.append({"size": size, "p": p, "entry": best and best["entry"], "judged": best and best["judged"],
                        "solved": best and best["solved"], "rate": best and best["rate"],
                        "median_seconds": best and best["median_seconds"]})
    return out


def command_of(experiment: dict[str, Any]) -> str:
    """The ``bench`` command that runs the experiment a header describes (run from py/)."""
    entries = experiment.get("entries") or [{"solver": experiment["solver"], "params": experiment.get("params", {})}]
    budget = experiment.get("budget", {})
    parts = ["python -m sudoku_lab bench"]
    parts += [f"--generate {g}" for g in experiment.get("generate", [])]
    parts += [f"--solver {Entry(e['solver'], e['params']).label()}" for e in entries]
    parts += [f"--instances {experiment.get('instances', 1)}", f"--runs {experiment.get('runs', 1)}"]
    for key, flag in (("max_seconds", "--max-seconds"), ("max_iterations", "--max-iterations"),
                      ("max_evaluations", "--max-evaluations")):
        if budget.get(key) is not None:
            parts.append(f"{flag} {budget[key]:g}")
    if experiment.get("clock") == "cpu":
        parts.append("--cpu-time")
    if experiment.get("seed"):
        parts.append(f"--seed {experiment['seed']}")
    return " ".join(parts)


def read_output(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The experiment header and the run records of a ``bench --out`` file."""
    path = Path(path)
    try:
        first = path.read_text().split("\n", 1)[0]
    except OSError as exc:
        raise AtlasProblem(f"cannot read {path}: {exc.strerror}") from None
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or not isinstance(header.get("experiment"), dict):
        raise AtlasProblem(f"{path}, line 1: no experiment header (write the sweep with `bench --out`)")
    if not header["experiment"].get("generate"):
        raise AtlasProblem(f"{path}, line 1: the experiment is not a sweep of generated puzzles (bench --generate)")
    return header["experiment"], read_records(path)


def build(experiment: dict[str, Any], records: list[dict[str, Any]], results: str) -> dict[str, Any]:
    """The shipped atlas: what was run (command, budget, clock, instances, runs), then the cells.
    ``results`` names the records' file as the repository holds it (a relative path)."""
    labels = [_label(e) for e in _entries_of(experiment)]
    table = aggregate(records, lambda r: Entry(r["solver"], r["params"]).label(), labels)
    budget = experiment.get("budget", {})
    return {
        "about": "Where each solver wins: success rate and median seconds of the solved runs per size × p × "
                 "entry, and the fastest entry per size × p (highest success, then lowest median; solved = the "
                 "runs its median is of). Made by bench/atlas.py from the records named in results; "
                 "docs/design.md, \"The atlas\".",
        "command": command_of(experiment),
        "results": results,
        "budget": {k: budget.get(k) for k in ("max_seconds", "max_iterations", "max_evaluations")},
        "clock": experiment.get("clock", "wall"),
        "instances": experiment.get("instances"),
        "runs": experiment.get("runs"),
        "generate": experiment.get("generate", []),
        "sizes": table["sizes"],
        "ps": table["ps"],
        "entries": table["entries"],
        "cells": [{**c, "rate": _round(c["rate"]), "median_seconds": _round(c["median_seconds"])} for c in table["cells"]],
        "fastest": [{**f, "rate": _round(f["rate"]), "median_seconds": _round(f["median_seconds"])}
                    for f in table["fastest"]],
    }


def _by_solver(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        out.setdefault(e["solver"], []).append(e)
    return out


def _entries_of(experiment: dict[str, Any]) -> list[dict[str, Any]]:
    """The header's entries; one entry run with the experiment's seed is written without
    ``entries`` (``bench.plan.Experiment.describe``), and reads here as the entry it is."""
    return experiment.get("entries") or [{"solver": experiment["solver"], "params": experiment.get("params", {}),
                                          "seed": experiment.get("seed", 0)}]


def _label(entry: dict[str, Any]) -> str:
    return Entry(entry["solver"], entry["params"]).label()


def _sizes_of(experiment: dict[str, Any]) -> list[int]:
    return sorted({int(g.split(":")[0]) for g in experiment.get("generate", [])})


def why_not_run(solver: str, sizes: list[int]) -> str:
    """Why an entry of ``solver`` is missing from the sweeps of ``sizes``: its solver's size limit
    (its module's ``MAX_SIDE``) where every one of them is past it, else that the sweep left it out."""
    limit = getattr(REGISTRY.get(solver), "MAX_SIDE", None)
    if limit is not None and all(size > limit for size in sizes):
        return f"{solver} runs up to {limit}×{limit}"
    return "left out of the sweep at this size"


def _check_alike(parts: list[tuple[dict[str, Any], list[dict[str, Any]], str]]) -> None:
    """Refuses sweeps that ran another budget, clock or runs than the first."""
    first, _, name0 = parts[0]
    for experiment, _, name in parts[1:]:
        for key in ("budget", "clock", "runs"):
            if experiment.get(key) != first.get(key):
                raise AtlasProblem(f"{name}: its {key} differ from {name0}'s; an atlas pools sweeps of the "
                                   "same entries, budget, clock and runs")


def _union(parts: list[tuple[dict[str, Any], list[dict[str, Any]], str]]) -> list[dict[str, Any]]:
    """Every sweep's entries, the first sweep's order then the new ones; a solver two sweeps ran
    must have run the same entries in both."""
    union: list[dict[str, Any]] = []
    seen: dict[str, tuple[list[dict[str, Any]], str]] = {}
    for experiment, _, name in parts:
        for solver, entries in _by_solver(_entries_of(experiment)).items():
            if solver not in seen:
                seen[solver] = (entries, name)
                union += entries
            elif entries != seen[solver][0]:
                raise AtlasProblem(f"{name}: its entries differ from {seen[solver][1]}'s ({solver} ran otherwise); an "
                                   "atlas pools sweeps of the same entries, budget, clock and runs (an entry may only "
                                   "be missing from a sweep)")
    return union


def _ran_by_size(parts: list[tuple[dict[str, Any], list[dict[str, Any]], str]]) -> dict[int, dict[str, str]]:
    """Per size, the entries run there and the file that ran each. Files of one size (an entry
    run later, apart from the others) pool when they ran the same instances (the same
    ``--generate`` and ``--instances``); an entry run at a size in two files is refused, as its
    cell would count the same puzzles twice."""
    ran: dict[int, dict[str, str]] = {}
    puzzles: dict[int, tuple[list[str], Any, str]] = {}
    for experiment, _, name in parts:
        for size in _sizes_of(experiment):
            specs = [g for g in experiment.get("generate", []) if int(g.split(":")[0]) == size]
            here = (specs, experiment.get("instances"))
            if size in puzzles and puzzles[size][:2] != here:
                raise AtlasProblem(f"{name}: its {size}×{size} instances differ from {puzzles[size][2]}'s; files of "
                                   "one size pool only over the same instances (--generate and --instances)")
            puzzles.setdefault(size, (*here, name))
            for label in map(_label, _entries_of(experiment)):
                if label in ran.setdefault(size, {}):
                    raise AtlasProblem(f"{name}: it ran {label} at {size}×{size} as {ran[size][label]} did; an atlas "
                                       "pools an entry's runs of one size from one file")
                ran[size][label] = name
    return ran


def build_many(parts: list[tuple[dict[str, Any], list[dict[str, Any]], str]]) -> dict[str, Any]:
    """The shipped atlas from several sweeps (one ``bench --out`` file each: one per size, and
    more of one size for entries run apart): they must have run the same budget, clock and runs,
    and the same entries except that an entry may be missing from a sweep (a solver that cannot
    run its size, or one run in a file of its own); an entry's solver present in two sweeps must
    have run the same entries in both (parameters that differ are refused). ``entries`` is the
    union, the first sweep's order then the new ones; ``not_run`` (only when some entry is
    missing at a size, from every file of that size) maps an entry to those sizes and why. Their
    instances may differ by size (``instances`` is then ``{size: n}``), and ``command`` and
    ``results`` list each file's."""
    if len(parts) == 1:
        return build(*parts[0])
    _check_alike(parts)
    union = _union(parts)
    labels = [_label(e) for e in union]
    ran = _ran_by_size(parts)
    first, _, name0 = parts[0]
    generate = list(dict.fromkeys(g for e, _, _ in parts for g in e.get("generate", [])))
    data = build({**first, "entries": union, "generate": generate},
                 [r for _, records, _ in parts for r in records], name0)
    counts = {str(int(g.split(":")[0])): e.get("instances") for e, _, _ in parts for g in e.get("generate", [])}
    data["instances"] = (next(iter(counts.values())) if len(set(counts.values())) == 1 else counts)
    data["command"] = "; ".join(command_of(e) for e, _, _ in parts)
    data["results"] = [name for _, _, name in parts]
    not_run = {}
    for entry, label in zip(union, labels):
        sizes = [size for size in sorted(ran) if label not in ran[size]]
        if sizes:
            not_run[label] = {"sizes": sizes, "why": why_not_run(entry["solver"], sizes)}
    return _with_not_run(data, not_run) if not_run else data


def _with_not_run(data: dict[str, Any], not_run: dict[str, Any]) -> dict[str, Any]:
    """The atlas with ``not_run`` after ``entries``, and its ``about`` saying what it means."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = value
        if key == "entries":
            out["not_run"] = not_run
    out["about"] += (" An entry not run at a size (not_run: its sizes and why) has no cells there and is not among "
                     "that size's fastest; a cell of runs that all failed is there, with rate 0 or null.")
    return out


def cell_state(atlas: dict[str, Any], size: int, p: float, entry: str) -> tuple[str, Any]:
    """What an atlas holds at size × p for an entry: ``("ran", cell)``; ``("not_run", why)`` where
    the entry was not run at that size and others ran that size × p; ``("none", None)`` otherwise
    (no run there at all). An atlas without ``not_run`` has no entry not run."""
    for c in atlas["cells"]:
        if c["size"] == size and c["p"] == p and c["entry"] == entry:
            return "ran", c
    gap = (atlas.get("not_run") or {}).get(entry)
    if gap and size in gap["sizes"] and any(c["size"] == size and c["p"] == p for c in atlas["cells"]):
        return "not_run", gap["why"]
    return "none", None


def instances_text(instances: int | dict[str, int]) -> str:
    """``5`` or ``{"9": 5, "25": 3}`` in words: "5", or "5 at 9×9, 3 at 25×25"."""
    if isinstance(instances, dict):
        return ", ".join(f"{n} at {size}×{size}" for size, n in instances.items())
    return str(instances)


def dumps(atlas: dict[str, Any]) -> str:
    """The file's text: one key a line, one cell a line, so a rerun's diff shows the cells that moved."""
    lines = ["{"]
    keys = list(atlas)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = atlas[key]
        if key in ("cells", "fastest"):
            body = ",\n".join("  " + json.dumps(c) for c in value)
            lines.append(f" {json.dumps(key)}: [\n{body}\n ]{comma}" if value else f" {json.dumps(key)}: []{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _seconds(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{x:.3g}" if x >= 0.001 else "<0.001"


def markdown(atlas: dict[str, Any]) -> str:
    """The atlas as a Markdown table: a row per size × p, a column per entry (solved/judged and
    the median seconds of the solved runs; "not run" where the entry was not run at that size),
    then the fastest entry and its solved runs."""
    entries = atlas["entries"]
    not_run = atlas.get("not_run") or {}
    cell = {(c["size"], c["p"], c["entry"]): c for c in atlas["cells"]}
    best = {(f["size"], f["p"]): f for f in atlas["fastest"]}
    head = ["size", "p", *entries, "fastest (solved runs)"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for size in atlas["sizes"]:
        for p in atlas["ps"]:
            if (size, p) not in best:
                continue
            row = [f"{size}×{size}", f"{p:g}"]
            for e in entries:
                c = cell.get((size, p, e))
                if c is None:
                    row.append("not run" if size in not_run.get(e, {}).get("sizes", ()) else "–")
                else:
                    row.append(f"{c['solved']}/{c['judged']}, {_seconds(c['median_seconds'])} s" if c["solved"]
                               else f"0/{c['judged']}")
            f = best[(size, p)]
            row.append("none solved" if f["entry"] is None else f"{f['entry']} ({f['solved']})")
            out.append("| " + " | ".join(row) + " |")
    budget = atlas["budget"]
    limit = ", ".join(f"{k} {v:g}" for k, v in budget.items() if v is not None)
    caption = (f"{instances_text(atlas['instances'])} instances × {atlas['runs']} run per size × p and entry; budget: {limit} "
               f"({'CPU' if atlas['clock'] == 'cpu' else 'wall-clock'} seconds); cells: solved/judged runs, "
               "median seconds of the solved runs.")
    if not_run:
        caption += " Not run: " + "; ".join(
            f"{e} at {', '.join(f'{n}×{n}' for n in gap['sizes'])} ({gap['why']})" for e, gap in not_run.items()) + "."
    return caption + "\n\n" + "\n".join(out) + "\n"

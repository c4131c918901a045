"""Share links: a whole run in a URL fragment, read the same way by the page and the CLI.

``#p=<cells>&s=<solver>&seed=<int>&t=<seconds>[&i=<steps>][&ev=<evaluations>][&w=<workers>[&x=<moves>]][&stop=<step>]&<param>=<value>…``
(docs/links-and-files.md, "Share links": ``i`` and ``ev`` the step and evaluation budgets, ``w`` the
workers of a run on several workers (alldiff_ls a team, acs and alldiff_tabu a portfolio) and ``x`` their steps between barriers, ``stop`` the
stop point of a run that Stop or its time limit ended, where its replay ends); ``g=<size>:<p>:<seed>[:unique]`` may stand instead of ``p=``: the generator's settings
(``generate.Spec``), so a link to a 25×25 stays short. Reading a link never generates: the
settings are kept in ``Link.generator`` and whoever runs the link makes the puzzle. ``static/rules/links.js`` is the page's reader; both are held to the link cases of
``tests/value_cases.json``. A link is read setting by setting: what is valid is kept, and
each setting that is not gets its own problem, so a bad seed never costs the puzzle and one
bad parameter never costs the others. A key given twice is a problem for that key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from . import solvers, values
from .settings import COMPARE_LINK_KEYS, LINK_KEYS, label_of
from .generate import parse_spec
from .grid import PuzzleError, parse
from .limits import MAX_EXCHANGE, MAX_WORKERS   # w= and x=: the workers of a run and their steps between barriers
from .several import EXCHANGES, workers_problem
from .solver_file import ID as OWN, unpack
from .several.team import EXCHANGE

RESERVED = LINK_KEYS                          # from the settings table (settings.py)
COMPARE_KEYS = COMPARE_LINK_KEYS              # race and experiment links (the page's)


@dataclass
class Link:
    """A single-run link; `view` is set when the link is a race or experiment's ('m=')."""
    puzzle: str | None = None                  # the cells, '.' for empty, when readable
    generator: str | None = None               # or the generator's settings, '16:0.45:7' (g=)
    solver: str | None = None
    seed: int | None = None
    max_seconds: float | None = None           # the time limit (t=)
    max_iterations: int | None = None          # the step budget (i=)
    max_evaluations: int | None = None         # the evaluation budget (ev=)
    stop: int | None = None                    # the stop point (stop=): the step the replay ends at
    workers: int | None = None                 # the workers of the run (w=), alldiff_ls, acs, alldiff_tabu only
    exchange: int | None = None                # their steps each between two barriers (x=)
    params: dict[str, Any] = field(default_factory=dict)
    code: str | None = None                    # a visitor's solver's text (code=, with s=own)
    view: str | None = None
    problems: dict[str, str] = field(default_factory=dict)   # key -> what is wrong with it


def decode(fragment: str) -> Link:
    text = fragment.split("#", 1)[1] if "#" in fragment else fragment
    pairs = parse_qsl(text, keep_blank_values=True)
    seen: dict[str, str] = {}
    link = Link()
    for key, value in pairs:
        if key in seen:
            link.problems[key] = f"'{key}' is given twice"
        seen[key] = value
    raw = {k: v for k, v in seen.items() if k not in link.problems}
    link.view = raw.get("m")
    if "p" not in seen and "g" not in seen:
        link.problems["p"] = "there is no puzzle (p=… or g=…)"
    elif "p" in seen and "g" in seen:
        link.problems.setdefault("g", "give the puzzle (p=…) or the generator's settings (g=…), not both")
    elif "g" in raw:
        try:
            link.generator = parse_spec(raw["g"]).text
        except values.ValueProblem as exc:
            link.problems["g"] = str(exc)
    if "p" in raw:
        try:
            link.puzzle = parse(raw["p"]).to_string()
        except PuzzleError as exc:
            link.problems["p"] = f"the puzzle cannot be read: {exc.message}"

    def read_t(raw_t, label):          # t= left empty beside a step or evaluation budget: no time limit
        return values.max_seconds_or_none(raw_t, link.max_iterations is not None or link.max_evaluations is not None, label)

    for key, rule, attr in (("seed", values.seed, "seed"), ("i", values.budget, "max_iterations"),
                            ("ev", values.budget, "max_evaluations"), ("t", read_t, "max_seconds"),
                            ("stop", values.stop_point, "stop")):
        if key in raw:
            try:
                setattr(link, attr, rule(raw[key], label_of(key)))
            except values.ValueProblem as exc:
                link.problems[key] = str(exc)
    for key, attr, high in (("w", "workers", MAX_WORKERS), ("x", "exchange", MAX_EXCHANGE)):
        if key in raw:
            try:
                setattr(link, attr, values.param({"name": key, "type": "int", "min": 1, "max": high}, raw[key], label_of(key)))
            except values.ValueProblem as exc:
                link.problems[key] = str(exc)
    if "code" in raw:                  # a visitor's solver (docs/visitor-solver.md, "The trust boundary"):
        try:                           # its text is read, never run, here
            link.code = unpack(raw["code"])
        except ValueError as exc:
            link.problems["code"] = str(exc)
    if "s" in raw:
        if raw["s"] in solvers.REGISTRY or (raw["s"] == OWN and link.code is not None):
            link.solver = raw["s"]
        elif raw["s"] == OWN and "code" not in link.problems:
            link.problems["s"] = f"the solver '{OWN}' is a visitor's: its link carries its code (code=…)"
        elif raw["s"] == OWN:
            return link
        else:
            link.problems["s"] = (f"unknown solver {values.quote(raw['s'])}; "
                                  f"choose one of: {', '.join(solvers.REGISTRY)}")
    if "s" in link.problems:
        return link                   # parameters mean nothing without their solver
    solver = link.solver or next(iter(solvers.REGISTRY))
    if problem := workers_problem(solver, link.workers or 1):
        link.problems["w"] = problem
    if solver == OWN:                 # its parameters are read by its own specs when it runs
        link.params = {k: v for k, v in raw.items() if k not in RESERVED and k not in COMPARE_KEYS}
        return link
    module = solvers.REGISTRY[solver]
    specs = {p["name"]: p for p in module.PARAMS}
    for key, value in raw.items():
        if key in RESERVED or key in COMPARE_KEYS:
            continue
        if key not in specs:
            link.problems[key] = f"{module.ID} has no parameter {values.quote(key)}"
            continue
        try:
            link.params[key] = values.param(specs[key], value)
        except values.ValueProblem as exc:
            link.problems[key] = str(exc)
    return link


def encode(puzzle: str | None, solver: str, seed: int, max_seconds: float | None, params: dict[str, Any],
           generator: str | None = None, max_iterations: int | None = None, max_evaluations: int | None = None,
           stop: int | None = None, workers: int = 1, exchange: int | None = None) -> str:
    """The fragment of a run; with `generator` (a spec's text) the link carries g= instead of p=;
    w= only for a run on several workers, x= only for one whose exchange is not its solver's default."""
    pairs = [("g", generator) if generator else ("p", puzzle), ("s", solver), ("seed", str(seed))]
    for key, v in (("t", max_seconds), ("i", max_iterations), ("ev", max_evaluations)):
        if v:
            pairs.append((key, values.fmt(v)))
    if workers > 1:
        pairs.append(("w", str(workers)))
        if exchange is not None and exchange != EXCHANGES.get(solver, EXCHANGE):
            pairs.append(("x", str(exchange)))
    if stop is not None:
        pairs.append(("stop", str(stop)))
    pairs += [(k, values.fmt(v)) for k, v in params.items()]
    return "#" + urlencode(pairs, safe=":")

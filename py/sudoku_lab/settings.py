"""Every setting of the lab, declared once: Python's copy of the page's static/settings/table.js.

Both are held to ``tests/settings_cases.json`` (docs/design.md, "Settings"). A row is the
setting's key (a link's key, or a page field's own), the label messages use, its scope (what
it judges: ``solve``, ``compare`` or ``both``), the page field that shows it (a data-testid),
where the page keeps it, the value rule that reads it, its initial value and the links that
carry it (``solve``: single-run links, ``compare``: race and experiment links, ``both``, or
None). Share links (links.py) take their reserved keys from here.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Setting(NamedTuple):
    key: str
    label: str
    scope: str
    field: str | None
    state: tuple[str, ...] | None
    rule: str
    initial: Any
    links: str | None


SETTINGS = (
    Setting("p", "puzzle", "both", "puzzle-input", ("paste",), "puzzle", "", "both"),
    Setting("g", "generator settings", "both", "generate-p", None, "generator", None, "both"),
    Setting("gsize", "size", "both", "generate-size", ("generator", "size"), "size", "9", None),
    Setting("gp", "p", "both", "generate-p", ("generator", "p"), "p", "0.45", None),
    Setting("gseed", "generator seed", "both", "generate-seed", ("generator", "seed"), "seed", "1", None),
    Setting("gunique", "unique", "both", "generate-unique", ("generator", "unique"), "bool", False, None),
    Setting("s", "solver", "solve", "solver-select", ("settings", "solver"), "solver", None, "solve"),
    Setting("seed", "seed", "solve", "seed-input", ("settings", "seed"), "seed", "1", "both"),
    Setting("t", "time limit", "both", "max-seconds", ("settings", "max_seconds"), "max_seconds", "60", "both"),
    Setting("i", "step budget", "both", "max-steps", ("settings", "max_iterations"), "budget", "", "both"),
    Setting("ev", "evaluation budget", "both", "max-evaluations", ("settings", "max_evaluations"), "budget", "", "both"),
    Setting("w", "workers of the run", "solve", "solve-workers", ("settings", "workers"), "workers", "1", "solve"),
    Setting("x", "exchange", "solve", "solve-exchange", ("settings", "exchange"), "exchange", "50000", "solve"),
    Setting("stop", "stop point", "solve", None, None, "stop_point", None, "solve"),
    Setting("m", "view", "compare", None, None, "mode", None, "compare"),
    Setting("e", "entries", "compare", "compare-entries", ("compare", "entries"), "entries", [], "compare"),
    Setting("c", "entries", "compare", "compare-entries", None, "entries", None, "compare"),
    Setting("runs", "runs", "compare", "compare-runs", ("compare", "runs"), "runs", "5", "compare"),
    Setting("ps", "puzzles", "compare", "compare-puzzles", ("compare", "puzzles"), "puzzles", "current", "compare"),
    Setting("pl", "puzzle list", "compare", "compare-list", ("compare", "list"), "puzzle_list", "", "compare"),
    Setting("gs", "sweep", "compare", "sweep-p0", ("compare", "sweep"), "sweep",
            {"size": "16", "p0": "0", "p1": "1", "step": "0.1"}, "compare"),
    Setting("gi", "instances per p", "compare", "sweep-instances", ("compare", "sweep", "instances"), "instances", "2",
            "compare"),
    Setting("preset", "preset", "compare", "preset", ("compare", "preset"), "preset", None, "compare"),
    Setting("workers", "workers", "compare", "workers", ("compare", "workers"), "workers", "1", None),
)

BY_KEY = {s.key: s for s in SETTINGS}

# the keys single-run links read, and the keys race and experiment links add
LINK_KEYS = tuple(s.key for s in SETTINGS if s.links in ("solve", "both"))
COMPARE_LINK_KEYS = tuple(s.key for s in SETTINGS if s.links in ("compare", "both"))


def label_of(key: str) -> str:
    """The name a message gives a problem's key: its label, an entry by its number, else the key."""
    if key in BY_KEY:
        return BY_KEY[key].label
    if key.startswith("entry-") and key[6:].isdigit():
        return f"entry {key[6:]}"
    return key

"""Every setting of the lab, read from its one home, ``settings.json`` beside this module.

The page reads the same file (its build copies it to ``static/vendor/settings.json`` for
``static/rules/table.js``): docs/design.md, "Settings". A row is the setting's key (a link's
key, or a page field's own), the label messages use, its scope (what it judges: ``solve``,
``compare`` or ``both``), the page field that shows it (a data-testid), where the page keeps
it, its initial value and the links that carry it (``solve``: single-run links, ``compare``:
race and experiment links, ``both``, or None). Share links (links.py) take their reserved keys
from here. The file is read through ``importlib.resources``, so the package reads it from a
folder, from the page's zip and from the zip ``bench`` ships to a cluster alike.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple


class Setting(NamedTuple):
    key: str
    label: str
    scope: str
    field: str | None
    state: tuple[str, ...] | None
    initial: Any
    links: str | None


SCOPES = ("solve", "compare", "both")
LINKS = ("solve", "compare", "both", None)


class SettingsProblem(ValueError):
    """settings.json breaks its shape; the message names the row and the column."""


def read_table(text: str) -> tuple[Setting, ...]:
    """The rows of a settings.json text, each checked for its columns and their values."""
    try:
        rows = json.loads(text)["settings"]
    except (ValueError, KeyError, TypeError) as exc:
        raise SettingsProblem(f"settings.json: no list of settings can be read ({exc})") from None
    out = []
    for i, row in enumerate(rows, 1):
        where = f"settings.json, row {i}" + (f" ({row['key']!r})" if isinstance(row, dict) and "key" in row else "")
        if not isinstance(row, dict) or set(row) != set(Setting._fields):
            got = sorted(row) if isinstance(row, dict) else type(row).__name__
            raise SettingsProblem(f"{where}: the columns must be {', '.join(Setting._fields)}; got {got}")
        if row["scope"] not in SCOPES:
            raise SettingsProblem(f"{where}, scope: {row['scope']!r} is none of {', '.join(SCOPES)}")
        if row["links"] not in LINKS:
            raise SettingsProblem(f"{where}, links: {row['links']!r} is none of solve, compare, both, null")
        state = row["state"]
        if state is not None and (not isinstance(state, list) or not state or not all(isinstance(k, str) for k in state)):
            raise SettingsProblem(f"{where}, state: {state!r} is not null or a list of names")
        out.append(Setting(**{**row, "state": tuple(state) if state else None}))
    keys = [s.key for s in out]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise SettingsProblem(f"settings.json: a key is declared twice: {', '.join(twice)}")
    return tuple(out)


SETTINGS = read_table(resources.files(__package__).joinpath("settings.json").read_text(encoding="utf-8"))

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

"""The settings table (sudoku_lab/settings.py) against the shared case file the page's copy
(static/settings/table.js) is held to, and the link keys derived from it."""

import json

from conftest import ROOT
from sudoku_lab import links, settings

CASES = json.loads((ROOT / "tests" / "settings_cases.json").read_text(encoding="utf-8"))


def test_the_table_is_the_shared_case_files():
    got = [{**row._asdict(), "state": list(row.state) if row.state else None} for row in settings.SETTINGS]
    assert got == CASES["settings"]


def test_labels_of_keys_entries_and_parameters():
    for key, label in CASES["labels"].items():
        assert settings.label_of(key) == label


def test_links_read_the_tables_keys():
    assert links.RESERVED == ("p", "g", "s", "seed", "t", "i", "ev", "stop")
    assert set(links.COMPARE_KEYS) == {"p", "g", "t", "i", "ev", "seed", "m", "e", "c", "runs", "ps", "pl", "gs", "gi",
                                       "preset"}
    # a comparison's key in a single-run link is not taken for a parameter
    link = links.decode("#p=" + "." * 81 + "&s=hill_climb&gs=9:0:1:0.1")
    assert "gs" not in link.problems and link.params == {}

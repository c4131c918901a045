"""The settings table: its one home, py/sudoku_lab/settings.json, read and checked by
sudoku_lab.settings (the page reads the same file: tests/js/settings.test.mjs), the labels
both sides give a problem's key (tests/settings_cases.json), and the link keys derived from it."""

import json

import pytest

from conftest import ROOT
from sudoku_lab import links, settings

CASES = json.loads((ROOT / "tests" / "settings_cases.json").read_text(encoding="utf-8"))
SOURCE = ROOT / "py" / "sudoku_lab" / "settings.json"


def test_the_table_is_the_packages_settings_json_row_by_row():
    rows = json.loads(SOURCE.read_text(encoding="utf-8"))["settings"]
    assert [row._asdict() for row in settings.SETTINGS] == [{**r, "state": tuple(r["state"]) if r["state"] else None}
                                                         for r in rows]
    assert settings.BY_KEY["t"].label == "time limit" and settings.BY_KEY["workers"].links is None


def table_text(*rows) -> str:
    return json.dumps({"settings": list(rows)})


ROW = {"key": "t", "label": "time limit", "scope": "both", "field": "max-seconds", "state": ["settings", "max_seconds"],
       "initial": "60", "links": "both"}


@pytest.mark.parametrize("row, said", [
    ({**ROW, "rule": "max_seconds"}, "row 1 ('t'): the columns must be key, label, scope, field, state, initial, links"),
    ({k: v for k, v in ROW.items() if k != "links"}, "row 1 ('t'): the columns must be"),
    ({**ROW, "scope": "race"}, "row 1 ('t'), scope: 'race' is none of solve, compare, both"),
    ({**ROW, "links": "all"}, "row 1 ('t'), links: 'all' is none of"),
    ({**ROW, "state": "settings.max_seconds"}, "row 1 ('t'), state: 'settings.max_seconds' is not null or a list"),
    (["t"], "row 1: the columns must be"),
])
def test_a_row_that_breaks_its_shape_is_named_with_its_column(row, said):
    with pytest.raises(settings.SettingsProblem) as exc:
        settings.read_table(table_text(row))
    assert said in str(exc.value)


def test_a_key_declared_twice_or_a_text_without_settings_is_named():
    with pytest.raises(settings.SettingsProblem, match="declared twice: t"):
        settings.read_table(table_text(ROW, {**ROW, "label": "again"}))
    with pytest.raises(settings.SettingsProblem, match="no list of settings"):
        settings.read_table("{}")


def test_labels_of_keys_entries_and_parameters():
    for key, label in CASES["labels"].items():
        assert settings.label_of(key) == label


def test_links_read_the_tables_keys():
    assert links.RESERVED == ("p", "g", "s", "seed", "t", "i", "ev", "w", "x", "stop", "code")
    assert set(links.COMPARE_KEYS) == {"p", "g", "t", "i", "ev", "seed", "m", "e", "c", "runs", "ps", "pl", "gs", "gi",
                                       "preset", "code"}
    # a comparison's key in a single-run link is not taken for a parameter
    link = links.decode("#p=" + "." * 81 + "&s=hill_climb&gs=9:0:1:0.1")
    assert "gs" not in link.problems and link.params == {}

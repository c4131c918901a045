"""An experiment stopped early has compared every entry: runs go entry, then puzzle,
then seed, each the native run, and its files name every entry."""

import pytest

from lab import HELD_OUT
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_an_experiment_stopped_early_has_run_every_entry_and_its_files_name_them(lab):
    """Runs go entry, then puzzle, then seed (compare/order.js): stopped after a few runs, every
    entry has results, each the native run of its (entry, puzzle, seed); the files name every entry."""
    lab.open("#p=" + HELD_OUT + "&m=experiment&t=30&e=hill_climb:1,alldiff_tabu:1,nb_coin:1&runs=40&ps=current")
    lab.stop_experiment_after(3)
    rows = lab.rows()
    assert [r["solver"] for r in rows] == ["hill_climb", "alldiff_tabu", "nb_coin"]
    assert all(r["runs"] >= 1 for r in rows), rows
    assert max(r["runs"] for r in rows) - min(r["runs"] for r in rows) <= 1, rows     # in step
    jsonl, _, name = lab.export_json()
    assert all(s in name for s in ("hill_climb", "alldiff_tabu", "nb_coin")), name
    keys = [(r["solver"], r["seed"]) for r in jsonl if r["stop_reason"] != "stopped"]
    order = {"hill_climb": 0, "alldiff_tabu": 1, "nb_coin": 2}
    assert keys == sorted(keys, key=lambda k: (order[k[0]], k[1]))           # the file: by entry, then seed
    for rec in jsonl:
        if rec["stop_reason"] == "stopped":
            continue
        native = Run(parse(HELD_OUT), rec["solver"], rec["params"], rec["seed"], Budget(max_seconds=60)).finish()
        assert (rec["iterations"], rec["board"], rec["solved"]) == (native.iterations, native.to_json()["board"], native.solved)
    with lab.page.expect_download() as dl:
        lab.by("export-csv").click()
    assert all(s in dl.value.suggested_filename for s in ("hill_climb", "alldiff_tabu", "nb_coin"))

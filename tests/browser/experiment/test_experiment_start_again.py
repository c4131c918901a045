"""The Experiment view does not depend on Solve's leftovers: a bad puzzle left in Solve's paste
box blocks only what runs the board's puzzle; and Start after Stop, nothing changed, continues the
stopped experiment and says so, its ended runs kept as they were."""

import pytest

from lab import HELD_OUT

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def records(lab) -> list[dict]:
    return lab.export_json()[0]


def progress(lab, name: str) -> int:
    return int(lab.by("compare-progress").get_attribute(f"data-{name}"))


@pytest.mark.parametrize("puzzles", ["ps=gen&gs=9:0.4:0.5:0.1&gi=1", "ps=sato6"])
def test_a_bad_paste_left_in_solve_never_blocks_an_experiment_over_other_puzzles(lab, puzzles):
    lab.open(f"#p={HELD_OUT}&m=experiment&t=5&e=alldiff_ls:1&runs=1&{puzzles}")
    lab.set_view("solve")
    lab.by("puzzle-input").fill("12x")
    lab.start_refused()
    assert "puzzle: " in lab.error_text()                       # Solve runs the paste: it is refused there
    lab.set_view("experiment")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    assert "Nothing was started" not in lab.error_text()
    assert progress(lab, "done") == progress(lab, "total") > 0
    assert lab.by("puzzle-input").get_attribute("aria-invalid") == "true"   # the box keeps its mark for Solve


def test_start_after_stop_continues_the_stopped_experiment_and_says_so(lab):
    lab.open(f"#p={HELD_OUT}&m=experiment&t=30&e=hill_climb:1,alldiff_tabu:1&runs=12")
    lab.stop_experiment_after(3)
    kept = progress(lab, "done")
    before = {(r["solver"], r["seed"]): r for r in records(lab) if r["stop_reason"] != "stopped"}
    assert len(before) == kept
    lab.by("compare-start").click()
    lab.page.wait_for_function("() => /continues the stopped experiment/.test(document.querySelector('[data-testid=error]').innerText)")
    assert lab.error_text() == (f"Start continues the stopped experiment: its {kept} ended runs of 24 are kept, and the "
                                f"{24 - kept} left run now. Change any setting to start it afresh.")
    assert lab.by("error").get_attribute("data-kind") == "info"
    lab.wait_experiment_done()
    assert progress(lab, "continued") == kept
    assert f"({kept} kept from the stopped experiment)" in lab.by("compare-progress").inner_text()
    after = records(lab)
    assert sorted((r["solver"], r["seed"]) for r in after) == sorted((s, seed) for s in ("hill_climb", "alldiff_tabu")
                                                                     for seed in range(1, 13))   # each run once
    for rec in after:
        if (rec["solver"], rec["seed"]) in before:
            assert rec == before[(rec["solver"], rec["seed"])]      # kept as it ended, not run again
    lab.by("compare-start").click()                             # nothing stopped this time: a fresh experiment
    lab.wait_experiment_done()
    assert progress(lab, "continued") == 0

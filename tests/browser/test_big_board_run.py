"""A large board's run (issue 26, "Grids to 64×64"): Start pressed while a 64×64 is still
being rated starts the run at once (the run has the worker first; the rating waits), and
while the live canvas draws, the DOM cells under it are left alone."""

import pytest

pytestmark = pytest.mark.browser

BUDGET_S = 8                                                # the rating's budget (rate.py)


def generate_64(lab, p=0.45, seed=1):
    lab.by("generate-size").select_option("64")
    lab.by("generate-p").fill(str(p))
    lab.by("generate-seed").fill(str(seed))
    lab.by("generate").click()
    spec = f"64:{p}:{seed}"
    lab.page.wait_for_function("(s) => document.querySelector('[data-testid=puzzle-info]').textContent"
                               ".includes('generated (' + s + ')')", arg=spec, timeout=60_000)


def test_start_during_a_64x64_rating_paints_the_run(lab):
    lab.open()
    generate_64(lab)
    assert lab.page.query_selector("[data-testid=puzzle-info][data-solutions]") is None   # still rating
    lab.by("solver-select").select_option("hill_climb")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => +(document.querySelector('.board-live')?.dataset.painted || 0) >= 5",
                               timeout=(BUDGET_S + 7) * 1000)
    lab.by("stop").click()
    lab.wait_state("stopped", "failed", "solved", timeout=30_000)

"""A large board's run: Start pressed while a 64×64 is still
being rated starts the run at once (the run has the worker first; the rating waits), and
while the live canvas draws, the DOM cells under it are left alone and not rendered (one
64×64 for both: a run during the rating, then one after its answer)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

BUDGET_S = 8                                                # the rating's budget (rate.py)
# the count's budget through the test hook (lab.shorten_count): the first run outlasts it, so the
# test does not wait out the rest of BUDGET_S after that run (at Start the rating is still under
# way whatever the budget: its logic stage comes before the count)
COUNT_S = 1


def a_run_during_the_rating_paints(lab):
    """Start pressed while the board's puzzle is still rated: the run starts and its canvas paints."""
    assert lab.page.query_selector("[data-testid=puzzle-info][data-solutions]") is None   # still rating
    lab.by("solver-select").select_option("hill_climb")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function("() => +(document.querySelector('.board-live')?.dataset.painted || 0) >= 5",
                               timeout=(BUDGET_S + 7) * 1000)
    lab.by("stop").click()
    lab.wait_state("stopped", "failed", "solved", timeout=30_000)


def test_start_during_a_64x64_rating_paints_the_run_and_the_canvas_leaves_the_cells_alone(lab):
    """One 64×64 (one generate): a run started during its rating, then one started once the
    rating answered, while whose canvas draws no DOM cell is written or laid out."""
    lab.open()
    lab.shorten_count(COUNT_S)                              # its count is waited for once the first run ends
    lab.generate(64, 0.45, 1)
    a_run_during_the_rating_paints(lab)
    # the rating, which waited for the run, answers; a second run on the same puzzle (data-painted
    # counts on: two frames of this run drawn, as from a fresh 0 before)
    live = "document.querySelector('.board-live')"
    lab.page.wait_for_function(f"() => {live}.hidden", timeout=60_000)
    lab.page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=60_000)
    first_run = lab.page.evaluate(f"() => +{live}.dataset.painted")
    lab.by("start").click()
    lab.wait_state("running")
    lab.page.wait_for_function(f"(n) => +{live}.dataset.painted >= n + 2", arg=first_run, timeout=60_000)
    lab.page.evaluate("""() => { window.__cellWrites = 0;
      window.__cellObserver = new MutationObserver((list) => { window.__cellWrites += list.filter((m) =>
        m.target !== document.querySelector('.board-live')).length; });
      window.__cellObserver.observe(document.querySelector('[data-testid=board]'),
        { attributes: true, childList: true, subtree: true, characterData: true }); }""")
    painted = lab.page.evaluate(f"() => +{live}.dataset.painted")
    lab.page.wait_for_function(f"(n) => +{live}.dataset.painted >= n + 10", arg=painted, timeout=60_000)
    writes = lab.page.evaluate("() => { window.__cellObserver.disconnect(); return window.__cellWrites; }")
    assert writes == 0                                      # ten canvas frames, not one DOM cell touched
    # the 4,096 cells are skipped meanwhile (their rows content-visibility: hidden): not rendered
    # (checkVisibility asks without laying them out, as getClientRects would)
    shown = lab.page.evaluate("() => [...document.querySelectorAll('[data-testid=board] [data-testid=cell]')]"
                              ".filter((c) => c.checkVisibility()).length")
    assert shown == 0
    assert lab.page.evaluate("() => document.querySelectorAll('[data-testid=board] [data-testid=cell]').length") == 64 * 64
    lab.by("stop").click()
    lab.wait_state("stopped", "failed", "solved", timeout=30_000)
    lab.page.wait_for_function(f"() => {live}.hidden", timeout=60_000)
    assert lab.page.evaluate("() => document.querySelector('[data-testid=board] [data-testid=cell]')"
                             ".getBoundingClientRect().width") >= 8    # back in the layout, at the board's fit
    lab.by("board-zoom").click()                                       # and readable zoomed in
    assert lab.page.evaluate("() => document.querySelector('[data-testid=board] [data-testid=cell]')"
                             ".getBoundingClientRect().width") >= 15

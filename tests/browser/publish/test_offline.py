"""Offline after the first visit: the service worker's cache, one per build."""

import numpy as np
import pytest

from conftest import PAPERS
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

# A page of its own (`visitor`), not a shared one: the test is about the first visit (the
# service worker is registered, precaches, then serves), which a loaded page has behind it.
# One first visit for every step: each step of its own cost a first visit, its precache and
# an offline reload (about 100 worker-s of the suite when they were four tests).
pytestmark = pytest.mark.browser

LOOKS = [({"width": 1280, "height": 900}, "light"), ({"width": 1280, "height": 900}, "dark"),
         ({"width": 390, "height": 844}, "light"), ({"width": 390, "height": 844}, "dark")]
REGISTRATIONS = "async () => (await navigator.serviceWorker.getRegistrations()).length"
READY_TO_USE_OFFLINE = "Ready to use offline: this browser keeps the lab, so it opens and runs without a network."


@pytest.mark.smoke  # the page smoke tier (build.py test --smoke): offline and publish
def test_offline_after_the_first_visit(visitor):
    """A first visit that starts a run at once, in four steps: the service worker waits until
    nothing has run for a while; the footer's note says when the lab is ready to use offline;
    then the lab opens and runs offline; a new build replaces the cache."""
    viewport, scheme = LOOKS[0]
    lab = visitor(viewport=viewport, color_scheme=scheme)
    # a 60-s limit ended by Stop: a 5-s one could end before the 4 s below on a loaded machine
    lab.open("#p=" + PAPERS["ai-escargot"] + "&s=hill_climb&seed=0&t=60&plateau=10000")
    the_service_worker_waits_until_nothing_has_run_for_a_while(lab)
    the_page_says_when_it_is_ready_to_use_offline(lab)
    the_lab_opens_and_runs_offline(lab)
    a_new_build_replaces_the_cache(lab)


def the_service_worker_waits_until_nothing_has_run_for_a_while(lab):
    """Its precache (the whole build) would compete with a run started at once: it is
    registered only once the page is ready and nothing has run for 3 s."""
    lab.by("start").click()
    lab.wait_state("running")
    note = lab.by("offline-note")
    assert note.get_attribute("aria-live") == "polite"
    assert note.get_attribute("data-state") in ("", "saving"), "the note: not said before it is true"
    # The rule is a time (3 s with nothing run), so only time passing can show it waits: the run
    # says it has gone on 4 s (its elapsed metric, no more than the time since Start), past
    # those 3 s of readiness, and no registration while it goes on.
    lab.page.wait_for_function("() => parseFloat(document.querySelector('[data-testid=metrics] [data-metric=elapsed]').textContent) >= 4")
    assert lab.state() == "running"
    assert lab.page.evaluate(REGISTRATIONS) == 0, "the service worker: registered while a run went on"
    if lab.state() == "running":
        lab.by("stop").click()
    lab.wait_state("stopped", "failed", "solved", timeout=30_000)
    lab.wait_until(REGISTRATIONS.replace(".length", ".length === 1"), timeout=30)


def the_page_says_when_it_is_ready_to_use_offline(lab):
    """Offline use begins once the service worker is active, some seconds after Ready (going offline
    before showed the browser's error page): the footer's live note says so when it is, and then it is.
    The note stands inside the window in each look (1280 and 390 px, both themes), switched in the
    one page: each look of its own cost a first visit and its precache."""
    note = lab.by("offline-note")
    lab.page.wait_for_selector("[data-testid=offline-note][data-state=ready]", timeout=300_000)
    assert lab.page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).active.state") == "activated"
    for viewport, scheme in LOOKS:
        lab.page.set_viewport_size(viewport)
        lab.page.emulate_media(color_scheme=scheme)
        assert lab.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        assert note.inner_text() == READY_TO_USE_OFFLINE
        note.scroll_into_view_if_needed()
        box = note.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (viewport, scheme, box)
    viewport, scheme = LOOKS[0]
    lab.page.set_viewport_size(viewport)
    lab.page.emulate_media(color_scheme=scheme)


def the_lab_opens_and_runs_offline(lab):
    """Reloaded offline, the lab is ready, solves, and the atlas's data comes from the cache."""
    build = lab.page.evaluate("async () => (await (await fetch('static/vendor/manifest.json')).json()).build")
    lab.wait_until("async () => (await navigator.serviceWorker.ready).active !== null")
    lab.wait_until("async () => (await caches.keys()).length === 1")
    assert lab.page.evaluate("async () => await caches.keys()") == [f"sudoku-lab-{build}"]
    lab.page.context.set_offline(True)
    lab.page.reload()
    assert lab.wait_state("ready", "error", timeout=120_000) == "ready"
    lab.load(PAPERS["sato-11-easy"])
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PAPERS["sato-11-easy"]), np.array(lab.board_values()))
    # the atlas's data (data/atlas.json, fetched when Experiment first shows) came from the cache too
    lab.set_view("experiment")
    lab.page.wait_for_selector('[data-testid="atlas"][data-state="ready"]', timeout=30_000)
    assert lab.by("atlas").get_by_test_id("atlas-map").count() > 0
    lab.page.context.set_offline(False)


def a_new_build_replaces_the_cache(lab):
    """No mix of two builds' files. Its worker precaches everything again (Pyodide included):
    minutes on a loaded machine. The test follows that worker's own state ("activated", or
    "redundant" if its install failed) rather than polling.
    The reloaded page registers its own build once it is quiet (3 s after its run): the next
    build registers after that, or the page's registration, queued behind it, installs the old
    build again beside it."""
    lab.page.wait_for_selector("[data-testid=offline-note][data-state=ready]", timeout=60_000)
    outcome = lab.page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.register('sw.js?build=next-build');
        const worker = reg.installing || reg.waiting || reg.active;
        if (worker.state === 'activated' || worker.state === 'redundant') return worker.state;
        return await new Promise((done) => {
            setTimeout(() => done('still ' + worker.state + ' after 300 s'), 300000);
            worker.addEventListener('statechange', () => {
                if (worker.state === 'activated' || worker.state === 'redundant') done(worker.state);
            });
        });
    }""")
    assert outcome == "activated", f"the new build's service worker: {outcome} (its precache failed or hung)"
    assert lab.page.evaluate("async () => await caches.keys()") == ["sudoku-lab-next-build"]

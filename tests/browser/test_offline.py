"""Offline after the first visit: the service worker's cache, one per build."""

import numpy as np
import pytest

from conftest import PAPERS
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

pytestmark = pytest.mark.browser


def test_offline_after_the_first_visit(visitor):
    lab = visitor()
    lab.open()
    build = lab.page.evaluate("async () => (await (await fetch('static/vendor/manifest.json')).json()).build")
    lab.wait_until("async () => (await navigator.serviceWorker.ready).active !== null")
    lab.wait_until("async () => (await caches.keys()).length === 1")
    assert lab.page.evaluate("async () => await caches.keys()") == [f"sudoku-lab-{build}"]
    lab.page.context.set_offline(True)
    lab.page.reload()
    lab.wait_state("ready", timeout=60_000)
    lab.load(PAPERS["sato-11-easy"])
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PAPERS["sato-11-easy"]), np.array(lab.board_values()))
    lab.page.context.set_offline(False)
    # a new build replaces the cache: no mix of two builds' files
    lab.page.evaluate("async () => { await navigator.serviceWorker.register('sw.js?build=next-build'); }")
    lab.wait_until("async () => { const k = await caches.keys(); return k.length === 1 && k[0] === 'sudoku-lab-next-build'; }",
                   timeout=60)

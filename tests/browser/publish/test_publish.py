"""A published copy of the lab (`build.py site`) served by a plain static server under a
sub-path, as GitHub Pages serves a project (https://user.github.io/project/): it loads,
solves, asks for nothing outside its path, and works offline after the first visit, its papers
and sources page too (docs/page.md, "The page": Publish, and Papers and sources)."""

import functools
import http.server
import os
import threading

import numpy as np
import pytest

import build
from conftest import PAPERS
from lab import Lab
from test_sources import assert_sources_shown
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

# Pages of their own, not a shared one: the published copy is another server and origin, and
# each test is about a first visit (its service worker and caches).
pytestmark = pytest.mark.browser

SUB_PATH = "/some/path/"
OTHER_COPY = "/other/copy/"          # a second copy of the same site on the same origin
PUZZLE = PAPERS["sato-01-easy"]


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """The standard library's static file server (its own MIME types, no cache headers), with
    the site at SUB_PATH and OTHER_COPY and a 404 for every other path. It records each path
    asked for, whoever asked: the page, its workers or the service worker. While the server is
    `gone` it answers nothing (the connection closes unanswered), as a network that is down:
    Playwright's offline emulation does not reach a service worker's own fetches
    (microsoft/playwright#2311), so only a server that is gone shows what its cache holds."""

    def send_head(self):
        if self.server.gone:
            self.close_connection = True
            return None
        self.server.paths.append(self.path)
        prefix = next((p for p in (SUB_PATH, OTHER_COPY) if self.path.startswith(p)), None)
        if prefix is None:
            self.send_error(404, "outside the published sub-paths")
            return None
        self.path = "/" + self.path[len(prefix):]
        return super().send_head()

    def log_message(self, fmt, *args):
        pass


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = build.site(tmp_path_factory.mktemp("publish") / "site",
                        os.environ.get("SUDOKU_LAB_OFFLINE_DIR"), use_cdn=False)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(SubPathHandler, directory=str(folder)))
    httpd.paths, httpd.gone = [], False
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    httpd.origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    yield httpd
    httpd.shutdown()


@pytest.fixture
def visit(visitor, server):
    """A visitor of the published copy at SUB_PATH, in a browser context of its own."""
    def make() -> Lab:
        return visitor(base=server.origin + SUB_PATH)
    return make


def wait_caches(lab: Lab, names: list[str]):
    try:
        lab.wait_until("async (want) => JSON.stringify((await caches.keys()).sort()) === JSON.stringify(want)",
                   sorted(names))
    except AssertionError:
        assert sorted(lab.page.evaluate("async () => await caches.keys()")) == sorted(names)


def wait_active(lab: Lab, url: str, scope: str):
    """Until `url` is the active service worker of `scope`: installed, so its cache is complete."""
    lab.wait_until("async ([url, scope]) => { const r = await navigator.serviceWorker.getRegistration(scope);"
                    " return !!r && !!r.active && r.active.scriptURL === url; }", [url, scope])


def solve(lab: Lab):
    lab.load(PUZZLE)
    lab.by("solver-select").select_option("hill_climb")
    lab.by("seed-input").fill("3")
    lab.by("start").click()
    assert lab.wait_state("solved", "failed", "error", timeout=60_000) == "solved"
    assert is_solution(parse(PUZZLE), np.array(lab.board_values()))


def test_a_published_copy_solves_under_a_sub_path_and_offline(visit, server):
    lab = visit()
    server.paths.clear()
    lab.open()
    solve(lab)
    manifest = lab.page.evaluate("async () => await (await fetch('static/vendor/manifest.json')).json()")
    wait_active(lab, f"{server.origin}{SUB_PATH}sw.js?build={manifest['build']}", server.origin + SUB_PATH)
    wait_caches(lab, [f"sudoku-lab-{manifest['build']}{SUB_PATH.rstrip('/')}"])
    cached = lab.page.evaluate("async () => (await (await caches.open((await caches.keys())[0])).keys()).map(r => r.url)")
    assert sorted(cached) == sorted({server.origin + SUB_PATH + (url if url != "./" else "")
                                     for url, _ in manifest["precache"]} | {server.origin + SUB_PATH + "static/vendor/manifest.json"})
    assert lab.foreign_requests == []
    assert [p for p in server.paths if not p.startswith(SUB_PATH)] == []

    server.gone = True
    try:
        lab.page.context.set_offline(True)
        lab.page.reload()
        lab.wait_state("ready", timeout=60_000)
        solve(lab)
        # the papers and sources page, from the cache too (the footer's link, then a reload of it)
        lab.by("sources-link").click()
        lab.page.wait_for_url(lab.base + "sources.html")
        assert_sources_shown(lab)
        lab.page.reload()
        assert_sources_shown(lab)
    finally:
        server.gone = False
    assert lab.foreign_requests == [] and lab.console_errors == []


def test_two_copies_on_one_origin_keep_their_own_caches(visit, server):
    """Caches belong to an origin; GitHub Pages serves all of a user's projects from one. A
    new build of one copy replaces that copy's cache only. (A 404 page of the origin registers
    the workers, so Python is not loaded for nothing.)"""
    lab = visit()
    lab.page.goto(server.origin + SUB_PATH + "no-such-page")

    def register(path: str, build_id: str):
        """Register the copy's service worker and wait until it is active (installed, precached)."""
        url = f"{server.origin}{path}sw.js?build={build_id}"
        lab.page.evaluate("async ([url, scope]) => { await navigator.serviceWorker.register(url, {scope}); }", [url, path])
        wait_active(lab, url, server.origin + path)

    register(SUB_PATH, "first")
    register(OTHER_COPY, "other")
    wait_caches(lab, ["sudoku-lab-first/some/path", "sudoku-lab-other/other/copy"])
    register(SUB_PATH, "second")
    wait_caches(lab, ["sudoku-lab-other/other/copy", "sudoku-lab-second/some/path"])

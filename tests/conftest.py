"""Shared fixtures: the package on sys.path, puzzles, and (for browser tests) the lab
served on a free loopback port with headless Debian Chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from sudoku_lab.grid import parse  # noqa: E402

from build import CHROMIUM_ARGS  # noqa: E402


def read_puzzles(name: str) -> dict[str, str]:
    out = {}
    for line in (ROOT / "puzzles" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, _, label = line.partition(" ")
            out[label.strip()] = text
    return out


PAPERS = read_puzzles("papers.txt")
SIZES = read_puzzles("sizes.txt")


@pytest.fixture(scope="session")
def papers():
    return {k: parse(v) for k, v in PAPERS.items()}


# ----------------------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def lab_url():
    import build
    if not (ROOT / "static" / "vendor" / "manifest.json").exists():
        pytest.fail("static/vendor/ is not built: run the tests through `python3 build.py test`")
    os.environ.setdefault("SUDOKU_LAB_QUIET", "1")
    httpd = build.make_server("127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    exe = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    if not Path(exe).exists():
        pytest.fail(f"no Chromium at {exe}: install Debian's chromium package or set CHROMIUM")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class Lab:
    """A page of the lab plus the helpers the browser tests share."""

    def __init__(self, page, base: str):
        self.page = page
        self.base = base
        self.foreign_requests: list[str] = []
        self.console_errors: list[str] = []
        page.on("request", self._on_request)
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))

    def _on_request(self, req):
        if not req.url.startswith(self.base) and not req.url.startswith(("data:", "blob:")):
            self.foreign_requests.append(req.url)

    def open(self, fragment: str = "", wait_ready: bool = True):
        self.page.goto(self.base + fragment)
        if wait_ready:
            self.wait_state("ready", "error", timeout=60_000)
        return self

    def visit(self, url: str):
        """Open an absolute URL (a shared link) and wait for the lab to be ready."""
        self.page.goto(url)
        self.wait_state("ready", "error", timeout=60_000)
        return self

    def by(self, testid: str):
        return self.page.get_by_test_id(testid)

    def state(self) -> str:
        return self.by("status").get_attribute("data-state")

    def wait_state(self, *states: str, timeout: float = 30_000) -> str:
        sel = ", ".join(f'[data-testid="status"][data-state="{s}"]' for s in states)
        self.page.wait_for_selector(sel, timeout=timeout)
        return self.state()

    def load(self, text: str):
        self.by("puzzle-input").fill(text)
        self.by("load-puzzle").click()

    def board(self) -> list[dict]:
        return self.page.eval_on_selector_all(
            '[data-testid="board"] [data-testid="cell"]',
            "els => els.map(e => ({row: +e.dataset.row, col: +e.dataset.col, value: +e.dataset.value,"
            " given: e.dataset.given === 'true', conflict: e.dataset.conflict === 'true'}))")

    def board_values(self) -> list[int]:
        cells = sorted(self.board(), key=lambda c: (c["row"], c["col"]))
        return [c["value"] for c in cells]

    def error_text(self) -> str:
        el = self.by("error")
        return el.inner_text() if el.is_visible() else ""


@contextlib.contextmanager
def fresh_lab(browser, base: str, **context_options):
    """A Lab in a browser context of its own (its own storage, caches, theme, viewport), closed
    afterwards: a second visitor opening a link, a dark-theme or phone-sized visit."""
    context = browser.new_context(**context_options)
    try:
        yield Lab(context.new_page(), base)
    finally:
        context.close()


@pytest.fixture
def lab(browser, lab_url):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield Lab(page, lab_url)
    context.close()

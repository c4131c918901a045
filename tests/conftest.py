"""Shared fixtures: the package on sys.path, puzzles, and (for the browser tests in
tests/browser/) the lab served on a free loopback port, with headless Debian Chromium driven
by Playwright through pytest-playwright."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.puzzle_list import read_puzzle_file  # noqa: E402

from build import CHROMIUM_ARGS  # noqa: E402
from lab import Lab  # noqa: E402  (the page object, tests/browser/lab.py)


def trace_ticks(run, pick) -> tuple[list, int]:
    """Drive a run one tick at a time (as the page's worker does): pick(progress) for each
    progress, and how many pauses came between them."""
    out, pauses = [], 0
    while not run.done:
        p = run.tick()
        if p is None:
            pauses += 1
        else:
            out.append(pick(p))
    return out, pauses


def read_puzzles(name: str) -> dict[str, str]:
    """name -> cells of a file in puzzles/, through the one puzzle-list reader."""
    return {label: cells for cells, label in read_puzzle_file(ROOT / "puzzles" / name)}


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
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright launches Debian's Chromium, headless, kept off the closed network
    (it keeps a trace and a screenshot of every failing browser test in test-results/)."""
    exe = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    if not Path(exe).exists():
        pytest.fail(f"no Chromium at {exe}: install Debian's chromium package or set CHROMIUM")
    return {**browser_type_launch_args, "executable_path": exe, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture
def lab(page, lab_url):
    """The lab in the test's page (pytest-playwright's, traced)."""
    return Lab(page, lab_url)


@pytest.fixture
def visitor(new_context, lab_url):
    """Another visitor: a Lab in a browser context of its own (its own storage, caches, theme,
    viewport), e.g. someone opening a shared link; traced like the test's own page."""
    def make(**context_options) -> Lab:
        return Lab(new_context(**context_options).new_page(), lab_url)
    return make


def pytest_collection_modifyitems(items):
    """Every test under tests/browser/ drives the page: marked `browser` (`-m "not browser"` skips them)."""
    for item in items:
        if (ROOT / "tests" / "browser") in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)

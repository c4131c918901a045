"""Shared fixtures: the package on sys.path, puzzles, and (for the browser tests in
tests/browser/) the lab served on a free loopback port, with headless Debian Chromium driven
by Playwright through pytest-playwright."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
# No per-example deadline: a time limit is a timed assert, and on a loaded machine or beside
# pytest-xdist's other worker a property test failed on it (DeadlineExceeded), not on its property.
settings.register_profile("lab", deadline=None)
settings.load_profile("lab")
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.puzzle_list import read_puzzle_file  # noqa: E402

from build import CHROMIUM_ARGS  # noqa: E402
from lab import Lab, SharedLab  # noqa: E402  (the page object, tests/browser/lab.py)


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


def page_run_on_workers(puzzle, seed: int, workers: int, exchange: int, *, solver: str | None = None,
                  params: dict | None = None, budget: dict | None = None, slice_seconds: float = 0.005,
                  name: str = "several-test", caps: bool = False):
    """A run on several workers (a team or a portfolio) as the page drives it: each member
    through the bridge in short slices, every member handed all the reports (plain lists, as the
    page passes them) at each barrier. With `caps`, a report that holds a solution caps the
    members stepped after it, as the page's coordinator does when they are still stepping.
    Returns the members' answers at the last barrier and the barriers passed."""
    import json
    from sudoku_lab import bridge
    from sudoku_lab.grid import board_to_string
    ids = [f"{name}-{w}" for w in range(workers)]
    for w, run_id in enumerate(ids):
        out = json.loads(bridge.member_start(json.dumps({
            "runId": run_id, "puzzle": board_to_string(puzzle.cells), **({"solver": solver} if solver else {}),
            "params": params or {}, "seed": seed, "member": w, "workers": workers, "exchange": exchange,
            "budget": budget or {}})))
        assert out["ok"] and "frame" in out, out
    barriers = 0
    while True:
        reports = []
        for w, run_id in enumerate(ids):
            solved_at = [r["solved_at"] for r in reports if r.get("solved_at") is not None]
            if caps and solved_at:
                assert json.loads(bridge.member_cap(run_id, min(solved_at)))["ok"]
            while True:
                out = json.loads(bridge.advance(run_id, slice_seconds))
                assert out["ok"] and "result" not in out["frame"]
                if "report" in out:
                    reports.append(out["report"])
                    break
        answers = [json.loads(bridge.member_settle(run_id, json.dumps({"reports": reports, "elapsed": 0.5})))
                   for run_id in ids]
        barriers += 1
        if answers[0]["done"]:
            return answers, barriers


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
def lab(request, lab_url):
    """The lab in the test's page (pytest-playwright's, traced). In a module marked
    `shared_page`, the module's one loaded page instead (a SharedLab: each test's first `open`
    sets it back and opens the link by the hash), unless the test is marked `fresh_page`."""
    if request.node.get_closest_marker("shared_page") and not request.node.get_closest_marker("fresh_page"):
        yield from request.getfixturevalue("_shared_page").lab_for(request)
    else:
        yield Lab(request.getfixturevalue("page"), lab_url)


class SharedPage:
    """One browser context and page for the tests of a `shared_page` module. Each test gets its
    own SharedLab on it, its own trace chunk and, when it fails, a screenshot and that trace in
    test-results/ (as pytest-playwright keeps them for a test's own page); after a failure the
    page is closed, and the next test loads a fresh one."""

    def __init__(self, browser, context_args: dict, base: str, config):
        self.browser, self.context_args, self.base = browser, context_args, base
        self.tracing = config.getoption("--tracing") in ("on", "retain-on-failure")
        self.keep_trace = config.getoption("--tracing")
        self.screenshot = config.getoption("--screenshot")
        self.context = self.page = None
        self.state: dict = {}

    def start(self):
        self.context = self.browser.new_context(**self.context_args)
        if self.tracing:
            self.context.tracing.start(screenshots=True, snapshots=True, sources=True)
        self.page = self.context.new_page()
        self.state = {}

    def close(self):
        if self.context is not None:
            try:
                if self.tracing:
                    self.context.tracing.stop()
                self.context.close()
            except Exception:  # noqa: BLE001  (a page or browser that died: nothing left to close)
                pass
        self.context = self.page = None

    def lab_for(self, request):
        if self.page is None or self.page.is_closed():
            self.close()
            self.start()
        if self.tracing:
            self.context.tracing.start_chunk(title=request.node.nodeid)
        out = Path(request.getfixturevalue("output_path"))
        lab = SharedLab(self.page, self.base, self.state)
        try:
            yield lab
        finally:
            lab.detach()
            self._finish(request, out)

    def _finish(self, request, out: Path):
        rep = getattr(request.node, "rep_call", None)
        failed = rep is None or rep.failed
        if failed and self.screenshot in ("on", "only-on-failure") or self.screenshot == "on":
            out.mkdir(parents=True, exist_ok=True)
            try:
                self.page.screenshot(path=str(out / f"test-{'failed' if failed else 'finished'}-1.png"))
            except Exception:  # noqa: BLE001  (a page that died cannot be photographed)
                pass
        if self.tracing:
            keep = self.keep_trace == "on" or failed
            if keep:
                out.mkdir(parents=True, exist_ok=True)
            self.context.tracing.stop_chunk(path=str(out / "trace.zip") if keep else None)
        if failed:
            self.close()


def pytest_addoption(parser):
    parser.addoption("--one-shared-page", action="store_true",
                     help="the tests of every shared_page module share one loaded page per test process, "
                          "not one per module (the smoke tier: build.py test --smoke)")


@pytest.fixture(scope="module")
def _shared_page(request, lab_url, pytestconfig):
    if pytestconfig.getoption("--one-shared-page"):
        yield request.getfixturevalue("_one_shared_page")
        return
    shared = SharedPage(request.getfixturevalue("browser"), request.getfixturevalue("browser_context_args"),
                        lab_url, pytestconfig)
    yield shared
    shared.close()


@pytest.fixture(scope="session")
def _one_shared_page(browser, browser_context_args, lab_url, pytestconfig):
    shared = SharedPage(browser, browser_context_args, lab_url, pytestconfig)
    yield shared
    shared.close()


@pytest.fixture
def visitor(request, lab_url):
    """Another visitor: a Lab in a browser context of its own (its own storage, caches, theme,
    viewport), e.g. someone opening a shared link; traced like the test's own page. `base`: the
    address of another copy of the lab (another server).

    pytest-playwright's fixtures are asked for here, not named as arguments (as `lab` asks for
    `page`): a test naming one of them is parametrized by browser (`[chromium]`), and every
    change between such a test and one that is not restarts the session's browser, closing
    the shared pages with it."""
    new_context = request.getfixturevalue("new_context")

    def make(base: str | None = None, **context_options) -> Lab:
        return Lab(new_context(**context_options).new_page(), base or lab_url)
    return make


def pytest_collection_modifyitems(config, items):
    """Every test under tests/browser/ drives the page: marked `browser` (`-m "not browser"` skips them).
    The tests of a `shared_page` module run on one pytest-xdist worker (`--dist loadgroup`),
    so its page loads once there; with `--one-shared-page` each worker has one page for all
    of them, so they go to whichever worker is free."""
    one = config.getoption("--one-shared-page")
    for item in items:
        if (ROOT / "tests" / "browser") in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("shared_page") and not one:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
    if one:      # the tests that load pages of their own (the long ones) start first, beside the shared pages
        items.sort(key=lambda item: not own_page(item))


def own_page(item) -> bool:
    """Whether a browser test loads the lab in a page of its own rather than the shared one."""
    return "lab" not in item.fixturenames or not item.get_closest_marker("shared_page") \
        or bool(item.get_closest_marker("fresh_page"))

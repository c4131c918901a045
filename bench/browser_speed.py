#!/usr/bin/env python3
"""Iterations per second of one solver, natively and inside Pyodide in headless Chromium.

    .venv/bin/python bench/browser_speed.py [--solver hill_climb] [--puzzle NAME|TEXT] [--seconds 5]
                                            [--seed 0] [--param name=value ...]

Runs the same puzzle, seed, parameters and time budget both ways and prints the two rates
and their ratio. Needs a built static/vendor/ (python3 build.py build) and Chromium.
Also the helpers other bench scripts use to reach the page: `lab_browser` (bench/throughput.py,
bench/page_perf.py), `bare_page` (the lab's origin without the lab) and `printed_in_page` (a
bench script's own function run in Pyodide).
"""

import argparse
import contextlib
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

import build  # noqa: E402
from build import CHROMIUM_ARGS  # noqa: E402
from sudoku_lab.bench import read_puzzles  # noqa: E402
from sudoku_lab.grid import parse  # noqa: E402
from sudoku_lab.run import Budget, Run  # noqa: E402


PAPERS = {name: text for text, name in read_puzzles(ROOT / "puzzles" / "papers.txt")}


def chromium_path() -> str:
    """Debian's Chromium, or the one CHROMIUM names."""
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


@contextlib.contextmanager
def lab_browser():
    """The lab served on a free loopback port and a headless Chromium: (browser, base URL)."""
    from playwright.sync_api import sync_playwright
    os.environ["SUDOKU_LAB_QUIET"] = "1"
    httpd = build.make_server("127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(),
                                         args=CHROMIUM_ARGS)
            try:
                yield browser, f"http://127.0.0.1:{httpd.server_address[1]}/"
            finally:
                browser.close()
    finally:
        httpd.shutdown()


def bare_page(browser, base: str):
    """An empty page of the lab's origin, where a script loads its own Pyodide from
    static/vendor/: the lab's page would load Python in its worker meanwhile, a second load
    that costs ~10 CPU-s and competes with what is timed (and index.html's policy is not needed)."""
    page = browser.new_page()
    blank = base + "bench-blank.html"
    page.route(blank, lambda route: route.fulfill(body="<!doctype html><title>bench</title>", content_type="text/html"))
    page.goto(blank)
    return page


PRINTED_IN_PYODIDE = """async ([files, call]) => {
  const { loadPyodide } = await import('./static/vendor/pyodide/pyodide.mjs');
  const py = await loadPyodide({ indexURL: new URL('static/vendor/pyodide/', location.href).href });
  await py.loadPackage('numpy', { messageCallback: () => {} });
  const zip = await fetch(new URL('static/vendor/sudoku_lab.zip', location.href));
  py.unpackArchive(await zip.arrayBuffer(), 'zip', { extractDir: '/home/pyodide/lab' });
  py.FS.mkdirTree('/home/pyodide/bench');
  for (const [name, text] of Object.entries(files)) py.FS.writeFile('/home/pyodide/bench/' + name, text);
  py.globals.set('CALL', call);
  return py.runPython(`
import contextlib, io, sys
sys.path[:0] = ['/home/pyodide/lab', '/home/pyodide/bench']
out = io.StringIO()
with contextlib.redirect_stdout(out):
    exec(CALL, {})
out.getvalue()
`);
}"""


def printed_in_page(scripts: list[str], call: str) -> str:
    """What ``call`` prints when run in Pyodide on the lab's page, beside the page's own package
    (static/vendor/sudoku_lab.zip) and numpy, with the named bench/ scripts importable: a bench
    script measures its own function there as the page's workers would run it."""
    here = Path(__file__).resolve().parent
    files = {name: (here / name).read_text() for name in scripts}
    with lab_browser() as (browser, base):
        return bare_page(browser, base).evaluate(PRINTED_IN_PYODIDE, [files, call])


def native_rate(solver: str, puzzle: str, params: dict, seconds: float, seed: int = 0) -> tuple[float, str]:
    r = Run(parse(puzzle), solver, params, seed, Budget(max_seconds=seconds)).finish()
    return r.iterations / r.seconds, r.stop_reason


def press_start(page, start: str = "start", box: str = "watch-failure") -> None:
    """Start, once the puzzle's count is known (the puzzle line's data-solutions). These
    benchmarks' long runs use a puzzle proven to have no solution, which the page runs only when
    the visitor ticks "Run it anyway" (docs/page.md, "The page"): ticked here when shown."""
    page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=120_000)
    label = page.get_by_test_id(box)
    if label.is_visible():
        label.locator("input").check()
    page.get_by_test_id(start).click()


def run_in_page(browser, base: str, solver: str, puzzle: str, params: dict, seconds: float, seed: int = 0,
                page=None):
    """Open a share link for the run, start it, wait for its end; the page, for the caller to read.
    Given a `page` that already shows the lab, the link is opened in it by its hash (as a link
    opened in the same tab: docs/links-and-files.md, "Share links"), so Python is not loaded again."""
    frag = f"#p={puzzle}&s={solver}&seed={seed}&t={seconds}" + "".join(f"&{k}={v}" for k, v in params.items())
    if page is None:
        page = browser.new_page()
        page.goto(base + frag)
    else:
        page.evaluate("""h => new Promise((done) => {
            addEventListener("hashchange", () => setTimeout(done, 0), { once: true });
            location.hash = h; })""", frag)
    page.wait_for_selector('[data-testid=status][data-state=ready]', timeout=120_000)
    press_start(page)
    page.wait_for_selector('[data-testid=status]:not([data-state=running]):not([data-state=ready])',
                           timeout=(seconds + 60) * 1000)
    return page


def browser_rate(browser, base: str, solver: str, puzzle: str, params: dict, seconds: float,
                 seed: int = 0) -> tuple[float, str]:
    """Iterations / elapsed of a run in the page."""
    page = run_in_page(browser, base, solver, puzzle, params, seconds, seed)
    state = page.get_by_test_id("status").get_attribute("data-state")
    it = int(page.locator('[data-metric=iteration]').inner_text().replace(",", ""))
    elapsed = float(page.locator('[data-metric=elapsed]').inner_text().split()[0])
    page.close()
    return it / elapsed, state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--solver", default="hill_climb")
    ap.add_argument("--puzzle", default="ai-escargot")
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--param", action="append", default=[])
    args = ap.parse_args()
    params = dict(p.split("=", 1) for p in args.param)
    text = PAPERS.get(args.puzzle, args.puzzle)
    n_rate, n_state = native_rate(args.solver, text, params, args.seconds, args.seed)
    with lab_browser() as (browser, base):
        b_rate, b_state = browser_rate(browser, base, args.solver, text, params, args.seconds, args.seed)
    print(f"{args.solver} on {args.puzzle}, seed {args.seed}, {args.seconds:g} s budget")
    print(f"  native : {n_rate:10,.0f} iterations/s ({n_state})")
    print(f"  browser: {b_rate:10,.0f} iterations/s ({b_state})")
    print(f"  native/browser ratio: {n_rate / b_rate:.2f}")


if __name__ == "__main__":
    main()

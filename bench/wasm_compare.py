#!/usr/bin/env python3
"""Time one numpy snippet natively and in Pyodide, to choose between ways of writing a hot path.

    .venv/bin/python bench/wasm_compare.py bench/snippets/cumulative_sums.py

The snippet is plain Python that leaves a dict of figures in RESULT. It runs here, then in
Pyodide on an empty page of the lab's origin served locally (headless Chromium, main thread;
no lab page loading its own Python beside it), and both
dicts are printed. Numpy's costs differ in WebAssembly (no BLAS, higher per-call cost), so a
choice made on native timings alone can be the wrong one in the browser.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_speed import bare_page, lab_browser  # noqa: E402

RUN_IN_PYODIDE = """async (code) => {
  const { loadPyodide } = await import('./static/vendor/pyodide/pyodide.mjs');
  const py = await loadPyodide({ indexURL: new URL('static/vendor/pyodide/', location.href).href });
  await py.loadPackage('numpy', { messageCallback: () => {} });
  py.runPython(code);
  return String(py.globals.get('RESULT'));
}"""


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    code = Path(sys.argv[1]).read_text()
    scope: dict = {}
    exec(compile(code, sys.argv[1], "exec"), scope)
    print("native ", scope["RESULT"])
    with lab_browser() as (browser, base):
        print("pyodide", bare_page(browser, base).evaluate(RUN_IN_PYODIDE, code))
    return 0


if __name__ == "__main__":
    sys.exit(main())

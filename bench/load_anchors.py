#!/usr/bin/env python3
"""The lab's load beside three Pyodide anchors, measured the same way in the same run.

    .venv/bin/python bench/load_anchors.py [--times 3] [--only lab console pyscript lite]

The anchors, all on the lab's Pyodide 0.27.7 served from this machine (no CDN):
- `console`: Pyodide's own REPL page (console.html of the npm package pyodide@0.27.7; its
  jQuery Terminal, which it loads from a CDN, served from the npm packages instead);
- `pyscript`: a page of `@pyscript/core` with one `<script type="py">`, its interpreter the local
  pyodide.mjs; `pyscript-numpy` the same with `packages = ["numpy"]` and `import numpy`;
- `lite`: JupyterLite's REPL (`jupyter lite build` of jupyterlite-core with
  jupyterlite-pyodide-kernel, the kernel's pyodideUrl the local pyodide.js, no PyPI fallback),
  its URL's two cells `1+1` and `import numpy`: a kernel is ready at its first cell's result.
Every file comes from the package registries through their own clients (`npm pack`, `pip
download`), is checked against the sha256 pinned here (Pyodide's own files and wheels against
buildtool/fetch.py's pins and Pyodide's pinned lock file), and is kept in the build's cache
(`anchors/` beside the runtime's files), never in the repository; `jupyter lite build` runs in a
virtualenv made there from the pinned wheels.

Each time, every page is opened in a fresh browser context (cold: empty HTTP cache) and then
reloaded in it; a figure is the page's own clock (`performance.now()`, from navigation) when the
page shows the stage. The lab's loads are bench/load_parts.py's (its `cold_and_reload`: the
reload waits for the service worker to keep the lab), with the worker's start to ready beside
the navigation; its first screen: navigation to the board's cells drawn, and to a puzzle pasted
into the box read (the puzzle line gives its givens), cold and on a reload, before Ready.
The machine's load is printed before and after (`uptime`). Needs a built static/vendor/
(python3 build.py build), Chromium, npm and pip.
"""

import argparse
import contextlib
import functools
import http.server
import json
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

import load_parts  # noqa: E402
from browser_speed import lab_browser  # noqa: E402
from buildtool.common import CACHE, BuildError, say  # noqa: E402
from buildtool.fetch import PYODIDE_CORE, Fetcher  # noqa: E402

ANCHORS = CACHE / "anchors"
PYODIDE_NPM = "pyodide@0.27.7"
# npm packages, pinned: the tarball's name -> (spec, sha256). jquery.terminal 2.35.2, the version
# console.html names, is not in the registry here: 2.35.3 is its next patch release.
# @pyscript/core 0.6.66 is the last release whose own Pyodide is 0.27.7 (later ones import
# `pyodide.ffi.jsnull`, which 0.27.7 lacks).
NPM = {
    "pyodide-0.27.7.tgz": (PYODIDE_NPM, "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343"),
    "pyscript-core-0.6.66.tgz": ("@pyscript/core@0.6.66", "973182bd45a4d615c436a45a442a6fffc3a6acb170ea755ff30071b16ef5fe82"),
    "jquery-3.7.1.tgz": ("jquery@3.7.1", "68a9f787516da47c680e09c187bcbac4536b6f85d90eb882844e12919e583f53"),
    "jquery.terminal-2.35.3.tgz": ("jquery.terminal@2.35.3", "ac7daca2a311a9bc907e80903117d7caec16a7d5e47cc41879d7e35813b216f2"),
}
# JupyterLite's build tools and their dependencies, and `comm` (the kernel installs it and Pyodide
# 0.27.7 has no wheel of it): the wheel's name -> sha256.
PIP = {
    "jupyterlite_core-0.6.4-py3-none-any.whl": "0e20c1e32a26a6ca7d80df2094d69acfcb58b54c109c66865bbe8513c3502c01",
    "jupyterlite_pyodide_kernel-0.6.1-py3-none-any.whl": "d16f2e44dedd60d7a5578cd901a4de1ac34d30c80671abba7ec1ac70a65e2972",
    "doit-0.37.0-py3-none-any.whl": "a9f181566aa90faac515e276f85e6526019554ed7e13c12cf9dc094ffecf3e1b",
    "jupyter_core-5.9.1-py3-none-any.whl": "ebf87fdc6073d142e114c72c9e29a9d7ca03fad818c5d300ce2adc1fb0743407",
    "pkginfo-2.0-py3-none-any.whl": "98c7aaa804dfe017b0de65d4b41a2f4649a656f43d3c21525b13e8075716fa1b",
    "platformdirs-4.14.8-py3-none-any.whl": "1e34af590de4d978631b751eb2202f2fee4497537a17c1720b12fcf57b331392",
    "traitlets-5.16.1-py3-none-any.whl": "f775618166caa0396c8e337099240f2bd3e5e917d203b2e6fbe21a58d3cb1f6b",
}
COMM = "comm-0.2.3-py3-none-any.whl"
PIP[COMM] = "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"
# The Pyodide packages the anchors load (with what the lock file says they depend on): numpy, and
# what JupyterLite's kernel installs at its start.
PYODIDE_PACKAGES = ["numpy", "micropip", "ssl", "sqlite3", "ipython", "jedi"]


# --------------------------------------------------------------------------- fetching

def npm_registry(fetcher: Fetcher, tmp: Path, names: list[str]) -> dict[str, Path]:
    for name in names:
        fetcher._run(["npm", "pack", "--silent", NPM[name][0]], tmp)
    return {name: tmp / name for name in names if (tmp / name).exists()}


def pip_registry(fetcher: Fetcher, tmp: Path, names: list[str]) -> dict[str, Path]:
    for name in names:
        project, version = name.split("-")[:2]
        fetcher._run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(tmp),
                      f"{project}=={version}"], tmp)
    return {name: tmp / name for name in names if (tmp / name).exists()}


def lock_closure(lock: dict, names: list[str]) -> dict[str, str]:
    """The lock file's wheels of `names` and all they depend on: file name -> sha256."""
    packages, wanted, todo = lock["packages"], {}, list(names)
    while todo:
        entry = packages[re.sub(r"[-_.]+", "-", todo.pop()).lower()]   # the lock's keys are normalised
        if entry["file_name"] not in wanted:
            wanted[entry["file_name"]] = entry["sha256"]
            todo.extend(entry["depends"])
    return wanted


def fetch_all() -> dict[str, Path]:
    """Every file the anchors need, verified, in the cache: name -> path."""
    runtime = Fetcher(None, use_cdn=False)
    core = runtime.ensure(PYODIDE_CORE, runtime.registry_pyodide_core, cdn=False)
    lock = json.loads(core["pyodide-lock.json"].read_text())
    wheels = runtime.ensure(lock_closure(lock, PYODIDE_PACKAGES), runtime.registry_wheels, cdn=False)
    own = Fetcher(None, use_cdn=False, cache=ANCHORS)
    npm = own.ensure({n: d for n, (_, d) in NPM.items()}, functools.partial(npm_registry, own), cdn=False)
    pip = own.ensure(PIP, functools.partial(pip_registry, own), cdn=False)
    return {**core, **wheels, **npm, **pip}


# --------------------------------------------------------------------------- building

def untar(tgz: Path, dest: Path, inner: str = "") -> None:
    """The npm tarball's `package/<inner>` files into `dest`."""
    prefix = f"package/{inner}"
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith(prefix):
                out = dest / member.name[len(prefix):]
                out.parent.mkdir(parents=True, exist_ok=True)
                with tar.extractfile(member) as f:
                    out.write_bytes(f.read())


def console_page(files: dict[str, Path]) -> str:
    """Pyodide's console.html with its jQuery and jQuery Terminal from ./npm/ instead of a CDN."""
    with tarfile.open(files["pyodide-0.27.7.tgz"]) as tar:
        html = tar.extractfile("package/console.html").read().decode()
    html = re.sub(r'"https://[^"]+/npm/jquery"', '"./npm/jquery/dist/jquery.min.js"', html)
    html = re.sub(r'https://[^"]+/npm/jquery\.terminal@[\d.]+/', "./npm/jquery.terminal/", html)
    html = html.replace("unix_formatting.min.js", "unix_formatting.js")
    if re.search(r'<(script|link)[^>]*(src|href)="https?:', html):
        raise BuildError("console.html still loads a file from elsewhere")
    return html


def build_pyodide(site: Path, files: dict[str, Path]) -> None:
    """site/pyodide/: Pyodide's files, the wheels, the console page and its terminal."""
    out = site / "pyodide"
    out.mkdir(parents=True)
    for name, path in files.items():
        if name not in NPM and name not in PIP:              # Pyodide's own files and wheels
            shutil.copyfile(path, out / name)
    with tarfile.open(files["pyodide-0.27.7.tgz"]) as tar:        # JupyterLite's kernel loads the classic script
        (out / "pyodide.js").write_bytes(tar.extractfile("package/pyodide.js").read())
    untar(files["jquery-3.7.1.tgz"], out / "npm" / "jquery")
    untar(files["jquery.terminal-2.35.3.tgz"], out / "npm" / "jquery.terminal")
    (out / "console.html").write_text(console_page(files))


PYSCRIPT_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>PyScript</title>
<link rel="stylesheet" href="./dist/core.css"><script type="module" src="./dist/core.js"></script></head>
<body><script type="py" config='{config}'>
{imports}import js
js.document.body.dataset.ready = str(js.performance.now())
</script></body></html>
"""


def build_pyscript(site: Path, files: dict[str, Path]) -> None:
    """site/pyscript/: @pyscript/core's dist, a page that starts Python, one that imports numpy."""
    out = site / "pyscript"
    untar(files["pyscript-core-0.6.66.tgz"], out / "dist", "dist/")
    plain = {"interpreter": "/pyodide/pyodide.mjs"}
    (out / "index.html").write_text(PYSCRIPT_PAGE.format(config=json.dumps(plain), imports=""))
    with_numpy = {**plain, "packages": ["numpy"]}
    (out / "numpy.html").write_text(PYSCRIPT_PAGE.format(config=json.dumps(with_numpy), imports="import numpy\n"))


def lite_venv(files: dict[str, Path]) -> Path:
    """A virtualenv in the cache with the pinned JupyterLite wheels: its `jupyter`."""
    venv = ANCHORS / "venv"
    jupyter = venv / "bin" / "jupyter"
    if not jupyter.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        wheels = [str(files[n]) for n in PIP if n != COMM]
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", *wheels],
                       check=True)
    return jupyter


def build_lite(site: Path, files: dict[str, Path]) -> None:
    """site/lite/: `jupyter lite build` of a site whose Pyodide kernel loads the local Pyodide."""
    lite_dir = ANCHORS / "lite-dir"
    shutil.rmtree(lite_dir, ignore_errors=True)
    (lite_dir / "pypi").mkdir(parents=True)
    shutil.copyfile(files[COMM], lite_dir / "pypi" / COMM)
    kernel = {"pyodideUrl": "/pyodide/pyodide.js", "disablePyPIFallback": True}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config))
    subprocess.run([str(lite_venv(files)), "lite", "build", "--lite-dir", str(lite_dir), "--output-dir", str(site / "lite")],
                   cwd=lite_dir, check=True, stdout=subprocess.DEVNULL)


def build_site() -> Path:
    """The anchors' site in the cache, made again each run from the verified files."""
    files = fetch_all()
    site = ANCHORS / "site"
    shutil.rmtree(site, ignore_errors=True)
    build_pyodide(site, files)
    build_pyscript(site, files)
    build_lite(site, files)
    say(f"anchors' site built ({sum(1 for _ in site.rglob('*'))} files)")
    return site


# --------------------------------------------------------------------------- serving

class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serving(site: Path):
    """The anchors' site on a free loopback port: its base URL."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()


# --------------------------------------------------------------------------- measuring

LITE_CODE = "lite/repl/index.html?kernel=python&toolbar=1&code=1%2B1&code=import%20numpy%3B%20numpy.__version__"
LITE_OUTPUTS = "[...document.querySelectorAll('.jp-OutputArea-output')].map((e) => e.textContent)"
# Each anchor: its page, and its stages: (name, what to do first in the page or None, the page
# shows the stage when this is true).
PAGES = {
    "console": ("pyodide/console.html", [
        ("python", None, "window.term && /Welcome\\s+to\\s+the\\s+Pyodide/.test(document.body.innerText)"),
        ("numpy", "term.exec('import numpy; numpy_in = 1')", "window.pyodide.globals.get('numpy_in') === 1"),
    ]),
    "pyscript": ("pyscript/index.html", [("python", None, "document.body.dataset.ready")]),
    "pyscript-numpy": ("pyscript/numpy.html", [("numpy", None, "document.body.dataset.ready")]),
    "lite": (LITE_CODE, [
        ("python", None, f"{LITE_OUTPUTS}.some((t) => t.trim() === '2')"),
        ("numpy", None, f"{LITE_OUTPUTS}.some((t) => t.includes('2.0.2'))"),
    ]),
}
TIMEOUT_MS = 240_000


def seen_at(page, predicate: str) -> float:
    """The page's clock (ms from navigation) at the first animation frame where `predicate` holds."""
    handle = page.wait_for_function(f"() => ({predicate}) ? performance.now() : false", polling="raf", timeout=TIMEOUT_MS)
    return handle.json_value()


def stages(page, steps) -> dict[str, float]:
    out = {}
    for name, action, predicate in steps:
        if action:
            page.evaluate(action)
        out[name] = seen_at(page, predicate)
    return out


def anchor_loads(browser, url: str, steps) -> dict:
    """One cold load of an anchor in a fresh context, then its reload: {mode: {stage: ms}}."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        out = {"cold": stages(page, steps)}
        page.reload()
        out["reload"] = stages(page, steps)
        return out
    finally:
        context.close()


def paste_read(page, text: str, givens: int) -> dict[str, float]:
    """The board's cells drawn, then `text` pasted into the box and read (ms from navigation)."""
    out = {"board": seen_at(page, "document.querySelector('[data-testid=cell]')")}
    page.evaluate("(t) => navigator.clipboard.writeText(t)", text)
    page.locator("[data-testid=puzzle-input]").fill("")
    page.locator("[data-testid=puzzle-input]").focus()
    page.keyboard.press("Control+V")
    out["paste"] = seen_at(page, f"document.querySelector('[data-testid=puzzle-info]').dataset.givens === '{givens}'")
    out["paste_key"] = out["paste"] - page.evaluate("window.pasteKeyAt")
    return out


# The page's clock when a key is first pressed (the paste's Ctrl+V).
KEY_AT = "document.addEventListener('keydown', () => { window.pasteKeyAt ??= performance.now(); }, true);"


def first_screen(browser, base: str, text: str, givens: int) -> dict:
    """The lab's first screen in a fresh context, then on a reload, neither waiting for Ready."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(KEY_AT)
    try:
        page = context.new_page()
        page.goto(base)
        out = {"cold": paste_read(page, text, givens)}
        page.reload()
        out["reload"] = paste_read(page, text, givens)
        return out
    finally:
        context.close()


def lab_loads(browser, base: str) -> dict:
    """bench/load_parts.py's cold load and reload: navigation to Ready, and the worker's start to ready."""
    loads = load_parts.cold_and_reload(browser, base, image=True)
    return {mode: {"ready": load["navigation_ms"], "worker": load["ready_ms"]} for mode, load in loads.items()}


def a_puzzle() -> tuple[str, int]:
    """The first puzzle of puzzles/papers.txt and its givens."""
    sys.path.insert(0, str(ROOT / "py"))
    from sudoku_lab.bench import read_puzzles
    from sudoku_lab.grid import parse
    text = read_puzzles(ROOT / "puzzles" / "papers.txt", limit=1)[0][0]
    return text, int((parse(text).cells > 0).sum())


def one_time(browser, base: str, anchors_base: str, only: list[str], puzzle) -> dict:
    """Every page once, cold and reloaded, one after another: {page: {mode: {stage: ms}}}."""
    out = {}
    if "lab" in only:
        out["lab"] = lab_loads(browser, base)
        out["lab first screen"] = first_screen(browser, base, *puzzle)
    for name, (path, steps) in PAGES.items():
        if name.split("-")[0] in only:
            out[name] = anchor_loads(browser, anchors_base + path, steps)
    return out


# --------------------------------------------------------------------------- printing

ROWS = [
    ("lab", "ready", "the lab: navigation to Ready"),
    ("lab", "worker", "the lab: its worker's start to ready (load_parts' total)"),
    ("lab first screen", "board", "the lab: the board's cells drawn"),
    ("lab first screen", "paste", "the lab: a pasted puzzle read (the first screen accepting a paste)"),
    ("lab first screen", "paste_key", "the lab: that paste, from its Ctrl+V to read"),
    ("console", "python", "Pyodide's console: Python ready (its banner)"),
    ("console", "numpy", "Pyodide's console: `import numpy` typed at once, done"),
    ("pyscript", "python", "PyScript: Python ready (its script ran)"),
    ("pyscript-numpy", "numpy", "PyScript with `packages = [\"numpy\"]`: `import numpy` done"),
    ("lite", "python", "JupyterLite's REPL: the first cell's result (`1+1`)"),
    ("lite", "numpy", "JupyterLite's REPL: the second cell's (`import numpy`)"),
]


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"


def print_table(runs: list[dict]) -> None:
    print(f"| ms from navigation, median of {len(runs)} (range) | cold | reload |")
    print("|---|---:|---:|")
    for page, stage, label in ROWS:
        if page in runs[0]:
            shown = [cell([run[page][mode][stage] for run in runs]) for mode in ("cold", "reload")]
            print(f"| {label} | " + " | ".join(shown) + " |")


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--times", type=int, default=3, help="rounds: each page cold, then reloaded")
    ap.add_argument("--only", nargs="+", default=["lab", "console", "pyscript", "lite"],
                    choices=["lab", "console", "pyscript", "lite"], help="the pages to load")
    args = ap.parse_args()
    try:
        site = build_site()
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"load_anchors: {exc}", file=sys.stderr)
        return 1
    puzzle = a_puzzle()
    print("load before:", uptime())
    with lab_browser() as (browser, base), serving(site) as anchors_base:
        runs = [one_time(browser, base, anchors_base, args.only, puzzle) for _ in range(args.times)]
    print("load after:", uptime(), "\n")
    print_table(runs)
    print("\neach time:", json.dumps(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

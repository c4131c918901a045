"""`build`: everything the page loads besides its own sources, into static/vendor/ — the
verified runtime, the package zip, the settings table (the package's settings.json), the
limits table (the package's limits.py, emitted as JSON), the solvers' titles and citations, the puzzles' sources as HTML and the manifest with the precache
list; and `page_files`, the one list of what the page
needs (the service worker's precache and the published site)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import (LIMITS_JSON, LIMITS_SOURCE, PUZZLE_SOURCES, PUZZLE_SOURCES_HTML, ROOT, SETTINGS_JSON,
                     SETTINGS_SOURCE, SOLVERS_JSON, VENDOR, BuildError, copy_if_changed, say, sha256, write_whole)
from .fetch import ON_FIRST_USE, PYODIDE_CORE, PYODIDE_PACKAGES, PYODIDE_VERSION, UPLOT_FILES, UPLOT_VERSION, fetch_runtime
from .markdown import render_markdown
from .schemas import SCHEMAS_JSON, built_in_schemas
from .snapshot import SNAPSHOT, python_snapshot


def _package_module(name: str, path: Path):
    """A standard-library-only module of the package, loaded by its path: the build needs no numpy."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bundle_package() -> bytes:
    """py/sudoku_lab as a zip, same source same bytes: sudoku_lab/bundle.py is the one recipe
    (bench ships the same zip to a cluster)."""
    return _package_module("sudoku_lab_bundle", ROOT / "py" / "sudoku_lab" / "bundle.py").package_bytes()


def limits_json() -> bytes:
    """The limits and sentences both languages need, as the package's limits.py emits them."""
    table = _package_module("sudoku_lab_limits", LIMITS_SOURCE).table()
    return (json.dumps(table, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


# What the page reads besides the runtime: its pages (index.html and any beside it), its
# modules, styles and pages under static/ (not READMEs, not tests), the puzzle sets with their
# sources (puzzles/SOURCES.md, which sources.html shows), the published figures of data/, if
# any, the settings and limits tables and the solvers' titles and citations (static/vendor/settings.json,
# limits.json and solvers.json, written by `build`).
PAGE_SUFFIXES = (".js", ".mjs", ".css", ".html", ".svg", ".png", ".ico", ".woff2")
DATA_SUFFIXES = (".json", ".csv", ".txt")


def runtime_files() -> list[Path]:
    """The pinned runtime under static/vendor/, by name, and the build's image of a started
    Python when it made one: a file left there by an older build is neither precached nor published."""
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    pyodide = [*PYODIDE_CORE, *(lock["packages"][pkg]["file_name"] for pkg in PYODIDE_PACKAGES)]
    image = [SNAPSHOT] if SNAPSHOT.is_file() else []
    return [*(VENDOR / "pyodide" / n for n in sorted(pyodide)), *(VENDOR / "uplot" / n for n in sorted(UPLOT_FILES)), *image]


def on_first_use_files() -> list[Path]:
    """The runtime files published but not precached (ON_FIRST_USE): the service worker keeps
    each when the page first asks for it, so it works offline from then on."""
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    return [VENDOR / "pyodide" / lock["packages"][pkg]["file_name"] for pkg in ON_FIRST_USE]


def page_files() -> list[Path]:
    """Every file the page needs offline: the one list behind the service worker's precache
    and the published site (docs/page.md, "The page": Publish)."""
    def wanted(p: Path, suffixes) -> bool:
        return p.is_file() and p.suffix in suffixes and ".test." not in p.name and VENDOR not in p.parents
    page = [ROOT / "index.html", *sorted(p for p in ROOT.glob("*.html") if p.name != "index.html")]
    page += sorted(p for p in (ROOT / "static").rglob("*") if wanted(p, PAGE_SUFFIXES))
    page += [*sorted((ROOT / "puzzles").glob("*.txt")), ROOT / "puzzles" / "SOURCES.md"]
    if (ROOT / "data").is_dir():
        page += sorted(p for p in (ROOT / "data").rglob("*") if wanted(p, DATA_SUFFIXES))
    schemas = [SCHEMAS_JSON] if SCHEMAS_JSON.is_file() else []       # none when the build could not make it
    return page + [SETTINGS_JSON, LIMITS_JSON, SOLVERS_JSON, *schemas, PUZZLE_SOURCES_HTML] + runtime_files()


def solver_sources() -> list[dict]:
    """Each solver's `id`, `title`, `citation` and `reference` (true for the field's reference
    solver shown beside the lab's papers), in the registry's order: what sources.html lists
    without starting Python. Read from the solver modules themselves (their one home), by
    `ast`, so the build needs neither numpy nor an import of the package; tests/buildtool/test_build.py
    holds the result to `sudoku_lab.solvers.schemas()`."""
    import ast
    folder = ROOT / "py" / "sudoku_lab" / "solvers"

    def constants(path: Path) -> dict:
        out = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AnnAssign) and node.value else []
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node.value
        return out

    registry = constants(folder / "__init__.py").get("_MODULES")
    if not isinstance(registry, ast.Tuple) or not all(isinstance(e, ast.Name) for e in registry.elts):
        raise BuildError("py/sudoku_lab/solvers/__init__.py: _MODULES is not a tuple of module names")
    out = []
    for name in (e.id for e in registry.elts):
        found = constants(folder / f"{name}.py")
        try:
            fact = {k.lower(): ast.literal_eval(found[k]) for k in ("ID", "TITLE", "CITATION")}
            fact["reference"] = bool(ast.literal_eval(found["REFERENCE"])) if "REFERENCE" in found else False
        except (KeyError, ValueError) as exc:
            raise BuildError(f"py/sudoku_lab/solvers/{name}.py: ID, TITLE and CITATION must be plain strings ({exc})") from None
        out.append(fact)
    return out


def precache_list(pkg_sha: str, image: dict | None) -> list[list[str]]:
    """[url, sha256] of every file the page needs offline (`page_files`, less those cached on
    first use, `on_first_use_files`), the page as "./", and our package and the image of a
    started Python under the URLs the worker asks for (their sha256 in the query), each URL
    relative to the site's root. Its hash is the build's id: the service worker (sw.js) keeps
    one cache per build."""
    out = [["./", sha256(ROOT / "index.html")]]
    later = {ROOT / "index.html", SNAPSHOT, *on_first_use_files()}
    out += [[p.relative_to(ROOT).as_posix(), sha256(p)] for p in page_files() if p not in later]
    out.append([f"static/vendor/sudoku_lab.zip?v={pkg_sha}", pkg_sha])
    if image:
        out.append([f"static/vendor/{image['file']}?v={image['sha256']}", image["sha256"]])
    return out


# What a worker's load fetches, by the step of the load that fetches it: Python's files while
# loadPyodide runs (pyodide.mjs and pyodide.asm.js are imported, not fetched), then numpy's wheel.
# The worker counts their bytes as they come and says how far it is (docs/protocol.md, "Worker messages").
LOAD_STEP_FILES = {"runtime": ["pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm"], "numpy": ["numpy"]}


def load_files(image: dict | None) -> dict[str, dict[str, int]]:
    """{step: {file name: bytes}} of what a worker's load fetches (LOAD_STEP_FILES, a package by its
    wheel's name in the lock file, and the build's image of a started Python when it made one): the
    sizes the worker's "Loading Python: 6.1 of 17.8 MB" counts against."""
    packages = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())["packages"]

    def file_name(name: str) -> str:
        return packages[name]["file_name"] if name in packages else name
    out = {step: {file_name(n): (VENDOR / "pyodide" / file_name(n)).stat().st_size for n in names}
           for step, names in LOAD_STEP_FILES.items()}
    if image:
        out["runtime"][image["file"]] = image["bytes"]
    return out


def build(offline_dir: str | None = None, use_cdn: bool = True) -> None:
    files = fetch_runtime(offline_dir, use_cdn)
    for name, path in files["pyodide"].items():
        copy_if_changed(path, VENDOR / "pyodide" / name)
    for name, path in files["uplot"].items():
        copy_if_changed(path, VENDOR / "uplot" / name)
    image = python_snapshot()
    pkg = bundle_package()
    write_whole(VENDOR / "sudoku_lab.zip", pkg)
    built_in_schemas(VENDOR / "sudoku_lab.zip")
    write_whole(SETTINGS_JSON, SETTINGS_SOURCE.read_bytes())
    write_whole(LIMITS_JSON, limits_json())
    write_whole(SOLVERS_JSON, (json.dumps(solver_sources(), indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    write_whole(PUZZLE_SOURCES_HTML,
                render_markdown(PUZZLE_SOURCES.read_text(encoding="utf-8"), "puzzles").encode("utf-8"))
    lock = files["lock"]
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "python": lock["info"]["python"],
        "numpy": lock["packages"]["numpy"]["version"],
        "scipy": lock["packages"]["scipy"]["version"],
        "uplot": UPLOT_VERSION,
        "sudoku_lab_sha256": hashlib.sha256(pkg).hexdigest(),
        "python_snapshot": image,
    }
    manifest["load_files"] = load_files(image)
    manifest["precache"] = precache_list(manifest["sudoku_lab_sha256"], image)
    manifest["build"] = hashlib.sha256(json.dumps(manifest["precache"]).encode()).hexdigest()[:16]
    write_whole(VENDOR / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    say(f"bundled into {VENDOR.relative_to(ROOT)}/ (sudoku_lab {manifest['sudoku_lab_sha256'][:12]})")

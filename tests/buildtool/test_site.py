"""build.py site: the folder a static host serves holds exactly the page, its runtime and its
data; every URL the page and the service worker build is relative; the service worker's
precache list names only files of the folder and every file the page needs offline
(docs/page.md, "The page": Publish)."""

import json
import os
import re
from pathlib import Path, PurePosixPath

import pytest

import build


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("publish") / "site"
    build.site(out, os.environ.get("SUDOKU_LAB_OFFLINE_DIR"), use_cdn=False)
    return out


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def manifest_of(site: Path) -> dict:
    return json.loads((site / "static" / "vendor" / "manifest.json").read_text())


def site_path(url: str) -> str:
    """A precache URL (relative to the site's root) -> the file that answers it."""
    return "index.html" if url == "./" else url.split("?")[0]


def kind(rel: str) -> str | None:
    """What a site file is, by its place and name; None for anything a host should not serve."""
    p = PurePosixPath(rel)
    name = p.name
    if rel in ("index.html", "sw.js", ".nojekyll", "puzzles/SOURCES.md"):
        return rel
    if p.parent == PurePosixPath(".") and p.suffix == ".html":
        return "page"
    if p.parent == PurePosixPath("puzzles") and p.suffix == ".txt":
        return "puzzle set"
    if rel == "static/vendor/solvers.json":
        return "solvers"
    if rel == "static/vendor/schemas.json":
        return "schemas"
    if rel == "static/vendor/settings.json":
        return "settings"
    if rel == "static/vendor/limits.json":
        return "limits"
    if rel == "static/vendor/puzzle-sources.html":
        return "puzzle sources"
    if rel.startswith("static/vendor/"):
        lock = json.loads((build.VENDOR / "pyodide" / "pyodide-lock.json").read_text())["packages"]
        wheels = {f"pyodide/{lock[pkg]['file_name']}" for pkg in ("numpy", "scipy", "openblas")}
        runtime = {*(f"pyodide/{n}" for n in build.PYODIDE_CORE), *wheels,
                   *(f"uplot/{n}" for n in build.UPLOT_FILES), "sudoku_lab.zip", "manifest.json", "python-snapshot.bin.gz"}
        return "runtime" if rel.removeprefix("static/vendor/") in runtime else None
    if rel.startswith("static/") and p.suffix in (".js", ".mjs", ".css", ".html", ".svg", ".png", ".ico", ".woff2") \
            and not name.upper().startswith("README") and ".test." not in name:
        return "page"
    if rel.startswith("data/") and p.suffix in (".json", ".csv", ".txt"):
        return "figures"
    return None


def test_the_site_holds_exactly_what_a_static_host_serves(site):
    files = files_of(site)
    assert {f: kind(f) for f in files if kind(f) is None} == {}
    assert not any(f.endswith((".py", ".md")) and f != "puzzles/SOURCES.md" for f in files)
    assert not any(f.split("/")[0] in ("py", "tests", "docs", "bench", ".venv", ".git") for f in files)
    kinds = {kind(f) for f in files}
    assert {"index.html", "sw.js", ".nojekyll", "puzzles/SOURCES.md", "puzzle set", "runtime", "page", "solvers",
            "puzzle sources", "settings"} <= kinds
    assert "sources.html" in files
    # every runtime file, and every page file of the repository, is there with the same bytes
    assert sum(kind(f) == "runtime" for f in files) == len(build.PYODIDE_CORE) + 3 + len(build.UPLOT_FILES) + 3   # numpy, scipy, openblas; zip, manifest, image
    root = build.ROOT
    sources = {p.relative_to(root).as_posix() for d in ("static", "puzzles", "data") if (root / d).is_dir()
               for p in (root / d).rglob("*") if p.is_file() and not p.is_relative_to(build.VENDOR)}
    assert {f for f in sources if kind(f) is not None} <= files
    for f in files - {".nojekyll"}:
        assert (site / f).read_bytes() == (root / f).read_bytes(), f
    assert json.loads((site / "static/vendor/solvers.json").read_text()) == build.solver_sources()
    # the settings table the page imports is the package's one home, byte for byte
    assert (site / "static/vendor/settings.json").read_bytes() == (root / "py/sudoku_lab/settings.json").read_bytes()
    # and the limits table is the one the package's limits.py emits
    assert (site / "static/vendor/limits.json").read_bytes() == build.limits_json()


def test_every_precache_url_is_a_file_of_the_site_with_its_hash(site):
    manifest = manifest_of(site)
    files = files_of(site)
    for url, digest in manifest["precache"]:
        assert not url.startswith("/") and "://" not in url, url
        assert site_path(url) in files, url
        assert build.sha256(site / site_path(url)) == digest, url
    image = manifest["python_snapshot"]
    assert [url for url, _ in manifest["precache"][-2:]] == [f"static/vendor/sudoku_lab.zip?v={manifest['sudoku_lab_sha256']}",
                                                           f"static/vendor/{image['file']}?v={image['sha256']}"]


def test_the_files_a_load_fetches_are_precached_files_of_the_site_with_their_sizes(site):
    """The manifest's `load_files`, what the worker's "Loading Python: 6.1 of 17.8 MB" counts against:
    Python's files (the build's image of a started Python among them), then numpy's wheel, each with
    its size in the site, each precached."""
    manifest = manifest_of(site)
    load = manifest["load_files"]
    image = manifest["python_snapshot"]["file"]
    assert list(load) == ["runtime", "numpy"]
    assert set(load["runtime"]) == {"pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm", image}
    assert len(load["numpy"]) == 1 and next(iter(load["numpy"])).startswith("numpy-")
    precached = {site_path(url) for url, _ in manifest["precache"]}
    for files in load.values():
        for name, size in files.items():
            path = f"static/vendor/{name}" if name == image else f"static/vendor/pyodide/{name}"
            assert path in precached, name
            assert (site / path).stat().st_size == size, name


def test_the_precache_holds_every_file_the_page_needs(site):
    """Everything but the service worker itself, the manifest (sw.js fetches it fresh and adds
    it) and the GitHub Pages marker is precached — the puzzles' sources too, which the sources
    page shows offline; and every page, module, style, puzzle set, figure and data file the
    pages name resolves to a precached file."""
    precached = {site_path(url) for url, _ in manifest_of(site)["precache"]}
    files = files_of(site)
    lock = json.loads((site / "static" / "vendor" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    on_first_use = {f"static/vendor/pyodide/{lock[pkg]['file_name']}" for pkg in build.ON_FIRST_USE}   # sw.js keeps them when fetched
    assert on_first_use and files - precached == {"sw.js", "static/vendor/manifest.json", ".nojekyll", *on_first_use}

    named = set()
    for page in sorted(f for f in files if "/" not in f and f.endswith(".html")):
        html = (site / page).read_text()
        for ref in re.findall(r'<(?:script|link|a)\b[^>]*?(?:src|href)="([^"#]+)[^"]*"', html):
            if not ref.startswith(("data:", "http:", "https:")):
                named.add(site_path(ref))       # "./" is index.html
    for f in sorted(files):
        if not (f.startswith("static/") and f.endswith((".js", ".mjs"))) or f.startswith("static/vendor/"):
            continue
        text = (site / f).read_text()
        here = PurePosixPath(f).parent
        for ref in re.findall(r'(?:\bfrom|\bimport\(?)\s*["\'](\.{1,2}/[^"\']+)["\']', text) + \
                re.findall(r'new URL\(\s*["\']([^"\']+)["\']\s*,\s*import\.meta\.url', text):
            if not ref.endswith("/"):          # a folder is a base for other URLs, not a file
                named.add(os.path.normpath(str(here / ref)).replace(os.sep, "/"))
        # files the page fetches by a path relative to the page (puzzle sets, figures, sources)
        named.update(re.findall(r'["\'`]((?:puzzles|data)/[\w./-]+\.(?:txt|json|csv|md))["\'`]', text))
        named.update(n for n in re.findall(r'["\'`](static/vendor/[\w./-]+\.(?:json|html))["\'`]', text)
                     if n != "static/vendor/manifest.json")
    assert any(n.startswith("puzzles/") for n in named) and "static/app.js" in named
    assert {"sources.html", "static/page/sources.js", "static/vendor/puzzle-sources.html",
            "static/vendor/solvers.json", "static/vendor/settings.json", "static/vendor/limits.json"} <= named
    assert sorted(n for n in named if n not in precached) == []


def test_every_url_the_page_builds_is_relative(site):
    """Under https://host/some/path/ a URL starting with "/" leaves the site: none may."""
    absolute = []
    for f in sorted(files_of(site)):
        if f.startswith("static/vendor/") or not f.endswith((".js", ".mjs", ".html")):
            continue
        text = (site / f).read_text()
        absolute += [(f, m) for m in re.findall(r'(?:src|href|action)="(/[^"]*)"', text)]
        absolute += [(f, m) for m in re.findall(
            r'(?:fetch|register|new URL|new Worker|import|importScripts)\(\s*["\'`](/[^"\'`]*)', text)]
        absolute += [(f, m) for m in re.findall(r'\bfrom\s+["\'](/[^"\']*)', text)]
    assert absolute == []


def test_a_site_folder_is_rewritten_but_a_foreign_folder_is_refused(tmp_path, site):
    out = tmp_path / "out"
    (out / ".git").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    build.site(out, os.environ.get("SUDOKU_LAB_OFFLINE_DIR"), use_cdn=False)
    (out / "static" / "stale.js").write_text("left from an older build")
    build.site(out, os.environ.get("SUDOKU_LAB_OFFLINE_DIR"), use_cdn=False)
    assert not (out / "static" / "stale.js").exists()
    assert (out / ".git" / "HEAD").read_text() == "ref: refs/heads/gh-pages\n"
    assert files_of(out) - {".git/HEAD"} == files_of(site)

    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"not ours")
    for bad in (foreign, build.ROOT, build.ROOT / "static", build.ROOT / "puzzles" / "site"):
        with pytest.raises(build.BuildError):
            build.site(bad, use_cdn=False)
    assert (foreign / "holiday.jpg").read_bytes() == b"not ours"

"""`site`: the folder a static host serves (docs/page.md, "The page": Publish)."""

from __future__ import annotations

import shutil
from pathlib import Path

from .bundle import build, page_files
from .common import ROOT, VENDOR, BuildError, say


def site_files() -> dict[str, Path]:
    """Site path -> source file: what the page needs (`page_files`, with the package zip and
    the manifest; the puzzles' sources among them, so their licences travel with them) and the
    service worker. Nothing else: no Python, docs, tests or READMEs."""
    files = [*page_files(), ROOT / "sw.js", VENDOR / "sudoku_lab.zip", VENDOR / "manifest.json"]
    return {p.relative_to(ROOT).as_posix(): p for p in files}


def site(out: Path, offline_dir: str | None = None, use_cdn: bool = True) -> Path:
    """Build, then write the site into `out` (docs/page.md, "The page": Publish): every URL
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

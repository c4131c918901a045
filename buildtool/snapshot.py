"""`build`'s image of a started Python (docs/architecture.md, "A started Python, kept"): the
worker hands it to Pyodide's `_loadSnapshot` and skips most of Python's start, the largest part
of a load (docs/benchmarks.md, "A load, part by part").

It is made by node with Pyodide's own `_makeSnapshot` (buildtool/make_snapshot.mjs), once per
runtime: the image depends only on Pyodide's pinned files, so it is kept in the cache under their
hashes and the script's, and every build of one runtime ships the same bytes (a new image each
build would give each build a new service-worker cache). It is not the same twice when made
again, so it is verified the way the lab's zip is: its sha256 is in the manifest, and the worker
checks the bytes it fetched against it before using them. It is gzipped (21 MB of heap, 5 MB
on the wire; the worker inflates it with the browser's DecompressionStream).

Without node (or when making it fails) the build says so and ships none; the worker then starts
Python the ordinary way."""

from __future__ import annotations

import gzip
import hashlib
import tempfile
from pathlib import Path

from .common import CACHE, ROOT, VENDOR, copy_if_changed, run_node, say, sha256
from .fetch import PYODIDE_CORE

SNAPSHOT = VENDOR / "python-snapshot.bin.gz"
MAKER = ROOT / "buildtool" / "make_snapshot.mjs"
MAKE_SECONDS = 180       # a two-core machine under a test run's load takes ~10 s


def cache_key() -> str:
    """The image's inputs: Pyodide's pinned core files and the script that makes it."""
    parts = [f"{name}:{digest}" for name, digest in sorted(PYODIDE_CORE.items())] + [sha256(MAKER)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def make(pyodide_dir: Path, out: Path) -> str | None:
    """Write the gzipped image of Python started from `pyodide_dir` to `out`; None when made,
    else why not (node missing or failing)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "python-snapshot.bin"
        why = run_node(MAKER, [str(pyodide_dir), str(raw)], raw, MAKE_SECONDS)
        if why:
            return why
        part = out.with_name(f".{out.name}.part")
        part.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
        part.replace(out)
    return None


def python_snapshot() -> dict | None:
    """The image in static/vendor/ with its manifest entry ({file, sha256, bytes}), made or
    taken from the cache; None (and the reason said) when it cannot be made."""
    kept = CACHE / "snapshots" / f"python-{cache_key()}.bin.gz"
    if not kept.is_file():
        kept.parent.mkdir(parents=True, exist_ok=True)
        say("making the image of a started Python (node, once per runtime)")
        why = make(VENDOR / "pyodide", kept)
        if why:
            say(f"no image of a started Python: {why}; the page starts Python the ordinary way")
            SNAPSHOT.unlink(missing_ok=True)
            return None
    copy_if_changed(kept, SNAPSHOT)
    return {"file": SNAPSHOT.name, "sha256": sha256(SNAPSHOT), "bytes": SNAPSHOT.stat().st_size}

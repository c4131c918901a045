"""The repository names no absolute path of the machine it was written on: a reader of a fresh clone has none of them, so sources are cited by their titles and
commands are written relative to the clone."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# a path that starts at one of these roots, not the path part of a URL or of a longer name
ROOTS = ("work", "root", "tmp")
MACHINE_PATH = re.compile(r"(?<![\w./~-])/(?:" + "|".join(ROOTS) + r")/")


# what a checkout holds but the repository does not (.gitignore), for a copy without git
UNTRACKED = {".git", ".venv", "vendor", "site", "test-results", "__pycache__", ".pytest_cache", ".cache"}


def repository_files() -> list[Path]:
    """The tracked files (git ls-files), or in a copy without git every file outside the
    untracked folders: the check runs either way."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        return [ROOT / name for name in out.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in ROOT.rglob("*") if not UNTRACKED & set(p.relative_to(ROOT).parts)]


def tracked_text_files() -> list[Path]:
    files = []
    for path in repository_files():
        if path.is_file():
            head = path.read_bytes()[:8192]
            if b"\0" not in head:                     # text, not an image or a zip
                files.append(path)
    return files


def test_the_pattern_finds_machine_paths_and_leaves_urls_alone():
    hits = ["see /" "work/shared/papers", "(`/" "tmp/before`)", "/" "root/.cache"]
    assert all(MACHINE_PATH.search(t) for t in hits)
    assert not any(MACHINE_PATH.search(t) for t in ["https://host/" "tmp/x", "bench/results/x", "a/" "work/b"])


def test_no_tracked_text_file_names_an_absolute_path_of_this_machine():
    found = []
    for path in tracked_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{n}: {line.strip()[:120]}")
    assert found == [], "absolute paths of the machine:\n" + "\n".join(found)

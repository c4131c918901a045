"""Each folder of the page has a README with a table of its files (docs/design.md, "Layout"):
held here, so a new module cannot go unnamed."""

from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"
FOLDERS = sorted(p for p in [STATIC, *STATIC.iterdir()] if p.is_dir() and p.name != "vendor")


def test_every_page_folder_has_a_readme():
    assert [p.name for p in FOLDERS if not (p / "README.md").is_file()] == []


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.relative_to(STATIC.parent).as_posix())
def test_a_folder_readme_names_each_of_its_modules(folder):
    readme = folder / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    missing = [f.name for f in sorted(folder.glob("*.js")) if f"`{f.name}`" not in text]
    assert missing == [], f"{readme.relative_to(STATIC.parent)} does not name {', '.join(missing)}"


BENCH = STATIC.parent / "bench"


def test_the_bench_readme_names_every_script_in_use_and_archived():
    text = (BENCH / "README.md").read_text(encoding="utf-8")
    scripts = [f"`{p.name}`" for p in sorted(BENCH.glob("*.py"))]
    scripts += [f"`archive/{p.name}`" for p in sorted((BENCH / "archive").glob("*.py"))]
    assert [s for s in scripts if s not in text] == []

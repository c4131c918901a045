"""The package as a zip that the same source always turns into the same bytes (its .py files and
its data, ``settings.json``, sorted, with one fixed timestamp): the page's ``static/vendor/sudoku_lab.zip`` and the copy
``bench`` ships to a Dask cluster are both this one. Standard library only, because build.py
loads this file by its path without numpy."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
STAMP = (2020, 1, 1, 0, 0, 0)
SUFFIXES = (".py", ".json")      # the modules, and the data they read (settings.json)


def package_bytes(package: Path = PACKAGE) -> bytes:
    """The zip of `package`'s .py and .json files, each named from the package's parent (``sudoku_lab/…``)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(p for p in package.rglob("*") if p.suffix in SUFFIXES and p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), date_time=STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return buf.getvalue()

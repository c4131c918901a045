#!/usr/bin/env python3
"""Sudoku Lab's build tool: `python3 build.py serve|build|site|test [--fast|--smoke] …`
(`--help` for the whole command line). The work is done by the package buildtool/, one job a
module (its __init__ lists them); this file is its entry, and names what the tests and the
bench scripts import from `build`.
"""

import sys

from buildtool.bundle import build, bundle_package, limits_json, page_files, solver_sources  # noqa: F401
from buildtool.cli import main
from buildtool.common import CHROMIUM_ARGS, ROOT, VENDOR, BuildError, sha256  # noqa: F401
from buildtool.fetch import ON_FIRST_USE, PYODIDE_CORE, UPLOT_FILES, Fetcher  # noqa: F401
from buildtool.markdown import render_markdown  # noqa: F401
from buildtool.serve import make_server  # noqa: F401
from buildtool.site import site  # noqa: F401

if __name__ == "__main__":
    sys.exit(main())

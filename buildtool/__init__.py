"""The lab's build tool behind `python3 build.py` (standard library only), one job a module:

    common   paths, the cache, Chromium's flags, `say`, `BuildError`, hashing, whole-file writes
    fetch    the pinned runtime (Pyodide, its numpy, uPlot): fetched, verified, cached
    markdown puzzles/SOURCES.md drawn as escaped HTML for sources.html
    bundle   `build`: the runtime, the package zip, settings.json, solvers.json and the precache
             manifest into static/vendor/; the list of files the page needs
    snapshot the image of a started Python (node)
    schemas  the built-in solvers' schemas for the form before Ready (node)
    site     `site`: the folder a static host serves
    serve    the lab on a local HTTP server (also the tests' and the bench scripts' server)
    test     the test tiers: the virtualenv, node's unit tests, pytest
    cli      the command line (`python3 build.py --help`)

Each module imports only those above it in this list.
"""

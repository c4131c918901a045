"""Sudoku Lab's one build tool (standard library only):

    python3 build.py serve [--port 8000]   fetch + verify the runtime, bundle, serve the lab
    python3 build.py test [pytest args]    the same set-up, then every test: the page's unit tests
                                           (node --test) and pytest (own virtualenv, browser tests)
    python3 build.py test --fast           the page's unit tests and every test neither `browser`
                                           nor `slow`, in parallel (no Chromium needed)
    python3 build.py test --smoke          the page smoke tier: one browser test per page area
    python3 build.py build                 only fetch, verify and bundle into static/vendor/
    python3 build.py site [--out site]     the same build, then a folder holding exactly what a
                                           static host serves (docs/page.md, "The page": Publish)

Where the runtime's files come from, and how they are verified: buildtool/fetch.py.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from .bundle import build
from .common import ROOT, BuildError, say
from .serve import serve
from .site import site
from .test import test


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\nWhere")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--offline-dir", default=os.environ.get("SUDOKU_LAB_OFFLINE_DIR"),
                    help="a folder of pre-downloaded runtime files (verified like any other source)")
    ap.add_argument("--no-cdn", action="store_true", default=bool(os.environ.get("SUDOKU_LAB_NO_CDN")),
                    help="do not try Pyodide's CDN")
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="build, then serve the lab")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    sub.add_parser("build", help="fetch, verify and bundle only")
    st = sub.add_parser("site", help="build, then write the folder a static host serves")
    st.add_argument("--out", type=Path, default=ROOT / "site", help="the site folder (default: site/)")
    t = sub.add_parser("test", allow_abbrev=False, help="build, then run every test (further arguments go to pytest)")
    tier = t.add_mutually_exclusive_group()
    tier.add_argument("--fast", dest="tier", action="store_const", const="fast",
                      help="the page's unit tests and every test neither browser nor slow, in parallel")
    tier.add_argument("--smoke", dest="tier", action="store_const", const="smoke",
                      help="the page smoke tier: one browser test per page area")
    args, extra = ap.parse_known_args(argv)
    if extra and args.command != "test":
        ap.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "test":
            return test(extra, args.offline_dir, not args.no_cdn, args.tier or "full")
        if args.command == "site":
            site(args.out, args.offline_dir, not args.no_cdn)
            return 0
        build(args.offline_dir, not args.no_cdn)
        if args.command == "serve":
            serve(args.host, args.port)
        return 0
    except BuildError as exc:
        say(f"error: {exc}")
        return 2

#!/usr/bin/env python3
"""A load of the page's worker, part by part, cold and on a reload, timed in the worker itself.

    .venv/bin/python bench/load_parts.py [--times 3] [--eager-wasm] [--no-snapshot] [--no-service-worker] [--profile]

Each time: a fresh browser context (empty HTTP cache, no service worker) opens the built page
and waits for Ready (the cold load); once the service worker has kept the lab for offline use,
the same page is reloaded and waits for Ready again (the reload: service worker and HTTP cache
warm). The parts are the `ready` message's `load_ms` (docs/protocol.md, "Worker messages"),
read from the `versions` hook's `data-load`; they are wall milliseconds of the worker's clock,
so the machine's load (printed, `uptime`) counts in them; the last row is the page's own clock
(`performance.now()`, from navigation) at the first frame that shows Ready. The files' table says how long each
fetch took and how many bytes came over the network (0: a cache served it).
`--eager-wasm` has V8 compile all of pyodide.asm.wasm before its instance (no lazy compilation
of functions at their first call): how much of the later parts was compiling shows as it moves.
`--no-snapshot` serves the worker a manifest without the build's image of a started Python
(docs/architecture.md, "A started Python, kept"), so Python starts the ordinary way; its
context runs no service worker (a worker's own fetches pass no route), so its reload is served
by the HTTP cache alone. `--no-service-worker` keeps the image but runs no service worker either:
the reload is the HTTP cache's, as the anchors' are (bench/load_anchors.py).
`--profile` loads each time in a browser profile of its own kept on disk, as a visitor's browser
keeps one, rather than in a context like a private window's: V8 keeps the code it compiled for a
WebAssembly module fetched by streaming beside the HTTP cache's copy only in such a profile, so
only there can a reload start from it (and a third load, "return", in a new tab of that profile).
Needs a built static/vendor/ (python3 build.py build) and Chromium.
"""

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_speed  # noqa: E402
from browser_speed import lab_browser  # noqa: E402

MODES = ("cold", "reload")
RETURN = "return"
EAGER_WASM = "--js-flags=--no-wasm-lazy-compilation"
READY = "[data-testid=versions][data-load]"
KEPT_OFFLINE = "[data-testid=offline-note][data-state=ready]"
FILES = ("python-snapshot.bin.gz", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "sudoku_lab.zip")


def page_load(page) -> dict:
    """The worker's load as the page shows it once Ready: {load_ms, ready_ms, resources, snapshot},
    and `navigation_ms`: the page's own clock (from navigation) at the first frame that shows Ready."""
    seen = page.wait_for_function(f"() => document.querySelector('{READY}') ? performance.now() : false",
                                  polling="raf", timeout=180_000)
    return {**json.loads(page.get_attribute(READY, "data-load")), "navigation_ms": seen.json_value()}


def without_image(route) -> None:
    """The build's manifest less its image of a started Python."""
    manifest = json.loads(route.fetch().body())
    manifest["python_snapshot"] = None
    route.fulfill(status=200, body=json.dumps(manifest), headers={"content-type": "application/json"})


def open_context(browser, image: bool, profile_dir: str | None, service_worker: bool = True):
    """A fresh browser context: like a private window's, or with `profile_dir` a profile on disk.
    Without `image`, no service worker, and the manifest served without the image; without
    `service_worker`, none either way."""
    options = {} if image and service_worker else {"service_workers": "block"}
    if profile_dir:
        context = browser.browser_type.launch_persistent_context(
            profile_dir, executable_path=browser_speed.chromium_path(), args=browser_speed.CHROMIUM_ARGS, **options)
    else:
        context = browser.new_context(**options)
    if not image:
        context.route("**/vendor/manifest.json*", without_image)
    return context


def cold_and_reload(browser, base: str, image: bool, profile: bool = False, service_worker: bool = True) -> dict:
    """One cold load in a fresh context, then a reload of that page once its service worker keeps
    the lab; with `profile`, the context is a profile of its own on disk, and a new tab's load of
    the lab follows (`return`)."""
    with tempfile.TemporaryDirectory() if profile else contextlib.nullcontext() as profile_dir:
        context = open_context(browser, image, profile_dir, service_worker)
        try:
            page = context.new_page()
            page.goto(base)
            out = {"cold": page_load(page)}
            if image and service_worker:
                page.wait_for_selector(KEPT_OFFLINE, state="attached", timeout=180_000)
            page.reload()
            out["reload"] = page_load(page)
            if profile:
                tab = context.new_page()
                tab.goto(base)
                out[RETURN] = page_load(tab)
            return out
        finally:
            context.close()


TOTAL = "total (start to ready)"
NAVIGATION = "navigation to Ready (the page's clock)"


def part_ms(load: dict, name: str) -> float:
    """One part's ms of a load; the total is the worker's start to its ready."""
    if name == NAVIGATION:
        return load["navigation_ms"]
    return load["ready_ms"] if name == TOTAL else load["load_ms"][name]


def median_files(loads: list[dict]) -> dict:
    """Each file's median fetch ms and bytes over the network, for the runtime's larger files."""
    out = {}
    for name in FILES:
        found = [r for load in loads for r in load["resources"] if r["name"] == name]
        if found:
            out[name] = (statistics.median(r["ms"] for r in found), statistics.median(r["bytes"] for r in found))
    return out


def print_tables(runs: list[dict]) -> None:
    modes = [m for m in (*MODES, RETURN) if m in runs[0]]
    by_mode = {mode: [run[mode] for run in runs] for mode in modes}
    print(f"| part (median of {len(runs)}, ms) | " + " | ".join(modes) + " | " + " | ".join(f"{m}, each" for m in modes) + " |")
    print("|---|" + "---:|" * len(modes) + "---|" * len(modes))
    for name in [*runs[0]["cold"]["load_ms"], TOTAL, NAVIGATION]:
        each = {mode: [part_ms(load, name) for load in by_mode[mode]] for mode in modes}
        shown = [f"{statistics.median(each[m]):,.0f}" for m in modes] + [", ".join(f"{ms:,.0f}" for ms in each[m]) for m in modes]
        print(f"| {name} | " + " | ".join(shown) + " |")
    files = {mode: median_files(by_mode[mode]) for mode in modes}
    print("\n| file (median) | " + " | ".join(f"{m}: ms, bytes over the network" for m in modes) + " |")
    print("|---|" + "---:|" * len(modes))
    for name in FILES:
        shown = [f"{files[m][name][0]:,.0f} ms, {files[m][name][1]:,.0f} B" if name in files[m] else "–" for m in modes]
        print(f"| {name} | " + " | ".join(shown) + " |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--times", type=int, default=3, help="cold loads, each followed by a reload")
    ap.add_argument("--eager-wasm", action="store_true", help=f"Chromium with {EAGER_WASM}")
    ap.add_argument("--no-snapshot", action="store_true", help="Python started without the build's image")
    ap.add_argument("--no-service-worker", action="store_true",
                    help="the image, but no service worker: the reload is the HTTP cache's")
    ap.add_argument("--profile", action="store_true",
                    help="each time a browser profile of its own on disk (V8's code cache), and a return visit in a new tab")
    args = ap.parse_args()
    if args.eager_wasm:
        browser_speed.CHROMIUM_ARGS = [*browser_speed.CHROMIUM_ARGS, EAGER_WASM]
    print("load before:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    with lab_browser() as (browser, base):
        runs = [cold_and_reload(browser, base, not args.no_snapshot, args.profile, not args.no_service_worker)
                for _ in range(args.times)]
    print("load after:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(), "\n")
    print_tables(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Screenshots of the Race and Experiment views for the README (docs/img/): each view at
1280 px (the whole page) and 390 px (the view's own area, a phone's column), in the light and
the dark theme, after a real race or experiment in the page.

    .venv/bin/python bench/screenshots.py [--out docs/img]

Needs the built page (`python3 build.py test` or `serve` builds it) and Debian's Chromium.
"""

import argparse
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser")]
os.environ.setdefault("SUDOKU_LAB_QUIET", "1")

import build  # noqa: E402
from lab import HELD_OUT, Lab  # noqa: E402

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWS = {
    "race": "#p=" + HELD_OUT + "&m=race&t=20&e=hill_climb:1,alldiff_tabu:2,nb_coin:7,acs:0",
    "experiment": "#p=" + HELD_OUT + "&m=experiment&t=5&e=hill_climb:1,alldiff_tabu:2,acs:0&runs=2&ps=sato6",
}


def main() -> int:
    from playwright.sync_api import sync_playwright
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    httpd = build.make_server("127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for view, link in VIEWS.items():
            for width in (1280, 390):
                for scheme in ("light", "dark"):
                    ctx = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
                    lab = Lab(ctx.new_page(), base).open(link)
                    if view == "experiment":
                        lab.by("workers").fill("2")
                    lab.by("compare-start").click()
                    (lab.wait_lanes_done if view == "race" else lab.wait_experiment_done)(timeout=300_000)
                    path = out / f"{view}-{width}-{scheme}.png"
                    if width == 1280:
                        lab.page.screenshot(path=str(path), full_page=True)
                    else:
                        lab.page.locator("#compare").screenshot(path=str(path))
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path, lab.by("compare-status").inner_text(), flush=True)
                    ctx.close()
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""What does the page hold in memory with W workers loaded? Each of the page's workers loads its
own Pyodide (Python, numpy, the lab's package), so W workers cost about W heaps.

    .venv/bin/python bench/page_memory.py [--workers 1 2 4 8] [--size 25] [--p 0.45] [--seconds 10]
                                          [--settle 2]

For each W, in a browser of its own (so nothing carries over from the last W): the page opens a
Solve link of `alldiff_ls` on the generator's size:p:1 with `w=W` (docs/links-and-files.md,
"Share links"), Start waits for all W workers to load Python (static/python/several.js
`readyWorkers`) and the run goes to its end (solved, or its time limit). Then, `--settle` seconds
later, the memory of that browser: RSS, PSS and USS (private pages; /proc/<pid>/smaps_rollup) summed
over the browser process and every process under it (the process tree walked through /proc, so
another Chromium on the machine is not counted), the renderers' USS alone (the tab: the page, its
workers and their heaps), and `performance.measureUserAgentSpecificMemory()` where the page is
cross-origin isolated (the lab's server does not isolate it: then a note says so). Prints the
command, a Markdown row per W (with the page's live workers, as Playwright sees them, and the
load) and the MB each worker beyond the first adds (by USS: PSS moves with
the other Chromiums the machine runs). Needs a built static/vendor/
(python3 build.py build) and Chromium.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import lab_browser  # noqa: E402
from team_page import uptime  # noqa: E402

SOLVER = "alldiff_ls"
ENDED = "[data-testid=status]:is([data-state=solved], [data-state=failed], [data-state=error])"

UA_MEMORY = """async () => {
  if (!self.crossOriginIsolated || !performance.measureUserAgentSpecificMemory) return null;
  return (await performance.measureUserAgentSpecificMemory()).bytes;
}"""


def parents() -> dict[int, int]:
    """Every process's parent, read from /proc/<pid>/stat (its comm may hold spaces: split after it)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                out[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue                                     # gone while we looked
    return out


def is_chromium(pid: int) -> bool:
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe")).startswith("chrom")
    except OSError:
        return False


def browser_tree() -> list[int]:
    """The processes of the browser this script launched: the Chromium under this process whose
    parent is not a Chromium (Playwright's driver started it), and all under it."""
    parent = parents()
    children: dict[int, list[int]] = {}
    for pid, ppid in parent.items():
        children.setdefault(ppid, []).append(pid)
    mine, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        mine.append(pid)
        todo.extend(children.get(pid, []))
    roots = [p for p in mine if is_chromium(p) and not is_chromium(parent.get(p, 0))]
    if len(roots) != 1:
        raise SystemExit(f"page_memory: expected one Chromium browser under this process, found {len(roots)}")
    tree, todo = [], roots[:]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def memory_kb(pid: int) -> dict:
    """A process's resident set, proportional set and private (unique) set in kB; PSS and USS None
    where smaps_rollup is unreadable. PSS shares pages mapped by several processes among them, also
    with another Chromium on the machine (whose count then lowers ours); USS counts only the pages
    this process alone holds."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]
        kb = {k: int(v.split()[0]) for k, v in (line.split(":", 1) for line in lines)}
        return {"rss": kb["Rss"], "pss": kb["Pss"], "uss": kb["Private_Clean"] + kb["Private_Dirty"]}
    except (OSError, KeyError, ValueError):
        pass
    try:
        status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
        return {"rss": int(status["VmRSS"].split()[0]), "pss": None, "uss": None}
    except (OSError, KeyError, ValueError):
        return {"rss": 0, "pss": None, "uss": None}          # gone, or a zombie with no memory


def is_renderer(pid: int) -> bool:
    """A renderer process: where the page, its workers and their Pyodides live (the tab)."""
    try:
        return b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def summed_mb(rows: list[dict], key: str) -> float | None:
    values = [r[key] for r in rows]
    return None if None in values else sum(values) / 1024


def browser_memory() -> dict:
    """RSS, PSS and USS in MB summed over the browser's processes, how many there are, and the
    renderers' USS alone."""
    tree = browser_tree()
    rows = {pid: memory_kb(pid) for pid in tree}
    return {"processes": len(tree), **{f"{k}_mb": summed_mb(list(rows.values()), k) for k in ("rss", "pss", "uss")},
            "renderer_uss_mb": summed_mb([rows[pid] for pid in tree if is_renderer(pid)], "uss")}


def holding(workers: int, size: int, p: float, seconds: float, settle: float) -> dict:
    """A fresh browser whose page ran one Solve on `workers` loaded workers: its memory then."""
    link = f"#g={size}:{p:g}:1&s={SOLVER}&seed=1&t={seconds:g}" + (f"&w={workers}" if workers > 1 else "")
    with lab_browser() as (browser, base):
        page = browser.new_page()
        page.goto(base + link)
        page.wait_for_selector("[data-testid=status][data-state=ready]", timeout=600_000)
        page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=600_000)   # the rating is done
        page.get_by_test_id("start").click()
        page.wait_for_selector(ENDED, timeout=(seconds * 3 + 600) * 1000)   # all W loaded, then the run
        state = page.get_by_test_id("status").get_attribute("data-state")
        time.sleep(settle)
        got = browser_memory()
        got.update(workers=workers, state=state, live_workers=len(page.workers),
                   ua_mb=ua_memory_mb(page), load=uptime().split("load average:")[-1].strip())
        page.close()
    return got


def ua_memory_mb(page) -> float | None:
    bytes_ = page.evaluate(UA_MEMORY)
    return None if bytes_ is None else bytes_ / 2**20


def shown(path: str) -> str:
    """A path as the command shows it: relative where it is under this directory, else its name."""
    rel = os.path.relpath(path)
    return Path(path).name if rel.startswith("..") else rel


def mb(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4, 8], metavar="W", help="workers (w=), 1 to 8")
    ap.add_argument("--size", type=int, default=25, help="the generated grid's size")
    ap.add_argument("--p", type=float, default=0.45, help="its share of givens")
    ap.add_argument("--seconds", type=float, default=10.0, help="the Solve's time limit once its workers have loaded")
    ap.add_argument("--settle", type=float, default=2.0, help="seconds from the run's end to the reading")
    args = ap.parse_args()
    if any(not 1 <= w <= 8 for w in args.workers):
        raise SystemExit("page_memory: --workers takes 1 to 8 (the page's w=)")
    print(f"command: {shlex.join([shown(sys.executable), *sys.argv])}")
    print(f"load before: {uptime()}")
    print("| workers | run's end | live workers | processes | RSS MB | PSS MB | USS MB | renderers' USS MB "
          "| MB per worker beyond the first (USS) | measureUserAgentSpecificMemory MB | load (1, 5, 15 min) |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    first = None
    for w in args.workers:
        m = holding(w, args.size, args.p, args.seconds, args.settle)
        first = first or m
        key = "uss_mb" if m["uss_mb"] is not None and first["uss_mb"] is not None else "rss_mb"
        extra = (m[key] - first[key]) / (w - first["workers"]) if w > first["workers"] else None
        print(f"| {w} | {m['state']} | {m['live_workers']} | {m['processes']} | {mb(m['rss_mb'])} | {mb(m['pss_mb'])} "
              f"| {mb(m['uss_mb'])} | {mb(m['renderer_uss_mb'])} | {mb(extra)} | {mb(m['ua_mb'])} | {m['load']} |", flush=True)
    print(f"load after: {uptime()}")
    if first["ua_mb"] is None:
        print("measureUserAgentSpecificMemory: not available (the page is not cross-origin isolated: the lab's "
              "server sends no COOP/COEP headers)")


if __name__ == "__main__":
    main()

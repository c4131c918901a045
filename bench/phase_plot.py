#!/usr/bin/env python3
"""The phase-transition plots and tables from `bench` output files.

    python3 bench/phase_plot.py RESULTS.jsonl ... [--out-dir docs/img] [--prefix phase]
        [--published data/published.json] [--no-plots]

Reads the run records of generated sets (named by their generator spec ``SIZE:p:seed``,
``sudoku_lab.bench.spec_of``; other records are left out and counted), from `bench --out`
files or the page's experiment exports alike, and groups them by entry (solver and its
non-default parameters, ``bench.entry_label``), size and p. Then:

* draws PREFIX_success.png (success rate against p) and PREFIX_time.png (median seconds of
  the solved runs against p, log scale): one panel per size, one line per entry, and the
  published points of data/published.json for that size beside ours (other machines and
  time limits: the legend says whose and which statistic);
* prints Markdown for docs/benchmarks.md: per size, success by p × entry, then the full
  table (entry × size × p: runs, solved, success, median and worst seconds and median
  iterations of the solved runs).

matplotlib is the `bench` extra (``pip install '.[bench]'``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from sudoku_lab import bench, published as published_figures, solvers  # noqa: E402
from sudoku_lab.stats import judged, tally  # noqa: E402

TIME_MEASURES = ("mean_seconds", "median_seconds", "max_seconds", "seconds_range")
SOURCE_MARKERS = ("s", "^", "D", "P", "X")
MEASURE_WORDS = {"success_rate": "solved", "mean_seconds": "mean time", "median_seconds": "median time",
                 "max_seconds": "longest run", "seconds_range": "fastest–slowest run"}


def entry_order(labels) -> list[str]:
    """Entries in the registry's order of solvers (stable colours), variants after their solver."""
    ids = list(solvers.REGISTRY)
    return sorted(dict.fromkeys(labels), key=lambda e: (ids.index(e.split(":")[0]) if e.split(":")[0] in ids
                                                        else len(ids), e))


def load(paths: list[str]) -> tuple[dict[tuple[int, str, float], list[dict]], int]:
    """Records by (size, entry label, p), and how many records were not of a generated set."""
    cells: dict[tuple[int, str, float], list[dict]] = {}
    other = 0
    for path in paths:
        for rec in bench.read_records(path):
            spec = bench.spec_of(rec["name"])
            if spec is None:
                other += 1
                continue
            size, p, _ = spec
            cells.setdefault((size, bench.entry_label(rec), p), []).append(rec)
    return cells, other


def stats(records: list[dict]) -> dict:
    """Runs, solved, the success rate (sudoku_lab.stats.tally: among the runs not ended by an
    error) and the times and iterations of the solved runs."""
    counts = tally(records)
    solved = [r for r in judged(records) if r["solved"]]
    secs = [r["seconds"] for r in solved]
    return {"runs": len(records), "solved": counts["solved"], "success": counts["rate"] or 0.0,
            "median_seconds": statistics.median(secs) if secs else None,
            "worst_seconds": max(secs) if secs else None,
            "median_iterations": statistics.median(r["iterations"] for r in solved) if solved else None}


def seconds_text(v: float | None) -> str:
    if v is None:
        return "–"
    return f"{v:.3f}" if v < 10 else f"{v:.1f}"


def tables(cells: dict) -> str:
    sizes = sorted({k[0] for k in cells})
    entries = entry_order(k[1] for k in cells)
    out = []
    for size in sizes:
        mine = [e for e in entries if any(k[0] == size and k[1] == e for k in cells)]
        ps = sorted({k[2] for k in cells if k[0] == size})
        out += [f"#### {size}×{size}: solved / runs, and median seconds of the solved runs", "",
                "| p | " + " | ".join(f"`{e}`" for e in mine) + " |",
                "|---:|" + "---:|" * len(mine)]
        for p in ps:
            row = []
            for e in mine:
                recs = cells.get((size, e, p))
                if not recs:
                    row.append("")
                    continue
                s = stats(recs)
                row.append(f"{s['solved']}/{s['runs']} · {seconds_text(s['median_seconds'])}")
            out.append(f"| {p:g} | " + " | ".join(row) + " |")
        out.append("")
    out += ["#### Every entry, size and p", "",
            "| solver | size | p | runs | solved | success | median s | worst s | median iterations |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for (size, e, p) in sorted(cells, key=lambda k: (entries.index(k[1]), k[0], k[2])):
        s = stats(cells[(size, e, p)])
        it = "–" if s["median_iterations"] is None else f"{s['median_iterations']:g}"
        out.append(f"| `{e}` | {size} | {p:g} | {s['runs']} | {s['solved']} | {100 * s['success']:.0f} % "
                   f"| {seconds_text(s['median_seconds'])} | {seconds_text(s['worst_seconds'])} | {it} |")
    return "\n".join(out)


def published_series(published: dict, size: int, measures: tuple[str, ...]):
    """(source label, marker, series) of every published p-series of this size and measure."""
    for i, key in enumerate(published_figures.sources(published)):
        for series in published_figures.series(published, key, x="p", size=size, measure=measures):
            yield published[key]["label"], SOURCE_MARKERS[i % len(SOURCE_MARKERS)], series


def draw_published(ax, published: dict, size: int, measures: tuple[str, ...], scale: float) -> None:
    for label, marker, series in published_series(published, size, measures):
        pts = series["points"]
        approx = ", approx." if any(p.get("approximate") for p in pts) else ""
        limit = f", {series['time_limit_s']:g} s limit" if series.get("time_limit_s") else ""
        what = MEASURE_WORDS.get(series["measure"], series["measure"])
        name = f"{label}: {what}{limit}{approx}"
        plain = [p for p in pts if "y" in p and not p.get("bound")]
        bounds = [p for p in pts if "y" in p and p.get("bound")]
        ranges = [p for p in pts if "low" in p]
        style = dict(color="0.3", markerfacecolor="white", markersize=5, linewidth=0.9, zorder=1)
        if plain:
            ax.plot([p["x"] for p in plain], [scale * p["y"] for p in plain], linestyle="--", marker=marker,
                    label=name, **style)
        if bounds:
            ax.plot([p["x"] for p in bounds], [scale * p["y"] for p in bounds], linestyle="none", marker="v",
                    label=f"{label}: {what} ≤ this{limit}{approx}", **style)
        if ranges:
            lows = [p["low"] for p in ranges]
            highs = [p["high"] for p in ranges]
            mids = [(lo + hi) / 2 for lo, hi in zip(lows, highs)]
            ax.errorbar([p["x"] for p in ranges], mids, yerr=[[m - lo for m, lo in zip(mids, lows)],
                                                             [hi - m for m, hi in zip(mids, highs)]],
                        linestyle="none", marker=marker, capsize=3, label=name, **style)


def plots(cells: dict, published: dict, out_dir: Path, prefix: str) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = sorted({k[0] for k in cells})
    entries = entry_order(k[1] for k in cells)
    colours = {e: plt.get_cmap("tab10")(i % 10) for i, e in enumerate(entries)}
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in ("success", "time"):
        fig, axes = plt.subplots(1, len(sizes), figsize=(6.2 * len(sizes), 5.6), squeeze=False)
        for ax, size in zip(axes[0], sizes):
            for e in entries:
                ps = sorted(k[2] for k in cells if k[0] == size and k[1] == e)
                if not ps:
                    continue
                s = [stats(cells[(size, e, p)]) for p in ps]
                if kind == "success":
                    xs, ys = ps, [100 * x["success"] for x in s]
                else:
                    xs = [p for p, x in zip(ps, s) if x["median_seconds"] is not None]
                    ys = [x["median_seconds"] for x in s if x["median_seconds"] is not None]
                ax.plot(xs, ys, marker="o", markersize=4, color=colours[e], label=e, zorder=3)
            if kind == "success":
                draw_published(ax, published, size, ("success_rate",), 100)
                ax.set_ylim(-3, 103)
                ax.set_ylabel("runs solved (%)")
            else:
                draw_published(ax, published, size, TIME_MEASURES, 1)
                ax.set_yscale("log")
                ax.set_ylabel("median seconds of the solved runs")
            ax.set_xlim(-0.02, 1.02)
            ax.set_xlabel("p (fraction of cells given)")
            ax.set_title(f"{size}×{size}")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
        fig.suptitle("Success rate against p" if kind == "success" else "Time to solve against p", fontsize=11)
        fig.tight_layout()
        path = out_dir / f"{prefix}_{kind}.png"
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="bench --out files or the page's JSON Lines exports")
    ap.add_argument("--out-dir", default=str(ROOT / "docs" / "img"))
    ap.add_argument("--prefix", default="phase")
    ap.add_argument("--published", default=str(published_figures.PATH))
    ap.add_argument("--no-plots", action="store_true", help="print the tables only")
    args = ap.parse_args()
    try:
        cells, other = load(args.files)
        published = published_figures.load(args.published) if not args.no_plots else {}
    except (OSError, published_figures.PublishedProblem) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not cells:
        print("error: no record of a generated set (names SIZE:p:seed) in " + ", ".join(args.files), file=sys.stderr)
        return 2
    if other:
        print(f"({other} records of puzzles that are not generated instances left out)\n")
    print(tables(cells))
    if not args.no_plots:
        for path in plots(cells, published, Path(args.out_dir), args.prefix):
            print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

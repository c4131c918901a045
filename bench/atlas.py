#!/usr/bin/env python3
"""The atlas: a sweep's records as the page's shipped data, and its table.

    python3 bench/atlas.py bench/results/atlas.jsonl [MORE.jsonl …] [--out data/atlas.json]
    python3 bench/atlas.py --markdown [data/atlas.json]

The first form reads a ``bench --generate … --out FILE`` output (its header gives the budget,
clock, instances and runs; several files, e.g. one sweep per size, are pooled when they ran the
same entries, budget, clock and runs, an entry missing from a sweep being "not run" at its size
unless another file of that size, over the same instances, ran it)
and writes the atlas the Experiment view draws (``sudoku_lab.atlas``;
docs/design.md, "The atlas"); the same records give the same bytes. The second prints the
shipped atlas as the Markdown table of docs/benchmarks.md, "The atlas: where each solver
wins" ("not run" in the cells of an entry not run at that size). Bad input: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from sudoku_lab import atlas  # noqa: E402

SHIPPED = ROOT / "data" / "atlas.json"


def relative(path: Path) -> str:
    """The records' path as the repository names it (never this machine's absolute path)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", nargs="*", help="bench --out files of sweeps (bench --generate)")
    ap.add_argument("--out", default=str(SHIPPED), help="where to write the atlas (default data/atlas.json)")
    ap.add_argument("--markdown", action="store_true", help="print the atlas (RESULTS, else data/atlas.json) as Markdown")
    args = ap.parse_args(argv)
    try:
        if args.markdown:
            import json
            path = Path(args.results[0]) if args.results else SHIPPED
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError) as exc:
                raise atlas.AtlasProblem(f"cannot read the atlas {path}: {exc}") from None
            sys.stdout.write(atlas.markdown(data))
            return 0
        if not args.results:
            raise atlas.AtlasProblem("give the sweep's records (a bench --out file), or --markdown")
        parts = []
        for name in args.results:
            experiment, records = atlas.read_output(Path(name))
            parts.append((experiment, records, relative(Path(name))))
        data = atlas.build_many(parts)
        path = ", ".join(args.results)
        if not data["cells"]:
            raise atlas.AtlasProblem(f"{path}: no record of a generated puzzle (names like 16:0.45:3)")
        out = Path(args.out)
        tmp = out.with_suffix(out.suffix + ".tmp")
        tmp.write_text(atlas.dumps(data))
        os.replace(tmp, out)
        print(f"{out}: {len(data['cells'])} cells, sizes {data['sizes']}, {len(data['ps'])} p values, "
              f"{len(data['entries'])} entries"
              + "".join(f"; {e} not run at {gap['sizes']} ({gap['why']})" for e, gap in data.get("not_run", {}).items()))
        return 0
    except atlas.AtlasProblem as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

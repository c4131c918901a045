"""`build`'s copy of the built-in solvers' schemas (static/vendor/schemas.json), so the Solver
form shows the chosen solver's parameters before Ready: they came with the worker's `hello`,
and their rows arriving at Ready pushed the metrics and chart ~180 px down.

The solvers' modules are their one home: node starts the page's own runtime, imports the
package from the zip the page loads, and writes what the worker's `hello` would say
(buildtool/make_schemas.mjs), so the page's form before Ready is the one at Ready. Kept in the
cache under the runtime's hashes, the zip's and the script's. Without node (or when it fails)
the build says so and ships none; the parameters then come at Ready, as before."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

from .common import CACHE, ROOT, VENDOR, copy_if_changed, run_node, say, sha256
from .fetch import PYODIDE_CORE

SCHEMAS_JSON = VENDOR / "schemas.json"
MAKER = ROOT / "buildtool" / "make_schemas.mjs"
MAKE_SECONDS = 180       # ~3 s on a quiet two-core machine


def make(zip_path: Path, out: Path) -> str | None:
    """Write the schemas to `out`; None when made, else why not."""
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / "schemas.json"
        why = run_node(MAKER, [str(VENDOR / "pyodide"), str(zip_path), str(made)], made, MAKE_SECONDS)
        if why:
            return why
        shutil.copyfile(made, out)
    return None


def built_in_schemas(zip_path: Path) -> bool:
    """static/vendor/schemas.json for the zip at `zip_path`, made or taken from the cache; False
    (and the reason said) when it cannot be made."""
    parts = [f"{name}:{digest}" for name, digest in sorted(PYODIDE_CORE.items())] + [sha256(zip_path), sha256(MAKER)]
    key = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]
    kept = CACHE / "schemas" / f"schemas-{key}.json"
    if not kept.is_file():
        kept.parent.mkdir(parents=True, exist_ok=True)
        why = make(zip_path, kept)
        if why:
            say(f"no solver schemas before Ready: {why}; the Solver form's parameters come at Ready")
            SCHEMAS_JSON.unlink(missing_ok=True)
            return False
    copy_if_changed(kept, SCHEMAS_JSON)
    return True

"""Parameter specs and their checking, shared by every solver module and the registry: the
spec helper, the memory cap a puzzle's size and a solver's parameters must fit (the page runs
each solver in one WebAssembly heap), and the ``propagate`` option's shared pieces."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping

import numpy as np

from .. import values
from ..constraints import candidate_masks
from ..grid import Puzzle
from ..propagate import singles

# The page's budget for one solver's arrays. A worker is one WebAssembly heap (at most 4 GB,
# shared with Pyodide, numpy and the page's own copies); a pool runs up to 8 workers. A run
# whose estimated peak is above this is refused before Start (docs/protocol.md, "The run
# protocol": check_params).
MEMORY_CAP = 512 * 2**20


class SolverError(ValueError):
    """An unknown solver, a bad parameter value, or one the puzzle cannot take; the message
    says which and why in plain words (the page shows it as it is), and `field` names the
    setting at fault ('solver', 'seed' or a parameter's name) so the page can mark it."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def param(name: str, type: str, default: Any, help: str, min: float | None = None,
          max: float | None = None, choices: list[str] | None = None) -> dict[str, Any]:
    spec = {"name": name, "type": type, "default": default, "min": min, "max": max, "help": help}
    if choices is not None:
        spec["choices"] = list(choices)
    return spec


def resolve_params(module: ModuleType, given: Mapping[str, Any], puzzle=None) -> dict[str, Any]:
    """The paper's defaults overridden by `given`, each value read by its rule (``values.param``);
    with a puzzle, also the solver's own check that it can take these values on that puzzle."""
    specs = {p["name"]: p for p in module.PARAMS}
    unknown = [k for k in given if k not in specs]
    if unknown:
        raise SolverError(f"{module.ID} has no parameter {values.quote(unknown[0])}; "
                          f"it has: {', '.join(specs) or 'none'}", unknown[0])
    out = {}
    for name, spec in specs.items():
        try:
            out[name] = values.param(spec, given[name]) if name in given else spec["default"]
        except values.ValueProblem as exc:
            raise SolverError(str(exc), name) from None
    if puzzle is not None and hasattr(module, "check_params"):
        module.check_params(puzzle, out)
    return out


def mib(nbytes: float) -> str:
    return f"{nbytes / 2**20:,.0f} MB"


def check_memory(module_id: str, specs: list[dict[str, Any]], peak_bytes, puzzle: Puzzle,
                 params: dict[str, Any], field: str, what: str) -> None:
    """Refuse a run whose estimated peak (`peak_bytes(puzzle, params)`; `what` says of which arrays)
    passes MEMORY_CAP, naming the parameter (`field`) that sets it and, when lowering that
    parameter helps, the largest value that fits."""
    peak = peak_bytes(puzzle, params)
    if peak <= MEMORY_CAP:
        return
    hint = ""
    spec = next((p for p in specs if p["name"] == field), None)
    if spec is not None and spec["type"] == "int":
        lo, hi = int(spec["min"]), int(params[field])          # fits at lo?  the largest that fits
        if peak_bytes(puzzle, {**params, field: lo}) <= MEMORY_CAP:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (mid, hi) if peak_bytes(puzzle, {**params, field: mid}) <= MEMORY_CAP else (lo, mid)
            hint = f" to at most {lo:,}"
    remedy = "choose another solver" if field == "solver" else f"lower {field}{hint}"
    raise SolverError(
        f"{module_id} would need about {mib(peak)} for {what} on this {puzzle.N}×{puzzle.N} puzzle, "
        f"over the page's {mib(MEMORY_CAP)} per run; {remedy}", field)


# ----------------------------------------------------------------------------- propagate
UNSOLVABLE = "naked and hidden singles prove that these givens have no solution"


def propagate_param(effect: str) -> dict[str, Any]:
    """The `propagate` option (off by default: the paper's algorithm stays the default)."""
    return param("propagate", "bool", False,
                 "fix every cell naked and hidden singles settle before the search; " + effect)


def propagated(puzzle: Puzzle) -> tuple[np.ndarray, bool]:
    """The givens' candidate masks after naked and hidden singles (sudoku_lab.propagate, the
    lab's one rule), and whether they prove the puzzle has no solution."""
    masks, failed, _ = singles(candidate_masks(puzzle.cells, puzzle.n), puzzle.n)
    return masks, bool(failed)

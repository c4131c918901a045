"""A visitor's solver: a Python module's text, loaded through the run protocol like a built-in.

The same text runs natively (``solve --solver-file my_solver.py``, ``bench --solver-file``,
on Dask the text travels with each task) and in the page's worker (the editor's text), so one
seed makes the same moves in both (docs/protocol.md, "The run protocol"; docs/visitor-solver.md, "A visitor's solver").

What the module must define is the protocol's: ``run(puzzle, params, rng)``, a generator of
``Progress``; optionally ``TITLE``, ``PARAMS`` (``param(...)`` specs), ``OBJECTIVE``, ``STEP``,
``SERIES``, ``SERIES_AXES``, ``check_params``. Its id is always ``own`` (:data:`ID`): links,
entries and records name it so, and name its text by ``sha256``. The loader checks what it can
before anything runs and says what is wrong with the line in the visitor's text, never a
traceback into the lab.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import traceback
import types
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import values
from .solvers import REGISTRY, SolverError

ID = "own"
DEFAULT_NAME = "my_solver.py"
MAX_CHARS = 200_000            # a solver file is a page of code, not a data set
_TYPES = ("int", "float", "bool", "choice")
_OPTIONAL = {"TITLE": str, "STEP": str, "SERIES": dict, "SERIES_AXES": dict, "VIEWS": dict}


class SolverFileError(SolverError):
    """The text cannot be a solver: its message names the line when there is one (`line`)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message, "solver")
        self.line = line


@dataclass(frozen=True)
class SolverFile:
    """A solver's text and the name it goes by (its file's name), as records name it."""

    name: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    def load(self) -> types.ModuleType:
        return load(self.name, self.text)


TEMPLATES = ("min_conflicts", "genetic")      # the editor's starting points, in the menu's order


def templates() -> list[dict[str, str]]:
    """The starting templates as the page's editor offers them: {id, title, text} each."""
    folder = Path(__file__).parent / "templates"
    out = []
    for name in TEMPLATES:
        text = (folder / f"{name}.py").read_text(encoding="utf-8")
        title = text.split("\n", 1)[0].strip('"').split(":")[0]
        out.append({"id": name, "title": title, "text": text})
    return out


LINK_LIMIT = 32_000
"""The longest share link the lab writes, in characters. Browsers take far longer fragments, but
chat and mail clients and some servers cut links past a few tens of thousands of characters; a
link cut short would open as a broken code, so past this the page offers the code as a file."""


def pack(text: str) -> str:
    """A solver's text as a share link carries it (``code=``): raw deflate, then base64url
    without padding — what the page's CompressionStream('deflate-raw') writes."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(text.encode("utf-8")) + c.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unpack(packed: str) -> str:
    """The text of a link's ``code=`` (ValueError in words when it is not one)."""
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        d = zlib.decompressobj(-15)
        raw = d.decompress(data, MAX_CHARS * 4)
        if d.unconsumed_tail:
            raise ValueError(f"the code is longer than {MAX_CHARS:,} characters")
        return raw.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError) as exc:
        raise ValueError(f"the link's code cannot be read ({exc}); was the link cut short?") from None


def stub_schema() -> dict[str, Any]:
    """The menu's entry for a visitor's solver before its text is loaded: no parameters yet
    (loading the text, on the visitor's word, gives its own schema)."""
    return {"id": ID, "title": "Your solver (write it in the editor)",
            "citation": "Its title and parameters show once its code is loaded.", "reference": False, "params": [], "objective": {"name": "best", "direction": "min"}, "series_axes": {},
            "step": "iteration", "series_labels": {}, "views": {}, "own": True}


def where(exc: BaseException, filename: str) -> int | None:
    """The line of `filename` nearest the error in its traceback (None: not in that file)."""
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        return exc.lineno
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    return line


def describe(exc: BaseException, filename: str) -> str:
    """An error as the visitor reads it: ``line 7 of my_solver.py: ZeroDivisionError: …``."""
    if isinstance(exc, SyntaxError):
        what = f"SyntaxError: {exc.msg}"
    elif isinstance(exc, MemoryError) or (isinstance(exc, OverflowError) and "index-sized" in str(exc)):
        what = (f"{type(exc).__name__}: it ran out of memory, asking for more than there is (a worker in the page "
                "holds at most 4 GB; natively, the machine's memory)")
    else:
        what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    line = where(exc, filename)
    return f"line {line} of {filename}: {what}" if line else f"{filename}: {what}"


def load(name: str, text: str) -> types.ModuleType:
    """The module of a solver's text, checked against the protocol; SolverFileError says what
    is wrong and on which line. Loading runs the module's top level (imports, definitions)."""
    name = name or DEFAULT_NAME
    if not isinstance(text, str) or not text.strip():
        raise SolverFileError(f"{name} is empty: a solver defines run(puzzle, params, rng)")
    if len(text) > MAX_CHARS:
        raise SolverFileError(f"{name} has {len(text):,} characters; a solver file holds at most {MAX_CHARS:,}")
    return _load(name, text)


@lru_cache(maxsize=8)
def _load(name: str, text: str) -> types.ModuleType:
    """Cached by text: a bench task's runs, or a page's runs of one editor text, load it once."""
    try:
        code = compile(text, name, "exec")
    except SyntaxError as exc:
        raise SolverFileError(describe(exc, name), exc.lineno) from None
    module = types.ModuleType(f"sudoku_lab_own_{hashlib.sha256(text.encode()).hexdigest()[:12]}")
    module.__file__ = name
    try:
        exec(code, module.__dict__)
    except Exception as exc:  # the visitor's top level failed: say where, in their text
        raise SolverFileError(describe(exc, name), where(exc, name)) from None
    _check(module, name)
    module.ID = ID
    module.SOURCE = SolverFile(name, text)
    module.CITATION = f"{name} (sha256 {module.SOURCE.sha256[:12]})"
    module.TITLE = getattr(module, "TITLE", None) or f"Your solver ({name})"
    module.REFERENCE = False
    return module


def _check(module: types.ModuleType, name: str) -> None:
    """What the runner relies on: run is a generator function; PARAMS are valid specs with
    valid defaults; OBJECTIVE, when given, says what `best` measures."""
    run = getattr(module, "run", None)
    if not callable(run):
        raise SolverFileError(f"{name} defines no run(puzzle, params, rng): the function the lab calls")
    if not inspect.isgeneratorfunction(run):
        raise SolverFileError(f"line {run.__code__.co_firstlineno} of {name}: run must yield its progress "
                              "(a generator: `yield Progress(...)` at each step)", run.__code__.co_firstlineno)
    module.PARAMS = param_specs(getattr(module, "PARAMS", []), name)
    objective = getattr(module, "OBJECTIVE", None)
    if objective is None:
        module.OBJECTIVE = {"name": "best", "direction": "min", "best": lambda puzzle, params: 0}
    elif not (isinstance(objective, dict) and isinstance(objective.get("name"), str)
              and objective.get("direction") in ("min", "max") and callable(objective.get("best"))):
        raise SolverFileError(f"{name}: OBJECTIVE must be {{'name': str, 'direction': 'min' or 'max', "
                              "'best': a function (puzzle, params) -> the value a solution scores}")
    for attr, kind in _OPTIONAL.items():
        if hasattr(module, attr) and not isinstance(getattr(module, attr), kind):
            raise SolverFileError(f"{name}: {attr} must be a {kind.__name__}")
    if getattr(module, "ID", ID) in REGISTRY:
        raise SolverFileError(f"{name}: ID {values.quote(module.ID)} is a built-in solver's; leave ID out "
                              f"(a visitor's solver is '{ID}')")

def param_specs(params: Any, name: str) -> list[dict[str, Any]]:
    """A solver's PARAMS as the lab reads them: each a valid spec whose default keeps its own rule,
    no name twice, none named workers or exchange (SolverFileError says which is not). The loader
    checks a module's with it, and the lab checks again the schema a visitor's process sends back."""
    if not isinstance(params, (list, tuple)):
        raise SolverFileError(f"{name}: PARAMS must be a list of param(...) specs")
    seen = set()
    for i, spec in enumerate(params, 1):
        what = f"{name}: PARAMS item {i}"
        if not isinstance(spec, dict) or not isinstance(spec.get("name"), str) or spec.get("type") not in _TYPES:
            raise SolverFileError(f"{what} must be param(name, type, default, help, …) with type one of "
                                  f"{', '.join(_TYPES)}")
        pname = spec["name"]
        if not pname.isidentifier() or pname in seen or pname in ("workers", "exchange"):
            raise SolverFileError(f"{what}: the name {values.quote(pname)} must be a new Python name "
                                  "(not workers or exchange)")
        seen.add(pname)
        if spec["type"] == "choice" and not spec.get("choices"):
            raise SolverFileError(f"{what} ({pname}): a choice needs choices=[…]")
        try:
            values.param(spec, spec.get("default"))
        except (values.ValueProblem, KeyError, TypeError, ValueError) as exc:
            raise SolverFileError(f"{what} ({pname}): its default breaks its own rule: {exc}") from None
    return [{"min": None, "max": None, **p, "help": str(p.get("help", ""))} for p in params]

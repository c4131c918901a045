"""Puzzle lists — the bench-file format: one puzzle per line, then an optional name after a
space or a tab; blank lines and lines starting with ``#`` are skipped.

The one reader of puzzle files: ``bench``, the benchmark scripts and the tests read
``puzzles/*.txt`` through it, and the page's ``static/rules/puzzle-list.js`` (examples menu,
experiment sets, pasted lists) is held to the same cases (``tests/puzzle_list_cases.json``).
"""

from __future__ import annotations

import re
from pathlib import Path

from .grid import PuzzleError, parse, validate


class ListProblem(ValueError):
    """A list that cannot be read; the message names the line."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


def read_puzzle_list(text: str, *, check_givens: bool = False, list_name: str = "the list") -> list[tuple[str, str]]:
    """(cells, name) per puzzle line; cells as N·N characters, '.' for empty; a line without a
    name is named ``line K``. With `check_givens`, clashing givens are a problem of their line.
    A bad line's message calls the list `list_name` (a link's: "the link's list (pl=)")."""
    out = []
    for ln, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cut = re.search(r"[ \t]", line)
        cells, name = (line, "") if cut is None else (line[:cut.start()], line[cut.start() + 1:])
        try:
            puzzle = parse(cells)
            if check_givens:
                validate(puzzle)
        except PuzzleError as exc:
            raise ListProblem(f"Line {ln} of {list_name} cannot be read: {exc.message}", ln) from None
        out.append((puzzle.to_string(), name.strip() or f"line {ln}"))
    if not out:
        raise ListProblem("The list holds no puzzle: paste one puzzle per line.")
    return out


def read_puzzle_file(path: str | Path, **kw) -> list[tuple[str, str]]:
    """A puzzle file read by :func:`read_puzzle_list`; problems name the file too."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise ListProblem(f"cannot read {path}: {exc.strerror}") from None
    try:
        return read_puzzle_list(text, **kw)
    except ListProblem as exc:
        raise ListProblem(f"{path}: {exc.message}", exc.line) from None

"""Puzzle lists — the bench-file format: one puzzle per line, then an optional name after a
space or a tab; blank lines and lines starting with ``#`` are skipped. A text in the field's
benchmark format (``grid``: order, flag, rows) is one puzzle, wherever a list is read: a puzzle
file of that format is named by its file name.

The one reader of puzzle files: ``bench``, the benchmark scripts and the tests read
``puzzles/*.txt`` through it, and the page's ``static/rules/puzzle-list.js`` (examples menu,
experiment sets, pasted lists) is held to the same cases (``tests/puzzle_list_cases.json``).
"""

from __future__ import annotations

import re
from pathlib import Path

from .grid import PuzzleError, is_benchmark, parse, validate


class ListProblem(ValueError):
    """A list that cannot be read; the message names the line."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


def read_puzzle_list(text: str, *, check_givens: bool = False, list_name: str = "the list") -> list[tuple[str, str]]:
    """(cells, name) per puzzle line; cells as N·N characters, '.' for empty; a line without a
    name is named ``line K``. With `check_givens`, clashing givens are a problem of their line.
    A bad line's message calls the list `list_name` (a link's: "the link's list (pl=)"). A text in
    the benchmark format is one puzzle, named "benchmark instance"."""
    if is_benchmark(text):
        try:
            return [(_checked(text, check_givens), "benchmark instance")]
        except PuzzleError as exc:
            raise ListProblem(f"{list_name[:1].upper()}{list_name[1:]} is one puzzle in the benchmark format, and it "
                              f"cannot be read: {exc.message}", exc.line) from None
    out = []
    for ln, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cut = re.search(r"[ \t]", line)
        cells, name = (line, "") if cut is None else (line[:cut.start()], line[cut.start() + 1:])
        try:
            cells = _checked(cells, check_givens)
        except PuzzleError as exc:
            raise ListProblem(f"Line {ln} of {list_name} cannot be read: {exc.message}", ln) from None
        out.append((cells, name.strip() or f"line {ln}"))
    if not out:
        raise ListProblem("The list holds no puzzle: paste one puzzle per line.")
    return out


def _checked(text: str, check_givens: bool) -> str:
    puzzle = parse(text)
    if check_givens:
        validate(puzzle)
    return puzzle.to_string()


def read_puzzle_text(text: str, file: str, **kw) -> list[tuple[str, str]]:
    """The puzzles of a file's text, its problems naming the file (`file`, as the caller names
    it): a benchmark-format file is one puzzle named by the file's name (its last part), any
    other a puzzle list. static/rules/puzzle-list.js readPuzzleFile does the same."""
    if is_benchmark(text):
        try:
            return [(_checked(text, kw.get("check_givens", False)), re.split(r"[\\/]", file)[-1])]
        except PuzzleError as exc:
            raise ListProblem(f"{file} (benchmark format): {exc.message}", exc.line) from None
    try:
        return read_puzzle_list(text, **kw)
    except ListProblem as exc:
        raise ListProblem(f"{file}: {exc.message}", exc.line) from None


def read_puzzle_file(path: str | Path, **kw) -> list[tuple[str, str]]:
    """A puzzle file read by :func:`read_puzzle_text`; problems name the file too."""
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "it is not text (UTF-8)"
        raise ListProblem(f"cannot read {path}: {reason}") from None
    return read_puzzle_text(text, str(path), **kw)

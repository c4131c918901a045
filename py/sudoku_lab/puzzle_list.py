"""Puzzle lists — the bench-file format: one puzzle per line, then an optional name after a
space or a tab, or a JSON object with a text ``puzzle`` per line (``generate --json``'s, named by
its ``spec``: ``grid.list_line``); blank lines and lines starting with ``#`` are skipped. A text
in the field's benchmark format (``grid``: order, flag, rows) is one puzzle, wherever a list is
read: a puzzle file of that format is named by its file name.

The one reader of puzzle files: ``bench``, the benchmark scripts and the tests read
``puzzles/*.txt`` through it, and the page's ``static/rules/puzzle-list.js`` (examples menu,
experiment sets, pasted lists) is held to the same cases (``tests/puzzle_list_cases.json``).
"""

from __future__ import annotations

import re
from pathlib import Path

from .grid import LIST_RUNS, PuzzleError, is_benchmark, list_line, parse, parse_form, validate


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
        cells, name = list_line(line)
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
    other a puzzle list — or, when it is no list, one puzzle in any form ``grid.parse`` reads (a
    grid as `check` prints it), named by the file's name too. static/rules/puzzle-list.js
    readPuzzleFile does the same."""
    check_givens = kw.get("check_givens", False)
    if is_benchmark(text):
        return _one_puzzle(text, file, "benchmark format", check_givens)
    try:
        return read_puzzle_list(text, **kw)
    except ListProblem as exc:
        problem = ListProblem(f"{file}: {exc.message}", exc.line)
    rows = [s for s in (raw.strip() for raw in text.splitlines()) if s and not s.startswith("#")]
    if len(rows) < 2:                              # one line is a list's line: its problem stands
        raise problem
    try:
        form = parse_form(text)[1]
    except PuzzleError:
        raise problem from None
    if LIST_RUNS in form:                          # a list after all (with a bad line): the list's problem
        raise problem
    return _one_puzzle(text, file, form, check_givens)


def _one_puzzle(text: str, file: str, form: str, check_givens: bool) -> list[tuple[str, str]]:
    """A file that is one puzzle, named by the file's name (its last part); a problem names the
    file and the form."""
    try:
        return [(_checked(text, check_givens), re.split(r"[\\/]", file)[-1])]
    except PuzzleError as exc:
        raise ListProblem(f"{file} ({form}): {exc.message}", exc.line) from None


def read_text_file(path: str | Path) -> str:
    """A puzzle file's text; a file that is missing, unreadable or not UTF-8 text is a ListProblem
    in one line (`check @FILE` and `solve @FILE` read theirs here too)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "it is not text (UTF-8)"
        raise ListProblem(f"cannot read {path}: {reason}") from None


def read_puzzle_file(path: str | Path, **kw) -> list[tuple[str, str]]:
    """A puzzle file read by :func:`read_puzzle_text`; problems name the file too."""
    return read_puzzle_text(read_text_file(path), str(path), **kw)

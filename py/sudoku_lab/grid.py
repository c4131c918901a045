"""Puzzles: reading the many ways people write a Sudoku, the grid's geometry, formatting.

A puzzle has box size ``n`` and side ``N = n*n``; cells are numbered row-major, values are
1..N with 0 for an empty cell. Every other module takes ``n`` from the puzzle, so nothing
here or elsewhere assumes 9×9.

The parser is forgiving about layout and strict about content: it accepts 81-character
lines, one row per line, bordered grids (``|``, ``-``, ``+``), comma or space separated
values, ``.sdk`` files with ``#`` comments, and the field's benchmark format (Lewis; Lloyd &
Amos; AllDiff-LS: the box order, a flag, then N rows of N numbers, -1 for a blank), which
:func:`to_benchmark` also writes. :func:`parse_form` says which form it read. Anything it cannot read raises
:class:`PuzzleError` carrying the line, column or cell at fault. ``static/rules/parse.js`` is a
mirror of this parser for the page (which must show a paste before Python has loaded);
``tests/parse_cases.json`` holds the cases both must agree on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl
from functools import lru_cache

import numpy as np

from .limits import ALPHABET, BLANKS, MAX_ORDER, MAX_SYMBOL_SIDE, MAX_TEXT, SENTENCES, SITE_PUZZLE_KEYS, SIZES
from .values import quote

# The symbols (ALPHABET: 1–9, then letters, then "@"), the blanks and the link keys are the limits
# table's (limits.py), which static/rules/parse.js reads too.
BOX_SIZE_BY_CELLS = {n * n: round(n ** 0.5) for n in SIZES}
# Past MAX_SYMBOL_SIDE (36×36) there are no more symbols: a 49×49 or 64×64 is written as separated
# numbers (spaces, commas or semicolons between values), and its one-line form is comma separated.
# Puzzle links of common Sudoku sites: SITE_PUZZLE_KEYS read, in order, when a pasted text is a
# link. A link may come without its scheme (www.sudokuwiki.org/sudoku.htm?bd=…) and may hold the
# puzzle as a path segment instead (…/sudoku.htm/0090001…): a segment of exactly 16, 81, 256, 625
# or 1,296 puzzle characters. static/rules/parse.js reads them the same way.
_LINK = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*://|(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::[0-9]+)?/|[?#])\S*")
_PATH_PUZZLE = re.compile(r"[0-9A-Za-z@.*_-]+")


def _link_parts(text: str) -> tuple[list[tuple[str, str]], list[str]] | None:
    """A pasted link's query and fragment pairs and its path segments (after the host), or
    None when the text is not a link."""
    s = text.strip()
    if not _LINK.fullmatch(s):
        return None
    before_hash = s.split("#", 1)[0]
    query = before_hash.split("?", 1)[1] if "?" in before_hash else ""
    fragment = s.split("#", 1)[1] if "#" in s else ""
    path = before_hash.split("?", 1)[0]
    path = path.split("://", 1)[1] if "://" in path else path
    segments = path.split("/")[1:]              # a bare "?…" or "#…" has an empty path: none
    return parse_qsl(query, keep_blank_values=True) + parse_qsl(fragment, keep_blank_values=True), segments


# Characters that only lay the grid out; they never stand for a cell.
LAYOUT = "|+=:;,"


class PuzzleError(ValueError):
    """A puzzle that cannot be read or cannot be valid; says what is wrong and where."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 cells: tuple[int, ...] = ()):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.cells = cells


@dataclass(frozen=True)
class Geometry:
    """Index arrays for one box size: which cells form each row, column and box."""

    n: int
    N: int
    rows: np.ndarray      # (N, N) cell indices of each row
    cols: np.ndarray      # (N, N) cell indices of each column
    boxes: np.ndarray     # (N, N) cell indices of each box
    units: np.ndarray     # (3N, N): rows, then columns, then boxes
    row_of: np.ndarray    # (N*N,) row of each cell
    col_of: np.ndarray    # (N*N,) column of each cell
    box_of: np.ndarray    # (N*N,) box of each cell


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    N = n * n
    idx = np.arange(N * N).reshape(N, N)
    rows = idx
    cols = idx.T.copy()
    boxes = idx.reshape(n, n, n, n).transpose(0, 2, 1, 3).reshape(N, N).copy()
    row_of = np.repeat(np.arange(N), N)
    col_of = np.tile(np.arange(N), N)
    box_of = (row_of // n) * n + col_of // n
    units = np.concatenate([rows, cols, boxes])
    for a in (rows, cols, boxes, units, row_of, col_of, box_of):
        a.setflags(write=False)
    return Geometry(n, N, rows, cols, boxes, units, row_of, col_of, box_of)


def cell_name(cell: int, N: int) -> str:
    """r3c7 style name (1-based), as used in every message to a user."""
    return f"r{cell // N + 1}c{cell % N + 1}"


@dataclass(frozen=True, eq=False)
class Puzzle:
    """An immutable puzzle: box size and the N*N cell values (0 = empty)."""

    n: int
    cells: np.ndarray

    def __post_init__(self):
        cells = np.asarray(self.cells, dtype=np.int8).reshape(-1).copy()
        cells.setflags(write=False)
        object.__setattr__(self, "cells", cells)
        if cells.size != self.N * self.N:
            raise PuzzleError(f"a {self.N}×{self.N} puzzle has {self.N * self.N} cells, not {cells.size}")
        if cells.min(initial=0) < 0 or cells.max(initial=0) > self.N:
            raise PuzzleError(f"cell values must be 0..{self.N}")

    @property
    def N(self) -> int:
        return self.n * self.n

    @property
    def givens(self) -> np.ndarray:
        return self.cells > 0

    @property
    def given_count(self) -> int:
        return int(np.count_nonzero(self.cells))

    @property
    def geometry(self) -> Geometry:
        return geometry(self.n)

    def to_string(self) -> str:
        return board_to_string(self.cells)

    def __eq__(self, other):
        return isinstance(other, Puzzle) and self.n == other.n and np.array_equal(self.cells, other.cells)

    def __hash__(self):
        return hash((self.n, self.cells.tobytes()))

    def __repr__(self):
        return f"Puzzle(n={self.n}, {self.to_string()!r})"


def board_to_string(cells) -> str:
    """One line, '.' for empty, 1-9 then A.. for values over 9 (the share-link form); past
    36×36 the values as numbers, comma separated ('.' still for empty)."""
    vals = np.asarray(cells).reshape(-1).tolist()
    if len(vals) > MAX_SYMBOL_SIDE ** 2:
        return ",".join("." if v == 0 else str(v) for v in vals)
    return "".join("." if v == 0 else ALPHABET[v - 1] for v in vals)


def symbol(v: int, N: int) -> str:
    """How a value is written in a grid of side N: a symbol up to 36×36, a number past it."""
    return "." if v == 0 else str(v) if N > MAX_SYMBOL_SIDE else ALPHABET[v - 1]


def format_grid(cells, n: int) -> str:
    """A bordered, human-readable grid."""
    N = n * n
    vals = [symbol(v, N) for v in np.asarray(cells).reshape(-1).tolist()]
    if N > MAX_SYMBOL_SIDE:
        vals = [v.rjust(2) for v in vals]
    out = []
    for r in range(N):
        row = vals[r * N:(r + 1) * N]
        line = " | ".join(" ".join(row[b * n:(b + 1) * n]) for b in range(n))
        if r and r % n == 0:
            out.append("".join("+" if ch == "|" else "-" for ch in line))
        out.append(line)
    return "\n".join(out)


# --------------------------------------------------------------------------- parsing

@dataclass
class _Token:
    text: str
    line: int
    column: int


def _is_separator_line(s: str) -> bool:
    return bool(s) and all(ch in "-+=|: \t" for ch in s)


def _tokens(text: str) -> tuple[list[_Token], list[list[_Token]], bool]:
    """Split the text into cell tokens with their positions, grouped per line.

    Returns (chars, lines_of_tokens, separated): ``chars`` has one token per visible cell
    character; ``lines_of_tokens`` one list per data line of whitespace/comma separated
    tokens; ``separated`` says the text used commas or semicolons between values.
    """
    bordered = any(ch in "|+" for ch in text)
    separated = "," in text or ";" in text
    chars: list[_Token] = []
    lines: list[list[_Token]] = []
    for ln, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        if bordered and _is_separator_line(s):
            continue
        toks = []
        for m in re.finditer(r"[^\s|,;]+", raw):
            tok = m.group()
            if bordered:
                # '+' and '=' only draw borders inside a bordered row line
                tok_clean = tok.replace("+", "").replace("=", "")
                if not tok_clean:
                    continue
            toks.append(_Token(tok, ln, m.start() + 1))
        for t in toks:
            for k, ch in enumerate(t.text):
                if bordered and ch in "+=":
                    continue
                chars.append(_Token(ch, t.line, t.column + k))
        if toks:
            lines.append(toks)
    return chars, lines, separated


def _count_error(found: int, per_line: list[tuple[int, int]], numbers: bool) -> PuzzleError:
    """Explain a wrong cell count, pointing at the odd line out where there is one; says
    numbers when the text was read as separated numbers (so the count is the real one)."""
    what = "numbers" if numbers else "cells"
    msg = f"Found {found} {what}, but a puzzle needs {SENTENCES['cell_counts']}."
    side, largest = round(found ** 0.5), SIZES[-1]
    if side * side == found and round(side ** 0.5) ** 2 == side and side > largest:
        msg += (f" {'An' if str(side)[0] == '8' else 'A'} {side}×{side} (box size {round(side ** 0.5)}) is past the largest the lab "
                f"reads, {largest}×{largest} (box size {MAX_ORDER}).")
    if len(per_line) >= 2:
        counts = [c for _, c in per_line]
        common = max(set(counts), key=counts.count)
        odd = [(ln, c) for ln, c in per_line if c != common]
        if common in SIZES and odd:
            ln, c = odd[0]
            msg += f" Line {ln} has {c} {what} where the other rows have {common}."
            return PuzzleError(msg, line=ln)
    width = per_line[0][1] if per_line else 0
    if per_line and all(c == width for _, c in per_line) and width in SIZES and len(per_line) < width:
        rows = len(per_line)                                # whole rows, too few of them: a puzzle cut short
        msg += (f" The text has {rows} row{'' if rows == 1 else 's'} of {width}: a {width}×{width} needs {width} "
                f"({width - rows} missing; was it cut short?).")
    return PuzzleError(msg)


def _gap_error(text: str, chars: list[_Token]) -> PuzzleError | None:
    """A wrong count that a space or a separator standing for a cell explains: the gaps between
    two cells of a line (at most three) that would make the count a puzzle's if each were a cell.
    Names the first gap, where it is. None when no such gaps explain the count."""
    columns: dict[int, list[int]] = {}
    for t in chars:
        columns.setdefault(t.line, []).append(t.column)
    raw = text.splitlines()
    gaps = [(ln, a + 1, raw[ln - 1][a]) for ln, cols in columns.items() for a, b in zip(cols, cols[1:]) if b > a + 1]
    n = BOX_SIZE_BY_CELLS.get(len(chars) + len(gaps))
    if not 1 <= len(gaps) <= 3 or n is None:
        return None
    ln, column, ch = gaps[0]
    what = "a space" if ch == " " else "a tab" if ch == "\t" else f"'{ch}'"
    more = len(gaps) - 1
    also = f" (as {'does' if more == 1 else 'do'} {more} more gap{'' if more == 1 else 's'})" if more else ""
    N = n * n
    return PuzzleError(
        f"Line {ln}, column {column}: {what} between two cells counts as no cell{also}, so the text has "
        f"{len(chars)} cells where a {N}×{N} has {N * N} (blanks are . 0 - _ *).", line=ln, column=column)


def _value(tok: _Token, N: int, allow_numbers: bool) -> int:
    t = tok.text
    if (len(t) == 1 and t in BLANKS) or (allow_numbers and (t.strip("0") == "" or t == "-1")):
        return 0
    if allow_numbers and t.isdigit():
        v = int(t)
        if 1 <= v <= N:
            return v
    elif len(t) == 1:
        pos = ALPHABET.find(t.upper())
        if 0 <= pos < (9 if N > MAX_SYMBOL_SIDE else N):      # past 36×36 letters mean nothing
            return pos + 1
    allowed = (f"1–{N}" if allow_numbers or N <= 9 else "1–9, A–Z and @" if N == 36
               else f"1–{N}, written as separated numbers" if N > MAX_SYMBOL_SIDE
               else f"1–9 and A–{ALPHABET[N - 1]}")
    raise PuzzleError(
        f"Line {tok.line}, column {tok.column}: '{t}' is not a value of a {N}×{N} puzzle "
        f"(givens are {allowed}; blanks are . 0 - _ *{' -1' if allow_numbers else ''}).",
        line=tok.line, column=tok.column)


def parse(text: str) -> Puzzle:
    """Read a puzzle from any common text form, or raise PuzzleError saying where it fails."""
    return parse_form(text)[0]


def parse_form(text: str) -> tuple[Puzzle, str]:
    """The puzzle and, for people, the form it was written in ("benchmark format, order 5",
    "separated numbers", "one line of characters", …); PuzzleError says where it fails."""
    if not isinstance(text, str):
        raise PuzzleError("the puzzle must be text")
    lines = [(ln, s) for ln, s in ((ln, raw.strip()) for ln, raw in enumerate(text.splitlines(), 1))
             if s and not s.startswith("#")]
    listed = len(lines) > 1 and all(_whole_puzzle_line(s) for _, s in lines)
    if len(text) > MAX_TEXT:
        if listed:                                         # a long list: its first puzzle is short
            return _first_of_list(lines)
        raise PuzzleError(f"The text is {len(text)} characters long; a puzzle is at most {MAX_TEXT}.")
    parts = _link_parts(text)
    if parts is not None:
        return _parse_link(*parts)
    header = _benchmark_header(text)
    if header is not None:
        return _parse_benchmark(*header)
    try:
        return _parse_cells(text)
    except PuzzleError as exc:
        problem = exc
    if listed:
        return _first_of_list(lines)
    line = _whole_puzzle_line(lines[0][1]) if len(lines) == 1 else None
    if line is None or not (line[1] or line[2]):          # its cells alone: their own problem stands
        raise problem
    cells, name, from_json = line
    puzzle, form = parse_form(cells if from_json else "\n" * (lines[0][0] - 1) + cells)    # its problems at its line
    return puzzle, (f"a JSON object's puzzle{f', named {quote(name)}' * bool(name)}" if from_json
                    else f"{form}, then its name {quote(name)}")


def _parse_link(pairs: list[tuple[str, str]], segments: list[str]) -> tuple[Puzzle, str]:
    """The puzzle of a pasted link: its first key of SITE_PUZZLE_KEYS, else a path segment that is one."""
    values = dict(reversed(pairs))                         # the first value of each key
    for key in SITE_PUZZLE_KEYS:
        if key in values:
            try:
                return parse(values[key]), f"a link's {key}="
            except PuzzleError as exc:
                raise PuzzleError(f"The link's {key}= cannot be read: {exc.message}") from None
    for segment in reversed(segments):
        if len(segment) in BOX_SIZE_BY_CELLS and _PATH_PUZZLE.fullmatch(segment):
            return parse(segment), "a link's path"
    raise PuzzleError("This link holds no puzzle: it has none of "
                      + ", ".join(f"{k}=" for k in SITE_PUZZLE_KEYS) + ", and no part of its path is a puzzle.")


# A puzzle list's line (puzzle_list's form): one puzzle of characters — or of comma-separated
# numbers, the one-line form past 36×36 — then its name after a space or a tab ("4.....8.5.3…
# top95-1"), or a JSON object with a text `puzzle` (a line of `generate --json`, named by its
# `spec`, or of `check --json`). A text that cannot be read as a puzzle otherwise is read as such
# a line when it is one (a 16×16 written in rows of 16 on one line stays a 16×16), and as a list
# when it is several: its first puzzle, the form saying so. A line of 16 characters and no name
# is a 16×16's row, never a 4×4 of a list.
_CELLS = re.compile(r"[0-9A-Za-z@.*_,-]+")
LIST_RUNS = "bench and the Experiment view run a whole list"


def _json_puzzle(line: str) -> tuple[str, str] | None:
    """(puzzle, spec) of a JSON object with a text `puzzle` (spec '' when it has none), else None."""
    if not (line.startswith("{") and line.endswith("}")):
        return None
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    if not isinstance(obj, dict) or not isinstance(obj.get("puzzle"), str):
        return None
    return obj["puzzle"], obj["spec"] if isinstance(obj.get("spec"), str) else ""


def list_line(line: str) -> tuple[str, str]:
    """A puzzle list's (stripped) line as (cells, name): a JSON object's `puzzle` and `spec`, else
    the text before its first space or tab and the rest (name '' when there is none)."""
    read = _json_puzzle(line)
    if read is not None:
        return read
    cut = re.search(r"[ \t]", line)
    return (line, "") if cut is None else (line[:cut.start()], line[cut.start() + 1:].strip())


def _whole_puzzle_line(line: str) -> tuple[str, str, bool] | None:
    """(cells, name, whether a JSON object) when the line is a list's line whose cells are a whole
    puzzle's count of characters (or comma-separated values), else None."""
    cells, name = list_line(line)
    from_json = _json_puzzle(line) is not None
    count = cells.count(",") + 1 if "," in cells else len(cells)
    if not _CELLS.fullmatch(cells) or count not in BOX_SIZE_BY_CELLS or not (name or from_json or count > SIZES[0] ** 2):
        return None
    return cells, name, from_json


def _first_of_list(lines: list[tuple[int, str]]) -> tuple[Puzzle, str]:
    """A puzzle list given where one puzzle goes: its first puzzle, the form saying so."""
    ln, first = lines[0]
    try:
        puzzle = parse("\n" * (ln - 1) + first)              # its problems at its line
    except PuzzleError as exc:
        raise PuzzleError(f"This is a list of {len(lines)} puzzles, one a line, and its first cannot be read: "
                          f"{exc.message}", line=ln, column=exc.column if exc.line == ln else None) from None
    name = list_line(first)[1]
    return puzzle, (f"the first of {len(lines)} puzzles of a list{f', named {quote(name)}' * bool(name)} "
                    f"({LIST_RUNS})")


def _parse_cells(text: str) -> tuple[Puzzle, str]:
    """A puzzle written as cells (characters or separated numbers) and its form."""
    chars, lines, separated = _tokens(text)
    if not chars:
        raise PuzzleError("There is no puzzle here: paste 81 characters, or nine lines of nine.")
    for t in chars:
        if not (t.text.isalnum() or t.text in BLANKS or t.text in ALPHABET):
            raise PuzzleError(
                f"Line {t.line}, column {t.column}: '{t.text}' is not a digit or a blank "
                f"(blanks are . 0 - _ *).", line=t.line, column=t.column)
    tokens = [t for line in lines for t in line]
    multi = any(len(t.text) > 1 for t in tokens)
    # Space-separated numbers: some value has two digits, and every token is a number (of at most
    # two digits, or three without a leading zero: a grid past the lab's largest is counted in
    # numbers too), -1 or a blank (rows of characters have tokens as long as the row); one token
    # alone is never separated.
    spaced = multi and len(tokens) > 1 and all(_NUMBER.fullmatch(t.text) or t.text in BLANKS for t in tokens)
    if separated or (multi and len(tokens) in BOX_SIZE_BY_CELLS and len(chars) not in BOX_SIZE_BY_CELLS) or (
            spaced and len(chars) not in BOX_SIZE_BY_CELLS):
        cells, numbers = tokens, True
        per_line = [(line[0].line, len(line)) for line in lines]
    else:
        cells, numbers = chars, False
        per_line = [(line[0].line, sum(len(t.text) for t in line)) for line in lines]
    n = BOX_SIZE_BY_CELLS.get(len(cells))
    if n is None:
        raise _gap_error(text, chars) or _count_error(len(cells), per_line, numbers)
    N = n * n
    values = np.array([_value(t, N, numbers) for t in cells], dtype=np.int8)
    form = ("separated numbers" if numbers else "bordered grid" if any(ch in "|+" for ch in text)
            else "one line of characters" if len(lines) == 1 else "rows of characters")
    return Puzzle(n, values), form


_NUMBER = re.compile(r"[0-9]{1,2}|[1-9][0-9]{2}|-1")


# --------------------------------------------------------------------------- the benchmark format
# The field's instance files (Lewis 2007's generator; Lloyd & Amos's and AllDiff-LS's banks):
# line 1 the box order (5 for a 25×25), line 2 a flag (1; the field's readers skip it), then N
# rows of N numbers separated by tabs or spaces, -1 for a blank. static/rules/parse.js reads
# and writes it the same way.

_WHOLE = re.compile(r"-?[0-9]+")


def _benchmark_header(text: str) -> tuple[int, int, list[tuple[int, str]]] | None:
    """(order, its line, the row lines as (line number, text)) when the text is in the benchmark
    format: its first two lines each one whole number, and the next one holding several. None
    otherwise (no other form has a line of one number followed by a row)."""
    lines = [(ln, raw) for ln, raw in enumerate(text.splitlines(), 1) if raw.strip()]
    if len(lines) < 3 or not all(_WHOLE.fullmatch(raw.strip()) for _, raw in lines[:2]):
        return None
    if len(lines[2][1].split()) < 2:
        return None
    return int(lines[0][1].strip()), lines[0][0], lines[2:]


def is_benchmark(text: str) -> bool:
    """Whether the text is in the benchmark format (then it is one puzzle, even in a list)."""
    return isinstance(text, str) and len(text) <= MAX_TEXT and _benchmark_header(text) is not None


def _parse_benchmark(order: int, header_line: int, rows: list[tuple[int, str]]) -> tuple[Puzzle, str]:
    """The puzzle of a benchmark-format text; a header that disagrees with its rows is one
    error naming both."""
    if not 2 <= order <= MAX_ORDER:
        N = order * order
        side = f" ({'an' if str(N)[0] == '8' else 'a'} {N}×{N})" if order > MAX_ORDER else ""
        raise PuzzleError(f"Line {header_line}: the benchmark header gives order {order}{side}; the lab reads "
                          f"orders 2 to {MAX_ORDER} ({SIZES[0]}×{SIZES[0]} to {SIZES[-1]}×{SIZES[-1]}).", line=header_line)
    N = order * order
    toks = [_Token(m.group(), ln, m.start() + 1) for ln, raw in rows for m in re.finditer(r"\S+", raw)]
    if len(toks) != N * N:
        said = f"The header says order {order} (a {N}×{N}: {N} rows of {N} numbers), but "
        per_line = [(ln, len(raw.split())) for ln, raw in rows]
        other = BOX_SIZE_BY_CELLS.get(len(toks))
        odd = [(ln, c) for ln, c in per_line if c != N]
        at = header_line
        if other:
            said += f"the rows below it hold {len(toks)} numbers: a {other * other}×{other * other} (order {other})."
        elif len(per_line) == N and odd:
            at = odd[0][0]
            said += f"line {at} has {odd[0][1]} numbers."
        else:
            said += f"the rows below it hold {len(toks)} numbers in {len(per_line)} line{'s' * (len(per_line) != 1)}."
        raise PuzzleError(said, line=at)
    cells = np.zeros(N * N, dtype=np.int8)
    for i, t in enumerate(toks):
        v = int(t.text) if _WHOLE.fullmatch(t.text) else None
        if v is None or not (v in (-1, 0) or 1 <= v <= N):
            raise PuzzleError(f"Line {t.line}, column {t.column}: '{t.text}' is not a value of a {N}×{N} puzzle "
                              f"(the header's order {order}: givens are 1–{N}, blanks -1).", line=t.line, column=t.column)
        cells[i] = max(v, 0)
    return Puzzle(order, cells), f"benchmark format, order {order}"


def to_benchmark(puzzle: Puzzle) -> str:
    """The puzzle in the benchmark format: the order, the flag 1, then N tab-separated rows, -1
    for a blank (the field's programs read it as their instance files)."""
    rows = np.where(puzzle.cells == 0, -1, puzzle.cells.astype(np.int16)).reshape(puzzle.N, puzzle.N)
    return f"{puzzle.n}\n1\n" + "".join("\t".join(map(str, row)) + "\n" for row in rows.tolist())


def given_clashes(puzzle: Puzzle) -> list[tuple[str, int, tuple[int, int]]]:
    """Pairs of givens that share a unit and a value: (unit name, value, (cell, cell))."""
    g = puzzle.geometry
    out = []
    kinds = ["row"] * g.N + ["column"] * g.N + ["box"] * g.N
    for u, cells in enumerate(g.units):
        vals = puzzle.cells[cells]
        seen: dict[int, int] = {}
        for c, v in zip(cells.tolist(), vals.tolist()):
            if v == 0:
                continue
            if v in seen:
                out.append((f"{kinds[u]} {u % g.N + 1}", v, (seen[v], c)))
            else:
                seen[v] = c
    return out


def validate(puzzle: Puzzle) -> None:
    """Raise PuzzleError naming the first pair of clashing givens, if any."""
    clashes = given_clashes(puzzle)
    if clashes:
        unit, v, (a, b) = clashes[0]
        sym = symbol(v, puzzle.N)
        more = f" ({len(clashes) - 1} more clash{'es' if len(clashes) > 2 else ''})" if len(clashes) > 1 else ""
        raise PuzzleError(
            f"The givens clash: {unit} has {sym} twice, at {cell_name(a, puzzle.N)} and "
            f"{cell_name(b, puzzle.N)}{more}. Such a puzzle has no solution.",
            cells=tuple(sorted({c for _, _, pair in clashes for c in pair})))

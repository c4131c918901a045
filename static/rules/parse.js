// Puzzle text -> {n, cells} on the main thread, so a paste shows before Python has loaded.
// A mirror of py/sudoku_lab/grid.py's parse(): same formats, same messages; both are held
// to tests/parse_cases.json. Python re-checks everything it is sent.

import { quote } from "./values.js";
import { ALPHABET, BLANKS, MAX_ORDER, MAX_SYMBOL_SIDE, MAX_TEXT, SITE_PUZZLE_KEYS, SIZES, sentence } from "./limits.js";

// Values past 9 are letters, then "@"; the blanks; the link keys: the limits table's (limits.js).
export { ALPHABET };
const BOX_SIZE_BY_CELLS = Object.fromEntries(SIZES.map((n) => [n * n, Math.round(Math.sqrt(n))]));
// Past MAX_SYMBOL_SIDE (36×36) there are no more symbols: a 49×49 or 64×64 is written as separated
// numbers, and its one-line form is comma separated (as grid.py).
// Puzzle links of common Sudoku sites (SITE_PUZZLE_KEYS), as grid.py reads them: with or without
// the scheme, the puzzle in a key or as a path segment of exactly 16, 81, 256, 625 or 1,296
// puzzle characters.
const LINK = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::[0-9]+)?\/|[?#])\S*$/;
const PATH_PUZZLE = /^[0-9A-Za-z@.*_-]+$/;

// A pasted link's query and fragment pairs and its path segments (after the host), or null
// when the text is not a link.
function linkParts(text) {
  const s = text.trim();
  if (!LINK.test(s)) return null;
  const beforeHash = s.split("#")[0];
  const query = beforeHash.includes("?") ? beforeHash.slice(beforeHash.indexOf("?") + 1) : "";
  const fragment = s.includes("#") ? s.slice(s.indexOf("#") + 1) : "";
  let path = beforeHash.split("?")[0];
  if (path.includes("://")) path = path.slice(path.indexOf("://") + 3);
  const segments = path.split("/").slice(1);    // a bare "?…" or "#…" has an empty path: none
  return { pairs: [...new URLSearchParams(query), ...new URLSearchParams(fragment)], segments };
}

export class PuzzleError extends Error {
  constructor(message, { line = null, column = null } = {}) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

const isSeparatorLine = (s) => s.length > 0 && /^[-+=|:\s]+$/.test(s);
const isAlnum = (ch) => /^[A-Za-z0-9]$/.test(ch);

function tokens(text) {
  const bordered = /[|+]/.test(text);
  const separated = /[,;]/.test(text);
  const chars = [];
  const lines = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const ln = i + 1;
    const s = raw.trim();
    if (!s || s.startsWith("#")) return;
    if (bordered && isSeparatorLine(s)) return;
    const toks = [];
    for (const m of raw.matchAll(/[^\s|,;]+/g)) {
      const tok = m[0];
      if (bordered && tok.replace(/[+=]/g, "") === "") continue;
      toks.push({ text: tok, line: ln, column: m.index + 1 });
    }
    for (const t of toks) {
      [...t.text].forEach((ch, k) => {
        if (bordered && (ch === "+" || ch === "=")) return;
        chars.push({ text: ch, line: t.line, column: t.column + k });
      });
    }
    if (toks.length) lines.push(toks);
  });
  return { chars, lines, separated };
}

// A wrong count, pointing at the odd line out; says numbers when the text was read as
// separated numbers (so the count is the real one).
function countError(found, perLine, numbers) {
  const what = numbers ? "numbers" : "cells";
  let msg = `Found ${found} ${what}, but a puzzle needs ${sentence("cell_counts")}.`;
  const side = Math.round(Math.sqrt(found));
  const largest = SIZES[SIZES.length - 1];
  if (side * side === found && Math.round(Math.sqrt(side)) ** 2 === side && side > largest) {
    msg += ` ${String(side)[0] === "8" ? "An" : "A"} ${side}×${side} (box size ${Math.round(Math.sqrt(side))}) is past the largest the lab reads, ` +
      `${largest}×${largest} (box size ${MAX_ORDER}).`;
  }
  if (perLine.length >= 2) {
    const counts = perLine.map(([, c]) => c);
    const freq = new Map();
    counts.forEach((c) => freq.set(c, (freq.get(c) || 0) + 1));
    // most frequent count; on a tie the smallest, as Python's max over a set of ints does
    const common = [...freq.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
    const odd = perLine.filter(([, c]) => c !== common);
    if (SIZES.includes(common) && odd.length) {
      const [ln, c] = odd[0];
      msg += ` Line ${ln} has ${c} ${what} where the other rows have ${common}.`;
      return new PuzzleError(msg, { line: ln });
    }
  }
  const width = perLine.length ? perLine[0][1] : 0;
  if (perLine.length && perLine.every(([, c]) => c === width) && SIZES.includes(width) && perLine.length < width) {
    const rows = perLine.length;          // whole rows, too few of them: a puzzle cut short
    msg += ` The text has ${rows} row${rows === 1 ? "" : "s"} of ${width}: a ${width}×${width} needs ${width} ` +
      `(${width - rows} missing; was it cut short?).`;
  }
  return new PuzzleError(msg);
}

// A wrong count that a space or a separator standing for a cell explains: the gaps between two
// cells of a line (at most three) that would make the count a puzzle's if each were a cell.
// Names the first gap, where it is; null when no such gaps explain the count.
function gapError(text, chars) {
  const columns = new Map();
  for (const t of chars) columns.set(t.line, [...(columns.get(t.line) || []), t.column]);
  const raw = text.split(/\r\n|\r|\n/);
  const gaps = [];
  for (const [ln, cols] of columns) {
    cols.forEach((a, k) => { if (k + 1 < cols.length && cols[k + 1] > a + 1) gaps.push([ln, a + 1, raw[ln - 1][a]]); });
  }
  const n = BOX_SIZE_BY_CELLS[chars.length + gaps.length];
  if (gaps.length < 1 || gaps.length > 3 || !n) return null;
  const [ln, column, ch] = gaps[0];
  const what = ch === " " ? "a space" : ch === "\t" ? "a tab" : `'${ch}'`;
  const more = gaps.length - 1;
  const also = more ? ` (as ${more === 1 ? "does" : "do"} ${more} more gap${more === 1 ? "" : "s"})` : "";
  const N = n * n;
  return new PuzzleError(
    `Line ${ln}, column ${column}: ${what} between two cells counts as no cell${also}, so the text has ` +
    `${chars.length} cells where a ${N}×${N} has ${N * N} (blanks are . 0 - _ *).`, { line: ln, column });
}

function value(tok, N, numbers) {
  const t = tok.text;
  if (BLANKS.includes(t) && t.length === 1) return 0;
  if (numbers && (/^0+$/.test(t) || t === "-1")) return 0;
  if (numbers && /^[0-9]+$/.test(t)) {
    const v = parseInt(t, 10);
    if (v >= 1 && v <= N) return v;
  } else if (t.length === 1) {
    const pos = ALPHABET.indexOf(t.toUpperCase());
    if (pos >= 0 && pos < (N > MAX_SYMBOL_SIDE ? 9 : N)) return pos + 1;     // past 36×36 letters mean nothing
  }
  const allowed = numbers || N <= 9 ? `1–${N}` : N === 36 ? "1–9, A–Z and @"
    : N > MAX_SYMBOL_SIDE ? `1–${N}, written as separated numbers` : `1–9 and A–${ALPHABET[N - 1]}`;
  throw new PuzzleError(
    `Line ${tok.line}, column ${tok.column}: '${t}' is not a value of a ${N}×${N} puzzle ` +
    `(givens are ${allowed}; blanks are . 0 - _ *${numbers ? " -1" : ""}).`, { line: tok.line, column: tok.column });
}

// {n, cells, form}: `form` says, for people, how the text was written ("benchmark format, order 5",
// "separated numbers", "one line of characters", …), as grid.py's parse_form.
export function parsePuzzle(text) {
  if (typeof text !== "string") throw new PuzzleError("the puzzle must be text");
  const lines = text.split(/\r\n|\r|\n/).map((raw, i) => [i + 1, raw.trim()]).filter(([, s]) => s && !s.startsWith("#"));
  const listed = lines.length > 1 && lines.every(([, s]) => wholePuzzleLine(s));
  if (text.length > MAX_TEXT) {
    if (listed) return firstOfList(lines);           // a long list: its first puzzle is short
    throw new PuzzleError(`The text is ${text.length} characters long; a puzzle is at most ${MAX_TEXT}.`);
  }
  const link = linkParts(text);
  if (link !== null) return parseLink(link);
  const header = benchmarkHeader(text);
  if (header) return parseBenchmark(header);
  let problem;
  try {
    return parseCells(text);
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    problem = err;
  }
  if (listed) return firstOfList(lines);
  const line = lines.length === 1 ? wholePuzzleLine(lines[0][1]) : null;
  if (!line || !(line.name || line.fromJson)) throw problem;     // its cells alone: their own problem stands
  const read = parsePuzzle(line.fromJson ? line.cells : "\n".repeat(lines[0][0] - 1) + line.cells);   // its problems at its line
  const named = line.name ? `, named ${quote(line.name)}` : "";
  return { ...read, form: line.fromJson ? `a JSON object's puzzle${named}` : `${read.form}, then its name ${quote(line.name)}` };
}

// The puzzle of a pasted link: its first key of SITE_PUZZLE_KEYS, else a path segment that is one.
function parseLink({ pairs, segments }) {
  const first = new Map();
  for (const [k, v] of pairs) if (!first.has(k)) first.set(k, v);
  for (const key of SITE_PUZZLE_KEYS) {
    if (!first.has(key)) continue;
    try {
      return { ...parsePuzzle(first.get(key)), form: `a link's ${key}=` };
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      throw new PuzzleError(`The link's ${key}= cannot be read: ${err.message}`);
    }
  }
  for (const segment of [...segments].reverse()) {
    if (BOX_SIZE_BY_CELLS[segment.length] && PATH_PUZZLE.test(segment)) return { ...parsePuzzle(segment), form: "a link's path" };
  }
  throw new PuzzleError(`This link holds no puzzle: it has none of ${SITE_PUZZLE_KEYS.map((k) => `${k}=`).join(", ")}, ` +
    "and no part of its path is a puzzle.");
}

// A puzzle list's line (puzzle-list.js's form): one puzzle of characters — or of comma-separated
// numbers, the one-line form past 36×36 — then its name after a space or a tab ("4.....8.5.3…
// top95-1"), or a JSON object with a text `puzzle` (a line of `generate --json`, named by its
// `spec`, or of `check --json`). A text that cannot be read as a puzzle otherwise is read as such
// a line when it is one (a 16×16 written in rows of 16 on one line stays a 16×16), and as a list
// when it is several: its first puzzle, the form saying so. A line of 16 characters and no name
// is a 16×16's row, never a 4×4 of a list. As grid.py.
const CELLS = /^[0-9A-Za-z@.*_,-]+$/;
export const LIST_RUNS = "bench and the Experiment view run a whole list";

// {cells, name} of a JSON object with a text `puzzle` (name: its `spec`, "" when none), else null.
function jsonPuzzle(line) {
  if (!(line.startsWith("{") && line.endsWith("}"))) return null;
  let obj;
  try { obj = JSON.parse(line); } catch { return null; }
  if (!obj || typeof obj !== "object" || Array.isArray(obj) || typeof obj.puzzle !== "string") return null;
  return { cells: obj.puzzle, name: typeof obj.spec === "string" ? obj.spec : "" };
}

// A puzzle list's (trimmed) line as {cells, name}: a JSON object's `puzzle` and `spec`, else the
// text before its first space or tab and the rest (name "" when there is none). As grid.list_line.
export function listLine(line) {
  const read = jsonPuzzle(line);
  if (read) return read;
  const cut = line.search(/[ \t]/);
  return cut < 0 ? { cells: line, name: "" } : { cells: line.slice(0, cut), name: line.slice(cut + 1).trim() };
}

// {cells, name, fromJson} when the line is a list's line whose cells are a whole puzzle's count of
// characters (or comma-separated values), else null.
function wholePuzzleLine(line) {
  const { cells, name } = listLine(line);
  const fromJson = jsonPuzzle(line) !== null;
  const count = cells.includes(",") ? cells.split(",").length : cells.length;
  if (!CELLS.test(cells) || !BOX_SIZE_BY_CELLS[count] || !(name || fromJson || count > SIZES[0] ** 2)) return null;
  return { cells, name, fromJson };
}

// A puzzle list given where one puzzle goes: its first puzzle, the form saying so.
function firstOfList(lines) {
  const [ln, first] = lines[0];
  let read;
  try {
    read = parsePuzzle("\n".repeat(ln - 1) + first);     // its problems at its line
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    throw new PuzzleError(`This is a list of ${lines.length} puzzles, one a line, and its first cannot be read: ` +
      err.message, { line: ln, column: err.line === ln ? err.column : null });
  }
  const { name } = listLine(first);
  return { ...read, form: `the first of ${lines.length} puzzles of a list${name ? `, named ${quote(name)}` : ""} (${LIST_RUNS})` };
}

// A puzzle written as cells (characters or separated numbers): {n, cells, form}.
function parseCells(text) {
  const { chars, lines, separated } = tokens(text);
  if (!chars.length) throw new PuzzleError("There is no puzzle here: paste 81 characters, or nine lines of nine.");
  for (const t of chars) {
    if (!(isAlnum(t.text) || BLANKS.includes(t.text) || ALPHABET.includes(t.text))) {
      throw new PuzzleError(`Line ${t.line}, column ${t.column}: '${t.text}' is not a digit or a blank ` +
        "(blanks are . 0 - _ *).", { line: t.line, column: t.column });
    }
  }
  const toks = lines.flat();
  const multi = toks.some((t) => t.text.length > 1);
  // Space-separated numbers: some value has two digits, and every token is a number (of at most
  // two digits, or three without a leading zero: a grid past the lab's largest is counted in
  // numbers too), -1 or a blank (rows of characters have tokens as long as the row); one token
  // alone is never separated.
  const spaced = multi && toks.length > 1 && toks.every((t) => NUMBER.test(t.text) || BLANKS.includes(t.text));
  let cells, numbers, perLine;
  if (separated || (multi && toks.length in BOX_SIZE_BY_CELLS && !(chars.length in BOX_SIZE_BY_CELLS)) ||
      (spaced && !(chars.length in BOX_SIZE_BY_CELLS))) {
    cells = toks; numbers = true;
    perLine = lines.map((l) => [l[0].line, l.length]);
  } else {
    cells = chars; numbers = false;
    perLine = lines.map((l) => [l[0].line, l.reduce((a, t) => a + t.text.length, 0)]);
  }
  const n = BOX_SIZE_BY_CELLS[cells.length];
  if (!n) throw gapError(text, chars) || countError(cells.length, perLine, numbers);
  const N = n * n;
  const form = numbers ? "separated numbers" : /[|+]/.test(text) ? "bordered grid"
    : lines.length === 1 ? "one line of characters" : "rows of characters";
  return { n, cells: cells.map((t) => value(t, N, numbers)), form };
}

const NUMBER = /^(?:[0-9]{1,2}|[1-9][0-9]{2}|-1)$/;

// ---------------------------------------------------------------------------- the benchmark format
// The field's instance files (Lewis 2007's generator; Lloyd & Amos's and AllDiff-LS's banks): line
// 1 the box order (5 for a 25×25), line 2 a flag (1; the field's readers skip it), then N rows of N
// numbers separated by tabs or spaces, -1 for a blank. As grid.py reads and writes it.
const WHOLE = /^-?[0-9]+$/;

// {order, line, rows: [[line number, text]]} when the text is in the benchmark format (its first
// two lines each one whole number, the next holding several), else null.
function benchmarkHeader(text) {
  const lines = text.split(/\r\n|\r|\n/).map((raw, i) => [i + 1, raw]).filter(([, raw]) => raw.trim());
  if (lines.length < 3 || !lines.slice(0, 2).every(([, raw]) => WHOLE.test(raw.trim()))) return null;
  if (lines[2][1].trim().split(/\s+/).length < 2) return null;
  return { order: parseInt(lines[0][1].trim(), 10), line: lines[0][0], rows: lines.slice(2) };
}

// Whether the text is in the benchmark format (then it is one puzzle, even in a list).
export const isBenchmark = (text) => typeof text === "string" && text.length <= MAX_TEXT && benchmarkHeader(text) !== null;

// The puzzle of a benchmark-format text; a header that disagrees with its rows is one error naming both.
function parseBenchmark({ order, line, rows }) {
  if (!(order >= 2 && order <= MAX_ORDER)) {
    const N = order * order;
    const side = order > MAX_ORDER ? ` (${String(N)[0] === "8" ? "an" : "a"} ${N}×${N})` : "";
    throw new PuzzleError(`Line ${line}: the benchmark header gives order ${order}${side}; the lab reads ` +
      `orders 2 to ${MAX_ORDER} (${SIZES[0]}×${SIZES[0]} to ${SIZES.at(-1)}×${SIZES.at(-1)}).`, { line });
  }
  const N = order * order;
  const toks = [];
  for (const [ln, raw] of rows) for (const m of raw.matchAll(/\S+/g)) toks.push({ text: m[0], line: ln, column: m.index + 1 });
  if (toks.length !== N * N) {
    let said = `The header says order ${order} (a ${N}×${N}: ${N} rows of ${N} numbers), but `;
    const perLine = rows.map(([ln, raw]) => [ln, raw.trim().split(/\s+/).length]);
    const other = BOX_SIZE_BY_CELLS[toks.length];
    const odd = perLine.filter(([, c]) => c !== N);
    let at = line;
    if (other) said += `the rows below it hold ${toks.length} numbers: a ${other * other}×${other * other} (order ${other}).`;
    else if (perLine.length === N && odd.length) {
      at = odd[0][0];
      said += `line ${at} has ${odd[0][1]} numbers.`;
    } else said += `the rows below it hold ${toks.length} numbers in ${perLine.length} line${perLine.length === 1 ? "" : "s"}.`;
    throw new PuzzleError(said, { line: at });
  }
  const cells = toks.map((t) => {
    const v = WHOLE.test(t.text) ? parseInt(t.text, 10) : null;
    if (v === null || !(v === -1 || v === 0 || (v >= 1 && v <= N))) {
      throw new PuzzleError(`Line ${t.line}, column ${t.column}: '${t.text}' is not a value of a ${N}×${N} puzzle ` +
        `(the header's order ${order}: givens are 1–${N}, blanks -1).`, { line: t.line, column: t.column });
    }
    return Math.max(v, 0);
  });
  return { n: order, cells, form: `benchmark format, order ${order}` };
}

// The puzzle in the benchmark format: the order, the flag 1, then N tab-separated rows, -1 for a
// blank (the field's programs read it as their instance files), as grid.py's to_benchmark.
export function toBenchmark(cells) {
  const N = Math.round(Math.sqrt(cells.length));
  const rows = [];
  for (let r = 0; r < N; r++) rows.push(cells.slice(r * N, (r + 1) * N).map((v) => (v ? String(v) : "-1")).join("\t") + "\n");
  return `${Math.round(Math.sqrt(N))}\n1\n${rows.join("")}`;
}

// How a value is written in a grid of side N: a symbol up to 36×36, a number past it.
export const symbol = (v, N) => (!v ? "." : N > MAX_SYMBOL_SIDE ? String(v) : ALPHABET[v - 1]);

// One line, "." for empty; past 36×36 the values as numbers, comma separated (as grid.py).
export const boardToString = (cells) => (cells.length > MAX_SYMBOL_SIDE ** 2
  ? cells.map((v) => (v ? String(v) : ".")).join(",")
  : cells.map((v) => (v ? ALPHABET[v - 1] : ".")).join(""));

// The inverse of boardToString.
export const stringToCells = (s) => (s.includes(",")
  ? s.split(",").map((t) => (t === "." ? 0 : parseInt(t, 10)))
  : [...s].map((ch) => (ch === "." ? 0 : ALPHABET.indexOf(ch) + 1)));

// Puzzle lists — the bench-file format the command line reads (py/sudoku_lab/bench/plan.py,
// read_puzzles): one puzzle per line, then an optional name after a space or a tab, or a JSON
// object with a text `puzzle` per line (parse.js listLine); blank lines and lines starting with
// '#' are skipped. The examples menu, the experiments' built-in
// sets and a pasted list all go through this one reader, held to tests/puzzle_list_cases.json.
// A text in the field's benchmark format (parse.js: order, flag, rows) is one puzzle; a puzzle
// file of that format is named by its file name (readPuzzleFile).
import { parsePuzzle, boardToString, isBenchmark, listLine, LIST_RUNS, PuzzleError } from "./parse.js";

export class ListProblem extends Error {
  constructor(message, line = null) {
    super(message);
    this.line = line;
  }
}

// [{name, puzzle}] with puzzle as N·N characters; throws ListProblem naming the line, and the
// list by `list` (a link's message says "the link's list (pl=)").
export function readPuzzleList(text, { list = "the list" } = {}) {
  if (isBenchmark(text)) {
    try {
      return [{ name: "benchmark instance", puzzle: boardToString(parsePuzzle(text).cells) }];
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      throw new ListProblem(`${list[0].toUpperCase()}${list.slice(1)} is one puzzle in the benchmark format, and it ` +
        `cannot be read: ${err.message}`, err.line);
    }
  }
  const out = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const { cells, name } = listLine(line);
    try {
      out.push({ name: name || `line ${i + 1}`, puzzle: boardToString(parsePuzzle(cells).cells) });
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      throw new ListProblem(`Line ${i + 1} of ${list} cannot be read: ${err.message}`, i + 1);
    }
  });
  if (!out.length) throw new ListProblem("The list holds no puzzle: paste one puzzle per line.");
  return out;
}

// The puzzles of a file's text, its problems naming the file (`file`, as the caller names it): a
// benchmark-format file is one puzzle named by the file's name (its last part), any other a puzzle
// list — or, when it is no list, one puzzle in any form parse.js reads (a grid as `check` prints
// it), named by the file's name too. As puzzle_list.read_puzzle_text.
export function readPuzzleFile(text, file) {
  if (isBenchmark(text)) return onePuzzle(text, file, "benchmark format");
  let problem;
  try {
    return readPuzzleList(text);
  } catch (err) {
    if (!(err instanceof ListProblem)) throw err;
    problem = new ListProblem(`${file}: ${err.message}`, err.line);
  }
  const rows = text.split(/\r\n|\r|\n/).map((raw) => raw.trim()).filter((s) => s && !s.startsWith("#"));
  if (rows.length < 2) throw problem;               // one line is a list's line: its problem stands
  let form;
  try {
    form = parsePuzzle(text).form;
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    throw problem;
  }
  if (form.includes(LIST_RUNS)) throw problem;      // a list after all (with a bad line): the list's problem
  return onePuzzle(text, file, form);
}

// A file that is one puzzle, named by the file's name (its last part); a problem names the file and the form.
function onePuzzle(text, file, form) {
  try {
    return [{ name: file.split(/[\\/]/).pop(), puzzle: boardToString(parsePuzzle(text).cells) }];
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    throw new ListProblem(`${file} (${form}): ${err.message}`, err.line);
  }
}

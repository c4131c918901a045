// Puzzle lists for experiments: the CLI's bench-file format (one puzzle per line, then an
// optional name; blank lines and lines starting with '#' are skipped).
import { parsePuzzle, boardToString, PuzzleError } from "../parse.js";
import { PUZZLE_SETS } from "./presets.js";

export class ListProblem extends Error {}

// [{name, puzzle}] with puzzle as N*N characters; throws ListProblem naming the line.
export function readPuzzleList(text) {
  const out = [];
  text.split("\n").forEach((line, i) => {
    const s = line.trim();
    if (!s || s.startsWith("#")) return;
    const [cells, ...name] = s.split(/\s+/);
    try {
      out.push({ name: name.join(" ") || `line ${i + 1}`, puzzle: boardToString(parsePuzzle(cells).cells) });
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      throw new ListProblem(`Line ${i + 1} of the list cannot be read: ${err.message}`);
    }
  });
  if (!out.length) throw new ListProblem("The list holds no puzzle: paste one puzzle per line.");
  return out;
}

export async function loadPuzzleSet(id) {
  const [file] = PUZZLE_SETS[id];
  const r = await fetch(file);
  if (!r.ok) throw new ListProblem(`The puzzle set ${id} could not be loaded (HTTP ${r.status}).`);
  return readPuzzleList(await r.text());
}

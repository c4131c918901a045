// What Race and Experiment check before they act, on the state alone (no DOM; node tests it
// in tests/js/compare.test.mjs): the entry "Add entry" would add, the puzzles an entry is vetted
// against, and the pasted list's bad line. (What Start checks, in every view: start-check.js.)
import { read, workersAuto } from "../rules/read.js";
import { ListProblem, readPuzzleList } from "../rules/puzzle-list.js";
import { boardToString } from "../rules/parse.js";

const EMPTY_9x9 = ".".repeat(81);

// The entry the solver form composes: {entry: {solver, seed, params[, workers, exchange]} | null,
// problems}; the form's Workers and Exchange every come along when it asks for several workers
// (alldiff_ls, acs and alldiff_tabu only: the form's own problem of `w` otherwise; left "auto", one worker). The time limit, the budgets and the
// puzzles are the comparison's, read at Start, so their problems do not count.
export function checkEntry(state) {
  const { values: { schema, params, seed, workers, exchange }, problems } = read("solve", state, { stored: false });
  for (const k of ["t", "i", "ev", "p"]) problems.delete(k);
  if (problems.size || !schema) return { entry: null, problems };
  // an entry asks for one worker unless the form says more: Workers left "auto" is a Solve's choice
  const asked = !workersAuto(state) && workers > 1;
  return { entry: { solver: schema.id, seed, params, ...(asked ? { workers, exchange } : {}) }, problems };
}

// The line of the pasted list that cannot be read while its problem stands (the list field's
// data-problem-line), or null: said by the list's own reader, not picked out of the message.
export function badListLine(state) {
  if (!state.problems.has("pl")) return null;
  try { readPuzzleList(state.compare.list); } catch (err) {
    if (err instanceof ListProblem) return err.line;
    throw err;
  }
  return null;
}

// The puzzles an entry must be able to take: the loaded one (a race, or an experiment on the
// current puzzle), one of each size in a pasted list or the opened files, an empty grid of each of a sweep's sizes, or an
// empty 9×9 for the built-in sets (all 9×9).
export function vetPuzzles(state) {
  const ps = state.view === "race" ? "current" : state.compare.puzzles;
  if (ps === "current") return state.puzzle ? [boardToString(state.puzzle.cells)] : [];
  if (ps === "gen") return String(state.compare.sweep.size).split(",").map((n) => ".".repeat(Number(n) ** 2 || 81));
  if (ps === "files") {
    const bySize = new Map();
    for (const { puzzle } of state.files.read) if (!bySize.has(puzzle.length)) bySize.set(puzzle.length, puzzle);
    return [...bySize.values()];
  }
  if (ps === "list") {
    try {
      const bySize = new Map();
      for (const { puzzle } of readPuzzleList(state.compare.list)) if (!bySize.has(puzzle.length)) bySize.set(puzzle.length, puzzle);
      return [...bySize.values()];
    } catch { return []; }
  }
  return [EMPTY_9x9];
}

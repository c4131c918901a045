// What Race and Experiment check before they act, on the state alone (no DOM; node tests it
// in tests/js/compare.test.mjs): the entry "Add entry" would add, whether Start may start and
// what it says when not, the puzzles an entry is vetted against, and the pasted list's bad line.
import { read } from "../rules/read.js";
import { problemLine } from "../rules/table.js";
import { ListProblem, readPuzzleList } from "../rules/puzzle-list.js";
import { boardToString } from "../rules/parse.js";
import { clashingGivens } from "../state.js";

const EMPTY_9x9 = ".".repeat(81);

// The entry the solver form composes: {entry: {solver, seed, params} | null, problems}. The
// time limit, the budgets and the puzzles are the comparison's, read at Start, so their problems do not count.
export function checkEntry(state) {
  const { values: { schema, params, seed }, problems } = read("solve", state, { stored: false });
  for (const k of ["t", "i", "ev", "p"]) problems.delete(k);
  return { entry: problems.size || !schema ? null : { solver: schema.id, seed, params }, problems };
}

// Start in a compare view (`view`: race or experiment), judged on that view's settings only
// (rules/read.js). Either {settings: {max_seconds, runs, workers, puzzles}} — puzzles as
// read.js gives them (a built-in set by its id, fetched by the caller) — or {problems, mark,
// line, message}: `mark` the problems to set on their fields (a field that already has one, a
// link's say, keeps its own message), `line` the pasted list's line to select, `message` the
// notice naming every problem.
export function checkStart(view, state) {
  const { values: v, problems, line } = read(view, state);
  const onBoard = view === "race" || state.compare.puzzles === "current";
  if (!problems.size && onBoard && clashingGivens(state)) {        // no run can help: the check named the clash
    return { problems, mark: new Map(), line: null,
      message: `Nothing was started. ${state.check.message || "The givens clash, so the puzzle has no solution."}` };
  }
  if (!problems.size) {
    return { settings: { max_seconds: v.max_seconds, max_iterations: v.max_iterations, max_evaluations: v.max_evaluations,
      runs: v.runs, workers: v.workers, puzzles: v.puzzles || null } };
  }
  const mark = new Map([...problems].filter(([k]) => !state.problems.has(k) && k !== "e"));
  const said = [...problems].map(([k, m]) => problemLine(k, m));
  return { problems, mark, line, message: `Nothing was started:\n• ${said.join("\n• ")}` };
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

// *Pure*: what the export bar offers for a state (`barOf`: each button shown or hidden, pressable
// or not; the solution to copy; SudokuWiki's link) and what its files hold (`runExport`,
// `experimentLines`). page/exports.js puts these on the page and makes the files.
import { boardToString } from "../rules/parse.js";
import { clashingGivens } from "../rules/read.js";
import { toJSONLines } from "../rules/records.js";
import { tuneDocument } from "../compare/tune-words.js";

export const solveResult = (s) => s.results.solve && s.results.solve.result;

// Whether the view on screen has a result to draw as a PNG.
export const viewHasResult = (s) => (s.view === "solve" ? !!solveResult(s) : !!s.results[s.view]);

// A finished (or stopped) run: the fields of `solve --json`, restarts, the puzzle, the link
// that replays it, and the chart's series (chart: the Solve chart's snapshot).
export function runExport(s, chart) {
  const { result, link } = s.results.solve;
  const fields = s.resultFields.filter((k) => k !== "longest_step" && k !== "message");
  return { ...Object.fromEntries(fields.map((k) => [k, result[k]])), puzzle: boardToString(s.puzzle.cells), link, chart };
}

// An experiment's JSON lines: a line per run, then the statistics, once shown (bench --json's
// {"comparison": …}), then the Tune fold's last finished tune, if any (`tune`: {request, result}),
// on one line as its own export holds it.
export function experimentLines(out, fields, comparison, tune = null) {
  return toJSONLines(out.records, fields) + (comparison ? `${JSON.stringify({ comparison })}\n` : "") +
    (tune ? `${JSON.stringify(tuneDocument(tune.request, tune.result))}\n` : "");
}

// SudokuWiki's solver with a 9×9 puzzle on its board (its empty cells as 0).
export const sudokuwikiLink = (puzzle) => "https://www.sudokuwiki.org/sudoku.htm?bd=" + boardToString(puzzle.cells).replace(/\./g, "0");

// The bar's buttons for a state: {json, race, png, copy, csv, wiki}, each {hidden?, disabled?};
// copy.solution: the board a solved run copies ("" none); wiki.href: null when there is none to
// give (the link stays as it was). chartDrawn: whether the Solve chart has a series.
export function barOf(s, chartDrawn) {
  const solveView = s.view === "solve";
  const r = solveView && !s.running ? solveResult(s) : null;
  const records = s.view === "experiment" && !s.running && s.results.experiment ? s.results.experiment.records : null;
  const hasRecords = !!(records && records.length);
  const race = s.view === "race" && !s.running ? s.results.race : null;
  const solved = !!(r && r.solved);
  const p = s.puzzle;
  // SudokuWiki's solver takes 9×9 puzzles, and one with no solution (clashing givens) is not worth offering
  const none = clashingGivens(s) || !!(s.check && s.check.solutions === 0);
  return {
    json: { hidden: s.view === "race", disabled: solveView ? !r : !hasRecords },
    race: { hidden: s.view !== "race", disabled: !race },
    png: { disabled: solveView ? !r || !chartDrawn : s.view === "race" ? !race : !hasRecords },
    copy: { hidden: !solveView, disabled: !solved, solution: solved ? r.board : "" },
    csv: { hidden: s.view !== "experiment", disabled: !hasRecords },
    wiki: { hidden: !solveView || !p || p.n !== 3 || none, href: p && p.n === 3 ? sudokuwikiLink(p) : null },
  };
}

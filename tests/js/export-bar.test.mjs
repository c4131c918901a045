// The export bar (static/page/export-bar.js): which buttons each view offers and when they can
// be pressed, the solution Copy takes, SudokuWiki's link, and what the run and experiment files hold.
import { test } from "node:test";
import assert from "node:assert/strict";

import { barOf, experimentLines, runExport, sudokuwikiLink, viewHasResult } from "../../static/page/export-bar.js";
import { tuneExport } from "../../static/compare/tune-words.js";
import { INITIAL } from "../../static/state.js";
import { parsePuzzle } from "../../static/rules/parse.js";

const GIVENS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const nine = parsePuzzle(GIVENS);
const sixteen = parsePuzzle(".".repeat(256));

const ran = (over = {}) => ({ solve: { result: { solver: "hill_climb", seed: 3, solved: true, board: SOLVED, ...over }, link: "#s=hill_climb" },
  race: null, experiment: null });
const state = (over = {}) => ({ ...INITIAL, puzzle: nine, ...over });

test("Solve: a solved run's JSON, PNG and solution; the race's and the CSV's buttons hidden", () => {
  const bar = barOf(state({ results: ran() }), true);
  assert.deepEqual(bar.json, { hidden: false, disabled: false });
  assert.deepEqual(bar.race, { hidden: true, disabled: true });
  assert.deepEqual(bar.csv, { hidden: true, disabled: true });
  assert.deepEqual(bar.png, { disabled: false });
  assert.deepEqual(bar.copy, { hidden: false, disabled: false, solution: SOLVED });
});

test("Solve: an unsolved run has no solution to copy, an empty chart no PNG, and a run still going nothing", () => {
  assert.deepEqual(barOf(state({ results: ran({ solved: false }) }), true).copy, { hidden: false, disabled: true, solution: "" });
  assert.equal(barOf(state({ results: ran() }), false).png.disabled, true);
  const going = barOf(state({ results: ran(), running: { kind: "solve" } }), true);
  assert.equal(going.json.disabled, true);
  assert.equal(going.png.disabled, true);
  assert.equal(going.copy.disabled, true);
  assert.equal(barOf(state(), true).json.disabled, true);             // nothing ran
});

test("Race: its own JSON once it ended; Experiment: JSON, CSV and PNG only with records", () => {
  const race = barOf(state({ view: "race", results: { solve: null, race: { lanes: [] }, experiment: null } }), false);
  assert.deepEqual([race.json.hidden, race.race, race.png.disabled, race.copy.hidden], [true, { hidden: false, disabled: false }, false, true]);
  assert.equal(barOf(state({ view: "race", running: { kind: "race" }, results: { solve: null, race: { lanes: [] }, experiment: null } }), false)
    .race.disabled, true);
  const results = (records) => ({ solve: null, race: null, experiment: { records } });
  const none = barOf(state({ view: "experiment", results: results([]) }), true);
  assert.deepEqual([none.json, none.csv, none.png], [{ hidden: false, disabled: true }, { hidden: false, disabled: true }, { disabled: true }]);
  const some = barOf(state({ view: "experiment", results: results([{ solver: "hill_climb" }]) }), false);
  assert.deepEqual([some.json, some.csv, some.png], [{ hidden: false, disabled: false }, { hidden: false, disabled: false }, { disabled: false }]);
});

test("SudokuWiki: offered in Solve for a 9×9 puzzle that may have a solution, its empty cells as 0", () => {
  assert.equal(sudokuwikiLink(nine), `https://www.sudokuwiki.org/sudoku.htm?bd=${GIVENS.replace(/\./g, "0")}`);
  assert.deepEqual(barOf(state(), false).wiki, { hidden: false, href: sudokuwikiLink(nine) });
  assert.equal(barOf(state({ view: "race" }), false).wiki.hidden, true);
  assert.equal(barOf(state({ check: { solutions: 0 } }), false).wiki.hidden, true);
  assert.equal(barOf(state({ check: { clashes: [[0, 1]] } }), false).wiki.hidden, true);
  assert.deepEqual(barOf(state({ puzzle: sixteen }), false).wiki, { hidden: true, href: null });   // the link stays as it was
  assert.deepEqual(barOf(state({ puzzle: null }), false).wiki, { hidden: true, href: null });
});

test("a run's file: the result's fields but the longest step and the message, the puzzle, its link and chart", () => {
  const s = state({ results: ran(), resultFields: ["solver", "seed", "solved", "longest_step", "message"] });
  assert.deepEqual(runExport(s, { x: [1] }),
    { solver: "hill_climb", seed: 3, solved: true, puzzle: GIVENS, link: "#s=hill_climb", chart: { x: [1] } });
  assert.equal(viewHasResult(s), true);
  assert.equal(viewHasResult({ ...s, view: "experiment" }), false);
});

test("an experiment's JSON lines end with the statistics once they were shown", () => {
  const out = { records: [{ solver: "a", seed: 1, extra: 9 }, { solver: "b", seed: 2 }] };
  assert.equal(experimentLines(out, ["solver", "seed"], null), '{"solver":"a","seed":1}\n{"solver":"b","seed":2}\n');
  assert.equal(experimentLines(out, ["solver"], { pairs: [] }), '{"solver":"a"}\n{"solver":"b"}\n{"comparison":{"pairs":[]}}\n');
});

test("after a finished tune, an experiment's JSON lines end with it, its trace included, as the Tune fold exports it", () => {
  const out = { records: [{ solver: "a", seed: 1 }] };
  const tune = { request: { solver: "hill_climb", seed: 3 }, result: { elites: [{ id: 2 }], trace: [{ event: "test", eliminated: [1] }] } };
  const lines = experimentLines(out, ["solver"], { pairs: [] }, tune).trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines, [{ solver: "a" }, { comparison: { pairs: [] } }, { tune: tune.request, result: tune.result }]);
  assert.deepEqual(lines.at(-1), JSON.parse(tuneExport(tune.request, tune.result)));
  assert.equal(experimentLines(out, ["solver"], null, tune).split("\n").length, 3);     // a tune without statistics
});

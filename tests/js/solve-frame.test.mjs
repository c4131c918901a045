// What the Solve view shows of a run (static/solve/frame.js): a frame's metrics as text, the
// board it draws, the chart's titles, the "best" metric's label, an extra board's note.
import { test } from "node:test";
import assert from "node:assert/strict";

import { bestLabel, chartDescription, chosenBestLabel, chosenBoard, metricTexts, viewNote } from "../../static/solve/frame.js";
import { NO_CODE_YET } from "../../static/own/code.js";
import { parsePuzzle, stringToCells } from "../../static/rules/parse.js";

const PUZZLE_9 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const CANDIDATE = "3" + PUZZLE_9.slice(1).replaceAll(".", "4");
const AGGREGATE = "5" + PUZZLE_9.slice(1).replaceAll(".", "6");
const progress = (patch = {}) => ({ iteration: 12345, evaluations: 2500000, best: 7, conflicts: 7, open_cells: 43,
  empty_cells: 0, clashing_cells: 9, restarts: 2, board: CANDIDATE, clashing_at: [0, 5], ...patch });

test("solve frame: the chart's titles name the solver, the size, the seed and the solver's step", () => {
  assert.deepEqual(chartDescription({ id: "hill_climb", series_labels: { best: "conflicts" } }, 4, 3),
    { title: "hill_climb on a 9×9, seed 4: its measures per iteration", xLabel: "iterations", yLabel: "",
      labels: { best: "conflicts" } });
  const gp = chartDescription({ id: "gp_moves", step: "generation" }, 1, 4);
  assert.equal(gp.title, "gp_moves on a 16×16, seed 1: its measures per generation");
  assert.equal(gp.xLabel, "generations");
  assert.deepEqual(gp.labels, {});
});

test("solve frame: the metrics in the page's order, numbers grouped, the rate from the evaluations and the time", () => {
  assert.deepEqual(metricTexts({ elapsed: 2.5, workers: 2, progress: progress() }), [
    ["iteration", "12,345"], ["evaluations", "2,500,000"], ["best", "7"], ["conflicts", "7"], ["open_cells", "43"],
    ["empty_cells", "0"], ["clashing_cells", "9"], ["restarts", "2"], ["workers", "2"], ["elapsed", "2.50 s"],
    ["rate", "1,000,000"]]);
  const at0 = new Map(metricTexts({ elapsed: 0, progress: progress({ best: 0.12345 }) }));
  assert.equal(at0.get("best"), "0.123");
  assert.equal(at0.get("rate"), "–");
  assert.equal(at0.get("workers"), "1");
  assert.equal(new Map(metricTexts({ elapsed: 1, progress: progress({ best: null }) })).get("best"), "–");
});

test("solve frame: a frame without progress yet shows only the time passing", () => {
  assert.deepEqual(metricTexts({ elapsed: 3.14159, progress: null }), [["elapsed", "3.14 s"]]);
});

test("solve frame: the board drawn is the best candidate, or the extra board chosen with its shade", () => {
  const puzzle = parsePuzzle(PUZZLE_9);
  const shade = new Array(81).fill(0.5);
  const p = progress({ overlay: { boards: { pheromone: { board: AGGREGATE, clashing_at: [1] } }, shade: { pheromone: shade },
    candidates: [[1, 2]] } });
  const running = { puzzle, running: { kind: "solve" } };
  assert.deepEqual(chosenBoard(running, p, ""), { values: stringToCells(CANDIDATE), givens: puzzle.cells,
    clashing: new Set([0, 5]), shade: null, candidates: [[1, 2]], running: true });
  assert.deepEqual(chosenBoard({ puzzle, running: null }, p, "pheromone"), { values: stringToCells(AGGREGATE),
    givens: puzzle.cells, clashing: new Set([1]), shade, candidates: null, running: false });
  assert.equal(chosenBoard({ puzzle, running: { kind: "race" } }, progress(), "").running, false);
  assert.deepEqual(chosenBoard(running, progress(), "").values, stringToCells(CANDIDATE));    // no overlay at all
});

test("solve frame: an extra board's note says what it is; the best candidate has none", () => {
  const schema = { views: { pheromone: "each cell's value of highest pheromone" } };
  assert.equal(viewNote("pheromone", schema),
    "Shown: pheromone — each cell's value of highest pheromone. The metrics describe the best candidate.");
  assert.equal(viewNote("crowd", {}), "Shown: crowd. The metrics describe the best candidate.");
  assert.equal(viewNote("", schema), "");
});

test("solve frame: the best metric names the measure, which way is better and what a solution scores", () => {
  assert.deepEqual(bestLabel({ name: "conflicts", direction: "min" }), { text: "best: conflicts", title: "lower is better" });
  assert.deepEqual(bestLabel({ name: "best", direction: "min" }), { text: "best", title: "lower is better" });   // not "best: best"
  assert.deepEqual(bestLabel({ name: "fitness", direction: "max" }, 162),
    { text: "best: fitness", title: "higher is better; a solution scores 162" });
});

test("solve frame: between runs, Your solver with an empty editor has no measure yet, and says so", () => {
  const stub = { own: true, objective: { name: "best", direction: "min" } };          // its menu entry's stand-in
  assert.deepEqual(chosenBestLabel(stub, "  \n"), { text: "best: no solver text yet", title: NO_CODE_YET });
  assert.deepEqual(chosenBestLabel({ own: true, objective: { name: "conflicts", direction: "min" } }, "def run(): ..."),
    { text: "best: conflicts", title: "lower is better" });
  assert.deepEqual(chosenBestLabel(undefined, ""), { text: "best", title: "no solver chosen" });
});

// The puzzle line's wording (static/puzzle/line.js): what the page says of the puzzle on the
// board, of one being made, of none, and of its rating, from the state alone.
import { test } from "node:test";
import assert from "node:assert/strict";

import { countFoundNothing, makingLine, makingNote, puzzleLine, ratingLine, ratingWaitLine, solvedByRun } from "../../static/puzzle/line.js";
import { INITIAL } from "../../static/state.js";
import { parsePuzzle } from "../../static/rules/parse.js";

const PUZZLE_9 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const state = (patch = {}) => ({ ...INITIAL, puzzle: parsePuzzle(PUZZLE_9), problems: new Map(), ...patch });
const solvedRun = { solve: { result: { solved: true } }, race: null, experiment: null };

test("puzzle line: the size, givens and form, then the count as the check gives it", () => {
  const givens = 38;
  assert.deepEqual(puzzleLine(state()), { text: "9×9 · 38 givens · read as one line of characters · checking…",
    givens, solutions: null, generating: false });
  const one = puzzleLine(state({ check: { givens, clashes: [], solutions: 1 } }));
  assert.match(one.text, /· exactly one solution$/);
  assert.equal(one.solutions, "1");
  assert.match(puzzleLine(state({ check: { solutions: 0 } })).text, /· no solution$/);
  assert.match(puzzleLine(state({ check: { solutions: 2 } })).text, /· several solutions$/);
  const generated = state({ puzzle: { ...parsePuzzle(PUZZLE_9), spec: "9:0.45:2" } });
  assert.match(puzzleLine(generated).text, /^9×9 · \d+ givens · generated \(9:0\.45:2\) · checking…$/);
  const fromFile = state({ puzzle: { ...parsePuzzle(PUZZLE_9), form: "benchmark format, order 3", file: "inst9.txt" } });
  assert.match(puzzleLine(fromFile).text, / · read as benchmark format, order 3 from inst9\.txt · /);
});

test("puzzle line: a count that ran out says why, and a run's verified solution is not contradicted", () => {
  const timedOut = { solutions: null, rating: { out_of_time: true, solutions: null, verdict: "unknown" } };
  const line = puzzleLine(state({ check: timedOut }));
  assert.equal(line.solutions, "unknown");
  assert.match(line.text, /solution count unknown \(the count's time budget ran out\)$/);
  assert.match(puzzleLine(state({ check: timedOut, results: solvedRun })).text,
    /at least one solution \(a run found one; the count's time budget ran out before it could say whether it is the only one\)$/);
  assert.match(puzzleLine(state({ results: solvedRun })).text, /at least one solution \(a run found one\) · checking whether it is the only one…$/);
  const found = { solutions: null, rating: { out_of_time: false, solutions: null, verdict: "at least one" } };
  assert.match(puzzleLine(state({ check: found })).text, /at least one solution \(the search's budget ran out before/);
  assert.equal(countFoundNothing(timedOut.rating), true);
  assert.equal(countFoundNothing(found.rating), false);
  assert.equal(solvedByRun(state({ results: solvedRun })), true);
  assert.equal(solvedByRun(state()), false);
});

test("puzzle line: no puzzle — because of a link, or not yet read", () => {
  const none = puzzleLine(state({ puzzle: null }));
  assert.equal(none.text, "No puzzle on the board yet: Load puzzle (or Start) reads the paste box.");
  assert.equal(none.givens, null);
  for (const key of ["p", "g"]) {
    assert.equal(puzzleLine(state({ puzzle: null, problems: new Map([[key, "bad"]]) })).text,
      "No puzzle on the board: the link gives none that can be used (see the message).");
  }
});

test("puzzle line: while a puzzle is made, what it makes and how far the generator is", () => {
  const making = { spec: "25:0.45:3:unique", n: 5, waiting: null };
  assert.deepEqual(puzzleLine(state({ making })), { text: "Generating a 25×25 (p = 0.45, seed 3, unique)…", givens: null,
    solutions: null, generating: true });
  assert.equal(makingLine({ ...making, progress: { stage: "fill", nodes: 12345, elapsed: 1.25 } }),
    "Generating a 25×25 (p = 0.45, seed 3, unique)… filling the grid: 12,345 search nodes, 1.3 s");
  assert.equal(makingLine({ spec: "16:0.5:7", progress: { stage: "remove", removed: 120, to_remove: 1344, tried: 131, elapsed: 41 } }),
    "Generating a 16×16 (p = 0.5, seed 7)… removed 120 of 1,344 cells (131 tried), 41.0 s");
  assert.equal(makingNote(making), "Making the puzzle 25:0.45:3:unique (25×25)… Start waits for it if pressed.");
  assert.equal(makingNote({ ...making, waiting: "race" }), "Making the puzzle 25:0.45:3:unique (25×25)… Start waits for it.");
});

test("rating line: p and the rating's summary, its wait while it works", () => {
  assert.equal(ratingLine(null, 27, 9), "p = 0.33 · rating…");
  assert.equal(ratingLine({ p: 0.3333, summary: "logic settles every cell (singles)" }, 27, 9),
    "p = 0.33 · logic settles every cell (singles)");
  assert.equal(ratingWaitLine({ stage: "logic", elapsed: 0.5, budget: 8 }, 0.4), "p = 0.40 · rating… logic at work");
  assert.equal(ratingWaitLine({ stage: "count", elapsed: 2.04, budget: 8, logic_cells: 12, nodes: 40000 }, 0.4),
    "p = 0.40 · rating… logic settles 12 cells; counting solutions: 40,000 search nodes, 2.0 s of 8 s");
});

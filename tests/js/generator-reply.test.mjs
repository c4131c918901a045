// What the worker's reply to a generation puts on the page (static/puzzle/generator.js
// `madePuzzle`): the made puzzle, remembering its settings for the share link, the note when
// Unique mode stopped above its target, or the worker's problem.
import { test } from "node:test";
import assert from "node:assert/strict";

import { madePuzzle } from "../../static/puzzle/generator.js";
import { boardToString } from "../../static/rules/parse.js";

const PUZZLE_9 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const made = (patch) => ({ ok: true, result: { puzzle: PUZZLE_9, spec: "9:0.45:2", stop: "target", givens: 38, target: 38, ...patch } });

test("generator reply: the made puzzle, read as a paste is, keeps its settings and has no note", () => {
  const { puzzle, note, problem } = madePuzzle(made());
  assert.equal(puzzle.n, 3);
  assert.equal(boardToString(puzzle.cells), PUZZLE_9);
  assert.equal(puzzle.spec, "9:0.45:2");
  assert.equal(note, null);
  assert.equal(problem, undefined);
});

test("generator reply: Unique mode stopped at a minimal puzzle says its givens and the target", () => {
  const { puzzle, note } = madePuzzle(made({ spec: "9:0.2:5:unique", stop: "minimal", givens: 24, target: 16 }));
  assert.equal(puzzle.spec, "9:0.2:5:unique");
  assert.equal(note, "Unique mode stopped at a minimal puzzle: 24 givens (the target was 16); " +
    "no given can go without a second solution.");
});

test("generator reply: a refusal is the worker's message, and no puzzle", () => {
  assert.deepEqual(madePuzzle({ ok: false, message: "size: must be a square of 2..7; got 10" }),
    { problem: "size: must be a square of 2..7; got 10" });
});

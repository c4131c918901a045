// What the actions decide (static/action-rules.js): the state a new puzzle leaves, the Start
// waiting for a puzzle being made that it resumes or drops, the wait a Stop cancels, and the
// notice a Start keeps.
import { test } from "node:test";
import assert from "node:assert/strict";

import { puzzleSet, replacedBy, resumedBy, saysStandingProblems, stopsTheWait } from "../../static/action-rules.js";
import { INITIAL } from "../../static/state.js";
import { parsePuzzle } from "../../static/rules/parse.js";

const GIVENS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const made = { ...parsePuzzle(GIVENS), spec: "9:0.45:2" };
const pasted = parsePuzzle(GIVENS);

test("a new puzzle takes away the old one's check, watch tick, puzzle problem and Solve's and Race's results", () => {
  const experiment = { records: [] };
  const before = { ...INITIAL, check: { solutions: 1 }, watchFailure: true, problems: new Map([["p", "bad"], ["seed", "bad"]]),
    results: { solve: { result: {} }, race: { lanes: [] }, experiment } };
  const after = puzzleSet(before, pasted);
  assert.deepEqual(after, { puzzle: pasted, check: null, watchFailure: false, problems: new Map([["seed", "bad"]]),
    results: { solve: null, race: null, experiment } });
  assert.equal(after.results.experiment, experiment);
  assert.equal(before.problems.has("p"), true);                            // the state given is left as it was
  assert.equal(puzzleSet(before, null).puzzle, null);
});

test("only the made puzzle resumes the Start that waited for it; any other drops the wait and says what replaced it", () => {
  const waiting = { spec: "9:0.45:2", n: 3, waiting: "race" };
  assert.equal(resumedBy(waiting, made), "race");
  assert.equal(resumedBy(waiting, pasted), null);                          // a pasted puzzle has no spec
  assert.equal(resumedBy(waiting, null), null);
  assert.equal(resumedBy({ ...waiting, waiting: null }, made), null);     // nothing waited
  assert.equal(resumedBy(null, made), null);
  assert.equal(replacedBy(pasted), "another puzzle");
  assert.equal(replacedBy(null), "a link whose puzzle cannot be read");
});

test("a Stop cancels a waiting Start in its own view, or any with no view named", () => {
  const waiting = { spec: "9:0.45:2", n: 3, waiting: "solve" };
  assert.equal(stopsTheWait(waiting, "solve"), true);
  assert.equal(stopsTheWait(waiting, null), true);
  assert.equal(stopsTheWait(waiting, "race"), false);
  assert.equal(stopsTheWait({ ...waiting, waiting: null }, null), false);
  assert.equal(stopsTheWait(null, null), false);
});

test("a Start keeps the notice of standing problems and only that one", () => {
  const problems = new Map([["seed", "bad"]]);
  assert.equal(saysStandingProblems({ text: "…", source: "problems" }, problems), true);
  assert.equal(saysStandingProblems({ text: "…", source: "problems" }, new Map()), false);
  assert.equal(saysStandingProblems({ text: "…", source: "start" }, problems), false);
  assert.equal(saysStandingProblems(null, problems), false);
});

// compare/tune-words.js: what the Tune panel sends and what its lines say.
import { test } from "node:test";
import assert from "node:assert/strict";
import { doneLine, fullRange, heldOutLines, liveLine, tunable, tuneRequest, tuneExport }
  from "../../static/compare/tune-words.js";

const HILL = { id: "hill_climb", params: [
  { name: "w1", type: "float", min: -10, max: 10 }, { name: "plateau", type: "int", min: 1, max: 10000 },
  { name: "post_swap", type: "bool" }, { name: "init", type: "choice", choices: ["greedy", "random"] }] };
const FIELDS = { generate: " 9:0.3:0.3:0.05 ", instances: "4", max_evaluations: "2000", budget: "60", seed: "3",
  held_out_instances: "0", held_out_runs: "5", params: { w1: "-2:2", plateau: "1:10000", post_swap: "false,true", init: "greedy" } };

test("the tunable solvers are the built-ins with parameters", () => {
  const schemas = new Map([["a", HILL], ["exact", { id: "exact", params: [] }], ["own", { id: "own", own: true, params: [{}] }]]);
  assert.deepEqual(tunable(schemas).map((s) => s.id), ["hill_climb"]);
});

test("a parameter's whole range is lo:hi for a number, its values for a bool or a choice", () => {
  assert.deepEqual(HILL.params.map(fullRange), ["-10:10", "1:10000", "false,true", "greedy,random"]);
});

test("the request sends the counts as numbers and only the narrowed parameters", () => {
  assert.deepEqual(tuneRequest(FIELDS, HILL).request, { solver: "hill_climb", params: { w1: "-2:2", init: "greedy" },
    generate: "9:0.3:0.3:0.05", instances: 4, max_evaluations: 2000, budget: 60, seed: 3, held_out_instances: 0, held_out_runs: 5 });
});

test("a bad count or an empty parameter is refused naming its field", () => {
  assert.deepEqual(tuneRequest({ ...FIELDS, budget: "6x" }, HILL),
    { field: "budget", message: 'budget: must be a whole number of at least 1; got "6x"' });
  assert.equal(tuneRequest({ ...FIELDS, held_out_runs: "0" }, HILL).field, "held_out_runs");
  assert.equal(tuneRequest({ ...FIELDS, seed: "-1" }, HILL).field, "seed");
  assert.equal(tuneRequest({ ...FIELDS, params: { ...FIELDS.params, plateau: " " } }, HILL).field, "plateau");
});

test("the live line and the held-out sentences in words", () => {
  assert.equal(liveLine({ iteration: 2, alive: [1, 3], instances: 5, runs: 30, budget: 60 }),
    "Iteration 2 · configurations alive: 1, 3 · instances raced (puzzle and seed): 5 · runs 30 of 60");
  assert.deepEqual(heldOutLines(null), []);
  assert.deepEqual(heldOutLines({ same: true, sentence: "The best is the defaults." }), ["The best is the defaults."]);
  assert.deepEqual(heldOutLines({ same: false, comparison: { pairs: [{ sentence: "a" }, { sentence: "b" }] } }), ["a", "b"]);
});

test("the export holds the request and the result", () => {
  assert.deepEqual(JSON.parse(tuneExport({ solver: "acs" }, { elites: [] })), { tune: { solver: "acs" }, result: { elites: [] } });
});

test("a finished tune says its runs and races, and why it left runs unused in the package's sentence", () => {
  const race = { event: "race" };
  assert.equal(doneLine({ budget: { used: 60, runs: 60, ended: null }, trace: [race] }), "Done: 60 of 60 runs used, in 1 race.");
  const ended = "Iteration 2's share of the 50 runs left, 16, had no room for a new configuration beside the 2 elites " +
    "(that needs 21): the tune ended with 50 runs unused; a larger budget lets it go on.";
  assert.equal(doneLine({ budget: { used: 10, runs: 60, ended }, trace: [race] }), `Done: 10 of 60 runs used, in 1 race. ${ended}`);
});

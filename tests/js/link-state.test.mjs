// What an opened share link makes of the page's state (static/page/link-state.js): the budget,
// seed and workers a link names (and none it does not name), the view it opens, a comparison's
// settings, a single run's solver, and each bad setting's text back in its field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { generatorForm, linkCompare, linkSettings, linkSolver, linkView, whatTheLinkSaid, withoutSchemaKeys }
  from "../../static/page/link-state.js";
import { decodeCompareLink, decodeState } from "../../static/rules/links.js";
import { parseSpec } from "../../static/rules/generator.js";
import { INITIAL } from "../../static/state.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));
const P = "p=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SETTINGS = { ...INITIAL.settings, seed: "4", max_seconds: "60", max_iterations: "500", workers: "3", exchange: "20" };

test("a single run's link names its budget, seed and workers; what it leaves out has none, one worker, the default exchange", () => {
  assert.deepEqual(linkSettings(SETTINGS, decodeState("#s=hill_climb&seed=7&t=5"), false),
    { ...SETTINGS, seed: "7", max_seconds: "5", max_iterations: "", max_evaluations: "", workers: "1", exchange: "" });
  assert.deepEqual(linkSettings(SETTINGS, decodeState("#s=hill_climb&i=900&w=2&x=50"), false),
    { ...SETTINGS, max_seconds: "", max_iterations: "900", max_evaluations: "", workers: "2", exchange: "50" });
  assert.deepEqual(linkSettings(SETTINGS, decodeState("#s=hill_climb"), false),     // no budget: the page's time limit stays
    { ...SETTINGS, max_iterations: "", max_evaluations: "", workers: "1", exchange: "" });
});

test("a comparison's link sets its budget only: its seed goes with its entries, and workers are the entries' own", () => {
  const first = decodeCompareLink("#m=race&e=hill_climb&ev=3000", new Map(), {});
  assert.deepEqual(linkSettings(SETTINGS, first, true), { ...SETTINGS, max_seconds: "", max_iterations: "", max_evaluations: "3000" });
});

test("the view a link opens: Solve for a single run; a comparison's own, else Race from Solve, else the view on screen", () => {
  assert.equal(linkView({ view: null }, false, "experiment"), "solve");
  assert.equal(linkView({ view: "experiment" }, true, "solve"), "experiment");
  assert.equal(linkView({ view: null }, true, "solve"), "race");
  assert.equal(linkView({ view: null }, true, "experiment"), "experiment");
});

test("a comparison's settings: what its link names replaces the form's, the rest stay", () => {
  const link = { entries: [{ solver: "hill_climb" }], runs: 12, puzzles: null, list: "x", sweep: null, preset: null };
  assert.deepEqual(linkCompare(INITIAL.compare, link), { ...INITIAL.compare, entries: link.entries, runs: "12", list: "x", preset: null });
  const sweep = { size: "9", p0: "0.2", p1: "0.4", step: "0.1", instances: "3" };
  assert.deepEqual(linkCompare({ ...INITIAL.compare, preset: "lewis" }, { ...link, runs: null, list: null, puzzles: "gen", sweep }),
    { ...INITIAL.compare, entries: link.entries, puzzles: "gen", sweep, preset: null });
});

test("the generator's spec as the Generate form's text fields", () => {
  assert.deepEqual(generatorForm(parseSpec("16:0.45:7")), { size: "16", p: "0.45", seed: "7", unique: false });
});

test("a built-in's parameters are checked against its schema; a visitor's solver's wait for its own PARAMS", () => {
  const built = decodeState(`#${P}&s=hill_climb&plateau=20&w1=lots`);
  assert.deepEqual(linkSolver(built, schemas), { solver: "hill_climb", params: { plateau: 20 } });
  assert.deepEqual([...built.problems.keys()], ["w1"]);
  const own = decodeState(`#${P}&s=own&depth=deep`);
  assert.deepEqual(linkSolver(own, schemas), { solver: "own", params: { depth: "deep" } });
  assert.equal(own.problems.size, 0);
  assert.deepEqual(linkSolver(decodeState("#s=nosuch"), schemas), { solver: null, params: {} });
});

test("a marked field shows what the link said: a setting's text, a parameter's, the generator's parts", () => {
  const state = { ...INITIAL, schemas, settings: { ...INITIAL.settings, solver: "hill_climb", params: { plateau: 20 } } };
  const hash = "#s=hill_climb&seed=abc&t=zz&w1=lots";
  const link = decodeState(hash);
  linkSolver(link, schemas);
  const { patch, problems } = whatTheLinkSaid(state, link.problems, { hash, compare: false });
  assert.deepEqual(Object.keys(patch).sort(), ["settings"]);
  assert.deepEqual([patch.settings.seed, patch.settings.max_seconds, patch.settings.params], ["abc", "zz", { plateau: 20, w1: "lots" }]);
  assert.deepEqual(problems, link.problems);
  assert.equal(state.settings.seed, INITIAL.settings.seed);                // the state it was given is left as it was

  const g = whatTheLinkSaid(state, decodeState("#g=99:0.45:x").problems, { hash: "#g=99:0.45:x", compare: false });
  assert.deepEqual(g.patch, { generator: { size: "99", p: "0.45", seed: "x", unique: false } });
  assert.deepEqual([...g.problems.keys()].sort(), ["gseed", "gsize"]);     // marked part by part, not as g=
  const abc = whatTheLinkSaid(state, decodeState("#g=abc").problems, { hash: "#g=abc", compare: false });
  assert.deepEqual(abc.patch, { generator: { size: "abc", p: "", seed: "", unique: false } });   // kept, not the defaults
  assert.deepEqual([...abc.problems.keys()].sort(), ["g", "gsize"]);      // the shape stays g='s problem
});

test("a comparison's bad seed stays unshown (it goes with c=), and a key its link does not hold is left alone", () => {
  const hash = "#m=race&e=hill_climb&seed=x";
  const { patch, problems } = whatTheLinkSaid(INITIAL, new Map([["seed", "bad"], ["runs", "bad"]]), { hash, compare: true });
  assert.deepEqual(patch, {});
  assert.deepEqual([...problems.keys()], ["seed", "runs"]);
});

test("the problems said before the schemas are known leave out the entries', which are read with them", () => {
  const problems = new Map([["e", "entry 1: …"], ["c", "…"], ["t", "time"], ["p", "puzzle"]]);
  assert.deepEqual([...withoutSchemaKeys(problems).keys()], ["t", "p"]);
});

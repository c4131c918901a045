// What a race and an experiment send to the pool (static/compare/run.js's pure parts): a race's
// jobs, an experiment's entries and what it begins with, the workers loaded ahead.
import { test } from "node:test";
import assert from "node:assert/strict";

import { experimentEntries, experimentPlan, raceJobs, warmWorkers } from "../../static/compare/run.js";
import { PRESETS } from "../../static/compare/presets.js";
import { INITIAL_OWN } from "../../static/own/code.js";

const PUZZLE = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const OWN_TEXT = "def run(puzzle, params, rng):\n    yield from ()\n";
const own = (patch = {}) => ({ ...INITIAL_OWN, text: OWN_TEXT, ...patch });
const team = { solver: "alldiff_ls", seed: 3, params: { p: 0.1 }, workers: 2, exchange: 500 };
const entries = [{ solver: "acs", seed: 1, params: { ants: 10 } }, team, { solver: "own", seed: 2, params: {} }];

test("a race's jobs: one a lane, with its entry's workers, the race's budget, and the visitor's code for own", () => {
  const budget = { max_seconds: 30, max_iterations: null, max_evaluations: 1000 };
  const jobs = raceJobs(entries, PUZZLE, budget, own());
  assert.deepEqual(jobs.map((j) => [j.lane, j.solver, j.seed, j.puzzle]), [[0, "acs", 1, PUZZLE], [1, "alldiff_ls", 3, PUZZLE], [2, "own", 2, PUZZLE]]);
  assert.deepEqual([jobs[0].workers, jobs[1].workers, jobs[1].exchange], [undefined, 2, 500]);   // one worker: no workers field
  for (const j of jobs) assert.deepEqual([j.max_seconds, j.max_iterations, j.max_evaluations], [30, null, 1000]);
  assert.deepEqual(jobs.map((j) => j.code), [null, null, { name: INITIAL_OWN.name, text: OWN_TEXT }]);
  jobs[0].params.ants = 99;
  assert.equal(entries[0].params.ants, 10, "a job's parameters are a copy: the entry stays as composed");
  assert.equal(raceJobs(entries, PUZZLE, budget, own({ trusted: false }))[2].code, null);   // a link's code not allowed yet
});

test("an experiment's entries: copied parameters, the code only with an own entry that may run", () => {
  const ran = experimentEntries(entries, own());
  assert.deepEqual(ran.map((e) => Object.hasOwn(e, "code")), [false, false, true]);
  assert.deepEqual(ran[1], team);
  ran[1].params.p = 0.9;
  assert.equal(team.params.p, 0.1);
  assert.equal(Object.hasOwn(experimentEntries(entries, own({ text: "  " }))[2], "code"), false);
});

test("each entry of the visitor's runs its own text: own@<hex> the text of that sha256, own alone the editor's", () => {
  const texts = [{ sha: "aa11".padEnd(64, "0"), name: "mc.py", text: "A = 1\n", allowed: true },
    { sha: "bb22".padEnd(64, "0"), name: "ga.py", text: "B = 2\n", allowed: true }];
  const mine = [{ solver: "own", sha: texts[1].sha, seed: 1, params: {} }, { solver: "alldiff_ls", seed: 1, params: {} },
    { solver: "own", sha: texts[0].sha, seed: 1, params: {} }, { solver: "own", seed: 1, params: {} }];
  const jobs = raceJobs(mine, PUZZLE, { max_seconds: 30 }, own({ texts }));
  assert.deepEqual(jobs.map((j) => j.code), [{ name: "ga.py", text: "B = 2\n" }, null, { name: "mc.py", text: "A = 1\n" },
    { name: INITIAL_OWN.name, text: OWN_TEXT }]);
  assert.deepEqual(experimentEntries(mine, own({ texts })).map((e) => e.code?.text ?? null), ["B = 2\n", null, "A = 1\n", OWN_TEXT]);
  const waiting = own({ texts: texts.map((t) => ({ ...t, allowed: false })) });      // a link's texts before the visitor's word
  assert.deepEqual(raceJobs(mine, PUZZLE, {}, waiting).map((j) => j.code && j.code.text), [null, null, null, OWN_TEXT]);
});

test("what an experiment begins with: the preset chosen, the sweep where its puzzles are generated", () => {
  const values = { runs: 2, workers: 3, max_seconds: 10, max_iterations: 500, max_evaluations: null, puzzles: { kind: "gen" } };
  const sweep = { size: "9", p0: "0.4", p1: "0.5", step: "0.1", instances: "2" };
  const plan = experimentPlan(values, { preset: PRESETS[1].id, puzzles: "gen", sweep }, ["e"], ["p"], { series: [] });
  assert.equal(plan.preset, PRESETS[1]);
  assert.deepEqual(plan.sweep.specs.length, 4);                             // 2 p values × 2 instances
  assert.deepEqual([plan.entries, plan.puzzles, plan.published, plan.runs, plan.workers, plan.max_seconds, plan.max_iterations,
    plan.max_evaluations], [["e"], ["p"], { series: [] }, 2, 3, 10, 500, null]);
  const plain = experimentPlan(values, { preset: "", puzzles: "list", sweep }, [], [], {});
  assert.deepEqual([plain.preset, plain.sweep], [null, null]);
});

test("the workers loaded ahead: a race's lanes (two at least, in Solve too once there are two entries), an experiment's pool", () => {
  const at = (view, compare) => warmWorkers({ view, compare: { entries: [], workers: "1", ...compare } });
  assert.equal(at("race", {}), 2);
  assert.equal(at("race", { entries }), 4);                                // 1 + 2 + 1
  assert.equal(at("solve", { entries: [entries[0]] }), 1);
  assert.equal(at("solve", { entries: entries.slice(0, 2) }), 3);
  assert.equal(at("experiment", { entries, workers: "3" }), 3);
  assert.equal(at("experiment", { workers: "99" }), 8);                    // at most the pool's bound
});

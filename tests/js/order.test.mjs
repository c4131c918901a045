// The experiment's run order (static/compare/order.js): every entry before the next puzzle or seed;
// its job list (static/compare/jobs.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { runOrder } from "../../static/compare/order.js";
import { experimentJobs, groupOf, groupsOf, jobsSignature, secondsLeft } from "../../static/compare/jobs.js";

const key = ({ entry, puzzle, run }) => `${entry}/${puzzle}/${run}`;

test("order: each (entry, puzzle, run) exactly once", () => {
  const order = runOrder(3, 4, 5);
  assert.equal(order.length, 60);
  assert.equal(new Set(order.map(key)).size, 60);
});

test("order: any prefix of entries × 1 runs holds every entry", () => {
  const order = runOrder(4, 22, 2, (p) => p % 2);
  for (let k = 4; k <= order.length; k += 4) {
    assert.deepEqual(new Set(order.slice(0, k).map((j) => j.entry)), new Set([0, 1, 2, 3]));
  }
  assert.deepEqual(order.slice(0, 4).map((j) => j.entry), [0, 1, 2, 3]);
});

test("order: every seed of a puzzle before the next puzzle, every puzzle of a round before the next round", () => {
  const sweep = runOrder(2, 6, 2, (p) => p % 3);        // 2 p values × 3 instances: p-major puzzles
  const puzzles = sweep.filter((j) => j.entry === 0).map((j) => [j.puzzle, j.run]);
  assert.deepEqual(puzzles, [[0, 0], [0, 1], [3, 0], [3, 1], [1, 0], [1, 1], [4, 0], [4, 1], [2, 0], [2, 1], [5, 0], [5, 1]]);
  assert.deepEqual(runOrder(1, 3, 2).map((j) => [j.puzzle, j.run]), [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]]);
});

test("jobs: every run of an experiment with its seed, budget, row and place in the records", () => {
  const entries = [{ solver: "acs", seed: 10, params: { ants: 5 } }, { solver: "hill_climb", seed: 1, params: {} }];
  const puzzles = [{ name: "a", puzzle: "1..." }, { name: "b", puzzle: "2...", file: "bank/b.txt" }];
  const jobs = experimentJobs({ entries, puzzles, runs: 2, max_seconds: 5, max_iterations: 100 });
  assert.equal(jobs.length, 8);
  assert.deepEqual(jobs.slice(0, 2).map((j) => [j.solver, j.seed, j.index]), [["acs", 10, 0], ["hill_climb", 1, 0]]);
  const last = jobs[jobs.length - 1];
  assert.deepEqual(last, { entry: 1, index: 1, name: "b", file: "bank/b.txt", puzzle: "2...", spec: undefined, solver: "hill_climb",
    params: {}, seed: 2, max_seconds: 5, max_iterations: 100, max_evaluations: null, group: "1", key: 7 });
  assert.deepEqual(jobs.map((j) => j.key).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7]);   // each place once
  assert.equal(jobs[0].file, null);
  assert.deepEqual(groupsOf(puzzles, null), [{ key: "0", name: "a" }, { key: "1", name: "b" }]);
});

test("jobs: a sweep over p runs the first instance of every p first, and pools each size and p's instances in one row", () => {
  const sweep = { size: "16", ps: ["0.4", "0.5"], instances: 2 };
  const puzzles = ["16:0.4:0", "16:0.4:1", "16:0.5:0", "16:0.5:1"].map((spec) => ({ name: spec, spec, puzzle: null }));
  const jobs = experimentJobs({ entries: [{ solver: "acs", seed: 0, params: {} }], puzzles, runs: 1, max_seconds: 5, sweep });
  assert.deepEqual(jobs.map((j) => j.spec), ["16:0.4:0", "16:0.5:0", "16:0.4:1", "16:0.5:1"]);
  assert.deepEqual(jobs.map((j) => j.group), ["16:p0.4", "16:p0.5", "16:p0.4", "16:p0.5"]);
  assert.equal(groupOf(puzzles[3], 3, sweep), "16:p0.5");
  assert.deepEqual(groupsOf(puzzles, sweep), [{ key: "16:p0.4", name: "p = 0.4", size: "16", p: 0.4 },
    { key: "16:p0.5", name: "p = 0.5", size: "16", p: 0.5 }]);
  // several sizes: a row per size and p, named by both
  const two = { sizes: [9, 16], ps: ["0.4"], instances: 1 };
  assert.deepEqual(groupsOf([], two).map((g) => [g.key, g.name]), [["9:p0.4", "9×9, p = 0.4"], ["16:p0.4", "16×16, p = 0.4"]]);
});

test("jobs: the same settings make the same signature (a Start then continues a stopped experiment); any change another", () => {
  const base = { entries: [{ solver: "acs", seed: 1, params: { ants: 10 } }], puzzles: [{ name: "a", puzzle: "1".repeat(16) }],
    runs: 3, max_seconds: 5 };
  const sig = (patch) => jobsSignature(experimentJobs({ ...base, ...patch }));
  assert.equal(sig({}), sig({}));
  for (const patch of [{ runs: 4 }, { max_seconds: 6 }, { max_iterations: 100 }, { puzzles: [{ name: "a", puzzle: "2".repeat(16) }] },
    { entries: [{ solver: "acs", seed: 2, params: { ants: 10 } }] }, { entries: [{ solver: "acs", seed: 1, params: { ants: 11 } }] },
    { entries: [{ solver: "acs", seed: 1, params: { ants: 10 }, workers: 2, exchange: 2 }] },
    { entries: [{ solver: "acs", seed: 1, params: { ants: 10 }, code: { name: "a.py", text: "x" } }] }]) {
    assert.notEqual(sig(patch), sig({}), JSON.stringify(patch));
  }
});

test("jobs: the time left comes from the runs' own seconds, not from the time since Start", () => {
  // 5 runs kept from a stopped experiment, 2 s each, 19 left on 2 workers: 19 s, whatever the clock says
  const ended = Array.from({ length: 5 }, () => ({ entry: 0, seconds: 2 }));
  const left = Array.from({ length: 19 }, () => ({ entry: 0 }));
  assert.equal(secondsLeft(left, ended, 2), 19);
  assert.equal(secondsLeft(left, [], 2), null);                             // nothing to estimate from yet
  // each entry at its own pace; an entry with no ended run at the mean of all; a run on 2 workers holds 2
  const mixed = [{ entry: 0, seconds: 1 }, { entry: 0, seconds: 3 }, { entry: 1, seconds: 10 }];
  assert.equal(secondsLeft([{ entry: 0 }, { entry: 1 }, { entry: 2 }], mixed, 1), 2 + 10 + 14 / 3);
  assert.equal(secondsLeft([{ entry: 1, workers: 2 }], mixed, 2), 10);
});

// The experiment's run order (static/compare/order.js): every entry before the next puzzle or seed.
import { test } from "node:test";
import assert from "node:assert/strict";

import { runOrder } from "../../static/compare/order.js";

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

// An experiment's statistics in the page: the critical-difference diagram's layout
// (static/draw/cd-diagram.js) and the words of compare/statistics.js. The figures themselves
// are the package's (tests/package/test_comparison.py); the page draws and says them.
import { test } from "node:test";
import assert from "node:assert/strict";

import { cdLayout, cliques } from "../../static/draw/cd-diagram.js";
import { entryLabels } from "../../static/compare/entry-names.js";

// Demšar (2006), section 3.2.4: average ranks of C4.5+m+cf, C4.5+m, C4.5+cf, C4.5 over 14 data
// sets; at α = 0.05 (CD = 1.25) no pair differs, at α = 0.10 (CD = 1.12) C4.5+m+cf and C4.5 do.
const DEMSAR = [1.964, 2.0, 2.893, 3.143];

test("cliques: one group when no two ranks are a critical difference apart (Demšar, α = 0.05)", () => {
  assert.deepEqual(cliques(DEMSAR, 1.25), [[0, 3]]);
});

test("cliques: the best and the worst apart once the difference exceeds CD (Demšar, α = 0.10)", () => {
  const groups = cliques(DEMSAR, 1.12);
  assert.deepEqual(groups, [[0, 2], [2, 3]]);
  assert.ok(!groups.some(([i, j]) => i === 0 && j === 3));
});

test("cliques: a lone entry is no group, nor a group inside a wider one", () => {
  assert.deepEqual(cliques([1, 3, 5], 1), []);
  assert.deepEqual(cliques([1, 1.2, 1.3, 4], 0.5), [[0, 2]]);
});

test("cdLayout: ranks on the axis left to right, the better half labelled left, the CD bar to scale", () => {
  const ranks = { "1. a": 3.143, "2. b": 2.0, "3. c": 2.893, "4. d": 1.964 };
  const l = cdLayout({ ranks, critical_difference: 1.25 }, 600);
  assert.deepEqual(l.labels.map((x) => x.text), ["4. d", "2. b", "3. c", "1. a"]);
  assert.deepEqual(l.labels.map((x) => x.left), [true, true, false, false]);
  const xs = l.labels.map((x) => x.x);
  assert.deepEqual([...xs].sort((p, q) => p - q), xs);
  assert.equal(l.ticks[0].x, l.axis.x0);
  assert.equal(l.ticks[3].x, l.axis.x1);
  assert.ok(Math.abs((l.cdBar.x1 - l.cdBar.x0) / (l.axis.x1 - l.axis.x0) - 1.25 / 3) < 1e-12);
  assert.equal(l.groups.length, 1);
  assert.ok(l.labels.every((x) => x.y > l.groups[0].y && x.y < l.height));
  assert.ok(cdLayout({ ranks, critical_difference: 1.25 }, 390).axis.x1 <= 390);
});

test("entryLabels: number and solver, no seeds", () => {
  assert.deepEqual(entryLabels([{ solver: "acs", seed: 1, params: {} }, { solver: "hill_climb", seed: 1, params: {} }], () => undefined),
    ["1. acs", "2. hill_climb"]);
});

// The charts' thinning (static/draw/thin.js): a long run's line, thinned as draw/lines.js and
// draw/chart.js thin it while it grows, keeps points all along the axis it is drawn on.
import { test } from "node:test";
import assert from "node:assert/strict";

import { evenIndices, thinColumns } from "../../static/draw/thin.js";

// A line grown point by point and thinned whenever it passes max, as the charts do.
function grow(points, max, log) {
  let cols = [[], []];
  for (const [x, y] of points) {
    cols[0].push(x);
    cols[1].push(y);
    if (cols[0].length > max) cols = thinColumns(cols, max / 4, { log });
  }
  return cols;
}

// The largest distance along the axis from a point of the run to the nearest point kept.
function widestGap(points, xs, at) {
  const kept = xs.map(at);
  return Math.max(...points.map(([x]) => Math.min(...kept.map((k) => Math.abs(at(x) - k)))));
}

// a race lane: a sample every 4 ms for 30 s, open cells falling fast at first
const race = [[1e-3, 344], ...Array.from({ length: 7500 }, (_, i) => [0.004 * (i + 1), Math.round(300 * Math.exp(-i / 2000))])];

test("a log time axis keeps its early points", () => {
  const [xs, ys] = grow(race, 400, true);
  assert.ok(xs.length <= 400);
  const span = Math.log10(30) - Math.log10(1e-3);
  assert.ok(widestGap(race, xs, Math.log10) <= 2 * span / 100, "a stretch of the log axis lost its points");
  assert.equal(xs[0], 1e-3);
  assert.equal(xs[xs.length - 1], race[race.length - 1][0]);                  // the newest point stays
  assert.ok(xs.filter((x) => x < 0.25).length >= 20, "the first quarter second keeps its points");
  const raw = new Set(race.map(([x, y]) => `${x},${y}`));
  assert.ok(xs.every((x, i) => raw.has(`${x},${ys[i]}`)));
});

test("a linear step axis stays evenly dense where frames crowded it", () => {
  // a Solve chart's rows: every iteration at first, then 60 sampled rows per frame of 5,000
  const rows = [...Array.from({ length: 3000 }, (_, i) => [i, i]),
    ...Array.from({ length: 20000 }, (_, i) => [3000 + 83 * i, i])];
  const [xs] = grow(rows, 4000, false);
  assert.ok(xs.length <= 4000);
  const span = rows[rows.length - 1][0];
  assert.ok(widestGap(rows.filter((_, i) => i % 50 === 0), xs, (x) => x) <= 2 * span / 1000);
});

test("evenIndices keeps the first and last point of each bucket, in order", () => {
  assert.deepEqual(evenIndices([1, 2], 10), [0, 1]);
  assert.deepEqual(evenIndices([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 2), [0, 4, 5, 9]);
  const k = evenIndices(Array.from({ length: 1000 }, (_, i) => i), 10);
  assert.ok(k.every((v, i) => i === 0 || v > k[i - 1]));
  assert.ok(k.length <= 22);
});

// Where a chart's lines coincide (static/draw/lines.js): a sweep's success lines often do (0 and
// 1 are common rates), and the page draws them nested and says where.
import { test } from "node:test";
import assert from "node:assert/strict";

import { coincidences, nestedWidth } from "../../static/draw/lines.js";

test("coincidences: each x where two or more lines hold the same y, with the lines", () => {
  const lines = [[[0.3, 0.4, 0.5], [0, 0.5, 1]], [[0.3, 0.4, 0.5], [0, 1, 1]], [[0.4, 0.5], [0.5, 1]], [[], []]];
  assert.deepEqual(coincidences(lines), [
    { x: 0.3, lines: [0, 1] }, { x: 0.4, lines: [0, 2] }, { x: 0.5, lines: [0, 1, 2] }]);
  assert.deepEqual(coincidences([[[1], [null]], [[1], [null]]]), []);       // no value is no line
  assert.deepEqual(coincidences([[[1, 2], [0, 0]]]), []);
});

test("nested widths: the last line thinnest, each before it wider", () => {
  assert.deepEqual([0, 1, 2].map((k) => nestedWidth(k, 3)), [8, 5, 2]);
});

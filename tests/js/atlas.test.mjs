// The atlas's pure parts (docs/design.md, "The atlas"): records pooled into cells and the fastest
// entry (static/rules/atlas.js, held to tests/atlas_cases.json as sudoku_lab.atlas is), the heat
// maps' colour scale and legend ticks (static/draw/colour-scale.js), the shipped file's shape
// and caption.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { aggregate, cellIndex, cellState, marginText, notRunLines, place, winMargin } from "../../static/rules/atlas.js";
import { readSweep } from "../../static/rules/generator.js";
import { decodeCompareLink, encodeCompareLink } from "../../static/rules/links.js";
import { pointsBySizeAndP } from "../../static/rules/published.js";
import { inkOn, logPosition, luminance, ramp, secondsLabel, successColour, successTicks, timeColour, timeDomain,
  timeTicks } from "../../static/draw/colour-scale.js";
import { shippedCaption } from "../../static/compare/atlas.js";

const here = (p) => new URL(p, import.meta.url);
const SHARED = JSON.parse(readFileSync(here("../atlas_cases.json"), "utf8"));
const CASES = SHARED.cases;

// equal, numbers within rounding
function same(a, b) {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 1e-12;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && typeof a === "object") {
    return b && typeof b === "object" && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => same(a[k], b[k]));
  }
  return a === b;
}

for (const c of CASES) {
  test(`aggregate (atlas_cases.json): ${c.what}`, () => {
    const got = aggregate(c.records, (r) => r.entry, c.entries);
    assert.ok(same(got, c.expect), JSON.stringify(got, null, 1));
  });
}

// a state as the cases write it: {size, p, entry, state, rate (ran) or why (not_run)}
function stateOf(atlas, q) {
  const got = cellState(atlas)(q.size, q.p, q.entry);
  const extra = got.state === "ran" ? { rate: got.cell.rate } : got.state === "not_run" ? { why: got.why } : {};
  return { size: q.size, p: q.p, entry: q.entry, state: got.state, ...extra };
}

for (const c of SHARED.states) {
  test(`cellState (atlas_cases.json): ${c.what}`, () => {
    assert.deepEqual(c.expect.map((q) => stateOf(c.atlas, q)), c.expect);
    const { not_run: _, ...older } = c.atlas;
    assert.deepEqual(c.without_not_run.map((q) => stateOf(older, q)), c.without_not_run);
  });
}

test("notRunLines: each entry not run at some size, its sizes and why, in the page's words", () => {
  const atlas = { cells: [], not_run: { nb_coin: { sizes: [49, 64], why: "left out of the sweep at this size" } } };
  assert.deepEqual(notRunLines(atlas, (e) => `the ${e}`), ["the nb_coin: not run at 49×49, 64×64 (left out of the sweep at this size)"]);
  assert.deepEqual(notRunLines({ cells: [] }), []);
});

test("place: a generated instance's size and p from its name, null for any other name", () => {
  assert.deepEqual(place("25:0.45:3"), [25, 0.45]);
  assert.deepEqual(place("16:.5:0:unique"), [16, 0.5]);
  for (const name of ["papers-1", "16:0.45", "16:x:1", "inst25x25_45_0.txt", undefined]) assert.equal(place(name), null);
});

test("the fastest entry: the highest success first, then the lowest median, and n is its solved runs", () => {
  const rec = (entry, name, solved, seconds) => ({ entry, name, solved, seconds, stop_reason: solved ? "solved" : "budget" });
  const records = [rec("quick", "9:0.4:0", true, 0.001), rec("quick", "9:0.4:1", false, 5),
    rec("steady", "9:0.4:0", true, 0.5), rec("steady", "9:0.4:1", true, 0.7),
    rec("quick", "9:0.5:0", true, 0.001), rec("quick", "9:0.5:1", true, 0.003),
    rec("steady", "9:0.5:0", true, 0.5), rec("steady", "9:0.5:1", true, 0.7)];
  const atlas = aggregate(records);
  assert.deepEqual(atlas.fastest.map((f) => [f.p, f.entry, f.solved]), [[0.4, "steady", 2], [0.5, "quick", 2]]);
  assert.equal(cellIndex(atlas)(9, 0.4, "quick").median_seconds, 0.001);      // the unsolved run is not in the median
  assert.equal(cellIndex(atlas)(9, 0.4, "nobody"), undefined);
});

test("the fastest entry's margin: success points over a runner-up that solved less, else the runner-up's median over its own", () => {
  const rec = (entry, name, solved, seconds) => ({ entry, name, solved, seconds, stop_reason: solved ? "solved" : "budget" });
  const records = [
    // 9 × 0.4: steady solves 2 of 2, quick 1 of 2: steady by 50 points
    rec("quick", "9:0.4:0", true, 0.001), rec("quick", "9:0.4:1", false, 5), rec("steady", "9:0.4:0", true, 0.5), rec("steady", "9:0.4:1", true, 0.7),
    // 9 × 0.5: both 2 of 2, quick's median 0.002 against steady's 0.6: ×300
    rec("quick", "9:0.5:0", true, 0.001), rec("quick", "9:0.5:1", true, 0.003), rec("steady", "9:0.5:0", true, 0.5), rec("steady", "9:0.5:1", true, 0.7),
    // 9 × 0.6: both 1 of 1, 0.4 s against 1.0 s: ×2.5; a third entry ended no run on its own and is no runner-up
    rec("quick", "9:0.6:0", true, 1.0), rec("steady", "9:0.6:0", true, 0.4),
    { entry: "lost", name: "9:0.6:0", solved: false, seconds: 1, stop_reason: "error" },
    // 16 × 0.4: steady alone
    rec("steady", "16:0.4:0", true, 2), rec("nobody", "16:0.5:0", false, 9)];
  const atlas = aggregate(records, (r) => r.entry, ["quick", "steady", "lost", "nobody"]);
  const at = (size, p) => winMargin(atlas, size, p);
  assert.equal(at(9, 0.4).kind, "rate");
  assert.equal(at(9, 0.4).runnerUp.entry, "quick");
  assert.equal(marginText(at(9, 0.4)), "+50 pt");
  assert.equal(marginText(at(9, 0.5)), "×300");
  assert.equal(marginText(at(9, 0.6)), "×2.5");
  assert.equal(at(9, 0.6).runnerUp.entry, "quick");
  assert.equal(marginText(at(16, 0.4)), "only");
  assert.equal(at(16, 0.5), null);                          // nobody solved a run there
  assert.equal(at(25, 0.5), null);                          // no cell at all
});

test("colour scale: a success rate's colour is the ramp's at that rate, dark at 0, bright at 1, rising in between", () => {
  assert.equal(successColour(0), "#2c1a5a");
  assert.equal(successColour(1), "#f4e04d");
  assert.equal(successColour(0.5), "#1f9a8a");                   // the middle stop
  assert.equal(successColour(0.125), ramp(0.125));
  const steps = [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1].map((r) => luminance(successColour(r)));
  for (let i = 1; i < steps.length; i += 1) assert.ok(steps[i] > steps[i - 1], `lightness rises at step ${i}`);
  assert.equal(ramp(-1), ramp(0));
  assert.equal(ramp(2), ramp(1));
});

test("colour scale: a median time's colour, log scale, short bright and long dark", () => {
  const domain = [0.001, 10];
  assert.equal(logPosition(0.01, domain), 0.25);
  assert.equal(timeColour(0.001, domain), ramp(1));
  assert.equal(timeColour(10, domain), ramp(0));
  assert.equal(timeColour(0.1, domain), ramp(0.5));
  assert.equal(timeColour(100, domain), ramp(0));                // past the limit: clamped
  assert.ok(luminance(timeColour(0.01, domain)) > luminance(timeColour(1, domain)));
});

test("the time scale's domain: a power of ten under the fastest median, up to the time limit", () => {
  assert.deepEqual(timeDomain([0.0042, 0.3, null, 2.5], 5), [0.001, 5]);
  assert.deepEqual(timeDomain([0.00001], 1), [0.001, 1]);                 // at least 1 ms
  assert.deepEqual(timeDomain([0.2, 3], null), [0.1, 10]);                 // no limit: the next power of ten
  assert.deepEqual(timeDomain([], 5), [1, 10]);
});

test("legend ticks: success in quarters, time at every power of ten and both ends", () => {
  assert.deepEqual(successTicks().map((t) => t.label), ["0 %", "25 %", "50 %", "75 %", "100 %"]);
  assert.deepEqual(timeTicks([0.001, 5]).map((t) => t.label), ["0.001 s", "0.01 s", "0.1 s", "1 s", "5 s"]);
  assert.deepEqual(timeTicks([0.01, 10]).map((t) => t.value), [0.01, 0.1, 1, 10]);
  assert.equal(secondsLabel(1234.5), "1,230 s");
});

test("a cell's text takes the ink that contrasts more with its fill", () => {
  assert.equal(inkOn("#2c1a5a"), "#ffffff");
  assert.equal(inkOn("#f4e04d"), "#000000");
  assert.equal(inkOn("#ffffff"), "#000000");
});

test("the shipped atlas: its shape, and a caption with the budget, clock and instances (its command goes behind a fold)", () => {
  const atlas = JSON.parse(readFileSync(here("../../data/atlas.json"), "utf8"));
  for (const key of ["command", "budget", "clock", "instances", "runs", "sizes", "ps", "entries", "cells", "fastest"]) {
    assert.ok(key in atlas, key);
  }
  for (const c of atlas.cells) {
    assert.ok(atlas.sizes.includes(c.size) && atlas.ps.includes(c.p) && atlas.entries.includes(c.entry));
    assert.ok(c.rate === null || (c.rate >= 0 && c.rate <= 1));
  }
  const caption = shippedCaption(atlas);
  assert.ok(caption.includes(`Budget: ${atlas.budget.max_seconds} s of ${atlas.clock === "cpu" ? "CPU" : "wall-clock"} time a run`), caption);
  const instances = typeof atlas.instances === "object"      // pooled sweeps: a count per size
    ? Object.entries(atlas.instances).map(([size, n]) => `${n} at ${size}×${size}`).join(", ") : atlas.instances;
  assert.ok(caption.includes(`${instances} generated instances × ${atlas.runs} run`), caption);
  assert.ok(!caption.includes(atlas.command) && !caption.includes("bench"), caption);
  const fake = { ...atlas, budget: { max_seconds: 5, max_iterations: null, max_evaluations: null }, clock: "cpu", instances: 5, runs: 1, command: "python -m sudoku_lab bench …" };
  assert.ok(shippedCaption(fake).startsWith("Budget: 5 s of CPU time a run; 5 generated instances × 1 run per size × p"));
  const pooled = { ...fake, instances: { 9: 5, 36: 3 } };
  assert.ok(shippedCaption(pooled).startsWith("Budget: 5 s of CPU time a run; 5 at 9×9, 3 at 36×36 generated instances × 1 run"));
});

test("published figures by size and p: every source's success points, with their size", () => {
  const pub = JSON.parse(readFileSync(here("../../data/published.json"), "utf8"));
  const success = pointsBySizeAndP(pub, ["success_rate"]);
  const keys = success.map((s) => s.key);
  assert.deepEqual(keys, ["lewis2007", "lloyd_amos2020", "alldiff_ls2025"]);
  const lewis = success[0].points.find((pt) => pt.size === 16 && pt.p === 0.4);
  assert.equal(lewis.y, 0.75);
  assert.ok(success[2].points.some((pt) => pt.size === 36 && pt.p === 0.5 && pt.y === 0.99));
  assert.deepEqual(pointsBySizeAndP(pub, ["median_seconds"]).map((s) => s.key), ["alldiff_ls2025"]);
  assert.deepEqual(pointsBySizeAndP({}, ["success_rate"]), []);
});

test("a sweep of several sizes (the preset's atlas): specs size by size, p by p, instance by instance", () => {
  const sweep = readSweep({ size: "9,16", p0: "0.2", p1: "0.3", step: "0.1", instances: "2" });
  assert.deepEqual(sweep.sizes, [9, 16]);
  assert.equal(sweep.size, 9);
  assert.deepEqual(sweep.specs, ["9:0.2:0", "9:0.2:1", "9:0.3:0", "9:0.3:1", "16:0.2:0", "16:0.2:1", "16:0.3:0", "16:0.3:1"]);
  assert.ok(sweep.specs.every((spec, i) => Number(spec.split(":")[2]) === i % sweep.instances));   // the instance a run's round
  assert.deepEqual(readSweep({ size: "16", p0: "0", p1: "1", step: "0.5", instances: "1" }).sizes, [16]);
  for (const [size, message] of [["16,9", "the sizes must be ascending, each once; got '16,9'"],
    ["9,9", "the sizes must be ascending, each once; got '9,9'"], ["9,", "size must be 4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8); got nothing"]]) {
    assert.throws(() => readSweep({ size, p0: "0", p1: "1", step: "0.5", instances: "1" }), (e) => e.key === "gs" && e.message === message);
  }
  // the cap counts every size's puzzles
  assert.throws(() => readSweep({ size: "4,9,16", p0: "0", p1: "1", step: "0.001", instances: "1" }),
    (e) => e.key === "gi" && e.message.startsWith("3 sizes × 1001 p values × 1 instances is more than 2000 puzzles"));
});

test("a sweep of several sizes goes into a link and comes back the same", () => {
  const schemas = new Map([["hill_climb", { id: "hill_climb", params: [] }]]);
  const sweep = { size: "9,16,25", p0: "0.2", p1: "0.7", step: "0.1", instances: "2" };
  const hash = encodeCompareLink({ puzzle: ".".repeat(81), max_seconds: "5", view: "experiment", runs: "1", puzzles: "gen",
    list: "", sweep, preset: "phase-transition", entries: [{ solver: "hill_climb", seed: 0, params: {} }] }, schemas);
  const back = decodeCompareLink(hash, schemas, { puzzleSets: [], presets: ["phase-transition"] });
  assert.deepEqual(back.sweep, sweep);
  assert.deepEqual([...back.problems], []);
});

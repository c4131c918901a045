// Unit tests of the page's pure modules (static/rules/), run by `node --test` from
// `python3 build.py test`. Each is held to the case file its Python mirror is held to.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { parsePuzzle, boardToString } from "../../static/rules/parse.js";
import * as values from "../../static/rules/values.js";
import { linkOutcome, decodeCompareLink, encodeCompareLink } from "../../static/rules/links.js";
import { readPuzzleList } from "../../static/rules/puzzle-list.js";
import { parseSpec } from "../../static/rules/generator.js";
import { wilson, quantile, ecdf } from "../../static/rules/stats.js";
import { encodeEntries, decodeEntries, describe } from "../../static/rules/entries.js";
import { toCSV, toJSONLines } from "../../static/rules/records.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const cases = (name) => JSON.parse(readFileSync(here(`../${name}`), "utf8"));
// the solvers' schemas, from the package itself (the one home of the registry)
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));

const outcome = (fn) => { try { return { ok: fn() }; } catch (err) { return { error: err.message, line: err.line ?? null, column: err.column ?? null }; } };

test("parse: every shared case, as the Python parser", () => {
  for (const c of cases("parse_cases.json")) {
    const got = outcome(() => boardToString(parsePuzzle(c.text).cells));
    if ("cells" in c) assert.deepEqual(got, { ok: c.cells }, c.name);
    else {
      assert.ok(got.error && got.error.includes(c.error), c.name);
      assert.equal(got.line, c.line ?? null, c.name);
      assert.equal(got.column, c.column ?? null, c.name);
    }
  }
});

test("values: seeds, time limits, parameters and the generator's settings, value or exact message", () => {
  const v = cases("value_cases.json");
  const check = (list, fn) => {
    for (const c of list) {
      const got = outcome(() => fn(c));
      const want = "ok" in c ? { ok: c.ok } : { error: c.error };
      assert.deepEqual("ok" in got ? got : { error: got.error }, want, JSON.stringify(c.in).slice(0, 40));
    }
  };
  check(v.seed, (c) => values.seed(c.in));
  check(v.seconds, (c) => values.seconds(c.in));
  check(v.param, (c) => values.param(c.spec, c.in));
  check(v.size, (c) => values.size(c.in));
  check(v.p, (c) => values.p(c.in));
  check(v.generator, (c) => parseSpec(c.in).text);
});

test("links: every shared single-run link case", () => {
  for (const c of cases("value_cases.json").link) {
    const out = linkOutcome(c.hash, schemas);
    const want = { puzzle: c.puzzle, generator: c.generator, solver: c.solver, seed: c.seed, seconds: c.seconds, params: c.params,
      problems: c.problems };
    assert.deepEqual({ ...out, problems: Object.fromEntries(out.problems) }, want, c.hash.slice(-40));
  }
});

test("race and experiment links: each setting kept or named", () => {
  const file = cases("compare_link_cases.json");
  for (const c of file.cases) {
    const d = decodeCompareLink(c.hash, schemas, { puzzleSets: file.puzzleSets, presets: file.presets });
    assert.deepEqual({
      mode: d.mode, puzzle: !!d.puzzle, seconds: d.seconds, entries: d.entries.map((e) => [e.solver, e.seed]),
      runs: d.runs, puzzles: d.puzzles, list: d.list, preset: d.preset, problems: Object.fromEntries(d.problems),
    }, { mode: c.mode, puzzle: c.puzzle, seconds: c.seconds, entries: c.entries, runs: c.runs, puzzles: c.puzzles,
      list: c.list, preset: c.preset, problems: c.problems }, c.name);
  }
});

test("a comparison's link reads back as it was written", () => {
  const puzzle = cases("parse_cases.json")[0].cells;
  const hc = schemas.get("hill_climb");
  const params = Object.fromEntries(hc.params.map((p) => [p.name, p.default]));
  const entries = [{ solver: "hill_climb", seed: 3, params: { ...params, plateau: 12 } },
    { solver: "hill_climb", seed: 9, params }];
  const hash = encodeCompareLink({ puzzle, seconds: "7", mode: "experiment", entries, runs: "4", puzzles: "list",
    list: `${puzzle} one\n${puzzle}`, preset: null }, schemas);
  const d = decodeCompareLink(hash, schemas);
  assert.deepEqual(Object.fromEntries(d.problems), {});
  assert.deepEqual(d.entries, entries);
  assert.equal(d.runs, 4);
  assert.equal(d.seconds, 7);
  assert.equal(d.list.split("\n").length, 2);
  assert.match(encodeEntries(entries, schemas), /^hill_climb:3:plateau=12,hill_climb:9$/);
  assert.match(describe(entries[0], hc), /plateau=12/);
});

test("entries: a bad entry is named and left out, the others kept", () => {
  const { entries, problems } = decodeEntries("hill_climb:1,nope:2,nb_coin:x,alldiff_tabu:4:filter=ac3", schemas);
  assert.deepEqual(entries.map((e) => [e.solver, e.seed, e.params.filter]), [["hill_climb", 1, undefined], ["alldiff_tabu", 4, "ac3"]]);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^entry 2: unknown solver 'nope'/);
  assert.match(problems[1], /^entry 3: seed must be/);
});

test("puzzle lists: every shared case, as the Python reader", () => {
  for (const c of cases("puzzle_list_cases.json")) {
    const got = outcome(() => readPuzzleList(c.text).map((p) => [p.puzzle, p.name]));
    if ("puzzles" in c) assert.deepEqual(got, { ok: c.puzzles }, c.name);
    else {
      assert.ok(got.error.startsWith(c.error), c.name);
      assert.equal(got.line, c.line ?? null, c.name);
    }
  }
});

test("statistics: every shared case, as sudoku_lab.stats", () => {
  const s = cases("stats_cases.json");
  const close = (a, b, what) => {
    if (Array.isArray(a)) { assert.equal(a.length, b.length, what); a.forEach((x, i) => close(x, b[i], what)); return; }
    if (a === null || b === null) { assert.equal(a, b, what); return; }
    assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);
  };
  for (const c of s.wilson) close(wilson(c.k, c.n), c.out, `wilson ${c.k}/${c.n}`);
  for (const c of s.quantile) close(quantile(c.xs, c.q), c.out, `quantile ${c.q}`);
  for (const c of s.ecdf) close(ecdf(c.xs, c.total), c.out, "ecdf");
});

test("records: CSV quotes what needs it and follows the given field list", () => {
  const fields = ["puzzle", "name", "params", "message"];
  const csv = toCSV([{ puzzle: 0, name: 'a "quoted", name', params: { x: 1 }, message: null }], fields);
  assert.equal(csv, 'puzzle,name,params,message\n0,"a ""quoted"", name","{""x"":1}",\n');
  assert.equal(toJSONLines([{ a: 1 }, { b: null }]), '{"a":1}\n{"b":null}\n');
});

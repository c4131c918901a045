// Unit tests of the page's pure modules (static/rules/), run by `node --test` from
// `python3 build.py test`. Each is held to the case file its Python mirror is held to.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { parsePuzzle, boardToString, toBenchmark } from "../../static/rules/parse.js";
import * as values from "../../static/rules/values.js";
import { linkOutcome, decodeCompareLink, encodeCompareLink, encodeState } from "../../static/rules/links.js";
import { exchangeOf, runsOnSeveral, workersProblem } from "../../static/rules/workers.js";
import { sentence } from "../../static/rules/limits.js";
import { readPuzzleList, readPuzzleFile } from "../../static/rules/puzzle-list.js";
import { parseSpec } from "../../static/rules/generator.js";
import { wilson, quantile, ecdf, tally } from "../../static/rules/stats.js";
import { ENTRY_PAIRS, encodeEntries, decodeEntries, describe } from "../../static/rules/entries.js";
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
    if ("cells" in c) {
      assert.deepEqual(got, { ok: c.cells }, c.name);
      if (c.form) assert.equal(parsePuzzle(c.text).form, c.form, c.name);
    }
    else {
      assert.ok(got.error && got.error.includes(c.error), c.name);
      assert.equal(got.line, c.line ?? null, c.name);
      assert.equal(got.column, c.column ?? null, c.name);
    }
  }
});

test("the benchmark format: what toBenchmark writes reads back, and is what grid.to_benchmark writes", () => {
  const parseCases = cases("parse_cases.json");
  for (const c of parseCases.filter((k) => k.cells)) {
    const { n, cells } = parsePuzzle(c.text);
    const text = toBenchmark(cells);
    assert.deepEqual(parsePuzzle(text), { n, cells, form: `benchmark format, order ${n}` }, c.name);
  }
  // the same bytes as Python writes (the ACS sample's 9×9)
  const sample = parseCases.find((k) => k.form === "benchmark format, order 3");
  const py = execFileSync(process.env.PYTHON || "python3", ["-c",
    "import sys; from sudoku_lab.grid import parse, to_benchmark; sys.stdout.write(to_benchmark(parse(sys.argv[1])))", sample.cells],
  { cwd: here("../../py/"), encoding: "utf8" });
  assert.equal(toBenchmark(parsePuzzle(sample.text).cells), py);
});

// What the lab writes, at every size: generate's formats (through the command line's own main: a
// list's line and a list of three, a JSON line and three, the benchmark format) and the grid check
// prints. The Python side reads them back in tests/package/test_cli.py.
const WRITTEN = `
import contextlib, io, json
from sudoku_lab import cli
from sudoku_lab.grid import format_grid, parse
def run(*args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main([str(a) for a in args])
    return out.getvalue()
written = {}
for size in (4, 9, 16, 25, 36, 49, 64):
    command = ["generate", "--size", size, "--p", "0.5", "--seed", 1]
    texts = {"list": run(*command, "--count", 3), "json lines": run(*command, "--json", "--count", 3),
             "benchmark": run(*command, "--format", "benchmark")}
    texts["list line"], texts["json line"] = (texts[k].splitlines()[0] for k in ("list", "json lines"))
    made = [json.loads(line) for line in texts["json lines"].splitlines()]
    first = parse(made[0]["puzzle"])
    texts["check's grid"] = format_grid(first.cells, first.n)
    written[size] = {"made": [[m["puzzle"], m["spec"]] for m in made], "texts": texts}
print(json.dumps(written))
`;

test("what the lab writes reads back at every size: the paste box its first puzzle, a file every puzzle, named", () => {
  const written = JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-c", WRITTEN],
    { cwd: here("../../py/"), maxBuffer: 1 << 24 }));
  assert.deepEqual(Object.keys(written), ["4", "9", "16", "25", "36", "49", "64"]);
  for (const [size, { made, texts }] of Object.entries(written)) {
    for (const [format, text] of Object.entries(texts)) {
      const what = `${size}×${size}, ${format}`;
      const read = parsePuzzle(text);
      assert.equal(boardToString(read.cells), made[0][0], what);
      assert.equal(read.form.includes("the first of 3 puzzles of a list"), ["list", "json lines"].includes(format), what);
      const names = readPuzzleFile(text, "inst/g.txt").map((p) => [p.puzzle, p.name]);
      const byFile = ["benchmark", "check's grid"].includes(format);
      assert.deepEqual(names, byFile ? [[made[0][0], "g.txt"]] : made.slice(0, text.trim().split("\n").length), what);
      // and what the page writes of it: the benchmark format (Download puzzle) and the share link's form
      for (const again of [toBenchmark(read.cells), boardToString(read.cells)]) assert.deepEqual(parsePuzzle(again).cells, read.cells, what);
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
  check(v.seed, (c) => values.seed(c.in, c.label));
  check(v.max_seconds, (c) => values.max_seconds(c.in));
  check(v.max_seconds_or_none, (c) => values.max_seconds_or_none(c.in, c.budgeted));
  check(v.param, (c) => values.param(c.spec, c.in, c.label));
  check(v.budget, (c) => values.budget(c.in, c.label));
  check(v.stop_point, (c) => values.stop_point(c.in));
  check(v.size, (c) => values.size(c.in));
  check(v.p, (c) => values.p(c.in));
  check(v.generator, (c) => parseSpec(c.in).text);
});

test("values: a problem keeps its parts apart, the label the caller gave and the reason", () => {
  const err = outcome(() => values.param({ name: "runs", type: "int", min: 1, max: 1000 }, "0", "runs"));
  assert.equal(err.error, "runs must be between 1 and 1000; got 0");
  try { values.param({ name: "runs", type: "int", min: 1, max: 1000 }, "0", "runs"); } catch (e) {
    assert.ok(e instanceof values.ValueProblem);
    assert.deepEqual([e.label, e.reason], ["runs", "must be between 1 and 1000; got 0"]);
  }
  assert.throws(() => values.seed("x"), (e) => e.label === "seed" && e.message === `seed ${e.reason}`);
});

test("links: every shared single-run link case", () => {
  for (const c of cases("value_cases.json").link) {
    const out = linkOutcome(c.hash, schemas);
    const want = { puzzle: c.puzzle, generator: c.generator, solver: c.solver, seed: c.seed, max_seconds: c.max_seconds,
      max_iterations: c.max_iterations ?? null, max_evaluations: c.max_evaluations ?? null, stop: c.stop ?? null, workers: c.workers ?? null, exchange: c.exchange ?? null, params: c.params,
      problems: c.problems };
    assert.deepEqual({ ...out, problems: Object.fromEntries(out.problems) }, want, c.hash.slice(-40));
  }
});

test("race and experiment links: each setting kept or named", () => {
  const file = cases("compare_link_cases.json");
  for (const c of file.cases) {
    const d = decodeCompareLink(c.hash, schemas, { puzzleSets: file.puzzleSets, presets: file.presets });
    assert.deepEqual({
      view: d.view, puzzle: !!d.puzzle, max_seconds: d.max_seconds, max_iterations: d.max_iterations, max_evaluations: d.max_evaluations,
      entries: d.entries.map((e) => (e.workers ? [e.solver, e.seed, e.workers, e.exchange] : [e.solver, e.seed])),
      runs: d.runs, puzzles: d.puzzles, list: d.list, preset: d.preset, problems: Object.fromEntries(d.problems),
    }, { view: c.view, puzzle: c.puzzle, max_seconds: c.max_seconds, max_iterations: c.max_iterations ?? null,
      max_evaluations: c.max_evaluations ?? null, entries: c.entries, runs: c.runs, puzzles: c.puzzles,
      list: c.list, preset: c.preset, problems: c.problems }, c.name);
  }
});

test("a comparison's link reads back as it was written", () => {
  const puzzle = cases("parse_cases.json")[0].cells;
  const hc = schemas.get("hill_climb");
  const params = Object.fromEntries(hc.params.map((p) => [p.name, p.default]));
  const entries = [{ solver: "hill_climb", seed: 3, params: { ...params, plateau: 12 } },
    { solver: "hill_climb", seed: 9, params }];
  const hash = encodeCompareLink({ puzzle, max_seconds: "7", view: "experiment", entries, runs: "4", puzzles: "list",
    list: `${puzzle} one\n${puzzle}`, preset: null }, schemas);
  const d = decodeCompareLink(hash, schemas);
  assert.deepEqual(Object.fromEntries(d.problems), {});
  assert.deepEqual(d.entries, entries);
  assert.equal(d.runs, 4);
  assert.equal(d.max_seconds, 7);
  assert.equal(d.list.split("\n").length, 2);
  // puzzles already read (an experiment's files) give the same link as their text
  assert.equal(encodeCompareLink({ puzzle, max_seconds: "7", view: "experiment", entries, runs: "4", puzzles: "list",
    list: [puzzle, puzzle], preset: null }, schemas), hash);
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
    // a case with a `file` is that file's text, named as the caller names it (readPuzzleFile)
    const read = () => (c.file ? readPuzzleFile(c.text, c.file) : readPuzzleList(c.text, c.list ? { list: c.list } : {}));
    const got = outcome(() => read().map((p) => [p.puzzle, p.name]));
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
  for (const c of s.tally) assert.deepEqual(tally(c.records), c.out, JSON.stringify(c.records));
});

test("records: CSV quotes what needs it and follows the given field list", () => {
  const fields = ["puzzle", "name", "params", "message"];
  const csv = toCSV([{ puzzle: 0, name: 'a "quoted", name', params: { x: 1 }, message: null }], fields);
  assert.equal(csv, 'puzzle,name,params,message\n0,"a ""quoted"", name","{""x"":1}",\n');
});

test("records: the JSON Lines carry the CSV's fields, in order, null where a run has none (message)", () => {
  const fields = ["puzzle", "name", "message", "iterations_per_second"];
  const records = [{ iterations_per_second: 5, puzzle: 0, name: "a" }, { puzzle: 1, name: "b", message: "m", extra: 1 }];
  const lines = toJSONLines(records, fields).trimEnd().split("\n").map((l) => JSON.parse(l));
  for (const rec of lines) assert.deepEqual(Object.keys(rec), toCSV(records, fields).split("\n")[0].split(","));
  assert.deepEqual(lines[0], { puzzle: 0, name: "a", message: null, iterations_per_second: 5 });
  assert.equal(lines[1].message, "m");
});

test("presets: the papers' columns and notes come from data/published.json, as the papers print them", async () => {
  const { PRESETS, paperFigure, presetNote } = await import("../../static/compare/presets.js");
  const pub = JSON.parse(readFileSync(here("../../data/published.json"), "utf8"));
  const preset = (id) => PRESETS.find((p) => p.id === `paper-${id}`);
  const column = (id, names) => names.map((n) => paperFigure(preset(id), n, pub));
  const sato = ["sato-01-easy", "sato-11-easy", "sato-27-medium", "sato-29-medium", "sato-77-difficult", "sato-106-difficult"];
  assert.deepEqual(column("nb_coin", sato), ["100/100, 2 gen.", "100/100, 4 gen.", "100/100, 130 gen.",
    "100/100, 1,196 gen.", "100/100, 2,710 gen.", "100/100, 2,341 gen."]);
  assert.deepEqual(column("gp_moves", [...sato, "ai-escargot"]), ["100%, 0–0 gen.", "100%, 0–0 gen.", "100%, 0–0 gen.",
    "100%, 0–0 gen.", "100%, 0–1 gen.", "100%, 0–2 gen.", "100%, 1–15 gen."]);
  assert.deepEqual(column("ga_woc", sato), ["solved reliably (easy)", "solved reliably (easy)",
    "occasionally solved (medium)", "occasionally solved (medium)", "comes very close to solving (hard)",
    "comes very close to solving (hard)"]);
  assert.deepEqual(column("alldiff_tabu", ["ai-escargot", "anything"]), ["30/30 within 10,000 it.", "30/30 within 10,000 it."]);
  assert.deepEqual(column("hill_climb", ["easy-3", "medium-1", "hard-10", "diabolical-2"]), ["avg 234 it., 0.12 restarts (Easy)",
    "avg 392 it., 1.08 restarts (Medium)", "avg 725 it., 2.8 restarts (Hard)", "avg 3,588 it., 3.39 restarts (Hardest)"]);
  assert.match(presetNote(preset("ga_woc"), pub), /final conflicts 3\.82 \(GA\) and 3\.78 \(GA\+WoC\), generations 262\.26 and 252\.04/);
  assert.equal(paperFigure(preset("nb_coin"), "sato-01-easy", {}), "");     // no file: no figure, no crash
});

test("links: the lab's own share link pasted as text opens with its settings; other links give their puzzle", async () => {
  const { labLinkFragment } = await import("../../static/rules/links.js");
  const p = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
  assert.equal(labLinkFragment(`https://host/lab/#p=${p}&s=hill_climb&seed=3`), `#p=${p}&s=hill_climb&seed=3`);
  assert.equal(labLinkFragment(`  #g=16:0.45:7&s=acs  `), "#g=16:0.45:7&s=acs");
  assert.equal(labLinkFragment(`https://host/#p=${p}&t=10&m=race&e=hill_climb:0,acs:0`), `#p=${p}&t=10&m=race&e=hill_climb:0,acs:0`);
  assert.equal(labLinkFragment(`https://host/#p=${p}`), null);                   // a puzzle only: read as one
  assert.equal(labLinkFragment(`https://www.sudokuwiki.org/sudoku.htm?bd=${"0".repeat(81)}`), null);
  assert.equal(labLinkFragment(`https://example.org/#s=hill_climb`), null);       // no puzzle in it
  assert.equal(labLinkFragment(p), null);
});

test("entries that ask for workers: written after the parameters, read back, described; no solver has a parameter so named", () => {
  for (const schema of schemas.values()) {
    for (const name of ENTRY_PAIRS) assert.ok(!schema.params.some((p) => p.name === name), `${schema.id} has a parameter ${name}`);
  }
  const ls = schemas.get("alldiff_ls");
  const params = Object.fromEntries(ls.params.map((p) => [p.name, p.default]));
  const entries = [{ solver: "alldiff_ls", seed: 1, params, workers: 2, exchange: 3000 },
    { solver: "alldiff_ls", seed: 2, params, workers: 4, exchange: 50000 }, { solver: "alldiff_ls", seed: 3, params }];
  const text = encodeEntries(entries, schemas);
  assert.equal(text, "alldiff_ls:1:workers=2:exchange=3000,alldiff_ls:2:workers=4,alldiff_ls:3");
  assert.deepEqual(decodeEntries(text, schemas), { entries, problems: [] });
  assert.equal(describe(entries[0], ls), "alldiff_ls · seed 1 · 2 workers · exchange every 3,000");
  assert.equal(describe(entries[1], ls), "alldiff_ls · seed 2 · 4 workers");
  assert.equal(describe(entries[2], ls), "alldiff_ls · seed 3");
});

test("workers: alldiff_ls a team, acs and alldiff_tabu a portfolio, each with its own default exchange", () => {
  assert.deepEqual(["alldiff_ls", "acs", "alldiff_tabu", "hill_climb"].map(exchangeOf), [50000, 2, 100, 50000]);
  assert.deepEqual(["alldiff_ls", "acs", "alldiff_tabu"].map((s) => workersProblem(s, 2)), [null, null, null]);
  assert.equal(workersProblem("nb_coin", 2), sentence("workers_refused", { solver: "nb_coin" }));   // the table's (test_limits.py holds its words)
  assert.ok(workersProblem("nb_coin", 2).endsWith("run on several workers, not nb_coin"));
  assert.equal(workersProblem("nb_coin", 1), null);
  assert.deepEqual(["alldiff_ls", "acs", "alldiff_tabu", "hill_climb", "exact_search", "own"].map(runsOnSeveral),
    [true, true, true, false, false, false]);            // the Solver form shows Workers for the first three only
  // x= is written only when not the solver's default (an empty field: the default)
  const link = (solver, exchange) => encodeState({ generator: "9:0.4:1", solver, seed: 5, params: {}, max_seconds: 60, workers: "2", exchange });
  assert.equal(link("acs", ""), "#g=9:0.4:1&s=acs&seed=5&t=60&w=2");
  assert.equal(link("acs", "2"), "#g=9:0.4:1&s=acs&seed=5&t=60&w=2");
  assert.equal(link("acs", "50000"), "#g=9:0.4:1&s=acs&seed=5&t=60&w=2&x=50000");
  assert.equal(link("alldiff_ls", "50000"), "#g=9:0.4:1&s=alldiff_ls&seed=5&t=60&w=2");
  // an entry asking for workers takes its solver's exchange, and writes it only when not that
  const { entries, problems } = decodeEntries("acs:1:workers=2,alldiff_tabu:2:workers=2:exchange=50", schemas);
  assert.deepEqual([problems, entries.map((e) => [e.solver, e.workers, e.exchange])], [[], [["acs", 2, 2], ["alldiff_tabu", 2, 50]]]);
  assert.equal(encodeEntries(entries, schemas), "acs:1:workers=2,alldiff_tabu:2:workers=2:exchange=50");
});

// The settings table (static/rules/table.js) against its one home (py/sudoku_lab/settings.json,
// which the page reads through the build's copy), the labels both sides give a key
// (tests/settings_cases.json), the lists derived from it, the one reader of what Start
// runs (static/rules/read.js) and the Solver form's pure parts (static/settings/form.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { SETTINGS, labelOf, problemLine, judges, hasField, LINK_KEYS, COMPARE_LINK_KEYS, initialSettings, keysIn, entryKey } from "../../static/rules/table.js";
import { read, experimentPuzzles, filesProblem, raceWorkersProblem, seedsProblem, tooFewEntries, widestEntryProblem }
  from "../../static/rules/read.js";
import { citationText, exchangePlaceholder, missingSolverChoice, shownParam, solverOptionText, workersFieldHidden }
  from "../../static/settings/form.js";
import { INITIAL } from "../../static/state.js";
import { RESERVED, COMPARE_KEYS } from "../../static/rules/links.js";
import { parsePuzzle } from "../../static/rules/parse.js";
import { autoWorkers, autoWorkersWhy } from "../../static/rules/workers.js";
import { autoWorkersReason, codeFirst } from "../../static/rules/read.js";
import { AUTO_TEAM, sentence } from "../../static/rules/limits.js";
import { runFragment } from "../../static/rules/stop-point.js";
import { checkEntry } from "../../static/compare/check.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const cases = JSON.parse(readFileSync(here("../settings_cases.json"), "utf8"));
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));

test("settings: the table is the package's settings.json, row by row (a stale build fails here)", () => {
  const source = JSON.parse(readFileSync(here("../../py/sudoku_lab/settings.json"), "utf8"));
  assert.deepEqual(SETTINGS, source.settings, "static/vendor/settings.json is not the package's: run python3 build.py build");
  for (const [key, label] of Object.entries(cases.labels)) assert.equal(labelOf(key), label, key);
});

test("settings: the links' keys and the state's initial values come from the table", () => {
  assert.deepEqual([...LINK_KEYS], ["p", "g", "s", "seed", "t", "i", "ev", "w", "x", "stop", "code"]);
  assert.deepEqual([...COMPARE_KEYS].sort(), ["c", "code", "e", "ev", "g", "gi", "gs", "i", "m", "p", "pl", "preset", "ps", "runs", "seed", "t"]);
  for (const k of [...LINK_KEYS, ...COMPARE_LINK_KEYS]) assert.ok(RESERVED.has(k), k);
  const init = initialSettings();
  for (const part of ["settings", "generator", "compare", "paste"]) assert.deepEqual(INITIAL[part], init[part], part);
  assert.equal(INITIAL.settings.max_seconds, "60");
  assert.deepEqual(keysIn("settings"), ["s", "seed", "t", "i", "ev", "w", "x"]);
});

test("settings: the page's HTML repeats no initial value (the form takes the table's at start-up)", () => {
  const html = readFileSync(here("../../index.html"), "utf8");
  for (const row of SETTINGS) {
    if (!row.field || !row.state) continue;
    const tag = new RegExp(`<(input|textarea)[^>]*data-testid="${row.field}"[^>]*>`).exec(html);
    if (tag) assert.ok(!/\svalue=/.test(tag[0]), `${row.field} carries a value in index.html`);
  }
  assert.ok(!/<option[^>]*selected/.test(html.split('data-testid="generate-size"')[1].split("</select>")[0]));
});

const PUZZLE_9 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
function state(patch = {}) {
  const s = { ...INITIAL, schemas, puzzle: parsePuzzle(PUZZLE_9), problems: new Map(), ...patch };
  s.settings = { ...INITIAL.settings, solver: "hill_climb", ...(patch.settings || {}) };
  s.compare = { ...INITIAL.compare, ...(patch.compare || {}) };
  return s;
}
const entry = (solver, seed = 1) => ({ solver, seed, params: {} });

test("read: Solve's values by the rules, or Solve's problems only", () => {
  const ok = read("solve", state());
  assert.equal(ok.problems.size, 0);
  assert.equal(ok.values.solver, "hill_climb");
  assert.equal(ok.values.seed, 1);
  assert.equal(ok.values.max_seconds, 60);
  assert.equal(ok.values.puzzle, PUZZLE_9);
  const bad = read("solve", state({ settings: { seed: "-1", max_seconds: "0" } }));
  assert.deepEqual([...bad.problems.keys()].sort(), ["seed", "t"]);
  assert.match(bad.problems.get("t"), /^time limit must be/);
  assert.equal(read("solve", state({ puzzle: null })).problems.get("p"), "Load a puzzle first.");
});

test("read: a link's damaged code is named before the other problems, the missing puzzle included", () => {
  const damaged = "the link's code cannot be read: was the link cut short?";
  const s = state({ puzzle: null, settings: { solver: "own" }, problems: new Map([["p", "there is no puzzle (p=… or g=…)"], ["code", damaged]]) });
  const { problems } = read("solve", s);
  assert.deepEqual([...problems.keys()][0], "code");
  assert.equal(problems.get("code"), damaged);
  assert.ok(problems.has("p"));
  const given = new Map([["t", "time"], ["code", damaged]]);
  assert.deepEqual([...codeFirst(given).keys()], ["code", "t"]);
  assert.deepEqual([...given.keys()], ["t", "code"]);                          // the map it was given is left as it was
});

test("read: Solve's workers (w): one by default, several only for alldiff_ls, at most the pool's", () => {
  assert.equal(read("solve", state()).values.workers, 1);
  const two = read("solve", state({ settings: { solver: "alldiff_ls", workers: "2" } }));
  assert.deepEqual([two.problems.size, two.values.workers], [0, 2]);
  assert.equal(read("solve", state({ settings: { workers: "2" } })).problems.get("w"), sentence("workers_refused", { solver: "hill_climb" }));
  assert.equal(read("solve", state({ settings: { solver: "alldiff_ls", workers: "9" } })).problems.get("w"),
    "workers of the run must be between 1 and 8; got 9");
  assert.ok(!judges("race", "w") && judges("solve", "w"));
  // the exchange (x): 50,000 unless set, read only with several workers
  assert.equal(two.values.exchange, 50000);
  const x = read("solve", state({ settings: { solver: "alldiff_ls", workers: "2", exchange: "5000" } }));
  assert.deepEqual([x.problems.size, x.values.exchange], [0, 5000]);
  assert.equal(read("solve", state({ settings: { solver: "alldiff_ls", workers: "2", exchange: "0" } })).problems.get("x"),
    "exchange must be between 1 and 1000000000; got 0");
  assert.equal(read("solve", state({ settings: { solver: "alldiff_ls", workers: "1", exchange: "0" } })).problems.size, 0);
  // acs and alldiff_tabu run on several workers as a portfolio; an empty exchange is the solver's own
  const acs = read("solve", state({ settings: { solver: "acs", workers: "2", exchange: "" } }));
  assert.deepEqual([acs.problems.size, acs.values.workers, acs.values.exchange], [0, 2, 2]);
  assert.equal(read("solve", state({ settings: { solver: "alldiff_tabu", workers: "3", exchange: "" } })).values.exchange, 100);
  assert.equal(read("solve", state({ settings: { solver: "alldiff_ls", workers: "2", exchange: "" } })).values.exchange, 50000);
});

// A full grid of order n (N = n·n) with the first `ratio` of its cells given.
function grid(n, ratio) {
  const N = n * n;
  const cells = Array.from({ length: N * N }, (_, i) => {
    const r = Math.floor(i / N), c = i % N;
    return i < Math.round(ratio * N * N) ? ((r % n) * n + Math.floor(r / n) + c) % N + 1 : 0;
  });
  return { n, cells };
}

test("autoWorkers (auto_workers_cases.json): a team on every worker to spare, at most the table's cap, where one pays; else one", () => {
  const { cases } = JSON.parse(readFileSync(here("../auto_workers_cases.json"), "utf8"));
  for (const c of cases) {
    const facts = { solver: c.solver, size: c.size, givens: Math.floor(c.givens_share * c.size * c.size), spare: c.spare };
    assert.equal(autoWorkers(facts), c.workers, c.why);
    assert.equal(autoWorkersWhy(facts).startsWith(`auto: ${c.workers} worker`), true, c.why);   // the same decision, said
  }
});

test("read: Workers left empty is auto: the form reads what autoWorkers decides on its puzzle and the pool's spare workers", () => {
  const solve = (patch, settings = {}) => read("solve", state({ spareWorkers: 7, puzzle: grid(6, 0.45), ...patch,
    settings: { solver: "alldiff_ls", workers: "", ...settings } }));
  assert.deepEqual([solve({}).values.workers, solve({}).problems.size], [AUTO_TEAM.max_workers, 0]);   // a hard 36×36
  assert.equal(solve({ spareWorkers: 1 }).values.workers, 1);                  // a two-core machine's page
  assert.equal(solve({ puzzle: grid(6, 0.6) }).values.workers, 1);            // too many givens
  assert.equal(solve({}, { solver: "hill_climb" }).values.workers, 1);
  assert.equal(solve({}, { workers: "2" }).values.workers, 2);                // a number typed is the number
  assert.equal(solve({ puzzle: null }).values.workers, 1);
});

test("read: a Solve's link writes the workers auto stood for; an entry the form composes asks for one", () => {
  const auto = (spareWorkers) => state({ spareWorkers, puzzle: grid(6, 0.45), settings: { solver: "alldiff_ls", workers: "" } });
  assert.doesNotMatch(runFragment(auto(1)), /&w=/);                         // one worker: no w=, as before
  assert.match(runFragment(auto(7)), new RegExp(`&w=${AUTO_TEAM.max_workers}(&|$)`));   // the team auto stood for
  assert.equal(checkEntry(auto(7)).entry.workers, undefined);
  const typed = state({ puzzle: grid(6, 0.45), settings: { solver: "alldiff_ls", workers: "2" } });
  assert.match(runFragment(typed), /&w=2(&|$)/);
  assert.equal(checkEntry(typed).entry.workers, 2);
});

test("read: entries that ask for workers: a race's lanes at most 8 workers together; an experiment's pool holds its widest entry", () => {
  const team = (workers) => ({ ...entry("alldiff_ls"), workers, exchange: 50000 });
  const race = (entries) => read("race", state({ compare: { entries } })).problems.get("e");
  assert.equal(race([team(4), team(4)]), undefined);
  assert.equal(race([team(4), team(4), entry("hill_climb")]), "the lanes ask for 9 workers together; a race runs on at most 8");
  const experiment = (entries, workers) => read("experiment", state({ compare: { entries, workers, puzzles: "current" } })).problems.get("workers");
  assert.equal(experiment([entry("hill_climb"), team(2)], "2"), undefined);
  assert.equal(experiment([entry("hill_climb"), team(3)], "2"),
    "entry 2 asks for 3 workers a run, more than the pool's 2: raise the workers to 3 or add the entry with fewer");
});

test("read: a race entry's problem never blocks a single run, and is named by its label", () => {
  // a 16×16 loaded after an alldiff_tabu filter=hall_sets entry was added: the vet marked entry 1
  const s = state({ compare: { entries: [entry("alldiff_tabu"), entry("hill_climb")] },
    problems: new Map([[entryKey(0), "entry 1 (alldiff_tabu): hall_sets works on 9×9 puzzles only"], ["runs", "runs must be …"]]) });
  assert.equal(read("solve", s).problems.size, 0);
  const race = read("race", s);
  assert.deepEqual([...race.problems.keys()].sort(), ["entry-1", "runs"]);
  assert.equal(labelOf("entry-1"), "entry 1");
  assert.equal(problemLine("entry-1", "entry 1 (alldiff_tabu): no"), "entry 1 (alldiff_tabu): no");
  assert.equal(problemLine("t", "must be above 0"), "time limit: must be above 0");
  assert.equal(problemLine("seed", "seed must be …"), "seed must be …");
  assert.ok(judges("race", "entry-3") && !judges("solve", "entry-3"));
  // an unknown setting of a link stops every view until it is dismissed
  assert.ok(judges("solve", "rns", s) && judges("race", "rns", s));
});

test("read: a parameter of the solver form judges Solve, not a race; the time limit judges both", () => {
  const s = state({ compare: { entries: [entry("hill_climb"), entry("acs")] },
    settings: { params: { plateau: "x" } }, problems: new Map([["seed", "seed must be …"]]) });
  assert.deepEqual([...read("solve", s).problems.keys()].sort(), ["plateau", "seed"]);
  assert.equal(read("race", s).problems.size, 0);
  const t = state({ compare: { entries: [entry("hill_climb"), entry("acs")] }, settings: { max_seconds: "1e3" } });
  assert.ok(read("race", t).problems.has("t") && read("solve", t).problems.has("t"));
  assert.ok(hasField("plateau", s) && hasField("entry-2", s) && !hasField("constructor", s));
});

test("read: the time limit left empty beside a step or evaluation budget is none, in every view; alone it is a problem", () => {
  const entries = [entry("hill_climb"), entry("acs")];
  for (const budget of [{ max_iterations: "30000" }, { max_evaluations: "5000" }]) {
    for (const view of ["solve", "race", "experiment"]) {
      const r = read(view, state({ compare: { entries }, settings: { max_seconds: "", ...budget } }));
      assert.equal(r.problems.size, 0, view);
      assert.equal(r.values.max_seconds, null, view);
    }
  }
  const alone = read("solve", state({ settings: { max_seconds: "" } }));
  assert.equal(alone.problems.get("t"), "time limit is empty: give a number of seconds above 0 and at most 86400, " +
    "or a step or evaluation budget to run with no time limit");
  assert.ok(![...alone.problems.values()].some((m) => m.includes("''")));
});

test("read: a stored problem keeps its own message (a link's), a rule's fills the others", () => {
  const s = state({ settings: { seed: "abc" }, problems: new Map([["seed", "from the link"]]) });
  assert.equal(read("solve", s).problems.get("seed"), "from the link");
  assert.match(read("solve", s, { stored: false }).problems.get("seed"), /^seed must be/);
});

test("read: a race needs two entries; an experiment reads runs, workers, its puzzles and its seeds", () => {
  assert.match(read("race", state({ compare: { entries: [entry("acs")] } })).problems.get("e"), /two to five entries/);
  const x = read("experiment", state({ compare: { entries: [entry("acs")], runs: "3", workers: "2" } }));
  assert.equal(x.problems.size, 0);
  assert.equal(x.values.runs, 3);
  assert.equal(x.values.workers, 2);
  assert.deepEqual(x.values.puzzles.puzzles, [{ name: "current", puzzle: PUZZLE_9 }]);
  const bad = read("experiment", state({ compare: { entries: [entry("acs", 2 ** 53 - 2)], runs: "3", workers: "9",
    puzzles: "list", list: PUZZLE_9 + "\nxyz" } }));
  assert.deepEqual([...bad.problems.keys()].sort(), ["pl", "runs", "workers"]);
  assert.match(bad.problems.get("workers"), /^workers must be between 1 and 8/);
  assert.match(bad.problems.get("runs"), /entry 1's seeds/);
  const counts = read("experiment", state({ compare: { entries: [entry("acs")], runs: "x", workers: "0" } }));
  assert.equal(counts.problems.get("runs"), "runs must be a whole number; got 'x'");   // named by the table's label
  assert.equal(counts.problems.get("workers"), "workers must be between 1 and 8; got 0");
  assert.equal(bad.line, 2);
  const gen = read("experiment", state({ compare: { entries: [entry("acs")], puzzles: "gen",
    sweep: { size: "9", p0: "0.5", p1: "0.4", step: "0.1", instances: "1" } } }));
  assert.match(gen.problems.get("gs"), /p from must not be above p to/);
  assert.deepEqual(read("experiment", state({ compare: { entries: [entry("acs")], puzzles: "sato6" } })).values.puzzles,
    { kind: "set", id: "sato6" });
});

test("read: a bad puzzle left in the paste box blocks only a Start that runs the board's puzzle", () => {
  const bad = new Map([["p", "Line 1, column 3: 'x' is not a digit or a blank"], ["gp", "p must be between 0 and 1; got 2"]]);
  const left = (compare) => state({ puzzle: null, problems: bad, compare: { entries: [entry("acs")], ...compare } });
  for (const view of ["solve", "race"]) assert.ok(read(view, left({})).problems.has("p"), view);
  assert.deepEqual([...read("experiment", left({ puzzles: "current" })).problems.keys()].sort(), ["gp", "p"]);
  const sweep = { size: "9", p0: "0.4", p1: "0.5", step: "0.1", instances: "1" };
  for (const compare of [{ puzzles: "gen", sweep }, { puzzles: "sato6" }, { puzzles: "list", list: PUZZLE_9 }]) {
    const x = read("experiment", left(compare));
    assert.deepEqual([...x.problems.keys()], [], compare.puzzles);             // nothing it runs is wrong
    assert.ok(x.values.puzzles, compare.puzzles);
  }
});

test("a bad link's generator settings, part by part on the Generate form's fields", async () => {
  const { specFields } = await import("../../static/rules/generator.js");
  const bad = specFields("99:2:x");
  assert.deepEqual(bad.form, { size: "99", p: "2", seed: "x", unique: false });
  assert.deepEqual([...bad.problems.keys()], ["gsize", "gp", "gseed"]);
  assert.match(bad.problems.get("gp"), /^p must be a number from 0 to 1; got '2'/);
  assert.equal(bad.problems.get("gseed"), "generator seed must be a whole number from 0 to 9007199254740991; got 'x'");
  assert.equal(specFields("16:0.45:7:unique").problems.size, 0);
  // not the spec's shape: g= itself stays the problem, and its parts still go to the fields in order
  const abc = specFields("abc");
  assert.deepEqual(abc.form, { size: "abc", p: "", seed: "", unique: false });
  assert.equal(abc.shaped, false);
  assert.deepEqual([...abc.problems.keys()], ["gsize"]);                  // the parts given, each by its rule
  assert.deepEqual(specFields("16:0.45").form, { size: "16", p: "0.45", seed: "", unique: false });
  assert.equal(specFields("16:0.45").problems.size, 0);
  assert.equal(specFields("16:0.45:7:twice").form.seed, "7:twice");       // the seed takes the rest: nothing is lost
  assert.equal(specFields("x".repeat(10_000)), null);                     // too long to quote
});

test("patchOf puts a link's text where the table keeps the setting", async () => {
  const { patchOf, valueIn } = await import("../../static/rules/table.js");
  const s = state();
  assert.deepEqual(patchOf(s, "seed", "abc").settings, { ...s.settings, seed: "abc" });
  assert.deepEqual(patchOf(s, "p", "123"), { paste: "123" });
  assert.equal(patchOf(s, "gi", "0").compare.sweep.instances, "0");
  assert.equal(patchOf(s, "m", "x"), null);
  assert.equal(valueIn({ ...s, ...patchOf(s, "t", "0") }, "t"), "0");
});

test("read: why Workers auto stands for what it does, in words: the solver, the grid, then this device", () => {
  const hard = { solver: "alldiff_ls", size: 36, givens: Math.floor(0.45 * 1296), spare: 7 };
  assert.match(autoWorkersWhy(hard), /^auto: 4 workers — a team ends at its first solution, .*at most 4 \(each holds its own Python\)\.$/);
  assert.match(autoWorkersWhy({ ...hard, spare: 3 }), /^auto: 3 workers — .*one a core this device spares beside the page\.$/);
  assert.match(autoWorkersWhy({ ...hard, spare: 1 }), /^auto: 1 worker — a team would pay here, .*type 2 to try it\.$/);
  assert.match(autoWorkersWhy({ ...hard, size: 9, givens: 30 }), /^auto: 1 worker — a team was measured to pay only for alldiff_ls on a 25×25 or larger with at most 45 % of its cells given; this is a 9×9\.$/);
  assert.match(autoWorkersWhy({ ...hard, givens: 800 }), /this one has 62 % given\.$/);
  assert.match(autoWorkersWhy({ ...hard, solver: "acs" }), /^auto: 1 worker — .*\(acs and alldiff_tabu run on several only when you ask\)\.$/);
  // a solver that never runs on several says so, in the limits table's sentence naming those that do
  assert.equal(autoWorkersWhy({ ...hard, solver: "hill_climb" }),
    "auto: 1 worker — only alldiff_ls (one team run), acs and alldiff_tabu (a portfolio) run on several workers, not hill_climb.");
  assert.match(autoWorkersWhy({ ...hard, solver: "own" }), /^auto: 1 worker — only .* run on several workers, not own\.$/);
  assert.equal(autoWorkersReason(state({ puzzle: null })), "");
  assert.match(autoWorkersReason(state()), /^auto: 1 worker — /);
});

test("read's parts: too few entries, the lanes' workers together, an entry wider than the pool, seeds past the rule", () => {
  assert.equal(tooFewEntries("race", [entry("acs")]), "A race needs two to five entries; add them with “Add entry”.");
  assert.equal(tooFewEntries("race", [entry("acs"), entry("hill_climb")]), null);
  assert.equal(tooFewEntries("experiment", []), "Add at least one entry with “Add entry”.");
  assert.equal(tooFewEntries("experiment", [entry("acs")]), null);
  const wide = (workers) => ({ ...entry("alldiff_ls"), workers, exchange: 50000 });
  assert.equal(raceWorkersProblem([wide(4), wide(4)]), null);                     // 8: the most a race runs on
  assert.equal(raceWorkersProblem([wide(4), wide(4), entry("acs")]), "the lanes ask for 9 workers together; a race runs on at most 8");
  assert.equal(widestEntryProblem([entry("acs"), wide(3)], 3), null);
  assert.equal(widestEntryProblem([entry("acs"), wide(3), wide(4)], 2),
    "entry 2 asks for 3 workers a run, more than the pool's 2: raise the workers to 4 or add the entry with fewer");
  assert.equal(widestEntryProblem([wide(8)], null), null);                        // the pool's workers unread: no second problem
  assert.equal(seedsProblem([entry("acs", 2 ** 53 - 3)], 3), null);               // its last seed is the largest the rule takes
  assert.equal(seedsProblem([entry("acs", 1), entry("acs", 2 ** 53 - 2), entry("acs", 2 ** 53 - 1)], 3),
    "entry 2's seeds 9007199254740990 … 9007199254740992 pass 9007199254740991; lower its seed or the runs");
});

test("read's parts: the experiment's puzzle files still being read, none, none readable, or read", () => {
  const files = (patch) => ({ set: null, reading: null, read: [], skipped: [], ...patch });
  const one = [{ name: "a.txt #1", puzzle: PUZZLE_9, file: "a.txt" }];
  assert.equal(filesProblem(files({ reading: { done: 1, total: 3 }, read: one })), "the files are still being read (1 of 3)");
  assert.match(filesProblem(files({})), /^open one or more puzzle files first/);
  assert.match(filesProblem(files({ skipped: [{ name: "b.txt", problem: "x" }] })), /^none of the files opened holds a puzzle/);
  assert.equal(filesProblem(files({ read: one, skipped: [{ name: "b.txt", problem: "x" }] })), null);
  const problems = new Map();
  const chosen = (f) => experimentPuzzles(state({ files: f, compare: { puzzles: "files" } }), problems);
  assert.deepEqual(chosen(files({ read: one })), { puzzles: { kind: "files", puzzles: one } });
  assert.equal(problems.size, 0);
  assert.deepEqual(chosen(files({})), {});
  assert.match(problems.get("ps"), /^open one or more puzzle files first/);
  const list = new Map();
  assert.deepEqual(experimentPuzzles(state({ compare: { puzzles: "list", list: `${PUZZLE_9}\n\nxyz` } }), list), { line: 3 });
  assert.ok(list.has("pl"));
});

test("the Solver form's parts: its menu entry, citation, Exchange every's placeholder, a parameter as shown", () => {
  const acs = schemas.get("acs");
  assert.equal(solverOptionText(acs), `acs — ${acs.title}`);
  assert.equal(citationText(acs), `${acs.title}. ${acs.citation}`);
  const own = { id: "own", title: "Your solver (write it in the editor)", citation: "Its title and parameters show once its code is loaded.", own: true };  // the stand-in
  assert.equal(citationText(own, ""), "Your solver has no code yet: pick a template, or write run(puzzle, params, rng).");
  assert.equal(citationText(own, "def run(puzzle, params, rng): ..."), `${own.title}. ${own.citation}`);
  assert.deepEqual(["alldiff_ls", "acs", "alldiff_tabu", "hill_climb", "own"].map(exchangePlaceholder), ["50000", "2", "100", "", ""]);
  const [number] = acs.params.filter((p) => p.type === "float");
  assert.equal(shownParam(number, {}), String(number.default));                  // the schema's default
  assert.equal(shownParam(number, { [number.name]: "0.x" }), "0.x");             // as typed, never replaced
  const flag = [...schemas.values()].flatMap((s) => s.params).find((p) => p.type === "bool");
  assert.equal(shownParam(flag, { [flag.name]: !flag.default }), !flag.default);
  assert.equal(shownParam(flag, {}), !!flag.default);
  assert.equal(shownParam(flag, { [flag.name]: "" }), false);                     // a checkbox's state is a boolean
});

test("the Solver form's parts: the solver the menu takes, and Workers and Exchange every hidden for a solver on one worker", () => {
  assert.equal(missingSolverChoice(state()), null);                                // hill_climb: the schemas have it
  assert.equal(missingSolverChoice(state({ settings: { solver: "nope" } })), schemas.keys().next().value);
  assert.equal(missingSolverChoice(state({ settings: { solver: "" } })), schemas.keys().next().value);
  const hidden = (settings, problems = new Map()) => ["w", "x"].map((key) => workersFieldHidden(state({ settings, problems }), key));
  assert.deepEqual(hidden({ solver: "alldiff_ls" }), [false, false]);
  assert.deepEqual(hidden({ solver: "hill_climb", workers: "", exchange: "" }), [true, true]);
  assert.deepEqual(hidden({ solver: "hill_climb", workers: "2", exchange: " " }), [false, true]);     // a link's w=2: shown to clear
  assert.deepEqual(hidden({ solver: "hill_climb", workers: "1", exchange: "" }), [true, true]);      // a link without w=: one worker
  assert.deepEqual(hidden({ solver: "alldiff_ls", workers: "1" }), [false, false]);
  assert.deepEqual(hidden({ solver: "hill_climb", workers: "" }, new Map([["x", "bad"]])), [true, false]);
});

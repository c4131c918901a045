// The compare views' pure parts (static/compare/): the status line, the start-up words, what
// Start and "Add entry" check, the race's places, the experiment's tally, what a preset sets.
// (That no module touches the DOM when imported: imports.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { comparisonWorkers, compareStatus, coresNote, describeStartup, EVERY_WORKER_READY } from "../../static/compare/status.js";
import { badListLine, checkEntry, vetPuzzles } from "../../static/compare/check.js";
import { checkStart, stopsForNoSolution } from "../../static/start-check.js";
import { measureOf, places, placeText, rankingText, unsolvedPlaceText } from "../../static/compare/ranking.js";
import { replayPointOf, runFragment, stopPointAfter, stopPointOf } from "../../static/rules/stop-point.js";
import { LOAD_STEPS } from "../../static/python/worker-posts.js";
import { tallyRuns } from "../../static/compare/tally.js";
import { PRESETS, presetPatch } from "../../static/compare/presets.js";
import { pointsAgainstP } from "../../static/rules/published.js";
import { stepCount, stepWord } from "../../static/python/messages.js";
import { tally } from "../../static/rules/stats.js";
import { sentence } from "../../static/rules/limits.js";
import { INITIAL } from "../../static/state.js";
import { parsePuzzle, toBenchmark } from "../../static/rules/parse.js";
import { readPuzzleFiles } from "../../static/compare/files.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));

const PUZZLE_9 = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
function state(patch = {}) {
  const s = { ...INITIAL, schemas, ready: true, puzzle: parsePuzzle(PUZZLE_9), problems: new Map(), ...patch };
  s.settings = { ...INITIAL.settings, solver: "hill_climb", ...(patch.settings || {}) };
  s.compare = { ...INITIAL.compare, ...(patch.compare || {}) };
  return s;
}
const entry = (solver, seed = 1) => ({ solver, seed, params: {} });

test("compare status: each state and its sentence", () => {
  assert.deepEqual(compareStatus(state({ failure: "no network" }), "race"), ["loading", "Python could not load: no network"]);
  assert.equal(compareStatus(state({ ready: false }), "race")[0], "loading");
  // what Start would refuse is said beside it before it is pressed: the first problem, and how many more
  assert.deepEqual(compareStatus(state(), "race"),
    ["ready", "Start runs nothing yet: a race needs two to five entries; add them with “Add entry”."]);
  const two = { entries: [entry("acs"), entry("hill_climb")] };
  assert.deepEqual(compareStatus(state({ compare: two }), "race"), ["ready", "Ready: set the entries and press Start."]);
  assert.equal(compareStatus(state({ compare: two, settings: { max_seconds: "x", max_iterations: "y" } }), "race")[1],
    "Start runs nothing yet: step budget must be a whole number from 1 to 9007199254740991; got 'y' (and 1 more).");
  const starting = (detail) => state({ running: { kind: "race", phase: "starting", detail } });
  assert.deepEqual(compareStatus(starting("worker 2 is loading numpy (1 of 2 ready)"), "race"),
    ["loading", "Starting: worker 2 is loading numpy (1 of 2 ready)."]);
  assert.deepEqual(compareStatus(starting(EVERY_WORKER_READY), "race"),
    ["running", "The race is starting: every worker is ready. Stop ends it within a moment."]);
  assert.deepEqual(compareStatus(state({ running: { kind: "experiment", phase: "running", detail: "" } }), "experiment"),
    ["running", "The experiment is running. Stop ends it within a moment."]);
  assert.deepEqual(compareStatus(state({ running: { kind: "solve", phase: "running", detail: "" } }), "race"),
    ["ready", "A single run (Solve view) is running: Start becomes available when it ends or is stopped."]);
  assert.deepEqual(compareStatus(state({ making: { spec: "16:0.45:7", waiting: "race" } }), "race"),
    ["ready", "Making the puzzle 16:0.45:7: the race starts as soon as it is on the board."]);
  const lanes = [{ state: "solved" }, { state: "stopped" }, { state: "failed" }];
  assert.deepEqual(compareStatus(state({ results: { ...INITIAL.results, race: { lanes } } }), "race"),
    ["stopped", "Stopped: 1 of 3 lanes solved."]);
  assert.deepEqual(compareStatus(state({ results: { ...INITIAL.results, race: { lanes: lanes.slice(0, 1) } } }), "race"),
    ["finished", "Finished: 1 of 1 lanes solved."]);
  assert.deepEqual(compareStatus(state({ results: { ...INITIAL.results, experiment: { solved: 3, done: 8, stopped: 2 } } }), "experiment"),
    ["stopped", "Stopped: 3 of 8 runs solved (2 more stopped by Stop, left out)."]);
});

test("compare status: what a starting comparison's workers are doing", () => {
  assert.equal(describeStartup([{ ready: true }, { ready: true }]), EVERY_WORKER_READY);
  assert.equal(describeStartup([{ ready: true }, { ready: false, stage: "numpy" }, { ready: false, failure: "boom" }]),
    "worker 2 is loading numpy, worker 3 failed (1 of 3 ready)");
  assert.equal(describeStartup([{ ready: false }]), "worker 1 is loading the Python runtime (0 of 1 ready)");
});

test("check: Start of a race or experiment — its settings, or what it says and marks", () => {
  const ok = checkStart("race", state({ view: "race", compare: { entries: [entry("acs"), entry("hill_climb")] } }));
  const { max_seconds, max_iterations, max_evaluations, runs, workers, entries } = ok.values;
  assert.deepEqual({ max_seconds, max_iterations, max_evaluations, runs, workers }, { max_seconds: 60, max_iterations: null,
    max_evaluations: null, runs: 1, workers: 1 });
  assert.deepEqual(entries.map((e) => e.solver), ["acs", "hill_climb"]);
  const budgeted = checkStart("race", state({ view: "race", settings: { max_iterations: "500", max_evaluations: "0" },
    compare: { entries: [entry("acs"), entry("hill_climb")] } }));
  assert.deepEqual([...budgeted.mark.keys()], ["ev"]);                 // a budget read by its rule, marked on its field
  assert.match(budgeted.message, /evaluation budget must be a whole number from 1/);
  const steps = checkStart("race", state({ view: "race", settings: { max_iterations: "500" },
    compare: { entries: [entry("acs"), entry("hill_climb")] } }));
  assert.equal(steps.values.max_iterations, 500);
  const one = checkStart("race", state({ view: "race", compare: { entries: [entry("acs")] } }));
  assert.equal(one.values, undefined);
  assert.equal(one.mark.size, 0);                               // the entries' problem is said, not marked on a field
  assert.equal(one.message, "Nothing was started. Fix these first:\n• entries: A race needs two to five entries; add them with “Add entry”.");
  // a field that already has a problem (a link's) keeps its message; a new one is marked
  const s = state({ view: "experiment", settings: { max_seconds: "0" },
    compare: { entries: [entry("acs")], runs: "x", puzzles: "list", list: PUZZLE_9 + "\nnot a puzzle" },
    problems: new Map([["runs", "runs: the link said x"]]) });
  const bad = checkStart("experiment", s);
  assert.deepEqual([...bad.mark.keys()].sort(), ["pl", "t"]);
  assert.equal(bad.problems.get("runs"), "runs: the link said x");
  assert.equal(bad.line, 2);
  assert.match(bad.message, /^Nothing was started\. Fix these first:\n• time limit/);
  const set = checkStart("experiment", state({ view: "experiment", compare: { entries: [entry("acs")], puzzles: "sato6", runs: "3" } }));
  assert.deepEqual(set.values.puzzles, { kind: "set", id: "sato6" });
  assert.equal(set.values.runs, 3);
});

test("check: Add entry takes the solver form's settings; the time limit and puzzle are not its own", () => {
  const { entry: e, problems } = checkEntry(state({ puzzle: null, settings: { solver: "acs", seed: "7", max_seconds: "0" } }));
  assert.equal(problems.size, 0);
  assert.equal(e.solver, "acs");
  assert.equal(e.seed, 7);
  assert.deepEqual(Object.keys(e.params).sort(), schemas.get("acs").params.map((p) => p.name).sort());
  const bad = checkEntry(state({ settings: { solver: "acs", seed: "-1" } }));
  assert.equal(bad.entry, null);
  assert.deepEqual([...bad.problems.keys()], ["seed"]);
});

test("check: Add entry takes the form's Workers and Exchange every when it asks for several; only alldiff_ls may", () => {
  const team = checkEntry(state({ settings: { solver: "alldiff_ls", seed: "3", workers: "2", exchange: "3000" } }));
  assert.deepEqual([team.entry.workers, team.entry.exchange, team.problems.size], [2, 3000, 0]);
  const one = checkEntry(state({ settings: { solver: "alldiff_ls", seed: "3", workers: "1", exchange: "3000" } }));
  assert.deepEqual(["workers" in one.entry, "exchange" in one.entry], [false, false]);     // one worker: today's entry
  const other = checkEntry(state({ settings: { solver: "hill_climb", seed: "3", workers: "2" } }));
  assert.equal(other.entry, null);
  assert.deepEqual([...other.problems], [["w", sentence("workers_refused", { solver: "hill_climb" })]]);
});

test("check: the pasted list's bad line, from the list's reader, while its problem stands", () => {
  const list = `${PUZZLE_9}\n\n# a comment\n12x`;
  assert.equal(badListLine(state({ compare: { list }, problems: new Map([["pl", "anything"]]) })), 4);
  assert.equal(badListLine(state({ compare: { list } })), null);
  assert.equal(badListLine(state({ compare: { list: PUZZLE_9 }, problems: new Map([["pl", "ps=list needs the list"]]) })), null);
  assert.equal(badListLine(state({ compare: { list: "" }, problems: new Map([["pl", "empty"]]) })), null);
});

test("check: the puzzles an entry is vetted against", () => {
  assert.deepEqual(vetPuzzles(state({ view: "race", compare: { puzzles: "sato6" } })), [PUZZLE_9]);
  assert.deepEqual(vetPuzzles(state({ view: "race", puzzle: null })), []);
  assert.deepEqual(vetPuzzles(state({ view: "experiment", compare: { puzzles: "sato6" } })), [".".repeat(81)]);
  assert.deepEqual(vetPuzzles(state({ view: "experiment", compare: { puzzles: "gen", sweep: { ...INITIAL.compare.sweep, size: "16" } } })),
    [".".repeat(256)]);
  // a sweep of several sizes: an empty grid of each, so an entry the largest cannot take is marked
  assert.deepEqual(vetPuzzles(state({ view: "experiment", compare: { puzzles: "gen", sweep: { ...INITIAL.compare.sweep, size: "9,25" } } }))
    .map((p) => p.length), [81, 625]);
  const four = "1...\n..2.\n.3..\n...4".replace(/\n/g, "");
  const list = `${PUZZLE_9}\n${four}\n${PUZZLE_9.replace("9", ".")}`;
  assert.deepEqual(vetPuzzles(state({ view: "experiment", compare: { puzzles: "list", list } })).map((p) => p.length), [81, 16]);
  assert.deepEqual(vetPuzzles(state({ view: "experiment", compare: { puzzles: "list", list: "nonsense" } })), []);
});

test("ranking: places come from the results, by each lane's own time", () => {
  const solved = (seconds) => ({ solved: true, stop_reason: "solved", seconds });
  assert.deepEqual(places([solved(2), null, { solved: false, stop_reason: "budget", seconds: 0.5 }, solved(1)]), [2, null, null, 1]);
  assert.deepEqual(places([solved(1), solved(1), { solved: false, stop_reason: "stopped", seconds: 0 }]), [1, 2, null]);
  assert.deepEqual(places([]), []);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(placeText),
    ["1st · winner", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
});

test("ranking: the budget's own measure where one is set; unsolved lanes by open cells once every lane has ended", () => {
  assert.equal(measureOf({}), "seconds");
  assert.equal(measureOf({ max_iterations: 500, max_evaluations: null }), "iterations");
  assert.equal(measureOf({ max_iterations: 500, max_evaluations: 9000 }), "evaluations");
  const solved = (seconds, iterations, evaluations) => ({ solved: true, stop_reason: "solved", seconds, iterations, evaluations, open_cells: 0 });
  const unsolved = (open_cells, stop_reason = "budget") => ({ solved: false, stop_reason, seconds: 9, iterations: 9, evaluations: 9, open_cells });
  const race = [solved(1, 900, 10), solved(2, 100, 50), solved(3, 500, 30)];
  assert.deepEqual(places(race), [1, 2, 3]);
  assert.deepEqual(places(race, "iterations"), [3, 1, 2]);
  assert.deepEqual(places(race, "evaluations"), [1, 3, 2]);
  // a 36×36 race: four lanes not solved, with 14, 72, 177 and 542 open cells
  const four = [unsolved(177), unsolved(14), unsolved(542, "stalled"), unsolved(72)];
  assert.deepEqual(places(four), [3, 1, 4, 2]);
  assert.deepEqual(places([...four, solved(5, 1, 1)]), [4, 2, 5, 3, 1]);
  assert.deepEqual(places([unsolved(3), null, solved(1, 1, 1)]), [null, null, 1]);           // a lane still runs
  assert.deepEqual(places([unsolved(3), unsolved(1, "stopped"), unsolved(0, "error"), { ...unsolved(2), started: false }]),
    [1, null, null, null]);                                                                  // stopped, failed: no place
  assert.equal(unsolvedPlaceText(2), "2nd · not solved");
  assert.match(rankingText("evaluations"), /by their evaluations to solve .* open cells/);
});

test("the note beside a comparison's Start when its workers outnumber the cores", () => {
  assert.equal(coresNote(4, 2), "4 workers share 2 cores: their seconds depend on the load; a step or evaluation budget does not.");
  assert.equal(coresNote(2, 2), "");
  assert.equal(coresNote(3, null), "");
});

test("stop point: a stopped or timed-out run leaves one, for as long as the settings are its run's", () => {
  const r = (stop_reason, iterations, evaluations = 10) => ({ stop_reason, iterations, evaluations });
  assert.equal(stopPointAfter(r("stopped", 124718)), 124718);
  assert.equal(stopPointAfter(r("budget", 6430)), 6430);                                  // its time limit ended it
  assert.equal(stopPointAfter(r("budget", 500), { max_iterations: 500, max_evaluations: null }), null);   // its step budget did
  assert.equal(stopPointAfter(r("budget", 7, 900), { max_iterations: null, max_evaluations: 900 }), null);
  assert.equal(stopPointAfter(r("solved", 5)), null);
  assert.equal(stopPointAfter({ ...r("stopped", 0), started: false }), null);
  const s = state({ settings: { solver: "acs", seed: "3" } });
  const fragment = runFragment(s);
  assert.ok(fragment.startsWith("#p=") && !fragment.includes("stop="));
  assert.equal(stopPointOf({ ...s, stopPoint: { fragment, step: 40 } }), 40);
  assert.equal(stopPointOf({ ...s, settings: { ...s.settings, seed: "4" }, stopPoint: { fragment, step: 40 } }), null);
  assert.match(runFragment(s, 40), /&stop=40/);
  assert.equal(replayPointOf({ ...s, stopPoint: { fragment, step: 40, replay: false } }), null);    // Start here runs anew
  assert.equal(replayPointOf({ ...s, stopPoint: { fragment, step: 40, replay: true } }), 40);      // a link's: Start replays
  // a run on several workers leaves none (no replay stops every worker at one move count); its link says w=
  assert.equal(stopPointAfter({ ...r("stopped", 9000), params: { workers: 2 }, kind: "team" }), null);
  const team = state({ settings: { solver: "alldiff_ls", seed: "3", workers: "2" } });
  assert.match(runFragment(team), /&w=2(&|$)/);
  assert.ok(!runFragment(state({ settings: { solver: "alldiff_ls", seed: "3", workers: "1" } })).includes("w="));
  assert.ok(!runFragment(team).includes("x="));                                        // the default exchange goes unsaid
  assert.match(runFragment(state({ settings: { solver: "alldiff_ls", seed: "3", workers: "2", exchange: "5000" } })), /&w=2&x=5000/);
});

test("tally: an experiment's counts agree with the shared success rate (tests/stats_cases.json)", () => {
  const cases = JSON.parse(readFileSync(here("../stats_cases.json"), "utf8")).tally;
  for (const c of cases) {
    const records = c.records.map((r, i) => ({ seconds: i + 1, iterations: 10 * (i + 1), ...r }));
    const t = tallyRuns(records);
    const shared = tally(records);
    assert.equal(t.judged, shared.judged);
    assert.equal(t.solved, shared.solved);
    assert.equal(t.rate, shared.rate);
    assert.equal(t.errors.length, shared.errors);
    assert.deepEqual(t.seconds, records.filter((r) => r.solved && r.stop_reason !== "error" && r.stop_reason !== "stopped").map((r) => r.seconds));
  }
  const t = tallyRuns([{ solved: true, stop_reason: "solved", seconds: 1, iterations: 10 },
    { solved: true, stop_reason: "solved", seconds: 3, iterations: 30 }, { solved: false, stop_reason: "budget", seconds: 9, iterations: 90 }]);
  assert.deepEqual(t.secondsQuartiles, [1.5, 2, 2.5]);
  assert.deepEqual(t.iterationQuartiles, [15, 20, 25]);
  assert.equal(t.rate, 2 / 3);
  assert.ok(t.interval[0] < 2 / 3 && t.interval[1] > 2 / 3);
  assert.deepEqual(tallyRuns([]).secondsQuartiles, [null, null, null]);
});

test("presets: choosing one sets the comparison and the shared time limit, nothing else", () => {
  const s = state({ settings: { seed: "5" } });
  const patch = presetPatch(s, "phase-transition");
  const preset = PRESETS.find((p) => p.id === "phase-transition");
  assert.deepEqual(Object.keys(patch).sort(), ["compare", "settings"]);
  assert.deepEqual(patch.settings, { ...s.settings, max_seconds: String(preset.max_seconds) });
  assert.equal(patch.compare.preset, "phase-transition");
  assert.equal(patch.compare.puzzles, "gen");
  assert.deepEqual(patch.compare.sweep, { size: "9,16,25", p0: "0.2", p1: "0.7", step: "0.1", instances: "2" });   // the atlas's sizes
  assert.deepEqual(patch.compare.entries.map((e) => e.solver), preset.entries.map((e) => e.solver));
  const tabu = patch.compare.entries[2];
  assert.equal(tabu.params.propagate, true);
  assert.deepEqual(Object.keys(tabu.params).sort(), schemas.get("alldiff_tabu").params.map((p) => p.name).sort());
  const none = presetPatch(state({ compare: { preset: "paper-nb_coin", entries: [entry("acs")] } }), "");
  assert.deepEqual(Object.keys(none), ["compare"]);
  assert.equal(none.compare.preset, null);
  assert.deepEqual(none.compare.entries, [entry("acs")]);
});

test("published: the phase plots' marks read data/published.json through its one reader", () => {
  const pub = JSON.parse(readFileSync(here("../../data/published.json"), "utf8"));
  const success = pointsAgainstP(pub, 16, ["success_rate"]);
  assert.ok(success.length >= 2);
  for (const m of success) {
    assert.ok(m.points.length > 0, m.label);
    for (const [p, y] of m.points) assert.ok(p >= 0 && p <= 1 && y >= 0 && y <= 1, `${m.label}: ${p}, ${y}`);
  }
  assert.ok(pointsAgainstP(pub, 16, ["mean_seconds"]).every((m) => m.label.endsWith(", mean")));
  assert.deepEqual(pointsAgainstP({}, 16, ["success_rate"]), []);
  assert.deepEqual(pointsAgainstP(pub, 7, ["success_rate"]), []);
});

test("steps: a run's steps in its solver's own word (the status line and the race's lanes)", () => {
  assert.equal(stepCount(1234, schemas.get("alldiff_ls")), `1,234 ${schemas.get("alldiff_ls").step}s`);
  assert.equal(stepCount(5, null), "5 iterations");
  assert.equal(stepCount(1, null), "1 iteration");                // "Solved. 1 iteration", not "1 iterations"
  assert.equal(stepWord({ step: "generation" }), "generation");
});

test("a puzzle whose givens clash: Start runs no race (nor an experiment on it) and says why", () => {
  const clash = { givens: 2, clashes: [0, 1], message: "The givens clash: row 1 has 1 twice, at r1c1 and r1c2." };
  const race = state({ view: "race", check: clash, compare: { entries: [entry("acs"), entry("hill_climb")] } });
  const said = checkStart("race", race);
  assert.equal(said.values, undefined);
  assert.equal(said.message, `Nothing was started. ${clash.message}`);
  assert.equal(said.mark.size, 0);
  assert.match(compareStatus(race, "race")[1], /^The givens clash, so the puzzle has no solution: Start runs no race/);
  const current = state({ view: "experiment", check: clash, compare: { entries: [entry("acs")], puzzles: "current" } });
  assert.equal(checkStart("experiment", current).values, undefined);
  const set = state({ view: "experiment", check: clash, compare: { entries: [entry("acs")], puzzles: "papers" } });
  assert.ok(checkStart("experiment", set).values);                  // a built-in set does not run the board's puzzle
  assert.equal(compareStatus(set, "experiment")[1], "Ready: set the entries and press Start.");
});

test("a puzzle proven to have no solution: Start runs nothing and says why, unless Run it anyway is ticked", () => {
  const none = { givens: 9, clashes: [], message: "", solutions: 0,
    rating: { solutions: 0, message: "This puzzle has no solution: logic reaches a cell or a value with no possibility left." } };
  const entries = [entry("acs"), entry("hill_climb")];
  for (const view of ["solve", "race"]) {
    const refused = checkStart(view, state({ view, check: none, compare: { entries } }));
    assert.equal(refused.values, undefined, view);
    assert.equal(refused.message, `Nothing was started. ${none.rating.message} ` +
      "To watch a solver fail on it anyway, tick “Run it anyway” beside Start.");
    assert.ok(checkStart(view, state({ view, check: none, watchFailure: true, compare: { entries } })).values, view);
  }
  assert.match(compareStatus(state({ view: "race", check: none, compare: { entries } }), "race")[1],
    /^This puzzle has no solution: Start runs nothing unless you tick “Run it anyway”/);
  assert.match(compareStatus(state({ view: "race", check: none, watchFailure: true, compare: { entries } }), "race")[1],
    /^This puzzle has no solution: Start runs the race anyway, to watch it fail\./);
  // a built-in set never runs the board's puzzle; a puzzle with a solution is not held
  assert.ok(checkStart("experiment", state({ view: "experiment", check: none, compare: { entries, puzzles: "papers" } })).values);
  assert.ok(checkStart("solve", state({ check: { ...none, solutions: 1 } })).values);
});

test("a run whose puzzle the check finds to have no solution after its Start is stopped, saying why", () => {
  const none = { givens: 9, clashes: [], message: "", solutions: 0, rating: { solutions: 0, message: "This puzzle has no solution." } };
  const clash = { givens: 2, clashes: [0, 1], message: "The givens clash: row 1 has 1 twice, at r1c1 and r1c2." };
  const running = (kind, patch = {}) => state({ running: { kind, phase: "running", detail: "", link: "" }, ...patch });
  for (const kind of ["solve", "race"]) {
    assert.equal(stopsForNoSolution(running(kind, { check: none })),
      "The run was stopped. This puzzle has no solution. To watch a solver fail on it anyway, tick “Run it anyway” beside Start.");
    assert.equal(stopsForNoSolution(running(kind, { check: clash })), `The run was stopped. ${clash.message}`);
    assert.equal(stopsForNoSolution(running(kind, { check: none, watchFailure: true })), null, kind);   // asked for
    assert.equal(stopsForNoSolution(running(kind, { check: { ...none, solutions: 1 } })), null, kind);
  }
  assert.equal(stopsForNoSolution(state({ check: none })), null);                 // nothing runs
  const set = { check: none, compare: { ...INITIAL.compare, puzzles: "papers" } };  // not the board's puzzle
  assert.equal(stopsForNoSolution(running("experiment", set)), null);
  assert.ok(stopsForNoSolution(running("experiment", { ...set, compare: { ...set.compare, puzzles: "current" } })));
});

test("experiment files: read in order of their paths, one a task, a bad file named and skipped", async () => {
  const nine = parsePuzzle(PUZZLE_9).cells;
  const files = [new File([toBenchmark(nine)], "b.txt"), new File(["4\n1\n" + toBenchmark(nine).split("\n").slice(2).join("\n")], "c.txt"),
    new File([`${PUZZLE_9} first\n1............... four\n`], "a.txt")];
  const seen = [];
  let pauses = 0;
  const out = await readPuzzleFiles(files, { onEach: (done, total, sofar) => seen.push([done, total, sofar.read.length]),
    pause: async () => { pauses += 1; } });
  assert.deepEqual(out.read.map((p) => [p.name, p.file, p.puzzle.length]), [["first", "a.txt", 81], ["four", "a.txt", 16],
    ["b.txt", "b.txt", 81]]);
  assert.deepEqual(out.skipped.map((b) => b.file), ["c.txt"]);
  assert.match(out.skipped[0].message, /^c\.txt \(benchmark format\): The header says order 4 \(a 16×16/);
  assert.deepEqual(seen, [[1, 3, 2], [2, 3, 3], [3, 3, 3]]);            // progress after each file
  assert.equal(pauses, 3);                                              // the page gets a task between files
  let calls = 0;
  assert.equal(await readPuzzleFiles(files, { cancelled: () => ++calls > 1, pause: async () => {} }), null);
});

test("experiment files: Start takes the files read, and says why not while they are read or none holds a puzzle", () => {
  const exp = (files) => state({ view: "experiment", compare: { entries: [entry("acs")], puzzles: "files", runs: "1" },
    files: { set: 1, reading: null, read: [], skipped: [], ...files } });
  const read = [{ name: "x.txt", file: "bank/x.txt", puzzle: PUZZLE_9 }];
  assert.deepEqual(checkStart("experiment", exp({ read })).values.puzzles, { kind: "files", puzzles: read });
  assert.match(checkStart("experiment", exp({ reading: { done: 3, total: 100 } })).problems.get("ps"), /still being read \(3 of 100\)/);
  assert.match(checkStart("experiment", exp({})).problems.get("ps"), /^open one or more puzzle files first/);
  assert.match(checkStart("experiment", exp({ skipped: [{ file: "y", message: "m" }] })).problems.get("ps"), /none of the files/);
  assert.deepEqual(vetPuzzles(exp({ read: [...read, { name: "f", file: "f", puzzle: "1" + ".".repeat(15) }, ...read] }))
    .map((p) => p.length), [81, 16]);
});

test("the workers a comparison runs at once: a race's lanes, an experiment's pool field (1 to the pool's most), none in Solve", () => {
  const at = (view, compare) => comparisonWorkers({ view, compare: { entries: [1, 2, 3], workers: "2", ...compare } }, 8);
  assert.equal(at("race", {}), 3);
  assert.equal(at("race", { entries: [{ solver: "alldiff_ls", workers: 2 }, { solver: "acs" }] }), 3);   // a lane's own workers count
  assert.equal(at("experiment", {}), 2);
  assert.equal(at("experiment", { workers: "40" }), 8);
  assert.equal(at("experiment", { workers: "x" }), 1);
  assert.equal(at("solve", {}), 0);
});

test("a starting comparison says each worker's load step with 'loading', whatever step its worker is at", () => {
  for (const stage of [...LOAD_STEPS, "done"]) {
    assert.match(describeStartup([{ ready: false, stage }]), /^worker 1 is (loading|finishing loading)/, stage);
  }
});

// What the page says of a run's end (static/python/messages.js, static/page/status.js): a
// solver's own stall rule is not a budget running out, and a run solved at its step 0 says how.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

import { failedText, loadingText, solvedAtStart, stallWords } from "../../static/python/messages.js";
import { LOAD_STEPS } from "../../static/python/worker-posts.js";
import { status } from "../../static/page/status.js";
import { INITIAL } from "../../static/state.js";

const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: new URL("../../py/", import.meta.url) })).map((s) => [s.id, s]));

const result = (patch) => ({ solver: "ga_woc", seed: 1, params: { stall: 249 }, solved: false, board: "1".repeat(81),
  conflicts: 4, open_cells: 6, best: 4, iterations: 300, evaluations: 1500000, seconds: 12.5, stop_reason: "budget",
  restarts: 0, longest_step: 0.02, ...patch });
const solveStatus = (res, patch = {}) =>
  status({ ...INITIAL, schemas, ready: true, view: "solve", problems: new Map(), results: { ...INITIAL.results, solve: { result: res } }, ...patch });

test("a run ended by its stall rule says so, never that a budget ran out", () => {
  const said = failedText(result({ stop_reason: "stalled" }), schemas.get("ga_woc"));
  assert.equal(said, "Not solved: the search stopped by its stall rule (its best no better than 249 generations before).");
  assert.doesNotMatch(said, /budget/);
  assert.equal(failedText(result({ stop_reason: "budget" }), schemas.get("ga_woc")), "Not solved within the budget.");
  // hill_climb stalls when nothing can move: no stall parameter, the rule unnamed
  assert.equal(failedText(result({ solver: "hill_climb", params: {}, stop_reason: "stalled" }), schemas.get("hill_climb")),
    "Not solved: the search stopped by its stall rule.");
  const [state, text] = solveStatus(result({ stop_reason: "stalled" }));
  assert.equal(state, "failed");
  assert.match(text, /^Not solved: the search stopped by its stall rule .*\. 300 generations, 12\.50 s, /);
  assert.doesNotMatch(text, /budget|the search stalled\)/);
  assert.match(solveStatus(result({}))[1], /^Not solved within the budget\. 300 generations/);
  // a race's lane: short, the whole in its title
  assert.equal(stallWords(result({ stop_reason: "stalled" }), schemas.get("ga_woc"), true), "ended by its stall rule");
  assert.equal(stallWords(result({ stop_reason: "stalled" }), { own: true }, true), "its run returned");
  assert.equal(stallWords(result({ stop_reason: "budget" }), schemas.get("ga_woc"), true), "");
});

test("a run solved at its step 0 says it was propagation when singles settle the puzzle", () => {
  const solved = result({ solver: "alldiff_tabu", params: {}, solved: true, open_cells: 0, conflicts: 0, iterations: 0, stop_reason: "solved" });
  const singles = { empty_cells: 43, singles_cells: 43, needs_search: false };
  assert.equal(solvedAtStart(solved, singles), "solved by propagation before the first step");
  assert.equal(solvedAtStart(solved, { empty_cells: 58, singles_cells: 20, needs_search: true }), "solved before the first step");
  assert.equal(solvedAtStart(solved, null), "solved before the first step");        // the rating not in yet
  assert.equal(solvedAtStart({ ...solved, iterations: 17 }, singles), "");
  assert.equal(solvedAtStart({ ...solved, solved: false, stop_reason: "budget" }, singles), "");
  const [state, text] = solveStatus(solved, { check: { rating: singles } });
  assert.equal(state, "solved");
  assert.match(text, /0 iterations, 12\.50 s — solved by propagation before the first step$/);
});

test("a run that ended in an error says the error, not only 'Error.'", () => {
  const [state, text] = solveStatus(result({ solver: "alldiff_ls", params: {}, iterations: 0, seconds: 0.01, stop_reason: "error",
    message: "OverflowError: Python integer out of bounds for int32" }));
  assert.equal(state, "error");
  assert.equal(text, "0 moves, 0.01 s: OverflowError: Python integer out of bounds for int32");
  assert.match(solveStatus(result({ stop_reason: "error" }))[1], /: the solver failed without a message$/);
});

test("the Solve notes: one point's reason under the chart, and none for a run with steps", async () => {
  const { chartNoteText, stopPointText } = await import("../../static/solve/notes.js");
  const solved = result({ solver: "alldiff_tabu", params: {}, solved: true, open_cells: 0, conflicts: 0, iterations: 0, stop_reason: "solved" });
  const s = (res, rating) => ({ ...INITIAL, schemas, results: { ...INITIAL.results, solve: { result: res } }, check: { rating } });
  assert.equal(chartNoteText(s(solved, { empty_cells: 43, singles_cells: 43, needs_search: false })),
    "One point: the run was solved by propagation before the first step.");
  assert.equal(chartNoteText(s({ ...solved, iterations: 5 }, null)), "");
  assert.equal(stopPointText({ ...INITIAL, schemas, stopPoint: null }), "");
});

test("a run its step budget ended past the budget says its solver counts its steps in groups", () => {
  const over = result({ solver: "alldiff_ls", params: {}, iterations: 30096, stop_reason: "budget" });
  const withBudget = (res, max) => status({ ...INITIAL, schemas, ready: true, view: "solve", problems: new Map(),
    results: { ...INITIAL.results, solve: { result: res, max_iterations: max } } })[1];
  assert.match(withBudget(over, 30000),
    /alldiff_ls counts its moves in groups and ends at the group that reaches the step budget: 30,096 moves for a budget of 30,000\.$/);
  assert.doesNotMatch(withBudget({ ...over, iterations: 30000 }, 30000), /groups/);      // ended at the budget exactly
  assert.doesNotMatch(withBudget(over, null), /groups/);                                 // its time limit ended it
});

test("a link's code that waits for the visitor's consent: the status says it has not run, not a bare Ready", () => {
  const idle = (own) => status({ ...INITIAL, schemas, ready: true, view: "race", problems: new Map(), own: { ...INITIAL.own, ...own } });
  assert.deepEqual(idle({ text: "def run(puzzle, params, rng):\n    yield None\n", trusted: false }),
    ["ready", "The link's code for your solver has not been allowed to run: read it, then press Run this code."]);
  assert.deepEqual(idle({ trusted: true }), ["ready", ""]);
});

test("the load in the status line: each step in words, a fetching step's bytes in MB, Ready once done", () => {
  const loading = (stage, bytes) => ({ type: "loading", stage, loaded: 0, total: LOAD_STEPS.length, ...bytes });
  const said = (m) => status({ ...INITIAL, ready: false, loading: m });
  assert.deepEqual(said(null), ["loading", "Loading Python…", true]);                  // before the worker's first word
  assert.deepEqual(said(loading("runtime", { bytes: 6_140_000, bytes_total: 12_578_487 })),
    ["loading", "Loading Python: 6.1 of 12.6 MB", true]);
  assert.equal(loadingText(loading("runtime", { bytes: 0, bytes_total: 12_578_487 })), "Loading Python: 0.0 of 12.6 MB");
  assert.equal(loadingText(loading("runtime", { bytes: 12_578_487, bytes_total: 12_578_487 })),
    "Loading Python: all 12.6 MB fetched; compiling…");
  assert.equal(loadingText(loading("runtime")), "Loading Python…");                    // a manifest without sizes
  assert.equal(loadingText(loading("python")), "Starting Python…");
  assert.equal(loadingText(loading("numpy", { bytes: 1_250_000, bytes_total: 3_061_133 })), "Loading numpy: 1.3 of 3.1 MB");
  assert.equal(loadingText(loading("numpy", { bytes: 3_061_133, bytes_total: 3_061_133 })),
    "Loading numpy: all 3.1 MB fetched; unpacking and importing…");                 // seconds more: not "3.1 of 3.1 MB"
  assert.equal(loadingText(loading("solvers")), "Importing the lab…");
  assert.equal(loadingText(loading("hello")), "Reading the lab's solvers…");
  assert.equal(loadingText(loading("done")), "Ready.");
  assert.deepEqual(said(loading("python")), ["loading", "Starting Python…", true]);
  assert.equal(status({ ...INITIAL, ready: false, loading: loading("numpy"), failure: "no network" })[0], "error");
});

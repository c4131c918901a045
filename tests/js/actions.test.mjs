// What the actions do to the state (static/actions.js), under node with the page's own store:
// the one start path (actions.start) with a fake worker — a Start waiting for a puzzle being
// made, a wait dropped or cancelled, a run abandoned, a Start refused — and Start/Stop enabling.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { createActions } from "../../static/actions.js";
import { createStore, INITIAL } from "../../static/state.js";
import { parsePuzzle, boardToString } from "../../static/rules/parse.js";
import { controls, focusAfter, focusSaid } from "../../static/start-check.js";
import { sendSolve } from "../../static/solve/send.js";
import { status } from "../../static/page/status.js";
import { RunRefused } from "../../static/python/client.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));

const CLASH = "11" + ".".repeat(79);
const GOOD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const MADE = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const SPEC = "9:0.45:2";

// A stand-in for python/client.js LabWorker: it keeps each run it is sent, to be ended by the test.
class FakeWorker {
  constructor() { this.runs = []; }
  run(spec, onFrame = () => {}) {
    const run = { spec, onFrame, stopped: false, runId: this.runs.length + 1 };
    run.done = new Promise((resolve, reject) => Object.assign(run, { resolve, reject }));
    this.runs.push(run);
    return { runId: run.runId, done: run.done, stop: () => { run.stopped = true; } };
  }
}

// The body's task (actions.run starts it after a setTimeout) and the promises after it.
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

// A ready page with the Solve view's real body (solve/send.js) on a fake worker; the race's body
// records what it was started with and ends when the test says.
function page({ puzzle = GOOD, paste = null, settings = {} } = {}) {
  const store = createStore({ ...INITIAL, ready: true, schemas, settings: { ...INITIAL.settings, solver: "hill_climb", ...settings } });
  const worker = new FakeWorker();
  const pasted = [];
  let shown = null;               // the box's text last taken onto the board
  const actions = createActions(store, {
    takePaste: () => {            // the panel's: the box's text onto the board when it shows another puzzle
      const text = store.state.paste;
      if (!text.trim() || text === shown) return true;
      pasted.push(text);
      try { actions.setPuzzle(parsePuzzle(text)); } catch (err) {
        actions.setProblem("p", err.message);
        return false;
      }
      shown = text;
      return true;
    },
    link: () => `#p=${store.state.puzzle ? boardToString(store.state.puzzle.cells) : ""}`,
  });
  const painted = [];
  actions.defineRun("solve", {
    paint: (values) => painted.push(values.seed),
    body: (values, ctx) => sendSolve({ worker, store, actions }, values, ctx, { sent() {}, onFrame() {} }),
  });
  const races = [];
  actions.defineRun("race", {
    paint() {},
    body: (values, ctx) => new Promise((resolve) => races.push({ values, ctx, end: resolve })),
  });
  if (puzzle) actions.setPuzzle(parsePuzzle(puzzle));
  if (paste !== null) store.set({ paste });
  return { store, actions, worker, races, painted, pasted };
}

const result = (over = {}) => ({ type: "result", solved: false, stop_reason: "budget", iterations: 40, evaluations: 900,
  seconds: 1, board: MADE, ...over });

test("a new puzzle takes away the message the check gave of the one it replaces", () => {
  const store = createStore();
  const actions = createActions(store, {});
  actions.setPuzzle(parsePuzzle(CLASH));
  actions.notify("Nothing was started. The givens clash: row 1 has 1 twice.", "check");
  actions.setPuzzle(parsePuzzle(GOOD));
  assert.equal(store.state.notice, null);
  actions.notify("The count stopped at its 8 s budget after 25,344 search nodes: no solution found yet, so the count is unknown.",
    "count", "info");
  actions.setPuzzle(parsePuzzle(CLASH));
  assert.equal(store.state.notice, null);                           // the count's too
  actions.notify("A marked setting: seed.", "problems");            // a message of another source stays
  actions.setPuzzle(parsePuzzle(CLASH));
  assert.equal(store.state.notice.source, "problems");
});

test("start before Python is ready: it waits and says so, runs as soon as the worker is ready; Stop cancels the wait", async () => {
  const { store, actions, worker } = page();
  store.set({ ready: false });
  store.flushNow();
  assert.deepEqual(controls("solve", store.state), { start: true, stop: false });
  assert.equal(actions.start("solve"), null);
  assert.equal(store.state.startsOnReady, "solve");
  assert.match(store.state.notice.text, /^Start waits for Python to load: the run starts as soon as it is ready\.$/);
  assert.deepEqual(controls("solve", store.state), { start: false, stop: true });
  assert.equal(actions.isWaiting("solve"), true);
  store.set({ ready: true });
  store.flushNow();
  await tick();                                                        // the start, in the task after ready's
  await tick();                                                        // its body, in a task of its own
  assert.equal(worker.runs.length, 1);                                  // it ran at ready
  assert.equal(store.state.startsOnReady, null);
  assert.equal(store.state.notice, null);
  worker.runs[0].resolve(result());
  await tick();
  store.set({ ready: false });                                         // a Start that Stop cancels before ready never runs
  actions.start("solve");
  actions.stop("solve");
  assert.deepEqual([store.state.startsOnReady, store.state.notice], [null, null]);
  store.set({ ready: true });
  store.flushNow();
  await tick();
  assert.equal(worker.runs.length, 1);
  store.set({ ready: false, failure: "it could not load" });           // a runtime that failed takes Start away
  assert.equal(controls("solve", store.state).start, false);
});

test("start: Solve sends the view's settings to the worker and its result becomes the view's", async () => {
  const { store, actions, worker, painted } = page({ settings: { seed: "7", max_iterations: "500" } });
  assert.deepEqual(controls("solve", store.state), { start: true, stop: false });
  actions.start("solve");
  assert.equal(store.state.running.kind, "solve");
  assert.deepEqual(controls("solve", store.state), { start: false, stop: true });
  assert.deepEqual(controls("race", store.state), { start: false, stop: false });   // one "running" for the page
  assert.deepEqual(painted, [7]);
  await tick();
  const [run] = worker.runs;
  assert.equal(run.spec.puzzle, boardToString(parsePuzzle(GOOD).cells));
  assert.deepEqual([run.spec.solver, run.spec.seed, run.spec.max_iterations, run.spec.stop_at], ["hill_climb", 7, 500, null]);
  run.resolve(result({ stop_reason: "stopped" }));
  await tick();
  assert.equal(store.state.running, null);
  assert.equal(store.state.results.solve.result.iterations, 40);
  assert.equal(store.state.results.solve.link, `#p=${run.spec.puzzle}`);
  assert.equal(store.state.stopPoint.step, 40);                       // Stop ended it: its link says where
});

test("the focus goes from Start to Stop as a run starts, back to Start as it ends, and the live region says so", async () => {
  const { store, actions, worker } = page();
  assert.equal(focusAfter(controls("solve", store.state), "start"), null);          // nothing runs: Start keeps it
  actions.start("solve");
  assert.equal(focusAfter(controls("solve", store.state), "start"), "stop");
  assert.equal(focusAfter(controls("solve", store.state), null), null);             // focus elsewhere: never taken
  assert.equal(focusSaid("solve", "stop"), "The run started; the focus is on Stop.");
  await tick();
  actions.stop("solve");
  assert.equal(focusAfter(controls("solve", store.state), "stop"), null);           // Stop keeps it until the run has ended
  worker.runs[0].resolve(result({ stop_reason: "stopped" }));
  await tick();
  assert.equal(focusAfter(controls("solve", store.state), "stop"), "start");
  assert.equal(focusSaid("experiment", "start"), "The experiment ended; the focus is on Start.");
});

test("a Solve of a visitor's code whose worker still loads Python says so until its first frame", async () => {
  const { store, actions, worker } = page();
  const run = worker.run.bind(worker);
  worker.run = (spec, onFrame) => ({ ...run(spec, onFrame), loading: true });      // as python/visitor.js's handle
  actions.start("solve");
  await tick();
  assert.deepEqual(status(store.state).slice(0, 2),
    ["running", "Starting the run in a worker of its own for your code, which loads Python first…"]);
  worker.runs[0].onFrame({ type: "progress" });
  assert.equal(status(store.state)[1], "Running…");
  worker.runs[0].resolve(result());
  await tick();
});

test("a Solve on several workers says it is starting until its first frame, then running", async () => {
  const { store, actions, worker } = page({ settings: { solver: "alldiff_ls", workers: "2" } });
  actions.start("solve");
  await tick();
  assert.deepEqual([store.state.running.phase, store.state.running.detail], ["starting", "on 2 workers: each loads Python once"]);
  assert.deepEqual(status(store.state).slice(0, 2), ["running", "Starting the run on 2 workers: each loads Python once…"]);
  const [run] = worker.runs;
  run.onFrame({ type: "progress" });                 // the team's first frame: both members have begun
  assert.equal(store.state.running.phase, "running");
  assert.equal(status(store.state)[1], "Running…");
  run.resolve(result({ stop_reason: "stopped" }));
  await tick();
  // one worker: running from the start, as before
  store.set({ settings: { ...store.state.settings, workers: "1" } });
  actions.start("solve");
  await tick();
  assert.equal(store.state.running.phase, "running");
  worker.runs[1].resolve(result());
  await tick();
});

test("start waits for the puzzle being made, then runs on that puzzle", async () => {
  const { store, actions, worker } = page();
  actions.making(SPEC, 3);
  actions.start("solve");
  assert.equal(store.state.running, null);
  assert.equal(store.state.making.waiting, "solve");                  // kept in the state alone
  assert.match(store.state.notice.text, /^Start waits for the puzzle being made \(9:0\.45:2\)/);
  assert.equal(store.state.notice.kind, "info");
  assert.deepEqual(controls("solve", store.state), { start: true, stop: true });
  assert.deepEqual(controls("race", store.state).stop, false);
  actions.setPuzzle({ ...parsePuzzle(MADE), spec: SPEC });          // the generator's puzzle is on the board
  assert.equal(store.state.making, null);
  assert.equal(store.state.running.kind, "solve");
  await tick();
  assert.equal(worker.runs.length, 1);
  assert.equal(worker.runs[0].spec.puzzle, boardToString(parsePuzzle(MADE).cells));
});

test("a race Start pressed while its puzzle is made races on the made puzzle", async () => {
  const { store, actions, races } = page();
  store.set({ view: "race", compare: { ...store.state.compare, entries: [{ solver: "acs", seed: 1, params: {} },
    { solver: "hill_climb", seed: 2, params: {} }] } });
  actions.making(SPEC, 3);
  actions.start("race");
  assert.equal(store.state.making.waiting, "race");
  assert.equal(races.length, 0);
  actions.setPuzzle({ ...parsePuzzle(MADE), spec: SPEC });
  await tick();
  assert.equal(races.length, 1);
  assert.deepEqual(races[0].ctx.state.puzzle.cells, parsePuzzle(MADE).cells);
  assert.deepEqual(races[0].values.entries.map((e) => e.seed), [1, 2]);
  races[0].end({ kind: "race" });
  await tick();
  assert.deepEqual(store.state.results.race, { kind: "race" });
});

test("a waiting Start whose puzzle another replaces is dropped and says so; nothing runs unasked", async () => {
  const { store, actions, worker } = page();
  actions.making("25:0.45:3:unique", 5);
  actions.start("solve");
  actions.making(SPEC, 3);                                            // another Generate
  const said = store.state.notice.text;
  assert.match(said, /^Nothing was started: the puzzle Start waited for \(25:0\.45:3:unique\) was replaced by the puzzle 9:0\.45:2/);
  assert.equal(store.state.making.waiting, null);
  actions.setPuzzle({ ...parsePuzzle(MADE), spec: SPEC });
  await tick();
  assert.equal(store.state.running, null);
  assert.equal(worker.runs.length, 0);
  assert.equal(store.state.notice.text, said);                        // outlives the making's own notices
  assert.deepEqual(controls("solve", store.state), { start: true, stop: false });
  actions.making(SPEC, 3);                                            // a pasted puzzle replaces it likewise
  actions.start("solve");
  actions.setPuzzle(parsePuzzle(GOOD));
  assert.match(store.state.notice.text, /was replaced by another puzzle before it was made/);
});

test("Stop cancels a Start that waits for its puzzle: the made puzzle is shown, nothing runs", async () => {
  const { store, actions, worker } = page();
  actions.making(SPEC, 3);
  actions.start("solve");
  actions.stop("race");                                               // another view's Stop: not this wait
  assert.equal(store.state.making.waiting, "solve");
  actions.stop("solve");
  assert.equal(store.state.making.waiting, null);
  assert.equal(store.state.notice, null);                             // "waits" is no longer said
  assert.deepEqual(controls("solve", store.state), { start: true, stop: false });
  actions.setPuzzle({ ...parsePuzzle(MADE), spec: SPEC });
  await tick();
  assert.equal(store.state.running, null);
  assert.equal(worker.runs.length, 0);
  assert.deepEqual(store.state.puzzle.cells, parsePuzzle(MADE).cells);
});

test("a puzzle that could not be made: the waiting Start says why it never began", () => {
  const { store, actions } = page();
  actions.making(SPEC, 3);
  actions.madeNothing(SPEC, "the worker was lost");                   // no Start waited: nothing said
  assert.equal(store.state.notice, null);
  actions.making(SPEC, 3);
  actions.start("solve");
  actions.madeNothing("9:0.5:1", "another");                          // not the puzzle being made
  assert.equal(store.state.making.waiting, "solve");
  actions.madeNothing(SPEC, "the worker was lost");
  assert.equal(store.state.notice.text, "Nothing was started: the puzzle 9:0.45:2 could not be made (the worker was lost).");
  assert.equal(store.state.making, null);
});

test("a Stop before the run has begun: nothing is sent, and the next Start runs", async () => {
  const { store, actions, worker } = page();
  actions.start("solve");
  actions.stop("solve");                                              // in the click's task, before the body's
  await tick();
  assert.equal(worker.runs.length, 0);
  assert.equal(store.state.running, null);
  assert.equal(store.state.results.solve, null);
  assert.deepEqual(controls("solve", store.state), { start: true, stop: false });
  actions.start("solve");
  await tick();
  assert.equal(worker.runs.length, 1);
});

test("a new puzzle abandons what runs: its worker is told to stop and its late result is not the view's", async () => {
  const { store, actions, worker } = page();
  actions.start("solve");
  await tick();
  actions.setPuzzle(parsePuzzle(MADE));
  assert.equal(store.state.running, null);
  assert.equal(worker.runs[0].stopped, true);
  worker.runs[0].resolve(result({ stop_reason: "stopped" }));
  await tick();
  assert.equal(store.state.results.solve, null);
  assert.equal(store.state.running, null);
});

test("refused: a bad setting is marked and said in the one sentence; nothing is sent", async () => {
  const { store, actions, worker } = page({ settings: { seed: "-5" } });
  const check = actions.start("solve");
  assert.equal(check.values, undefined);
  assert.ok(store.state.problems.has("seed"));
  assert.match(store.state.notice.text, /^Nothing was started\. Fix these first:\n• seed /);
  store.set({ view: "race" });                                        // a race's refusal is worded the same
  actions.start("race");
  assert.match(store.state.notice.text, /^Nothing was started\. Fix these first:\n• entries: A race needs two to five entries/);
  await tick();
  assert.equal(worker.runs.length, 0);
  assert.equal(store.state.running, null);
  actions.fieldEdited("seed");                                        // mended: the refusal goes with its problem
  assert.equal(store.state.notice, null);
});

test("refused: givens that clash are said with the check's words, and a new puzzle takes that away", async () => {
  const { store, actions, worker } = page({ puzzle: CLASH });
  store.set({ check: { givens: 2, clashes: [0, 1], message: "The givens clash: row 1 has 1 twice, at r1c1 and r1c2." } });
  actions.start("solve");
  assert.equal(store.state.notice.text, "Nothing was started. The givens clash: row 1 has 1 twice, at r1c1 and r1c2.");
  await tick();
  assert.equal(worker.runs.length, 0);
  actions.setPuzzle(parsePuzzle(GOOD));
  assert.equal(store.state.notice, null);
});

test("refused: a paste box that cannot be read starts nothing, marks the box and keeps its text", async () => {
  const { store, actions, worker, pasted } = page({ paste: "12345" });
  actions.start("solve");
  assert.deepEqual(pasted, ["12345"]);
  assert.ok(store.state.problems.has("p"));
  assert.match(store.state.notice.text, /^Nothing was started\. Fix these first:\n• puzzle/);
  assert.equal(store.state.paste, "12345");
  await tick();
  assert.equal(worker.runs.length, 0);
  store.set({ paste: MADE });                                         // a readable box: Start takes it first
  actions.start("solve");
  await tick();
  assert.equal(worker.runs[0].spec.puzzle, boardToString(parsePuzzle(MADE).cells));
});

test("refused by the worker: the setting it names is marked, and said as every refusal is", async () => {
  const { store, actions, worker } = page();
  actions.start("solve");
  await tick();
  worker.runs[0].reject(new RunRefused("'plateau' is too large for this puzzle", "plateau"));
  await tick();
  assert.equal(store.state.problems.get("plateau"), "'plateau' is too large for this puzzle");
  assert.match(store.state.notice.text, /^Nothing was started\. Fix these first:\n• .*'plateau' is too large/);
  assert.equal(store.state.results.solve, null);
});

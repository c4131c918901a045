// What the Web Worker posts (static/python/worker-posts.js): the shapes the page's client reads
// (docs/protocol.md, "Worker messages"), each inside the protocol a visitor's worker is held to
// (messages.js visitorMessageProblem), since the lab's own worker posts them there too.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BYTES_EVERY_MS, LOAD_STEPS, LoadProgress, SUPERSEDED, doneMessage, errorWords, loadStopwatch, loadedResources,
  progressMessage, refusedMessage, replyMessage, runErrorMessage, taskInput, thrownMessage, unknownRequest, workerFailed } from "../../static/python/worker-posts.js";
import { visitorMessageProblem } from "../../static/python/messages.js";

const BOARD = "1".repeat(81);

test("a run's frame, result and error, and a request's reply, keep the protocol's fields", () => {
  const frame = { points: [[1, 3, null]], series: ["best"], events: [], progress: { board: BOARD, iteration: 1, best: 3 } };
  const progress = progressMessage(7, frame);
  assert.deepEqual(progress, { type: "progress", runId: 7, ...frame });
  const done = doneMessage(7, { board: BOARD, stop_reason: "budget", solved: false });
  assert.deepEqual(done, { type: "done", runId: 7, board: BOARD, stop_reason: "budget", solved: false });
  const error = runErrorMessage(7, "line 3 of my_solver.py: ValueError");
  assert.deepEqual(error, { type: "error", runId: 7, message: "line 3 of my_solver.py: ValueError" });
  const reply = replyMessage(4, { ok: true, schema: {} });
  assert.deepEqual(reply, { type: "reply", requestId: 4, ok: true, schema: {} });
  for (const m of [progress, done, error, reply, runErrorMessage(null, "x"), replyMessage(2, SUPERSEDED)]) {
    assert.equal(visitorMessageProblem(m), null, JSON.stringify(m));
  }
});

test("a refused start names its field and its line (null when none); a refused member's names no line", () => {
  const out = { ok: false, field: "code", message: "line 4 of my_solver.py: SyntaxError", line: 4 };
  assert.deepEqual(refusedMessage(3, out), { type: "error", runId: 3, field: "code", message: out.message, line: 4 });
  assert.equal(refusedMessage(3, { ok: false, field: "seed", message: "seed must be …" }).line, null);
  const member = refusedMessage(3, out, false);
  assert.deepEqual(member, { type: "error", runId: 3, field: "code", message: out.message });
  assert.equal(Object.hasOwn(member, "line"), false);
  assert.equal(visitorMessageProblem(refusedMessage(3, out)), null);
});

test("a message that threw: a request gets its one reply, a run its error, in the thrown thing's words", () => {
  assert.deepEqual(thrownMessage({ type: "vet", requestId: 0 }, new TypeError("bad puzzle")),
    { type: "reply", requestId: 0, ok: false, message: "bad puzzle" });
  assert.deepEqual(thrownMessage({ type: "stop", runId: 5 }, "held"), { type: "error", runId: 5, message: "held" });
  assert.deepEqual(thrownMessage({}, null), { type: "error", runId: undefined, message: "null" });
  assert.equal(errorWords({ message: "" }), "[object Object]");                 // an empty message says what was thrown
  assert.equal(workerFailed(new RangeError("too deep")), "The worker failed: too deep");
});

test("a superseded task's answer, an unknown request's, and what a task starts from", () => {
  assert.deepEqual(replyMessage(9, SUPERSEDED), { type: "reply", requestId: 9, ok: false, superseded: true });
  assert.throws(() => { SUPERSEDED.ok = true; }, TypeError);                    // one answer for every task, unchanged
  assert.deepEqual(unknownRequest("solve"), { ok: false, message: "unknown request solve" });
  assert.equal(taskInput({ type: "rate", puzzle: "1.2", spec: "9:0.4:1" }), "1.2");
  assert.equal(taskInput({ type: "generate", puzzle: "1.2", spec: "9:0.4:1" }), "9:0.4:1");
  assert.deepEqual(JSON.parse(taskInput({ type: "tune", requestId: 3, solver: "acs", budget: 60 })), { type: "tune", requestId: 3, solver: "acs", budget: 60 });
});

test("a load's stopwatch files each part's ms since the last mark, from the worker's start, so they sum to the last", () => {
  const clock = [12.34, 40, 40, 105.06];
  const watch = loadStopwatch(() => clock.shift());
  watch.mark("worker_script");
  watch.mark("manifest");
  watch.mark("hello");
  assert.deepEqual(watch.parts, { worker_script: 12.3, manifest: 27.7, hello: 0 });
  assert.equal(watch.elapsed(), 105.1);
});

test("the files a load fetched: each one's name without its path or query, its ms and the bytes over the network", () => {
  const entries = [
    { name: "http://127.0.0.1:8000/static/vendor/pyodide/pyodide.asm.wasm", duration: 812.449, transferSize: 8_700_300 },
    { name: "http://127.0.0.1:8000/static/vendor/sudoku_lab.zip?v=ab12", duration: 3.05, transferSize: 0 },
  ];
  assert.deepEqual(loadedResources(entries),
    [{ name: "pyodide.asm.wasm", ms: 812.4, bytes: 8_700_300 }, { name: "sudoku_lab.zip", ms: 3.1, bytes: 0 }]);
});

const LOAD_FILES = { runtime: { "python_stdlib.zip": 2_400_000, "pyodide.asm.wasm": 9_600_000 }, numpy: { "numpy.whl": 3_000_000 } };

test("a load's steps: each is posted as it begins, with its bytes of the files it fetches; done ends them", () => {
  const progress = new LoadProgress(LOAD_FILES, () => 0);
  assert.deepEqual(progress.step("runtime"),
    [{ type: "loading", stage: "runtime", loaded: 0, total: LOAD_STEPS.length, bytes: 0, bytes_total: 12_000_000 }]);
  progress.fetched("pyodide.asm.wasm", 9_600_000);
  progress.fetched("python_stdlib.zip", 2_400_000);                                // counted to its last byte
  assert.deepEqual(progress.step("python"), [{ type: "loading", stage: "python", loaded: 1, total: LOAD_STEPS.length }]);
  assert.equal(progress.step("numpy").at(-1).bytes_total, 3_000_000);
  assert.deepEqual(["solvers", "hello", "done"].map((s) => progress.step(s).at(-1).loaded), [3, 4, LOAD_STEPS.length]);
  for (const s of [...LOAD_STEPS, "done"]) for (const m of progress.step(s)) assert.equal(visitorMessageProblem(m), null, s);
});

test("a step whose count lagged behind its files is said at its last byte before the next step begins", () => {
  const progress = new LoadProgress(LOAD_FILES, () => 0);
  progress.step("runtime");
  progress.fetched("pyodide.asm.wasm", 9_600_000);                                 // the stdlib's copy not yet counted
  const [last, next] = progress.step("python");
  assert.deepEqual(last, { type: "loading", stage: "runtime", loaded: 0, total: LOAD_STEPS.length, bytes: 12_000_000, bytes_total: 12_000_000 });
  assert.equal(next.stage, "python");
  assert.equal(progress.step("numpy").length, 1);                                  // python fetches nothing of its own
});

test("a step's bytes: at most one message per BYTES_EVERY_MS, its last byte always; other files and steps' files not counted", () => {
  let now = 0;
  const progress = new LoadProgress(LOAD_FILES, () => now);
  progress.step("runtime");
  assert.equal(progress.fetched("python_stdlib.zip", 1_000_000), null);           // too soon after the step's own message
  now = BYTES_EVERY_MS;
  assert.deepEqual(progress.fetched("pyodide.asm.wasm", 500_000), progress.message());
  assert.equal(progress.message().bytes, 1_500_000);
  assert.equal(progress.fetched("sudoku_lab.zip", 100), null);                     // not a file of this step
  assert.equal(progress.fetched("numpy.whl", 100), null);                          // another step's file
  assert.equal(progress.fetched("pyodide.asm.wasm", 9_100_000), null);             // counted, not posted yet
  assert.equal(progress.fetched("python_stdlib.zip", 1_400_000).bytes, 12_000_000); // the last byte: posted at once
  assert.equal(progress.fetched("python_stdlib.zip", 1), null);                    // never past the total, never again
  progress.step("python");
  assert.equal(progress.fetched("python_stdlib.zip", 1), null);                    // a step gone by
});

test("a load without the manifest's sizes still says its steps, without bytes", () => {
  const m = new LoadProgress(undefined, () => 0).step("runtime");
  assert.deepEqual(m, [{ type: "loading", stage: "runtime", loaded: 0, total: LOAD_STEPS.length }]);
});

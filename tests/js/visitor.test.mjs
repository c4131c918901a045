// The trust boundary in the page (static/python/visitor.js, lockdown.js, messages.js'
// visitorMessageProblem) over fake workers: a visitor's code runs in a fresh worker ended with its
// run, never in the page's or the pool's; what its worker says is checked; a worker gives up the
// network and storage or refuses to load.
import { test } from "node:test";
import assert from "node:assert/strict";

import { HELD_TEXT, Visitors, recounted, routed, visitorLostWords } from "../../static/python/visitor.js";
import { GIVEN_UP, VISITOR, lockDown } from "../../static/python/lockdown.js";
import { visitorMessageProblem } from "../../static/python/messages.js";
import { LabWorker, WorkerLost } from "../../static/python/client.js";
import { Pool } from "../../static/python/pool.js";

const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

class FakeWorker {
  constructor(options = {}) { Object.assign(this, { options, ready: true, busy: false, failure: null, runs: [], asked: [], ended: false }); }
  run(spec, onFrame) {
    const entry = { spec, onFrame };
    entry.done = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    this.runs.push(entry);
    return { runId: this.runs.length, done: entry.done, stop: () => {} };
  }
  own(code) { this.asked.push(["own", code]); return this.answer; }
  vet(request) { this.asked.push(["vet", request]); return Promise.resolve({ ok: true }); }
  check(puzzle) { this.asked.push(["check", puzzle]); return Promise.resolve({ ok: true }); }
  terminate() { this.ended = true; }
}

function visitors() {
  const spawned = [];
  const v = new Visitors({ spawn: (options) => { const w = new FakeWorker(options); spawned.push(w); return w; } });
  return { v, spawned };
}
const code = { name: "my_solver.py", text: "def run(p, q, r):\n    yield\n" };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("each run of a visitor's code gets a fresh named, checked worker that is ended with the run", async () => {
  const { v, spawned } = visitors();
  const first = v.run({ puzzle: PUZZLE, code }, () => {});
  assert.equal(spawned.length, 1);
  assert.deepEqual([spawned[0].options.name, spawned[0].options.replace, typeof spawned[0].options.messageProblem],
    [VISITOR, false, "function"]);
  spawned[0].runs[0].resolve({ solved: false, stop_reason: "budget", board: PUZZLE });
  await first.done;
  assert.deepEqual([spawned[0].ended, spawned.length], [true, 2]);     // and a spare loads for the next run
  v.run({ puzzle: PUZZLE, code }, () => {});
  assert.equal(spawned[1].runs.length, 1, "the next run takes the spare, never the ended worker");
  assert.equal(spawned[0].runs.length, 1);
});

test("a run says whether its worker was still loading Python: a spare that loaded ahead was not", async () => {
  const spawned = [];
  const v = new Visitors({ spawn: (options) => { const w = new FakeWorker(options); w.ready = false; spawned.push(w); return w; } });
  const first = v.run({ puzzle: PUZZLE, code }, () => {});
  assert.equal(first.loading, true);                       // a worker made this moment loads Python first
  spawned[0].runs[0].resolve({ solved: false, stop_reason: "budget", board: PUZZLE });
  await first.done;
  spawned[1].ready = true;                                 // the spare made after it has loaded meanwhile
  assert.equal(v.run({ puzzle: PUZZLE, code }, () => {}).loading, false);
});

test("a lost run's worker is ended too, and the next run still gets a fresh one", async () => {
  const { v, spawned } = visitors();
  const h = v.run({ puzzle: PUZZLE, code }, () => {});
  spawned[0].runs[0].reject(new WorkerLost("it stopped answering for 3.1 s"));
  await assert.rejects(h.done, WorkerLost);
  assert.equal(spawned[0].ended, true);
  assert.equal(visitorLostWords("it stopped answering for 3.1 s"),
    "it held its worker for 3.1 s without yielding (each step must end with yield Progress(...))");
});

test("the page's handle sends code to the visitors' workers and everything else to its own worker", async () => {
  const { v, spawned } = visitors();
  const page = new FakeWorker();
  const lab = routed(page, v);
  lab.run({ puzzle: PUZZLE, solver: "hill_climb" }, () => {});
  lab.run({ puzzle: PUZZLE, solver: "own", code }, () => {});
  await lab.vet({ puzzle: PUZZLE, solver: "hill_climb" });
  await lab.vet({ puzzle: PUZZLE, solver: "own", code });
  await lab.check(PUZZLE);
  assert.deepEqual(page.runs.map((r) => r.spec.solver), ["hill_climb"]);
  assert.deepEqual(page.asked.map(([kind]) => kind), ["vet", "check"]);
  assert.equal(page.asked[0][1].code, undefined);
  assert.equal(lab.ready, true);
  assert.ok(spawned.some((w) => w.runs.length === 1) && spawned.some((w) => w.asked.length === 1));
});

test("a pool job with a visitor's code runs on the visitors' worker while holding its slot", async () => {
  const { v, spawned } = visitors();
  const primary = new FakeWorker();
  const pool = new Pool({ primary, visitors: v, spawn: () => new FakeWorker() });
  pool.resize(1);
  pool.start([{ puzzle: PUZZLE, solver: "own", code, params: {}, seed: 1, max_seconds: 5 }]);
  await tick();
  assert.equal(primary.runs.length, 0);
  assert.equal(spawned[0].runs.length, 1);
  assert.equal(pool.idle().length, 0, "the slot is held while the visitor's run goes on");
});

test("a text whose top level held the editor's worker is not loaded again until it changes", async () => {
  const { v, spawned } = visitors();
  const answers = [Promise.reject(new WorkerLost("held")), Promise.resolve({ ok: true, schema: {} })];
  answers[0].catch(() => {});
  const editorOf = () => spawned.filter((w) => w.options.name === VISITOR).at(-1);
  v.editorWorker().answer = answers[0];
  await assert.rejects(v.own(code), WorkerLost);
  const before = spawned.length;
  assert.deepEqual(await v.own(code), { ok: false, field: "code", message: HELD_TEXT, line: null });
  assert.equal(spawned.length, before, "no worker is started for a held text");
  v.editor.failure = "the worker failed: held";                 // as LabWorker leaves a lost worker
  v.editorWorker().answer = answers[1];
  assert.deepEqual(await v.own({ ...code, text: code.text + "# mended\n" }), { ok: true, schema: {} });
  assert.equal(editorOf().asked.length, 1, "a changed text loads in a fresh editor's worker");
});

test("a visitor's progress frame is recounted from its board; one without a board shows nothing", () => {
  const forged = { type: "progress", runId: 1, progress: { board: "1".repeat(81), conflicts: 0, open_cells: 0, clashing_at: [],
    overlay: { boards: { x: { board: PUZZLE } } } } };
  const r = recounted(forged, 9);
  assert.deepEqual([r.progress.conflicts, r.progress.open_cells, r.progress.clashing_at.length, r.progress.overlay], [216, 81, 81, null]);
  assert.equal(recounted({ ...forged, progress: { board: "<b>" } }, 9).progress, undefined);
});

test("messages from a visitor's worker are checked against the protocol", () => {
  const ok = [
    { type: "loading", stage: "numpy", loaded: 1, total: 3 },
    { type: "ready", solvers: [] },
    { type: "reply", requestId: 3, ok: true },
    { type: "progress", runId: 2, points: [[1, 2, null]], series: ["best"], events: [], progress: { board: PUZZLE, iteration: 4 } },
    { type: "done", runId: 2, board: PUZZLE, stop_reason: "budget" },
    { type: "error", runId: 2, message: "line 3 of my_solver.py: ValueError" },
  ];
  for (const m of ok) assert.equal(visitorMessageProblem(m), null, m.type);
  const bad = [null, "done", [], { type: 7 }, { type: "barrier", runId: 1 }, { type: "task-progress", requestId: 1 },
    { type: "done", runId: "1", board: PUZZLE, stop_reason: "solved" }, { type: "done", runId: 1, stop_reason: "solved" },
    { type: "progress", runId: 1, points: [["<img>"]] }, { type: "progress", runId: 1, progress: { board: 5 } },
    { type: "progress", runId: 1, progress: { board: PUZZLE, conflicts: "0" } }, { type: "reply", requestId: -1 },
    { type: "error", message: { html: "<b>" } }];
  for (const m of bad) assert.notEqual(visitorMessageProblem(m), null, JSON.stringify(m));
});

test("a visitor's worker gives up the network and storage, from its scope and its prototypes", () => {
  const proto = Object.fromEntries(GIVEN_UP.map((k) => [k, () => k]));
  const scope = Object.create(proto);
  scope.fetch = () => "own";
  scope.postMessage = () => {};
  lockDown(scope);
  for (const name of GIVEN_UP) assert.equal(name in scope, false, name);
  assert.equal(typeof scope.postMessage, "function");
  const stuck = {};
  Object.defineProperty(stuck, "fetch", { value: () => {}, configurable: false });
  assert.throws(() => lockDown(stuck), /could not give up fetch/);
});

test("a LabWorker's options never shadow its requests (a visitor's message check beside the page's check of a puzzle)", () => {
  const posted = [];
  globalThis.Worker = class { postMessage(m) { posted.push(m); } terminate() {} };
  for (const options of [{}, { name: VISITOR, messageProblem: visitorMessageProblem, replace: false }]) {
    const w = new LabWorker(options);
    for (const method of ["check", "rate", "generate", "vet", "own", "run"]) assert.equal(typeof w[method], "function", method);
    w.check(PUZZLE).catch(() => {});                      // ended unanswered by terminate below
    w.terminate();
  }
  assert.deepEqual(posted.map((m) => m.type), ["check", "check"]);
  delete globalThis.Worker;
});

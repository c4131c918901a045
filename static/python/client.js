// The page's handle on one solver worker (docs/protocol.md, "Worker messages"). As in
// Pyodide's own worker recipe, every request returns a promise of its reply and every run a
// promise of its result: `await worker.check(puzzle)`, `worker.run(spec, onFrame).done`.
//
// The handle also watches the worker: one that dies (an uncaught error, a closed worker) or
// stops answering while a run should be streaming is replaced. How long a silence is allowed
// is watchdog.js's: from 3 s, longer for a worker that has shown a slow pace, never past 8 s,
// counted while the page's thread could listen; before the run's first frame, ANSWER_GRACE
// times `stallMs`, since a run sent meanwhile waits for the part of a task the worker is in,
// and a 64×64 rating's count tables are one part of seconds under load. Everything it had in hand is rejected with WorkerLost, the owner is
// told through onLost(reason, replaced), and the new worker loads the runtime again (the
// browser's cache serves the files) and reports `ready` like the first one.
import { dropMessage, requestMessage, startMessage, stopMessage, memberCapMessage, memberSettleMessage,
  memberStartMessage } from "./messages.js";
import { CHECK_MS, HANG_MS, STALL_MS, Silence } from "./watchdog.js";
import { checkedResult } from "../rules/claim.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
const ANSWER_GRACE = 10;           // a run not yet answered: silence up to 10 × stallMs (30 s) is a busy worker

export class WorkerLost extends Error {}

// A run the worker refused before it started (a setting the puzzle cannot take, say): `field`
// names the setting ('solver', 'seed' or a parameter) when there is one.
// A visitor's solver refused (field "code") names the `line` of its text when there is one.
export class RunRefused extends Error {
  constructor(message, field = null, line = null) {
    super(message);
    this.field = field;
    this.line = line;
  }
}

let runSeq = 0;                    // run ids are unique across every worker of the page

// A worker that fails RESTARTS.count times within RESTARTS.ms is not restarted (it keeps dying),
// and the page says so in GAVE_UP, made of the same numbers.
export const RESTARTS = Object.freeze({ count: 3, ms: 60_000 });
export const GAVE_UP = `It failed ${RESTARTS.count} times in ${RESTARTS.ms / 1000} seconds, so it was not restarted: reload the page.`;

export class LabWorker {
  // onStatus(): the loading stage changed or the worker became ready (read .stage, .ready, .hello);
  // onLost(reason, replaced): the worker died or hung and was (or, failing too often, was not) replaced.
  // stallMs, hangMs: the least and the most silence a streaming run may keep (watchdog.js).
  // name: the Worker's name (python/visitor.js names a visitor's); messageProblem(msg): why a
  // message from it breaks the protocol, or null (a message that breaks it ends the worker);
  // replace: whether a lost worker is replaced (a visitor's is not: each serves one run).
  constructor({ onStatus = () => {}, onLost = () => {}, stallMs = STALL_MS, hangMs = HANG_MS, name = "",
    messageProblem = null, replace = true } = {}) {
    Object.assign(this, { onStatus, onLost, stallMs, hangMs, name, messageProblem, replace });
    this.requests = new Map();
    this.runs = new Map();
    this.requestSeq = 0;
    this.restarts = [];
    this.timer = setInterval(() => this.checkAlive(), CHECK_MS);
    this.spawn();
  }

  spawn() {
    this.generation = (this.generation || 0) + 1;   // a fresh worker knows nothing of the last one's requests
    this.ready = false;
    this.hello = null;
    this.stage = null;
    this.failure = null;
    const w = new Worker(WORKER_URL, { type: "module", name: this.name });
    w.onmessage = (e) => { if (w === this.worker) this.receive(e.data); };
    w.onerror = (e) => {
      e.preventDefault();
      if (w === this.worker) this.lose(`it crashed (${e.message || "an uncaught error"})`);
    };
    w.onmessageerror = () => { if (w === this.worker) this.lose("it sent a message that could not be read"); };
    this.worker = w;
    this.silence = new Silence(performance.now(), { stallMs: this.stallMs, hangMs: this.hangMs });
  }

  receive(msg) {
    const problem = this.messageProblem && this.messageProblem(msg);
    if (problem) { this.lose(`it sent a message outside the lab's protocol (${problem})`); return; }
    this.silence.heard(performance.now(), this.streaming);
    switch (msg.type) {
      case "loading":
        this.stage = msg;
        this.onStatus();
        break;
      case "ready":
        this.ready = true;
        this.hello = msg;
        this.onStatus();
        break;
      case "reply": {
        const pending = this.requests.get(msg.requestId);
        this.requests.delete(msg.requestId);
        if (pending) pending.resolve(msg);
        break;
      }
      case "task-progress": {                   // a sliced task under way says how far it is
        const pending = this.requests.get(msg.requestId);
        if (pending && pending.onProgress) pending.onProgress(msg.progress);
        break;
      }
      case "progress": {
        const run = this.runs.get(msg.runId);
        if (run) { run.answered = true; run.onFrame(msg); }
        break;
      }
      case "barrier": {                         // a member of a run on several workers waits for the others' reports
        const run = this.runs.get(msg.runId);
        if (run && run.onBarrier) { run.waiting = true; run.onBarrier(msg.report); }
        break;
      }
      case "done": {
        const run = this.runs.get(msg.runId);
        this.runs.delete(msg.runId);
        if (run) run.resolve(msg);
        break;
      }
      case "error": {
        const run = this.runs.get(msg.runId);
        if (run) {
          this.runs.delete(msg.runId);
          run.reject(new RunRefused(msg.message, msg.field || null, msg.line ?? null));
        } else if (msg.fatal) {
          this.failure = msg.message;
          this.onStatus();
        }
        break;
      }
    }
  }

  // ------------------------------------------------------------------ requests and runs
  // watched: the reply must come within the watchdog's patience for an unanswered run (a visitor's
  // text runs its top level; one that never ends is a hung worker, replaced like one)
  request(type, body = {}, onProgress = null, watched = false) {
    const requestId = ++this.requestSeq;
    if (watched) this.silence.restart(performance.now());
    return new Promise((resolve, reject) => {
      this.requests.set(requestId, { resolve, reject, onProgress, watched });
      this.worker.postMessage(requestMessage(type, requestId, body));
    });
  }

  check(puzzle) { return this.request("check", { puzzle }); }

  // the puzzle's rating (its solution count included), in slices; a newer one supersedes it
  // ({superseded: true}); onProgress({stage, logic_cells, nodes, elapsed, budget}) meanwhile;
  // countBudget: a shorter budget (seconds) for its count, only ever a test's (docs/page.md, "Test hooks")
  rate(puzzle, onProgress = null, countBudget = null) {
    return this.request("rate", countBudget ? { puzzle, max_seconds: countBudget } : { puzzle }, onProgress);
  }

  // a generated puzzle from the generator's settings (`16:0.45:7`), in slices; likewise;
  // onProgress({stage, nodes, removed, to_remove, tried, unsettled, elapsed}) meanwhile
  generate(spec, onProgress = null) { return this.request("generate", { spec }, onProgress); }

  // forget the sliced task of that kind under way ("generate"): its request gets {superseded: true}
  drop(kind) { this.worker.postMessage(dropMessage(kind)); }

  vet({ puzzle, solver, params, seed, code = null }) {
    return this.request("vet", { puzzle, solver, params, seed, ...(code ? { code } : {}) }, null, !!code);
  }

  // a visitor's solver text ({name, text}): {ok, schema, sha256} or {ok: false, field: "code", message, line}
  own(code) { return this.request("own", { code }, null, true); }

  // spec: {puzzle, solver, params, seed, max_seconds, lite}; onFrame(progress message).
  // Returns {runId, done: Promise<result>, stop()}; `done` rejects with RunRefused or WorkerLost.
  // The result is the page's own reading of the run's board (rules/claim.js): it says solved only
  // over a solution of the puzzle, whatever the worker claimed.
  run(spec, onFrame = () => {}) {
    const runId = ++runSeq;
    const done = new Promise((resolve, reject) => this.runs.set(runId, { onFrame, resolve, reject }))
      .then((result) => checkedResult(spec.puzzle, result));
    this.silence.restart(performance.now());
    this.worker.postMessage(startMessage({ ...spec, runId }));
    return { runId, done, stop: () => { if (this.runs.has(runId)) this.worker.postMessage(stopMessage(runId)); } };
  }

  // Member `member` of a run on several workers (python/several.js drives it): as run(), plus onBarrier(report) when the
  // member waits at a barrier, settle(reports, elapsed) to hand it every member's report there, and
  // cap(count) to hand it another member's solution (the member goes no further than its count).
  memberRun(spec, onFrame, onBarrier) {
    const runId = ++runSeq;
    const done = new Promise((resolve, reject) => this.runs.set(runId, { onFrame, onBarrier, resolve, reject }));
    this.silence.restart(performance.now());
    this.worker.postMessage(memberStartMessage({ ...spec, runId }));
    const settle = (reports, elapsed) => {
      const run = this.runs.get(runId);
      if (!run) return;
      run.waiting = false;
      this.silence.restart(performance.now());
      this.worker.postMessage(memberSettleMessage(runId, reports, elapsed));
    };
    const cap = (count) => { if (this.runs.has(runId)) this.worker.postMessage(memberCapMessage(runId, count)); };
    return { runId, done, settle, cap, stop: () => { if (this.runs.has(runId)) this.worker.postMessage(stopMessage(runId)); } };
  }

  get busy() {
    return this.runs.size > 0;
  }

  // ------------------------------------------------------------------ watching
  // A run streams when the worker is ready, holds a run, has answered every run it holds and
  // does not wait at a barrier: its messages' gaps then show the worker's pace.
  get streaming() {
    const runs = [...this.runs.values()];
    return this.ready && runs.length > 0 && runs.every((r) => r.answered) && !runs.every((r) => r.waiting);
  }

  // While a run should be streaming, silence past the watchdog's allowance means the worker is
  // stuck. A run it has not answered yet may wait for the end of a task's part (a rating's, a
  // generation's), so until then the wait is longer. A member waiting at a barrier is
  // silent by design: the other members' pace sets how long.
  checkAlive() {
    const now = performance.now();
    const silent = this.silence.check(now);
    const loading = [...this.requests.values()].some((r) => r.watched);     // a visitor's text's top level
    if (this.ready && loading && !this.runs.size && silent > this.stallMs * ANSWER_GRACE) {
      this.lose(`your solver's code ran for ${(silent / 1000).toFixed(0)} s without finishing loading`);
      return;
    }
    if (!this.ready || !this.runs.size) return;
    if ([...this.runs.values()].every((r) => r.waiting)) { this.silence.restart(now); return; }
    const waiting = [...this.runs.values()].some((r) => !r.answered);
    const limit = waiting ? this.stallMs * ANSWER_GRACE : this.silence.allowance();
    if (silent > limit) {
      this.lose(`it stopped answering for ${(silent / 1000).toFixed(1)} s`);
    }
  }

  dropAll(reason) {
    const err = new WorkerLost(reason);
    for (const p of this.requests.values()) p.reject(err);
    for (const r of this.runs.values()) r.reject(err);
    this.requests.clear();
    this.runs.clear();
  }

  lose(reason) {
    this.worker.terminate();
    const now = performance.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTARTS.ms);
    const giveUp = !this.replace || this.restarts.length >= RESTARTS.count;    // a worker that keeps dying is not retried forever
    this.dropAll(reason);
    if (giveUp) {
      this.ready = false;
      this.failure = `the worker failed: ${reason}`;
    } else {
      this.restarts.push(now);
      this.spawn();
    }
    this.onLost(reason, !giveUp);
    this.onStatus();
  }

  terminate() {
    clearInterval(this.timer);
    this.worker.terminate();
    this.dropAll("the worker was closed");
    this.ready = false;
  }
}

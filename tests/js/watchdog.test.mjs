// The worker's watchdog (static/python/client.js): a run sent while the worker is inside a
// long part of another task (a 64×64 rating builds its count's tables in one go: 0.7 s
// natively, seconds in the page under load) is not taken for a dead worker before the worker
// has answered it; once the run streams, silence past stallMs still means a stuck worker.
import { test } from "node:test";
import assert from "node:assert/strict";

class FakeWorker {                     // a worker that says only what the test makes it say
  constructor() { this.sent = []; FakeWorker.last = this; }
  postMessage(msg) { this.sent.push(msg); }
  terminate() { this.terminated = true; }
  say(data) { this.onmessage({ data }); }
}
globalThis.Worker = FakeWorker;
const { LabWorker } = await import("../../static/python/client.js");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function readyWorker(t, stallMs) {
  const lost = [];
  const w = new LabWorker({ stallMs, onLost: (reason) => lost.push(reason) });
  t.after(() => w.terminate());
  FakeWorker.last.say({ type: "ready", versions: {}, solvers: [] });
  return { w, fake: FakeWorker.last, lost };
}

test("a run the busy worker has not answered yet is waited for, not taken for a hang", async (t) => {
  const { w, fake, lost } = readyWorker(t, 100);
  const run = w.run({ puzzle: ".", solver: "hill_climb", params: {}, seed: 0, max_seconds: 1 });
  run.done.catch(() => {});
  await sleep(600);                   // the rating's unsplit part: six stall periods of silence
  assert.deepEqual(lost, []);
  assert.equal(fake.terminated, undefined);
  fake.say({ type: "progress", runId: run.runId });
  fake.say({ type: "done", runId: run.runId, stop_reason: "stopped" });
  assert.equal((await run.done).stop_reason, "stopped");
});

test("a streaming run whose worker falls silent is lost", async (t) => {
  const { w, fake, lost } = readyWorker(t, 100);
  const run = w.run({ puzzle: ".", solver: "hill_climb", params: {}, seed: 0, max_seconds: 1 });
  const failed = run.done.then(() => null, (err) => err);
  fake.say({ type: "progress", runId: run.runId });
  await sleep(600);
  assert.equal(lost.length, 1);
  assert.match(lost[0], /stopped answering/);
  assert.equal(fake.terminated, true);
  assert.equal((await failed).constructor.name, "WorkerLost");
});

test("a worker that never answers a run is lost after the longer wait", async (t) => {
  const { w, fake, lost } = readyWorker(t, 20);
  const run = w.run({ puzzle: ".", solver: "hill_climb", params: {}, seed: 0, max_seconds: 1 });
  run.done.catch(() => {});
  await sleep(2000);
  assert.equal(lost.length, 1);
  assert.equal(fake.terminated, true);
});

test("a team member waiting at a barrier is silent by design: not lost; once settled, silence counts again", async (t) => {
  const { w, fake, lost } = readyWorker(t, 100);
  const barriers = [];
  const run = w.memberRun({ puzzle: ".", params: {}, seed: 0, member: 1, workers: 2, exchange: 10, max_seconds: 60 },
    () => {}, (report) => barriers.push(report));
  const failed = run.done.then(() => null, (err) => err);
  assert.equal(fake.sent.at(-1).type, "member-start");
  fake.say({ type: "progress", runId: run.runId });
  fake.say({ type: "barrier", runId: run.runId, report: { moves: 10 } });
  assert.deepEqual(barriers, [{ moves: 10 }]);
  await sleep(600);                   // the other member is slower: six stall periods at the barrier
  assert.deepEqual(lost, []);
  run.settle([{ moves: 10 }, { moves: 10 }], 0.5);
  assert.deepEqual(fake.sent.at(-1), { type: "member-settle", runId: run.runId, reports: [{ moves: 10 }, { moves: 10 }], elapsed: 0.5 });
  await sleep(600);                   // streaming again, and silent: a stuck worker
  assert.equal(lost.length, 1);
  assert.equal((await failed).constructor.name, "WorkerLost");
});

// ------------------------------------------------------------------ the rule itself, on a clock of the test's
const { CHECK_MS, HANG_MS, STALL_MS, Silence } = await import("../../static/python/watchdog.js");

// A worker streaming a frame every `gapMs` for `frames` frames, the page checking every CHECK_MS
// meanwhile; then silence. Returns the watch and the time of the last frame.
function streamed(gapMs, frames) {
  const s = new Silence(0);
  const now = gapMs * frames;
  const checks = Array.from({ length: Math.floor(now / CHECK_MS) }, (_, j) => [(j + 1) * CHECK_MS, "check"]);
  const heard = Array.from({ length: frames }, (_, i) => [(i + 1) * gapMs, "heard"]);
  for (const [t, what] of [...checks, ...heard].sort((x, y) => x[0] - y[0])) {
    if (what === "check") s.check(t); else s.heard(t, true);
  }
  return { s, now };
}

// The silence the watch counts after `ms` more of it, checked on time.
function silentFor(s, from, ms) {
  let silent = 0;
  for (let t = from + CHECK_MS; t <= from + ms; t += CHECK_MS) silent = s.check(t);
  return silent;
}

test("a fast worker's silence is allowed 3 s: a frame every 40 ms, then a hang", () => {
  const { s, now } = streamed(40, 100);
  assert.equal(s.allowance(), STALL_MS);
  assert.ok(silentFor(s, now, 3500) > s.allowance());
});

test("a slow worker (a frame every 600 ms, a phone's pace) may stay silent longer than 3 s", () => {
  const { s, now } = streamed(600, 20);
  assert.ok(s.allowance() > STALL_MS);
  assert.ok(silentFor(s, now, 4000) < s.allowance());
});

test("whatever the pace, a worker silent past 8 s is taken for stuck: a hang is caught within 10 s", () => {
  const { s, now } = streamed(2000, 5);
  assert.equal(s.allowance(), HANG_MS);
  assert.ok(HANG_MS + 1000 <= 10_000);          // the last check on time plus the most a check may come late uncounted
  assert.ok(silentFor(s, now, HANG_MS + CHECK_MS) > s.allowance());
});

test("time the page's own thread was held does not count as the worker's silence", () => {
  const { s, now } = streamed(40, 100);
  s.check(now + CHECK_MS);
  const late = s.check(now + CHECK_MS + 4000);   // the page held for 4 s: its check comes late
  assert.ok(late < 1000, `counted ${late} ms`);
  assert.ok(silentFor(s, now + CHECK_MS + 4000, 3500) > s.allowance());   // on time again: the silence counts
});

test("a wait that starts afresh (a run sent, a barrier settled) is not taken for the worker's pace", () => {
  const s = new Silence(0);
  s.heard(40, true);
  s.restart(5000);                                // a run sent after 5 s with nothing to do
  s.heard(5040, true);
  assert.equal(s.allowance(), STALL_MS);
});

test("a worker that keeps failing is restarted RESTARTS.count times within RESTARTS.ms, then left failed, as GAVE_UP says", async (t) => {
  const { RESTARTS, GAVE_UP } = await import("../../static/python/client.js");
  const replaced = [];
  const w = new LabWorker({ onLost: (reason, again) => replaced.push(again) });
  t.after(() => w.terminate());
  for (let i = 0; i <= RESTARTS.count; i++) w.lose("it crashed");
  assert.deepEqual(replaced, [...new Array(RESTARTS.count).fill(true), false]);
  assert.equal(w.failure, "the worker failed: it crashed");
  assert.match(GAVE_UP, /^It failed 3 times in 60 seconds, so it was not restarted/);
});

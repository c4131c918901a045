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

// The pool of a race's lanes and an experiment's jobs (static/python/pool.js) over fake workers:
// a job that asks for two workers waits for two idle ready slots, holds both as one team run and
// frees both; a race's together counts slots; Stop reaches every member and the queue; a lost
// member's worker ends that job as an error, not its neighbours.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Pool } from "../../static/python/pool.js";
import { WorkerLost } from "../../static/python/client.js";

// A worker as the pool sees it: it records each run and team member it is given; the test plays their answers.
class FakeWorker {
  constructor(ready = true) { Object.assign(this, { ready, busy: false, failure: null, stage: null, runs: [], members: [] }); }
  handle(list, spec, onFrame) {
    const entry = { spec, onFrame, stopped: 0 };
    entry.done = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    list.push(entry);
    return { runId: list.length, done: entry.done, stop: () => { entry.stopped += 1; }, settle: () => {} };
  }
  run(spec, onFrame) { return this.handle(this.runs, spec, onFrame); }
  memberRun(spec, onFrame) { return this.handle(this.members, spec, onFrame); }
}

// a pool of `n` slots: the page's worker and n − 1 spawned ones, those listed in `loading` not ready yet
function pool(n, loading = []) {
  const spawned = [];
  const p = new Pool({ primary: new FakeWorker(), spawn: (onLoad) => {
    const w = Object.assign(new FakeWorker(!loading.includes(spawned.length + 1)), { onLoad });
    spawned.push(w);
    return w;
  } });
  p.resize(n);
  return { p, workers: p.slots.map((s) => s.worker) };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const job = (name, workers = 1) => ({ name, puzzle: "1.", solver: workers > 1 ? "alldiff_ls" : "hill_climb", params: {}, seed: 1,
  max_seconds: 60, ...(workers > 1 ? { workers, exchange: 3000 } : {}) });
const result = (extra = {}) => ({ solver: "alldiff_ls", seed: 1, params: {}, solved: false, board: "b", best: 3, conflicts: 3,
  open_cells: 3, iterations: 10, evaluations: 10, seconds: 1, stop_reason: "stopped", restarts: 0, longest_step: 0, ...extra });
const teamDone = result({ solved: true, best: 0, stop_reason: "solved", params: { workers: 2 }, kind: "team" });
const busySlots = (p) => p.slots.map((s) => (s.job ? s.job.name : null));

test("a job asking for two workers waits for two idle ready slots, holds both as one team and frees both", async () => {
  const { p, workers: [a, b] } = pool(2, [1]);                      // the second worker still loads
  const results = p.start([job("team", 2), job("one")]);
  await tick();
  assert.deepEqual([a.members.length, a.runs.length, busySlots(p)], [0, 0, [null, null]]);   // the one-worker job does not overtake it
  b.ready = true;
  b.onLoad();
  await tick();
  assert.deepEqual([a.members.length, b.members.length, busySlots(p)], [1, 1, ["team", "team"]]);
  assert.deepEqual([a.members[0].spec.member, b.members[0].spec.member, a.members[0].spec.workers, a.members[0].spec.exchange,
    a.members[0].spec.lite], [0, 1, 2, 3000, true]);
  a.members[0].resolve(teamDone);
  b.members[0].resolve(teamDone);
  assert.deepEqual(await results[0], teamDone);
  await tick();
  assert.deepEqual([a.runs.length, busySlots(p)], [1, ["one", null]]);   // both freed; the next job took the first
  a.runs[0].resolve(result({ solver: "hill_climb" }));
  assert.equal((await results[1]).solver, "hill_climb");
});

test("a race's lanes start together once every lane's slots are ready: a two-worker lane and a one-worker lane", async () => {
  const { p, workers: [a, b, c] } = pool(3, [2]);
  p.start([job("lane 1", 2), job("lane 2")], { together: true });
  await tick();
  assert.deepEqual([a.members.length, b.members.length, c.runs.length], [0, 0, 0]);   // three slots asked, two ready
  c.ready = true;
  c.onLoad();
  await tick();
  assert.deepEqual([a.members.length, b.members.length, c.runs.length, busySlots(p)], [1, 1, 1, ["lane 1", "lane 1", "lane 2"]]);
  for (const m of [a.members[0], b.members[0], c.runs[0]]) m.resolve(teamDone);   // (the team's time-limit timer ends)
});

test("Stop reaches every member of a running team and resolves the queue; the team's result says its workers", async () => {
  const { p, workers: [a, b] } = pool(2);
  const [team, queued] = p.start([job("team", 2), job("next", 2)]);
  await tick();
  p.stop();
  assert.deepEqual([a.members[0].stopped, b.members[0].stopped], [1, 1]);
  const q = await queued;
  assert.deepEqual([q.stop_reason, q.started, q.params.workers, q.kind], ["stopped", false, 2, "team"]);
  a.members[0].resolve(result({ iterations: 40, best: 5 }));
  b.members[0].resolve(result({ iterations: 30, best: 2, board: "c" }));
  const out = await team;
  assert.deepEqual([out.stop_reason, out.iterations, out.board, out.params.workers, out.kind], ["stopped", 70, "c", 2, "team"]);
  await tick();
  assert.deepEqual(busySlots(p), [null, null]);
});

test("a team member's lost worker ends that job as an error naming it; the lane beside it runs on", async () => {
  const { p, workers: [a, b, c] } = pool(3);
  const [team, other] = p.start([job("lane 1", 2), job("lane 2")], { together: true });
  await tick();
  b.members[0].reject(new WorkerLost("it crashed (out of memory)"));
  await tick();
  assert.equal(a.members[0].stopped, 1);
  a.members[0].resolve(result());
  const out = await team;
  assert.deepEqual([out.stop_reason, out.message], ["error", "worker 2 of 2 failed: it crashed (out of memory); the run stops"]);
  assert.equal(c.runs[0].stopped, 0);
  c.runs[0].resolve(result({ solver: "hill_climb", solved: true, stop_reason: "solved" }));
  assert.equal((await other).stop_reason, "solved");
});

test("a job asking for more workers than the pool has ends as an error at once, never waiting forever", async () => {
  const { p } = pool(2);
  const [out] = p.start([job("wide", 3)]);
  const r = await out;
  assert.deepEqual([r.stop_reason, r.message, r.started], ["error", "it asks for 3 workers; the pool has 2", false]);
});

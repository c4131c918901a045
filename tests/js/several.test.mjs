// A run on several workers (static/python/several.js, several-frames.js): a team's frames (the best
// member's board, moves summed, one chart row at the summed moves), a portfolio's (the leading
// member's own counts), the result of a run ended between barriers,
// and the coordinator over fake workers — reports handed to every member only once all are in,
// Stop reaching every member, a lost worker named in the run's message.
import { test } from "node:test";
import assert from "node:assert/strict";

import { runOnPool, runOnWorkers, resultBetweenBarriers } from "../../static/python/several.js";
import { PortfolioFrames, TeamFrames, framesFor } from "../../static/python/several-frames.js";
import { memberCapMessage, memberSettleMessage, memberStartMessage } from "../../static/python/messages.js";
import { WorkerLost } from "../../static/python/client.js";

const frame = (iteration, best, row = null) => ({
  points: row ? [[iteration - 5, 99, 9, 1], [iteration, ...row]] : [], events: [], series: ["cost", "clashing", "pool"],
  elapsed: 1, objective: { name: "clashing edges" }, longest_step: 0.01,
  progress: { iteration, evaluations: 10 * iteration, best, restarts: 1, board: `board-${best}`, clashing_at: [] },
});

test("the team's frame: the lowest best member's board, the members' moves summed, its chart row at the sum", () => {
  const team = new TeamFrames(3);
  let out = team.add(1, frame(100, 7, [7, 5, 0]), 0.5);
  assert.deepEqual([out.progress.iteration, out.progress.board, out.workers, out.elapsed], [100, "board-7", 3, 0.5]);
  assert.deepEqual(out.points, [[100, 7, 5, 0]]);
  out = team.add(0, frame(120, 3, [4, 3, 1]), 0.6);
  assert.deepEqual([out.progress.iteration, out.progress.evaluations, out.progress.restarts, out.progress.board],
    [220, 2200, 2, "board-3"]);
  assert.deepEqual(out.points, [[220, 4, 3, 1]]);
  out = team.add(1, frame(200, 3, [6, 4, 0]), 0.7);          // a tie of best: the lower worker's board
  assert.deepEqual([out.progress.iteration, out.progress.board, out.points], [320, "board-3", [[320, 4, 3, 1]]]);
  out = team.add(2, { ...frame(50, 9), progress: undefined }, 0.8);   // no state yet, no row: no point
  assert.deepEqual([out.progress.iteration, out.points], [320, []]);
});

test("a portfolio's frame: the lowest best member's own counts, its chart row at its own iteration, never going back", () => {
  const portfolio = new PortfolioFrames(2);
  portfolio.add(0, frame(10, 7, [5, 0]), 0.5);
  let out = portfolio.add(1, frame(9, 3, [4, 1]), 0.6);
  assert.deepEqual([out.progress.iteration, out.progress.evaluations, out.progress.board, out.points], [9, 90, "board-3", [[10, 4, 1]]]);
  out = portfolio.add(1, frame(12, 3, [4, 1]), 0.7);
  assert.deepEqual([out.progress.iteration, out.points], [12, [[12, 4, 1]]]);
});

test("framesFor: acs and alldiff_tabu on several workers are a portfolio's frames, alldiff_ls a team's", () => {
  assert.deepEqual(["acs", "alldiff_tabu", "alldiff_ls"].map((s) => framesFor(s, 2).constructor), [PortfolioFrames, PortfolioFrames, TeamFrames]);
  const out = framesFor("acs", 2).add(0, frame(10, 7, [5, 0]), 0.5);
  assert.deepEqual([out.progress.iteration, out.workers], [10, 2]);
});

test("a portfolio stopped between barriers: the lowest best member's own run, workers in its parameters", () => {
  const r = (best, iterations, board) => ({ solver: "acs", seed: 1, params: { ants: 10 }, solved: false, board,
    conflicts: best, open_cells: best, best, iterations, evaluations: 10 * iterations, seconds: 3, stop_reason: "stopped",
    restarts: 0, longest_step: 0.02 });
  const out = resultBetweenBarriers([r(4, 100, "a"), r(2, 90, "b")], { solver: "acs", seed: 1, params: {} }, 2, "stopped", "", 2.5);
  assert.deepEqual([out.board, out.iterations, out.evaluations, out.params, out.kind], ["b", 90, 900, { ants: 10, workers: 2 }, "portfolio"]);
});

test("a team stopped between barriers: the lowest best's board, the counts summed, workers in its parameters", () => {
  const r = (best, iterations, board) => ({ solver: "alldiff_ls", seed: 1, params: { walkers: 16 }, solved: false, board,
    conflicts: best, open_cells: 2 * best, best, iterations, evaluations: 10 * iterations, seconds: 3, stop_reason: "stopped",
    restarts: 1, longest_step: 0.02 });
  const out = resultBetweenBarriers([r(4, 100, "a"), r(2, 50, "b"), null], { solver: "alldiff_ls", seed: 1, params: {} }, 3, "stopped", "", 2.5);
  assert.deepEqual([out.board, out.best, out.iterations, out.evaluations, out.restarts, out.params, out.seconds, out.stop_reason, out.kind],
    ["b", 2, 150, 1500, 2, { walkers: 16, workers: 3 }, 2.5, "stopped", "team"]);
  const none = resultBetweenBarriers([], { solver: "alldiff_ls", seed: 1, params: {} }, 2, "error", "worker 1 of 2 could not load");
  assert.deepEqual([none.stop_reason, none.message, none.iterations, none.params.workers], ["error", "worker 1 of 2 could not load", 0, 2]);
});

test("the team messages carry the member, the team and a run's budget", () => {
  const m = memberStartMessage({ runId: 3, puzzle: "1.", params: {}, seed: 2, member: 1, workers: 2, exchange: 500, max_seconds: 60 });
  assert.deepEqual(m, { type: "member-start", runId: 3, puzzle: "1.", params: {}, seed: 2, member: 1, workers: 2, exchange: 500,
    budget: { max_seconds: 60 } });
  assert.equal(memberStartMessage({ runId: 3, puzzle: "1.", params: {}, seed: 2, member: 0, workers: 2, exchange: 5, max_seconds: 9,
    lite: true }).frames, "lite");                                       // a race lane's or an experiment job's team
  assert.deepEqual(memberSettleMessage(3, [{ moves: 1 }], 0.5), { type: "member-settle", runId: 3, reports: [{ moves: 1 }], elapsed: 0.5 });
});

// A worker as the coordinator sees it: it records what it was told; the test plays its answers.
class FakeWorker {
  constructor() { Object.assign(this, { ready: true, busy: false, failure: null, settled: [], stopped: 0, caps: [] }); }
  memberRun(spec, onFrame, onBarrier) {
    this.spec = spec;
    this.onFrame = onFrame;
    this.onBarrier = onBarrier;
    this.done = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
    return { runId: spec.member, done: this.done, settle: (reports, elapsed) => this.settled.push({ reports, elapsed }),
      cap: (count) => this.caps.push(count), stop: () => { this.stopped += 1; } };
  }
}
const fakePool = (workers) => ({ slots: workers.map((worker) => ({ worker })), warm() {} });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
// A test that leaves its run going leaves the run's budget timer too (60 s), and node waits for it:
// Stop ends such a run, each member answering with its own result.
async function stopAndEnd(run, members) {
  run.stop();
  members.forEach((m, w) => m.resolve(own(10 + w, 1 + w)));
  assert.equal((await run.done).stop_reason, "stopped");
}
const spec = { puzzle: "1.", solver: "alldiff_ls", params: {}, seed: 7, max_seconds: 60, workers: 2 };
const own = (iterations, best) => ({ solver: "alldiff_ls", seed: 7, params: { walkers: 16 }, solved: false, board: `b${best}`,
  conflicts: best, open_cells: best, best, iterations, evaluations: 0, seconds: 1, stop_reason: "stopped", restarts: 0, longest_step: 0 });

test("the coordinator hands every member all the reports, in worker order, once the last is in; the team's answer is the result", async () => {
  const [a, b] = [new FakeWorker(), new FakeWorker()];
  const frames = [];
  const run = runOnPool(fakePool([a, b]), spec, (f) => frames.push(f));
  await tick();
  assert.deepEqual([a.spec.member, b.spec.member, a.spec.workers, a.spec.exchange, a.spec.seed], [0, 1, 2, 50000, 7]);
  b.onFrame(frame(10, 5, [5, 3, 0]));
  assert.equal(frames.at(-1).workers, 2);
  b.onBarrier({ moves: 2 });
  assert.deepEqual([a.settled.length, b.settled.length], [0, 0]);      // worker 0 not there yet
  a.onBarrier({ moves: 1 });
  assert.deepEqual(a.settled.map((s) => s.reports), [[{ moves: 1 }, { moves: 2 }]]);
  assert.deepEqual(b.settled.map((s) => s.reports), [[{ moves: 1 }, { moves: 2 }]]);
  const team = { ...own(3, 0), solved: true, stop_reason: "solved", params: { walkers: 16, workers: 2 }, kind: "team" };
  a.resolve(team);
  b.resolve(team);
  assert.deepEqual(await run.done, team);
});

test("a report that holds a solution caps at once the members still stepping, and only those", async () => {
  const [a, b, c] = [new FakeWorker(), new FakeWorker(), new FakeWorker()];
  const run = runOnPool(fakePool([a, b, c]), { ...spec, workers: 3 });
  await tick();
  a.onBarrier({ moves: 50000, solved_at: null });            // worker 1 reached the barrier: no cap
  assert.deepEqual([a.caps, b.caps, c.caps], [[], [], []]);
  c.onBarrier({ moves: 1234, solved_at: 1234 });              // worker 3 solved: worker 2 is still stepping
  assert.deepEqual([a.caps, b.caps, c.caps], [[], [1234], []]);
  b.onBarrier({ moves: 1234, solved_at: null });              // worker 2 stopped at the cap: every report in
  assert.equal(a.settled.length, 1);
  assert.deepEqual(memberCapMessage(5, 1234), { type: "member-cap", runId: 5, count: 1234 });
  await stopAndEnd(run, [a, b, c]);
});

test("an acs portfolio's members are told their solver and acs's own exchange", async () => {
  const [a, b] = [new FakeWorker(), new FakeWorker()];
  const run = runOnPool(fakePool([a, b]), { ...spec, solver: "acs" });
  await tick();
  assert.deepEqual([a.spec.solver, b.spec.solver, a.spec.exchange, b.spec.member], ["acs", "acs", 2, 1]);
  const m = memberStartMessage({ ...a.spec, runId: 1 });
  assert.deepEqual([m.type, m.solver, m.exchange], ["member-start", "acs", 2]);
  await stopAndEnd(run, [a, b]);
});

test("Stop reaches every member and their own results make the team's", async () => {
  const [a, b] = [new FakeWorker(), new FakeWorker()];
  const run = runOnPool(fakePool([a, b]), spec);
  await tick();
  run.stop();
  assert.deepEqual([a.stopped, b.stopped], [1, 1]);
  a.resolve(own(100, 4));
  b.resolve(own(80, 1));
  const out = await run.done;
  assert.deepEqual([out.stop_reason, out.iterations, out.board, out.params.workers], ["stopped", 180, "b1", 2]);
});

test("a member's worker that dies ends the run: the others are stopped and the message names it", async () => {
  const [a, b] = [new FakeWorker(), new FakeWorker()];
  const run = runOnPool(fakePool([a, b]), spec);
  await tick();
  b.reject(new WorkerLost("it crashed (out of memory)"));
  await tick();
  assert.equal(a.stopped, 1);
  a.resolve(own(100, 4));
  const out = await run.done;
  assert.equal(out.stop_reason, "error");
  assert.equal(out.message, "worker 2 of 2 failed: it crashed (out of memory); the run stops");
  assert.deepEqual([out.iterations, out.board], [100, "b4"]);
});

test("the team's last frame says the result's counts and board", () => {
  const team = new TeamFrames(2);
  team.add(0, frame(100, 3, [3, 2, 0]), 0.5);
  team.add(1, frame(90, 4, [4, 2, 0]), 0.5);
  const result = { iterations: 400, evaluations: 5000, restarts: 2, best: 0, conflicts: 0, open_cells: 0, board: "12", solved: true };
  const out = team.last(result, 2);
  assert.deepEqual([out.progress.iteration, out.progress.evaluations, out.progress.best, out.progress.board,
    out.progress.clashing_at, out.progress.empty_cells, out.progress.clashing_cells, out.workers, out.elapsed, out.points],
  [400, 5000, 0, "12", [], 0, 0, 2, 2, []]);
  assert.deepEqual(out.objective, { name: "clashing edges" });
});

test("a lite team frame (a race lane's): the best member's board and clashes, and a trace of the lowest open cells over the members", () => {
  const team = new TeamFrames(2);
  const lite = (trace, open, board) => ({ points: [], events: [], series: [], trace, elapsed: 1, objective: null, longest_step: 0,
    progress: { iteration: 10, evaluations: 10, best: open, restarts: 0, open_cells: open, board, clashing_at: [open] } });
  let out = team.add(0, lite([[0.01, 50], [0.02, 40]], 40, "a"), 0.03);
  assert.deepEqual(out.trace, [[0.01, 50], [0.02, 40]]);
  out = team.add(1, lite([[0.015, 45], [0.03, 20]], 20, "b"), 0.04);   // a row earlier than the team's last keeps the last time
  assert.deepEqual(out.trace, [[0.02, 40], [0.03, 20]]);
  assert.deepEqual([out.progress.board, out.progress.clashing_at, out.progress.open_cells, out.progress.iteration, out.elapsed],
    ["b", [20], 20, 20, 0.04]);
  out = team.add(0, lite([[0.05, 30]], 30, "a2"), 0.06);                // member 1's 20 still the lowest
  assert.deepEqual(out.trace, [[0.05, 20]]);
  assert.equal(team.add(0, frame(1, 9), 0.1).trace, undefined);       // a Solve's frames carry no trace
});

test("runOnWorkers: a team on given ready workers, its members told the lite frames", async () => {
  const [a, b] = [new FakeWorker(), new FakeWorker()];
  const run = runOnWorkers([a, b], { ...spec, lite: true, exchange: 3000 });
  assert.deepEqual([a.spec.member, b.spec.member, a.spec.workers, a.spec.exchange, a.spec.lite], [0, 1, 2, 3000, true]);
  const team = { ...own(3, 0), solved: true, stop_reason: "solved", params: { walkers: 16, workers: 2 }, kind: "team" };
  a.resolve(team);
  b.resolve(team);
  assert.deepEqual(await run.done, team);
});

// A run on several workers in the page, toward its view one run (docs/protocol.md, "Worker
// messages", runs on several workers): alldiff_ls's a team, acs's and alldiff_tabu's a
// portfolio (a seed each). The page's transport, as py/sudoku_lab/several/processes.py is the
// native one: worker w drives member w in Python (py/sudoku_lab/several/); at each barrier this
// coordinator only hands every member all the reports, and a report's solution (`solved_at`) at
// once to the members still stepping, as a cap: the merge of elites, the winner and the rule
// that ends the run stay in Python, where the native processes use them too.
// `runOnWorkers(workers, spec, onFrame)` runs it on the given ready LabWorkers (the pool's slots
// of a race lane or an experiment job); `runOnPool(pool, spec, onFrame)` (a Solve) waits for the
// pool's first workers to be ready, then does the same. Both return what LabWorker.run returns
// ({runId, done, stop}); `done` resolves with the run's result, or rejects with RunRefused when
// the members refuse the settings. Its frames: several-frames.js.
import { RunRefused, WorkerLost } from "./client.js";
import { unstartedResult } from "./messages.js";
import { framesFor, framesKindOf, lowest } from "./several-frames.js";
import { exchangeOf, kindOf } from "../rules/workers.js";

const READY_POLL_MS = 100;               // how often a starting run looks whether its workers have loaded

// A run on several workers that Stop, its time limit or a lost worker ended between barriers: the members' own
// results (null for one that gave none) as one — the board of the lowest best, the counts summed
// (a portfolio's: that member's own), `workers` in its parameters and its `kind`. job: {solver, seed, params},
// for a run none of whose members answered.
export function resultBetweenBarriers(results, job, workers, stopReason, message = "", seconds = 0) {
  const have = results.filter((r) => r && r.board);
  const at = lowest(have, (r) => (r.best === null ? Infinity : r.best));
  const kind = framesKindOf(job.solver);
  const sum = (k) => kind.resultCount(have, at, k);
  const base = at === -1 ? unstartedResult(job, stopReason) : have[at];
  return { ...base, params: { ...(base.params || job.params), workers }, kind: kindOf(job.solver), solved: false,
    iterations: sum("iterations"),
    evaluations: sum("evaluations"), restarts: sum("restarts"), seconds, stop_reason: stopReason,
    longest_step: Math.max(0, ...have.map((r) => r.longest_step || 0)), ...(message ? { message } : {}) };
}

// A member's answer at a barrier is the whole run's result (tagged with its `kind`); a member
// stopped between barriers answers with its own.
const isWholeResult = (r) => !!r && !!r.kind;

// The first `n` workers of the pool once each has loaded Python (they load ahead: Pool.warm).
async function readyWorkers(pool, n, ended) {
  pool.warm(n);
  for (;;) {
    const workers = pool.slots.slice(0, n).map((slot) => slot.worker);
    const failed = workers.findIndex((w) => w.failure);
    if (failed !== -1) throw new WorkerLost(`worker ${failed + 1} of ${n} could not load: ${workers[failed].failure}`);
    if (ended() || workers.every((w) => w.ready && !w.busy)) return workers;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

let runSeq = 0;

// spec: a Solve's {puzzle, solver, params, seed, max_seconds, max_iterations, max_evaluations, workers,
// exchange?}; onFrame(the run's frame). Waits for the pool's first `workers` workers, then runOnWorkers.
export function runOnPool(pool, spec, onFrame = () => {}) {
  const job = { solver: spec.solver, seed: spec.seed, params: spec.params };
  let stopped = false;
  let run = null;
  const done = readyWorkers(pool, spec.workers, () => stopped).then((ready) => {
    if (stopped) return unstartedResult(job, "stopped", "stopped before it started");
    run = runOnWorkers(ready, spec, onFrame);
    return run.done;
  }, (err) => {
    if (!(err instanceof WorkerLost)) throw err;
    return resultBetweenBarriers([], job, spec.workers, "error", err.message);
  });
  return { runId: `several-${++runSeq}`, done, stop: () => { stopped = true; if (run) run.stop(); } };
}

// One run on `ready` (LabWorkers, ready and idle: member w on ready[w]). spec: as runOnPool's,
// `workers` = ready.length, and `lite` for a race lane's or an experiment job's frames.
export function runOnWorkers(ready, spec, onFrame = () => {}) {
  const workers = ready.length;
  const exchange = spec.exchange || exchangeOf(spec.solver);
  const job = { solver: spec.solver, seed: spec.seed, params: spec.params };
  const frames = framesFor(spec.solver, workers);
  let ending = null;                     // {reason, message} once the members are told to stop between barriers
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let reports = new Array(workers).fill(null);
  let count = 0;
  const barrier = (w, report) => {              // the last report in hands them all to every member
    reports[w] = report;
    if (report.solved_at != null) members.forEach((m, v) => { if (!reports[v]) m.cap(report.solved_at); });
    if (++count < workers || ending) return;
    const all = reports;
    reports = new Array(workers).fill(null);
    count = 0;
    for (const m of members) m.settle(all, elapsed());
  };
  const { max_seconds, max_iterations = null, max_evaluations = null, lite = false } = spec;
  const members = ready.map((worker, w) => worker.memberRun({ puzzle: spec.puzzle, solver: spec.solver, params: spec.params, seed: spec.seed,
    member: w, workers, exchange, max_seconds, max_iterations, max_evaluations, lite },
  (frame) => onFrame(frames.add(w, frame, elapsed())), (report) => barrier(w, report)));

  function end(reason, message = "") {
    if (ending) return;
    ending = { reason, message };
    for (const m of members) m.stop();
  }

  async function go() {
    const timer = max_seconds ? setTimeout(() => end("budget"), max_seconds * 1000) : null;
    let refused = null;
    const answers = await Promise.all(members.map((m, w) => m.done.catch((err) => {
      if (!(err instanceof WorkerLost || err instanceof RunRefused)) throw err;
      if (err instanceof RunRefused) refused = refused || err;
      end("error", `worker ${w + 1} of ${workers} failed: ${err.message}; the run stops`);
      return null;
    })));
    clearTimeout(timer);
    if (refused) throw refused;
    const whole = answers.find(isWholeResult);
    if (whole) return whole;
    const { reason, message } = ending || { reason: "error", message: "the workers ended without a result" };
    return resultBetweenBarriers(answers, job, workers, reason, message, elapsed());
  }

  // the run's result, and its last frame before it (the metrics then say the result's counts)
  const done = go().then((result) => {
    onFrame(frames.last(result, elapsed()));
    return result;
  });
  return { runId: `several-${++runSeq}`, done, stop: () => end("stopped") };
}

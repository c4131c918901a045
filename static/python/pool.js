// The workers that run a race's lanes and an experiment's jobs. Slot 0 is the page's own
// worker (already loaded); the others are created when a comparison needs them and kept for
// the next one (each loads the runtime once; the browser's HTTP cache serves the files).
//
// `start(jobs)` queues jobs and returns one promise per job, each resolving to the job's
// result — a real one, or, for a job that never started, a result with stop reason
// "stopped" (Stop came first) or "error" (its worker failed), so a caller always gets every
// answer. With `together`, no job starts before there is a ready, idle worker for each one
// (a race's fair start). `stop()` ends everything at once: queued jobs resolve as stopped
// at once, running ones are told to stop and resolve within a slice.
import { LabWorker, RunRefused, WorkerLost } from "./client.js";
import { unstartedResult } from "./messages.js";
import { MAX_WORKERS } from "../rules/links.js";

// The default pool size: the visitor's cores less one (the page needs one), 1..8, and at
// most 2 on a device that reports ≤ 4 GB of memory (each worker holds its own Python heap).
export function defaultPoolSize() {
  const cores = navigator.hardwareConcurrency || 2;
  const cap = navigator.deviceMemory && navigator.deviceMemory <= 4 ? 2 : MAX_WORKERS;
  return Math.max(1, Math.min(cap, cores - 1));
}

export class Pool {
  // primary: the page's LabWorker; onStatus(): a worker's loading stage changed.
  constructor({ primary, onStatus = () => {} }) {
    this.onStatus = onStatus;
    this.slots = [{ worker: primary, job: null, handle: null, own: false }];
    this.queue = [];
    this.together = 0;
  }

  resize(n) {
    this.warm(n);
    this.size = n;
  }

  // Have n workers, loading or loaded, without putting them to use: a comparison the visitor
  // is composing then finds them ready at Start (three runtimes loading at once on two cores
  // made the first race wait ~15 s).
  warm(n) {
    while (this.slots.length < Math.min(n, MAX_WORKERS)) {
      const slot = { job: null, handle: null, own: true };
      slot.worker = new LabWorker({ onStatus: () => { this.onStatus(); this.dispatch(); } });
      this.slots.push(slot);
    }
  }

  // what each worker in use is doing while a comparison starts: [{ready, stage, failure}]
  status() {
    return this.slots.slice(0, this.size || 1).map(({ worker }) => ({
      ready: worker.ready, stage: worker.stage && worker.stage.stage, failure: worker.failure,
    }));
  }

  // jobs: [{puzzle (cells) or spec (the generator's settings), solver, params, seed, max_seconds, …}];
  // onFrame(job, frame), onStart(job).
  start(jobs, { together = false, onFrame = () => {}, onStart = () => {} } = {}) {
    this.onFrame = onFrame;
    this.onStart = onStart;
    const promises = jobs.map((job) => new Promise((resolve) => { this.queue.push({ job, resolve }); }));
    this.together = together ? jobs.length : 0;
    this.dispatch();
    return promises;
  }

  idle() {
    return this.slots.slice(0, this.size || 1).filter((s) => s.worker.ready && !s.job && !s.worker.busy);
  }

  dispatch() {
    if (!this.queue.length) return;
    if (this.together) {
      if (this.idle().length < this.together) return;
      this.together = 0;
    }
    for (const slot of this.idle()) {
      const next = this.queue.shift();
      if (!next) break;
      this.launch(slot, next);
    }
  }

  launch(slot, { job, resolve }) {
    slot.job = job;
    const stopped = () => unstartedResult(job, "stopped", "stopped before it started");
    const failed = (err) => unstartedResult(job, "error", err instanceof WorkerLost ? `the worker failed: ${err.message}` : err.message);
    // a job named by the generator's settings (a sweep's puzzle) is made first, by the same worker
    const ready = job.puzzle ? Promise.resolve(job.puzzle) : slot.worker.generate(job.spec).then((reply) => {
      if (!reply.ok) throw new RunRefused(reply.message || "the puzzle could not be generated");
      return reply.result.puzzle;
    });
    slot.handle = { stop: () => { slot.stopRequested = true; } };
    slot.stopRequested = false;
    ready.then((puzzle) => {
      if (slot.stopRequested) return stopped();
      job.puzzle = puzzle;
      slot.handle = slot.worker.run({ puzzle, solver: job.solver, params: job.params, seed: job.seed,
        max_seconds: job.max_seconds, max_iterations: job.max_iterations ?? null, max_evaluations: job.max_evaluations ?? null,
        lite: true }, (frame) => this.onFrame(job, frame));
      this.onStart(job);
      return slot.handle.done;
    }).then(
      (result) => resolve(result),
      (err) => {
        if (!(err instanceof RunRefused || err instanceof WorkerLost)) throw err;
        resolve(failed(err));
      },
    ).finally(() => {
      slot.job = null;
      slot.handle = null;
      this.dispatch();
    });
  }

  // Stop everything: queued jobs resolve as stopped before they started; running ones stop.
  stop() {
    const queued = this.queue;
    this.queue = [];
    this.together = 0;
    for (const { job, resolve } of queued) resolve(unstartedResult(job, "stopped", "stopped before it started"));
    for (const slot of this.slots) if (slot.handle) slot.handle.stop();
  }
}

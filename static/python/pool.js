// The workers that run a race's lanes and an experiment's jobs. Slot 0 is the page's own
// worker (already loaded); the others are created when a comparison needs them and kept for
// the next one (each loads the runtime once; the browser's HTTP cache serves the files).
//
// `start(jobs)` queues jobs and returns one promise per job, each resolving to the job's
// result — a real one, or, for a job that never started, a result with stop reason
// "stopped" (Stop came first) or "error" (its worker failed), so a caller always gets every
// answer. A job whose entry asks for W workers (`job.workers`) runs as one run on several workers, on W slots
// (several.js runOnWorkers): it waits, first in the queue, until W ready slots are idle, holds them
// all for its run and frees them together. With `together`, no job starts before there is a
// ready, idle slot for each slot the jobs ask for (a race's fair start). `stop()` ends
// everything at once: queued jobs resolve as stopped at once, running ones (every member of a
// run on several workers) are told to stop and resolve within a slice.
import { LabWorker, RunRefused, WorkerLost } from "./client.js";
import { unstartedResult } from "./messages.js";
import { runOnWorkers } from "./several.js";
import { MAX_WORKERS } from "../rules/links.js";
import { workersOf } from "../rules/entries.js";

// The default pool size: the visitor's cores less one (the page needs one), 1..8, and at
// most 2 on a device that reports ≤ 4 GB of memory (each worker holds its own Python heap).
export function defaultPoolSize() {
  const cores = navigator.hardwareConcurrency || 2;
  const cap = navigator.deviceMemory && navigator.deviceMemory <= 4 ? 2 : MAX_WORKERS;
  return Math.max(1, Math.min(cap, cores - 1));
}

export class Pool {
  // primary: the page's LabWorker; onStatus(): a worker's loading stage changed; spawn(onStatus):
  // a new worker (a LabWorker; node tests give fakes); visitors: where a job with a visitor's code
  // runs (python/visitor.js: a worker of its own; the job still holds its slot, so the pool's
  // count of busy cores stays true).
  constructor({ primary, onStatus = () => {}, spawn = (onLoad) => new LabWorker({ onStatus: onLoad }), visitors = null }) {
    this.onStatus = onStatus;
    this.spawn = spawn;
    this.visitors = visitors;
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
      slot.worker = this.spawn(() => { this.onStatus(); this.dispatch(); });
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
    this.together = together ? jobs.reduce((slots, job) => slots + workersOf(job), 0) : 0;
    this.dispatch();
    return promises;
  }

  idle() {
    return this.slots.slice(0, this.size || 1).filter((s) => s.worker.ready && !s.job && !s.worker.busy);
  }

  // Jobs start in their order, each once as many slots as it asks for are idle (one that waits
  // for a second slot is not overtaken: the order is the experiment's, "Worker messages").
  dispatch() {
    let idle = this.idle();
    if (this.together) {
      if (idle.length < this.together) return;
      this.together = 0;
    }
    while (this.queue.length) {
      const need = workersOf(this.queue[0].job);
      if (need > (this.size || 1)) {                  // it could never start (Start refuses it: rules/read.js)
        const { job, resolve } = this.queue.shift();
        resolve(unstartedResult(job, "error", `it asks for ${need} workers; the pool has ${this.size || 1}`));
        continue;
      }
      if (idle.length < need) break;
      this.launch(idle.slice(0, need), this.queue.shift());
      idle = idle.slice(need);
    }
  }

  // The job on its slots: one run on one slot, or one run on several workers over several (the first slot's
  // handle stops every member). A sweep's puzzle is made first, by the first slot's worker.
  launch(slots, { job, resolve }) {
    for (const s of slots) s.job = job;
    const [slot] = slots;
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
      const spec = { puzzle, solver: job.solver, params: job.params, seed: job.seed, max_seconds: job.max_seconds,
        max_iterations: job.max_iterations ?? null, max_evaluations: job.max_evaluations ?? null, lite: true,
        ...(job.code ? { code: job.code } : {}) };
      const onFrame = (frame) => this.onFrame(job, frame);
      slot.handle = slots.length > 1
        ? runOnWorkers(slots.map((s) => s.worker), { ...spec, workers: slots.length, exchange: job.exchange }, onFrame)
        : (job.code ? this.visitors : slot.worker).run(spec, onFrame);
      this.onStart(job);
      return slot.handle.done;
    }).then(
      (result) => resolve(result),
      (err) => {
        if (!(err instanceof RunRefused || err instanceof WorkerLost)) throw err;
        resolve(failed(err));
      },
    ).finally(() => {
      for (const s of slots) {
        s.job = null;
        s.handle = null;
      }
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

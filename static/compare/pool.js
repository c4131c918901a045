// A pool of solver workers for races and experiments. Each worker loads the runtime once
// (the browser's HTTP cache serves the files after the first) and is reused for run after
// run; a job is {id, puzzle, solver, params, seed, maxSeconds, …whatever the owner needs}.
// A worker that dies or hangs is replaced (worker-client.js); its job is reported as an
// error and the others go on.
import { LabWorker } from "../worker-client.js";

// The default pool size: the visitor's cores less one (the page needs one), 1..8, and at
// most 2 on a device that reports ≤ 4 GB of memory (each worker holds its own Python heap).
export function defaultPoolSize() {
  const cores = navigator.hardwareConcurrency || 2;
  const cap = navigator.deviceMemory && navigator.deviceMemory <= 4 ? 2 : 8;
  return Math.max(1, Math.min(cap, cores - 1));
}
export const MAX_POOL = 8;

export class Pool {
  // onFrame(job, frame), onDone(job, result), onError(job, message): the job's owner's hooks.
  constructor({ onFrame = () => {}, onDone, onError }) {
    Object.assign(this, { onFrame, onDone, onError });
    this.slots = [];
    this.queue = [];
    this.runSeq = 0;
  }

  resize(n) {
    while (this.slots.length < n) this.addSlot();
    while (this.slots.length > n) {
      const slot = this.slots.pop();
      if (slot.job) this.queue.unshift(slot.job);
      slot.worker.terminate();
    }
  }

  addSlot() {
    const slot = { ready: false, job: null, runId: 0 };
    slot.worker = new LabWorker({
      onMessage: (msg) => this.message(slot, msg),
      onLost: (reason) => {
        slot.ready = false;
        const job = slot.job;
        slot.job = null;
        if (job) this.onError(job, `the worker failed: ${reason}`);
      },
    });
    this.slots.push(slot);
  }

  get busy() {
    return this.queue.length > 0 || this.slots.some((s) => s.job);
  }

  // Queue jobs; each goes to the next worker that is ready and idle. With `together`, none
  // starts before there is a ready, idle worker for every one of them (a race's fair start).
  run(jobs, { together = false } = {}) {
    this.queue.push(...jobs);
    this.together = together ? jobs.length : 0;
    this.dispatch();
  }

  dispatch() {
    if (this.together) {
      if (this.slots.filter((s) => s.ready && !s.job).length < this.together) return;
      this.together = 0;
    }
    for (const slot of this.slots) {
      if (!slot.ready || slot.job || !this.queue.length) continue;
      const job = this.queue.shift();
      slot.job = job;
      slot.runId = ++this.runSeq;
      slot.worker.watch(true);
      slot.worker.post({
        type: "start", runId: slot.runId, puzzle: job.puzzle, solver: job.solver, params: job.params,
        seed: job.seed, budget: { max_seconds: job.maxSeconds }, frames: "lite",
      });
    }
  }

  message(slot, msg) {
    if (msg.type === "ready") { slot.ready = true; this.dispatch(); return; }
    if (msg.runId !== slot.runId || !slot.job) return;
    const job = slot.job;
    if (msg.type === "progress") { this.onFrame(job, msg); return; }
    if (msg.type === "done" || msg.type === "error") {
      slot.job = null;
      slot.worker.watch(false);
      if (msg.type === "done") this.onDone(job, msg); else this.onError(job, msg.message);
      this.dispatch();
    }
  }

  // Stop everything: queued jobs are dropped, running ones stopped (they report `done`).
  stop() {
    this.queue = [];
    this.together = 0;
    for (const slot of this.slots) if (slot.job) slot.worker.post({ type: "stop", runId: slot.runId });
  }

  terminate() {
    this.queue = [];
    this.together = 0;
    for (const slot of this.slots) slot.worker.terminate();
    this.slots = [];
  }
}

// The page's handle on one solver worker: creates it, watches it, and replaces it when it
// dies (an uncaught error, a closed worker) or stops answering while it should be
// streaming (no message for `stallMs`, i.e. dozens of slices). The owner is told through
// onLost(reason) and decides what to say; the new worker loads the runtime again (the
// browser's cache serves the files) and reports `ready` like the first one.

const WORKER_URL = new URL("./worker.js", import.meta.url);

export class LabWorker {
  constructor({ onMessage, onLost, stallMs = 3000 }) {
    this.onMessage = onMessage;
    this.onLost = onLost;
    this.stallMs = stallMs;
    this.watching = false;
    this.lastHeard = 0;
    this.restarts = [];
    this.worker = null;
    this.timer = setInterval(() => this.checkAlive(), 250);
    this.spawn();
  }

  spawn() {
    const w = new Worker(WORKER_URL, { type: "module" });
    w.onmessage = (e) => { if (w === this.worker) { this.lastHeard = performance.now(); this.onMessage(e.data); } };
    w.onerror = (e) => {
      e.preventDefault();
      if (w === this.worker) this.lose(`it crashed (${e.message || "an uncaught error"})`);
    };
    w.onmessageerror = () => { if (w === this.worker) this.lose("it sent a message that could not be read"); };
    this.worker = w;
    this.lastHeard = performance.now();
  }

  post(msg) {
    this.worker.postMessage(msg);
  }

  // While watching (a run is streaming) silence longer than stallMs means the worker is stuck.
  watch(on) {
    this.watching = on;
    this.lastHeard = performance.now();
  }

  checkAlive() {
    if (this.watching && performance.now() - this.lastHeard > this.stallMs) {
      this.lose(`it stopped answering for ${(this.stallMs / 1000).toFixed(0)} s`);
    }
  }

  terminate() {
    clearInterval(this.timer);
    this.watching = false;
    this.worker.terminate();
  }

  lose(reason) {
    this.watching = false;
    this.worker.terminate();
    const now = performance.now();
    this.restarts = this.restarts.filter((t) => now - t < 60_000);
    const giveUp = this.restarts.length >= 3;          // a worker that keeps dying is not retried forever
    if (!giveUp) {
      this.restarts.push(now);
      this.spawn();
    }
    this.onLost(reason, !giveUp);
  }
}

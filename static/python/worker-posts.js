// What the Web Worker (worker.js) posts to the page, built in one place (docs/protocol.md, "Worker
// messages"): the page's client reads them, and a visitor's worker's are checked against the same
// protocol (messages.js `visitorMessageProblem`). Pure: node tests build them without a worker.

// the words of whatever was thrown (an Error's message, else the thing itself)
export const errorWords = (err) => String(err && err.message || err);

// a request's one answer
export const replyMessage = (requestId, body) => ({ type: "reply", requestId, ...body });

// the answer of a task that a newer request of its kind, or a `drop`, replaced
export const SUPERSEDED = Object.freeze({ ok: false, superseded: true });

// the answer of a request of a type the worker does not know
export const unknownRequest = (type) => ({ ok: false, message: `unknown request ${type}` });

// a run's frame, and its result once it ends
export const progressMessage = (runId, frame) => ({ type: "progress", runId, ...frame });
export const doneMessage = (runId, result) => ({ type: "done", runId, ...result });

// a run that ended in an error (runId null: no run was under way)
export const runErrorMessage = (runId, message) => ({ type: "error", runId, message });

// A `start` the package refused: the setting at fault (`field`) and, for a visitor's text, its line
// (null when none); a `member-start`'s refusal (`withLine` false) carries no line.
export const refusedMessage = (runId, out, withLine = true) =>
  ({ type: "error", runId, field: out.field, message: out.message, ...(withLine ? { line: out.line ?? null } : {}) });

// What a message that threw while handled gets: a request its reply, anything else a run's error.
export function thrownMessage(msg, err) {
  const message = errorWords(err);
  return msg.requestId !== undefined ? replyMessage(msg.requestId, { ok: false, message }) : runErrorMessage(msg.runId, message);
}

// the words of a slice that threw: every task under way and the run end with them
export const workerFailed = (err) => `The worker failed: ${errorWords(err)}`;

// what a sliced task starts from: a rating the puzzle's text, a generation its spec, a tune its request's JSON
export const taskInput = (msg) => (msg.type === "rate" ? msg.puzzle : msg.type === "tune" ? JSON.stringify(msg) : msg.spec);

// A load's stopwatch (the `ready` message's `load_ms`): mark(part) files the ms since the last mark
// under that part's name. The first part runs from the worker's start (its clock's 0), so the parts,
// one after another, sum to the time of the last mark: none is counted twice, none left out;
// elapsed() is the time from the worker's start.
export function loadStopwatch(now = () => performance.now()) {
  const parts = {};
  let last = 0;
  const mark = (part) => {
    const t = now();
    parts[part] = tenths(t - last);
    last = t;
  };
  return { parts, mark, elapsed: () => tenths(now()) };
}

const tenths = (ms) => Math.round(ms * 10) / 10;

// a fetched file's name: the last part of its URL's path, no query
export const fileName = (url) => new URL(url).pathname.split("/").pop();

// The files a worker fetched (its resource timing entries): each one's name, its fetch in ms, and
// the bytes that came over the network (0: served by a cache).
export const loadedResources = (entries) => entries.map((e) =>
  ({ name: fileName(e.name), ms: tenths(e.duration), bytes: e.transferSize }));

// The steps of a load, in order, as its `loading` messages name them: Python's files fetched, Python
// started, numpy fetched and imported, the lab's package unpacked and imported, the first hello.
export const LOAD_STEPS = Object.freeze(["runtime", "python", "numpy", "solvers", "hello"]);
export const BYTES_EVERY_MS = 100;     // a step's bytes go to the page at most this often (its last always)

// A load's `loading` messages. step(name) begins a step and answers the messages to post: the step
// gone by at its last byte first, when its count had not come to it (its files were all read, since
// the next step needs them, but the copy that counts them can lag behind), then the new step's.
// fetched(file, n) counts n more bytes of a file that the step under way fetches (the manifest's
// `load_files`: {step: {file: bytes}}) and answers the message to post, or null: a file of no step
// or of a step gone by, or too soon after the last (a file read from a cache counts as fetched: its
// bytes came all the same).
export class LoadProgress {
  constructor(loadFiles, now = () => performance.now()) {
    Object.assign(this, { files: loadFiles || {}, now, stage: null, bytes: 0, sent: 0 });
  }

  step(stage) {
    const total = this.bytesTotal();
    const last = total && this.bytes < total ? [{ ...this.message(), bytes: total }] : [];
    Object.assign(this, { stage, bytes: 0, sent: this.now() });
    return [...last, this.message()];
  }

  fetched(file, n) {
    const sizes = this.files[this.stage];
    if (!sizes || !Object.hasOwn(sizes, file)) return null;
    const total = this.bytesTotal(), before = this.bytes;
    this.bytes = Math.min(total, before + n);
    if (this.bytes === before || (this.bytes < total && this.now() - this.sent < BYTES_EVERY_MS)) return null;
    this.sent = this.now();
    return this.message();
  }

  bytesTotal() {
    return Object.values(this.files[this.stage] || {}).reduce((sum, size) => sum + size, 0);
  }

  message() {
    const at = this.stage === "done" ? LOAD_STEPS.length : LOAD_STEPS.indexOf(this.stage);
    const m = { type: "loading", stage: this.stage, loaded: at, total: LOAD_STEPS.length };
    const total = this.bytesTotal();
    return total ? { ...m, bytes: this.bytes, bytes_total: total } : m;
  }
}

// The Web Worker: loads Pyodide, numpy and sudoku_lab, then does the page's computing in
// 35 ms slices (docs/protocol.md, "Worker messages"). A run has the worker first; between runs
// go the sliced tasks — the latest generation, then the latest rating (which counts
// solutions). Between slices the worker returns to its event loop, so `stop` (and anything
// else) is handled within one slice. Every request carries an id and
// gets exactly one `reply`; runs stream `progress` and end with `done` or `error`. All Python
// is reached through sudoku_lab.bridge, which speaks JSON only.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { VISITOR, lockDown } from "./lockdown.js";
import { startedPython } from "./started-python.js";
import { LoadProgress, SUPERSEDED, doneMessage, errorWords, fileName, loadStopwatch, loadedResources, progressMessage,
  refusedMessage, replyMessage, runErrorMessage, taskInput, thrownMessage, unknownRequest, workerFailed } from "./worker-posts.js";

const SLICE_SECONDS = 0.035;       // one slice of work ≈ one progress frame (~25/s)

let bridge = null;
let pyodide = null;
let scipyLoaded = null;            // the promise of scipy's loading, begun by the first `compare`
let run = null;                    // {runId, waiting?} of the run being driven, or null; a member of a run
                                   // waits at a barrier for the other members' reports (`member-settle`)
const TASKS = ["generate", "rate", "tune"];  // sliced tasks, in the order they get the worker
const tasks = new Map();                    // kind -> requestId of the task under way
let pumping = false;
const pending = [];                // messages that arrived before Python was ready

const post = (msg) => self.postMessage(msg);
const reply = (requestId, body) => post(replyMessage(requestId, body));

// Yield to the event loop so queued messages are handled between slices
// (a MessageChannel round trip is not clamped the way nested setTimeout is).
const yieldToEvents = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve();
  ch.port2.postMessage(0);
});

// Loads the runtime, numpy and the lab, timing each part (the `ready` message's `load_ms`: the
// worker's script and imports, the manifest, Pyodide's script, its WebAssembly, Python's start,
// numpy's wheel and import, the lab's zip, its import, the first hello) and the files fetched, and
// saying how far it is (`loading`: each step, and the bytes of the files a step fetches).
async function load() {
  const watch = loadStopwatch();
  watch.mark("worker_script");
  const base = new URL("../vendor/", import.meta.url);
  const manifest = await (await fetch(new URL("manifest.json", base), { cache: "no-cache" })).json();
  watch.mark("manifest");
  const progress = new LoadProgress(manifest.load_files);
  const step = (name) => progress.step(name).forEach(post);
  const snapshot = await loadPythonWithNumpy(base, manifest, watch, progress, step);
  step("solvers");
  const zip = await fetch(new URL(`sudoku_lab.zip?v=${manifest.sudoku_lab_sha256}`, base));
  if (!zip.ok) throw new Error(`sudoku_lab.zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/lab" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  watch.mark("lab_zip");
  bridge = pyodide.pyimport("sudoku_lab.bridge");
  watch.mark("lab_import");
  step("hello");
  const hello = JSON.parse(bridge.hello());
  watch.mark("hello");
  if (self.name === VISITOR) lockDown(self);      // before any of a visitor's code can run here
  step("done");
  post({ type: "ready", versions: { pyodide: pyodide.version, ...hello.versions }, solvers: hello.solvers,
    result_fields: hello.result_fields, record_fields: hello.record_fields, templates: hello.templates,
    load_ms: watch.parts, ready_ms: watch.elapsed(), snapshot,
    resources: loadedResources(performance.getEntriesByType("resource")) });
}

// Python started from the build's image when it is there and sound (`snapshot` part: its fetch,
// check and inflation), else the ordinary way; an image Pyodide refuses is dropped the same way.
// The image's `random` is every load's, so it is seeded afresh, as a started interpreter's is.
// Returns {pyodide, snapshot}: the `ready` message's `snapshot` is {used} and, when not used, why.
async function startPython(indexURL, base, manifest, watch, started) {
  let { image, why } = await startedPython(base, manifest.python_snapshot);
  watch.mark("snapshot");
  if (image) {
    try {
      const python = await loadRuntime({ indexURL, _loadSnapshot: image }, watch, started);
      python.runPython("import random; random.seed()");
      return { pyodide: python, snapshot: { used: true } };
    } catch (e) {
      why = `Pyodide refused the image: ${e.message}`;
    }
  }
  return { pyodide: await loadRuntime({ indexURL }, watch, started), snapshot: { used: false, why } };
}

// Pyodide, then numpy, their files' bytes counted as they come (fetch is watched only meanwhile).
// Returns the `ready` message's `snapshot` (startPython).
async function loadPythonWithNumpy(base, manifest, watch, progress, step) {
  step("runtime");
  const putBack = countFetched((file, n) => { const m = progress.fetched(file, n); if (m) post(m); });
  let snapshot;
  try {
    ({ pyodide, snapshot } = await startPython(new URL("pyodide/", base).href, base, manifest, watch, () => step("python")));
    watch.mark("python_start");
    step("numpy");
    await pyodide.loadPackage("numpy", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  } finally {
    putBack();
  }
  watch.mark("numpy_load");
  pyodide.runPython("import numpy");            // what the lab's import would do first, timed apart
  watch.mark("numpy_import");
  return snapshot;
}

// Has fetch tell onBytes(file, n) of each n bytes of every response it gives, as they come: a copy
// of the body is read (the response itself goes on untouched, so the WebAssembly still streams into
// its compile). Returns what puts fetch back as it was, called before anything but the load runs here.
function countFetched(onBytes) {
  const own = Object.hasOwn(self, "fetch");
  const kept = self.fetch;
  self.fetch = (...args) => kept.apply(self, args).then((response) => {
    if (response.ok && response.body) readCopy(response.clone(), onBytes);
    return response;
  });
  return () => { if (own) self.fetch = kept; else delete self.fetch; };
}

async function readCopy(copy, onBytes) {
  const file = fileName(copy.url), reader = copy.body.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) onBytes(file, r.value.byteLength);
  } catch { /* the response's own reader meets the same failure, and the load says it */ }
}

// loadPyodide, its parts marked: Pyodide's script ends where it asks WebAssembly for pyodide.asm.wasm's
// instance, and "wasm" (the file's fetch streamed into the compile, then the instance) ends as that
// resolves, where Python's start begins (started()). WebAssembly's own functions are put back once
// loadPyodide is done; they are only watched.
async function loadRuntime(options, watch, started) {
  const wasm = WebAssembly;
  const kept = { instantiateStreaming: wasm.instantiateStreaming, instantiate: wasm.instantiate };
  let asked = false;
  const watched = (name) => (...args) => {
    if (asked) return kept[name].apply(wasm, args);
    asked = true;
    watch.mark("runtime_script");
    const made = kept[name].apply(wasm, args);
    made.then(() => { watch.mark("wasm"); started(); }, () => {});
    return made;
  };
  Object.assign(wasm, { instantiateStreaming: watched("instantiateStreaming"), instantiate: watched("instantiate") });
  try {
    return await loadPyodide(options);
  } finally {
    Object.assign(wasm, kept);
  }
}

// One slice of whatever work there is: the run first, else the first task. A member of a run on several workers
// waiting at its barrier keeps the worker: a task's part (seconds, for a large rating) would
// hold up the run's next segment, so tasks wait for the run's end as they do for any run.
function slice() {
  if (run && run.waiting) return;
  if (run) {
    const runId = run.runId;
    const out = JSON.parse(bridge.advance(runId, SLICE_SECONDS));
    if (!out.ok) { run = null; post(runErrorMessage(runId, out.message)); return; }
    report(runId, out.frame);
    if (out.report) {                        // a member at its barrier: it waits for `member-settle`
      run.waiting = true;
      post({ type: "barrier", runId, report: out.report });
    }
    return;
  }
  const kind = TASKS.find((k) => tasks.has(k));
  if (kind) settle(kind, JSON.parse(bridge.task_advance(kind, SLICE_SECONDS)));
}

// A task's reply once it is done (or failed); until then it stays under way, and what it
// reports (a rating's stage, nodes and seconds) goes to the page a few times a second.
const PROGRESS_EVERY_MS = 250;
let progressSent = 0;
function settle(kind, out) {
  if (out.ok && !out.done) {
    const now = performance.now();
    if (out.progress && now - progressSent >= PROGRESS_EVERY_MS) {
      progressSent = now;
      post({ type: "task-progress", requestId: tasks.get(kind), progress: out.progress });
    }
    return;
  }
  const requestId = tasks.get(kind);
  tasks.delete(kind);
  reply(requestId, out);
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (run ? !run.waiting : tasks.size) {
      slice();
      await yieldToEvents();
    }
  } catch (err) {
    const runId = run && run.runId;
    for (const requestId of tasks.values()) reply(requestId, { ok: false, message: workerFailed(err) });
    run = null;
    tasks.clear();
    post(runErrorMessage(runId, workerFailed(err)));
  } finally {
    pumping = false;
  }
}

function report(runId, frame) {
  post(progressMessage(runId, frame));
  if (frame.result) {
    if (run && run.runId === runId) run = null;
    post(doneMessage(runId, frame.result));
  }
}

function handle(msg) {
  switch (msg.type) {
    case "check":
      return reply(msg.requestId, JSON.parse(bridge.check(msg.puzzle)));
    case "vet":
      return reply(msg.requestId, JSON.parse(bridge.vet(JSON.stringify(msg))));
    case "own":                                  // a visitor's solver text: its schema, or its error and line
      return reply(msg.requestId, JSON.parse(bridge.own_schema(JSON.stringify(msg))));
    case "rate":
    case "generate":
      return startTask(msg);
    case "tune": {                               // a tune needs scipy (its races' tests), once its request holds
      const checked = JSON.parse(bridge.tune_check(taskInput(msg)));
      return checked.ok ? withScipy(msg.requestId, () => startTask(msg)) : reply(msg.requestId, checked);
    }
    case "compare":
      return compareEntries(msg);
    case "drop":
      return dropTask(msg.kind);
    case "start":
      return startRun(msg);
    case "member-start":
      return startMember(msg);
    case "member-settle":
      return settleMember(msg);
    case "member-cap":                           // another member solved: go no further than its count
      return void bridge.member_cap(msg.runId, msg.count);
    case "stop":
      return stopRun(msg.runId);
    default:
      if (msg.requestId !== undefined) reply(msg.requestId, unknownRequest(msg.type));
  }
}

// A rating or a generation: only the latest request of its kind counts, so the one under way is
// answered as superseded; it starts at once and goes on in slices.
function startTask(msg) {
  const kind = msg.type;
  if (tasks.has(kind)) reply(tasks.get(kind), SUPERSEDED);
  tasks.delete(kind);
  const first = JSON.parse(bridge.task_start(kind, taskInput(msg), msg.max_seconds ?? null));
  tasks.set(kind, msg.requestId);
  settle(kind, first);
  if (tasks.size) pump();
}

// An experiment's statistics: scipy is loaded on the first (a failed loading is tried again by the next).
function compareEntries(msg) {
  withScipy(msg.requestId, () => reply(msg.requestId, JSON.parse(bridge.compare(JSON.stringify(msg)))));
}

// `then` once scipy is loaded; a request it fails answered so.
function withScipy(requestId, then) {
  scipyLoaded ||= pyodide.loadPackage("scipy", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  scipyLoaded.then(then,
    (err) => { scipyLoaded = null; reply(requestId, { ok: false, message: `scipy did not load: ${errorWords(err)}` }); });
}

// A task whose answer the page no longer wants.
function dropTask(kind) {
  if (!tasks.has(kind)) return;
  reply(tasks.get(kind), SUPERSEDED);
  tasks.delete(kind);
  bridge.task_drop(kind);
}

// One run at a time: a run under way is stopped, unanswered, before another starts.
function dropRun() {
  if (run) bridge.stop(run.runId);
  run = null;
}

function startRun(msg) {
  dropRun();
  const out = JSON.parse(bridge.start(JSON.stringify(msg)));
  if (!out.ok) return post(refusedMessage(msg.runId, out));
  run = { runId: msg.runId };
  post(progressMessage(msg.runId, out.frame));
  pump();
}

// One member of a run on several workers (docs/protocol.md, "Worker messages"): it runs to its
// barrier, reports there and waits for `member-settle`.
function startMember(msg) {
  dropRun();
  const out = JSON.parse(bridge.member_start(JSON.stringify(msg)));
  if (!out.ok) return post(refusedMessage(msg.runId, out, false));
  if (out.result) return post(doneMessage(msg.runId, out.result));
  run = { runId: msg.runId, waiting: false };
  post(progressMessage(msg.runId, out.frame));
  pump();
}

// Every member's reports at the barrier the member waits at: the run goes on, or ends here.
function settleMember(msg) {
  if (!run || run.runId !== msg.runId || !run.waiting) return;
  const out = JSON.parse(bridge.member_settle(msg.runId, JSON.stringify({ reports: msg.reports, elapsed: msg.elapsed })));
  if (!out.ok) { run = null; post(runErrorMessage(msg.runId, out.message)); return; }
  if (out.done) {
    run = null;
    post(doneMessage(msg.runId, out.result));
    if (tasks.size) pump();
    return;
  }
  run.waiting = false;
  pump();
}

// Stop: the run's last frame and result, then the tasks waiting for it.
function stopRun(runId) {
  if (!run || run.runId !== runId) return;
  run = null;
  const out = JSON.parse(bridge.stop(runId));
  if (out.ok) report(runId, out.frame);
  if (tasks.size) pump();
}

self.onmessage = (e) => {
  if (!bridge) { pending.push(e.data); return; }
  try { handle(e.data); } catch (err) { post(thrownMessage(e.data || {}, err)); }
};

load().then(() => {
  while (pending.length) self.onmessage({ data: pending.shift() });
}).catch((err) => {
  post({ type: "error", fatal: true, message: `Could not load the Python runtime: ${err && err.message || err}` });
});

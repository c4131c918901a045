// The Web Worker: loads Pyodide, numpy and sudoku_lab, then does the page's computing in
// 35 ms slices (docs/design.md, "Worker messages"). A run has the worker first; the latest
// solution count goes on between runs. Between slices the worker returns to its event loop,
// so `stop` (and anything else) is handled within one slice. Every request carries an id and
// gets exactly one `reply`; runs stream `progress` and end with `done` or `error`. All Python
// is reached through sudoku_lab.bridge, which speaks JSON only.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const SLICE_SECONDS = 0.035;       // one slice of work ≈ one progress frame (~25/s)
const STAGES = ["runtime", "numpy", "solvers"];

let bridge = null;
let run = null;                    // {runId} of the run being driven, or null
let count = null;                  // {requestId} of the solution count under way, or null
let pumping = false;
const pending = [];                // messages that arrived before Python was ready

const post = (msg) => self.postMessage(msg);
const reply = (requestId, body) => post({ type: "reply", requestId, ...body });

// Yield to the event loop so queued messages are handled between slices
// (a MessageChannel round trip is not clamped the way nested setTimeout is).
const yieldToEvents = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve();
  ch.port2.postMessage(0);
});

async function load() {
  const base = new URL("../vendor/", import.meta.url);
  const stage = (i) => post({ type: "loading", stage: STAGES[i], loaded: i, total: STAGES.length });
  stage(0);
  const manifest = await (await fetch(new URL("manifest.json", base), { cache: "no-cache" })).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  stage(1);
  await pyodide.loadPackage("numpy", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  stage(2);
  const zip = await fetch(new URL(`sudoku_lab.zip?v=${manifest.sudoku_lab_sha256}`, base));
  if (!zip.ok) throw new Error(`sudoku_lab.zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/lab" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  bridge = pyodide.pyimport("sudoku_lab.bridge");
  const hello = JSON.parse(bridge.hello());
  post({ type: "loading", stage: "done", loaded: STAGES.length, total: STAGES.length });
  post({ type: "ready", versions: { pyodide: pyodide.version, ...hello.versions }, solvers: hello.solvers,
    result_fields: hello.result_fields, record_fields: hello.record_fields });
}

// One slice of whatever work there is: the run first, else the count.
function slice() {
  if (run) {
    const runId = run.runId;
    const out = JSON.parse(bridge.advance(runId, SLICE_SECONDS));
    if (!out.ok) { run = null; post({ type: "error", runId, message: out.message }); return; }
    report(runId, out.frame);
  } else if (count) {
    const out = JSON.parse(bridge.count_advance(SLICE_SECONDS));
    if (!out.ok || out.done) {
      const { requestId } = count;
      count = null;
      reply(requestId, out);
    }
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (run || count) {
      slice();
      await yieldToEvents();
    }
  } catch (err) {
    const runId = run && run.runId;
    if (count) reply(count.requestId, { ok: false, message: `The worker failed: ${err && err.message || err}` });
    run = null;
    count = null;
    post({ type: "error", runId, message: `The worker failed: ${err && err.message || err}` });
  } finally {
    pumping = false;
  }
}

function report(runId, frame) {
  post({ type: "progress", runId, ...frame });
  if (frame.result) {
    if (run && run.runId === runId) run = null;
    post({ type: "done", runId, ...frame.result });
  }
}

function handle(msg) {
  switch (msg.type) {
    case "check":
      reply(msg.requestId, JSON.parse(bridge.check(msg.puzzle)));
      break;
    case "vet":
      reply(msg.requestId, JSON.parse(bridge.vet(JSON.stringify(msg))));
      break;
    case "count": {
      if (count) reply(count.requestId, { ok: false, superseded: true });    // only the latest counts
      count = null;
      const first = JSON.parse(bridge.count_start(msg.puzzle));
      if (first.ok && !first.done) {
        count = { requestId: msg.requestId };
        pump();
      } else {
        reply(msg.requestId, first);
      }
      break;
    }
    case "start": {
      if (run) bridge.stop(run.runId);           // one run at a time
      run = null;
      const out = JSON.parse(bridge.start(JSON.stringify(msg)));
      if (!out.ok) {
        post({ type: "error", runId: msg.runId, field: out.field, message: out.message });
        return;
      }
      run = { runId: msg.runId };
      post({ type: "progress", runId: msg.runId, ...out.frame });
      pump();
      break;
    }
    case "stop": {
      if (!run || run.runId !== msg.runId) return;
      run = null;
      const out = JSON.parse(bridge.stop(msg.runId));
      if (out.ok) report(msg.runId, out.frame);
      if (count) pump();
      break;
    }
    default:
      if (msg.requestId !== undefined) reply(msg.requestId, { ok: false, message: `unknown request ${msg.type}` });
  }
}

self.onmessage = (e) => {
  if (!bridge) { pending.push(e.data); return; }
  try { handle(e.data); } catch (err) {
    const msg = e.data || {};
    const message = String(err && err.message || err);
    if (msg.requestId !== undefined) reply(msg.requestId, { ok: false, message });
    else post({ type: "error", runId: msg.runId, message });
  }
};

load().then(() => {
  while (pending.length) self.onmessage({ data: pending.shift() });
}).catch((err) => {
  post({ type: "error", fatal: true, message: `Could not load the Python runtime: ${err && err.message || err}` });
});

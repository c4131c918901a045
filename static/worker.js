// The Web Worker: loads Pyodide, numpy and sudoku_lab, then does the page's computing in
// time slices (docs/design.md, "Worker messages"): a run's solver steps and a puzzle's
// solution count. A run has the worker first; the count goes on between runs. Between
// slices the worker returns to its event loop, so `stop` (and anything else) is handled
// within one slice. All Python is reached through sudoku_lab.bridge, which speaks JSON only.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const SLICE_SECONDS = 0.035;       // one slice of work ≈ one progress frame (~25/s)
const STAGES = ["runtime", "numpy", "solvers"];

let bridge = null;
let run = null;                    // {runId} of the run being driven, or null
let check = null;                  // {requestId, first} of the solution count under way, or null
let pumping = false;
const pending = [];                // messages that arrived before Python was ready

const post = (msg) => self.postMessage(msg);

// Yield to the event loop so queued messages are handled between slices
// (a MessageChannel round trip is not clamped the way nested setTimeout is).
const yieldToEvents = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve();
  ch.port2.postMessage(0);
});

async function load() {
  const base = new URL("./vendor/", import.meta.url);
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
  post({ type: "ready", versions: { pyodide: pyodide.version, ...hello.versions }, solvers: hello.solvers });
}

// One slice of whatever work there is: the run first, else the count.
function slice() {
  if (run) {
    const runId = run.runId;
    const reply = JSON.parse(bridge.advance(runId, SLICE_SECONDS));
    if (!reply.ok) { run = null; post({ type: "error", runId, message: reply.message }); return; }
    report(runId, reply.frame);
  } else if (check) {
    const { requestId, first } = check;
    const reply = JSON.parse(bridge.check_advance(SLICE_SECONDS));
    if (!reply.ok || reply.done) {
      check = null;
      post({ type: "checked", requestId, ...first, ...reply, ok: first.ok });
    }
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (run || check) {
      slice();
      await yieldToEvents();
    }
  } catch (err) {
    const runId = run && run.runId;
    run = null;
    check = null;
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
    case "check": {
      const first = JSON.parse(bridge.check(msg.puzzle));
      if (first.done === false) {
        check = { requestId: msg.requestId, first };
        pump();
      } else {
        check = null;
        post({ type: "checked", requestId: msg.requestId, ...first });
      }
      break;
    }
    case "vet": {
      post({ type: "vetted", requestId: msg.requestId, ...JSON.parse(bridge.vet(JSON.stringify(msg))) });
      break;
    }
    case "start": {
      if (run) bridge.stop(run.runId);           // one run at a time
      run = null;
      const reply = JSON.parse(bridge.start(JSON.stringify(msg)));
      if (!reply.ok) {
        post({ type: "error", runId: msg.runId, field: reply.field, message: reply.message });
        return;
      }
      run = { runId: msg.runId };
      post({ type: "progress", runId: msg.runId, ...reply.frame });
      pump();
      break;
    }
    case "stop": {
      if (!run || run.runId !== msg.runId) return;
      run = null;
      const reply = JSON.parse(bridge.stop(msg.runId));
      if (reply.ok) report(msg.runId, reply.frame);
      if (check) pump();
      break;
    }
    default:
      post({ type: "error", message: `unknown message type ${msg.type}` });
  }
}

self.onmessage = (e) => {
  if (!bridge) { pending.push(e.data); return; }
  try { handle(e.data); } catch (err) {
    post({ type: "error", runId: e.data && e.data.runId, message: String(err && err.message || err) });
  }
};

load().then(() => {
  while (pending.length) self.onmessage({ data: pending.shift() });
}).catch((err) => {
  post({ type: "error", message: `Could not load the Python runtime: ${err && err.message || err}` });
});

// The Web Worker: loads Pyodide, numpy and sudoku_lab, then drives solver runs in time
// slices, posting one progress frame per slice (DESIGN.md §4). All Python is reached
// through sudoku_lab.bridge, which speaks JSON strings only.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const SLICE_SECONDS = 0.035;       // one slice of solver work ≈ one progress frame (~25/s)
const STAGES = ["runtime", "numpy", "solvers"];

let bridge = null;
let current = null;                // {runId} of the run being driven, or null
const pending = [];                // messages that arrived before Python was ready

const post = (msg) => self.postMessage(msg);

// Yield to the event loop so a queued "stop" is handled between slices
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

async function drive(runId) {
  while (current && current.runId === runId) {
    const reply = JSON.parse(bridge.advance(runId, SLICE_SECONDS));
    if (!reply.ok) { current = null; post({ type: "error", runId, message: reply.message }); return; }
    finishOrReport(runId, reply.frame);
    if (reply.frame.result) return;
    await yieldToEvents();
  }
}

function finishOrReport(runId, frame) {
  post({ type: "progress", runId, ...frame });
  if (frame.result) {
    if (current && current.runId === runId) current = null;
    post({ type: "done", runId, ...frame.result });
  }
}

function handle(msg) {
  switch (msg.type) {
    case "check": {
      post({ type: "checked", requestId: msg.requestId, ...JSON.parse(bridge.check(msg.puzzle)) });
      break;
    }
    case "start": {
      if (current) bridge.stop(current.runId);     // one run at a time
      const reply = JSON.parse(bridge.start(JSON.stringify(msg)));
      if (!reply.ok) { post({ type: "error", runId: msg.runId, message: reply.message }); return; }
      current = { runId: msg.runId };
      drive(msg.runId).catch((err) => {
        current = null;
        post({ type: "error", runId: msg.runId, message: `The run failed: ${err && err.message || err}` });
      });
      break;
    }
    case "stop": {
      if (!current || current.runId !== msg.runId) return;
      current = null;
      const reply = JSON.parse(bridge.stop(msg.runId));
      if (reply.ok) finishOrReport(msg.runId, reply.frame);
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

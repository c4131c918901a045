// What a Solve run sends to the worker and what its end leaves, without the DOM (node tests it
// with a fake worker, tests/js/actions.test.mjs): the run's spec from Start's values, the stop
// point a Stop or the time limit leaves, and a refusal said as every refused Start is.
import { RunRefused, WorkerLost } from "../python/client.js";
import { replayPointOf, runFragment, stopPointAfter } from "../rules/stop-point.js";
import { codeFor, lineOf, OWN } from "../own/code.js";

// The worker's run spec: Start's values, and a link's stop point while the settings are its
// run's (the run then ends at that step; docs/links-and-files.md, "Share links").
export function solveSpec(values, state) {
  const { puzzle, schema, params, seed, max_seconds, max_iterations, max_evaluations, workers, exchange } = values;
  return { puzzle, solver: schema.id, params, seed, max_seconds, max_iterations, max_evaluations,
    stop_at: replayPointOf(state), workers, exchange, code: codeFor(schema.id, state.own) };
}

// The Solve view's body (actions.start): sends the run, tells `sent(runId)` which run's frames
// to paint (`onFrame(runId, msg)`), and returns the view's outcome {result, link}, or null when
// the worker refused the run (its field marked and said) or was lost (said by its owner).
export async function sendSolve({ worker, store, actions }, values, { state, link, setPhase, onStop }, { sent, onFrame }) {
  const spec = solveSpec(values, state);
  const fragment = runFragment(state);
  // on several workers it starts once each has loaded Python (the pool's first ones: python/several.js),
  // and a visitor's code in a worker of its own that may still be loading Python (python/visitor.js:
  // `loading`): until its first frame the status says so, rather than "Running…" over empty metrics
  let starting = spec.workers > 1;
  const handle = worker.run(spec, (msg) => {
    if (starting) { starting = false; setPhase("running"); }
    onFrame(handle.runId, msg);
  });
  if (handle.loading) starting = true;
  sent(handle.runId);
  onStop(handle.stop);
  setPhase(starting ? "starting" : "running", !starting ? "" : spec.workers > 1
    ? `on ${spec.workers} workers: each loads Python once` : "in a worker of its own for your code, which loads Python first");
  try {
    const result = await handle.done;
    const step = stopPointAfter(result, spec);     // Stop or the time limit ended it: its link says where
    store.set({ stopPoint: step === null ? null : { fragment, step, replay: false } });
    if (spec.solver === OWN && result.stop_reason === "error") ownError(store, result.message);
    return { result, link, max_iterations: spec.max_iterations ?? null };
  } catch (err) {
    if (err instanceof RunRefused && err.field === "code") {        // the visitor's text: its line marked in the editor
      ownError(store, err.message, err.line);
      actions.notify(`Your solver cannot run: ${err.message}`, "run");
      return null;
    }
    if (err instanceof RunRefused) {
      if (err.field) actions.refuse(err.field === "solver" ? "s" : err.field, err.message);
      else actions.notify(err.message, "run");
      return null;
    }
    if (err instanceof WorkerLost) return null;
    throw err;
  }
}

// A visitor's solver failed: its message and line stay beside the editor (the text is untouched).
function ownError(store, message, line = lineOf(message)) {
  store.set({ own: { ...store.state.own, error: { message: message || "", line } } });
}

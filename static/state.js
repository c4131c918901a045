// The page's one state (docs/page.md, "The page"). Every fact the page shows lives here; a
// change only sets state, and whatever follows from it — the share link, Start and Stop,
// the exports, the status line, the vet requests — is a listener. Listeners run once per
// batch of changes (a microtask after the last `set`), each told which keys changed; a
// listener may set state again, and the batch goes on until nothing changes.
//
// Values are replaced, never mutated in place (a new Map of problems, a new settings object),
// so "changed" is simply "not the same value".
import { initialSettings } from "./rules/table.js";
import { INITIAL_OWN } from "./own/code.js";

const TABLE = initialSettings();    // the settings' initial values, declared once (rules/table.js)

export const INITIAL = {
  // the runtime: readiness, the loading stage, versions, the solvers' schemas, field lists
  ready: false,
  loading: null,                    // the worker's latest `loading` message while Python loads
  failure: null,                    // the runtime could not load (a message), or the worker gave up
  versions: null,
  loadTimes: null,                  // the page's worker's load in parts: {load_ms, ready_ms, resources, snapshot} of its `ready`
  schemas: new Map(),               // solver id -> {id, title, citation, params, objective, series_axes}
  builtSchemas: new Map(),          // the build's copy of the built-ins' schemas, for before Ready (settings/built-schemas.js)
  resultFields: [],                 // run.RESULT_FIELDS, from the worker's `ready`
  recordFields: [],                 // bench.RECORD_FIELDS, likewise

  // the puzzle, shared by every view, and what the worker says of it
  paste: TABLE.paste,               // the paste box's text, as typed (never lost to a bad paste)
  puzzle: null,                     // {n, cells, spec?} — spec: the generator's settings it came from
  check: null,                      // {givens, clashes: [cells], message, solutions: undefined (counting) | 0 | 1 | 2 | null, rating?}
  watchFailure: false,              // "Run it anyway": the visitor asks to run a puzzle proven to have no solution
                                    // (cleared with each new puzzle)
  generator: TABLE.generator,       // the Generate form, as typed: {size, p, seed, unique}
  startsOnReady: null,              // the view whose Start was pressed before Python was ready: it runs at ready
  making: null,                     // {spec, n, waiting, progress?}: the puzzle the generator is making (a g= link,
                                    // Generate) until it is on the board; waiting: the view whose Start waits for it;
                                    // progress: how far the worker is (generate_steps' progress)

  // what the visitor set
  view: "solve",                    // "solve" | "race" | "experiment"
  settings: TABLE.settings,         // {solver, params, seed, max_seconds} as typed (text), read by the value rules
  compare: TABLE.compare,           // {entries, runs, puzzles, list, workers, preset, sweep}; puzzles "gen": a sweep over p,
                                    // "files": the puzzle files opened (files, below)
  files: { set: null, reading: null, read: [], skipped: [] },   // the experiment's puzzle files (compare/files.js):
                                    // reading: {done, total} while read; read: [{name, file, puzzle}]; skipped: [{file, message}]
  problems: new Map(),              // setting key (p, s, seed, t, a parameter, runs, ps, pl, …) -> what is wrong
  notice: null,                     // {text, source, kind}: the message box (a paste error, a run error, problems);
                                    // kind "error" or "info" (said, not wrong)

  // what runs — one answer for the whole page: a single run, a race or an experiment
  running: null,                    // {kind, phase: "starting" | "running", detail, link}
  results: { solve: null, race: null, experiment: null },   // each view's last outcome
  tune: null,                       // the Tune fold's last finished tune, {request, result} (compare/tune.js): the
                                    // experiment's JSON export ends with it
  spareWorkers: 1,                  // the workers the visitor's machine affords a run (python/pool.js defaultPoolSize,
                                    // set by app.js): what a Solve's Workers "auto" may take (rules/workers.js)
  own: INITIAL_OWN,                 // the visitor's solver: {name, text, trusted, error: {message, line}, loaded} (own/code.js)
  stopPoint: null,                  // {fragment, step, replay}: where the Solve run of that link (fragment, no stop=) was
                                    // ended by Stop or its time limit; replay: a link's stop=, which Start runs to
                                    // (rules/stop-point.js)
};

const MAX_ROUNDS = 20;              // rounds of listeners in one batch (flush)

export function createStore(initial = INITIAL) {
  let state = { ...initial };
  let changed = new Set();
  let queued = false;
  const listeners = [];

  // A batch that still changes after MAX_ROUNDS rounds is a loop of listeners setting each
  // other's keys: it stops there, loudly (an error naming the keys that kept changing), never
  // by dropping the changes unsaid.
  let flushing = false;
  function flush() {
    queued = false;
    if (flushing) return;           // flushNow from inside a listener: the running flush goes on
    flushing = true;
    try {
      for (let round = 0; changed.size; round++) {
        if (round === MAX_ROUNDS) {
          const keys = [...changed];
          changed = new Set();
          throw new Error(`The page's state kept changing after ${MAX_ROUNDS} rounds of listeners: ` +
            `${keys.join(", ")} changed again in the last round (a listener sets what it listens to?)`);
        }
        const keys = changed;
        changed = new Set();
        for (const l of listeners) {
          if (!l.keys || l.keys.some((k) => keys.has(k))) l.fn(state, keys);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    get state() { return state; },
    // run the listeners now rather than in the microtask: what a click starts shows in its own
    // task, so another click in that task (Stop right after Start) finds the page updated
    flushNow() { if (changed.size) flush(); },
    // merge `patch` into the state; listeners hear of the keys whose value changed
    set(patch) {
      for (const [k, v] of Object.entries(patch)) if (state[k] !== v) changed.add(k);
      state = { ...state, ...patch };
      if (changed.size && !queued) {
        queued = true;
        queueMicrotask(flush);
      }
    },
    // fn(state, changedKeys) whenever one of `keys` changes (null: any key); called once now
    on(keys, fn) {
      listeners.push({ keys, fn });
      fn(state, new Set(keys || Object.keys(state)));
    },
  };
}

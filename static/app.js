// Wiring only: one state (state.js), the actions on it (actions.js), the page's worker and the
// pool, and the parts of the page, each a listener on the state. Where each part lives:
// static/README.md.
import { createStore } from "./state.js";
import { hasField } from "./rules/table.js";
import { createActions } from "./actions.js";
import { GAVE_UP, LabWorker } from "./python/client.js";
import { Pool, defaultPoolSize } from "./python/pool.js";
import { runOnPool } from "./python/several.js";
import { Visitors, routed, visitorLostWords } from "./python/visitor.js";
import { Board } from "./draw/board.js";
import { warmUp as warmUpPlots } from "./draw/plot.js";
import { DEFAULT_PUZZLE, mountPuzzle } from "./puzzle/panel.js";
import { mountPuzzleFile } from "./puzzle/file.js";
import { mountGenerator } from "./puzzle/generator.js";
import { mountSettings } from "./settings/form.js";
import { mountOwn } from "./own/panel.js";
import { mountSolve } from "./solve/view.js";
import { mountCompare } from "./compare/view.js";
import { mountStatus } from "./page/status.js";
import { mountNotice } from "./page/notice.js";
import { mountViews } from "./page/views.js";
import { mountFolds } from "./page/folds.js";
import { mountZoom } from "./page/zoom.js";
import { mountWatchFailure } from "./page/watch-failure.js";
import { mountSolverHome } from "./page/solver-home.js";
import { mountShare } from "./page/share.js";
import { mountExports } from "./page/exports.js";
import { mountLinks } from "./page/open-link.js";
import { registerServiceWorkerWhenQuiet } from "./page/offline.js";

const store = createStore();
store.set({ spareWorkers: defaultPoolSize() });   // what a Solve's Workers "auto" may take (rules/workers.js)
// what a Start asks of the puzzle panel and the share link (both mounted below)
const actions = createActions(store, { takePaste: () => puzzle.takePaste(), link: () => share.link() });

// ------------------------------------------------------------------ the worker -> the state
const worker = new LabWorker({ onStatus: runtimeChanged, onLost: workerLost });
// a visitor's code runs only in workers of its own (python/visitor.js, the trust boundary); `lab`
// is the page's handle on its worker with such code sent there
const visitors = new Visitors({ onLost: visitorLost });
const lab = routed(worker, visitors);
let compare = null;
const pool = new Pool({ primary: worker, visitors, onStatus: () => compare && compare.onPoolStatus() });

function runtimeChanged() {
  const patch = { loading: worker.stage, ready: worker.ready, failure: worker.failure };
  const hello = worker.hello;
  if (hello && !store.state.schemas.size) {
    patch.schemas = new Map(hello.solvers.map((s) => [s.id, s]));
    patch.resultFields = hello.result_fields;
    patch.recordFields = hello.record_fields;
  }
  if (hello) Object.assign(patch, { versions: hello.versions, loadTimes: loadTimesOf(hello) });
  store.set(patch);
  if (compare) compare.onPoolStatus();
}

// how long the worker's load took, part by part, and the files it fetched (the `ready` message's)
const loadTimesOf = ({ load_ms, ready_ms, resources, snapshot }) => ({ load_ms, ready_ms, resources, snapshot });

// The worker died or hung: it has been replaced; say so, keep everything the visitor set.
function workerLost(reason, replaced) {
  const what = actions.isCurrent("solve") ? "The run was lost. " : "";
  actions.notify(`The solver worker failed: ${reason}. ${what}` + (replaced
    ? "A fresh one is loading; your puzzle and settings are kept — press Start to run again."
    : GAVE_UP), "worker");
}

// A worker of the visitor's code was ended: only its own run is lost (python/visitor.js).
function visitorLost(reason) {
  actions.notify(`Your solver's worker was ended: ${visitorLostWords(reason)}. Only its run was lost: ` +
    "the lab's workers, the other lanes, your puzzle, settings and saved code are as they were.", "worker");
}

// ------------------------------------------------------------------ the parts of the page
const board = new Board(document.getElementById("board"), { drawAhead: true });
mountViews(store);
mountStatus(store);
const share = mountShare(store, actions);
mountSettings(store, actions, lab);
mountOwn(store, lab);
const puzzle = mountPuzzle(store, actions, worker, board, (hash) => links.open(hash));   // links: below
mountPuzzleFile(store, actions, puzzle.loadText);
const generator = mountGenerator(store, actions, worker);
// a Solve on several workers (w=) runs as one run on that many of the pool's workers (python/several.js)
const solveRunner = { run: (spec, onFrame) => (spec.workers > 1 ? runOnPool(pool, spec, onFrame) : lab.run(spec, onFrame)) };
const solve = mountSolve(store, actions, solveRunner, board);
compare = mountCompare(store, actions, { worker: lab, pool });
mountExports(store, { solve, compare });
mountFolds(store);                 // after every part that marks fields
mountSolverHome(store);            // after the folds: they hold the panel wherever it stands
mountZoom(store);
mountWatchFailure(store, actions);
warmUpPlots();
registerServiceWorkerWhenQuiet(store, document.getElementById("offline-note"));

// Problems that no field can mend (an unknown setting in a link) can be dismissed.
mountNotice(store, actions, (k) => !hasField(k, store.state));

const links = mountLinks(store, actions, generator);
puzzle.loadText(DEFAULT_PUZZLE);
if (location.hash.length > 1) links.open(location.hash);

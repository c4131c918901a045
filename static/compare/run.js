// Start and Stop of a race or experiment, on the pool of workers (python/pool.js) through the
// page's one "what runs" (actions.run): loading a puzzle or opening a link stops it like a
// single run, and Stop ends everything at once — queued runs included, even while workers are
// still loading. The pool's workers load ahead while a comparison is composed (warm).
import { MAX_WORKERS } from "../rules/links.js";
import { boardToString } from "../rules/parse.js";
import { readSweep } from "../rules/generator.js";
import { ListProblem } from "../rules/puzzle-list.js";
import { checkStart } from "./check.js";
import { comparisonWorkers, coresNote, describeStartup, experimentWorkers } from "./status.js";
import { PRESETS } from "./presets.js";
import { loadPuzzleSet, published } from "./fetch.js";
import { selectListLine } from "./form.js";

// Returns {onPoolStatus}: the pool's owner calls it whenever a worker's loading stage changes.
export function mountRun(store, actions, ui, { pool, race, experiment, shareLink, takePaste }) {
  let startup = null;                // while a comparison starts: says what its workers are doing

  // Everything is checked first (compare/check.js: this view's settings only); a problem is
  // marked on its field and nothing starts. It reads in the click's own task (a built-in set
  // comes as a promise, awaited once the run begins), so a Stop pressed in the same task as
  // Start finds the comparison begun and stops it.
  function start() {
    const view = store.state.view;
    if (store.state.running || !store.state.ready || view === "solve") return;
    const onBoard = view === "race" || store.state.compare.puzzles === "current";      // it runs the board's puzzle
    if (onBoard && !store.state.making && !takePaste()) return;   // the paste box's, unless unreadable (it says why)
    if (store.state.making) { actions.waitForPuzzle(view, start); return; }   // the puzzle a link names
    const checked = checkStart(view, store.state);
    if (!checked.settings) {
      for (const [k, m] of checked.mark) actions.setProblem(k, m);
      if (checked.line) selectListLine(ui.list, checked.line);
      actions.notify(checked.message, "compare");
      return;
    }
    actions.clearNotice("compare");
    const { max_seconds, max_iterations, max_evaluations, runs, workers, puzzles: p } = checked.settings;
    const budget = { max_seconds, max_iterations, max_evaluations };      // every run's (docs/design.md, "Share links")
    const puzzles = p && (p.kind === "set" ? loadPuzzleSet(p.id) : p.puzzles);
    const c = store.state.compare;
    const entries = c.entries.map((e) => ({ ...e, params: { ...e.params } }));
    const puzzle = store.state.puzzle;
    const link = shareLink();          // what runs: frozen now (a link opened meanwhile abandons it)
    actions.run(view, link, async ({ setPhase, onStop }) => {
      let stopped = false;
      onStop(() => { stopped = true; pool.stop(); });
      let begun = false;
      startup = () => {
        if (begun) return;
        setPhase("starting", describeStartup(pool.status()));
        if (view === "race") race.waiting(pool.status());
      };
      const onStart = () => {
        if (begun) return;
        begun = true;
        if (view === "race") race.started();
        setPhase("running", view === "race" ? `${entries.length} entries` : "");
      };
      try {
        if (view === "race") {
          race.begin(entries, puzzle.cells, budget);
          pool.resize(entries.length);
          startup();
          const text = boardToString(puzzle.cells);
          const jobs = entries.map((e, i) => ({ lane: i, puzzle: text, solver: e.solver, params: e.params, seed: e.seed,
            ...budget }));
          const promises = pool.start(jobs, { together: true, onStart, onFrame: (job, f) => race.frame(job.lane, f) });
          await Promise.all(promises.map((pr, i) => pr.then((r) => race.done(i, r))));
          race.ended();
          return { kind: "race", link, puzzle: text, ...budget, ...race.outcome() };
        }
        let list;
        try { list = await puzzles; } catch (err) {               // a built-in set that could not be fetched
          if (!(err instanceof ListProblem)) throw err;
          actions.notify(`Nothing was started:\n• ${err.message}`, "compare");
          return null;
        }
        if (stopped) return null;                                 // stopped while the set was fetched
        const jobs = experiment.begin({ entries, puzzles: list, runs, ...budget,
          preset: c.preset ? PRESETS.find((pr) => pr.id === c.preset) : null,
          published: await published(), sweep: c.puzzles === "gen" ? readSweep(c.sweep) : null });
        pool.resize(workers);
        startup();
        const promises = pool.start(jobs, { onStart });
        await Promise.all(promises.map((pr, i) => pr.then((r) => experiment.result(jobs[i], r))));
        return experiment.finish();
      } finally {
        startup = null;
      }
    });
  }

  ui.start.addEventListener("click", start);
  ui.stop.addEventListener("click", () => {
    if (actions.isCurrent(store.state.view) || actions.isWaiting(store.state.view)) actions.stop();
  });

  store.on(["running", "ready", "view", "making"], (s) => {
    const on = !!s.running;
    ui.start.disabled = on || !s.ready;
    ui.stop.disabled = !(on && s.running.kind === s.view) && !(s.making && s.making.waiting === s.view);
    ui.panel.dataset.running = on && s.running.kind !== "solve" ? "true" : "false";
  });

  // The pool's workers load while the visitor composes a comparison (python/pool.js, warm): as
  // many as a race of its entries (at least two) or the experiment's workers. Only once the
  // page's own worker is ready, so they never slow the first "Ready".
  store.on(["view", "ready", "compare"], (s) => {
    if (!s.ready || s.failure) return;
    const n = s.view === "race" || (s.view === "solve" && s.compare.entries.length >= 2)
      ? Math.max(2, s.compare.entries.length)
      : s.view === "experiment" ? experimentWorkers(s.compare, MAX_WORKERS) : 1;
    pool.warm(n);
    showPool();
  });
  mountCoresNote(store, ui.cores);

  // the pool's workers, and how many are ready (test hooks on compare-status)
  function showPool() {
    const workers = pool.slots.map((slot) => slot.worker);
    ui.status.dataset.workers = String(workers.length);
    ui.status.dataset.workersReady = String(workers.filter((w) => w.ready).length);
  }

  return { onPoolStatus: () => { if (startup) startup(); showPool(); } };
}

// More workers than cores: said beside Start (a race runs one worker per lane).
function mountCoresNote(store, el) {
  store.on(["view", "compare"], (s) => {
    const workers = comparisonWorkers(s, MAX_WORKERS);
    const cores = navigator.hardwareConcurrency || null;
    const text = coresNote(workers, cores);
    el.hidden = !text;
    if (el.textContent !== text) el.textContent = text;
    el.dataset.workers = String(workers);
    el.dataset.cores = String(cores ?? "");
  });
}

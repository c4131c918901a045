// Start and Stop of a race or experiment, on the pool of workers (python/pool.js) through the
// page's one "what runs" (actions.run): loading a puzzle or opening a link stops it like a
// single run, and Stop ends everything at once — queued runs included, even while workers are
// still loading. The pool's workers load ahead while a comparison is composed (warm).
import { MAX_WORKERS } from "../rules/links.js";
import { boardToString } from "../rules/parse.js";
import { readSweep } from "../rules/generator.js";
import { ListProblem } from "../rules/puzzle-list.js";
import { nothingStarted } from "../start-check.js";
import { continuesSaid } from "./experiment.js";
import { mountStartStop } from "../start-stop.js";
import { comparisonWorkers, coresNote, describeStartup, experimentWorkers, raceWorkers } from "./status.js";
import { severalOf } from "./jobs.js";
import { PRESETS } from "./presets.js";
import { loadPuzzleSet, published } from "./fetch.js";
import { codeFor } from "../own/code.js";
import { selectListLine } from "./form.js";

// Returns {onPoolStatus}: the pool's owner calls it whenever a worker's loading stage changes.
export function mountRun(store, actions, ui, { pool, race, experiment }) {
  let startup = null;                // while a comparison starts: says what its workers are doing

  // The one start path (actions.start) reads, waits and checks (start-check.js: this view's
  // settings only); a race or an experiment gives only how it begins on screen (nothing: its
  // lanes and table are built by its body) and what it sends. A built-in set comes as a promise,
  // awaited once the run begins, so a Stop pressed in the same task as Start stops it.
  actions.defineRun("race", { paint() {}, body: raceBody });
  actions.defineRun("experiment", { paint() {}, body: experimentBody });
  mountStartStop(store, actions, { start: ui.start, stop: ui.stop, said: ui.said }, (s) => (s.view === "solve" ? null : s.view),
    (check) => { if (check.line) selectListLine(ui.list, check.line); });
  store.on(["running"], (s) => {
    ui.panel.dataset.running = s.running && s.running.kind !== "solve" ? "true" : "false";
  });

  // While a comparison starts, says what its workers are doing; `begun` once every worker is ready.
  function starting(view, ctx) {
    let begun = false;
    startup = () => {
      if (begun) return;
      ctx.setPhase("starting", describeStartup(pool.status()));
      if (view === "race") race.waiting(pool.status());
    };
    return () => {
      if (begun) return;
      begun = true;
      if (view === "race") race.started();
      ctx.setPhase("running", view === "race" ? `${ctx.state.compare.entries.length} entries` : "");
    };
  }

  async function raceBody({ entries, max_seconds, max_iterations, max_evaluations }, ctx) {
    const budget = { max_seconds, max_iterations, max_evaluations };      // every run's (docs/design.md, "Share links")
    ctx.onStop(() => pool.stop());
    const onStart = starting("race", ctx);
    try {
      const puzzle = ctx.state.puzzle;
      race.begin(entries, puzzle.cells, budget);
      pool.resize(raceWorkers(entries));                                   // each lane's workers: its own slots
      startup();
      const text = boardToString(puzzle.cells);
      const jobs = entries.map((e, i) => ({ lane: i, puzzle: text, solver: e.solver, params: { ...e.params }, seed: e.seed,
        ...severalOf(e), ...budget, code: codeFor(e.solver, ctx.state.own) }));
      const promises = pool.start(jobs, { together: true, onStart, onFrame: (job, f) => race.frame(job.lane, f) });
      await Promise.all(promises.map((pr, i) => pr.then((r) => race.done(i, r))));
      race.ended();
      return { kind: "race", link: ctx.link, puzzle: text, ...budget, ...race.outcome() };
    } finally {
      startup = null;
    }
  }

  async function experimentBody({ entries, max_seconds, max_iterations, max_evaluations, runs, workers, puzzles: p }, ctx) {
    let stopped = false;
    ctx.onStop(() => { stopped = true; pool.stop(); });
    const onStart = starting("experiment", ctx);
    const c = ctx.state.compare;
    try {
      let list;
      try { list = await (p.kind === "set" ? loadPuzzleSet(p.id) : p.puzzles); } catch (err) {   // a built-in set not fetched
        if (!(err instanceof ListProblem)) throw err;
        actions.notify(nothingStarted([err.message]), "start");
        return null;
      }
      if (stopped) return null;                                 // stopped while the set was fetched
      const code = (e) => { const c = codeFor(e.solver, ctx.state.own); return c ? { code: c } : {}; };
      const jobs = experiment.begin({ entries: entries.map((e) => ({ ...e, params: { ...e.params }, ...code(e) })), puzzles: list, runs,
        max_seconds, max_iterations, max_evaluations, preset: c.preset ? PRESETS.find((pr) => pr.id === c.preset) : null,
        published: await published(), sweep: c.puzzles === "gen" ? readSweep(c.sweep) : null, workers });
      if (experiment.continued) actions.notify(continuesSaid(experiment.continued, experiment.total), "start", "info");
      pool.resize(workers);
      startup();
      const promises = pool.start(jobs, { onStart });
      await Promise.all(promises.map((pr, i) => pr.then((r) => experiment.result(jobs[i], r))));
      return experiment.finish();
    } finally {
      startup = null;
    }
  }

  // The pool's workers load while the visitor composes a comparison (python/pool.js, warm): as
  // many as a race of its entries (at least two) or the experiment's workers. Only once the
  // page's own worker is ready, so they never slow the first "Ready".
  store.on(["view", "ready", "compare"], (s) => {
    if (!s.ready || s.failure) return;
    const n = s.view === "race" || (s.view === "solve" && s.compare.entries.length >= 2)
      ? Math.max(2, raceWorkers(s.compare.entries))
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

// Start and Stop of a race or experiment, on the pool of workers (python/pool.js) through the
// page's one "what runs" (actions.run): loading a puzzle or opening a link stops it like a
// single run, and Stop ends everything at once — queued runs included, even while workers are
// still loading. The pool's workers load ahead while a comparison is composed (warm).
import { MAX_WORKERS } from "../rules/links.js";
import { boardToString } from "../rules/parse.js";
import { readSweep } from "../rules/generator.js";
import { ListProblem } from "../rules/puzzle-list.js";
import { nothingStarted } from "../start-check.js";
import { continuesSaid } from "./progress.js";
import { mountStartStop } from "../start-stop.js";
import { comparisonWorkers, coresNote, describeStartup, experimentWorkers, raceWorkers } from "./status.js";
import { severalOf } from "./jobs.js";
import { PRESETS } from "./presets.js";
import { loadPuzzleSet, published } from "./fetch.js";
import { entryCode } from "../own/texts.js";
import { selectListLine } from "./form.js";

// Returns {onPoolStatus}: the pool's owner calls it whenever a worker's loading stage changes.
export function mountRun(store, actions, ui, { pool, race, experiment }) {
  const startup = startupWords(pool, race);

  // The one start path (actions.start) reads, waits and checks (start-check.js: this view's
  // settings only); a race or an experiment gives only how it begins on screen (nothing: its
  // lanes and table are built by its body) and what it sends. A built-in set comes as a promise,
  // awaited once the run begins, so a Stop pressed in the same task as Start stops it.
  actions.defineRun("race", { paint() {}, body: (values, ctx) => raceBody(values, ctx, { pool, race, startup }) });
  actions.defineRun("experiment", { paint() {},
    body: (values, ctx) => experimentBody(values, ctx, { actions, pool, experiment, startup }) });
  mountStartStop(store, actions, { start: ui.start, stop: ui.stop, said: ui.said }, (s) => (s.view === "solve" ? null : s.view),
    (check) => { if (check.line) selectListLine(ui.list, check.line); });
  store.on(["running"], (s) => {
    ui.panel.dataset.running = s.running && s.running.kind !== "solve" ? "true" : "false";
  });

  // The pool's workers load while the visitor composes a comparison (python/pool.js, warm). Only
  // once the page's own worker is ready, so they never slow the first "Ready".
  const showPool = () => showPoolWorkers(pool, ui.status);
  store.on(["view", "ready", "compare"], (s) => {
    if (!s.ready || s.failure) return;
    pool.warm(warmWorkers(s));
    showPool();
  });
  mountCoresNote(store, ui.cores);

  return { onPoolStatus: () => { startup.say(); showPool(); } };
}

// While a comparison starts, says what its workers are doing: `begin(view, ctx)` gives the pool's
// `onStart`, which says the comparison runs once every worker is ready; `say()` at every change
// of the pool's loading until then; `end()` once the comparison's body ends.
function startupWords(pool, race) {
  let said = null;
  return {
    begin(view, ctx) {
      let begun = false;
      said = () => {
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
    },
    say() { if (said) said(); },
    end() { said = null; },
  };
}

async function raceBody({ entries, max_seconds, max_iterations, max_evaluations }, ctx, { pool, race, startup }) {
  const budget = { max_seconds, max_iterations, max_evaluations };      // every run's (docs/links-and-files.md, "Share links")
  ctx.onStop(() => pool.stop());
  const onStart = startup.begin("race", ctx);
  try {
    const puzzle = ctx.state.puzzle;
    race.begin(entries, puzzle.cells, budget);
    pool.resize(raceWorkers(entries));                                   // each lane's workers: its own slots
    startup.say();
    const text = boardToString(puzzle.cells);
    const jobs = raceJobs(entries, text, budget, ctx.state.own);
    const promises = pool.start(jobs, { together: true, onStart, onFrame: (job, f) => race.frame(job.lane, f) });
    await Promise.all(promises.map((pr, i) => pr.then((r) => race.done(i, r))));
    race.ended();
    return { kind: "race", link: ctx.link, puzzle: text, ...budget, ...race.outcome() };
  } finally {
    startup.end();
  }
}

async function experimentBody(values, ctx, { actions, pool, experiment, startup }) {
  let stopped = false;
  ctx.onStop(() => { stopped = true; pool.stop(); });
  const onStart = startup.begin("experiment", ctx);
  const c = ctx.state.compare;
  try {
    const list = await experimentPuzzles(values.puzzles, actions);
    if (list === null || stopped) return null;                // a set not fetched, or stopped while it was
    const entries = experimentEntries(values.entries, ctx.state.own);
    const jobs = experiment.begin(experimentPlan(values, c, entries, list, await published()));
    if (experiment.continued) actions.notify(continuesSaid(experiment.continued, experiment.total), "start", "info");
    pool.resize(values.workers);
    startup.say();
    const promises = pool.start(jobs, { onStart });
    await Promise.all(promises.map((pr, i) => pr.then((r) => experiment.result(jobs[i], r))));
    return experiment.finish();
  } finally {
    startup.end();
  }
}

// An experiment's puzzles (read.js `values.puzzles`): a built-in set fetched, or the ones read; a
// set that cannot be fetched is said, and gives null.
async function experimentPuzzles(p, actions) {
  try { return await (p.kind === "set" ? loadPuzzleSet(p.id) : p.puzzles); } catch (err) {
    if (!(err instanceof ListProblem)) throw err;
    actions.notify(nothingStarted([err.message]), "start");
    return null;
  }
}

// A race's jobs on the board's puzzle (its text): one a lane, each with its entry's solver,
// parameters (a copy), seed and workers, the race's budget and the code it runs: its own text
// (own/texts.js entryCode), null for a built-in.
export const raceJobs = (entries, puzzle, budget, own) => entries.map((e, i) => ({ lane: i, puzzle, solver: e.solver,
  params: { ...e.params }, seed: e.seed, ...severalOf(e), ...budget, code: entryCode(e, own) }));

// An experiment's entries as it runs them: their parameters a copy, and with each entry of the
// visitor's the code of the text it names (none with a built-in's).
export const experimentEntries = (entries, own) => entries.map((e) => {
  const code = entryCode(e, own);
  return { ...e, params: { ...e.params }, ...(code ? { code } : {}) };
});

// What an experiment begins with (experiment.js `begin`): the read values, its entries and puzzles,
// the preset chosen (its paper's columns), the published data, and the sweep where it is one.
export function experimentPlan({ runs, workers, max_seconds, max_iterations, max_evaluations }, compare, entries, puzzles, data) {
  return { entries, puzzles, runs, max_seconds, max_iterations, max_evaluations,
    preset: compare.preset ? PRESETS.find((pr) => pr.id === compare.preset) : null,
    published: data, sweep: compare.puzzles === "gen" ? readSweep(compare.sweep) : null, workers };
}

// The pool's workers to load ahead: as many as a race of the entries (at least two; in Solve too,
// once there are two) or the experiment's workers; one otherwise.
export function warmWorkers(s) {
  if (s.view === "race" || (s.view === "solve" && s.compare.entries.length >= 2)) return Math.max(2, raceWorkers(s.compare.entries));
  return s.view === "experiment" ? experimentWorkers(s.compare, MAX_WORKERS) : 1;
}

// the pool's workers, and how many are ready (test hooks on compare-status)
function showPoolWorkers(pool, status) {
  const workers = pool.slots.map((slot) => slot.worker);
  status.dataset.workers = String(workers.length);
  status.dataset.workersReady = String(workers.filter((w) => w.ready).length);
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

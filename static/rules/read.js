// What Start reads: one pure `read(view, state)` for Solve, Race and Experiment. It returns the
// values the view runs with, or the problems that stop it — each under its setting's key (the
// settings table's), so a message names it by its label and its field shows the mark. A view is
// judged on its own settings only: a race entry's problem never blocks a single run, a
// parameter of the solver form never blocks a race (docs/design.md, "Settings").
import * as values from "./values.js";
import { MAX_RUNS } from "./links.js";
import { MAX_EXCHANGE, MAX_WORKERS, autoWorkers, autoWorkersWhy, exchangeOf, workersProblem } from "./workers.js";
import { workersOf } from "./entries.js";
import { ListProblem, readPuzzleList } from "./puzzle-list.js";
import { readSweep } from "./generator.js";
import { boardToString } from "./parse.js";
import { judges, keysIn, labelOf } from "./table.js";

const LOAD_FIRST = "Load a puzzle first.";

// Does a Start of `view` run the board's puzzle (so it first takes the paste box's, and waits for
// a puzzle being made)? Solve and a race always; an experiment when its puzzles are the current one.
export const runsTheBoard = (view, s) => view !== "experiment" || s.compare.puzzles === "current";

// The puzzle panel's keys (the paste box, a link's puzzle or generator settings, the Generate
// form): their problems judge only a Start that runs the board's puzzle, so a bad paste left in
// the box never blocks an experiment over generated puzzles, a list, files or a built-in set.
const BOARD_KEYS = new Set(["g", ...keysIn("paste"), ...keysIn("generator")]);
const judgesHere = (view, key, state) => judges(view, key, state) && (!BOARD_KEYS.has(key) || runsTheBoard(view, state));

// the board's puzzle has givens that clash (the worker's check names them): it has no solution,
// so no run on it is started (Solve, and a race or an experiment on the loaded puzzle)
export const clashingGivens = (s) => !!(s.check && s.check.clashes && s.check.clashes.length);

// the board's puzzle is proven to have no solution (the rating's count says none) though its givens
// do not clash: no run can solve it, so Start runs nothing unless the visitor asks to watch one
// fail on it (the state's watchFailure, "Run it anyway": page/watch-failure.js)
export const provenUnsolvable = (s) => !clashingGivens(s) && !!(s.check && s.check.solutions === 0);

// One rule's value, or null with its problem set under `key` (or the key the problem names).
// `fn` gets the key's label (the settings table's), for the rule to name the setting by.
function take(problems, key, fn) {
  try { return fn(labelOf(key)); } catch (err) {
    if (!(err instanceof values.ValueProblem)) throw err;
    problems.set(err.key || key, err.message);
    return null;
  }
}

// The solver form: {schema, solver, params, seed, workers, exchange} by the value rules, and its problems.
function readSolverForm(state, problems) {
  const schema = state.schemas.get(state.settings.solver) || null;
  const params = {};
  if (schema) {
    for (const p of schema.params) {
      const raw = Object.hasOwn(state.settings.params, p.name) ? state.settings.params[p.name] : p.default;
      const v = take(problems, p.name, () => values.param(p, raw));
      if (v !== null) params[p.name] = v;
    }
  } else if (state.schemas.size) {
    problems.set("s", "choose a solver");
  }
  const seed = take(problems, "seed", (label) => values.seed(state.settings.seed, label));
  // the workers of the run (w): several only for alldiff_ls, acs and alldiff_tabu, one run on that many of
  // the pool's workers; an empty field is "auto" (workers.js autoWorkers)
  const workers = workersAuto(state) ? formAutoWorkers(state, schema)
    : take(problems, "w", (label) => values.param({ name: "w", type: "int", min: 1, max: MAX_WORKERS }, state.settings.workers ?? "1", label));
  const team = schema ? workersProblem(schema.id, workers) : null;
  if (team) problems.set("w", team);
  // their steps each between two barriers (x), read only for several workers; empty: the solver's default
  const solverExchange = exchangeOf(schema ? schema.id : null);
  const typed = String(state.settings.exchange ?? "").trim();
  const exchange = workers > 1 && typed ? take(problems, "x", (label) => values.param({ name: "x", type: "int", min: 1, max: MAX_EXCHANGE },
    typed, label)) : solverExchange;
  return { schema, solver: schema ? schema.id : null, params, seed, workers, exchange };
}

// Is the Solver form's Workers left empty, "auto" (its initial value)?
export const workersAuto = (state) => String(state.settings.workers ?? "1").trim() === "";

// The workers "auto" stands for on this state's puzzle and solver form (1 without a puzzle or a
// solver). `state.spareWorkers`: what the visitor's pool affords (pool.js
// defaultPoolSize; 1 when unknown).
function formAutoWorkers(state, schema) {
  const facts = autoFacts(state, schema);
  return facts ? autoWorkers(facts) : 1;
}

// What auto decides by (rules/workers.js autoWorkers), or null without a puzzle or a solver.
function autoFacts(state, schema) {
  if (!schema || !state.puzzle) return null;
  return { solver: schema.id, size: state.puzzle.n * state.puzzle.n, givens: state.puzzle.cells.filter((v) => v > 0).length,
    spare: state.spareWorkers ?? 1 };
}

// Why Workers left empty ("auto") stands for what it does now, in a sentence ("" without a puzzle or a solver).
export function autoWorkersReason(state) {
  const facts = autoFacts(state, state.schemas.get(state.settings.solver) || null);
  return facts ? autoWorkersWhy(facts) : "";
}

// The Solver form's Workers as a run's link writes it: as typed, or, left empty ("auto"), the
// workers auto stands for now (so the link replays the run on any machine).
export const linkWorkers = (state) =>
  (workersAuto(state) ? String(readSolverForm(state, new Map()).workers) : state.settings.workers);

// What Workers left empty ("auto") stands for now, whatever the field holds (its placeholder).
export const autoWorkersNow = (state) => readSolverForm({ ...state, settings: { ...state.settings, workers: "" } }, new Map()).workers;

// view: "solve", "race" or "experiment". With `stored` (the default) the state's standing
// problems that judge this view count too (a link's, a vet's), each keeping its own message; the
// puzzle panel's only when the view runs the board's puzzle (BOARD_KEYS).
// Returns {values, problems: Map key -> message, line}: `line` is the pasted list's line that
// cannot be read, if that is a problem. `values.puzzles` (experiment) is {kind: "current" |
// "list" | "files" | "gen" | "set", puzzles?, sweep?, id?}: a built-in set is loaded by the caller.
export function read(view, state, { stored = true } = {}) {
  const problems = new Map();
  const out = readLimits(state.settings, problems);
  let line = null;
  if (view === "solve") Object.assign(out, readSolve(state, problems));
  else ({ line } = readComparison(view, state, problems, out));
  if (stored) {
    for (const [k, m] of state.problems) if (judgesHere(view, k, state)) problems.set(k, m);
  }
  return { values: out, problems: codeFirst(problems), line };
}

// The problems with a link's damaged code first (docs/links-and-files.md): a link that lost part
// of itself explains the rest ("there is no puzzle" of a link whose code is cut short), and its
// code is what the visitor cannot make again, so it is named before them.
export const codeFirst = (problems) => (!problems.has("code") ? problems
  : new Map([["code", problems.get("code")], ...[...problems].filter(([k]) => k !== "code")]));

// Every view's limits: the step and evaluation budgets, an empty field none (docs/design.md,
// "Values"), and the time limit, which left empty beside a budget is none too (the run ends at
// its budget, whatever the load).
function readLimits(settings, problems) {
  const out = {};
  for (const [key, name] of [["i", "max_iterations"], ["ev", "max_evaluations"]]) {
    const raw = settings[name];
    out[name] = raw === "" || raw === null || raw === undefined ? null : take(problems, key, (label) => values.budget(raw, label));
  }
  const budgeted = !!(String(settings.max_iterations ?? "").trim() || String(settings.max_evaluations ?? "").trim());
  out.max_seconds = take(problems, "t", (label) => values.max_seconds_or_none(settings.max_seconds, budgeted, label));
  return out;
}

// A single run: the solver form's values and the board's puzzle.
function readSolve(state, problems) {
  const out = readSolverForm(state, problems);
  if (!state.puzzle) problems.set("p", LOAD_FIRST);
  else out.puzzle = boardToString(state.puzzle.cells);
  return out;
}

// A race or an experiment, into `out`: its entries, runs and workers (one each in a race), an
// experiment's puzzles; returns {line} (the pasted list's line that cannot be read, or null).
function readComparison(view, state, problems, out) {
  const c = state.compare;
  Object.assign(out, { entries: c.entries, runs: 1, workers: 1 });
  const few = tooFewEntries(view, c.entries);
  if (few) problems.set("e", few);
  const together = view === "race" ? raceWorkersProblem(c.entries) : null;
  if (together) problems.set("e", together);
  if (view === "experiment") return readExperiment(state, problems, out);
  if (!state.puzzle) problems.set("p", LOAD_FIRST);
  return { line: null };
}

// Why a race or an experiment cannot start with these entries (too few), or null.
export function tooFewEntries(view, entries) {
  if (entries.length >= (view === "race" ? 2 : 1)) return null;
  return view === "race" ? "A race needs two to five entries; add them with “Add entry”." : "Add at least one entry with “Add entry”.";
}

// A race runs every lane at once: its lanes' workers together on the pool (docs/links-and-files.md, "Share
// links"), at most MAX_WORKERS; why not, or null.
export function raceWorkersProblem(entries) {
  const together = entries.reduce((sum, e) => sum + workersOf(e), 0);
  return together > MAX_WORKERS ? `the lanes ask for ${together} workers together; a race runs on at most ${MAX_WORKERS}` : null;
}

// An experiment, into `out`: its runs, its pool's workers and its puzzles; returns {line}.
function readExperiment(state, problems, out) {
  const c = state.compare;
  out.runs = take(problems, "runs", (label) => values.param({ name: "runs", type: "int", min: 1, max: MAX_RUNS }, c.runs, label));
  out.workers = take(problems, "workers",
    (label) => values.param({ name: "workers", type: "int", min: 1, max: MAX_WORKERS }, c.workers, label));
  const widest = widestEntryProblem(c.entries, out.workers);
  if (widest) problems.set("workers", widest);
  const { puzzles, line = null } = experimentPuzzles(state, problems);
  if (puzzles) out.puzzles = puzzles;
  const seeds = out.runs !== null ? seedsProblem(c.entries, out.runs) : null;
  if (seeds) problems.set("runs", seeds);
  return { line };
}

// A run that asks for more workers than the experiment's pool has could never start (the pool is
// the visitor's to grow): the first such entry's problem, or null. `workers` null: not read.
export function widestEntryProblem(entries, workers) {
  const widest = entries.findIndex((e) => workersOf(e) > (workers ?? MAX_WORKERS));
  if (widest === -1) return null;
  return `entry ${widest + 1} asks for ${workersOf(entries[widest])} workers a run, more than the ` +
    `pool's ${workers}: raise the workers to ${Math.max(...entries.map(workersOf))} or add the entry with fewer`;
}

// Seeds s, s+1, …, s+runs−1 must all follow the seed rule: the first entry whose last seed passes
// it, or null.
export function seedsProblem(entries, runs) {
  const i = entries.findIndex((e) => e.seed > values.SEED_MAX - (runs - 1));   // (seed + runs − 1 may not fit a double)
  if (i === -1) return null;
  const last = BigInt(entries[i].seed) + BigInt(runs - 1);
  return `entry ${i + 1}'s seeds ${entries[i].seed} … ${last} pass ${values.SEED_MAX}; lower its seed or the runs`;
}

// The experiment's puzzles, by the state's choice: {puzzles} (a built-in set by its id only), or
// {} with the problem set — and {line}, the pasted list's line that cannot be read.
export function experimentPuzzles(state, problems) {
  const c = state.compare;
  if (c.puzzles === "current") {
    if (state.puzzle) return { puzzles: { kind: "current", puzzles: [{ name: "current", puzzle: boardToString(state.puzzle.cells) }] } };
    problems.set("p", LOAD_FIRST);
    return {};
  }
  if (c.puzzles === "list") {
    try { return { puzzles: { kind: "list", puzzles: readPuzzleList(c.list) } }; } catch (err) {
      if (!(err instanceof ListProblem)) throw err;
      problems.set("pl", err.message);
      return { line: err.line };
    }
  }
  if (c.puzzles === "files") {
    const unread = filesProblem(state.files);
    if (unread) problems.set("ps", unread);
    return unread ? {} : { puzzles: { kind: "files", puzzles: state.files.read } };
  }
  if (c.puzzles === "gen") {
    const sweep = take(problems, "gs", () => readSweep(c.sweep));
    return sweep ? { puzzles: { kind: "gen", sweep, puzzles: sweep.specs.map((spec) => ({ name: spec, spec, puzzle: null })) } } : {};
  }
  return { puzzles: { kind: "set", id: c.puzzles } };
}

// Why the puzzle files opened cannot be run yet (still being read, none, none readable), or null.
export function filesProblem(files) {
  if (files.reading) return `the files are still being read (${files.reading.done} of ${files.reading.total})`;
  if (files.read.length) return null;
  return files.skipped.length ? "none of the files opened holds a puzzle that can be read (see the list)"
    : "open one or more puzzle files first (Open files…, or drop them on the files box)";
}

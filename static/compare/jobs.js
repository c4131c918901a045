// An experiment's job list: every run it makes (entries × puzzles × runs, seeds s, s+1, …), in
// the order compare/order.js gives, and the table's rows they fall in (a puzzle, or in a sweep
// over p its p, the instances pooled), and the record of a job's run. Pure: node tests it
// (tests/js/order.test.mjs).
import { runOrder } from "./order.js";
import { workersOf } from "../rules/entries.js";

// The table's row of a puzzle: its index, or in a sweep its size and p (the puzzle's spec
// `size:p:seed`), the instances pooled.
export function groupOf(puzzle, pi, sweep) {
  if (!sweep) return String(pi);
  const [size, p] = puzzle.spec.split(":");
  return `${size}:p${p}`;
}

// The table's rows, in order: {key, name} a puzzle each, or in a sweep {key, name, size, p} a
// size and p each, size by size ("p = 0.4" for one size, "16×16, p = 0.4" for several).
export function groupsOf(puzzles, sweep) {
  if (!sweep) return puzzles.map((p, pi) => ({ key: String(pi), name: p.name }));
  const sizes = sweep.sizes || [sweep.size];
  return sizes.flatMap((n) => sweep.ps.map((p) => ({ key: `${n}:p${p}`, name: sizes.length > 1 ? `${n}×${n}, p = ${p}` : `p = ${p}`,
    size: n, p: Number(p) })));
}

// the workers a run of the entry asks for, when several (then one run on that many workers: python/pool.js)
export const severalOf = (e) => (workersOf(e) > 1 ? { workers: e.workers, exchange: e.exchange } : {});

// entries: [{solver, seed, params[, workers, exchange][, code]}] (code: a visitor's solver's text, {name, text}); puzzles: [{name, puzzle, file?} or {name, spec}]; sweep:
// null or {ps, instances, …}. Each job: its entry and puzzle (index, name, file), the puzzle or
// its spec, the run's solver, parameters, seed and budget, its row (`group`) and `key`, its
// place in the records' files (entry, then puzzle, then seed).
export function experimentJobs({ entries, puzzles, runs, max_seconds, max_iterations = null, max_evaluations = null,
  sweep = null }) {
  const round = sweep ? (pi) => pi % sweep.instances : undefined;    // a sweep's first instance of every p first
  return runOrder(entries.length, puzzles.length, runs, round).map(({ entry: ei, puzzle: pi, run: r }) => {
    const e = entries[ei], p = puzzles[pi];
    return { entry: ei, index: pi, name: p.name, file: p.file ?? null, puzzle: p.puzzle, spec: p.spec, solver: e.solver,
      ...(e.code ? { code: e.code } : {}), params: e.params, seed: e.seed + r, ...severalOf(e), max_seconds, max_iterations, max_evaluations, group: groupOf(p, pi, sweep),
      key: (ei * puzzles.length + pi) * runs + r };
  });
}

// A job's run record (the fields of `bench --json`, bench.record): the puzzle's index, name and
// file (null for a puzzle from no file), the result's fields, the solver file and its hash (null
// for a built-in's run), iterations per second.
export function record(job, result) {
  const { type, runId, started, ...fields } = result;
  return { puzzle: job.index, name: job.name, file: job.file ?? null, ...fields,
    solver_file: fields.solver_file ?? null, solver_sha256: fields.solver_sha256 ?? null,
    iterations_per_second: fields.seconds ? fields.iterations / fields.seconds : null };
}

// What identifies an experiment's runs: each job as it is sent (its place, solver, parameters, seed,
// puzzle or its spec, budget, workers, code), in order. A Start whose jobs say the same as a stopped
// experiment's is that experiment again: it continues it (compare/experiment.js).
export const jobsSignature = (jobs) => JSON.stringify(jobs.map((j) => [j.key, j.solver, j.params, j.seed, j.puzzle ?? null,
  j.spec ?? null, j.max_seconds ?? null, j.max_iterations ?? null, j.max_evaluations ?? null, workersOf(j), j.exchange ?? null,
  j.code ?? null]));

// The seconds an experiment still needs, from its runs' own times (not the time since Start, which
// says nothing of runs kept from before): each run left takes the mean seconds of its entry's ended
// runs (of all ended runs while its entry has none), times the workers it holds, shared among the
// pool's `poolWorkers`. left: the jobs not ended ({entry, workers?}); ended: {entry, seconds} of the
// runs that ended on their own or by an error. null while no run has ended.
export function secondsLeft(left, ended, poolWorkers) {
  if (!ended.length) return null;
  const mean = (xs) => xs.reduce((a, r) => a + r.seconds, 0) / xs.length;
  const all = mean(ended);
  const byEntry = new Map();
  for (const r of ended) byEntry.set(r.entry, [...(byEntry.get(r.entry) || []), r]);
  const work = left.reduce((sum, j) => sum + (byEntry.has(j.entry) ? mean(byEntry.get(j.entry)) : all) * workersOf(j), 0);
  return work / Math.max(1, poolWorkers);
}

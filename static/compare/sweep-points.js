// What an experiment over a sweep shows, computed without the DOM: the phase plots' points (each
// entry's success rate and median time of solved runs against p, with the published figures of
// that size as marks), the note where entries' success lines coincide, and what the visitor's
// atlas is drawn from (its records named by entry, its caption). phase-plots.js and atlas.js
// draw them. Pure: node tests it (tests/js/experiment-shows.test.mjs).
import { pointsAgainstP } from "../rules/published.js";
import { tallyRuns } from "./tally.js";

// The phase plots are against p at one size: a sweep of several sizes leaves them out (its atlas
// draws every size).
export const phased = (sweep) => !!sweep && (sweep.sizes || [sweep.size]).length === 1;

// The published figures at a size as marks: the success plot's and the time plot's.
export const phaseMarks = (published, size) => ({ success: pointsAgainstP(published, size, ["success_rate"]),
  time: pointsAgainstP(published, size, ["mean_seconds", "median_seconds", "max_seconds", "seconds_range"]) });

// An entry's points against p, from its records of each group (recordsOf(group)): [p, rate]
// where some run is judged, [p, median seconds] (from 1 ms, the log axis) where some is solved.
export function phasePoints(groups, recordsOf) {
  const success = [], time = [];
  for (const g of groups) {
    const t = tallyRuns(recordsOf(g));
    if (!t.judged) continue;
    success.push([g.p, t.rate]);
    const median = t.secondsQuartiles[1];
    if (median !== null) time.push([g.p, Math.max(median, 1e-3)]);
  }
  return { success, time };
}

// Where entries' success lines coincide (draw/lines.js coincidences: [{x, lines}]): the test
// attribute's list ([{p, entries}], entries numbered from 1) and the note under the plot, so a
// line hidden under another is never taken for a missing one ("" when none coincide).
export function coincidenceNote(found) {
  const coincide = found.map((c) => ({ p: c.x, entries: c.lines.map((i) => i + 1) }));
  const byEntries = new Map();
  for (const c of found) {
    const who = c.lines.map((i) => i + 1).join(", ");
    if (!byEntries.has(who)) byEntries.set(who, []);
    byEntries.get(who).push(c.x);
  }
  const text = !byEntries.size ? "" : "Lines that coincide are drawn nested, each wider than the next: " +
    [...byEntries].map(([who, ps]) => `entries ${who.replace(/, (\d+)$/, " and $1")} at p = ${ps.join(", ")}`).join("; ") + ".";
  return { coincide, text };
}

// The caption of the visitor's atlas: the sweep's budget, instances and runs.
export function ownAtlasCaption({ max_seconds, budget, sweep, runs }) {
  const { max_iterations: steps, max_evaluations: evals } = budget;
  const limit = max_seconds ? `time limit ${max_seconds} s a run (wall-clock; the workers share this device's cores)`
    : "no time limit";
  return `Your sweep, run in this browser: ${limit}${steps ? `, ${steps} steps` : ""}` +
    `${evals ? `, ${evals} evaluations` : ""}; ${sweep.instances} ` +
    `instance${sweep.instances === 1 ? "" : "s"} × ${runs} run${Number(runs) === 1 ? "" : "s"} per size × p and entry (success: solved among the runs that ended ` +
    "on their own; time: the median of the solved runs only).";
}

// What the visitor's atlas is drawn from (compare/atlas.js mountAtlas draw): the sweep's records
// so far, each named by its entry (names: the legend's), the entries' names and solvers, the caption.
export function ownAtlasDrawing(experiment, names) {
  const { entries, byEntry, published, max_seconds } = experiment;
  const records = byEntry.flatMap((recs, ei) => recs.map((r) => ({ ...r, entry: names[ei] })));
  return { records, entries: names, solvers: entries.map((e) => e.solver), caption: ownAtlasCaption(experiment), published,
    max_seconds };
}

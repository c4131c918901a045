// What the experiment's results table shows, computed without the DOM (results-table.js puts it
// on the page): a row's words and test attributes from its runs (the one tally, tally.js), the
// box plots' shared log scale, the best entry of each puzzle and the words of its mark. Pure:
// node tests it (tests/js/experiment-shows.test.mjs).
import { quantile } from "../rules/stats.js";
import { tallyRuns } from "./tally.js";

const MEASURE_WORDS = { seconds: "time", iterations: "steps (the step budget's measure)",
  evaluations: "evaluations (the evaluation budget's measure)" };

export const fmt = (x, digits = 2) => (x === null ? "–" : x.toLocaleString("en", { maximumFractionDigits: digits }));

// A row of the table from its records (the runs that ended on their own or by an error) and its
// runs ended by Stop: {data (the row's test attributes), runs, solved, errorsTitle (null without
// errors), rate, interval, rateText, secondsText, iterationsText, stats}. stats is what the rows
// are compared by (compareRows): the rate, the median of the best entry's `measure` over the
// solved runs, and the box plot's seconds [min, q1, median, q3, max] (null with none solved).
export function rowShows(records, stopped, measure) {
  const t = tallyRuns(records);
  const { errors, rate, interval: [lo, hi], secondsQuartiles: secs, iterationQuartiles: its, seconds: times } = t;
  const solved = records.filter((r) => r.solved && r.stop_reason !== "error");
  return {
    data: { runs: String(t.judged), solved: String(t.solved), stopped: String(stopped),
      medianSeconds: secs[1] === null ? "" : String(secs[1]), errors: String(errors.length) },
    runs: String(t.judged) + (stopped ? ` (stopped ${stopped})` : ""),
    solved: String(t.solved) + (errors.length ? ` (${errors.length} errors)` : ""),
    errorsTitle: errors.length ? errors.map((r) => r.message).join("\n") : null,
    rate, interval: [lo, hi],
    rateText: rate === null ? "–" : `${fmt(100 * rate, 0)}% [${fmt(100 * lo, 0)}–${fmt(100 * hi, 0)}]`,
    secondsText: secs[1] === null ? "–" : `${fmt(secs[1], 3)} (${fmt(secs[0], 3)}–${fmt(secs[2], 3)})`,
    iterationsText: its[1] === null ? "–" : `${fmt(its[1], 0)} (${fmt(its[0], 0)}–${fmt(its[2], 0)})`,
    stats: { rate, median: quantile(solved.map((r) => r[measure]), 0.5),
      box: times.length ? [Math.min(...times), ...secs, Math.max(...times)] : null },
  };
}

// The success bar's words: the rate and its 95% interval, in whole percents.
export const barLabel = (rate, lo, hi) =>
  `${Math.round(100 * rate)}% solved, 95% interval ${Math.round(100 * lo)}–${Math.round(100 * hi)}%`;

// The box plot's words: its five seconds (min, quartiles, max).
export const boxLabel = (secs) => `seconds: min ${fmt(secs[0], 3)}, quartiles ${fmt(secs[1], 3)}, ${fmt(secs[2], 3)}, ` +
  `${fmt(secs[3], 3)}, max ${fmt(secs[4], 3)}`;

// One log-seconds scale for every box plot of the table: a function from seconds to a place in
// [0, 1], over the boxes' extremes (boxes: [min, …, max] each, or null), from 1 ms up.
export function boxScale(boxes) {
  const all = boxes.flatMap((b) => (b ? [b[0], b[4]] : []));
  const lo = Math.log10(Math.max(Math.min(...all, 1), 1e-3)), hi = Math.log10(Math.max(...all, 1e-2));
  return (t) => (hi > lo ? (Math.log10(Math.max(t, 1e-3)) - lo) / (hi - lo) : 0.5);
}

// The best row of each puzzle (rows: [{group, stats}]): the highest success rate, then the lowest
// median of the measure; none where fewer than two rows are judged or the best solved nothing.
export function bestRows(rows) {
  const groups = new Map();
  for (const r of rows) groups.set(r.group, [...(groups.get(r.group) || []), r]);
  const best = new Set();
  for (const members of groups.values()) {
    const judged = members.filter((r) => r.stats && r.stats.rate !== null);
    const key = (r) => [-(r.stats.rate), r.stats.median ?? Infinity];
    judged.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
    if (judged.length > 1 && judged[0].stats.rate > 0) best.add(judged[0]);
  }
  return best;
}

// The ★ mark's title: what the best entry is judged by.
export const bestTitle = (measure) => `best on this puzzle: the highest success, then the lowest median ${MEASURE_WORDS[measure]}`;

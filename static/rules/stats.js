// Summaries of many runs: success rates with a 95% Wilson interval, quartiles, and the
// fraction solved against time (an empirical distribution function over the solved runs).
// The page's copy of py/sudoku_lab/stats.py, held to the same cases (tests/stats_cases.json).
// The success rate is solved runs among the judged ones, those that ended on their own: a run
// ended by Stop or by an error says nothing about the solver (docs/design.md, "Success rate").

const Z95 = 1.959963984540054;
const UNJUDGED = new Set(["stopped", "error"]);

// The runs that ended on their own: the denominator of the success rate.
export const judged = (records) => records.filter((r) => !UNJUDGED.has(r.stop_reason));

// Counts of a group of run records and its success rate (null with no judged run).
export function tally(records) {
  const ok = judged(records);
  const solved = ok.filter((r) => r.solved).length;
  return {
    runs: records.length, judged: ok.length, solved,
    errors: records.filter((r) => r.stop_reason === "error").length,
    stopped: records.filter((r) => r.stop_reason === "stopped").length,
    rate: ok.length ? solved / ok.length : null,
  };
}

// The Wilson score interval for k successes in n trials: [low, high] (both 0 when n = 0).
export function wilson(k, n, z = Z95) {
  if (!n) return [0, 0];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // at k = 0 and k = n the bounds are exactly 0 and 1; the formula's rounding would miss them
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

// The q-quantile of numbers by linear interpolation between order statistics (numpy's default).
export function quantile(xs, q) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export const quartiles = (xs) => [quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75)];

// Steps of the fraction of all `total` runs solved by time t: [[t, fraction], ...], t ascending.
export function ecdf(solvedSeconds, total) {
  const s = [...solvedSeconds].sort((a, b) => a - b);
  return s.map((t, i) => [t, (i + 1) / total]);
}

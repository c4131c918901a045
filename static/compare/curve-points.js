// What the experiment's chart of runs solved against time draws, computed without the DOM
// (curves.js draws it): an entry's fraction-solved curve (ECDF) and, once the statistics are
// shown with censored runs, each entry's Kaplan–Meier curve with its 95% band; every curve held
// to the time limit. Pure: node tests it (tests/js/experiment-shows.test.mjs).
import { ecdf } from "../rules/stats.js";
import { tallyRuns } from "./tally.js";

// A curve held to `end` (the time limit): the share solved stays until then, and a single solve
// draws a line, not a lone point of a stepped line (x stays distinct: the chart joins lines on x).
export function heldTo(points, end) {
  const last = points[points.length - 1];
  return last && last[0] < end ? [...points, [end, last[1]]] : points;
}

// An entry's fraction-solved curve from its records (the runs that ended on their own or by an
// error): the share of judged runs solved by each solved run's seconds (from 1 ms, the log axis).
export function solvedCurve(records, max_seconds) {
  const t = tallyRuns(records);
  return heldTo(ecdf(t.seconds.map((x) => Math.max(x, 1e-3)), Math.max(t.judged, 1)), max_seconds);
}

// Whether the statistics' Kaplan–Meier curves replace the fraction-solved ones: some entry has
// a censored run (unsolved, ended on its own).
export const censored = (comparison) => comparison.entries.some((e) => e.solved < e.judged);

// The Kaplan–Meier chart's lines: each entry's curve and, dashed, its band's low and high ends,
// in the entry's colour (color(i): the chart's i-th colour); the legend has one entry per entry
// (its curve's: the bands go with it, as the chart's title says).
export const kaplanMeierLines = (names, color) => names.flatMap((name, i) => [{ label: name, color: color(i) },
  { label: `${name}: 95% band, low`, color: color(i), dash: [4, 4], legend: false },
  { label: `${name}: 95% band, high`, color: color(i), dash: [4, 4], legend: false }]);

// An entry's three Kaplan–Meier curves (km: {t, solved, low, high}, the package's), each held to
// `end`: the solved share, the band's low end, its high end; a time without a value left out.
export function kaplanMeierCurves(km, end) {
  const curve = (ys) => heldTo(km.t.map((t, j) => [Math.max(t, 1e-3), ys[j]]).filter((p) => p[1] !== null), end);
  return [km.solved, km.low, km.high].map(curve);
}

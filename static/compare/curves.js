// The experiment's chart of runs solved against time: each entry's fraction-solved curve,
// redrawn for the entries with new results, and in its place the statistics' Kaplan–Meier
// curves with their bands. What each curve holds: curve-points.js.
import { Lines, seriesColor } from "../draw/lines.js";
import { kaplanMeierCurves, kaplanMeierLines, solvedCurve } from "./curve-points.js";

const AXES = { xLabel: "seconds (log scale)", yLabel: "share of runs solved", logX: true, stepped: true, yMax: 1 };

// A new fraction-solved chart in `el`, one line per entry (names: the legend's).
export const solvedChart = (el, names) => new Lines(el, names, { title: "Runs solved against time", ...AXES });

// The curves of the given entries (their indices) from their records (byEntry).
export function drawSolvedCurves(chart, entries, byEntry, max_seconds) {
  for (const e of entries) chart.set(e, solvedCurve(byEntry[e], max_seconds));
}

// A new Kaplan–Meier chart in `el` with every entry's curves drawn (comparison: the statistics'),
// held to the time limit or, with none, to the statistics' horizon.
export function kaplanMeierChart(el, names, comparison, max_seconds) {
  const chart = new Lines(el, kaplanMeierLines(names, seriesColor), { title: "Runs solved against time (Kaplan–Meier, unsolved runs " +
    "censored; dashed: 95% band)", ...AXES });
  const end = max_seconds || comparison.horizon;
  comparison.entries.forEach((e, i) => kaplanMeierCurves(e.kaplan_meier, end).forEach((points, k) => chart.set(3 * i + k, points)));
  return chart;
}

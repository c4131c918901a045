// The papers' published figures (data/published.json, read natively by sudoku_lab.published):
// points of one series picked by source, measure and optional x kind / arm, keyed by x.
// Pure, no DOM: the experiment's "paper" column and the phase plot's marks read through it.

// The points of the first series of `source` matching `pick` ({measure, x, arm}), as a Map
// x -> point (each point carries its series under `.series`); empty when nothing matches.
export function seriesPoints(published, source, pick) {
  const src = published && published[source];
  const series = ((src && src.series) || []).find((s) => Object.entries(pick).every(([k, v]) => s[k] === v));
  return new Map(series ? series.points.map((pt) => [pt.x, { ...pt, series }]) : []);
}

// A number as the paper's tables print it: grouped thousands, at most `decimals` places.
// "–" when the figure is missing (the file could not be read).
export function figure(y, decimals = 0) {
  if (typeof y !== "number" || !Number.isFinite(y)) return "–";
  return y.toLocaleString("en-US", { maximumFractionDigits: decimals });
}

// Every source's series of one grid size against p for the given measures, as a chart's marks:
// [{label, points: [[p, y], ...]}] (a range's high end where a point has no y). The experiment's
// phase plots draw the published figures through this.
export function pointsAgainstP(published, size, measures) {
  return Object.entries(published || {}).filter(([k]) => !k.startsWith("_"))
    .flatMap(([, src]) => (src.series || []).filter((se) => se.size === size && se.x === "p" && measures.includes(se.measure))
      .map((se) => ({ label: `${src.label}${se.measure === "success_rate" ? "" : `, ${se.measure.replace("_seconds", "")}`}`,
        points: se.points.map((pt) => [pt.x, pt.y ?? pt.high]).filter(([, y]) => y !== undefined) })));
}

// Every source's figures of the given measures against p, at any size, for the atlas's maps:
// [{key, label, solver, measure, points: [{size, p, y, approximate, bound, time_limit_s}]}], one per
// source and measure (solver: the lab's solver that implements the source's method, or null)
// (a range's high end where a point has no y), in the file's order.
export function pointsBySizeAndP(published, measures) {
  return Object.entries(published || {}).filter(([k]) => !k.startsWith("_")).flatMap(([key, src]) =>
    measures.map((measure) => {
      const series = (src.series || []).filter((se) => se.x === "p" && se.measure === measure);
      const points = series.flatMap((se) => se.points.map((pt) => ({ size: se.size, p: pt.x, y: pt.y ?? pt.high,
        approximate: !!pt.approximate, bound: pt.bound || null, time_limit_s: se.time_limit_s ?? null })))
        .filter((pt) => pt.y !== undefined);
      return { key, label: src.label, solver: src.solver || null, measure, points };
    }).filter((s) => s.points.length));
}

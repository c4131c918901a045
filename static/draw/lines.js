// Several lines, each with its own x values, on one uPlot chart: a race's open cells
// against seconds (one line per lane) or an experiment's fraction solved against seconds
// (one step line per entry, log-scaled time). Lines are joined onto one x axis when drawn (at
// most ten times a second, draw/plot.js); each line keeps at most MAX_POINTS points, thinned
// evenly along the chart's x axis (log or not, draw/thin.js), the first and newest kept.
// The uPlot itself is built after the next paint, in two short tasks (draw/plot.js): the Start
// that makes a chart stays short, and points added meanwhile are drawn once the plot exists.
import uPlot from "../vendor/uplot/uPlot.esm.js";
import { buildPlot, throttledRedraw } from "./plot.js";
import { thinColumns } from "./thin.js";

const MAX_POINTS = 400;           // a line this dense already fills a chart a few hundred pixels wide
import { theme } from "./theme.js";
import { chartPng } from "./png.js";

// A line's colour by its place among the chart's own lines: read from the theme when asked, so
// importing this module touches no DOM (node tests import what imports it).
export function seriesColor(i) {
  const series = theme().series;
  return series[i % series.length];
}

const NO_PATH = () => null;

// A nested line's width: the last line 2 px, each one before it 3 px wider, so where lines
// coincide each shows 1.5 px either side of the next one drawn over it.
export const nestedWidth = (k, count) => 2 + 3 * (count - 1 - k);

// Where lines coincide: [{x, lines: [i, j, …]}] for each x at which two or more lines hold the
// same y (lines: [xs, ys] each), in order of x. Pure: node tests it.
export function coincidences(lines) {
  const at = new Map();
  lines.forEach(([xs, ys], i) => xs.forEach((x, j) => {
    const key = `${x}|${ys[j]}`;
    if (ys[j] === null || ys[j] === undefined) return;
    if (!at.has(key)) at.set(key, { x, lines: [] });
    at.get(key).lines.push(i);
  }));
  return [...at.values()].filter((c) => c.lines.length > 1).sort((a, b) => a.x - b.x);
}

// the class of a line's legend row that style.css hides (uPlot gives a series' `class` to its row)
const NO_LEGEND = "no-legend";

export class Lines {
  // lines: one per line, a label or {label, marks: true (points only: published figures),
  // color, dash (a thin dashed line: a curve's confidence band), legend: false (drawn, but
  // without a legend entry of its own: a band goes with its curve's)}; opts: {title, xLabel, yLabel, logX, logY, stepped, yMax, xMin, xMax, nested}.
  // nested: lines that may coincide (a sweep's success rates: 0 and 1 are common) are drawn
  // each wider than the next, with its points, so a line under another still shows at its edges.
  constructor(el, lines, opts) {
    this.el = el;
    this.opts = opts;
    const specs = lines.map((l) => (typeof l === "string" ? { label: l } : l));
    this.lines = specs.map(() => [[], []]);
    this.labels = specs.map((l) => l.label);
    this.schedule = throttledRedraw(() => this.draw());
    el.replaceChildren();
    el.dataset.points = "0";
    el.dataset.series = this.labels.join(",");
    this.legend = specs.map((l) => l.legend !== false);
    el.dataset.legend = this.labels.filter((_, i) => this.legend[i]).join("|");
    el.dataset.title = opts.title || "";
    el.dataset.xLabel = opts.xLabel;
    el.dataset.yLabel = opts.yLabel;
    if (opts.xMax !== undefined && opts.xMax !== null) el.dataset.xMax = String(opts.xMax);   // null: the data's end, until endAt
    const stepped = opts.stepped ? uPlot.paths.stepped({ align: 1 }) : undefined;
    let own = 0;
    const owned = specs.filter((l) => !l.marks).length;
    this.colors = [];
    const series = specs.map((l) => {
      const k = own;
      const color = l.color || seriesColor(own++);
      this.colors.push(color);
      if (l.marks) return { label: l.label, stroke: color, fill: color, paths: NO_PATH, points: { show: true, size: 8, width: 2 } };
      const width = opts.nested ? nestedWidth(k, owned) : 2;
      return { label: l.label, stroke: color, width, spanGaps: true, ...(l.legend === false ? { class: NO_LEGEND } : {}),
        points: opts.nested ? { show: true, size: width + 5, width: 1, fill: color } : { show: false },
        ...(stepped ? { paths: stepped } : {}), ...(l.dash ? { dash: l.dash, width: 1 } : {}) };
    });
    this.plot = null;
    this.added = this.drawn = 0;                 // points added, and added when last drawn
    this.building = buildPlot(el, (width) => ({
      title: opts.title, width, height: 240,
      scales: { x: { time: false, distr: opts.logX ? 3 : 1,
        ...(opts.xMax !== undefined ? { range: (u, min, max) => [this.opts.xMin ?? 0, this.opts.xMax ?? max] } : {}) },
        y: opts.yMax ? { range: [0, opts.yMax] } : opts.logY ? { distr: 3 } : {} },
      axes: [{ label: opts.xLabel, ...axisTheme() }, { label: opts.yLabel, ...axisTheme() }],
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ label: opts.xLabel }, ...series],
    }), () => this.joined(), (plot) => {
      this.building = null;
      this.plot = plot;
      this.markDrawn();                                   // what the build drew
      if (this.drawn !== this.added) this.schedule();     // points added since it was built
    });
  }

  add(line, x, y) {
    const [xs, ys] = this.lines[line];
    if (xs.length && x < xs[xs.length - 1]) return;
    xs.push(x);
    ys.push(y);
    this.added++;
    if (xs.length > MAX_POINTS) this.lines[line] = thinColumns([xs, ys], MAX_POINTS / 4, { log: !!this.opts.logX });
    this.schedule();
  }

  // the x axis ends at x from now on (a race's axis: its time limit, then its last lane's end)
  endAt(x) {
    this.opts.xMax = x;
    this.el.dataset.xMax = String(x);
    this.added++;
    this.schedule();
  }

  set(line, points) {
    this.lines[line] = [points.map((p) => p[0]), points.map((p) => p[1])];
    this.added++;
    this.schedule();
  }

  draw() {
    if (!this.plot) return;                       // the plot draws what is there once built
    this.plot.setData(this.joined());
    this.markDrawn();
  }

  // the test hooks: the points, and each line's [xs, ys] as drawn (by the build or a redraw)
  markDrawn() {
    this.el.dataset.points = String(this.count());
    this.el.dataset.plotted = JSON.stringify(this.lines);
  }

  // every line on one x axis, as uPlot takes its data (a line with no points is all gaps)
  joined() {
    this.drawn = this.added;
    const have = this.lines.map((l, i) => (l[0].length ? i : -1)).filter((i) => i >= 0);
    if (!have.length) return [[], ...this.labels.map(() => [])];
    const joined = uPlot.join(have.map((i) => this.lines[i]));
    const column = (i) => (have.includes(i) ? joined[have.indexOf(i) + 1] : joined[0].map(() => null));
    return [joined[0], ...this.lines.map((_, i) => column(i))];
  }

  count() {
    return this.lines.reduce((n, [xs]) => n + xs.length, 0);
  }

  // the chart as a PNG with its background, title and legend (draw/png.js)
  png() {
    if (this.building) this.building.now();
    const legend = this.labels.map((label, i) => ({ label, color: this.colors[i] })).filter((_, i) => this.legend[i]);
    return chartPng(this.el, { title: this.opts.title, legend });
  }

  resize() {
    if (this.plot) this.plot.setSize({ width: Math.max(240, this.el.clientWidth), height: 240 });
  }

  destroy() {
    if (this.building) this.building.cancel();
    if (this.plot) this.plot.destroy();
  }
}

function axisTheme() {
  const t = theme();
  return { stroke: t.ink, grid: { stroke: t.line }, ticks: { stroke: t.line } };
}

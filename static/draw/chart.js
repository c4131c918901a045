// The convergence chart: a thin wrapper over uPlot. Series come from the solver's progress
// frames, named for people by the solver's schema; the title and axis labels say what is
// plotted (the x axis counts the solver's own steps: iterations or generations). Events (e.g.
// restarts) are drawn as dashed verticals, and the data is thinned evenly along the step axis
// (draw/thin.js) whenever it passes MAX_POINTS, so long runs stay cheap to draw and keep their
// early steps. The plot is built after the run's first paint and
// redrawn at most ten times a second (draw/plot.js).
import { theme } from "./theme.js";
import { chartPng } from "./png.js";
import { buildPlot, throttledRedraw } from "./plot.js";
import { thinColumns } from "./thin.js";

// x is a count of iterations or generations: ticks at whole steps only
const WHOLE_STEPS = [1, 2, 5].flatMap((k) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7].map((m) => k * m)).sort((a, b) => a - b);

const MAX_POINTS = 4000;


export class Chart {
  constructor(el) {
    this.el = el;
    this.plot = null;
    this.names = [];
    this.data = [[]];
    this.events = [];
    this.axes = {};
    this.meta = { title: "", xLabel: "iteration", yLabel: "", labels: {} };
    this.el.dataset.points = "0";
    this.redraw = throttledRedraw(() => { if (this.plot) this.plot.setData(this.data); });
  }

  // {title, xLabel, yLabel, labels: series id -> legend name}: set before the run's first frame
  describe(meta) {
    this.meta = { ...this.meta, ...meta };
  }

  // a series' name; in the legend it also says when the series is read on the right axis
  label(name, { legend = true } = {}) {
    const base = this.meta.labels[name] || name;
    return legend && this.axes[name] === "right" ? `${base} (right axis)` : base;
  }

  // series name -> "right" for series plotted against a second y axis (e.g. an entropy)
  setAxes(axes) {
    this.axes = axes || {};
  }

  // A new set of series: the data start empty; the plot is built after the next paint
  // (draw/plot.js), its parts and its first draw in two short tasks.
  reset(names = []) {
    this.names = names;
    this.data = [[], ...names.map(() => [])];
    this.events = [];
    if (this.building) { this.building.cancel(); this.building = null; }
    if (this.plot) { this.plot.destroy(); this.plot = null; }
    this.el.dataset.points = "0";
    this.el.dataset.series = names.join(",");
    const m = this.meta;
    Object.assign(this.el.dataset, { title: m.title, xLabel: m.xLabel, yLabel: m.yLabel,
      legend: names.map((n) => this.label(n)).join("|") });
    if (names.length) this.build();
  }

  build() {
    const names = this.names, m = this.meta;
    const right = names.filter((name) => this.axes[name] === "right");
    const t = theme();
    const axis = { stroke: t.ink, grid: { stroke: t.line }, ticks: { stroke: t.line } };
    const left = names.filter((name) => this.axes[name] !== "right");
    // one series names its axis; several are named by the legend (a long list would be cut)
    const axisName = (list) => (list.length === 1 ? this.label(list[0], { legend: false }) : "values (see the legend)");
    const yLabel = m.yLabel || axisName(left);
    this.el.dataset.yLabel = yLabel;
    const axes = [{ ...axis, label: m.xLabel, incrs: WHOLE_STEPS }, { ...axis, label: yLabel }];
    if (right.length) {
      axes.push({ ...axis, scale: "y2", side: 1, label: axisName(right), grid: { show: false } });
    }
    this.colors = names.map((_, i) => t.series[i % t.series.length]);
    const opts = (width) => ({
      title: m.title, width, height: 220,
      // a run solved at its step 0 (or at its only frame) has one point: the x axis spans a step
      // either side of it (uPlot's own span of one value is 0–100, far from the point), and the
      // line, which needs two points, is drawn as a dot
      scales: { x: { time: false, range: (u, min, max) => (min === max ? [Math.max(0, min - 1), max + 1] : [min, max]) } },
      axes,
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ label: m.xLabel }, ...names.map((name, i) => ({
        label: this.label(name), stroke: this.colors[i], width: 1.5,
        points: { show: (u, si, i0, i1) => i0 === i1, size: 8, fill: this.colors[i] },
        scale: this.axes[name] === "right" ? "y2" : "y",
      }))],
      hooks: { draw: [(u) => this.drawEvents(u)] },
    });
    const data = this.data;
    this.building = buildPlot(this.el, opts, () => data, (plot) => {
      this.building = null;
      this.plot = plot;
      if (this.data !== data) plot.setData(this.data);      // thinned while it was being built
    });
  }

  drawEvents(u) {
    if (!this.events.length) return;
    const { ctx } = u;
    const { top, height } = u.bbox;
    ctx.save();
    ctx.strokeStyle = "rgba(120,120,120,0.45)";
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1;
    for (const ev of this.events) {
      const x = Math.round(u.valToPos(ev.iteration, "x", true));
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
    }
    ctx.restore();
  }

  append(names, points, events) {
    if (names.length && names.join(",") !== this.names.join(",")) this.reset(names);   // a run's first frame
    if (!this.names.length || (!points.length && !events.length)) return;
    for (const p of points) {
      const last = this.data[0].length ? this.data[0][this.data[0].length - 1] : -Infinity;
      if (p[0] < last) continue;
      p.forEach((v, i) => this.data[i].push(v === null || Number.isNaN(v) ? null : v));
    }
    this.events.push(...events);
    if (this.data[0].length > MAX_POINTS) this.data = thinColumns(this.data, MAX_POINTS / 4);
    this.redraw();
    this.el.dataset.points = String(this.data[0].length);
    this.el.dataset.events = String(this.events.length);
  }

  // The plotted data as {series: [x name, ...names], rows: [[x, ...values], ...], events}.
  snapshot() {
    const rows = this.data[0].map((_, i) => this.data.map((col) => col[i]));
    return { series: ["iteration", ...this.names], rows, events: this.events };
  }

  // The chart as a PNG with its background, title and legend (draw/png.js).
  png() {
    if (this.building) this.building.now();
    return chartPng(this.el, { title: this.meta.title, legend: this.names.map((n, i) => ({ label: this.label(n), color: this.colors[i] })) });
  }

  resize() {
    if (this.plot) this.plot.setSize({ width: Math.max(240, this.el.clientWidth), height: 220 });
  }
}

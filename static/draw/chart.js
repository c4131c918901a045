// The convergence chart: a thin wrapper over uPlot. Series names come from the solver's
// progress frames, events (e.g. restarts) are drawn as vertical ticks, and the data is
// thinned by half whenever it passes MAX_POINTS so long runs stay cheap to draw.
import uPlot from "../vendor/uplot/uPlot.esm.js";

const MAX_POINTS = 4000;
import { theme } from "./theme.js";


export class Chart {
  constructor(el) {
    this.el = el;
    this.plot = null;
    this.names = [];
    this.data = [[]];
    this.events = [];
    this.axes = {};
    this.el.dataset.points = "0";
  }

  // series name -> "right" for series plotted against a second y axis (e.g. an entropy)
  setAxes(axes) {
    this.axes = axes || {};
  }

  reset(names = []) {
    this.names = names;
    this.data = [[], ...names.map(() => [])];
    this.events = [];
    if (this.plot) { this.plot.destroy(); this.plot = null; }
    this.el.dataset.points = "0";
    this.el.dataset.series = names.join(",");
    if (!names.length) return;
    const width = Math.max(240, this.el.clientWidth || 480);
    const right = names.filter((name) => this.axes[name] === "right");
    const t = theme();
    const axis = { stroke: t.ink, grid: { stroke: t.line }, ticks: { stroke: t.line } };
    const axes = [{ ...axis, label: "iteration" }, { ...axis }];
    if (right.length) axes.push({ ...axis, scale: "y2", side: 1, label: right.join(", "), grid: { show: false } });
    const opts = {
      width, height: 220,
      scales: { x: { time: false } },
      axes,
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ label: "iteration" }, ...names.map((name, i) => ({
        label: name, stroke: t.series[i % t.series.length], width: 1.5, points: { show: false },
        scale: this.axes[name] === "right" ? "y2" : "y",
      }))],
      hooks: { draw: [(u) => this.drawEvents(u)] },
    };
    this.plot = new uPlot(opts, this.data, this.el);
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
    if (names.length && names.join(",") !== this.names.join(",")) this.reset(names);
    if (!this.plot || (!points.length && !events.length)) return;
    for (const p of points) {
      const last = this.data[0].length ? this.data[0][this.data[0].length - 1] : -Infinity;
      if (p[0] < last) continue;
      p.forEach((v, i) => this.data[i].push(v === null || Number.isNaN(v) ? null : v));
    }
    this.events.push(...events);
    if (this.data[0].length > MAX_POINTS) {
      this.data = this.data.map((col) => col.filter((_, i) => i % 2 === 0 || i === col.length - 1));
    }
    this.plot.setData(this.data);
    this.el.dataset.points = String(this.data[0].length);
    this.el.dataset.events = String(this.events.length);
  }

  // The plotted data as {series: [x name, ...names], rows: [[x, ...values], ...], events}.
  snapshot() {
    const rows = this.data[0].map((_, i) => this.data.map((col) => col[i]));
    return { series: ["iteration", ...this.names], rows, events: this.events };
  }

  // The chart as a PNG (uPlot draws plot and axes on one canvas).
  png() {
    const canvas = this.el.querySelector("canvas");
    return new Promise((resolve) => (canvas ? canvas.toBlob(resolve, "image/png") : resolve(null)));
  }

  resize() {
    if (this.plot) this.plot.setSize({ width: Math.max(240, this.el.clientWidth), height: 220 });
  }
}

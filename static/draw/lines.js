// Several lines, each with its own x values, on one uPlot chart: a race's open cells
// against seconds (one line per lane) or an experiment's fraction solved against seconds
// (one step line per entry, log-scaled time). Lines are joined onto one x axis when drawn,
// at most once per animation frame; each line keeps at most MAX_POINTS points.
import uPlot from "../vendor/uplot/uPlot.esm.js";

const MAX_POINTS = 2000;
const REDRAW_MS = 100;          // at most ten redraws a second: several lanes stream at once
import { theme } from "./theme.js";

export const COLORS = theme().series;

export class Lines {
  // labels: one per line; opts: {xLabel, yLabel, logX, stepped, yMax}
  constructor(el, labels, opts) {
    this.el = el;
    this.opts = opts;
    this.lines = labels.map(() => [[], []]);
    this.labels = labels;
    this.pending = false;
    el.replaceChildren();
    el.dataset.points = "0";
    el.dataset.series = labels.join(",");
    const stepped = opts.stepped ? uPlot.paths.stepped({ align: 1 }) : undefined;
    this.plot = new uPlot({
      width: Math.max(240, el.clientWidth || 480), height: 240,
      scales: { x: { time: false, distr: opts.logX ? 3 : 1 }, y: opts.yMax ? { range: [0, opts.yMax] } : {} },
      axes: [{ label: opts.xLabel, ...axisTheme() }, { label: opts.yLabel, ...axisTheme() }],
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ label: opts.xLabel }, ...labels.map((label, i) => ({
        label, stroke: COLORS[i % COLORS.length], width: 2, spanGaps: true, points: { show: false },
        ...(stepped ? { paths: stepped } : {}),
      }))],
    }, [[], ...labels.map(() => [])], el);
  }

  add(line, x, y) {
    const [xs, ys] = this.lines[line];
    if (xs.length && x < xs[xs.length - 1]) return;
    xs.push(x);
    ys.push(y);
    if (xs.length > MAX_POINTS) {                 // thin by half, keeping the newest point
      this.lines[line] = [xs.filter((_, i) => i % 2 === 0 || i === xs.length - 1),
        ys.filter((_, i) => i % 2 === 0 || i === ys.length - 1)];
    }
    this.schedule();
  }

  set(line, points) {
    this.lines[line] = [points.map((p) => p[0]), points.map((p) => p[1])];
    this.schedule();
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    const wait = Math.max(0, (this.drawnAt || 0) + REDRAW_MS - performance.now());
    setTimeout(() => requestAnimationFrame(() => this.draw()), wait);
  }

  draw() {
    this.pending = false;
    this.drawnAt = performance.now();
    const have = this.lines.map((l, i) => (l[0].length ? i : -1)).filter((i) => i >= 0);
    if (!have.length) { this.plot.setData([[], ...this.labels.map(() => [])]); return; }
    const joined = uPlot.join(have.map((i) => this.lines[i]));
    const column = (i) => (have.includes(i) ? joined[have.indexOf(i) + 1] : joined[0].map(() => null));
    this.plot.setData([joined[0], ...this.lines.map((_, i) => column(i))]);
    this.el.dataset.points = String(this.lines.reduce((n, [xs]) => n + xs.length, 0));
  }

  resize() {
    this.plot.setSize({ width: Math.max(240, this.el.clientWidth), height: 240 });
  }

  destroy() {
    this.plot.destroy();
  }
}

function axisTheme() {
  const t = theme();
  return { stroke: t.ink, grid: { stroke: t.line }, ticks: { stroke: t.line } };
}

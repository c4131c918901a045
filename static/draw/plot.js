// A uPlot built without a long task. It waits for the next paint, so the layout that a Start
// or a run's first frame caused is done by the frame instead of being forced by the chart
// reading its width; then it is built over two tasks: its parts (title, legend, axes, canvas)
// in one, its first layout and draw in the next.
import uPlot from "../vendor/uplot/uPlot.esm.js";
import { DARK, LIGHT, theme } from "./theme.js";

// A redraw asked for again and again (every frame of a run, of every lane of a race) happens at
// most ten times a second, each in a task of its own between animation frames: a redraw
// rasterises the whole canvas, and inside a frame it would also force the style of the board
// the frame has just changed. Returns the function that asks for it.
const REDRAW_MS = 100;

export function throttledRedraw(draw) {
  let pending = false, drawnAt = -Infinity;
  return () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      drawnAt = performance.now();
      draw();
    }, Math.max(0, drawnAt + REDRAW_MS - performance.now()));
  };
}

// fn runs after the next animation frame, in a task of its own; returns a cancel function
function afterPaint(fn) {
  let timer = null;
  const frame = requestAnimationFrame(() => { timer = setTimeout(fn, 0); });
  return () => { cancelAnimationFrame(frame); if (timer !== null) clearTimeout(timer); };
}

// el: where the plot goes; options(width): uPlot's options for that width; data(): the data
// when it is built; ready(plot): called once the plot has drawn. Returns {cancel, now}: now()
// finishes the build at once (a PNG asked for before the plot was drawn).
export function buildPlot(el, options, data, ready) {
  let plot = null, init = null, timer = null, done = false;
  const make = () => {
    plot = new uPlot(options(Math.max(240, el.clientWidth || 480)), data(), (u, i) => { el.appendChild(u.root); init = i; });
  };
  const finish = () => {
    timer = null;
    if (done) return;
    done = true;
    init();
    followTheme(plot);
    ready(plot);
  };
  let waiting = afterPaint(() => { waiting = null; make(); timer = setTimeout(finish, 0); });
  return {
    cancel() {                           // a build not finished yet is dropped
      if (done) return;
      done = true;
      if (waiting) waiting();
      if (timer !== null) clearTimeout(timer);
      if (plot) plot.destroy();
    },
    now() {
      if (done) return;
      if (waiting) { waiting(); waiting = null; make(); }
      if (timer !== null) clearTimeout(timer);
      finish();
    },
  };
}

// Charts follow a switch of the colour scheme (a page loaded in one theme, then switched): a plot
// takes its axes' and lines' colours from the theme when built, so on a switch every plot on the
// page gets the new theme's ink and grid for its axes (titles and tick labels included) and each
// line the new palette's colour of its place, and is redrawn. Its root says the ink it was drawn
// with (`data-ink`).
const live = new Set();
let watching = false;

function followTheme(plot) {
  plot.root.dataset.ink = theme().ink;
  live.add(plot);
  if (watching) return;
  watching = true;
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    for (const p of [...live]) {
      if (p.root.isConnected) retheme(p);
      else live.delete(p);                          // destroyed or replaced: forgotten
    }
  });
}

function retheme(plot) {
  const t = theme();
  const before = t.dark ? LIGHT : DARK;
  const swap = (c) => { const k = before.indexOf(c); return k === -1 ? c : t.series[k]; };
  for (const axis of plot.axes) {
    axis.stroke = () => t.ink;
    if (axis.grid) axis.grid.stroke = () => t.line;
    if (axis.ticks) axis.ticks.stroke = () => t.line;
  }
  const rows = [...plot.root.querySelectorAll(".u-legend .u-series")];
  const first = rows.length - (plot.series.length - 1);     // the x series has a row only in some legends
  plot.series.forEach((s, i) => {
    if (i === 0) return;
    const stroke = swap(s.stroke(plot, i));
    s.stroke = () => stroke;
    if (s.points && s.points.fill) { const fill = swap(s.points.fill(plot, i)); s.points.fill = () => fill; }
    const marker = rows[first + i - 1]?.querySelector(".u-marker");
    if (marker) marker.style.borderColor = stroke;
  });
  plot.root.dataset.ink = t.ink;
  plot.redraw(false, true);
}

// The first plot a page builds runs uPlot's code cold, compiled as it goes: about three times
// slower than the next ones, and it comes at a run's start, beside a worker at full speed. A
// small plot of each kind of line (linear, stepped, log axis), built off the page while it is
// idle and dropped, warms that code.
export function warmUp() {
  const whenIdle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  whenIdle(() => {
    const plot = new uPlot({
      title: "warm-up", width: 320, height: 160, legend: { live: false },
      scales: { x: { time: false, distr: 3 } }, axes: [{ label: "x" }, { label: "y" }],
      series: [{}, { stroke: "#000" }, { stroke: "#000", paths: uPlot.paths.stepped({ align: 1 }) }],
    }, [[1, 2, 3], [3, 2, 1], [2, null, 1]], document.createElement("div"));
    queueMicrotask(() => plot.destroy());      // after its first draw (uPlot draws in a microtask)
  }, { timeout: 5000 });
}

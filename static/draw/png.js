// A chart as a PNG a reader can use on its own: the page theme's background, the title, the
// plot with its axes and axis labels (uPlot draws those on its canvas) and the legend, drawn
// under the plot with each line's colour. File names say what they hold and never collide
// (`race-2026-11-23-141205-alldiff_tabu-hill_climb.png`; a second save in the same second gets -2).
import { theme } from "./theme.js";

// el: a chart's element (holding uPlot's canvas); title; legend: [{label, color}].
export function chartPng(el, { title, legend }) {
  const plot = el.querySelector("canvas");
  if (!plot) return Promise.resolve(null);
  const t = theme();
  const k = plot.width / (plot.clientWidth || plot.width);        // device pixels per CSS pixel
  const pad = 12 * k, titleH = title ? 26 * k : 0, row = 20 * k;
  const ctx0 = document.createElement("canvas").getContext("2d");
  ctx0.font = `${13 * k}px system-ui, sans-serif`;
  // lay the legend out in rows that fit the plot's width
  const items = legend.map((l) => ({ ...l, w: 18 * k + ctx0.measureText(l.label).width + 16 * k }));
  const rows = [[]];
  let x = 0;
  for (const it of items) {
    if (x + it.w > plot.width && rows[rows.length - 1].length) { rows.push([]); x = 0; }
    rows[rows.length - 1].push(it);
    x += it.w;
  }
  const out = document.createElement("canvas");
  out.width = plot.width + 2 * pad;
  out.height = pad + titleH + plot.height + rows.length * row + pad;
  const ctx = out.getContext("2d");
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = t.ink;
  ctx.textBaseline = "middle";
  if (title) {
    ctx.font = `bold ${16 * k}px system-ui, sans-serif`;
    ctx.fillText(title, pad, pad + titleH / 2);
  }
  ctx.drawImage(plot, pad, pad + titleH);
  ctx.font = `${13 * k}px system-ui, sans-serif`;
  rows.forEach((items, r) => {
    let lx = pad;
    const y = pad + titleH + plot.height + r * row + row / 2;
    for (const it of items) {
      ctx.fillStyle = it.color;
      ctx.fillRect(lx, y - 5 * k, 12 * k, 10 * k);
      ctx.fillStyle = t.ink;
      ctx.fillText(it.label, lx + 18 * k, y);
      lx += it.w;
    }
  });
  return new Promise((resolve) => out.toBlob(resolve, "image/png"));
}

const used = new Set();

// kind ("race", "experiment", "run"), what it holds (solver ids, …), extension.
export function fileName(kind, parts, ext) {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const stamp = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
  const safe = [...new Set(parts)].map((p) => String(p).replace(/[^A-Za-z0-9_.-]+/g, "_"));
  const base = [kind, stamp, ...safe].join("-");
  let name = `${base}.${ext}`;
  for (let k = 2; used.has(name); k++) name = `${base}-${k}.${ext}`;
  used.add(name);
  return name;
}

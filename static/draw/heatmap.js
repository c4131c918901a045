// A heat map over size × p as an SVG (docs/design.md, "The atlas"), and its legend. It draws what
// it is given — each cell's fill, value and words come from the caller — and holds no state.
// Every text is set with textContent or an attribute: nothing is parsed as HTML.
import { inkOn, logPosition } from "./colour-scale.js";

const SVG = "http://www.w3.org/2000/svg";
const NARROW_W = 32, SHORT_H = 24, WIDE_W = 46, TALL_H = 34, LEFT = 50, TOP = 32, BOTTOM = 36, RIGHT = 8;
const TITLE_CHAR = 7.4, AXIS_WIDTH = 150;         // the title's width a character (12 px bold) and the p axis label's (11 px)
const CELL_CHAR = 7.2, CELL_PAD = 4;             // a cell's word's width a character (11 px, 600) and its room each side
const P_AXIS = "p (share of cells given)";

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

const pText = (p) => String(Number(p.toFixed(3)));
let hatches = 0;                                   // each map's hatch pattern has an id of its own

// The hatch of "not run" cells (an entry not run at that size): thin diagonal lines in the text's
// colour (currentColor: the theme's ink) over no fill, unlike any value's colour or an empty cell.
function hatch(svg) {
  const id = `atlas-hatch-${(hatches += 1)}`;
  const pattern = el("pattern", { id, width: 5, height: 5, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  pattern.appendChild(el("line", { x1: 0, y1: 0, x2: 0, y2: 5, stroke: "currentColor", "stroke-width": 1.2, "stroke-opacity": 0.55 }));
  const defs = el("defs");
  defs.appendChild(pattern);
  svg.appendChild(defs);
  return `url(#${id})`;
}

// A cell's width: `base`, or wider when the longest word drawn in a cell needs it ("+100 pt"), so
// no word runs past its cell into its neighbour's. `drawn`: the cells as cell() gives them.
function cellWidth(base, drawn) {
  const longest = Math.max(0, ...drawn.flat().map((got) => Math.max(got?.text?.length ?? 0, got?.sub?.length ?? 0)));
  return Math.max(base, Math.ceil(longest * CELL_CHAR + 2 * CELL_PAD));
}

// One map. sizes: rows (smallest on top); ps: columns; cell(size, p) -> null (no runs there) or
// {fill (a colour, or null: drawn empty), value (data-value), words (its title), text?, sub? (a
// second, smaller line under text), n?, margin? (data-margin), notRun? (the entry was not run at
// that size: drawn hatched, data-state "not-run")}; marks: [{size, p, words, fill}]
// (published figures: a dot in the cell's corner, filled with the published value's colour on the
// same scale); tall: cells of two lines. Returns the svg element.
export function heatMap({ title, measure, entry, sizes, ps, cell, marks = [], tall = false }) {
  const drawn = sizes.map((size) => ps.map((p) => cell(size, p)));
  const CELL_W = cellWidth(tall ? WIDE_W : NARROW_W, drawn), CELL_H = tall ? TALL_H : SHORT_H;
  // as wide as its cells, its title and its axis label, so a map of few columns cuts no words
  const grid = LEFT + ps.length * CELL_W;
  const width = Math.ceil(Math.max(grid + RIGHT, title.length * TITLE_CHAR + 4, LEFT + AXIS_WIDTH));
  const height = TOP + sizes.length * CELL_H + BOTTOM;
  const svg = el("svg", { class: "atlas-map", "data-testid": "atlas-map", width, height, viewBox: `0 0 ${width} ${height}`,
    role: "img", "aria-label": title, "data-measure": measure, "data-entry": entry, "data-title": title });
  svg.appendChild(el("text", { class: "atlas-title", x: 0, y: 14 }, title));
  svg.appendChild(el("text", { class: "atlas-axis", x: LEFT - 6, y: TOP - 4, "text-anchor": "end" }, "size"));
  sizes.forEach((size, r) => svg.appendChild(el("text", { class: "atlas-tick", x: LEFT - 6, y: TOP + r * CELL_H + CELL_H / 2 + 4,
    "text-anchor": "end" }, `${size}×${size}`)));
  ps.forEach((p, c) => svg.appendChild(el("text", { class: "atlas-tick", x: LEFT + c * CELL_W + CELL_W / 2,
    y: TOP + sizes.length * CELL_H + 13, "text-anchor": "middle" }, pText(p).replace(/^0\./, "."))));
  svg.appendChild(el("text", { class: "atlas-axis", x: Math.max(LEFT + (ps.length * CELL_W) / 2, AXIS_WIDTH / 2 + 2), y: height - 6,
    "text-anchor": "middle" }, P_AXIS));
  let hatched = null;
  sizes.forEach((size, r) => ps.forEach((p, c) => {
    const got = drawn[r][c];
    if (!got) return;
    const x = LEFT + c * CELL_W, y = TOP + r * CELL_H;
    const rect = el("rect", { class: got.fill || got.notRun ? "atlas-cell" : "atlas-cell atlas-empty", "data-testid": "atlas-cell",
      x, y, width: CELL_W, height: CELL_H, "data-size": size, "data-p": pText(p), "data-value": got.value ?? "" });
    if (got.fill) rect.setAttribute("fill", got.fill);
    if (got.notRun) {
      rect.setAttribute("fill", hatched ??= hatch(svg));
      rect.dataset.state = "not-run";
    }
    if (got.n !== undefined && got.n !== null) rect.dataset.n = String(got.n);
    if (got.margin) rect.dataset.margin = got.margin;
    rect.appendChild(el("title", {}, got.words));
    svg.appendChild(rect);
    const ink = got.fill ? { fill: inkOn(got.fill) } : {};
    if (got.text) {
      svg.appendChild(el("text", { class: "atlas-cell-text", x: x + CELL_W / 2, y: y + (got.sub ? 14 : CELL_H / 2 + 4),
        "text-anchor": "middle", ...ink, "aria-hidden": "true" }, got.text));
    }
    if (got.sub) {
      svg.appendChild(el("text", { class: "atlas-cell-sub", x: x + CELL_W / 2, y: y + CELL_H - 5, "text-anchor": "middle",
        ...ink, "aria-hidden": "true" }, got.sub));
    }
  }));
  for (const m of marks) {
    const r = sizes.indexOf(m.size), c = ps.findIndex((p) => Math.abs(p - m.p) < 1e-9);
    if (r < 0 || c < 0) continue;
    const fill = cell(m.size, ps[c])?.fill;
    const mark = el("circle", { class: "atlas-published", "data-testid": "atlas-published", cx: LEFT + (c + 1) * CELL_W - 7,
      cy: TOP + r * CELL_H + 7, r: 4.5, "data-size": m.size, "data-p": pText(m.p), ...(fill ? { stroke: inkOn(fill) } : {}),
      ...(m.fill ? { fill: m.fill, "data-fill": m.fill } : {}) });
    mark.appendChild(el("title", {}, m.words));
    svg.appendChild(mark);
  }
  return svg;
}

// A colour bar's legend: label (what the colour says, with its unit), ticks [{value, label}],
// colourAt(value) and where(value) -> 0–1 along the bar; note: a line of words under it (what a
// hatched cell means), or null. Returns a figure element.
export function scaleLegend({ label, ticks, colourAt, where, note = null }) {
  const W = 240, H = 12, PAD = 22;
  const box = document.createElement("figure");
  box.className = "atlas-legend";
  box.dataset.testid = "atlas-legend";
  box.setAttribute("data-testid", "atlas-legend");
  box.dataset.label = label;
  box.dataset.ticks = ticks.map((t) => t.label).join("|");
  const svg = el("svg", { width: W + 2 * PAD, height: H + 30, viewBox: `0 0 ${W + 2 * PAD} ${H + 30}`, role: "img",
    "aria-label": `${label}: ${ticks.map((t) => t.label).join(", ")}` });
  const steps = 48;
  const lo = ticks[0].value, hi = ticks[ticks.length - 1].value;
  for (let i = 0; i < steps; i += 1) {
    // the bar's colour at each step is the colour of the value that sits there
    const t = (i + 0.5) / steps;
    const value = where === logWhere ? lo * (hi / lo) ** t : lo + (hi - lo) * t;
    svg.appendChild(el("rect", { x: PAD + (W * i) / steps, y: 4, width: W / steps + 0.5, height: H, fill: colourAt(value) }));
  }
  for (const t of ticks) {
    const x = PAD + W * where(t.value, [lo, hi]);
    svg.appendChild(el("line", { class: "atlas-legend-tick", x1: x, x2: x, y1: 4 + H, y2: 8 + H }));
    svg.appendChild(el("text", { class: "atlas-tick", x, y: H + 20, "text-anchor": "middle" }, t.label));
  }
  const caption = document.createElement("figcaption");
  caption.textContent = label;
  box.append(caption, svg);
  if (note) {
    const small = document.createElement("p");
    small.className = "hint";
    small.textContent = note;
    box.append(small);
  }
  return box;
}

// where() of a linear bar and of a log one (seconds)
export const linearWhere = (v, [lo, hi]) => (hi > lo ? (v - lo) / (hi - lo) : 0);
export const logWhere = (v, domain) => logPosition(v, domain);

// The fastest map's legend: one swatch per entry, and what a cell's number is.
export function swatchLegend({ label, entries, note }) {
  const box = document.createElement("figure");
  box.className = "atlas-legend";
  box.setAttribute("data-testid", "atlas-legend");
  box.dataset.label = label;
  box.dataset.ticks = entries.map((e) => e.name).join("|");
  const caption = document.createElement("figcaption");
  caption.textContent = label;
  const list = document.createElement("ul");
  list.className = "atlas-swatches";
  for (const e of entries) {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "atlas-swatch";
    sw.style.background = e.colour;
    sw.dataset.colour = e.colour;
    const name = document.createElement("span");
    name.textContent = e.name;
    li.append(sw, name);
    list.appendChild(li);
  }
  const small = document.createElement("p");
  small.className = "hint";
  small.textContent = note;
  box.append(caption, list, small);
  return box;
}

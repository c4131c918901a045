// The critical-difference diagram (Demšar 2006, Figure 1): the entries' average ranks over the
// puzzles on an axis (1 the best, at the left), the critical difference as a bar above it, and
// a thick line under the axis joining each group of entries no further apart than the critical
// difference (no difference shown between them). Drawn as SVG with its words as text; the
// layout (`cdLayout`, `cliques`) is pure, so node tests it without a page.
const SVG = "http://www.w3.org/2000/svg";
const ROW = 20;            // px between label rows
const TOP = 46;            // px from the top to the axis (room for the critical-difference bar and its words)
const CHAR = 6.6;          // px a character of a label takes, about (12 px text): the labels' margin

// Maximal groups of entries (indices into `ranks`, sorted ascending) whose ranks all lie within
// less than `cd` of each other, two entries or more: Demšar's thick lines.
export function cliques(ranks, cd) {
  const out = [];
  for (let i = 0; i < ranks.length; i++) {
    let j = i;
    while (j + 1 < ranks.length && ranks[j + 1] - ranks[i] < cd) j++;
    if (j > i && !(out.length && out[out.length - 1][1] >= j)) out.push([i, j]);
  }
  return out;
}

// Where everything goes at `width` px: {height, axis, ticks, cdBar, labels, groups}; friedman is
// the comparison's `friedman` object ({ranks: {label: rank}, critical_difference}).
export function cdLayout(friedman, width) {
  const entries = Object.entries(friedman.ranks).sort((a, b) => a[1] - b[1]);
  const k = entries.length, cd = friedman.critical_difference;
  const longest = Math.max(...entries.map(([text, rank]) => `${text} (${rank.toFixed(2)})`.length));
  const margin = Math.round(Math.min(width * 0.42, longest * CHAR + 16));
  const x0 = margin, x1 = width - margin;
  const at = (rank) => x0 + ((rank - 1) / Math.max(k - 1, 1)) * (x1 - x0);
  const half = Math.ceil(k / 2);
  const found = cliques(entries.map((e) => e[1]), cd);
  const groupsTop = TOP + 10;
  const labelsTop = groupsTop + found.length * 6 + 14;
  const labels = entries.map(([text, rank], i) => {
    const left = i < half;
    const row = left ? i : k - 1 - i;
    return { text, rank, left, x: at(rank), y: labelsTop + row * ROW, textX: left ? x0 - 8 : x1 + 8 };
  });
  return {
    height: labelsTop + half * ROW + 4,
    axis: { x0, x1, y: TOP },
    ticks: Array.from({ length: k }, (_, i) => ({ x: at(i + 1), label: String(i + 1) })),
    cdBar: { x0, x1: x0 + (cd / Math.max(k - 1, 1)) * (x1 - x0), y: 22, label: `critical difference ${cd.toFixed(2)}` },
    labels,
    groups: found.map(([i, j], g) => ({ x0: at(entries[i][1]) - 3, x1: at(entries[j][1]) + 3, y: groupsTop + g * 6 })),
  };
}

function node(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// The diagram into `el` (replacing what was there), as wide as `el` is.
export function drawCD(el, friedman) {
  const width = Math.max(300, Math.round(el.clientWidth || 600));
  const l = cdLayout(friedman, width);
  const svg = node("svg", { width, height: l.height, viewBox: `0 0 ${width} ${l.height}`, class: "cd-diagram",
    role: "img", "aria-label": `Critical-difference diagram: average ranks ${l.labels.map((x) => `${x.text} ${x.rank.toFixed(2)}`)
      .join(", ")}; ${l.cdBar.label}` });
  const line = (x0, y0, x1, y1, cls) => svg.appendChild(node("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: cls }));
  line(l.axis.x0, l.axis.y, l.axis.x1, l.axis.y, "cd-axis");
  for (const t of l.ticks) {
    line(t.x, l.axis.y - 5, t.x, l.axis.y, "cd-axis");
    svg.appendChild(node("text", { x: t.x, y: l.axis.y - 8, "text-anchor": "middle", class: "cd-tick" }, t.label));
  }
  line(l.cdBar.x0, l.cdBar.y, l.cdBar.x1, l.cdBar.y, "cd-bar");
  svg.appendChild(node("text", { x: l.cdBar.x0, y: l.cdBar.y - 8, class: "cd-tick" }, l.cdBar.label));
  for (const g of l.groups) line(g.x0, g.y, g.x1, g.y, "cd-group");
  for (const x of l.labels) {
    svg.appendChild(node("polyline", { points: `${x.x},${l.axis.y} ${x.x},${x.y} ${x.textX},${x.y}`, class: "cd-axis" }));
    svg.appendChild(node("text", { x: x.textX + (x.left ? -2 : 2), y: x.y + 4, "text-anchor": x.left ? "end" : "start",
      class: "cd-label" }, `${x.text} (${x.rank.toFixed(2)})`));
  }
  el.replaceChildren(svg);
  el.dataset.ranks = JSON.stringify(friedman.ranks);
  el.dataset.groups = JSON.stringify(cliques(Object.values(friedman.ranks).sort((a, b) => a - b),
    friedman.critical_difference).length);
}

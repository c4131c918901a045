// The experiment's results table on the page: a row per entry × puzzle (success with a 95%
// Wilson interval and its bar, quartiles of seconds with a box plot and of iterations over the
// solved runs, the paper's figure beside when a preset is on), and across the rows the box
// plots' one scale and the best entry of each puzzle marked ★. What each shows: table-rows.js.
import { describe } from "../rules/entries.js";
import { refToken } from "../rules/solver-ref.js";
import { paperFigure } from "./presets.js";
import { barLabel, bestRows, bestTitle, boxLabel, boxScale, rowShows } from "./table-rows.js";

const COLUMNS = ["entry", "puzzle", "runs", "solved", "rate", "seconds", "iterations", "paper"];

// A success bar: the rate filled, the 95% interval as a band over it.
function bar() {
  const el = document.createElement("span");
  el.className = "bar";
  el.setAttribute("role", "img");
  el.hidden = true;                 // shown, with its words, once there is a rate
  const fill = document.createElement("span");
  fill.className = "bar-fill";
  const ci = document.createElement("span");
  ci.className = "bar-ci";
  el.append(fill, ci);
  return { el, set(rate, lo, hi) {
    el.hidden = rate === null;
    if (rate === null) return;
    fill.style.width = `${100 * rate}%`;
    ci.style.left = `${100 * lo}%`;
    ci.style.width = `${100 * (hi - lo)}%`;
    el.setAttribute("aria-label", barLabel(rate, lo, hi));
  } };
}

// A small box plot of solving times: whiskers min–max, the box the quartiles, a line the median,
// on the table's shared log scale.
function boxPlot() {
  const el = document.createElement("span");
  el.className = "boxplot";
  el.setAttribute("role", "img");
  el.hidden = true;                 // shown, with its words, once there are solved runs
  const parts = ["whisker", "box-iqr", "box-median"].map((c) => {
    const s = document.createElement("span");
    s.className = c;
    el.appendChild(s);
    return s;
  });
  return { el, set(pos, secs) {
    el.hidden = !pos;
    if (!pos) return;
    const [mn, q1, md, q3, mx] = pos.map((x) => 100 * x);
    Object.assign(parts[0].style, { left: `${mn}%`, width: `${Math.max(mx - mn, 0.5)}%` });
    Object.assign(parts[1].style, { left: `${q1}%`, width: `${Math.max(q3 - q1, 0.5)}%` });
    parts[2].style.left = `${md}%`;
    el.setAttribute("aria-label", boxLabel(secs));
  } };
}

// The entry's cell: its ★ (hidden until it is the best on its puzzle) and its description.
function entryCell(td, text) {
  const best = document.createElement("span");
  best.className = "best-mark";
  best.setAttribute("role", "img");                      // a star that reads as words
  best.setAttribute("aria-label", "best on this puzzle");
  best.textContent = "★ ";
  best.hidden = true;
  const name = document.createElement("span");
  name.textContent = text;
  td.append(best, name);
}

// A row's element and its cells (the rate's and the seconds' text beside their bar and box plot);
// the paper's cell shown or not, with its figure.
function rowElement(e, group, { entryText, paperShown, paperText }) {
  const tr = document.createElement("tr");
  tr.setAttribute("data-testid", "compare-row");
  tr.dataset.solver = e.solver;
  tr.dataset.puzzle = group.name;
  const cells = {};
  for (const k of COLUMNS) {
    cells[k] = document.createElement("td");
    tr.appendChild(cells[k]);
  }
  entryCell(cells.entry, entryText);
  cells.rateText = document.createElement("span");
  cells.bar = bar();
  cells.rate.append(cells.rateText, cells.bar.el);
  cells.secsText = document.createElement("span");
  cells.box = boxPlot();
  cells.seconds.append(cells.secsText, cells.box.el);
  cells.puzzle.textContent = group.name;
  cells.paper.hidden = !paperShown;
  cells.paper.textContent = paperText;
  return { tr, cells };
}

// The table afresh: a row per entry × group, each shown empty. Returns the rows by
// `${entry}/${group key}`: {tr, cells, records, stopped, group, entry, stats}.
export function buildTable(resultsEl, { entries, groups, schemaOf, preset, published, measure }) {
  const body = resultsEl.querySelector("tbody");
  body.replaceChildren();
  const paperShown = !!(preset && preset.paper);
  resultsEl.querySelector(".paper-col").hidden = !paperShown;
  const rows = new Map();
  entries.forEach((e, ei) => groups.forEach((g) => {
    const schema = schemaOf(e);
    const look = { entryText: `${ei + 1}. ${schema ? describe(e, schema) : refToken(e)}`, paperShown,
      paperText: paperFigure(preset, g.name, published) };
    const row = { ...rowElement(e, g, look), records: [], stopped: 0, group: g.key, entry: ei };
    body.appendChild(row.tr);
    rows.set(`${ei}/${g.key}`, row);
    showRow(row, measure);
  }));
  return rows;
}

// A row's words, bar and attributes from its runs so far; its stats kept for showComparisons.
export function showRow(row, measure) {
  const shows = rowShows(row.records, row.stopped, measure);
  Object.assign(row.tr.dataset, shows.data);
  row.cells.runs.textContent = shows.runs;
  row.cells.solved.textContent = shows.solved;
  if (shows.errorsTitle !== null) row.cells.solved.title = shows.errorsTitle;
  row.cells.rateText.textContent = shows.rateText;
  row.cells.bar.set(shows.rate, ...shows.interval);
  row.cells.secsText.textContent = shows.secondsText;
  row.stats = shows.stats;
  row.cells.iterations.textContent = shows.iterationsText;
}

// Across the table: one log-seconds scale for every box plot, and the best entry of each
// puzzle (the highest success rate, then the lowest median of the measure: evaluations or
// steps under such a budget, else seconds) marked ★.
export function showComparisons(rows, measure) {
  const boxOf = (r) => (r.stats && r.stats.box) || null;
  const at = boxScale(rows.map(boxOf));
  for (const r of rows) r.cells.box.set(boxOf(r) ? boxOf(r).map(at) : null, boxOf(r));
  const best = bestRows(rows);
  for (const r of rows) {
    const isBest = best.has(r);
    r.tr.dataset.best = isBest ? "true" : "false";
    r.tr.classList.toggle("best", isBest);
    const mark = r.cells.entry.querySelector(".best-mark");
    mark.hidden = !isBest;
    mark.title = bestTitle(measure);
  }
}

// The atlas's cells (docs/design.md, "The atlas"): run records of a sweep pooled per size × p ×
// entry, and the fastest entry per size × p. The page's copy of sudoku_lab.atlas.aggregate, held
// to the same cases (tests/atlas_cases.json); the shipped data/atlas.json holds the same shape,
// so the visitor's own atlas is drawn by the same code. Pure, no DOM.
import { tally, judged, quantile } from "./stats.js";

const SPEC = /^(\d+):([0-9]*\.?[0-9]+):(\d+)(?::unique)?$/;

// [size, p] of a generated instance's name ("16:0.45:3"), or null for any other name.
export function place(name) {
  const m = SPEC.exec(String(name));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

// {sizes, ps, entries, cells, fastest, left_out}. entryOf(record) names a record's entry;
// `entries` fixes their order (others follow as they first appear).
export function aggregate(records, entryOf = (r) => r.entry, entries = []) {
  const order = [...new Set(entries)];
  const groups = new Map();                 // "size|p|entry" -> records
  let leftOut = 0;
  for (const rec of records) {
    const at = place(rec.name);
    if (!at) { leftOut += 1; continue; }
    const entry = entryOf(rec);
    if (!order.includes(entry)) order.push(entry);
    const key = `${at[0]}|${at[1]}|${entry}`;
    if (!groups.has(key)) groups.set(key, { size: at[0], p: at[1], entry, records: [] });
    groups.get(key).records.push(rec);
  }
  const rank = new Map(order.map((e, i) => [e, i]));
  const all = [...groups.values()].sort((a, b) => a.size - b.size || a.p - b.p || rank.get(a.entry) - rank.get(b.entry));
  const cells = all.map(({ size, p, entry, records: recs }) => {
    const t = tally(recs);
    const seconds = judged(recs).filter((r) => r.solved).map((r) => r.seconds);
    return { size, p, entry, runs: t.runs, judged: t.judged, solved: t.solved, errors: t.errors, stopped: t.stopped,
      rate: t.rate, median_seconds: quantile(seconds, 0.5) };
  });
  const sizes = [...new Set(cells.map((c) => c.size))].sort((a, b) => a - b);
  const ps = [...new Set(cells.map((c) => c.p))].sort((a, b) => a - b);
  return { sizes, ps, entries: order, cells, fastest: fastest(cells, sizes, ps, order), left_out: leftOut };
}

// Per size × p that has cells: the highest success rate, then the lowest median seconds, then the
// entry listed first (entry null where none solved a run); `solved` is the count its median is of.
export function fastest(cells, sizes, ps, order) {
  const rank = new Map(order.map((e, i) => [e, i]));
  const out = [];
  for (const size of sizes) {
    for (const p of ps) {
      const here = cells.filter((c) => c.size === size && c.p === p);
      if (!here.length) continue;
      const won = here.filter((c) => c.solved > 0)
        .sort((a, b) => b.rate - a.rate || a.median_seconds - b.median_seconds || rank.get(a.entry) - rank.get(b.entry));
      const best = won[0] || null;
      out.push({ size, p, entry: best && best.entry, judged: best && best.judged, solved: best && best.solved,
        rate: best && best.rate, median_seconds: best && best.median_seconds });
    }
  }
  return out;
}

// The cell of (size, p, entry) of an atlas, or undefined: a lookup the maps build once.
export function cellIndex(atlas) {
  const byKey = new Map(atlas.cells.map((c) => [`${c.size}|${c.p}|${c.entry}`, c]));
  return (size, p, entry) => byKey.get(`${size}|${p}|${entry}`);
}

// What an atlas holds at (size, p, entry), a lookup built once, as sudoku_lab.atlas.cell_state:
// {state: "ran", cell}; {state: "not_run", why} where the entry was not run at that size (the
// file's not_run: a solver that cannot take it) and others ran that size × p; {state: "none"}
// otherwise. An atlas without not_run (an older file, a visitor's sweep) has no entry not run.
export function cellState(atlas) {
  const at = cellIndex(atlas);
  const ranHere = new Set(atlas.cells.map((c) => `${c.size}|${c.p}`));
  const gaps = atlas.not_run || {};
  return (size, p, entry) => {
    const cell = at(size, p, entry);
    if (cell) return { state: "ran", cell };
    const gap = Object.hasOwn(gaps, entry) ? gaps[entry] : null;
    if (gap && gap.sizes.includes(size) && ranHere.has(`${size}|${p}`)) return { state: "not_run", why: gap.why };
    return { state: "none" };
  };
}

// The entries not run at some size, in words for a map's note: "alldiff_tabu: not run at 64×64
// (alldiff_tabu runs up to 49×49)", one a line; [] when every entry ran every size.
export function notRunLines(atlas, names = (e) => e) {
  return Object.entries(atlas.not_run || {}).map(([entry, gap]) =>
    `${names(entry)}: not run at ${gap.sizes.map((n) => `${n}×${n}`).join(", ")} (${gap.why})`);
}

// By what margin a cell's fastest entry wins (the fastest map's figure; the page's own rule, not
// in the file): against the runner-up, the next entry by the same order among those with a judged
// run. {kind: "rate", points} where the winner solved a larger share (its lead in percentage points),
// {kind: "time", ratio} where both solved the same share (the runner-up's median over the winner's),
// {kind: "only"} where no other entry ended a run on its own; null where no entry solved a run.
// `runnerUp` is the runner-up's cell (null with "only").
export function winMargin(atlas, size, p) {
  const best = atlas.fastest.find((f) => f.size === size && f.p === p);
  if (!best || best.entry === null) return null;
  const rank = new Map(atlas.entries.map((e, i) => [e, i]));
  const others = atlas.cells.filter((c) => c.size === size && c.p === p && c.entry !== best.entry && c.rate !== null)
    .sort((a, b) => b.rate - a.rate || (a.median_seconds ?? Infinity) - (b.median_seconds ?? Infinity) || rank.get(a.entry) - rank.get(b.entry));
  const runnerUp = others[0] || null;
  if (!runnerUp) return { kind: "only", runnerUp: null };
  if (runnerUp.rate < best.rate) return { kind: "rate", points: 100 * (best.rate - runnerUp.rate), runnerUp };
  return { kind: "time", ratio: runnerUp.median_seconds / best.median_seconds, runnerUp };
}

// A margin as the map's cell says it: "+40 pt", "×3.2" (whole from ×10), "only".
export function marginText(m) {
  if (m.kind === "only") return "only";
  if (m.kind === "rate") return `+${Math.round(m.points)} pt`;
  return `×${m.ratio >= 10 ? Math.round(m.ratio) : m.ratio.toFixed(1)}`;
}

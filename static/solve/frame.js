// What the Solve view shows of a run (solve/view.js), without a DOM: a frame's metrics as text,
// the board it draws, the chart's titles, the "best" metric's label, an extra board's note.
import { stepWord } from "../python/messages.js";
import { stringToCells } from "../rules/parse.js";
import { NO_CODE_YET, hasNoCodeYet } from "../own/code.js";

// The chart's titles for a run of `schema` at `seed` on a puzzle of box size n.
export function chartDescription(schema, seed, n) {
  const step = stepWord(schema);
  const N = n * n;
  return { title: `${schema.id} on a ${N}×${N}, seed ${seed}: its measures per ${step}`, xLabel: `${step}s`,
    yLabel: "", labels: schema.series_labels || {} };
}

// A frame's metrics, [[data-metric, text]] in the page's order; a frame without progress yet (a
// long first step, e.g. a large GP population) shows only the time passing.
export function metricTexts(f) {
  const elapsed = ["elapsed", `${f.elapsed.toFixed(2)} s`];
  const p = f.progress;
  if (!p) return [elapsed];
  return [
    ["iteration", p.iteration.toLocaleString("en")],
    ["evaluations", p.evaluations.toLocaleString("en")],
    ["best", p.best === null ? "–" : Number.isInteger(p.best) ? String(p.best) : p.best.toFixed(3)],
    ...["conflicts", "open_cells", "empty_cells", "clashing_cells", "restarts"].map((k) => [k, String(p[k])]),
    ["workers", String(f.workers || 1)],
    elapsed,
    ["rate", f.elapsed > 0 ? Math.round(p.evaluations / f.elapsed).toLocaleString("en") : "–"],
  ];
}

// What the board draws of a frame's progress `p` in state `s` when it shows neither the verified
// solution nor gp_moves' replay: the extra board `view` chosen (its shade too), or with "" the
// best candidate (its candidates too); drawn ahead while the Solve run is on.
export function chosenBoard(s, p, view) {
  const boards = p.overlay && p.overlay.boards;
  const shown = (view && boards && boards[view]) || p;
  const shade = view && p.overlay.shade && p.overlay.shade[view];
  const candidates = !view && p.overlay && p.overlay.candidates;
  const running = !!(s.running && s.running.kind === "solve");
  return { values: stringToCells(shown.board), givens: s.puzzle.cells, clashing: new Set(shown.clashing_at),
    shade: shade || null, candidates: candidates || null, running };
}

// The note under the board when an extra board (`view`) shows: what it is (the schema's
// `views`), and that the metrics are the best candidate's; "" for the best candidate.
export function viewNote(view, schema) {
  const what = view && schema && schema.views ? schema.views[view] : "";
  return view ? `Shown: ${view}${what ? ` — ${what}` : ""}. The metrics describe the best candidate.` : "";
}

// Between runs, the "best" metric's label for the chosen solver's schema (undefined: none
// chosen); Your solver with an empty editor has no measure yet (its menu entry's is a stand-in).
export function chosenBestLabel(schema, ownText) {
  if (!schema) return { text: "best", title: "no solver chosen" };      // not the last solver's measure
  if (hasNoCodeYet(schema, ownText)) return { text: "best: no solver text yet", title: NO_CODE_YET };
  return bestLabel(schema.objective);
}

// The "best" metric's label: the measure it shows (unless it is named "best" too, as a visitor's
// solver's is by default), and (its title) which way is better and, when known, what a solution scores.
export function bestLabel(objective, bestPossible = null) {
  const arrow = objective.direction === "min" ? "lower is better" : "higher is better";
  return { text: objective.name === "best" ? "best" : `best: ${objective.name}`, title: bestPossible === null ? arrow : `${arrow}; a solution scores ${bestPossible}` };
}

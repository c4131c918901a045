// An experiment's entries in words: in the charts' legends whole (with their runs' seeds), in the
// statistics' sentences without seeds. Pure: node tests it (tests/js/statistics.test.mjs,
// tests/js/experiment-shows.test.mjs).
import { describe } from "../rules/entries.js";
import { refToken } from "../rules/solver-ref.js";

// An entry's solver and the parameters it changes from the paper's defaults (rules/entries.js
// describe, its seed left out); without its schema, its token (a built-in's id, own@<hex>).
function solverAndChanges(e, schema) {
  const [solver, , ...changed] = schema ? describe(e, schema).split(" · ") : [refToken(e)];
  return [solver, changed];
}

// The entries' labels in the statistics' sentences: their number, solver and changed parameters.
// (schemaOf(entry): its schema, a visitor's text's own: own/texts.js entrySchema)
export const entryLabels = (entries, schemaOf) => entries.map((e, i) => {
  const [solver, changed] = solverAndChanges(e, schemaOf(e));
  return [`${i + 1}. ${solver}`, ...changed].join(" · ");
});

// The entries in a legend, whole: their number, solver, their runs' seeds (seed, seed + 1, …:
// "seeds 1–5"; a "seed 1…" read as a name cut short) and the parameters they change.
export const legendNames = (entries, schemaOf, runs) => entries.map((e, i) => {
  const [solver, changed] = solverAndChanges(e, schemaOf(e));
  const n = Number(runs) || 1;
  const seeds = n > 1 ? `seeds ${e.seed}–${e.seed + n - 1}` : `seed ${e.seed}`;
  return [`${i + 1}. ${solver}`, seeds, ...changed].join(" · ");
});

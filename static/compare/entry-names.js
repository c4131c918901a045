// An experiment's entries in words: in the statistics' sentences without seeds. Pure: node tests
// it (tests/js/statistics.test.mjs).
import { describe } from "../rules/entries.js";

// The entries' labels in the sentences: their number, solver and changed parameters (no seeds).
export function entryLabels(entries, schemas) {
  return entries.map((e, i) => {
    const schema = schemas.get(e.solver);
    const [solver, , ...changed] = schema ? describe(e, schema).split(" · ") : [e.solver];
    return [`${i + 1}. ${solver}`, ...changed].join(" · ");
  });
}

// Tuning by racing in the page (docs/page.md, "Tune"): what the Tune panel sends and its live and
// done lines. Pure: node tests import it without a DOM (tests/js/tune-words.test.mjs). Every
// rule of the tune itself (the space, the budget's least, the generator's spec) is the package's,
// and so are the sentences of its eliminations, elites and end (sudoku_lab/tuning/words.py).

// The solvers a tune can take: the built-ins with parameters.
export const tunable = (schemas) => [...schemas.values()].filter((s) => !s.own && s.params.length);

// A parameter's whole range as the tune reads it: lo:hi, or the values a,b,c.
export function fullRange(p) {
  if (p.type === "int" || p.type === "float") return `${p.min}:${p.max}`;
  if (p.type === "bool") return "false,true";
  return p.choices.join(",");
}

const COUNTS = [["generate", null], ["instances", 1], ["max_evaluations", 1], ["budget", 1], ["seed", 0],
  ["held_out_instances", 0], ["held_out_runs", 1]];

// The `tune` request from the panel's fields (texts), or {field, message} for the first bad one.
// Only a parameter whose text differs from its whole range is sent (the rest are tuned over it).
export function tuneRequest(fields, schema) {
  const request = { solver: schema.id, params: {} };
  for (const [name, least] of COUNTS) {
    const text = String(fields[name] ?? "").trim();
    if (least === null) { request[name] = text; continue; }
    if (!/^\d+$/.test(text) || Number(text) < least) {
      return { field: name, message: `${name.replace(/_/g, " ")}: must be a whole number of at least ${least}; got "${text}"` };
    }
    request[name] = Number(text);
  }
  for (const p of schema.params) {
    const text = String(fields.params[p.name] ?? "").trim();
    if (!text) return { field: p.name, message: `${p.name}: give a range (lo:hi), values (a,b,c) or one value` };
    if (text !== fullRange(p)) request.params[p.name] = text;
  }
  return { request };
}

// The live view's line: where the race stands.
export const liveLine = (p) => `Iteration ${p.iteration} · configurations alive: ${p.alive.join(", ") || "none"} · ` +
  `instances raced (puzzle and seed): ${p.instances} · runs ${p.runs} of ${p.budget}`;

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The line of a finished tune: its runs and races, and when it left runs unused, why, in the
// package's sentence (`budget.ended`: irace's stop when an iteration's share holds no new configuration).
export function doneLine(r) {
  const races = r.trace.filter((e) => e.event === "race").length;
  const line = `Done: ${r.budget.used} of ${plural(r.budget.runs, "run")} used, in ${plural(races, "race")}.`;
  return r.budget.ended ? `${line} ${r.budget.ended}` : line;
}

// The held-out test's sentences (the package's), or none when none was asked.
export function heldOutLines(heldOut) {
  if (!heldOut) return [];
  if (heldOut.same) return [heldOut.sentence];
  return heldOut.comparison.pairs.map((p) => p.sentence);
}

// The JSON a tune's export holds: its request and the package's result (the elites, the trace's
// events, its runs, the link, the held-out test).
export const tuneDocument = (request, result) => ({ tune: request, result });
export const tuneExport = (request, result) => JSON.stringify(tuneDocument(request, result), null, 1);

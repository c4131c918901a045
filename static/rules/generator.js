// The generator's settings — the page's copy of py/sudoku_lab/generate.py's Spec and
// parse_spec: `<size>:<p>:<seed>[:unique]` (e.g. 16:0.45:7), each part read by its value rule,
// held to the "generator" cases of tests/value_cases.json. The puzzle itself is made by
// Python (the worker's `generate` request): the same settings give the same puzzle natively
// and in the page.
import * as values from "./values.js";

export const UNIQUE_WORD = "unique";

// {size, p, seed, unique, text}; throws ValueProblem naming what is wrong.
export function specOf(size, p, seed, unique = false) {
  const s = { size: values.size(size), p: values.p(p), seed: values.seed(seed), unique: !!unique };
  s.text = `${s.size}:${String(s.p)}:${s.seed}` + (s.unique ? `:${UNIQUE_WORD}` : "");
  return s;
}

export function parseSpec(raw) {
  const parts = typeof raw === "string" && raw.length <= 4 * values.QUOTE_MAX ? raw.split(":") : [];
  if (![3, 4].includes(parts.length) || (parts.length === 4 && parts[3] !== UNIQUE_WORD)) {
    throw new values.ValueProblem(`generator settings must be <size>:<p>:<seed>[:${UNIQUE_WORD}], ` +
      `e.g. 16:0.45:7; got ${values.quote(raw)}`);
  }
  return specOf(parts[0], parts[1], parts[2], parts.length === 4);
}

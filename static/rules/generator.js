// The generator's settings — the page's copy of py/sudoku_lab/generate.py's Spec and
// parse_spec: `<size>:<p>:<seed>[:unique]` (e.g. 16:0.45:7), each part read by its value rule,
// held to the "generator" cases of tests/value_cases.json. The puzzle itself is made by
// Python (the worker's `generate` request): the same settings give the same puzzle natively
// and in the page.
import * as values from "./values.js";
import { labelOf } from "./table.js";
import { UNIQUE_MAX_SIZE, sentence } from "./limits.js";

export const UNIQUE_WORD = "unique";

// {size, p, seed, unique, text}; throws ValueProblem naming what is wrong.
export function specOf(size, p, seed, unique = false) {
  const s = { size: values.size(size), p: values.p(p), seed: values.seed(seed), unique: !!unique };
  // unique mode's largest size: the limits table's (limits.js)
  if (s.unique && s.size > UNIQUE_MAX_SIZE) {
    throw new values.ValueProblem("unique mode", `${sentence("unique_sizes")}; got size ${s.size}`);
  }
  s.text = `${s.size}:${String(s.p)}:${s.seed}` + (s.unique ? `:${UNIQUE_WORD}` : "");
  return s;
}

export function parseSpec(raw) {
  const parts = typeof raw === "string" && raw.length <= 4 * values.QUOTE_MAX ? raw.split(":") : [];
  if (![3, 4].includes(parts.length) || (parts.length === 4 && parts[3] !== UNIQUE_WORD)) {
    throw new values.ValueProblem("generator settings", `must be <size>:<p>:<seed>[:${UNIQUE_WORD}], ` +
      `e.g. 16:0.45:7; got ${values.quote(raw)}`);
  }
  return specOf(parts[0], parts[1], parts[2], parts.length === 4);
}

// A link's generator settings (g=) as the Generate form's fields, so each bad part is named and
// marked on its own field and nothing the link said is lost: {form: {size, p, seed, unique} as
// written, problems: Map gsize | gp | gseed -> message, shaped}. A text not of the spec's shape
// (shaped false; g= itself stays a problem) puts its parts in the fields in order, the seed
// taking any rest, each part given judged; null only for a text too long to quote.
export function specFields(raw) {
  if (typeof raw !== "string" || raw.length > 4 * values.QUOTE_MAX) return null;
  const parts = raw.split(":");
  const shaped = [3, 4].includes(parts.length) && (parts.length === 3 || parts[3] === UNIQUE_WORD);
  const form = shaped ? { size: parts[0], p: parts[1], seed: parts[2], unique: parts.length === 4 }
    : { size: parts[0], p: parts[1] ?? "", seed: parts.slice(2).join(":"), unique: false };
  const problems = new Map();
  const judged = [["gsize", values.size, form.size], ["gp", values.p, form.p], ["gseed", values.seed, form.seed]];
  for (const [key, rule, text] of judged.slice(0, parts.length)) {
    try { rule(text, labelOf(key)); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(key, err.message);
    }
  }
  return { form, problems, shaped };
}

// ---------------------------------------------------------------------------- a sweep over p
// An experiment over generated puzzles (the phase-transition experiment): a size or several, p
// from p0 to p1 by step, and instances per p — instance i at a size and p is the generator's
// puzzle of seed i, named by its settings, as `python -m sudoku_lab bench --generate
// SIZE:P0:P1:STEP [--generate …] --instances K` makes them (bench.parse_generate / generated_puzzles). p is counted in whole thousandths, so
// no float drift moves a step.
export const MAX_SWEEP_PUZZLES = 2000;
const THOUSANDTHS = /^(?:[0-9]+(?:\.[0-9]{0,3})?|\.[0-9]{1,3})$/;

function thousandths(raw, what) {
  const text = String(raw);
  if (!THOUSANDTHS.test(text)) {
    throw new values.ValueProblem(what, `must be a plain decimal with at most three decimals; got ${values.quote(raw)}`);
  }
  const [whole, frac = ""] = text.split(".");
  const k = Number(whole || "0") * 1000 + Number((frac + "000").slice(0, 3));
  if (k > 1000) throw new values.ValueProblem(what, `must be between 0 and 1; got ${values.quote(raw)}`);
  return k;
}

// The sweep's sizes: one size, or several separated by commas ("9,16,25"), each by the size rule,
// ascending, none twice.
function sweepSizes(raw) {
  const parts = String(raw).split(",");
  const sizes = parts.map((part) => values.size(part));
  if (sizes.some((n, i) => i && n <= sizes[i - 1])) {
    throw new values.ValueProblem("the sizes", `must be ascending, each once; got ${values.quote(raw)}`);
  }
  return sizes;
}

// {size (the first), sizes, ps: [p as the spec writes it], instances, specs: [spec text]} or throws
// ValueProblem naming the field ({key}: "gs" for the sizes and the p range, "gi" for the
// instances). The specs go size by size, p by p, instance by instance (a puzzle's index modulo
// the instances is its instance).
export function readSweep({ size, p0, p1, step, instances }) {
  const problem = (key, err) => Object.assign(err, { key });
  let sizes, a, b, s, k;
  try {
    sizes = sweepSizes(size);
    a = thousandths(p0, "p from");
    b = thousandths(p1, "p to");
    s = thousandths(step, "the step");
    if (a > b) throw new values.ValueProblem("p from", "must not be above p to");
    if (s === 0) throw new values.ValueProblem("the step", "must be above 0 (at least 0.001)");
  } catch (err) { throw err instanceof values.ValueProblem ? problem("gs", err) : err; }
  try {
    k = values.param({ name: "instances", type: "int", min: 1, max: MAX_SWEEP_PUZZLES }, instances, labelOf("gi"));
  } catch (err) { throw err instanceof values.ValueProblem ? problem("gi", err) : err; }
  const ps = [];
  for (let t = a; t <= b; t += s) ps.push(String(t / 1000));
  if (sizes.length * ps.length * k > MAX_SWEEP_PUZZLES) {
    const what = `${sizes.length > 1 ? `${sizes.length} sizes × ` : ""}${ps.length} p values × ${k} instances`;
    throw problem("gi", new values.ValueProblem(what, `is more than ${MAX_SWEEP_PUZZLES} puzzles`));
  }
  const specs = sizes.flatMap((n) => ps.flatMap((p) => Array.from({ length: k }, (_, i) => specOf(n, p, i).text)));
  return { size: sizes[0], sizes, ps, instances: k, specs };
}

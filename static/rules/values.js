// One rule per setting a user can type — the page's copy of py/sudoku_lab/values.py. Both
// are held to tests/value_cases.json: same values, same messages (docs/design.md, "Values").
// Each reader returns the value or throws ValueProblem. A reader takes the label its message
// names the setting by (the settings table's, e.g. "runs", "generator seed"), so a caller never
// rewrites a message; the problem also carries its parts: `label` and `reason`.

import { QUOTE_MAX, SECONDS_MAX, SEED_MAX, SIZES, WHOLE_RANGES, sentence } from "./limits.js";

export { QUOTE_MAX, SECONDS_MAX, SEED_MAX, SIZES };      // the bounds live in the limits table

const WHOLE = /^-?[0-9]+$/;
const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const UNSIGNED_DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

// "<label> <reason>", e.g. label "seed", reason "must be a whole number …; got 'x'".
export class ValueProblem extends Error {
  constructor(label, reason) {
    super(`${label} ${reason}`);
    this.label = label;
    this.reason = reason;
  }
}

// What the user typed, in quotes, cut to QUOTE_MAX characters; nothing typed is "nothing" (a
// message never shows '').
export function quote(raw) {
  const text = String(raw);
  if (text === "") return "nothing";
  if (text.length > QUOTE_MAX) return `'${text.slice(0, QUOTE_MAX)}…' (${text.length.toLocaleString("en")} characters)`;
  return `'${text}'`;
}

function number(raw, pattern) {
  if (typeof raw === "boolean") return null;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw === "string" && raw.length <= QUOTE_MAX && pattern.test(raw)) return Number(raw);
  return null;
}

// A whole number in its kind's range (the limits table's WHOLE_RANGES), said in the table's words.
function whole(raw, label, kind) {
  const [low, high] = WHOLE_RANGES[kind];
  const v = number(raw, WHOLE);
  if (v === null || !Number.isInteger(v) || v < low || v > high) throw new ValueProblem(label, `${sentence(kind)}; got ${quote(raw)}`);
  return v;
}

export const seed = (raw, label = "seed") => whole(raw, label, "seed");

export function max_seconds(raw, label = "time limit") {
  const v = number(raw, DECIMAL);
  if (v === null || !(v > 0 && v <= SECONDS_MAX)) {
    throw new ValueProblem(label, `${sentence("seconds")}; got ${quote(raw)}`);
  }
  return v;
}

// The time limit where it may be left empty (the page's field, a link's t=): empty beside a step or
// evaluation budget (`budgeted`) is none (null), a run with no time limit, so where it ends does
// not depend on the load; empty without one is a problem saying both ways (values.py max_seconds_or_none).
export function max_seconds_or_none(raw, budgeted, label = "time limit") {
  if (raw === null || raw === undefined || raw === "") {
    if (budgeted) return null;
    throw new ValueProblem(label, sentence("seconds_empty"));
  }
  return max_seconds(raw, label);
}

// A step or evaluation budget: a count that does not depend on the load (docs/design.md, "Values").
export const budget = (raw, label = "step budget") => whole(raw, label, "budget");

// The step a run was ended at by Stop or its time limit (a link's stop=).
export const stop_point = (raw, label = "stop point") => whole(raw, label, "stop_point");

// The side of a generated grid.
export function size(raw, label = "size") {
  const v = number(raw, WHOLE);
  if (v === null || !SIZES.includes(v)) throw new ValueProblem(label, `must be ${sentence("sides")}; got ${quote(raw)}`);
  return v;
}

// The share of a generated grid's cells that are given.
export function p(raw, label = "p") {
  const v = number(raw, UNSIGNED_DECIMAL);
  if (v === null || !(v >= 0 && v <= 1)) throw new ValueProblem(label, `must be a number from 0 to 1; got ${quote(raw)}`);
  return v;
}

// A solver parameter's value by its spec {name, type, min, max, choices}; the message calls it
// "parameter '<name>'" unless given another label (a count the page reads by this rule: "runs").
export function param(spec, raw, label = `parameter '${spec.name}'`) {
  const { type } = spec;
  if (type === "bool") {
    if (typeof raw === "boolean") return raw;
    const text = typeof raw === "string" ? raw.toLowerCase() : null;
    if (text === "true" || text === "1" || raw === 1) return true;
    if (text === "false" || text === "0" || raw === 0) return false;
    throw new ValueProblem(label, `must be true or false; got ${quote(raw)}`);
  }
  if (type === "choice") {
    if (!spec.choices.includes(raw)) {
      throw new ValueProblem(label, `must be one of ${spec.choices.join(", ")}; got ${quote(raw)}`);
    }
    return raw;
  }
  const v = number(raw, type === "int" ? WHOLE : DECIMAL);
  if (v === null || (type === "int" && !Number.isInteger(v))) {
    throw new ValueProblem(label, `must be ${type === "int" ? "a whole number" : "a number"}; got ${quote(raw)}`);
  }
  if ((spec.min !== null && spec.min !== undefined && v < spec.min) ||
      (spec.max !== null && spec.max !== undefined && v > spec.max)) {
    throw new ValueProblem(label, `must be between ${spec.min} and ${spec.max}; got ${v}`);
  }
  return v;
}

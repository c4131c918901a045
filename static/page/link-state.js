// *Pure*: what an opened share link makes of the page's state (page/open-link.js sets it): the
// settings and the view its first part names, the Generate form of its g=, a comparison's
// settings, a single run's solver and parameters, and each bad setting's text put back in its
// field (`whatTheLinkSaid`).
import { specFields } from "../rules/generator.js";
import { checkLinkParams } from "../rules/links.js";
import { isParam, patchOf, valueIn } from "../rules/table.js";
import { OWN } from "../own/code.js";

const NEEDS_SCHEMAS = new Set(["e", "c"]);      // entries are read against the solvers' schemas

// Problems but those of the keys read against the solvers' schemas (those are read, and said, with them).
export const withoutSchemaKeys = (problems) => new Map([...problems].filter(([k]) => !NEEDS_SCHEMAS.has(k)));

// The Generate form's fields for a generator spec (rules/generator.js parseSpec).
export const generatorForm = (spec) => ({ size: String(spec.size), p: String(spec.p), seed: String(spec.seed), unique: spec.unique });

// The settings after a link's first part (first: what it says that needs no schemas); compare:
// a comparison's link, whose seed goes with its entries and which has no workers or exchange.
export function linkSettings(settings, first, compare) {
  const out = { ...settings };
  if (first.max_seconds !== null) out.max_seconds = String(first.max_seconds);
  // a budget with no t= has no time limit, as `solve --link` replays it
  else if (first.max_iterations !== null || first.max_evaluations !== null) out.max_seconds = "";
  // a link without a budget has none: it names its run, not that run under the page's last budget
  out.max_iterations = first.max_iterations === null ? "" : String(first.max_iterations);
  out.max_evaluations = first.max_evaluations === null ? "" : String(first.max_evaluations);
  if (!compare && first.seed !== null) out.seed = String(first.seed);
  if (!compare) {
    out.workers = first.workers === null ? "1" : String(first.workers);   // no w=: one worker
    out.exchange = first.exchange === null ? "" : String(first.exchange);   // none: the solver's default
  }
  return out;
}

// The view a link opens: a single run's is Solve; a comparison's is the one it names, or Race
// when Solve is on screen, or the comparison view on screen.
export const linkView = (first, compare, view) => (compare ? first.view || (view === "solve" && "race") || view : "solve");

// A comparison's settings after its link (link: rules/links.js decodeCompareLink's).
export function linkCompare(compare, link) {
  const c = { ...compare, entries: link.entries };
  if (link.runs !== null) c.runs = String(link.runs);
  if (link.puzzles !== null) c.puzzles = link.puzzles;
  if (link.list !== null) c.list = link.list;
  if (link.sweep !== null) c.sweep = link.sweep;
  c.preset = link.preset;
  return c;
}

// A single run's solver and parameters ({solver, params}; solver null when it cannot be used): a
// visitor's solver's parameters are read by its own PARAMS once its code is loaded (on the
// visitor's word); a built-in's against its schema (checkLinkParams adds each bad one to link.problems).
export const linkSolver = (link, schemas) => (link.solver === OWN ? { solver: OWN, params: Object.fromEntries(link.params) }
  : checkLinkParams(link, schemas));

// A marked field shows what the link said, never a default: each bad setting's text goes into
// its field (the number fields are text fields, so they hold it; a solver menu shows no choice),
// so any valid value the visitor gives it is a change that clears the mark. Bad generator
// settings are marked part by part on the Generate form's fields, which hold them. Returns {patch: the state's change, problems}.
export function whatTheLinkSaid(state, problems, { hash, compare }) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const out = new Map(problems);
  const patch = {};
  let now = state;
  const put = (change) => { Object.assign(patch, change); now = { ...now, ...change }; };
  for (const key of problems.keys()) {
    if (!q.has(key) || (compare && key === "seed")) continue;   // a comparison's seed goes with c=
    if (key === "g") {
      const parts = specFields(q.get("g"));
      if (!parts || (parts.shaped && !parts.problems.size)) continue;    // too long to quote, or p and g both
      put({ generator: parts.form });
      if (parts.shaped) out.delete("g");                                 // else the shape stays g's problem
      for (const [k, m] of parts.problems) out.set(k, m);
    } else if (isParam(now, key)) {
      put({ settings: { ...now.settings, params: { ...now.settings.params, [key]: q.get(key) } } });
    } else {
      const value = valueIn(now, key);           // text fields only (not entries, not a sweep)
      if (typeof value === "string" || value === null) put(patchOf(now, key, q.get(key)));
    }
  }
  return { patch, problems: out };
}

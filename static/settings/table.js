// Every setting of the page, declared once (docs/design.md, "Settings"): its key (the link's
// key, or the problem's key for a field no link names), the label messages use, its scope
// (what it judges: "solve", "compare" — a race or an experiment — or "both"), the field that
// shows it (a data-testid), where it lives in the state, the value rule that reads it and its
// initial value. Python's copy is py/sudoku_lab/settings.py; both are held to
// tests/settings_cases.json. The lists other modules used to keep by hand are derived here.

// links: which links carry the key ("solve": single-run links, "compare": race and experiment
// links, "both", or null: a field's own key, never in a link).
export const SETTINGS = [
  { key: "p", label: "puzzle", scope: "both", field: "puzzle-input", state: ["paste"], rule: "puzzle", initial: "", links: "both" },
  { key: "g", label: "generator settings", scope: "both", field: "generate-p", state: null, rule: "generator", initial: null, links: "both" },
  { key: "gsize", label: "size", scope: "both", field: "generate-size", state: ["generator", "size"], rule: "size", initial: "9", links: null },
  { key: "gp", label: "p", scope: "both", field: "generate-p", state: ["generator", "p"], rule: "p", initial: "0.45", links: null },
  { key: "gseed", label: "generator seed", scope: "both", field: "generate-seed", state: ["generator", "seed"], rule: "seed", initial: "1", links: null },
  { key: "gunique", label: "unique", scope: "both", field: "generate-unique", state: ["generator", "unique"], rule: "bool", initial: false, links: null },
  { key: "s", label: "solver", scope: "solve", field: "solver-select", state: ["settings", "solver"], rule: "solver", initial: null, links: "solve" },
  { key: "seed", label: "seed", scope: "solve", field: "seed-input", state: ["settings", "seed"], rule: "seed", initial: "1", links: "both" },
  { key: "t", label: "time limit", scope: "both", field: "max-seconds", state: ["settings", "max_seconds"], rule: "max_seconds", initial: "60", links: "both" },
  { key: "i", label: "step budget", scope: "both", field: "max-steps", state: ["settings", "max_iterations"], rule: "budget", initial: "", links: "both" },
  { key: "ev", label: "evaluation budget", scope: "both", field: "max-evaluations", state: ["settings", "max_evaluations"], rule: "budget", initial: "", links: "both" },
  { key: "w", label: "workers of the run", scope: "solve", field: "solve-workers", state: ["settings", "workers"], rule: "workers", initial: "1", links: "solve" },
  { key: "x", label: "exchange", scope: "solve", field: "solve-exchange", state: ["settings", "exchange"], rule: "exchange", initial: "50000", links: "solve" },
  { key: "stop", label: "stop point", scope: "solve", field: null, state: null, rule: "stop_point", initial: null, links: "solve" },
  { key: "m", label: "view", scope: "compare", field: null, state: null, rule: "mode", initial: null, links: "compare" },
  { key: "e", label: "entries", scope: "compare", field: "compare-entries", state: ["compare", "entries"], rule: "entries", initial: [], links: "compare" },
  { key: "c", label: "entries", scope: "compare", field: "compare-entries", state: null, rule: "entries", initial: null, links: "compare" },
  { key: "runs", label: "runs", scope: "compare", field: "compare-runs", state: ["compare", "runs"], rule: "runs", initial: "5", links: "compare" },
  { key: "ps", label: "puzzles", scope: "compare", field: "compare-puzzles", state: ["compare", "puzzles"], rule: "puzzles", initial: "current", links: "compare" },
  { key: "pl", label: "puzzle list", scope: "compare", field: "compare-list", state: ["compare", "list"], rule: "puzzle_list", initial: "", links: "compare" },
  { key: "gs", label: "sweep", scope: "compare", field: "sweep-p0", state: ["compare", "sweep"], rule: "sweep", initial: { size: "16", p0: "0", p1: "1", step: "0.1" }, links: "compare" },
  { key: "gi", label: "instances per p", scope: "compare", field: "sweep-instances", state: ["compare", "sweep", "instances"], rule: "instances", initial: "2", links: "compare" },
  { key: "preset", label: "preset", scope: "compare", field: "preset", state: ["compare", "preset"], rule: "preset", initial: null, links: "compare" },
  { key: "workers", label: "workers", scope: "compare", field: "workers", state: ["compare", "workers"], rule: "workers", initial: "1", links: null },
];

const BY_KEY = new Map(SETTINGS.map((r) => [r.key, r]));
export const setting = (key) => BY_KEY.get(key) || null;

// A race or experiment entry's problem ("entry-2"): the entry in the list, never a Solve setting.
const ENTRY = /^entry-(\d+)$/;
export const entryKey = (i) => `entry-${i + 1}`;
export const isEntryKey = (key) => ENTRY.test(key);

// Is `key` a parameter of the solver chosen in the settings (the one question three modules asked)?
export function isParam(state, key) {
  const schema = state.schemas && state.schemas.get(state.settings.solver);
  return !!schema && schema.params.some((p) => p.name === key);
}

// The scope of a problem's key: a table row's, "compare" for an entry, "solve" for a parameter
// of the chosen solver, null for a key nothing on the page reads (an unknown key of a link).
export function scopeOf(key, state = null) {
  const row = BY_KEY.get(key);
  if (row) return row.scope;
  if (isEntryKey(key)) return "compare";
  if (state && isParam(state, key)) return "solve";
  return null;
}

// Does a problem of `key` count against `view` ("solve", "race" or "experiment")? A key nothing
// reads (an unknown setting of a link) counts against every view until it is dismissed.
export function judges(view, key, state = null) {
  const scope = scopeOf(key, state);
  return scope === null || scope === "both" || scope === (view === "solve" ? "solve" : "compare");
}

// The name a message gives a key: its label; an entry by its number; a parameter by its name.
export function labelOf(key) {
  const row = BY_KEY.get(key);
  if (row) return row.label;
  const m = ENTRY.exec(key);
  return m ? `entry ${m[1]}` : key;
}

// A problem as a message's line: "<label>: <message>", the label not said twice ("seed must be …",
// "entry 1 (acs): …" already start with it).
export const problemLine = (key, message) => (message.startsWith(labelOf(key)) ? message : `${labelOf(key)}: ${message}`);

// A field marks the key's problem (so the visitor mends it there, and it cannot be dismissed).
export const hasField = (key, state) => !!BY_KEY.get(key)?.field || isEntryKey(key) || isParam(state, key);

// The keys single-run links and comparison links read (rules/links.js).
export const LINK_KEYS = new Set(SETTINGS.filter((r) => r.links === "solve" || r.links === "both").map((r) => r.key));
export const COMPARE_LINK_KEYS = new Set(SETTINGS.filter((r) => r.links === "compare" || r.links === "both").map((r) => r.key));
export const keysOf = (scope) => new Set(SETTINGS.filter((r) => r.scope === scope).map((r) => r.key));
// the keys whose field is in a state part ("settings", "generator", "compare")
export const keysIn = (part) => SETTINGS.filter((r) => r.state && r.state[0] === part).map((r) => r.key);

const clone = (v) => (Array.isArray(v) ? [...v] : v && typeof v === "object" ? { ...v } : v);

// The initial value of every state part the table holds: {paste, generator, settings, compare}.
export function initialSettings() {
  const out = { settings: { params: {} } };
  for (const r of SETTINGS) {
    if (!r.state) continue;
    let at = out;
    for (const k of r.state.slice(0, -1)) at = at[k] = at[k] || {};
    const last = r.state[r.state.length - 1];
    at[last] = r.initial && typeof r.initial === "object" && !Array.isArray(r.initial)
      ? { ...(at[last] || {}), ...r.initial } : clone(r.initial);
  }
  return out;
}

// The state patch that puts `value` where the key's row keeps it ({settings: {...}, …}), or null
// when the table keeps it nowhere.
export function patchOf(state, key, value) {
  const r = BY_KEY.get(key);
  if (!r || !r.state) return null;
  const put = (at, path) => (path.length ? { ...at, [path[0]]: put(at ? at[path[0]] : undefined, path.slice(1)) } : value);
  return { [r.state[0]]: put(state[r.state[0]], r.state.slice(1)) };
}

// The value of a row in a state (its path followed).
export function valueIn(state, key) {
  const r = BY_KEY.get(key);
  if (!r || !r.state) return undefined;
  return r.state.reduce((at, k) => (at == null ? at : at[k]), state);
}

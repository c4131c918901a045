// Every setting of the page (docs/design.md, "Settings"), read from its one home,
// py/sudoku_lab/settings.json, which the package reads too; the build copies it to
// static/vendor/settings.json for the page. A row: its key (the link's key, or the problem's
// key for a field no link names), the label messages use, its scope (what it judges: "solve",
// "compare" — a race or an experiment — or "both"), the field that shows it (a data-testid),
// where it lives in the state, its initial value, and the links that carry it ("solve":
// single-run links, "compare": race and experiment links, "both", or null: a field's own key,
// never in a link). The lists other modules used to keep by hand are derived here.
import TABLE from "../vendor/settings.json" with { type: "json" };

// the rows, frozen: every module that imports the table shares this one copy
export const SETTINGS = Object.freeze(TABLE.settings.map((row) => Object.freeze({ ...row })));

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

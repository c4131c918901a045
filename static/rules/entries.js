// Race and experiment entries — a solver with its parameters and seed, and the workers it asks
// for — and their form in a link (docs/links-and-files.md, "Share links"):
// e=<solver>:<seed>[:<param>=<value>…][:workers=<W>[:exchange=<moves>]],… with only the parameters
// that differ from the paper's defaults. An entry asks for one worker unless it carries `workers`
// (above 1, alldiff_ls, acs and alldiff_tabu only: one run on that many workers, rules/workers.js)
// and then `exchange` too.
// Read by the shared value rules.
import * as values from "./values.js";
import { OWN, nameOf, parseRef, refToken } from "./solver-ref.js";
import { MAX_EXCHANGE, MAX_WORKERS, exchangeOf, workersProblem } from "./workers.js";

export const MAX_ENTRIES = 5;

// The visitor's solver: its parameters are known only once its code is loaded (its PARAMS), so an
// entry of it keeps a link's parameter pairs as text (`unread`: [[name, text]…]) until then. Among
// several of its texts, an entry carries `sha`, naming its text (rules/solver-ref.js).
export { OWN };

// the entry's own pair names beside its solver's parameters (no solver has a parameter so named)
export const ENTRY_PAIRS = ["workers", "exchange"];

// the workers an entry's runs take: 1 unless it asks for more
export const workersOf = (entry) => entry.workers || 1;

// its exchange when it is not its solver's default, else null (written and shown only then)
const ownExchange = (entry) => (entry.exchange && entry.exchange !== exchangeOf(entry.solver) ? entry.exchange : null);

// its workers and exchange as pairs (none for one worker)
function workersPairs(entry) {
  if (workersOf(entry) <= 1) return [];
  return [`workers=${entry.workers}`, ...(ownExchange(entry) ? [`exchange=${ownExchange(entry)}`] : [])];
}

// the parameters that differ from the defaults as pairs, then any still unread, as they came
const changedParams = (entry, schema) => [
  ...Object.entries(entry.params).filter(([k, v]) => v !== defaultOf(schema, k)).map(([k, v]) => `${k}=${v}`),
  ...(entry.unread || []).map(([k, v]) => `${k}=${v}`)];

export function describe(entry, schema) {
  const onWorkers = workersOf(entry) > 1
    ? [`${entry.workers} workers`, ...(ownExchange(entry) ? [`exchange every ${ownExchange(entry).toLocaleString("en")}`] : [])]
    : [];
  return [nameOf(entry, schema), `seed ${entry.seed}`, ...changedParams(entry, schema), ...onWorkers].join(" · ");
}

const defaultOf = (schema, name) => schema?.params.find((p) => p.name === name)?.default;

// (schemaOf(entry): the schema whose defaults are left out, a visitor's text's own where the page knows it)
export function encodeEntries(entries, schemas, schemaOf = (e) => schemas.get(e.solver)) {
  return entries.map((e) => [refToken(e), String(e.seed), ...changedParams(e, schemaOf(e)), ...workersPairs(e)].join(":")).join(",");
}

// The entry's workers and exchange from its pairs (`workers=2`, `exchange=3000`), checked as the
// Solver form checks its own: {workers, exchange} to add to the entry, or {} for one worker.
function readWorkers(solver, pairs) {
  const int = (name, max) => values.param({ name, type: "int", min: 1, max }, pairs.get(name), name);
  const workers = pairs.has("workers") ? int("workers", MAX_WORKERS) : 1;
  const refused = workersProblem(solver, workers);
  if (refused) throw new values.ValueProblem(`workers=${workers}:`, refused);
  if (workers <= 1) {
    if (pairs.has("exchange")) throw new values.ValueProblem("exchange=", "goes with workers= above 1");
    return {};
  }
  return { workers, exchange: pairs.has("exchange") ? int("exchange", MAX_EXCHANGE) : exchangeOf(solver) };
}

// One entry's text: the entry, or a ValueProblem.
function decodeEntry(part, schemas) {
  const [token, seedText, ...pairs] = part.split(":");
  const { solver, sha } = parseRef(token);
  const schema = schemas.get(solver);
  if (!schema) {
    throw new values.ValueProblem("unknown solver", `${values.quote(solver)}; choose one of: ${[...schemas.keys()].join(", ")}`);
  }
  // an own@<hex> entry's text and its PARAMS are known only once its code is loaded: read then, all of them
  const entry = { solver, ...(sha ? { sha } : {}), seed: values.seed(seedText ?? ""), params: sha ? {} : defaultsOf(schema) };
  const seen = new Set();
  const workerPairs = new Map();            // workers= and exchange=, read by readWorkers
  const unread = [];
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const text = eq < 0 ? "" : pair.slice(eq + 1);
    if (seen.has(name)) throw new values.ValueProblem(`'${name}'`, "is given twice");
    seen.add(name);
    if (ENTRY_PAIRS.includes(name)) workerPairs.set(name, text);
    else if (solver === OWN) unread.push([name, text]);      // read once its code is loaded: readUnread
    else entry.params[name] = readParam(solver, schema, name, text);
  }
  return { ...entry, ...(unread.length || sha ? { unread } : {}), ...readWorkers(solver, workerPairs) };
}

const defaultsOf = (schema) => Object.fromEntries(schema.params.map((p) => [p.name, p.default]));

// one parameter's text by its solver's spec, or a ValueProblem naming it
function readParam(solver, schema, name, text) {
  const spec = schema.params.find((p) => p.name === name);
  if (!spec) throw new values.ValueProblem(solver, `has no parameter ${values.quote(name)}`);
  return values.param(spec, text);
}

// An entry whose parameters a link left unread (the visitor's solver, before its code loaded),
// read against the schema its code has now: the entry with its params, or a ValueProblem.
export function readUnread(entry, schema) {
  const { unread = [], ...rest } = entry;
  const params = defaultsOf(schema);
  for (const [name, text] of unread) params[name] = readParam(entry.solver, schema, name, text);
  return { ...rest, params };
}

// The entries with their unread parameters read against `schemaOf(entry)` (their solver's, now
// known; null: not yet, the entry stays unread): {entries, problems: [message...]}, a bad one left
// out and named as decodeEntries names it.
export function readUnreadEntries(entries, schemaOf) {
  const kept = [];
  const problems = [];
  entries.forEach((e, i) => {
    if (!e.unread || !schemaOf(e)) { kept.push(e); return; }
    try { kept.push(readUnread(e, schemaOf(e))); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.push(`entry ${i + 1}: ${err.message}`);
    }
  });
  return { entries: kept, problems };
}

// Entries from a link's e= text: {entries, problems: [message...]}; an entry with a problem
// is left out and its problem names it ("entry 2: ...").
export function decodeEntries(text, schemas) {
  const entries = [];
  const problems = [];
  text.split(",").forEach((part, i) => {
    try { entries.push(decodeEntry(part, schemas)); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.push(`entry ${i + 1}: ${err.message}`);
    }
  });
  return { entries, problems };
}

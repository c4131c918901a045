// Share links: the whole run in the URL fragment (docs/links-and-files.md, "Share links"), e.g.
//   #p=<N*N chars, '.' empty>&s=<solver>&seed=<int>&t=<max seconds>[&i=<steps>][&ev=<evaluations>][&stop=<step>]&<param>=<value>...
// The page's copy of py/sudoku_lab/links.py, held to the same cases (tests/value_cases.json).
// A link is read setting by setting: valid ones are kept, each invalid one gets its own
// problem, so a bad seed never costs the puzzle. Nothing from a link is evaluated or put
// into HTML.
import { parsePuzzle, boardToString, PuzzleError } from "./parse.js";
import * as values from "./values.js";
import { MAX_ENTRIES, decodeEntries, encodeEntries } from "./entries.js";
import { ListProblem, readPuzzleList } from "./puzzle-list.js";
import { parseSpec, readSweep } from "./generator.js";
import { LINK_KEYS, COMPARE_LINK_KEYS, labelOf } from "./table.js";
import { MAX_EXCHANGE, MAX_WORKERS, exchangeOf, workersProblem } from "./workers.js";

// The keys a link reads itself (single-run and comparison keys, from the settings table); any
// other key of a single-run link names a parameter.
export const RESERVED = new Set([...LINK_KEYS, ...COMPARE_LINK_KEYS]);

// stop: the stop point (the step a run that Stop or its time limit ended was at), or null;
// workers: the workers of the run (w=, as typed), written only when not 1; exchange (x=): their
// steps each between two barriers (as typed; empty: the solver's default), written only for
// several workers and when not the solver's default.
export { MAX_WORKERS, EXCHANGE, MAX_EXCHANGE, exchangeOf } from "./workers.js";
export function encodeState({ puzzle, generator = null, solver, seed, params, max_seconds, max_iterations = "", max_evaluations = "",
  stop = null, workers = "1", exchange = "" }) {
  const q = new URLSearchParams();
  if (generator) q.set("g", generator); else q.set("p", puzzle);
  if (solver) q.set("s", solver);
  q.set("seed", String(seed));
  if (max_seconds) q.set("t", String(max_seconds));
  setBudgets(q, max_iterations, max_evaluations);
  const several = workers !== null && workers !== undefined && String(workers).trim() && String(workers).trim() !== "1";
  if (several) q.set("w", String(workers).trim());
  if (several && exchange !== null && exchange !== undefined && String(exchange).trim() && String(exchange).trim() !== String(exchangeOf(solver))) {
    q.set("x", String(exchange).trim());
  }
  if (stop !== null) q.set("stop", String(stop));
  for (const [k, v] of Object.entries(params || {})) q.set(k, String(v));
  return fragment(q);
}

// i= and ev=, the step and evaluation budgets, when set (as typed; an empty field is none)
function setBudgets(q, max_iterations, max_evaluations) {
  if (max_iterations !== null && String(max_iterations).trim()) q.set("i", String(max_iterations).trim());
  if (max_evaluations !== null && String(max_evaluations).trim()) q.set("ev", String(max_evaluations).trim());
}

// The budgets of a link (i=, ev=; stop= too when `stop`), each read by its rule or a problem of its key.
const BUDGET_KEYS = [["i", values.budget, "max_iterations"], ["ev", values.budget, "max_evaluations"]];
function readBudgets(raw, problems, link, keys = BUDGET_KEYS) {
  for (const [key, rule, attr] of keys) {
    if (!raw.has(key)) continue;
    try { link[attr] = rule(raw.get(key), labelOf(key)); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(key, err.message);
    }
  }
}

// A link's fragment: ':' needs no escaping there, and keeps g=16:0.45:7 and entries readable.
const fragment = (q) => "#" + q.toString().replace(/%3A/gi, ":");

// The fragment's keys and values, each key once; a key given twice is a problem.
// Returns {raw: Map, problems: Map}.
export function readPairs(hash) {
  const seen = new Map();
  const problems = new Map();
  for (const [k, v] of new URLSearchParams(hash.replace(/^#/, ""))) {
    if (seen.has(k)) problems.set(k, `'${k}' is given twice`);
    seen.set(k, v);
  }
  const raw = new Map([...seen].filter(([k]) => !problems.has(k)));
  return { seen, raw, problems };
}

// The puzzle of a link: p=<cells>, or g=<the generator's settings> (a short link to a large
// grid); both given is a problem. Reading a link never generates: `generator` holds the spec.
function readPuzzle(seen, raw, problems, link) {
  if (!seen.has("p") && !seen.has("g")) problems.set("p", "there is no puzzle (p=… or g=…)");
  else if (seen.has("p") && seen.has("g")) {
    if (!problems.has("g")) problems.set("g", "give the puzzle (p=…) or the generator's settings (g=…), not both");
  } else if (raw.has("g")) {
    try { link.generator = parseSpec(raw.get("g")).text; } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set("g", err.message);
    }
  }
  if (raw.has("p")) {
    try {
      link.puzzle = parsePuzzle(raw.get("p"));
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      problems.set("p", `the puzzle cannot be read: ${err.message}`);
    }
  }
}

// {puzzle: {n, cells} | null, generator: spec text | null, solver, seed, max_seconds, params: Map
// name -> raw text, problems: Map}. The solver and parameters are checked against the registry by
// checkLinkParams, once it is known.
export function decodeState(hash) {
  const { seen, raw, problems } = readPairs(hash);
  const link = { puzzle: null, generator: null, solver: null, seed: null, max_seconds: null, max_iterations: null,
    max_evaluations: null, stop: null, workers: null, exchange: null, params: new Map(), problems };
  readPuzzle(seen, raw, problems, link);
  for (const [key, attr, max] of [["w", "workers", MAX_WORKERS], ["x", "exchange", MAX_EXCHANGE]]) {
    if (!raw.has(key)) continue;
    try {
      link[attr] = values.param({ name: key, type: "int", min: 1, max }, raw.get(key), labelOf(key));
    } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(key, err.message);
    }
  }
  readBudgets(raw, problems, link, [...BUDGET_KEYS, ["stop", values.stop_point, "stop"]]);
  const budgeted = link.max_iterations !== null || link.max_evaluations !== null;   // t= left empty: no time limit
  for (const [key, rule, attr] of [["seed", values.seed, "seed"], ["t", (v) => values.max_seconds_or_none(v, budgeted), "max_seconds"]]) {
    if (!raw.has(key)) continue;
    try {
      link[attr] = rule(raw.get(key));
    } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(key, err.message);
    }
  }
  if (raw.has("s")) link.solver = raw.get("s");
  for (const [k, v] of raw) if (!RESERVED.has(k)) link.params.set(k, v);
  return link;
}

// Checks the link's solver and parameters against the registry (a Map id -> schema):
// returns {solver, params: {name: value}} and adds a problem per bad one to link.problems.
export function checkLinkParams(link, schemas) {
  const ids = [...schemas.keys()];
  if (link.solver !== null && !schemas.has(link.solver)) {
    link.problems.set("s", `unknown solver ${values.quote(link.solver)}; choose one of: ${ids.join(", ")}`);
  }
  if (link.problems.has("s")) return { solver: null, params: {} };   // parameters mean nothing without it
  const schema = schemas.get(link.solver ?? ids[0]);
  const team = workersProblem(schema.id, link.workers || 1);
  if (team) link.problems.set("w", team);
  const specs = new Map(schema.params.map((p) => [p.name, p]));
  const params = {};
  for (const [k, v] of link.params) {
    if (!specs.has(k)) { link.problems.set(k, `${schema.id} has no parameter ${values.quote(k)}`); continue; }
    try {
      params[k] = values.param(specs.get(k), v);
    } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      link.problems.set(k, err.message);
    }
  }
  return { solver: schema.id, params };
}

// The same outcome as py/sudoku_lab/links.py's Link (problems as [key, message] pairs), for the shared cases.
export function linkOutcome(hash, schemas) {
  const link = decodeState(hash);
  const { solver, params } = checkLinkParams(link, schemas);
  const problems = [...link.problems];       // pairs: '__proto__' is a key like any other
  return {
    puzzle: link.puzzle ? boardToString(link.puzzle.cells) : null, generator: link.generator,
    solver: link.solver === null ? null : solver,
    seed: link.seed, max_seconds: link.max_seconds, max_iterations: link.max_iterations, max_evaluations: link.max_evaluations,
    stop: link.stop, workers: link.workers, exchange: link.exchange, params, problems,
  };
}

// ---------------------------------------------------------------------------- race and experiment links
// #p=<cells>&t=<seconds>&m=race|experiment&e=<entry>,…[&runs=R&ps=<set>[&pl=<cells>,…]][&preset=<id>]
// (docs/links-and-files.md, "Share links"). Read setting by setting like a single-run link: each good
// setting is kept, each bad one is a problem of its own key — the page marks it on its field
// and starts nothing until it is mended. `c=<solver>,…` with `seed=` is the short form of entries.
// The fragment ("#…") of one of the lab's own share links pasted as text — one that carries
// more than a puzzle (a solver, a seed, a time limit, a comparison, the generator's settings)
// — else null. Such a paste opens as the link would, settings and all; any other link is read
// for its puzzle only (rules/parse.js).
export function labLinkFragment(text) {
  const s = String(text).trim();
  const at = s.indexOf("#");
  if (at < 0 || /\s/.test(s)) return null;
  const keys = new Set(new URLSearchParams(s.slice(at + 1)).keys());
  const labKeys = [...keys].filter((k) => RESERVED.has(k) || COMPARE_KEYS.has(k));
  const holdsPuzzle = keys.has("p") || keys.has("g");
  return holdsPuzzle && labKeys.some((k) => k !== "p") ? s.slice(at) : null;
}

// the views a comparison link opens (m=)
export const COMPARE_VIEWS = ["race", "experiment"];
export const COMPARE_KEYS = COMPARE_LINK_KEYS;
export const MAX_RUNS = 1000;

const readRuns = (text) => values.param({ name: "runs", type: "int", min: 1, max: MAX_RUNS }, text, labelOf("runs"));

// {view, puzzle, generator, max_seconds, entries, runs, puzzles, list, preset, problems: Map key -> message}.
// `puzzleSets`: the ids a `ps` may name besides current and list; `presets`: the preset ids.
export function decodeCompareLink(hash, schemas, { puzzleSets = [], presets = [] } = {}) {
  const { seen, raw, problems } = readPairs(hash);
  const out = { view: null, puzzle: null, generator: null, max_seconds: null, max_iterations: null, max_evaluations: null, entries: [],
    runs: null, puzzles: null, list: null, sweep: null, preset: null, problems };
  const view = raw.get("m");
  if (raw.has("m")) {
    if (COMPARE_VIEWS.includes(view)) out.view = view;
    else problems.set("m", `unknown view ${values.quote(view)}; use race or experiment`);
  }
  readPuzzle(seen, raw, problems, out);
  readBudgets(raw, problems, out);
  if (raw.has("t")) {                   // t= left empty beside a budget: no time limit
    try { out.max_seconds = values.max_seconds_or_none(raw.get("t"), out.max_iterations !== null || out.max_evaluations !== null); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set("t", err.message);
    }
  }
  let entryText = null;
  if (raw.has("e")) entryText = raw.get("e");
  else if (raw.has("c")) {              // c=<solver>,… with their defaults and the link's seed
    const seed = raw.get("seed") ?? "0";
    entryText = raw.get("c").split(",").map((s) => `${s}:${seed}`).join(",");
  }
  if (entryText !== null) {
    const { entries, problems: bad } = decodeEntries(entryText, schemas);
    out.entries = entries.slice(0, MAX_ENTRIES);
    if (entries.length > MAX_ENTRIES) bad.push(`at most ${MAX_ENTRIES} entries; the first ${MAX_ENTRIES} are kept`);
    if (bad.length) problems.set(raw.has("e") ? "e" : "c", bad.join("; "));
  }
  if (raw.has("runs")) {
    try { out.runs = readRuns(raw.get("runs")); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set("runs", err.message);
    }
  }
  if (raw.has("ps")) {
    const ps = raw.get("ps");
    if (ps === "current" || ps === "list" || ps === "gen" || puzzleSets.includes(ps)) out.puzzles = ps;
    else problems.set("ps", `unknown puzzle set ${values.quote(ps)}; choose current, list, gen or one of: ${puzzleSets.join(", ")}`);
  }
  if (raw.has("pl")) {
    out.list = raw.get("pl").split(",").join("\n");
    try { readPuzzleList(out.list, { list: "the link's list (pl=)" }); } catch (err) {
      if (!(err instanceof ListProblem)) throw err;
      problems.set("pl", err.message);
    }
  } else if (out.puzzles === "list") {
    problems.set("pl", "ps=list needs the list itself (pl=<cells>,<cells>,…)");
  }
  if (raw.has("gs")) {                    // gs=SIZE:P0:P1:STEP, gi=instances per p (the bench's --generate)
    const [size = "", p0 = "", p1 = "", step = ""] = raw.get("gs").split(":");
    out.sweep = { size, p0, p1, step, instances: raw.get("gi") ?? "1" };
    try { readSweep(out.sweep); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(err.key, raw.get("gs").split(":").length === 4 ? err.message
        : `gs= takes SIZE[,SIZE…]:P0:P1:STEP, e.g. 16:0:1:0.05; got ${values.quote(raw.get("gs"))}`);
    }
  } else if (out.puzzles === "gen") {
    problems.set("gs", "ps=gen needs the sweep (gs=SIZE[,SIZE…]:P0:P1:STEP, e.g. 16:0:1:0.05)");
  }
  if (raw.has("preset")) {
    const id = raw.get("preset");
    if (presets.includes(id)) out.preset = id;
    else problems.set("preset", `unknown preset ${values.quote(id)}; choose one of: ${presets.join(", ")}`);
  }
  for (const key of seen.keys()) {
    if (!COMPARE_KEYS.has(key)) problems.set(key, `unknown setting ${values.quote(key)} in ${view === "experiment" ? "an" : "a"} ${view || "comparison"} link`);
  }
  if (raw.has("seed") && !raw.has("c")) problems.set("seed", "seed= goes with c= (entries carry their own seeds)");
  return out;
}

// A race or experiment as a link fragment (only what differs from the defaults is written).
export function encodeCompareLink({ puzzle, generator = null, max_seconds, max_iterations = "", max_evaluations = "", view, entries, runs,
  puzzles, list, sweep, preset }, schemas, schemaOf = undefined) {
  const q = new URLSearchParams([generator ? ["g", generator] : ["p", puzzle]]);
  if (max_seconds) q.set("t", max_seconds);             // none (left empty beside a budget): no t=
  setBudgets(q, max_iterations, max_evaluations);
  q.set("m", view);
  q.set("e", encodeEntries(entries, schemas, schemaOf));
  if (view === "experiment") {
    q.set("runs", runs);
    q.set("ps", puzzles);
    if (puzzles === "list") {
      // `list`: the pasted text, or puzzles already read (an experiment's files: not parsed again)
      try { q.set("pl", (Array.isArray(list) ? list : readPuzzleList(list).map((p) => p.puzzle)).join(",")); } catch { /* unreadable: marked on its field */ }
    }
    if (puzzles === "gen" && sweep) {
      q.set("gs", [sweep.size, sweep.p0, sweep.p1, sweep.step].join(":"));
      q.set("gi", sweep.instances);
    }
    if (preset) q.set("preset", preset);
  }
  return fragment(q);
}

// Share links: the whole run in the URL fragment (docs/design.md, "Share links"), e.g.
//   #p=<N*N chars, '.' empty>&s=<solver>&seed=<int>&t=<max seconds>&<param>=<value>...
// The page's copy of py/sudoku_lab/links.py, held to the same cases (tests/value_cases.json).
// A link is read setting by setting: valid ones are kept, each invalid one gets its own
// problem, so a bad seed never costs the puzzle. Nothing from a link is evaluated or put
// into HTML.
import { parsePuzzle, boardToString, PuzzleError } from "./parse.js";
import * as values from "./values.js";

// The single-run keys, and the keys of race and experiment links (read by compare/compare.js).
export const RESERVED = new Set(["p", "s", "seed", "t", "m", "e", "c", "runs", "ps", "pl", "preset"]);

export function encodeState({ puzzle, solver, seed, params, maxSeconds }) {
  const q = new URLSearchParams();
  q.set("p", puzzle);
  if (solver) q.set("s", solver);
  q.set("seed", String(seed));
  if (maxSeconds) q.set("t", String(maxSeconds));
  for (const [k, v] of Object.entries(params || {})) q.set(k, String(v));
  return "#" + q.toString();
}

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

// {puzzle: {n, cells} | null, solver, seed, maxSeconds, params: Map name -> raw text, problems: Map}.
// The solver and parameters are checked against the registry by checkLinkParams, once it is known.
export function decodeState(hash) {
  const { seen, raw, problems } = readPairs(hash);
  const link = { puzzle: null, solver: null, seed: null, maxSeconds: null, params: new Map(), problems };
  if (!seen.has("p")) problems.set("p", "there is no puzzle (p=…)");
  else if (raw.has("p")) {
    try {
      link.puzzle = parsePuzzle(raw.get("p"));
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      problems.set("p", `the puzzle cannot be read: ${err.message}`);
    }
  }
  for (const [key, rule, attr] of [["seed", values.seed, "seed"], ["t", values.seconds, "maxSeconds"]]) {
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
    puzzle: link.puzzle ? boardToString(link.puzzle.cells) : null,
    solver: link.solver === null ? null : solver,
    seed: link.seed, seconds: link.maxSeconds, params, problems,
  };
}

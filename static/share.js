// Share links: the whole run in the URL fragment (DESIGN.md §4), e.g.
//   #p=<N*N chars, '.' empty>&s=<solver>&seed=<int>&t=<max seconds>&<param>=<value>...
// Decoding only splits and checks text: nothing from a link is evaluated or put into HTML.
import { parsePuzzle, PuzzleError } from "./parse.js";

const RESERVED = new Set(["p", "s", "seed", "t"]);

export function encodeState({ puzzle, solver, seed, params, maxSeconds }) {
  const q = new URLSearchParams();
  q.set("p", puzzle);
  if (solver) q.set("s", solver);
  q.set("seed", String(seed));
  if (maxSeconds) q.set("t", String(maxSeconds));
  for (const [k, v] of Object.entries(params || {})) q.set(k, String(v));
  return "#" + q.toString();
}

// Returns {puzzle: {n, cells}, solver, seed, maxSeconds, params: {name: text}} or throws
// Error with a message for the user. Solver and params are checked later, against the
// registry, once Python has loaded.
export function decodeState(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const text = q.get("p");
  if (text === null) throw new Error("This link has no puzzle (p=…).");
  let puzzle;
  try {
    puzzle = parsePuzzle(text);
  } catch (err) {
    if (err instanceof PuzzleError) throw new Error(`This link's puzzle cannot be read: ${err.message}`);
    throw err;
  }
  const seedText = q.get("seed") ?? "0";
  if (!/^-?\d{1,15}$/.test(seedText)) throw new Error(`This link's seed must be a whole number; got '${seedText}'.`);
  const tText = q.get("t");
  let maxSeconds = null;
  if (tText !== null) {
    maxSeconds = Number(tText);
    if (!Number.isFinite(maxSeconds) || maxSeconds <= 0) throw new Error(`This link's time limit must be a positive number; got '${tText}'.`);
  }
  const params = {};
  for (const [k, v] of q.entries()) if (!RESERVED.has(k)) params[k] = v;
  return { puzzle, solver: q.get("s"), seed: parseInt(seedText, 10), maxSeconds, params };
}

// The files a comparison fetches: a built-in puzzle set (puzzles/, on Start), the papers'
// published figures (data/published.json, once; read through rules/published.js only) and the
// atlas (data/atlas.json, once the Experiment view first shows).
// Nothing is fetched at import time.
import { ListProblem, readPuzzleList } from "../rules/puzzle-list.js";
import { PUZZLE_SETS } from "./presets.js";

let publishedFigures = null;

// data/published.json, or {} when it cannot be read (the paper columns then say "–").
export async function published() {
  if (!publishedFigures) {
    publishedFigures = fetch("data/published.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  }
  return publishedFigures;
}

// A built-in set's puzzles ([{name, puzzle}]); a ListProblem when it cannot be fetched or read.
export async function loadPuzzleSet(id) {
  const [file] = PUZZLE_SETS[id];
  const r = await fetch(file);
  if (!r.ok) throw new ListProblem(`The puzzle set ${id} could not be loaded (HTTP ${r.status}).`);
  return readPuzzleList(await r.text());
}

// data/atlas.json ("The atlas"); rejects with a sentence when it cannot be read.
export async function atlasData() {
  let r;
  try { r = await fetch("data/atlas.json"); } catch {
    throw new Error("The atlas (data/atlas.json) could not be fetched: the page is offline and has not cached it yet.");
  }
  if (!r.ok) throw new Error(`The atlas (data/atlas.json) could not be loaded (HTTP ${r.status}).`);
  try { return await r.json(); } catch { throw new Error("The atlas (data/atlas.json) is not valid JSON."); }
}

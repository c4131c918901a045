// Opening a share link (at load and on every hash change): the link is read setting by
// setting (rules/links.js) — good settings are applied, each bad one becomes a problem marked
// on its field — and nothing runs. Whatever was running is abandoned first (setPuzzle does
// it too). The solver's parameters and a comparison's entries need the solvers' schemas, so
// that part waits for the runtime when it is not ready yet.
import { boardToString } from "../rules/parse.js";
import { decodeState, checkLinkParams, decodeCompareLink } from "../rules/links.js";
import { parseSpec } from "../rules/generator.js";
import { PRESETS, PUZZLE_SETS } from "../compare/presets.js";

const NEEDS_SCHEMAS = new Set(["e", "c"]);      // entries are read against the solvers' schemas
const SETS = { puzzleSets: Object.keys(PUZZLE_SETS), presets: PRESETS.map((p) => p.id) };

export function mountLinks(store, actions, generator) {
  let pending = null;

  function open(hash) {
    actions.abandon();
    actions.clearProblems();
    actions.clearNotice();
    const q = new URLSearchParams(hash.replace(/^#/, ""));
    pending = { hash, compare: q.has("m") };
    const s = store.state;
    // what needs no schemas: the puzzle, the seed, the time limit, the view
    const first = pending.compare ? decodeCompareLink(hash, new Map(), SETS) : decodeState(hash);
    if (first.puzzle) {
      store.set({ paste: boardToString(first.puzzle.cells) });
      actions.setPuzzle(first.puzzle);
    } else if (first.generator) {            // g=: the generator's settings; Python makes the puzzle
      const spec = parseSpec(first.generator);
      store.set({ generator: { size: String(spec.size), p: String(spec.p), seed: String(spec.seed), unique: spec.unique } });
      generator.generate(spec);
    } else if (first.problems.has("p") && q.has("p")) {
      store.set({ paste: q.get("p") });           // keep what the link held, so it can be mended
    }
    const settings = { ...s.settings };
    if (first.max_seconds !== null) settings.max_seconds = String(first.max_seconds);
    if (!pending.compare && first.seed !== null) settings.seed = String(first.seed);
    store.set({ settings, view: pending.compare ? (first.mode || s.view === "solve" && "race" || s.view) : "solve" });
    if (store.state.ready) applyRest();
    else reportProblems(new Map([...first.problems].filter(([k]) => !NEEDS_SCHEMAS.has(k))));
  }

  function reportProblems(problems) {
    const all = new Map([...store.state.problems].filter(([k]) => !NEEDS_SCHEMAS.has(k)));
    for (const [k, m] of problems) all.set(k, m);
    store.set({ problems: all });
    actions.reportProblems("This link has settings that cannot be used (the others are kept). " +
      "Fix the marked ones before starting:");
  }

  // the part that needs the solvers' schemas
  function applyRest() {
    if (!pending) return;
    const { hash, compare } = pending;
    pending = null;
    const schemas = store.state.schemas;
    if (compare) {
      const link = decodeCompareLink(hash, schemas, SETS);
      const c = { ...store.state.compare, entries: link.entries };
      if (link.runs !== null) c.runs = String(link.runs);
      if (link.puzzles !== null) c.puzzles = link.puzzles;
      if (link.list !== null) c.list = link.list;
      if (link.sweep !== null) c.sweep = link.sweep;
      c.preset = link.preset;
      store.set({ compare: c, view: link.mode || store.state.view });
      reportProblems(link.problems);
      return;
    }
    const link = decodeState(hash);
    const { solver, params } = checkLinkParams(link, schemas);
    if (solver) store.set({ settings: { ...store.state.settings, solver, params } });
    reportProblems(link.problems);
  }

  store.on(["ready"], (s) => { if (s.ready) applyRest(); });
  window.addEventListener("hashchange", () => { if (location.hash) open(location.hash); });
  return { open };
}

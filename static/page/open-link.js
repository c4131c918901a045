// Opening a share link (at load and on every hash change): the link is read setting by
// setting (rules/links.js) — good settings are applied, each bad one becomes a problem marked
// on its field — and nothing runs. Whatever was running is abandoned first (setPuzzle does
// it too). The solver's parameters and a comparison's entries need the solvers' schemas, so
// that part waits for the runtime when it is not ready yet.
import { boardToString } from "../rules/parse.js";
import { decodeState, checkLinkParams, decodeCompareLink } from "../rules/links.js";
import { readUnreadEntries } from "../rules/entries.js";
import { parseSpec, specFields } from "../rules/generator.js";
import { PRESETS, PUZZLE_SETS } from "../compare/presets.js";
import { patchOf, isParam, valueIn } from "../rules/table.js";
import { runFragment } from "../rules/stop-point.js";
import { OWN, unpackCode } from "../own/code.js";

const NEEDS_SCHEMAS = new Set(["e", "c"]);      // entries are read against the solvers' schemas
// the notice over a link's problems
const LINK_PROBLEMS = "This link has settings that cannot be used (the others are kept). Fix the marked ones before starting:";
const SETS = { puzzleSets: Object.keys(PUZZLE_SETS), presets: PRESETS.map((p) => p.id) };

export function mountLinks(store, actions, generator) {
  let pending = null;
  const openCode = codeOpener(store, actions);

  function open(hash) {
    actions.abandon();
    actions.clearProblems();
    actions.clearNotice();
    store.set({ stopPoint: null });          // a stop point names a step of one run: the link says its own, if any
    const q = new URLSearchParams(hash.replace(/^#/, ""));
    pending = { hash, compare: q.has("m") };
    if (q.has("code")) openCode(q.get("code"));
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
    } else if (first.problems.has("p") || first.problems.has("g")) {
      actions.setPuzzle(null);                 // the board shows no puzzle rather than one the link did not name
      store.set({ paste: "" });                // nor does the box (a bad p= puts its text back: showWhatTheLinkSaid)
    }
    const settings = { ...s.settings };
    if (first.max_seconds !== null) settings.max_seconds = String(first.max_seconds);
    // a budget with no t= has no time limit, as `solve --link` replays it
    else if (first.max_iterations !== null || first.max_evaluations !== null) settings.max_seconds = "";
    // a link without a budget has none: it names its run, not that run under the page's last budget
    settings.max_iterations = first.max_iterations === null ? "" : String(first.max_iterations);
    settings.max_evaluations = first.max_evaluations === null ? "" : String(first.max_evaluations);
    if (!pending.compare && first.seed !== null) settings.seed = String(first.seed);
    if (!pending.compare) {
      settings.workers = first.workers === null ? "1" : String(first.workers);   // no w=: one worker
      settings.exchange = first.exchange === null ? "" : String(first.exchange);   // none: the solver's default
    }
    store.set({ settings, view: pending.compare ? (first.view || s.view === "solve" && "race" || s.view) : "solve" });
    if (store.state.ready) applyRest();
    else reportProblems(new Map([...first.problems].filter(([k]) => !NEEDS_SCHEMAS.has(k))), pending);
  }

  // A marked field shows what the link said, never a default: each bad setting's text goes into
  // its field (a number field that cannot hold it shows empty, a menu shows no choice), so any
  // valid value the visitor gives it is a change that clears the mark. Bad generator settings
  // are marked part by part on the Generate form's fields.
  function showWhatTheLinkSaid(problems, { hash, compare }) {
    const q = new URLSearchParams(hash.replace(/^#/, ""));
    const out = new Map(problems);
    for (const key of problems.keys()) {
      if (!q.has(key) || (compare && key === "seed")) continue;   // a comparison's seed goes with c=
      if (key === "g") {
        const parts = specFields(q.get("g"));
        if (!parts || !parts.problems.size) continue;                     // not the spec's shape, or p and g both
        store.set({ generator: parts.form });
        out.delete("g");
        for (const [k, m] of parts.problems) out.set(k, m);
      } else if (isParam(store.state, key)) {
        store.set({ settings: { ...store.state.settings, params: { ...store.state.settings.params, [key]: q.get(key) } } });
      } else {
        const now = valueIn(store.state, key);           // text fields only (not entries, not a sweep)
        if (typeof now === "string" || now === null) store.set(patchOf(store.state, key, q.get(key)));
      }
    }
    return out;
  }

  function reportProblems(problems, link) {
    problems = showWhatTheLinkSaid(problems, link);
    const all = new Map([...store.state.problems].filter(([k]) => !NEEDS_SCHEMAS.has(k)));
    for (const [k, m] of problems) all.set(k, m);
    store.set({ problems: all });
    actions.reportProblems(LINK_PROBLEMS);
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
      store.set({ compare: c, view: link.view || store.state.view });
      reportProblems(link.problems, { hash, compare });
      return;
    }
    const link = decodeState(hash);
    // a visitor's solver's parameters are read by its own PARAMS, once its code is loaded (on the visitor's word)
    const { solver, params } = link.solver === OWN ? { solver: OWN, params: Object.fromEntries(link.params) }
      : checkLinkParams(link, schemas);
    if (solver) store.set({ settings: { ...store.state.settings, solver, params } });
    // the stop point stands for the run these settings name (rules/stop-point.js)
    if (link.stop !== null && !link.problems.size) store.set({ stopPoint: { fragment: runFragment(store.state), step: link.stop, replay: true } });
    reportProblems(link.problems, { hash, compare });
  }

  readOwnEntriesOnLoad(store, actions);
  store.on(["ready"], (s) => { if (s.ready) applyRest(); });
  window.addEventListener("hashchange", () => { if (location.hash) open(location.hash); });
  return { open };
}

// A link's code (code=): shown in the editor, and run only once the visitor allows it (own/panel.js).
function codeOpener(store, actions) {
  let codeSeq = 0;
  return async function openCode(packed) {
    const mine = ++codeSeq;
    store.set({ own: { ...store.state.own, trusted: false, error: null, loaded: null, packed } });
    let text;
    try { text = await unpackCode(packed); } catch (err) {
      if (mine !== codeSeq) return;
      // nothing to run and nothing to consent to: the editor keeps the visitor's own text
      store.set({ own: { ...store.state.own, trusted: true, packed: null, error: { message: err.message, line: null } } });
      actions.setProblem("code", err.message);
      actions.reportProblems(LINK_PROBLEMS);
      return;
    }
    if (mine === codeSeq) store.set({ own: { ...store.state.own, text } });
  };
}

// A link's own entry keeps its parameters as text until its code is loaded (after the visitor's
// word): then they are read by the loaded PARAMS, a bad one marked as when the link opened.
function readOwnEntriesOnLoad(store, actions) {
  store.on(["schemas", "own", "compare"], (s) => {
    const schema = s.schemas.get(OWN);
    if (!s.own.trusted || !s.own.loaded || !schema || !s.compare.entries.some((e) => e.unread)) return;
    const { entries, problems } = readUnreadEntries(s.compare.entries, schema);
    store.set({ compare: { ...s.compare, entries } });
    if (!problems.length) return;
    actions.setProblem("e", [store.state.problems.get("e"), ...problems].filter(Boolean).join("; "));
    actions.reportProblems(LINK_PROBLEMS);
  });
}

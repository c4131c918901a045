// Opening a share link (at load and on every hash change): the link is read setting by
// setting (rules/links.js) — good settings are applied, each bad one becomes a problem marked
// on its field — and nothing runs. Whatever was running is abandoned first (setPuzzle does
// it too). The solver's parameters and a comparison's entries need the solvers' schemas, so
// that part waits for the runtime when it is not ready yet.
import { boardToString } from "../rules/parse.js";
import { decodeState, decodeCompareLink } from "../rules/links.js";
import { readUnreadEntries } from "../rules/entries.js";
import { parseSpec } from "../rules/generator.js";
import { codeFirst } from "../rules/read.js";
import { PRESETS, PUZZLE_SETS } from "../compare/presets.js";
import { runFragment } from "../rules/stop-point.js";
import { OWN } from "../own/code.js";
import { namedText, readCodes, settledEntries, unsettled, withLinkTexts } from "../own/texts.js";
import { generatorForm, linkCompare, linkSettings, linkSolver, linkView, whatTheLinkSaid, withoutSchemaKeys } from "./link-state.js";

// the notice over a link's problems
const LINK_PROBLEMS = "This link has settings that cannot be used (the others are kept). Fix the marked ones before starting:";
// the problem of a link that names no puzzle, said where the page keeps the one it showed (openPuzzle)
const KEPT_PUZZLE = "there is no puzzle in this link (p=… or g=…): the board keeps the one you had; Load it to run it";
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
    pending = { hash, compare: q.has("m"), named: namesAPuzzle(q) };
    if (q.has("code")) openCode(q.get("code"), !pending.compare);
    else store.set({ own: withoutLinkError({ ...store.state.own, linkTexts: null }) });
    const s = store.state;
    // what needs no schemas: the puzzle, the seed, the time limit, the view
    const first = pending.compare ? decodeCompareLink(hash, new Map(), SETS) : decodeState(hash);
    openPuzzle(store, actions, generator, first, pending.named);
    store.set({ settings: linkSettings(s.settings, first, pending.compare), view: linkView(first, pending.compare, s.view) });
    if (store.state.ready) applyRest();
    else reportLinkProblems(store, actions, withoutSchemaKeys(first.problems), pending);
  }

  // the part that needs the solvers' schemas
  function applyRest() {
    if (!pending) return;
    const link = pending;
    pending = null;
    reportLinkProblems(store, actions, applyWithSchemas(store, link), link);
  }

  readOwnEntriesOnLoad(store, actions);
  let settledFor = null;               // the link's texts its entries were settled against (once a link)
  store.on(["own", "compare"], (s) => {
    const linkTexts = s.own.linkTexts;
    if (!linkTexts || pending || settledFor === linkTexts || !unsettled(s.compare.entries, linkTexts)) return;
    settledFor = linkTexts;
    settleOwnEntries(store, actions, linkTexts);
  });
  store.on(["ready"], (s) => { if (s.ready) applyRest(); });
  window.addEventListener("hashchange", () => { if (location.hash) open(location.hash); });
  return { open };
}

// A link's puzzle onto the board, or its generator's settings made into one by Python; a bad
// one leaves no puzzle, rather than one the link did not name. A link that names none (`named`
// false) leaves the board and the box as they were: nothing typed is lost, and its problem on p
// keeps Start from running that puzzle until the visitor loads it (docs/page.md, "The page").
function openPuzzle(store, actions, generator, first, named) {
  if (first.puzzle) {
    store.set({ paste: boardToString(first.puzzle.cells) });
    actions.setPuzzle(first.puzzle);
  } else if (first.generator) {            // g=: the generator's settings; Python makes the puzzle
    const spec = parseSpec(first.generator);
    store.set({ generator: generatorForm(spec) });
    generator.generate(spec);
  } else if (named && (first.problems.has("p") || first.problems.has("g"))) {
    actions.setPuzzle(null);
    store.set({ paste: "" });                // nor does the box show one (a bad p= puts its text back: whatTheLinkSaid)
  }
}

// What a link ({hash, compare}) says that is read against the solvers' schemas: a comparison's
// entries and settings, a single run's solver, parameters and stop point. Returns its problems.
function applyWithSchemas(store, { hash, compare }) {
  const schemas = store.state.schemas;
  if (compare) {
    const link = decodeCompareLink(hash, schemas, SETS);
    store.set({ compare: linkCompare(store.state.compare, link), view: link.view || store.state.view });
    return link.problems;
  }
  const link = decodeState(hash);
  const { solver, params } = linkSolver(link, schemas);
  if (solver) store.set({ settings: { ...store.state.settings, solver, params } });
  // the stop point stands for the run these settings name (rules/stop-point.js)
  if (link.stop !== null && !link.problems.size) store.set({ stopPoint: { fragment: runFragment(store.state), step: link.stop, replay: true } });
  return link.problems;
}

// A link's problems marked on their fields, each showing what the link said, and said in the
// notice; the problems read against the schemas are replaced, the others kept.
function reportLinkProblems(store, actions, problems, link) {
  const kept = problems.has("p") && store.state.puzzle && !link.named;
  const said = whatTheLinkSaid(store.state, kept ? new Map(problems).set("p", KEPT_PUZZLE) : problems, link);
  store.set(said.patch);
  const all = withoutSchemaKeys(store.state.problems);
  for (const [k, m] of said.problems) all.set(k, m);
  store.set({ problems: all });
  actions.reportProblems(LINK_PROBLEMS);
}

// Whether a link's keys (URLSearchParams) name a puzzle: its cells, or the generator's settings.
const namesAPuzzle = (q) => q.has("p") || q.has("g");

// A link's code (code=: one text, or several): the first shown in the editor, and none run until
// the visitor allows them (own/panel.js). A text that cannot be read is a problem of code; the
// others are still offered, and the visitor's own solvers are never touched.
function codeOpener(store, actions) {
  let codeSeq = 0;
  return async function openCode(code, single) {
    const mine = ++codeSeq;
    store.set({ own: { ...store.state.own, trusted: false, error: null, loaded: null, packed: code, linkTexts: null } });
    const { texts, problems } = await readCodes(code, single);
    if (mine !== codeSeq) return;
    const own = store.state.own;
    if (!texts.length) {
      // nothing to run and nothing to consent to: the editor keeps the visitor's own text
      store.set({ own: { ...own, trusted: true, packed: null, error: { message: problems[0], line: null, fromLink: true } } });
    } else {
      const [first] = texts;
      store.set({ own: { ...own, text: first.text, sha: first.sha, packed: first.packed, linkTexts: texts,
        texts: withLinkTexts(own.texts, texts) } });
    }
    if (!problems.length) return;
    store.set({ problems: codeFirst(new Map(store.state.problems).set("code", problems.join("; "))) });
    actions.reportProblems(LINK_PROBLEMS);
  };
}

// A damaged link's error goes with the link: a later link without code leaves the editor's own
// text unmarked (its panel would otherwise stay unfolded on a phone for a problem no longer there).
const withoutLinkError = (own) => (own.error && own.error.fromLink ? { ...own, error: null } : own);

// A link's entries of the visitor's texts settled against the link's texts (own/texts.js
// settledEntries): an entry naming none of them, or two, is left out and said, on e.
function settleOwnEntries(store, actions, linkTexts) {
  const { entries, problems } = settledEntries(store.state.compare.entries, linkTexts);
  store.set({ compare: { ...store.state.compare, entries } });
  if (!problems.length) return;
  actions.setProblem("e", [store.state.problems.get("e"), ...problems].filter(Boolean).join("; "));
  actions.reportProblems(LINK_PROBLEMS);
}

// A link's own entry keeps its parameters as text until its code is loaded (after the visitor's
// word): then they are read by the loaded PARAMS — an own@<hex> entry's by its own text's — a bad
// one marked as when the link opened.
function readOwnEntriesOnLoad(store, actions) {
  store.on(["schemas", "own", "compare"], (s) => {
    const schemaOf = (e) => (e.sha ? namedText(e, s.own)?.schema : s.own.loaded && s.schemas.get(OWN)) || null;
    if (!s.own.trusted || !s.compare.entries.some((e) => e.unread && schemaOf(e))) return;
    const { entries, problems } = readUnreadEntries(s.compare.entries, schemaOf);
    store.set({ compare: { ...s.compare, entries } });
    if (!problems.length) return;
    actions.setProblem("e", [store.state.problems.get("e"), ...problems].filter(Boolean).join("; "));
    actions.reportProblems(LINK_PROBLEMS);
  });
}

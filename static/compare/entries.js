// The entries of a race or experiment: the list on screen (each with its problem and a Remove
// button), "Add entry" (the solver form's solver, parameters and seed, checked by
// compare/check.js), and the vet: an entry the puzzles cannot take (hall_sets on a 16×16, a
// 36×36 past a solver's memory) is refused on the entry as soon as it is added or the puzzles
// change, not after Start.
import { OWN, packCode } from "../own/code.js";
import { entryCode, entrySchema, sha256, textShaOf, withItem } from "../own/texts.js";
import { MAX_ENTRIES, describe } from "../rules/entries.js";
import { refToken, sameRuns } from "../rules/solver-ref.js";
import { markField } from "../settings/params.js";
import { entryKey, isEntryKey } from "../rules/table.js";
import { checkEntry, vetPuzzles } from "./check.js";

export function mountEntries(store, actions, ui, worker) {
  const compare = () => store.state.compare;
  const setCompare = (patch) => store.set({ compare: { ...compare(), ...patch } });

  function addEntry() {
    if (compare().entries.length >= MAX_ENTRIES) {
      actions.notify(`At most ${MAX_ENTRIES} entries can be compared at once.`, "compare");
      return;
    }
    const { entry, problems } = checkEntry(store.state);
    for (const [k, m] of problems) actions.setProblem(k, m);
    if (!entry) {
      actions.reportProblems("This entry cannot be added. Fix the marked settings first:");
      return;
    }
    actions.fieldEdited("e");
    actions.fieldEdited("c");
    actions.clearNotice("compare");
    actions.clearNotice("start");                 // a Start refused for want of entries
    setCompare({ entries: [...compare().entries, entry] });
    if (entry.solver === OWN) nameTheEditorsText(store, entry);
  }

  function removeEntry(i) {
    actions.fieldEdited("e");
    setCompare({ entries: compare().entries.filter((_, k) => k !== i) });
  }

  ui.add.addEventListener("click", addEntry);

  store.on(["compare", "problems", "running", "ready", "schemas", "own"], (s) => {
    ui.entries.replaceChildren(...s.compare.entries.map((e, i) => entryItem(s, e, i, () => removeEntry(i))));
    ui.add.disabled = !!s.running || s.compare.entries.length >= MAX_ENTRIES || !s.ready;
    markField(ui.entries, s.problems.get("e") || s.problems.get("c") || null);
    const same = sameRuns(s.compare.entries, (e) => textShaOf(e, s.own));   // a warning, not a problem: the visitor may mean it
    ui.same.hidden = !same.length;
    ui.same.textContent = same.join("; ");
  });

  let vetSeq = 0;
  store.on(["compare", "puzzle", "view", "ready", "files"], async (s) => {
    if (!s.ready || s.running || (s.compare.puzzles === "files" && s.files.reading)) return;   // files: once read
    const mine = ++vetSeq;
    const puzzles = vetPuzzles(s);
    const found = new Map();
    for (const [i, e] of s.compare.entries.entries()) {
      for (const puzzle of puzzles) {
        let reply;
        const code = entryCode(e, s.own);
        if (e.solver === OWN && (!code || e.unread)) break;   // a visitor's text that may not run yet, or its parameters not yet read
        try { reply = await worker.vet({ puzzle, solver: e.solver, params: e.params, seed: e.seed, code }); } catch { return; }
        if (mine !== vetSeq) return;
        if (!reply.ok) { found.set(entryKey(i), `entry ${i + 1} (${e.solver}): ${reply.message}`); break; }
      }
    }
    const problems = new Map([...store.state.problems].filter(([k]) => !isEntryKey(k)));
    for (const [k, m] of found) problems.set(k, m);
    store.set({ problems });
  });
}

// An entry of the visitor's solver, just added (`own`: the editor's text), comes to name that
// text by its sha256 (own@<first 8>): the text joins state.own.texts, so the entry runs it
// whatever the editor holds later (another of the visitor's solvers, say). A link's code not yet
// allowed stays unnamed (its entries wait for the visitor's word).
async function nameTheEditorsText(store, entry) {
  const { text, name, trusted } = store.state.own;
  if (!trusted || !text.trim()) return;
  const [sha, packed] = await Promise.all([sha256(text), packCode(text)]);
  const s = store.state;
  const schema = s.own.loaded === sha ? s.schemas.get(OWN) : null;
  const texts = withItem(s.own.texts, { sha, name, text, packed, schema, error: null, allowed: true });
  store.set({ own: { ...s.own, texts },
    compare: { ...s.compare, entries: s.compare.entries.map((e) => (e === entry ? { ...e, sha } : e)) } });
}

// One entry of the list: its number and settings, its problem if any, Remove (not while anything runs).
function entryItem(s, e, i, remove) {
  const li = document.createElement("li");
  li.setAttribute("data-testid", "compare-entry");
  li.dataset.solver = e.solver;
  li.dataset.sha = e.sha || "";
  li.dataset.seed = String(e.seed);
  const problem = s.problems.get(entryKey(i));
  const text = document.createElement("span");
  const schema = entrySchema(s, e);
  text.textContent = `${i + 1}. ${schema ? describe(e, schema) : refToken(e)}`;
  li.append(text);
  if (problem) {
    li.dataset.problem = problem;
    li.setAttribute("aria-invalid", "true");
    const why = document.createElement("small");
    why.className = "field-problem";
    why.textContent = problem;
    li.append(why);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Remove";
  button.setAttribute("aria-label", `Remove entry ${i + 1}`);
  button.disabled = !!s.running;
  button.addEventListener("click", remove);
  li.append(button);
  return li;
}

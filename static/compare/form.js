// The experiment's own settings on screen: runs, workers, the puzzles (current, a pasted list,
// a built-in set or a sweep over p) and the sweep's fields. The visitor's typing goes into
// `state.compare` as text; the state's values come back into the fields; each field shows its
// setting's problem. Which field shows which key is the settings table's (rules/table.js).
import { SETTINGS, patchOf, valueIn } from "../rules/table.js";
import { markField } from "../settings/params.js";
import { defaultPoolSize } from "../python/pool.js";
import { MAX_WORKERS } from "../rules/links.js";
import { PUZZLE_SETS } from "./presets.js";
import { badListLine } from "./check.js";

// The compare settings that have a field of their own (the entries list marks its keys itself:
// compare/entries.js): key -> the field's data-testid.
const FIELD_OF = new Map(SETTINGS.filter((r) => r.scope === "compare" && r.field && r.field !== "compare-entries")
  .map((r) => [r.key, r.field]));
// Those whose field holds the setting's text as it is (the sweep's p0, p1, step and sizes share
// one setting, gs, and are kept below): the table says where each lives in the state.
const TEXT_KEYS = ["runs", "workers", "pl", "ps", "gi"];

export function mountExperimentForm(store, actions, ui) {
  const compare = () => store.state.compare;
  const setCompare = (patch) => store.set({ compare: { ...compare(), ...patch } });
  const fields = new Map([...FIELD_OF].map(([k, testid]) => [k, document.querySelector(`[data-testid="${testid}"]`)]));
  const sweepFields = [[ui.sweepSize, "size"], [ui.sweepP0, "p0"], [ui.sweepP1, "p1"], [ui.sweepStep, "step"]];

  ui.workers.max = String(MAX_WORKERS);
  for (const [id, [, label]] of Object.entries(PUZZLE_SETS)) ui.puzzles.add(new Option(`built-in: ${label}`, id));
  setCompare({ workers: String(defaultPoolSize()) });

  // ------------------------------------------------------------------ visitor -> state
  for (const key of TEXT_KEYS) {
    const el = fields.get(key);
    el.addEventListener(el.tagName === "SELECT" ? "change" : "input", () => {
      if (key === "ps") actions.fieldEdited("pl");        // another source of puzzles: the list's problem goes
      actions.fieldEdited(key);
      store.set(patchOf(store.state, key, el.value));
    });
  }
  const sweepEdited = (key, field) => (e) => {
    actions.fieldEdited(key);
    // the Size menu takes several sizes: the sweep's size is then their list ("9,16,25", as gs= writes it)
    const value = e.target === ui.sweepSize ? [...ui.sweepSize.selectedOptions].map((o) => o.value).join(",") : e.target.value;
    setCompare({ sweep: { ...compare().sweep, [field]: value } });
  };
  ui.sweepSize.addEventListener("change", sweepEdited("gs", "size"));
  ui.sweepP0.addEventListener("input", sweepEdited("gs", "p0"));
  ui.sweepP1.addEventListener("input", sweepEdited("gs", "p1"));
  ui.sweepStep.addEventListener("input", sweepEdited("gs", "step"));

  // ------------------------------------------------------------------ state -> fields
  store.on(["compare"], (s) => {
    const c = s.compare;
    for (const key of TEXT_KEYS) {
      const el = fields.get(key);
      if (el.value !== valueIn(s, key)) el.value = valueIn(s, key);
    }
    ui.list.hidden = c.puzzles !== "list";
    ui.files.hidden = c.puzzles !== "files";
    ui.sweep.hidden = c.puzzles !== "gen";
    for (const [el, k] of sweepFields) {
      if (el === ui.sweepSize) {
        const sizes = String(c.sweep.size).split(",");
        for (const o of el.options) if (o.selected !== sizes.includes(o.value)) o.selected = sizes.includes(o.value);
      } else if (el.value !== c.sweep[k]) el.value = c.sweep[k];
    }
  });

  store.on(["problems"], (s) => {
    for (const [k, el] of fields) markField(el, s.problems.get(k) || null);
    // the sweep's p fields share its one problem (the table names p0 as its field)
    for (const el of [ui.sweepP1, ui.sweepStep]) markField(el, s.problems.get("gs") || null);
    const line = badListLine(s);
    if (line) ui.list.dataset.problemLine = String(line); else delete ui.list.dataset.problemLine;
  });

  // the settings on screen are those of what runs: nothing changes them while it goes
  store.on(["running"], (s) => {
    for (const el of [...TEXT_KEYS.map((k) => fields.get(k)), ...sweepFields.map(([el]) => el)]) el.disabled = !!s.running;
  });
}

// The line of a pasted list that cannot be read, selected in its box (the box keeps every
// character typed; the message says what is wrong with that line).
export function selectListLine(textarea, line) {
  if (!line) return;
  const lines = textarea.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

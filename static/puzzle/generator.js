// The Generate form: size, p and seed (and unique) read by the value rules, a puzzle made by
// Python in the worker (sudoku_lab.generate, in slices) — so the same settings give the same
// puzzle natively and in the page. A generated puzzle remembers its settings (`puzzle.spec`),
// so its share link carries g=<size>:<p>:<seed> instead of the cells.
import * as values from "../rules/values.js";
import { specOf } from "../rules/generator.js";
import { parsePuzzle } from "../rules/parse.js";
import { markField } from "../settings/params.js";
import { SETTINGS } from "../rules/table.js";
import { WorkerLost } from "../python/client.js";

// The Generate form's fields (data-testids, which are their ids) and the problem keys each marks,
// from the settings table: a field's own setting first, then a setting with no state of its own
// shown on that field (a link's g=, on p).
export const FIELDS = new Map(SETTINGS.filter((r) => r.state && r.state[0] === "generator" && r.field).map((r) =>
  [r.field, [r.key, ...SETTINGS.filter((o) => !o.state && o.field === r.field).map((o) => o.key)]]));

// The form's text as a spec, or the problems of its fields: {spec} | {problems: Map}.
export function readGenerator(form) {
  const problems = new Map();
  for (const [key, rule, raw] of [["gsize", values.size, form.size], ["gp", values.p, form.p], ["gseed", values.seed, form.seed]]) {
    try { rule(raw); } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(key, err.message);
    }
  }
  return problems.size ? { problems } : { spec: specOf(form.size, form.p, form.seed, form.unique) };
}

// What the worker's reply to a generation puts on the page: {problem: why nothing was made}, or
// {puzzle: the made puzzle, remembering its settings, note: why Unique mode stopped above its
// target (a minimal puzzle), else null}.
export function madePuzzle(reply) {
  if (!reply.ok) return { problem: reply.message };
  const r = reply.result;
  const note = r.stop !== "minimal" ? null : `Unique mode stopped at a minimal puzzle: ${r.givens} givens ` +
    `(the target was ${r.target}); no given can go without a second solution.`;
  return { puzzle: { ...parsePuzzle(r.puzzle), spec: r.spec }, note };
}

export function mountGenerator(store, actions, worker) {
  const $ = (id) => document.getElementById(id);
  const ui = { size: $("generate-size"), p: $("generate-p"), seed: $("generate-seed"), unique: $("generate-unique"),
    button: $("generate") };
  mountGeneratorFields(store, actions, ui, $);
  const generate = generations(store, actions, worker);

  ui.button.addEventListener("click", () => {
    const read = readGenerator(store.state.generator);
    if (read.problems) {
      for (const [k, m] of read.problems) actions.setProblem(k, m);
      actions.reportProblems("Nothing was generated. Fix the marked settings first:", new Set(read.problems.keys()));
      return;
    }
    generate(read.spec);
  });
  store.on(["running"], (s) => {
    for (const el of [ui.size, ui.p, ui.seed, ui.unique, ui.button]) el.disabled = !!s.running;
  });

  return { generate };
}

// The form's fields and the state's `generator`, each following the other; a field marked
// while a problem names its setting.
function mountGeneratorFields(store, actions, ui, $) {
  const form = () => store.state.generator;
  const edited = (key, patch) => { actions.fieldEdited(key); actions.fieldEdited("g"); store.set({ generator: { ...form(), ...patch } }); };
  ui.size.addEventListener("change", () => edited("gsize", { size: ui.size.value }));
  ui.p.addEventListener("input", () => edited("gp", { p: ui.p.value }));
  ui.seed.addEventListener("input", () => edited("gseed", { seed: ui.seed.value }));
  ui.unique.addEventListener("change", () => store.set({ generator: { ...form(), unique: ui.unique.checked } }));

  store.on(["generator"], (s) => {
    const g = s.generator;
    showSize(ui.size, g.size);
    if (ui.p.value !== g.p) ui.p.value = g.p;
    if (ui.seed.value !== g.seed) ui.seed.value = g.seed;
    ui.unique.checked = g.unique;
  });
  store.on(["problems"], (s) => {
    for (const [id, keys] of FIELDS) markField($(id), keys.map((k) => s.problems.get(k)).find(Boolean) || null);
  });
}

// The size menu showing a size: a size no option has (a bad link's, `#g=abc`) gets an option of
// its own holding that text, so the menu keeps what the link said; a listed size drops it.
function showSize(menu, size) {
  const own = menu.querySelector("option[data-link-size]");
  const listed = [...menu.options].some((o) => o !== own && o.value === size);
  if (listed) own?.remove();
  else {
    const option = own || menu.appendChild(document.createElement("option"));
    option.dataset.linkSize = "";
    option.value = option.textContent = size;
  }
  if (menu.value !== size) menu.value = size;
}

// The worker's generations: `generate(spec)`, the last one asked for the one that counts.
function generations(store, actions, worker) {
  let seq = 0;
  let inFlight = null;                        // {mine, before}: the generation the worker is making

  // Make the puzzle a spec names; resolves true once it is on the board.
  async function generate(spec) {
    const mine = ++seq;
    const before = store.state.puzzle;        // a puzzle set meanwhile (a paste, a link) wins
    actions.making(spec.text, Math.round(Math.sqrt(spec.size)));     // n: the box size, as a puzzle's
    // how far the worker is (generate.generate_steps' progress), for the puzzle line and the board's caption
    const onProgress = (progress) => {
      const m = store.state.making;
      if (mine === seq && m && m.spec === spec.text) store.set({ making: { ...m, progress } });
    };
    let reply;
    inFlight = { mine, before };
    try { reply = await worker.generate(spec.text, onProgress); } catch (err) {
      if (!(err instanceof WorkerLost)) throw err;
      actions.madeNothing(spec.text, "the worker was lost");
      return false;
    } finally {
      if (inFlight && inFlight.mine === mine) inFlight = null;
    }
    if (mine !== seq || reply.superseded || store.state.puzzle !== before) return false;
    const made = madePuzzle(reply);
    if (!made.puzzle) {
      actions.notify(made.problem, "generate");
      actions.madeNothing(spec.text, made.problem);      // a Start that waited says so instead
      return false;
    }
    actions.clearNotice("generate");
    actions.setPuzzle(made.puzzle);
    if (made.note) actions.notify(made.note, "generate");
    return true;
  }

  // A puzzle set while the worker makes one (a paste, a p= link) wins: the worker drops the
  // generation, so the new puzzle's rating need not wait minutes for a unique 25×25.
  store.on(["puzzle"], (s) => {
    if (inFlight && s.puzzle !== inFlight.before) {
      inFlight = null;
      worker.drop("generate");
    }
  });
  return generate;
}

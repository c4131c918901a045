// The solver settings every view uses: the solver, its parameters (built from the registry's
// schemas), the seed, the time limit and the step and evaluation budgets. In the Solve view they are what Start runs; in Race
// and Experiment they compose an entry ("Add entry"). The form shows `state.settings` and
// sets it as the visitor types; values are read by the shared rules only when they are used
// (rules/values.js), so what was typed is never silently replaced. Puzzle-dependent checks
// (say hall_sets past 9×9) come from Python: the vet request is a listener here.
import { boardToString } from "../rules/parse.js";
import { buildParamForm, markField, paramInput, lockForm } from "./params.js";
import { autoWorkersNow, autoWorkersReason, read, workersAuto } from "../rules/read.js";
import { isParam as isParamOf, keysIn, patchOf, setting, valueIn } from "../rules/table.js";
import { EXCHANGES, exchangeOf, runsOnSeveral } from "../rules/workers.js";
import { codeFor, OWN } from "../own/code.js";

const FIELD_KEYS = new Set(keysIn("settings"));          // s, seed, t, …: this form's own fields
// the text fields among them (the solver is a menu): the table says where each lives in the state
const TEXT_KEYS = [...FIELD_KEYS].filter((k) => k !== "s");

// Workers and Exchange every show only for a solver that runs on several workers (rules/workers.js);
// for another they are hidden unless one holds a value or a problem (a link's w=, a value typed for
// the solver before), which the visitor must see to clear. Workers left empty is "auto": its
// placeholder says what auto stands for on this puzzle and solver, and a line under the fields
// says why (the solver, the grid, its givens, this device's cores).
function showWorkers(store, texts, why) {
  const input = texts.get("w");
  const labels = ["w", "x"].map((key) => [key, texts.get(key).closest("label")]);
  store.on(["settings", "puzzle", "schemas", "spareWorkers", "problems"], (s) => {
    const several = runsOnSeveral(s.settings.solver);
    for (const [key, label] of labels) label.hidden = !several && !String(valueIn(s, key) ?? "").trim() && !s.problems.has(key);
    const auto = `auto: ${autoWorkersNow(s)}`;
    if (input.placeholder !== auto) input.placeholder = auto;
    const reason = workersAuto(s) && several ? autoWorkersReason(s) : "";
    why.hidden = !reason;
    if (why.textContent !== reason) why.textContent = reason;
  });
}

export function mountSettings(store, actions, worker) {
  const $ = (id) => document.getElementById(id);
  const ui = { solver: $("solver-select"), citation: $("solver-citation"), params: $("params") };
  const textField = (key) => document.querySelector(`[data-testid="${setting(key).field}"]`);
  const texts = new Map(TEXT_KEYS.map((key) => [key, textField(key)]));
  let builtFor = null;               // the solver whose parameter form is on screen
  let builtSchema = null;            // and its schema (a visitor's solver's changes with its text)

  const settings = () => store.state.settings;
  const setSettings = (patch) => store.set({ settings: { ...settings(), ...patch } });
  const fieldOf = (key) => (key === "s" ? ui.solver : texts.get(key) || paramInput(ui.params, key));

  // ------------------------------------------------------------------ visitor -> state
  ui.solver.addEventListener("change", () => {
    actions.fieldEdited("s");
    // the old solver's parameters and their problems go with it
    actions.clearProblems((k) => FIELD_KEYS.has(k) || !isParam(k) || k === "s");
    setSettings({ solver: ui.solver.value, params: {} });
  });
  const readParam = (e) => {
    const input = e.target;
    if (!input.name) return;
    actions.fieldEdited(input.name);
    setSettings({ params: { ...settings().params, [input.name]: input.type === "checkbox" ? input.checked : input.value } });
  };
  ui.params.addEventListener("input", readParam);
  ui.params.addEventListener("change", readParam);
  // the text fields, as typed (the budgets in steps and evaluations: an empty field is none; Workers: auto)
  for (const [key, input] of texts) {
    input.addEventListener("input", () => { actions.fieldEdited(key); store.set(patchOf(store.state, key, input.value)); });
  }

  const isParam = (key) => isParamOf(store.state, key);

  // ------------------------------------------------------------------ state -> form
  store.on(["schemas"], (s) => {
    if (!s.schemas.size || ui.solver.options.length) return;
    for (const schema of s.schemas.values()) ui.solver.add(new Option(`${schema.id} — ${schema.title}`, schema.id));
    if (!s.settings.solver || !s.schemas.has(s.settings.solver)) setSettings({ solver: s.schemas.keys().next().value });
  });

  store.on(["settings", "schemas"], (s) => {
    const schema = s.schemas.get(s.settings.solver);
    if (!schema && s.schemas.size && builtFor !== "") {
      // a solver no option has (a bad link's): the menu shows none, so choosing any is a change
      ui.solver.selectedIndex = -1;
      ui.citation.textContent = "";
      ui.params.replaceChildren();
      builtFor = "";
    }
    if (schema && (builtFor !== schema.id || builtSchema !== schema)) {
      ui.solver.value = schema.id;
      ui.citation.textContent = `${schema.title}. ${schema.citation}`;
      texts.get("x").placeholder = Object.hasOwn(EXCHANGES, schema.id) ? String(exchangeOf(schema.id)) : "";   // empty: the solver's own
      buildParamForm(ui.params, schema, s.settings.params);
      builtFor = schema.id;
      builtSchema = schema;
      lockForm(ui.params, !!s.running);
      markProblems(s);
    }
    if (schema) {
      for (const p of schema.params) {
        const input = paramInput(ui.params, p.name);
        const v = Object.hasOwn(s.settings.params, p.name) ? s.settings.params[p.name] : p.default;
        if (p.type === "bool") { if (input.checked !== !!v) input.checked = !!v; } else if (input.value !== String(v)) input.value = String(v);
      }
    }
    for (const [key, input] of texts) if (input.value !== valueIn(s, key)) input.value = valueIn(s, key);
  });

  showWorkers(store, texts, document.getElementById("solve-workers-auto"));
  function markProblems(s) {
    for (const key of FIELD_KEYS) markField(fieldOf(key), s.problems.get(key) || null);
    const schema = s.schemas.get(s.settings.solver);
    if (schema) for (const p of schema.params) markField(fieldOf(p.name), s.problems.get(p.name) || null);
  }
  store.on(["problems"], markProblems);

  // The settings on screen are the running run's (or race's): nothing changes them while it goes.
  store.on(["running", "ready"], (s) => {
    const on = !!s.running;
    ui.solver.disabled = !s.ready || on;
    for (const input of texts.values()) input.disabled = on;
    lockForm(ui.params, on);
  });

  mountVet(store, actions, worker, fieldOf);
}

// The vet request: settings that depend on the puzzle are checked by Python whenever either changes.
function mountVet(store, actions, worker, fieldOf) {
  let vetSeq = 0;
  let vetKey = null;                 // the key whose problem came from the last vet
  store.on(["puzzle", "settings", "ready"], async (s) => {
    if (!s.ready || !s.puzzle || s.running) return;
    const { values: { schema, params }, problems } = read("solve", s, { stored: false });
    const own = new Set(["seed", "t", "i", "ev", "w", "x", "p"]);
    if (!schema || [...problems.keys()].some((k) => !own.has(k))) return;   // the form's own problems first
    const code = codeFor(schema.id, s.own);
    if (schema.id === OWN && !code) return;            // a visitor's text that may not run yet is not loaded
    const mine = ++vetSeq;
    let reply;
    try {
      reply = await worker.vet({ puzzle: boardToString(s.puzzle.cells), solver: schema.id, params, seed: 0, code });
    } catch { return; }                // a lost worker: the next ready vets again
    if (mine !== vetSeq) return;
    if (vetKey) { actions.setProblem(vetKey, null); vetKey = null; }
    if (reply.ok) {
      const n = store.state.notice;
      if (n && n.source !== "problems") return;          // another message stands (a refused Start's, say)
      if (store.state.problems.size) actions.reportProblems(); else actions.clearNotice("problems");
      return;
    }
    if (reply.field === "code") {                      // the visitor's text: said beside the editor, its line marked
      store.set({ own: { ...store.state.own, error: { message: reply.message, line: reply.line ?? null } } });
      return;
    }
    const key = reply.field === "solver" ? "s" : reply.field;
    if (key && fieldOf(key)) {
      actions.setProblem(key, reply.message);
      vetKey = key;
    }
    actions.reportProblems("These settings cannot be used with this puzzle; nothing will run until they are changed:");
  });
}

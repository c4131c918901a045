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
import { codeFor, hasNoCodeYet, NO_CODE_YET, OWN } from "../own/code.js";
import BUILT_INS from "../vendor/solvers.json" with { type: "json" };
import { readBuiltSchemas, sameParams, shownSchema } from "./built-schemas.js";

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
    for (const [key, label] of labels) label.hidden = workersFieldHidden(s, key);
    const auto = `auto: ${autoWorkersNow(s)}`;
    if (input.placeholder !== auto) input.placeholder = auto;
    const reason = workersAuto(s) && runsOnSeveral(s.settings.solver) ? autoWorkersReason(s) : "";
    why.hidden = !reason;
    if (why.textContent !== reason) why.textContent = reason;
  });
}

// Is Workers' or Exchange every's field (`key`: w, x) hidden? Only for a solver that never runs on
// several workers, and then only while it holds no problem and nothing such a solver cannot do:
// empty, or one worker (a link without w= says 1, so that it replays on one worker).
export const workersFieldHidden = (s, key) => {
  const held = String(valueIn(s, key) ?? "").trim();
  return !runsOnSeveral(s.settings.solver) && (!held || (key === "w" && held === "1")) && !s.problems.has(key);
};

export function mountSettings(store, actions, worker) {
  const $ = (id) => document.getElementById(id);
  const ui = { solver: $("solver-select"), citation: $("solver-citation"), params: $("params") };
  const textField = (key) => document.querySelector(`[data-testid="${setting(key).field}"]`);
  const texts = new Map(TEXT_KEYS.map((key) => [key, textField(key)]));
  const setSettings = (patch) => store.set({ settings: { ...store.state.settings, ...patch } });
  const fieldOf = (key) => (key === "s" ? ui.solver : texts.get(key) || paramInput(ui.params, key));
  const markProblems = (s) => markSettingsProblems(s, fieldOf);

  readSettings(store, actions, ui, texts, setSettings);
  showSettings(store, ui, texts, setSettings, markProblems);
  readBuiltSchemas(store);                      // the rows before Ready, into the state (built-schemas.js)
  showWorkers(store, texts, $("solve-workers-auto"));
  store.on(["problems"], markProblems);
  lockWhileRunning(store, ui, texts);
  mountVet(store, actions, worker, fieldOf);
}

// Visitor -> state: the solver menu, the parameters and the text fields, as typed.
function readSettings(store, actions, ui, texts, setSettings) {
  const isParam = (key) => isParamOf(store.state, key);
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
    setSettings({ params: { ...store.state.settings.params, [input.name]: input.type === "checkbox" ? input.checked : input.value } });
  };
  ui.params.addEventListener("input", readParam);
  ui.params.addEventListener("change", readParam);
  // the text fields, as typed (the budgets in steps and evaluations: an empty field is none; Workers: auto)
  for (const [key, input] of texts) {
    input.addEventListener("input", () => { actions.fieldEdited(key); store.set(patchOf(store.state, key, input.value)); });
  }
}

// State -> form: the solver menu's options once the schemas come, the chosen solver's citation and
// parameter form (built anew when the solver or its schema changes), every field's value.
function showSettings(store, ui, texts, setSettings, markProblems) {
  fillMenu(ui.solver, BUILT_INS);                 // before Ready: the build's list, never an empty box
  let menuFromSchemas = false;
  store.on(["schemas"], (s) => {
    if (!s.schemas.size || menuFromSchemas) return;
    menuFromSchemas = true;
    fillMenu(ui.solver, [...s.schemas.values()]);
    const first = missingSolverChoice(s);
    if (first !== null) setSettings({ solver: first });
  });
  store.on(["settings"], (s) => {                 // a link's choice shows before Ready too
    if (!menuFromSchemas && s.settings.solver && ui.solver.value !== s.settings.solver) ui.solver.value = s.settings.solver;
  });
  let builtFor = null;               // the solver whose parameter form is on screen
  let builtSchema = null;            // and its schema (a visitor's solver's changes with its text)
  const cite = (s) => {                                       // Your solver's line follows its editor
    const schema = shownSchema(s);
    const line = schema ? citationText(schema, s.own.text) : "";
    if (ui.citation.textContent !== line) ui.citation.textContent = line;
  };
  const render = (s) => {
    const schema = shownSchema(s);                            // before Ready: the build's (built-schemas.js)
    if (!schema && s.schemas.size && builtFor !== "") {
      // a solver no option has (a bad link's): the menu shows none, so choosing any is a change
      ui.solver.selectedIndex = -1;
      ui.params.replaceChildren();
      builtFor = "";
      builtSchema = null;                                     // no rows on screen to keep
    }
    if (schema && (builtFor !== schema.id || builtSchema !== schema)) {
      // at Ready the worker's schema replaces the build's: the same rows stay (nothing moves, focus kept)
      buildSolverForm(ui, texts, schema, s, !sameParams(builtSchema, schema));
      builtFor = schema.id;
      builtSchema = schema;
      markProblems(s);
    }
    if (schema) showParamValues(ui.params, schema, s.settings.params);
    for (const [key, input] of texts) if (input.value !== valueIn(s, key)) input.value = valueIn(s, key);
  };
  store.on(["settings", "schemas", "builtSchemas"], render);
  store.on(["settings", "schemas", "builtSchemas", "own"], cite);
}

// The chosen solver's menu entry, exchange placeholder and (with `rows`) parameter form.
function buildSolverForm(ui, texts, schema, s, rows = true) {
  ui.solver.value = schema.id;
  texts.get("x").placeholder = exchangePlaceholder(schema.id);
  if (rows) buildParamForm(ui.params, schema, s.settings.params);
  lockForm(ui.params, !!s.running);
}

// Each parameter's input shows the settings' value, or its default.
function showParamValues(container, schema, params) {
  for (const p of schema.params) {
    const input = paramInput(container, p.name);
    const shown = shownParam(p, params);
    if (p.type === "bool") { if (input.checked !== shown) input.checked = shown; } else if (input.value !== shown) input.value = shown;
  }
}

// The solver menu's entry for a schema (or the build's solvers.json entry): "acs — Ant colony system".
export const solverOptionText = (schema) => `${schema.id} — ${schema.title}`;

// The menu's options, one per solver, in the list's order (a value no option has selects none).
function fillMenu(select, solvers) {
  const chosen = select.value;
  select.replaceChildren(...solvers.map((solver) => new Option(solverOptionText(solver), solver.id)));
  if (chosen) select.value = chosen;
}

// The line under the menu: the solver's title and its citation; for Your solver with an empty
// editor, that it has no code yet (its menu entry's title and citation are stand-ins).
export const citationText = (schema, ownText = "") => (hasNoCodeYet(schema, ownText) ? NO_CODE_YET
  : `${schema.title}. ${schema.citation}`);

// Exchange every's placeholder: the solver's own exchange where it runs on several workers, else empty.
export const exchangePlaceholder = (solver) => (Object.hasOwn(EXCHANGES, solver) ? String(exchangeOf(solver)) : "");

// A parameter as its input shows it: a checkbox's state (bool) or the field's text, of the
// settings' value where one is set, else of the schema's default.
export function shownParam(p, params) {
  const v = Object.hasOwn(params, p.name) ? params[p.name] : p.default;
  return p.type === "bool" ? !!v : String(v);
}

// The solver the settings take once the menu is filled when they name none the schemas have (the
// first), or null when they name one.
export const missingSolverChoice = (s) =>
  (!s.settings.solver || !s.schemas.has(s.settings.solver) ? s.schemas.keys().next().value : null);

// Every field of the form marked with its problem, or cleared: the settings' own and the solver's parameters.
function markSettingsProblems(s, fieldOf) {
  for (const key of FIELD_KEYS) markField(fieldOf(key), s.problems.get(key) || null);
  const schema = s.schemas.get(s.settings.solver);
  if (schema) for (const p of schema.params) markField(fieldOf(p.name), s.problems.get(p.name) || null);
}

// The settings on screen are the running run's (or race's): nothing changes them while it goes.
function lockWhileRunning(store, ui, texts) {
  store.on(["running", "ready"], (s) => {
    const on = !!s.running;
    ui.solver.disabled = !s.ready || on;
    for (const input of texts.values()) input.disabled = on;
    lockForm(ui.params, on);
  });
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

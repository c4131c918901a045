// The page's comparison modes: `race` (entries run side by side on the loaded puzzle, one
// worker each) and `experiment` (entries × puzzles × runs over a pool of workers). This
// module owns the mode switch, the entries list, the experiment settings, their link form
// and the start/stop/export controls; race.js and experiment.js draw the runs.
import * as values from "../values.js";
import { MAX_ENTRIES, describe, encodeEntries, decodeEntries } from "./entries.js";
import { Pool, defaultPoolSize, MAX_POOL } from "./pool.js";
import { Race } from "./race.js";
import { Experiment } from "./experiment.js";
import { PRESETS, PUZZLE_SETS } from "./presets.js";
import { readPuzzleList, loadPuzzleSet, ListProblem } from "./puzzles.js";
import { download, toCSV, toJSONLines } from "./export.js";

const $ = (id) => document.getElementById(id);
const MAX_RUNS = 1000;

export function initCompare(app) {
  const ui = {
    mode: $("mode"), panel: $("compare"), entries: $("compare-entries"), add: $("compare-add"),
    experiment: $("experiment-settings"), preset: $("preset"), presetNote: $("preset-note"),
    runs: $("compare-runs"), puzzles: $("compare-puzzles"), list: $("compare-list"), workers: $("workers"),
    start: $("compare-start"), stop: $("compare-stop"), progress: $("compare-progress"),
    lanes: $("lanes"), chart: $("compare-chart"), results: $("compare-results"),
    exportCsv: $("export-csv"), single: document.querySelectorAll(".single-only"),
  };
  const state = { entries: [], preset: null, records: [], running: false };
  const pool = new Pool({ onDone() {}, onError() {} });
  ui.workers.max = String(MAX_POOL);
  ui.workers.value = String(defaultPoolSize());
  for (const p of PRESETS) ui.preset.add(new Option(p.label, p.id));
  for (const [id, [, label]] of Object.entries(PUZZLE_SETS)) ui.puzzles.add(new Option(`built-in: ${label}`, id));

  const race = new Race({ lanesEl: ui.lanes, chartEl: ui.chart, pool, schemas: app.schemas(), onEnd: ended });
  const experiment = new Experiment({
    progressEl: ui.progress, resultsEl: ui.results, chartEl: ui.chart, pool, schemas: app.schemas(), onEnd: ended,
  });

  // ---------------------------------------------------------------- mode and entries
  function setMode(mode) {
    if (state.running) return;
    ui.mode.value = mode;
    const compare = mode !== "single";
    ui.panel.hidden = !compare;
    ui.experiment.hidden = mode !== "experiment";
    ui.lanes.hidden = mode !== "race";
    ui.results.hidden = ui.progress.hidden = mode !== "experiment";
    for (const el of ui.single) el.hidden = compare;
    ui.exportCsv.hidden = mode !== "experiment";
    app.modeChanged(mode);
  }

  function renderEntries() {
    ui.entries.replaceChildren();
    state.entries.forEach((e, i) => {
      const li = document.createElement("li");
      li.setAttribute("data-testid", "compare-entry");
      li.dataset.solver = e.solver;
      li.dataset.seed = String(e.seed);
      const text = document.createElement("span");
      text.textContent = `${i + 1}. ${describe(e, app.schemas().get(e.solver))}`;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove entry ${i + 1}`);
      remove.disabled = state.running;
      remove.addEventListener("click", () => { state.entries.splice(i, 1); renderEntries(); app.linkChanged(); });
      li.append(text, remove);
      ui.entries.appendChild(li);
    });
    ui.add.disabled = state.running || state.entries.length >= MAX_ENTRIES || !app.ready();
  }

  function addEntry() {
    if (state.entries.length >= MAX_ENTRIES) {
      app.showError(`At most ${MAX_ENTRIES} entries can be compared at once.`, "compare");
      return;
    }
    const entry = app.currentEntry();            // null when the form has a problem (the app says which)
    if (!entry) return;
    state.entries.push(entry);
    app.clearError("compare");
    renderEntries();
    app.linkChanged();
  }

  // ---------------------------------------------------------------- settings read by the shared rules
  function readRuns() {
    const v = values.param({ name: "runs", type: "int", min: 1, max: MAX_RUNS }, ui.runs.value);
    return v;
  }

  async function readPuzzles() {
    const choice = ui.puzzles.value;
    if (choice === "current") {
      const cells = app.puzzleString();
      if (!cells) throw new ListProblem("Load a puzzle first.");
      return [{ name: "current", puzzle: cells }];
    }
    if (choice === "list") return readPuzzleList(ui.list.value);
    return loadPuzzleSet(choice);
  }

  // Checks everything first; returns null (and says what is wrong) or the settings.
  async function readSettings(mode) {
    const problems = [];
    const min = mode === "race" ? 2 : 1;
    if (state.entries.length < min) {
      problems.push(mode === "race" ? "A race needs two to five entries: add them with “Add entry”."
        : "Add at least one entry with “Add entry”.");
    }
    let seconds = null, runs = 1, workers = 1, puzzles = null;
    try { seconds = values.seconds(app.secondsText()); } catch (err) { problems.push(err.message); }
    if (mode === "experiment") {
      try { runs = readRuns(); } catch (err) { problems.push(err.message.replace("parameter 'runs'", "runs")); }
      try {
        workers = values.param({ name: "workers", type: "int", min: 1, max: MAX_POOL }, ui.workers.value);
      } catch (err) { problems.push(err.message.replace("parameter 'workers'", "workers")); }
      try { puzzles = await readPuzzles(); } catch (err) {
        if (!(err instanceof ListProblem)) throw err;
        problems.push(err.message);
      }
    } else if (!app.puzzleString()) {
      problems.push("Load a puzzle first.");
    }
    if (problems.length) {
      app.showError(`Nothing was started:\n• ${problems.join("\n• ")}`, "compare");
      return null;
    }
    app.clearError("compare");
    return { seconds, runs, workers, puzzles };
  }

  // ---------------------------------------------------------------- runs
  async function start() {
    if (state.running || !app.ready()) return;
    const mode = ui.mode.value;
    const settings = await readSettings(mode);
    if (!settings) return;
    setRunning(true);
    state.records = [];
    if (mode === "race") {
      race.start(state.entries, app.puzzleString(), app.givens(), settings.seconds);
    } else {
      experiment.start({ entries: state.entries, puzzles: settings.puzzles, runs: settings.runs,
        seconds: settings.seconds, workers: settings.workers, preset: state.preset });
    }
  }

  function stop() {
    if (ui.mode.value === "race") race.stop(); else experiment.stop();
  }

  function ended(outcome) {
    if (Array.isArray(outcome)) state.records = outcome;
    setRunning(false);
  }

  function setRunning(on) {
    state.running = on;
    ui.panel.dataset.running = on ? "true" : "false";
    ui.start.disabled = on;
    ui.stop.disabled = !on;
    ui.mode.disabled = on;
    for (const el of [ui.preset, ui.runs, ui.puzzles, ui.list, ui.workers]) el.disabled = on;
    renderEntries();
    app.lock(on);
    ui.exportCsv.disabled = on || !experiment.records.length;
    app.exportsChanged();
  }

  // ---------------------------------------------------------------- presets
  function applyPreset(id) {
    const preset = PRESETS.find((p) => p.id === id) || null;
    state.preset = preset;
    ui.presetNote.textContent = preset ? preset.note : "";
    if (!preset) return;
    state.entries = preset.entries.map((e) => {
      const schema = app.schemas().get(e.solver);
      const params = Object.fromEntries(schema.params.map((p) => [p.name, p.default]));
      return { solver: e.solver, seed: e.seed, params: { ...params, ...e.params } };
    });
    ui.puzzles.value = preset.puzzles;
    ui.list.hidden = true;
    ui.runs.value = String(preset.runs);
    app.setSecondsText(String(preset.seconds));
    renderEntries();
    app.linkChanged();
  }

  // ---------------------------------------------------------------- links
  function linkParams() {
    const out = [["m", ui.mode.value], ["e", encodeEntries(state.entries, app.schemas())]];
    if (ui.mode.value === "experiment") {
      out.push(["runs", ui.runs.value], ["ps", ui.puzzles.value]);
      if (ui.puzzles.value === "list") {
        try { out.push(["pl", readPuzzleList(ui.list.value).map((p) => p.puzzle).join(",")]); } catch { /* unreadable: left out */ }
      }
      if (state.preset) out.push(["preset", state.preset.id]);
    }
    return out;
  }

  // Applies m=race|experiment links (the registry must be known); returns the problems found.
  function applyLink(q) {
    const problems = [];
    const mode = q.get("m");
    if (!["race", "experiment"].includes(mode)) return [`unknown mode ${values.quote(mode)}; use race or experiment`];
    setMode(mode);
    if (q.get("preset")) applyPreset(q.get("preset"));
    if (q.has("e")) {
      const { entries, problems: bad } = decodeEntries(q.get("e"), app.schemas());
      state.entries = entries.slice(0, MAX_ENTRIES);
      problems.push(...bad);
      if (entries.length > MAX_ENTRIES) problems.push(`at most ${MAX_ENTRIES} entries; the first ${MAX_ENTRIES} are kept`);
    } else if (q.has("c")) {              // c=<solver>,… with their defaults and the link's seed
      const seed = q.get("seed") ?? "0";
      const text = q.get("c").split(",").map((s) => `${s}:${seed}`).join(",");
      const { entries, problems: bad } = decodeEntries(text, app.schemas());
      state.entries = entries.slice(0, MAX_ENTRIES);
      problems.push(...bad);
    }
    if (q.has("runs")) {
      try { ui.runs.value = String(readRunsText(q.get("runs"))); } catch (err) { problems.push(err.message); }
    }
    const ps = q.get("ps");
    if (ps !== null) {
      if (ps === "current" || ps === "list" || ps in PUZZLE_SETS) ui.puzzles.value = ps;
      else problems.push(`unknown puzzle set ${values.quote(ps)}`);
      if (ps === "list" && q.has("pl")) {
        ui.list.value = q.get("pl").split(",").join("\n");
        ui.list.hidden = false;
      }
    }
    renderEntries();
    return problems;
  }

  const readRunsText = (t) => values.param({ name: "runs", type: "int", min: 1, max: MAX_RUNS }, t);

  // ---------------------------------------------------------------- wiring
  ui.mode.addEventListener("change", () => { setMode(ui.mode.value); app.linkChanged(); });
  ui.add.addEventListener("click", addEntry);
  ui.start.addEventListener("click", start);
  ui.stop.addEventListener("click", stop);
  ui.preset.addEventListener("change", () => applyPreset(ui.preset.value));
  ui.puzzles.addEventListener("change", () => { ui.list.hidden = ui.puzzles.value !== "list"; app.linkChanged(); });
  for (const el of [ui.runs, ui.list]) el.addEventListener("change", () => app.linkChanged());
  ui.exportCsv.addEventListener("click", () => download("sudoku-lab-experiment.csv", toCSV(experiment.records), "text/csv"));
  window.addEventListener("resize", () => { race.resize(); experiment.resize(); });
  setRunning(false);

  return {
    setMode, applyLink, linkParams, renderEntries,
    // the experiment's records as JSON Lines (the page's one `export-json` control calls this in experiment mode)
    exportRecords: () => download("sudoku-lab-experiment.jsonl", toJSONLines(experiment.records), "application/x-ndjson"),
    get hasRecords() { return !state.running && experiment.records.length > 0; },
    get mode() { return ui.mode.value; },
    get running() { return state.running; },
  };
}

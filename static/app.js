// The page's state and wiring: puzzle, solver, params and seed <-> controls and URL; the
// worker does all computing, this thread only renders what it reports.
//
// What the page shows must be true (docs/design.md, "The page"): the share link always
// describes the run on screen (settings are locked while a run goes), a solved run shows
// its verified solution, opening a link or loading a puzzle first stops the run, a setting
// that breaks its rule is marked and blocks Start until fixed, and a worker that dies or
// hangs is replaced without losing the puzzle or the settings.
import { Board, stringToCells } from "./board.js";
import { Chart } from "./chart.js";
import { parsePuzzle, boardToString, PuzzleError } from "./parse.js";
import { buildParamForm, readParamForm, markField, paramInput, lockForm } from "./params.js";
import { encodeState, decodeState, checkLinkParams } from "./share.js";
import { Replay } from "./replay.js";
import { LabWorker } from "./worker-client.js";
import { BoardEditor } from "./board-editor.js";
import * as values from "./values.js";
import { initCompare } from "./compare/compare.js";
import { download } from "./download.js";

const $ = (id) => document.getElementById(id);
const ui = {
  input: $("puzzle-input"), load: $("load-puzzle"), examples: $("examples"), clear: $("clear-board"),
  solver: $("solver-select"), citation: $("solver-citation"), params: $("params"),
  seed: $("seed-input"), maxSeconds: $("max-seconds"), start: $("start"), stop: $("stop"),
  share: $("share"), status: $("status"), error: $("error"), info: $("puzzle-info"),
  metrics: $("metrics"), versions: $("versions"), loading: $("loading"),
  loadProgress: $("load-progress"), loadLabel: $("load-label"),
  view: $("board-view"), viewLabel: $("board-view-label"), bestLabel: $("best-label"),
  exportJson: $("export-json"), exportPng: $("export-png"), copySolution: $("copy-solution"),
  sudokuwiki: $("open-sudokuwiki"),
};

const STATUS_TEXT = {
  loading: "Loading the Python runtime…", ready: "Ready.", running: "Running…", solved: "Solved.",
  stopped: "Stopped.", failed: "Not solved within the budget.", error: "Error.",
};

const state = {
  puzzle: null,            // {n, cells}
  schemas: new Map(),      // solver id -> schema
  ready: false,
  runId: 0,
  running: null,           // {runId, url} of the run being shown; url = its share link
  pendingLink: null,       // a decoded link waiting for the registry
  problems: new Map(),     // setting key ('p', 's', 'seed', 't', a param name) -> what is wrong
  vetKey: null,            // the key whose problem came from Python's vet (puzzle-dependent)
  checkId: 0,
  vetId: 0,
  frame: null,             // latest progress frame not yet painted
  lastFrame: null,         // the frame on the board (repainted when the view changes)
  result: null,            // the finished run's result, once it ends
};

const board = new Board($("board"));
const editor = new BoardEditor(board, editCell);
const replay = new Replay({
  panel: $("replay"), program: $("program"), slider: $("replay-slider"),
  prev: $("replay-prev"), next: $("replay-next"), label: $("replay-label"),
}, () => paint());
const chart = new Chart($("chart"));
const worker = new LabWorker({ onMessage, onLost: workerLost });
let compare = null;               // the race and experiment modes, once initCompare has run
compare = initCompare({
  schemas: () => state.schemas,
  ready: () => state.ready,
  puzzleString: () => (state.puzzle ? boardToString(state.puzzle.cells) : null),
  givens: () => state.puzzle.cells,
  currentEntry,
  secondsText: () => ui.maxSeconds.value,
  setSecondsText: (t) => { ui.maxSeconds.value = t; fieldEdited("t"); },
  showError, clearError,
  modeChanged: (mode) => {
    if (mode !== "single") { abandonRun(); setStatus(state.ready ? "ready" : "loading"); }
    updateShare();
    refreshExports();
  },
  linkChanged: () => updateShare(),
  exportsChanged: () => { if (compare) refreshExports(); },
  lock: lockSettings,
});

// ------------------------------------------------------------------ messages to the user
// One message at a time; `source` says what put it there, so clearing one kind of
// message (say, a vet that now passes) never hides another (a puzzle with no solution).
function showError(message, source = "") {
  ui.error.textContent = message;
  ui.error.dataset.source = source;
  ui.error.hidden = false;
}
function clearError(source = null) {
  if (source !== null && ui.error.dataset.source !== source) return;
  ui.error.textContent = "";
  ui.error.dataset.source = "";
  ui.error.hidden = true;
}
function setStatus(s, detail = "") {
  ui.status.dataset.state = s;
  ui.status.textContent = detail ? `${STATUS_TEXT[s]} ${detail}` : STATUS_TEXT[s];
  const running = s === "running";
  ui.start.disabled = !state.ready || running || !state.puzzle;
  ui.stop.disabled = !running;
  lockSettings(running);
}

// The settings on screen are the running run's (or race's): nothing changes them while it goes.
function lockSettings(on) {
  for (const el of [ui.load, ui.examples, ui.clear, ui.seed, ui.maxSeconds]) el.disabled = on;
  ui.solver.disabled = !state.ready || on;
  lockForm(ui.params, on);
  editor.setEnabled(!on);
}

// ------------------------------------------------------------------ settings with problems
const FIELD_OF = { p: () => ui.input, s: () => ui.solver, seed: () => ui.seed, t: () => ui.maxSeconds };
const fieldFor = (key) => (FIELD_OF[key] ? FIELD_OF[key]() : paramInput(ui.params, key));
const LABEL_OF = { p: "puzzle", s: "solver", seed: "seed", t: "time limit" };

function setProblem(key, message) {
  if (message) state.problems.set(key, message); else state.problems.delete(key);
  markField(fieldFor(key), message);
}

function clearProblems() {
  for (const key of [...state.problems.keys()]) setProblem(key, null);
}

// A field the user edits is theirs again: its problem goes, the rest stay.
function fieldEdited(key) {
  if (!state.problems.has(key)) return;
  setProblem(key, null);
  if (state.vetKey === key) state.vetKey = null;
  if (state.problems.size) reportProblems(); else clearError("problems");
}

function problemsText(intro) {
  const lines = [...state.problems].map(([k, m]) => `• ${LABEL_OF[k] || k}: ${m}`);
  return `${intro}\n${lines.join("\n")}`;
}

// ------------------------------------------------------------------ the puzzle
// Forget the previous run's frames, extra boards, replay, chart and metrics.
function clearRunDisplay() {
  state.frame = null;            // a frame already queued for painting belongs to the old run
  state.lastFrame = null;
  state.result = null;
  offerViews({});
  refreshExports();
  replay.reset();
  chart.reset([]);
  resetMetrics();
}

// Loading a puzzle or opening a link ends the run on screen first: its frames would
// otherwise paint over the new givens.
function abandonRun() {
  if (!state.running) return;
  worker.post({ type: "stop", runId: state.running.runId });
  state.running = null;
  worker.watch(false);
}

function setPuzzle(puzzle) {
  abandonRun();
  state.puzzle = puzzle;
  setProblem("p", null);
  clearRunDisplay();
  board.show(puzzle.cells, puzzle.cells);      // clashing givens are marked when the check replies
  const givens = puzzle.cells.filter((v) => v).length;
  ui.info.textContent = `${givens} givens · checking…`;
  delete ui.info.dataset.solutions;
  ui.info.dataset.givens = String(givens);
  checkPuzzle();
  updateShare();
  if (state.ready) { setStatus("ready"); vet(); }
}

// A digit typed on the board (0 clears): the puzzle, the paste box, the check and the link follow.
function editCell(index, value) {
  if (state.running || compare.running || !state.puzzle) return;
  const cells = state.puzzle.cells.slice();
  if (cells[index] === value) return;
  cells[index] = value;
  clearError();
  ui.input.value = boardToString(cells);
  setPuzzle({ n: state.puzzle.n, cells });
}

function clearBoard() {
  if (state.running || compare.running || !state.puzzle) return;
  clearError();
  ui.input.value = "";
  setPuzzle({ n: state.puzzle.n, cells: state.puzzle.cells.map(() => 0) });
}

function loadFromText(text) {
  try {
    const puzzle = parsePuzzle(text);
    clearError();
    setPuzzle(puzzle);
    if (state.problems.size) reportProblems();
    return true;
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    showError(err.message, "paste");
    return false;
  }
}

function checkPuzzle() {
  state.checkId += 1;
  worker.post({ type: "check", requestId: state.checkId, puzzle: boardToString(state.puzzle.cells) });
}

function onChecked(msg) {
  if (msg.requestId !== state.checkId) return;
  if (!msg.ok) { showError(msg.message, "check"); return; }
  const words = { 0: "no solution", 1: "exactly one solution", 2: "several solutions" };
  const sols = msg.solutions;
  ui.info.dataset.solutions = sols === null ? "unknown" : String(sols);
  ui.info.textContent = `${msg.n * msg.n}×${msg.n * msg.n} · ${msg.givens} givens · ` +
    (sols === null ? "solution count unknown (search gave up)" : words[sols]);
  if (msg.message) showError(msg.message, "check");
  if (msg.cells && msg.cells.length && !state.running) {
    board.show(state.puzzle.cells, state.puzzle.cells, new Set(msg.cells));
  }
}

// Settings that depend on the puzzle (e.g. hall_sets only up to 9×9) are vetted by Python.
function vet() {
  const schema = currentSchema();
  if (!state.ready || !state.puzzle || !schema) return;
  const { params, problems } = readParamForm(ui.params, schema);
  if (problems.size) return;                  // the form's own problems come first
  state.vetId += 1;
  worker.post({ type: "vet", requestId: state.vetId, puzzle: boardToString(state.puzzle.cells),
    solver: schema.id, params });
}

function onVetted(msg) {
  if (msg.requestId !== state.vetId) return;
  if (state.vetKey) { setProblem(state.vetKey, null); state.vetKey = null; }
  if (msg.ok) {
    if (state.problems.size) reportProblems(); else clearError("problems");
    return;
  }
  const key = msg.field === "solver" ? "s" : msg.field;
  if (key && fieldFor(key)) {
    setProblem(key, msg.message);
    state.vetKey = key;
  }
  reportProblems("These settings cannot be used with this puzzle; nothing will run until they are changed:");
}

// ------------------------------------------------------------------ solver and params
function currentSchema() {
  return state.schemas.get(ui.solver.value);
}

function selectSolver(id, given = {}) {
  ui.solver.value = id;
  const schema = currentSchema();
  ui.citation.textContent = `${schema.title}. ${schema.citation}`;
  buildParamForm(ui.params, schema, given);
  labelBest(schema.objective);
  for (const key of [...state.problems.keys()]) {
    if (!(key in LABEL_OF)) setProblem(key, null);     // the old solver's parameters are gone
  }
  updateShare();
}

function labelBest(objective, bestPossible = null) {
  const arrow = objective.direction === "min" ? "lower is better" : "higher is better";
  const text = `best: ${objective.name}`;
  const title = bestPossible === null ? arrow : `${arrow}; a solution scores ${bestPossible}`;
  if (ui.bestLabel.textContent !== text) ui.bestLabel.textContent = text;     // every frame: touch the DOM
  if (ui.bestLabel.title !== title) ui.bestLabel.title = title;                // only on a change
}

// Offline after the first visit: the service worker precaches this build (registered once the
// runtime is up, so its downloads never slow the first load).
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const manifest = await (await fetch("static/vendor/manifest.json", { cache: "no-cache" })).json();
    await navigator.serviceWorker.register(`sw.js?build=${manifest.build}`);
  } catch (err) {
    console.warn("offline use is not available:", err);
  }
}

function onReady(msg) {
  const first = !state.ready;
  if (first) registerServiceWorker();
  state.ready = true;
  if (first) {
    for (const s of msg.solvers) {
      state.schemas.set(s.id, s);
      const o = document.createElement("option");
      o.value = s.id;
      o.textContent = `${s.id} — ${s.title}`;
      ui.solver.appendChild(o);
    }
    selectSolver(msg.solvers[0].id);
    compare.renderEntries();
  }
  const v = msg.versions;
  ui.versions.textContent = `Pyodide ${v.pyodide} · Python ${v.python} · numpy ${v.numpy}`;
  ui.loading.hidden = true;
  setStatus("ready");
  if (state.pendingLink) applyLinkSettings(state.pendingLink);
  if (state.puzzle && !first) checkPuzzle();            // a fresh worker: check again
  vet();
}

// ------------------------------------------------------------------ share links
function settingsForLink() {
  const schema = currentSchema();
  const { params } = schema ? readParamForm(ui.params, schema) : { params: {} };
  return {
    puzzle: boardToString(state.puzzle.cells), solver: ui.solver.value, seed: ui.seed.value || "0",
    params, maxSeconds: ui.maxSeconds.value,
  };
}

// The link always describes what a Start would run (or, during a run, the run on screen).
function updateShare() {
  if (!state.puzzle || state.running || (compare && compare.running)) return;
  let hash;
  if (compare && compare.mode !== "single") {
    const q = new URLSearchParams([["p", boardToString(state.puzzle.cells)], ["t", ui.maxSeconds.value],
      ...compare.linkParams()]);
    hash = "#" + q.toString();
  } else {
    hash = encodeState(settingsForLink());
  }
  ui.share.dataset.url = location.href.split("#")[0] + hash;
}

function openLink(hash) {
  abandonRun();
  clearProblems();
  clearError();
  const link = decodeState(hash);
  if (link.puzzle) {
    ui.input.value = boardToString(link.puzzle.cells);
    setPuzzle(link.puzzle);
  } else if (link.problems.has("p")) {
    // keep what the link held in the paste box, so nothing is lost and it can be mended
    const raw = new URLSearchParams(hash.replace(/^#/, "")).get("p");
    if (raw !== null) ui.input.value = raw;
  }
  if (link.seed !== null) ui.seed.value = String(link.seed);
  if (link.maxSeconds !== null) ui.maxSeconds.value = String(link.maxSeconds);
  for (const [key, message] of link.problems) setProblem(key, message);
  link.query = new URLSearchParams(hash.replace(/^#/, ""));
  if (state.ready) applyLinkSettings(link); else { state.pendingLink = link; reportProblems(); }
}

function applyLinkSettings(link) {
  state.pendingLink = null;
  const mode = link.query.get("m");
  if (mode && mode !== "single") {
    // a race or experiment: its entries carry their own solvers, parameters and seeds
    const problems = compare.applyLink(link.query);
    for (const [key, message] of link.problems) if (key === "p" || key === "t") setProblem(key, message);
    if (problems.length) {
      showError(`This link has entries or settings that cannot be used; the others are kept:\n• ${problems.join("\n• ")}`,
        "compare");
    } else {
      reportProblems();
    }
    updateShare();
    return;
  }
  compare.setMode("single");
  const { solver, params } = checkLinkParams(link, state.schemas);
  if (solver) selectSolver(solver, params);
  for (const [key, message] of link.problems) setProblem(key, message);
  reportProblems();
  updateShare();
  vet();
}

function reportProblems(intro = "Some settings cannot be used (the others are kept). " +
                        "Fix the marked ones before starting:") {
  if (state.problems.size) showError(problemsText(intro), "problems");
}

// ------------------------------------------------------------------ runs
function resetMetrics() {
  for (const dd of ui.metrics.querySelectorAll("dd")) dd.textContent = "–";
}

function readSettings() {
  const schema = currentSchema();
  const { params, problems } = readParamForm(ui.params, schema);
  for (const [k, m] of problems) setProblem(k, m);
  for (const [key, input, rule] of [["seed", ui.seed, values.seed], ["t", ui.maxSeconds, values.seconds]]) {
    try { rule(input.value); } catch (err) { setProblem(key, err.message); }
  }
  return { schema, params };
}

// The solver, parameters and seed set in the form, for a race or experiment entry; null
// (with the problems marked and said) when one breaks its rule.
function currentEntry() {
  const { schema, params } = readSettings();
  if (state.problems.size) {
    reportProblems("This entry cannot be added. Fix the marked settings first:");
    return null;
  }
  return { solver: schema.id, seed: values.seed(ui.seed.value), params };
}

function start() {
  const { schema, params } = readSettings();
  if (state.problems.size || !state.puzzle) {
    if (state.puzzle) reportProblems("Nothing was started. Fix the marked settings first:");
    else showError("Load a puzzle first.", "start");
    return;
  }
  clearError();
  state.runId += 1;
  updateShare();
  state.running = { runId: state.runId, url: ui.share.dataset.url };
  chart.setAxes(schema.series_axes);
  clearRunDisplay();
  setStatus("running");
  worker.watch(true);
  worker.post({
    type: "start", runId: state.runId, puzzle: boardToString(state.puzzle.cells), solver: schema.id,
    params, seed: values.seed(ui.seed.value), budget: { max_seconds: values.seconds(ui.maxSeconds.value) },
  });
}

function stop() {
  if (state.running) worker.post({ type: "stop", runId: state.running.runId });
}

// Solvers may offer extra boards (e.g. the crowd's aggregate); the user picks which one shows.
function offerViews(boards, suggested = "") {
  const names = Object.keys(boards || {});
  const have = [...ui.view.options].slice(1).map((o) => o.value);
  if (names.join(",") !== have.join(",")) {
    const keep = ui.view.value || suggested;
    ui.view.replaceChildren(ui.view.options[0]);
    for (const name of names) {
      const o = document.createElement("option");
      o.value = name;
      o.textContent = name;
      ui.view.appendChild(o);
    }
    ui.view.value = names.includes(keep) ? keep : "";
  }
  ui.viewLabel.hidden = names.length === 0;
}

function paint() {
  const f = state.frame || state.lastFrame;
  state.frame = null;
  if (!f) return;
  ui.metrics.dataset.longestStepMs = (1000 * (f.longest_step || 0)).toFixed(1);
  if (!f.progress) {            // a long first step (e.g. a large GP population): show time passing
    ui.metrics.querySelector('[data-metric="elapsed"]').textContent = `${f.elapsed.toFixed(2)} s`;
    return;
  }
  state.lastFrame = f;
  const p = f.progress;
  const boards = p.overlay && p.overlay.boards;
  offerViews(boards, p.overlay && p.overlay.view);
  const view = ui.view.value;
  const solved = state.result && state.result.solved;
  if (p.overlay && p.overlay.trace) replay.update(p.overlay.program, p.overlay.trace);
  if (solved && !view && !replay.touched) {
    // the verified solution, whatever the solver's last frame suggested
    board.show(stringToCells(state.result.board), state.puzzle.cells);
  } else if (p.overlay && p.overlay.trace) {
    const { cells, highlight } = replay.board(state.puzzle.cells);
    board.show(cells, state.puzzle.cells, new Set(), null, null, highlight);
  } else {
    const shown = (view && boards && boards[view]) || p;
    const shade = view && p.overlay.shade && p.overlay.shade[view];
    const candidates = !view && p.overlay && p.overlay.candidates;
    board.show(stringToCells(shown.board), state.puzzle.cells, new Set(shown.conflict_cells), shade || null,
      candidates || null);
  }
  const m = (k, v) => { ui.metrics.querySelector(`[data-metric="${k}"]`).textContent = v; };
  m("iteration", p.iteration.toLocaleString("en"));
  m("evaluations", p.evaluations.toLocaleString("en"));
  m("best", Number.isInteger(p.best) ? String(p.best) : p.best.toFixed(3));
  m("conflicts", String(p.conflicts));
  m("open_cells", String(p.open_cells));
  m("restarts", String(p.restarts));
  m("elapsed", `${f.elapsed.toFixed(2)} s`);
  m("rate", f.elapsed > 0 ? Math.round(p.evaluations / f.elapsed).toLocaleString("en") : "–");
  if (f.objective) labelBest(f.objective, f.objective.best);
}

function onProgress(msg) {
  if (!state.running || msg.runId !== state.running.runId) return;
  chart.append(msg.series, msg.points, msg.events);
  const first = !state.frame;
  state.frame = msg;
  if (first) requestAnimationFrame(paint);
}

function onDone(msg) {
  if (!state.running || msg.runId !== state.running.runId) return;
  state.resultUrl = state.running.url;             // the link that replays this very run
  state.running = null;
  worker.watch(false);
  state.result = msg;
  if (msg.solved) ui.view.value = "";                 // show the solution; the views stay offered
  paint();
  const s = msg.stop_reason === "solved" ? "solved" : msg.stop_reason === "stopped" ? "stopped"
    : msg.stop_reason === "error" ? "error" : "failed";
  const detail = `${msg.iterations.toLocaleString("en")} iterations, ${msg.seconds.toFixed(2)} s` +
    (msg.stop_reason === "stalled" ? " (the search stalled)" : "") +
    (s !== "solved" && s !== "error" ? `, ${msg.open_cells} cells still open` : "");
  if (s === "error") showError(`The run failed: ${msg.message || "unknown error"}`, "run");
  setStatus(s, detail);
  refreshExports();
}

function onWorkerError(msg) {
  if (msg.runId !== undefined && state.running && msg.runId === state.running.runId) {
    state.running = null;
    worker.watch(false);
    if (msg.field) {
      setProblem(msg.field === "solver" ? "s" : msg.field, msg.message);
      reportProblems("Nothing was started. Fix the marked settings first:");
      setStatus("ready");
      return;
    }
    showError(msg.message, "run");
    setStatus("error");
  } else if (!state.ready) {
    showError(msg.message, "worker");
    setStatus("error");
    ui.loadLabel.textContent = "The Python runtime could not be loaded.";
  } else {
    showError(msg.message, "worker");
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "loading":
      ui.loading.hidden = false;
      ui.loadProgress.value = msg.loaded;
      ui.loadProgress.max = msg.total;
      ui.loadLabel.textContent = msg.stage === "done" ? "Ready." :
        `Loading ${{ runtime: "the Python runtime", numpy: "numpy", solvers: "the solvers" }[msg.stage]} (${msg.loaded + 1}/${msg.total})…`;
      break;
    case "ready": onReady(msg); break;
    case "checked": onChecked(msg); break;
    case "vetted": onVetted(msg); break;
    case "progress": onProgress(msg); break;
    case "done": onDone(msg); break;
    case "error": onWorkerError(msg); break;
  }
}

// The worker died or hung: it has been replaced; say so, keep everything the user set.
function workerLost(reason, replaced) {
  const wasRunning = !!state.running;
  state.running = null;
  state.ready = false;
  const what = wasRunning ? "The run was lost. " : "";
  showError(`The solver worker failed: ${reason}. ${what}` + (replaced
    ? "A fresh one is loading; your puzzle and settings are kept — press Start to run again."
    : "It failed three times in a minute, so it was not restarted: reload the page."), "worker");
  setStatus(replaced ? "loading" : "error", "");
  if (wasRunning) ui.status.textContent = `Stopped: the worker failed (${reason}).`;
}

// ------------------------------------------------------------------ taking a run away
const SOLVE_FIELDS = ["solver", "seed", "params", "solved", "board", "conflicts", "open_cells", "best",
  "iterations", "evaluations", "seconds", "stop_reason"];

// A finished (or stopped) run: the fields of `solve --json`, the puzzle, the link that
// replays it, and the chart's series.
function runExport() {
  const r = state.result;
  const out = Object.fromEntries(SOLVE_FIELDS.map((k) => [k, r[k]]));
  return { ...out, restarts: r.restarts, puzzle: boardToString(state.puzzle.cells),
    link: state.resultUrl, chart: chart.snapshot() };
}

function refreshExports() {
  if (!compare) return;
  const experiment = compare.mode === "experiment";
  ui.exportJson.disabled = experiment ? !compare.hasRecords : !state.result;
  ui.exportPng.disabled = !state.result || !chart.plot;
  ui.copySolution.disabled = !(state.result && state.result.solved);
  ui.copySolution.dataset.solution = state.result && state.result.solved ? state.result.board : "";
  const p = state.puzzle;
  ui.sudokuwiki.hidden = !p || p.n !== 3;           // SudokuWiki's solver takes 9×9 puzzles
  if (p && p.n === 3) {
    ui.sudokuwiki.href = "https://www.sudokuwiki.org/sudoku.htm?bd=" + boardToString(p.cells).replace(/\./g, "0");
  }
}

ui.exportJson.addEventListener("click", () => {
  if (compare.mode === "experiment") { compare.exportRecords(); return; }
  if (!state.result) return;
  download(`sudoku-lab-${state.result.solver}-seed${state.result.seed}.json`,
    JSON.stringify(runExport(), null, 1), "application/json");
});
ui.exportPng.addEventListener("click", async () => {
  const blob = await chart.png();
  if (blob) download(`sudoku-lab-${state.result.solver}-seed${state.result.seed}.png`, blob, "image/png");
});
ui.copySolution.addEventListener("click", async () => {
  const text = ui.copySolution.dataset.solution;
  try {
    await navigator.clipboard.writeText(text);
    ui.copySolution.textContent = "Solution copied";
  } catch {
    ui.input.value = text;                  // no clipboard: put it where it can be selected
    ui.copySolution.textContent = "Solution in the paste box";
  }
  setTimeout(() => { ui.copySolution.textContent = "Copy solution"; }, 2000);
});

// ------------------------------------------------------------------ examples
async function loadExamples() {
  const files = [["puzzles/papers.txt", "The papers' puzzles"], ["puzzles/sizes.txt", "Other sizes"]];
  for (const [path, label] of files) {
    let text;
    try {
      const r = await fetch(path);
      if (!r.ok) continue;
      text = await r.text();
    } catch { continue; }
    const group = document.createElement("optgroup");
    group.label = label;
    for (const line of text.split("\n")) {
      const s = line.trim();
      if (!s || s.startsWith("#")) continue;
      const [puzzle, ...name] = s.split(/\s+/);
      const o = document.createElement("option");
      o.value = puzzle;
      o.textContent = name.join(" ") || puzzle.slice(0, 12);
      group.appendChild(o);
    }
    ui.examples.appendChild(group);
  }
}

// ------------------------------------------------------------------ wiring
ui.load.addEventListener("click", () => loadFromText(ui.input.value));
ui.clear.addEventListener("click", clearBoard);
ui.examples.addEventListener("change", () => {
  if (!ui.examples.value) return;
  ui.input.value = ui.examples.value;
  loadFromText(ui.input.value);
  ui.examples.value = "";
});
ui.solver.addEventListener("change", () => { fieldEdited("s"); selectSolver(ui.solver.value); vet(); });
ui.view.addEventListener("change", () => paint());
ui.params.addEventListener("change", (e) => {
  if (e.target.name) fieldEdited(e.target.name);
  updateShare();
  vet();
});
ui.params.addEventListener("input", (e) => { if (e.target.name) fieldEdited(e.target.name); });
ui.seed.addEventListener("input", () => { fieldEdited("seed"); updateShare(); });
ui.maxSeconds.addEventListener("input", () => { fieldEdited("t"); updateShare(); });
ui.start.addEventListener("click", start);
ui.stop.addEventListener("click", stop);
ui.share.addEventListener("click", async () => {
  const url = state.running ? state.running.url : (updateShare(), ui.share.dataset.url);
  try {
    await navigator.clipboard.writeText(url);
    ui.share.textContent = "Link copied";
  } catch {
    ui.share.textContent = "Link ready (copy from the address bar)";
  }
  history.replaceState(null, "", url);
  setTimeout(() => { ui.share.textContent = "Copy share link"; }, 2000);
});
window.addEventListener("hashchange", () => { if (location.hash) openLink(location.hash); });
window.addEventListener("resize", () => chart.resize());

setStatus("loading");
ui.input.value = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
loadFromText(ui.input.value);
if (location.hash.length > 1) openLink(location.hash);
loadExamples();

// The page's state and wiring: puzzle, solver, params and seed <-> controls and URL; the
// worker does all computing, this thread only renders what it reports.
import { Board, stringToCells } from "./board.js";
import { Chart } from "./chart.js";
import { parsePuzzle, boardToString, PuzzleError } from "./parse.js";
import { buildParamForm, readParamForm, checkParams } from "./params.js";
import { encodeState, decodeState } from "./share.js";
import { Replay } from "./replay.js";

const $ = (id) => document.getElementById(id);
const ui = {
  input: $("puzzle-input"), load: $("load-puzzle"), examples: $("examples"),
  solver: $("solver-select"), citation: $("solver-citation"), params: $("params"),
  seed: $("seed-input"), maxSeconds: $("max-seconds"), start: $("start"), stop: $("stop"),
  share: $("share"), status: $("status"), error: $("error"), info: $("puzzle-info"),
  metrics: $("metrics"), versions: $("versions"), loading: $("loading"),
  loadProgress: $("load-progress"), loadLabel: $("load-label"),
  view: $("board-view"), viewLabel: $("board-view-label"),
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
  running: null,           // {runId} of the run being shown
  pendingLink: null,       // a decoded link waiting for the registry
  checkId: 0,
  frame: null,             // latest progress frame not yet painted
  lastFrame: null,         // the frame on the board (repainted when the view changes)
};

const board = new Board($("board"));
const replay = new Replay({
  panel: $("replay"), program: $("program"), slider: $("replay-slider"),
  prev: $("replay-prev"), next: $("replay-next"), label: $("replay-label"),
}, () => paint());
const chart = new Chart($("chart"));
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

// ------------------------------------------------------------------ messages to the user
function showError(message) {
  ui.error.textContent = message;
  ui.error.hidden = false;
}
function clearError() {
  ui.error.textContent = "";
  ui.error.hidden = true;
}
function setStatus(s, detail = "") {
  ui.status.dataset.state = s;
  ui.status.textContent = detail ? `${STATUS_TEXT[s]} ${detail}` : STATUS_TEXT[s];
  const running = s === "running";
  ui.start.disabled = !state.ready || running || !state.puzzle;
  ui.stop.disabled = !running;
  ui.load.disabled = running;
  ui.examples.disabled = running;
  ui.solver.disabled = !state.ready || running;
}

// ------------------------------------------------------------------ the puzzle
// Forget the previous run's frames, extra boards, replay, chart and metrics.
function clearRunDisplay() {
  state.lastFrame = null;
  offerViews({});
  replay.reset();
  chart.reset([]);
  resetMetrics();
}

function setPuzzle(puzzle) {
  state.puzzle = puzzle;
  clearRunDisplay();
  board.show(puzzle.cells, puzzle.cells);      // clashing givens are marked when the check replies
  const givens = puzzle.cells.filter((v) => v).length;
  ui.info.textContent = `${givens} givens · checking…`;
  delete ui.info.dataset.solutions;
  ui.info.dataset.givens = String(givens);
  checkPuzzle();
  updateShare();
  if (state.ready) setStatus("ready");
}

function loadFromText(text) {
  try {
    const puzzle = parsePuzzle(text);
    clearError();
    setPuzzle(puzzle);
    return true;
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    showError(err.message);
    return false;
  }
}

function checkPuzzle() {
  state.checkId += 1;
  worker.postMessage({ type: "check", requestId: state.checkId, puzzle: boardToString(state.puzzle.cells) });
}

function onChecked(msg) {
  if (msg.requestId !== state.checkId) return;
  if (!msg.ok) { showError(msg.message); return; }
  const words = { 0: "no solution", 1: "exactly one solution", 2: "several solutions" };
  const sols = msg.solutions;
  ui.info.dataset.solutions = sols === null ? "unknown" : String(sols);
  ui.info.textContent = `${msg.n * msg.n}×${msg.n * msg.n} · ${msg.givens} givens · ` +
    (sols === null ? "solution count unknown (search gave up)" : words[sols]);
  if (msg.message) showError(msg.message);
  if (msg.cells && msg.cells.length && !state.running) {
    board.show(state.puzzle.cells, state.puzzle.cells, new Set(msg.cells));
  }
}

// ------------------------------------------------------------------ solver and params
function currentSchema() {
  return state.schemas.get(ui.solver.value);
}

function selectSolver(id, values = {}) {
  ui.solver.value = id;
  const schema = currentSchema();
  ui.citation.textContent = `${schema.title}. ${schema.citation}`;
  buildParamForm(ui.params, schema, values);
  updateShare();
}

function onReady(msg) {
  state.ready = true;
  for (const s of msg.solvers) {
    state.schemas.set(s.id, s);
    const o = document.createElement("option");
    o.value = s.id;
    o.textContent = `${s.id} — ${s.title}`;
    ui.solver.appendChild(o);
  }
  const v = msg.versions;
  ui.versions.textContent = `Pyodide ${v.pyodide} · Python ${v.python} · numpy ${v.numpy}`;
  ui.loading.hidden = true;
  selectSolver(msg.solvers[0].id);
  setStatus("ready");
  if (state.pendingLink) applyLinkSettings(state.pendingLink);
}

// ------------------------------------------------------------------ share links
function currentParamsForLink() {
  const schema = currentSchema();
  if (!schema) return {};
  try { return readParamForm(ui.params, schema); } catch { return {}; }
}

function updateShare() {
  if (!state.puzzle) return;
  const hash = encodeState({
    puzzle: boardToString(state.puzzle.cells), solver: ui.solver.value, seed: ui.seed.value || "0",
    params: currentParamsForLink(), maxSeconds: ui.maxSeconds.value,
  });
  ui.share.dataset.url = location.href.split("#")[0] + hash;
}

function openLink(hash) {
  let link;
  try {
    link = decodeState(hash);
  } catch (err) {
    showError(err.message);
    return;
  }
  clearError();
  ui.input.value = boardToString(link.puzzle.cells);
  ui.seed.value = String(link.seed);
  if (link.maxSeconds) ui.maxSeconds.value = String(link.maxSeconds);
  setPuzzle(link.puzzle);
  if (state.ready) applyLinkSettings(link); else state.pendingLink = link;
}

function applyLinkSettings(link) {
  state.pendingLink = null;
  const id = link.solver || ui.solver.value;
  const schema = state.schemas.get(id);
  if (!schema) {
    showError(`This link names an unknown solver '${id}'; choose one of ${[...state.schemas.keys()].join(", ")}.`);
    return;
  }
  let values;
  try {
    values = checkParams(schema, link.params);
  } catch (err) {
    showError(`This link's settings are not valid: ${err.message}.`);
    return;
  }
  selectSolver(id, values);
}

// ------------------------------------------------------------------ runs
function resetMetrics() {
  for (const dd of ui.metrics.querySelectorAll("dd")) dd.textContent = "–";
}

function start() {
  clearError();
  const schema = currentSchema();
  let params;
  try {
    params = readParamForm(ui.params, schema);
  } catch (err) {
    showError(err.message);
    return;
  }
  const seed = ui.seed.value.trim();
  if (!/^-?\d+$/.test(seed)) { showError(`The seed must be a whole number; got '${seed}'.`); return; }
  const maxSeconds = Number(ui.maxSeconds.value);
  if (!(maxSeconds > 0)) { showError("The time limit must be a positive number of seconds."); return; }
  state.runId += 1;
  state.running = { runId: state.runId };
  chart.setAxes(schema.series_axes);
  clearRunDisplay();
  updateShare();
  setStatus("running");
  worker.postMessage({
    type: "start", runId: state.runId, puzzle: boardToString(state.puzzle.cells), solver: schema.id,
    params, seed: parseInt(seed, 10), budget: { max_seconds: maxSeconds },
  });
}

function stop() {
  if (state.running) worker.postMessage({ type: "stop", runId: state.running.runId });
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
  if (!f || !f.progress) return;
  state.lastFrame = f;
  const p = f.progress;
  const boards = p.overlay && p.overlay.boards;
  offerViews(boards, p.overlay && p.overlay.view);
  const view = ui.view.value;
  const shown = (view && boards && boards[view]) || p;
  const shade = view && p.overlay.shade && p.overlay.shade[view];
  const candidates = !view && p.overlay && p.overlay.candidates;
  if (p.overlay && p.overlay.trace) {
    replay.update(p.overlay.program, p.overlay.trace);
    const { cells, highlight } = replay.board(state.puzzle.cells);
    board.show(cells, state.puzzle.cells, new Set(), null, null, highlight);
  } else {
    board.show(stringToCells(shown.board), state.puzzle.cells, new Set(shown.conflict_cells), shade || null,
      candidates || null);
  }
  const m = (k, v) => { ui.metrics.querySelector(`[data-metric="${k}"]`).textContent = v; };
  m("iteration", p.iteration.toLocaleString("en"));
  m("evaluations", p.evaluations.toLocaleString("en"));
  m("best", Number.isInteger(p.best) ? String(p.best) : p.best.toFixed(3));
  m("conflicts", String(p.conflicts));
  m("restarts", String(p.restarts));
  m("elapsed", `${f.elapsed.toFixed(2)} s`);
  m("rate", f.elapsed > 0 ? Math.round(p.evaluations / f.elapsed).toLocaleString("en") : "–");
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
  state.running = null;
  paint();
  const s = msg.stop_reason === "solved" ? "solved" : msg.stop_reason === "stopped" ? "stopped"
    : msg.stop_reason === "error" ? "error" : "failed";
  const detail = `${msg.iterations.toLocaleString("en")} iterations, ${msg.seconds.toFixed(2)} s` +
    (msg.stop_reason === "stalled" ? " (the search stalled)" : "");
  if (s === "error") showError(`The run failed: ${msg.message || "unknown error"}`);
  setStatus(s, detail);
}

worker.onmessage = (e) => {
  const msg = e.data;
  switch (msg.type) {
    case "loading":
      ui.loadProgress.value = msg.loaded;
      ui.loadProgress.max = msg.total;
      ui.loadLabel.textContent = msg.stage === "done" ? "Ready." :
        `Loading ${{ runtime: "the Python runtime", numpy: "numpy", solvers: "the solvers" }[msg.stage]} (${msg.loaded + 1}/${msg.total})…`;
      break;
    case "ready": onReady(msg); break;
    case "checked": onChecked(msg); break;
    case "progress": onProgress(msg); break;
    case "done": onDone(msg); break;
    case "error":
      showError(msg.message);
      if (msg.runId !== undefined && state.running && msg.runId === state.running.runId) {
        state.running = null;
        setStatus("error");
      } else if (!state.ready) {
        setStatus("error");
        ui.loadLabel.textContent = "The Python runtime could not be loaded.";
      }
      break;
  }
};
worker.onerror = (e) => {
  showError(`The solver worker crashed: ${e.message || "unknown error"}`);
  setStatus("error");
};

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
ui.examples.addEventListener("change", () => {
  if (!ui.examples.value) return;
  ui.input.value = ui.examples.value;
  loadFromText(ui.input.value);
  ui.examples.value = "";
});
ui.solver.addEventListener("change", () => selectSolver(ui.solver.value));
ui.view.addEventListener("change", () => paint());
ui.params.addEventListener("change", updateShare);
ui.seed.addEventListener("input", updateShare);
ui.maxSeconds.addEventListener("input", updateShare);
ui.start.addEventListener("click", start);
ui.stop.addEventListener("click", stop);
ui.share.addEventListener("click", async () => {
  updateShare();
  try {
    await navigator.clipboard.writeText(ui.share.dataset.url);
    ui.share.textContent = "Link copied";
  } catch {
    ui.share.textContent = "Link ready (copy from the address bar)";
  }
  history.replaceState(null, "", ui.share.dataset.url);
  setTimeout(() => { ui.share.textContent = "Copy share link"; }, 2000);
});
window.addEventListener("hashchange", () => { if (location.hash) openLink(location.hash); });
window.addEventListener("resize", () => chart.resize());

setStatus("loading");
if (location.hash.length > 1) {
  openLink(location.hash);
} else {
  const first = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
  ui.input.value = first;
  loadFromText(first);
}
loadExamples();

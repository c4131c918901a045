// The Solve view: one solver on the loaded puzzle. Start runs the settings on the page's worker;
// frames paint the board, the metrics and the convergence chart at most once per animation
// frame; a finished run shows its verified solution (whatever view of the solver's was
// chosen; those stay offered), and its result stays the view's until the puzzle changes.
import { stringToCells } from "../draw/board.js";
import { Chart } from "../draw/chart.js";
import { Replay } from "../draw/replay.js";
import { bestLabel, chartDescription, chosenBestLabel, chosenBoard, metricTexts, viewNote } from "./frame.js";
import { shownSchema } from "../settings/built-schemas.js";
import { mountSolveNotes } from "./notes.js";
import { sendSolve } from "./send.js";
import { boardShowsRun } from "../puzzle/panel.js";
import { mountStartStop } from "../start-stop.js";

// worker: what runs a Solve, {run(spec, onFrame)} — the page's worker, or a run on several workers (app.js)
export function mountSolve(store, actions, worker, board) {
  const $ = (id) => document.getElementById(id);
  const ui = { start: $("start"), stop: $("stop"), said: $("start-stop-said"), metrics: $("metrics"), view: $("board-view"),
    viewLabel: $("board-view-label"), viewNote: $("board-view-note"), bestLabel: $("best-label"),
    chartNote: $("chart-note"), stopPoint: $("stop-point") };
  const chart = new Chart($("chart"));
  const replay = new Replay({ panel: $("replay"), program: $("program"), slider: $("replay-slider"),
    prev: $("replay-prev"), next: $("replay-next"), label: $("replay-label") }, () => frames.paint());
  const views = boardViews(ui, store);
  const frames = runFrames({ ui, chart, replay, views, board, store });
  defineSolveRun({ store, actions, worker, board, chart, frames });
  mountStartStop(store, actions, { start: ui.start, stop: ui.stop, said: ui.said }, () => "solve");
  ui.view.addEventListener("change", () => { views.note(); frames.paint(); });
  mountBestLabel(store, ui.bestLabel);
  followState(store, ui, views, frames);
  mountSolveNotes(store, ui.chartNote, ui.stopPoint);
  window.addEventListener("resize", () => chart.resize());
  return { chart };
}

// The one start path (actions.start) asks this view only how a run begins on screen and what it sends.
function defineSolveRun({ store, actions, worker, board, chart, frames }) {
  actions.defineRun("solve", {
    paint({ schema, seed }, s) {
      chart.setAxes(schema.series_axes);
      chart.describe(chartDescription(schema, seed, s.puzzle.n));
      frames.clear();
    },
    async body(values, ctx) {
      const { cells } = ctx.state.puzzle;
      board.draw({ values: cells, givens: cells, running: true });   // a large board draws its canvas before the first frame
      let mine = null;
      try {
        return await sendSolve({ worker, store, actions }, values, ctx,
          { sent: (id) => { frames.follow(mine = id); }, onFrame: frames.onFrame });
      } finally {
        frames.unfollow(mine);
        if (!frames.shown()) board.settle();                   // no frame came: the cells take the puzzle back
      }
    },
  });
}

// A run's frames onto the board, the metrics and the chart: the chart takes every frame, the
// rest paint at most once per animation frame, only for the run this view follows.
function runFrames({ ui, chart, replay, views, board, store }) {
  let frame = null;                  // the latest frame, not yet painted
  let lastFrame = null;              // the frame on the board (repainted when the view changes)
  let runId = null;                  // the run whose frames this view paints

  function onFrame(id, msg) {
    if (id !== runId) return;                 // an abandoned run's last frames paint nothing
    chart.append(msg.series, msg.points, msg.events);
    const first = !frame;
    frame = msg;
    if (first) requestAnimationFrame(paint);
  }

  // Forget the previous run's frames, extra boards, replay, chart and metrics.
  function clear() {
    frame = lastFrame = null;
    views.offer({});
    replay.reset();
    chart.reset([]);
    for (const dd of ui.metrics.querySelectorAll("dd")) dd.textContent = "–";
  }

  function paint() {
    const f = frame || lastFrame;
    frame = null;
    const s = store.state;
    if (!f || !s.puzzle || !boardShowsRun(s)) return;
    ui.metrics.dataset.longestStepMs = (1000 * (f.longest_step || 0)).toFixed(1);
    showMetrics(ui.metrics, f);
    if (!f.progress) return;            // a long first step (e.g. a large GP population): time passing only
    lastFrame = f;
    const p = f.progress;
    views.offer(p.overlay && p.overlay.boards);
    if (p.overlay && p.overlay.trace) replay.update(p.overlay.program, p.overlay.trace);
    drawRunBoard(board, replay, s, p, ui.view.value);
    if (f.objective) labelBest(ui.bestLabel, f.objective, f.objective.best);
  }

  return { onFrame, clear, paint, follow: (id) => { runId = id; },
    unfollow: (id) => { if (runId === id) runId = null; }, shown: () => lastFrame !== null };
}

// A new puzzle takes the old run's display away; coming back to Solve shows its run again; a
// solved run shows its solution (the extra boards stay offered).
function followState(store, ui, views, frames) {
  let shownPuzzle = null;
  store.on(["puzzle", "results", "view"], (s) => {
    if (s.puzzle !== shownPuzzle) {
      shownPuzzle = s.puzzle;
      if (!(s.running && s.running.kind === "solve")) frames.clear();
    }
    if (boardShowsRun(s)) requestAnimationFrame(frames.paint);
  });
  let shownResult = null;
  store.on(["results"], (s) => {
    if (s.results.solve === shownResult) return;
    shownResult = s.results.solve;
    const r = shownResult && shownResult.result;
    if (r && r.solved) { ui.view.value = ""; views.note(); }  // show the solution; the views stay offered
    if (r) requestAnimationFrame(frames.paint);
  });
}

// The board a frame shows (p: its progress; view: the extra board chosen, "" for the best
// candidate): a solved run's verified solution, gp_moves' replay, or the chosen board.
function drawRunBoard(board, replay, s, p, view) {
  const result = s.results.solve && s.results.solve.result;
  if (result && result.solved && !view && !replay.touched) {
    board.show(stringToCells(result.board), s.puzzle.cells);      // the verified solution
  } else if (p.overlay && p.overlay.trace) {
    const { cells, highlight } = replay.board(s.puzzle.cells);
    board.show(cells, s.puzzle.cells, new Set(), null, null, highlight);
  } else {
    board.draw(chosenBoard(s, p, view));   // the board draws it when it can
  }
}

// Solvers may offer extra boards (e.g. the crowd's aggregate); the visitor picks which one
// shows. The best candidate shows by default: it is the board the metrics describe. An extra
// board says what it is (the schema's `views`), and that the metrics are the best candidate's.
function boardViews(ui, store) {
  function note() {
    const view = ui.view.value;
    const text = viewNote(view, store.state.schemas.get(store.state.settings.solver));
    ui.viewNote.hidden = !view;
    if (ui.viewNote.textContent !== text) ui.viewNote.textContent = text;
  }
  function offer(boards) {
    const names = Object.keys(boards || {});
    const have = [...ui.view.options].slice(1).map((o) => o.value);
    if (names.join(",") !== have.join(",")) {
      const keep = ui.view.value;
      ui.view.replaceChildren(ui.view.options[0]);
      for (const name of names) ui.view.add(new Option(name, name));
      ui.view.value = names.includes(keep) ? keep : "";
    }
    ui.viewLabel.hidden = names.length === 0;
    note();
  }
  return { offer, note };
}

// The measure the "best" metric shows, and which way is better.
function labelBest(el, objective, bestPossible = null) {
  showLabel(el, bestLabel(objective, bestPossible));
}

function showLabel(el, { text, title }) {
  if (el.textContent !== text) el.textContent = text;
  if (el.title !== title) el.title = title;
}

// Between runs, the "best" metric names the chosen solver's measure (frame.js chosenBestLabel);
// before Ready, from the build's schemas (built-schemas.js), so its line does not wrap at Ready.
function mountBestLabel(store, el) {
  const label = (s) => {
    const schema = shownSchema(s);              // after Ready none (a bad link's solver) names no measure: "best"
    if (!s.running && (schema || s.schemas.size)) showLabel(el, chosenBestLabel(schema, s.own.text));
  };
  store.on(["settings", "schemas", "builtSchemas", "own"], label);
}

// A frame's metrics (f: the frame); before its first progress, only the time passing.
function showMetrics(el, f) {
  for (const [k, v] of metricTexts(f)) el.querySelector(`[data-metric="${k}"]`).textContent = v;
}

// The Solve view: one solver on the loaded puzzle. Start runs the settings on the page's worker;
// frames paint the board, the metrics and the convergence chart at most once per animation
// frame; a finished run shows its verified solution (whatever view of the solver's was
// chosen; those stay offered), and its result stays the view's until the puzzle changes.
import { stringToCells } from "../draw/board.js";
import { Chart } from "../draw/chart.js";
import { Replay } from "../draw/replay.js";
import { boardToString } from "../rules/parse.js";
import { RunRefused, WorkerLost } from "../python/client.js";
import { stepWord } from "../python/messages.js";
import { replayPointOf, runFragment, stopPointAfter } from "./stop-point.js";
import { mountSolveNotes } from "./notes.js";
import { read } from "../rules/read.js";
import { boardShowsRun } from "../puzzle/panel.js";
import { clashingGivens } from "../state.js";

// takePaste(): the paste box's puzzle onto the board if it shows another (puzzle/panel.js); false: unreadable
// worker: what runs a Solve, {run(spec, onFrame)} — the page's worker, or the team of workers (app.js)
export function mountSolve(store, actions, worker, board, shareLink, takePaste) {
  const $ = (id) => document.getElementById(id);
  const ui = { start: $("start"), stop: $("stop"), metrics: $("metrics"), view: $("board-view"),
    viewLabel: $("board-view-label"), viewNote: $("board-view-note"), bestLabel: $("best-label"),
    chartNote: $("chart-note"), stopPoint: $("stop-point") };
  const chart = new Chart($("chart"));
  const replay = new Replay({ panel: $("replay"), program: $("program"), slider: $("replay-slider"),
    prev: $("replay-prev"), next: $("replay-next"), label: $("replay-label") }, () => paint());
  let frame = null;                  // the latest frame, not yet painted
  let lastFrame = null;              // the frame on the board (repainted when the view changes)
  let runId = null;                  // the run whose frames this view paints

  // ------------------------------------------------------------------ start and stop
  function start() {
    if (store.state.running) return;
    if (!store.state.making && !takePaste()) return;                 // the box's text cannot be read: it says why
    const s = store.state;
    if (s.making) { actions.waitForPuzzle("solve", start); return; }   // the puzzle a link names, not the one shown before
    // Solve is judged on Solve's settings only (a race entry's problem is not its own)
    const { values: { schema, params, seed, max_seconds, max_iterations, max_evaluations, workers, exchange }, problems } = read("solve", s);
    if (problems.size || !schema) {
      for (const [k, m] of problems) if (!store.state.problems.has(k)) actions.setProblem(k, m);
      actions.reportProblems("Nothing was started. Fix the marked settings first:", new Set(problems.keys()));
      return;
    }
    if (clashingGivens(s)) {                                          // the check named the clash: no run can help
      actions.notify(`Nothing was started. ${s.check.message || "The givens clash, so the puzzle has no solution."}`, "check");
      return;
    }
    actions.clearNotice();
    // a link's stop point, while the settings are its run's: the run ends at that step
    const budget = { max_seconds, max_iterations, max_evaluations, stop_at: replayPointOf(s) };
    const spec = { puzzle: boardToString(s.puzzle.cells), solver: schema.id, params, seed, ...budget, workers, exchange };
    const fragment = runFragment(s);
    chart.setAxes(schema.series_axes);
    const step = stepWord(schema);
    const N = s.puzzle.n * s.puzzle.n;
    chart.describe({ title: `${schema.id} on a ${N}×${N}, seed ${seed}: its measures per ${step}`, xLabel: `${step}s`,
      yLabel: "", labels: schema.series_labels || {} });
    clearRunDisplay();
    actions.run("solve", shareLink(), async ({ setPhase, onStop }) => {
      board.draw({ values: s.puzzle.cells, givens: s.puzzle.cells, running: true });   // a large board draws its canvas before the first frame
      const handle = worker.run(spec, (msg) => onFrame(handle.runId, msg));
      runId = handle.runId;
      onStop(handle.stop);
      setPhase("running");
      try {
        const result = await handle.done;
        // Stop or the time limit ended it: its link carries where, so a replay stops there too
        const step = stopPointAfter(result, budget);
        store.set({ stopPoint: step === null ? null : { fragment, step, replay: false } });
        return { result, link: store.state.running ? store.state.running.link : shareLink() };
      } catch (err) {
        if (err instanceof RunRefused) {
          if (err.field) {
            actions.setProblem(err.field === "solver" ? "s" : err.field, err.message);
            actions.reportProblems("Nothing was started. Fix the marked settings first:");
          } else {
            actions.notify(err.message, "run");
          }
          return null;
        }
        if (err instanceof WorkerLost) return null;       // said by the worker's owner
        throw err;
      } finally {
        if (runId === handle.runId) runId = null;
        if (!lastFrame) board.settle();                   // no frame came: the cells take the puzzle back
      }
    });
  }

  ui.start.addEventListener("click", start);
  ui.stop.addEventListener("click", () => { if (actions.isCurrent("solve") || actions.isWaiting("solve")) actions.stop(); });

  // ------------------------------------------------------------------ frames
  function onFrame(id, msg) {
    if (id !== runId) return;                 // an abandoned run's last frames paint nothing
    chart.append(msg.series, msg.points, msg.events);
    const first = !frame;
    frame = msg;
    if (first) requestAnimationFrame(paint);
  }

  // Forget the previous run's frames, extra boards, replay, chart and metrics.
  function clearRunDisplay() {
    frame = lastFrame = null;
    offerViews({});
    replay.reset();
    chart.reset([]);
    for (const dd of ui.metrics.querySelectorAll("dd")) dd.textContent = "–";
  }

  // Solvers may offer extra boards (e.g. the crowd's aggregate); the visitor picks which one
  // shows. The best candidate shows by default: it is the board the metrics describe. An extra
  // board says what it is (the schema's `views`), and that the metrics are the best candidate's.
  function offerViews(boards) {
    const names = Object.keys(boards || {});
    const have = [...ui.view.options].slice(1).map((o) => o.value);
    if (names.join(",") !== have.join(",")) {
      const keep = ui.view.value;
      ui.view.replaceChildren(ui.view.options[0]);
      for (const name of names) ui.view.add(new Option(name, name));
      ui.view.value = names.includes(keep) ? keep : "";
    }
    ui.viewLabel.hidden = names.length === 0;
    noteView();
  }

  function noteView() {
    const view = ui.view.value;
    const schema = store.state.schemas.get(store.state.settings.solver);
    const what = view && schema && schema.views ? schema.views[view] : "";
    const text = view ? `Shown: ${view}${what ? ` — ${what}` : ""}. The metrics describe the best candidate.` : "";
    ui.viewNote.hidden = !view;
    if (ui.viewNote.textContent !== text) ui.viewNote.textContent = text;
  }

  function labelBest(objective, bestPossible = null) {
    const arrow = objective.direction === "min" ? "lower is better" : "higher is better";
    const text = `best: ${objective.name}`;
    const title = bestPossible === null ? arrow : `${arrow}; a solution scores ${bestPossible}`;
    if (ui.bestLabel.textContent !== text) ui.bestLabel.textContent = text;
    if (ui.bestLabel.title !== title) ui.bestLabel.title = title;
  }

  function paint() {
    const f = frame || lastFrame;
    frame = null;
    const s = store.state;
    if (!f || !s.puzzle || !boardShowsRun(s)) return;
    ui.metrics.dataset.longestStepMs = (1000 * (f.longest_step || 0)).toFixed(1);
    if (!f.progress) {            // a long first step (e.g. a large GP population): show time passing
      ui.metrics.querySelector('[data-metric="elapsed"]').textContent = `${f.elapsed.toFixed(2)} s`;
      return;
    }
    lastFrame = f;
    const p = f.progress;
    const boards = p.overlay && p.overlay.boards;
    offerViews(boards);
    const view = ui.view.value;
    const result = s.results.solve && s.results.solve.result;
    if (p.overlay && p.overlay.trace) replay.update(p.overlay.program, p.overlay.trace);
    if (result && result.solved && !view && !replay.touched) {
      board.show(stringToCells(result.board), s.puzzle.cells);      // the verified solution
    } else if (p.overlay && p.overlay.trace) {
      const { cells, highlight } = replay.board(s.puzzle.cells);
      board.show(cells, s.puzzle.cells, new Set(), null, null, highlight);
    } else {
      const shown = (view && boards && boards[view]) || p;
      const shade = view && p.overlay.shade && p.overlay.shade[view];
      const candidates = !view && p.overlay && p.overlay.candidates;
      const running = !!(s.running && s.running.kind === "solve");
      board.draw({ values: stringToCells(shown.board), givens: s.puzzle.cells, conflicts: new Set(shown.conflict_cells),
        shade: shade || null, candidates: candidates || null, running });   // the board draws it when it can
    }
    const m = (k, v) => { ui.metrics.querySelector(`[data-metric="${k}"]`).textContent = v; };
    m("iteration", p.iteration.toLocaleString("en"));
    m("evaluations", p.evaluations.toLocaleString("en"));
    m("best", p.best === null ? "–" : Number.isInteger(p.best) ? String(p.best) : p.best.toFixed(3));
    m("conflicts", String(p.conflicts));
    m("open_cells", String(p.open_cells));
    m("empty_cells", String(p.empty_cells));
    m("clashing_cells", String(p.clashing_cells));
    m("restarts", String(p.restarts));
    m("workers", String(f.workers || 1));
    m("elapsed", `${f.elapsed.toFixed(2)} s`);
    m("rate", f.elapsed > 0 ? Math.round(p.evaluations / f.elapsed).toLocaleString("en") : "–");
    if (f.objective) labelBest(f.objective, f.objective.best);
  }

  ui.view.addEventListener("change", () => { noteView(); paint(); });

  // ------------------------------------------------------------------ state -> view
  store.on(["settings", "schemas"], (s) => {
    if (s.running || !s.schemas.size) return;
    const schema = s.schemas.get(s.settings.solver);
    if (schema) labelBest(schema.objective);
    else { ui.bestLabel.textContent = "best"; ui.bestLabel.title = "no solver chosen"; }   // not the last solver's measure
  });

  // a new puzzle takes the old run's display away; coming back to Solve shows its run again
  let shownPuzzle = null;
  store.on(["puzzle", "results", "view"], (s) => {
    if (s.puzzle !== shownPuzzle) {
      shownPuzzle = s.puzzle;
      if (!(s.running && s.running.kind === "solve")) clearRunDisplay();
    }
    if (boardShowsRun(s)) requestAnimationFrame(paint);
  });

  let shownResult = null;
  store.on(["results"], (s) => {
    if (s.results.solve === shownResult) return;
    shownResult = s.results.solve;
    const r = shownResult && shownResult.result;
    if (r && r.solved) { ui.view.value = ""; noteView(); }  // show the solution; the views stay offered
    if (r) requestAnimationFrame(paint);
  });

  mountSolveNotes(store, ui.chartNote, ui.stopPoint);

  store.on(["ready", "puzzle", "running", "making", "problems", "paste"], (s) => {
    // no puzzle but a problem (a link's puzzle that cannot be used): Start says what to fix;
    // no puzzle but text in the paste box: Start reads it
    ui.start.disabled = !s.ready || !!s.running || !(s.puzzle || s.making || s.problems.size || s.paste.trim());
    ui.stop.disabled = !(s.running && s.running.kind === "solve") && !(s.making && s.making.waiting === "solve");
  });

  window.addEventListener("resize", () => chart.resize());
  return { chart };
}

// The status line, the load's bar and the versions: what the page is doing, from the state.
// While a comparison starts, it says what each worker is loading (workers load Python once,
// 8–40 s on a slow machine), so "starting…" is never unexplained.
import { stateOf, cellsLeft, cellsLeftText, stepCount, failedText, solvedAtStart, overshootText, loadingText } from "../python/messages.js";
import { judges } from "../rules/table.js";
import { clashingGivens, provenUnsolvable } from "../rules/read.js";
import { unsolvableStatus } from "../start-check.js";
import { AWAITS_CONSENT } from "../own/code.js";

const TEXT = {
  loading: "Loading Python…", ready: "Ready.", running: "Running…", solved: "Solved.",
  stopped: "Stopped.", failed: "Not solved within the budget.", unsolvable: "No solution.", error: "Error.",
};

// a run on several workers that says how it went (a portfolio names its winning seed: "Portfolio runs")
const several = (res) => !!res.kind && !!res.message;

export function status(s) {
  if (s.failure) return ["error", s.failure];
  if (!s.ready) return ["loading", loadingText(s.loading), true];
  const r = s.running;
  if (r) {
    const starting = r.phase === "starting";
    const text = {
      solve: starting && r.detail ? `Starting the run ${r.detail}…` : "Running…",
      race: starting ? `Starting the race: ${r.detail}…` : `Racing ${r.detail}…`,
      experiment: starting ? `Starting the experiment: ${r.detail}…` : `Running the experiment${r.detail ? `: ${r.detail}` : ""}…`,
    }[r.kind];
    return ["running", text, true];
  }
  if (s.making) {
    return ["ready", `Making the puzzle ${s.making.spec}… ` +
      (s.making.waiting ? "Start waits for it: the run starts as soon as it is on the board." : "Start waits for it."), true];
  }
  if (s.view === "solve" && s.results.solve && s.results.solve.result) {
    const res = s.results.solve.result;
    const state = stateOf(res);
    const early = solvedAtStart(res, s.check && s.check.rating);
    const detail = state === "unsolvable" ? res.message || "" :
      `${stepCount(res.iterations, s.schemas.get(res.solver))}, ${res.seconds.toFixed(2)} s` +
      (state !== "solved" && state !== "error" && cellsLeft(res) ? `, ${cellsLeftText(cellsLeft(res))} left` : "") +
      (early ? ` — ${early}` : "") +
      (state === "error" ? `: ${res.message || "the solver failed without a message"}` : "") +
      (several(res) && state !== "error" ? ` — ${res.message}` : "");
    const over = overshootText(res, s.results.solve.max_iterations, s.schemas.get(res.solver));
    if (state === "failed") return [state, `${failedText(res, s.schemas.get(res.solver))} ${detail}${over ? ` ${over}` : ""}`, true];
    return [state, detail];
  }
  // marked settings (a bad link's, say): ready, but Start will say what to fix first
  const marked = [...s.problems.keys()].filter((k) => judges(s.view, k, s)).length;
  if (marked) {
    return ["ready", marked === 1 ? "A marked setting cannot be used: fix it before starting (the message says how)."
      : `${marked} marked settings cannot be used: fix them before starting (the message says how).`];
  }
  if (s.view === "solve" && s.puzzle && clashingGivens(s)) {
    return ["ready", "The givens clash, so the puzzle has no solution: Start runs nothing until the puzzle changes."];
  }
  if (s.view === "solve" && s.puzzle && provenUnsolvable(s)) return ["ready", unsolvableStatus(s, "the solver")];
  // a link's code waits for the visitor's consent: "Ready." alone would read as if it had loaded
  if (!s.own.trusted) return ["ready", AWAITS_CONSENT];
  return ["ready", ""];
}

export function mountStatus(store) {
  const $ = (id) => document.getElementById(id);
  const ui = { status: $("status"), loading: $("loading"), bar: $("load-progress"), versions: $("versions") };
  store.on(["loading", "ready", "failure", "running", "results", "view", "making", "problems", "schemas", "settings", "check", "watchFailure", "own"], (s) => {
    const [state, detail, whole] = status(s);
    ui.status.dataset.state = state;
    ui.status.setAttribute("aria-busy", String(state === "loading"));   // a screen reader waits for Ready, not each count
    ui.status.textContent = whole ? detail : detail ? `${TEXT[state]} ${detail}` : TEXT[state];
  });
  store.on(["loading", "ready", "failure"], (s) => {     // the bar: the words are the status line's
    ui.loading.hidden = s.ready || !!s.failure;
    if (!s.loading || ui.loading.hidden) return;
    const { loaded, total, bytes, bytes_total: of } = s.loading;
    ui.bar.max = total;
    ui.bar.value = loaded + (of ? bytes / of : 0);      // a step's bytes fill its share of the bar
  });
  store.on(["versions", "loadTimes"], (s) => {
    if (s.loadTimes) ui.versions.dataset.load = JSON.stringify(s.loadTimes);
    if (s.versions) ui.versions.textContent = `Sudoku Lab ${s.versions.sudoku_lab} · Pyodide ${s.versions.pyodide} · Python ${s.versions.python} · numpy ${s.versions.numpy}`;
  });
}

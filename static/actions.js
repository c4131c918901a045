// What a visitor can do that touches more than one part of the page: set the puzzle, report
// problems, start and stop whatever runs. Each action only sets state (and talks to the
// worker); the parts of the page follow as listeners (docs/design.md, "The page").
//
// "Running" has one answer for the page: a single run, a race or an experiment. Setting a
// new puzzle abandons it first — by construction, not by each caller remembering to.

import { labelOf, problemLine } from "./rules/table.js";

export { labelOf };                 // the labels live in the settings table

export function createActions(store) {
  let current = null;               // {kind, stop(), stopped} of what runs

  // ------------------------------------------------------------------ the message box
  // kind: "error" (the default: something went wrong) or "info" (worth saying, not an error)
  function notify(text, source = "", kind = "error") {
    store.set({ notice: { text, source, kind } });
  }

  function clearNotice(source = null) {
    const n = store.state.notice;
    if (!n || (source !== null && n.source !== source)) return;
    store.set({ notice: null });
  }

  // ------------------------------------------------------------------ problems, setting by setting
  function setProblem(key, message) {
    const problems = new Map(store.state.problems);
    if (message) problems.set(key, message); else problems.delete(key);
    store.set({ problems });
  }

  function clearProblems(keep = () => false) {
    store.set({ problems: new Map([...store.state.problems].filter(([k]) => keep(k))) });
  }

  function reportProblems(intro = "Some settings cannot be used (the others are kept). Fix the marked ones before starting:",
    keys = null) {
    const list = [...store.state.problems].filter(([k]) => !keys || keys.has(k));
    if (!list.length) { clearNotice("problems"); return; }
    notify(`${intro}\n${list.map(([k, m]) => `• ${problemLine(k, m)}`).join("\n")}`, "problems");
  }

  // A field the visitor edits is theirs again: its problem goes, the rest stay said.
  function fieldEdited(key) {
    if (!store.state.problems.has(key)) return;
    setProblem(key, null);
    if (store.state.problems.size) reportProblems(); else clearNotice("problems");
  }

  // ------------------------------------------------------------------ the puzzle
  // A new puzzle: whatever runs is abandoned, and the views' results (of the old puzzle) go.
  // It ends the making of another (a puzzle set meanwhile wins, and a Start that waited for the
  // one being made says it no longer waits); a Start that waited for the made puzzle
  // (waitForPuzzle) goes on now that it is on the board. null: no puzzle (a link's puzzle that
  // cannot be read: the board shows none rather than the one before).
  function setPuzzle(puzzle) {
    abandon();
    const made = store.state.making && puzzle && puzzle.spec ? waiting : null;    // only the generator's puzzles have a spec
    endMaking(made ? null : puzzle ? "another puzzle" : "a link whose puzzle cannot be read");
    const problems = new Map(store.state.problems);
    problems.delete("p");
    const { experiment } = store.state.results;
    store.set({ puzzle, check: null, problems, results: { solve: null, race: null, experiment } });
    clearNotice("check");                 // the check's message spoke of the puzzle just replaced
    if (made) made();
  }

  // The generator makes a puzzle (spec: its settings, as `16:0.45:7`; n: the box size): until
  // it is on the board, Start waits for it and the share link names it (docs/design.md, "The page").
  function making(spec, n) {
    endMaking(`the puzzle ${spec}`);
    store.set({ making: { spec, n, waiting: null } });
  }

  // The making ended without a puzzle (failed, superseded): a waiting Start says why it never began.
  function madeNothing(spec, why) {
    if (!store.state.making || store.state.making.spec !== spec) return;
    const wasWaiting = !!store.state.making.waiting;
    endMaking();
    if (wasWaiting) notify(`Nothing was started: the puzzle ${spec} could not be made${why ? ` (${why})` : ""}.`, "making");
  }

  // Start pressed while a puzzle is being made: `start` runs once it is on the board.
  let waiting = null;
  function waitForPuzzle(kind, start) {
    const m = store.state.making;
    waiting = start;
    store.set({ making: { ...m, waiting: kind } });
    notify(`Start waits for the puzzle being made (${m.spec}): it starts as soon as the puzzle is on the board.`, "making", "info");
  }

  // replacedBy: what replaced the puzzle being made; a Start that waited for it is dropped and says so
  // (docs/design.md, "The page": it was pressed for that puzzle, so it never runs another unasked).
  function endMaking(replacedBy = null) {
    const dropped = waiting && store.state.making ? store.state.making.spec : null;
    waiting = null;
    if (store.state.making) store.set({ making: null });
    clearNotice("making");
    if (dropped && replacedBy) {
      notify(`Nothing was started: the puzzle Start waited for (${dropped}) was replaced by ${replacedBy} ` +
        "before it was made. Press Start again to run on the puzzle shown.", "dropped");   // outlives the making's own notices
    }
  }

  // ------------------------------------------------------------------ what runs
  // kind: "solve" | "race" | "experiment"; link: the share link of what runs; body({setPhase,
  // onStop}) runs it and returns its outcome, which becomes the view's result. Returns false
  // when something already runs.
  async function run(kind, link, body) {
    if (store.state.running) return false;
    const me = { kind, stop: () => {}, stopped: false };
    current = me;
    store.set({ running: { kind, phase: "starting", detail: "", link },
      results: { ...store.state.results, [kind]: null } });
    store.flushNow();               // Stop is enabled before the click on Start returns (a Stop in its task stops it)
    const setPhase = (phase, detail = "") => {
      if (current === me) store.set({ running: { kind, phase, detail, link } });
    };
    const onStop = (fn) => { me.stop = fn; };
    let outcome = null;
    try {
      // The body starts in a task of its own: the click on Start ends at once, and what the
      // body builds (a race's lanes, an experiment's table) is laid out by the next frame
      // instead of inside the click. A Stop or a new puzzle meanwhile means it never starts.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (current === me && !me.stopped) outcome = await body({ setPhase, onStop });
    } finally {
      if (current === me) {
        current = null;
        store.set({ running: null, results: { ...store.state.results, [kind]: outcome } });
      }
    }
    return true;
  }

  // Stop what runs; it ends (and reports its result) within a slice of its worker.
  function stop() {
    if (waiting) {                  // a Start that waits for the puzzle being made: it no longer does
      waiting = null;
      store.set({ making: { ...store.state.making, waiting: null } });
      clearNotice("making");
    }
    if (!current) return;
    current.stopped = true;
    current.stop();
  }

  // Stop what runs and forget it at once: its result belongs to a puzzle no longer shown.
  function abandon() {
    if (!current) return;
    const me = current;
    current = null;                 // its body, if it has not begun, never will (run)
    me.stop();
    store.set({ running: null });
  }

  const isCurrent = (kind) => !!current && current.kind === kind;
  const isWaiting = (kind) => !!waiting && store.state.making && store.state.making.waiting === kind;

  return { notify, clearNotice, setProblem, clearProblems, reportProblems, fieldEdited, setPuzzle,
    making, madeNothing, waitForPuzzle, run, stop, abandon, isCurrent, isWaiting };
}

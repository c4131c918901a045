// What a visitor can do that touches more than one part of the page: set the puzzle, report
// problems, start and stop whatever runs. Each action only sets state (and talks to the
// worker); the parts of the page follow as listeners (docs/page.md, "The page").
//
// "Running" has one answer for the page: a single run, a race or an experiment. Setting a
// new puzzle abandons it first — by construction, not by each caller remembering to.
// Starting has one path: `start(view)` for Solve, Race and Experiment alike; each view only
// says what it sends (its `body`) and how it shows a run beginning (its `paint`).

import { problemLine } from "./rules/table.js";
import { runsTheBoard } from "./rules/read.js";
import { checkStart, makingFailed, nothingStarted, startWaits, startWaitsForPython, waitDropped } from "./start-check.js";
import { puzzleSet, replacedBy, resumedBy, saysStandingProblems, stopsTheWait } from "./action-rules.js";

// The message box and the problems, setting by setting.
function createNotices(store) {
  // kind: "error" (the default: something went wrong) or "info" (worth saying, not an error)
  function notify(text, source = "", kind = "error") {
    store.set({ notice: { text, source, kind } });
  }

  function clearNotice(source = null) {
    const n = store.state.notice;
    if (!n || (source !== null && n.source !== source)) return;
    store.set({ notice: null });
  }

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

  // A field the visitor edits is theirs again: its problem goes, the rest stay said; with none
  // left, a refused Start's message (which named them) goes too.
  function fieldEdited(key) {
    if (!store.state.problems.has(key)) return;
    setProblem(key, null);
    if (store.state.problems.size) { reportProblems(); return; }
    clearNotice("problems");
    clearNotice("start");
  }

  // A Start refused for a setting (a worker's refusal: its field): marked, and said as every refusal is.
  function refuse(key, message) {
    setProblem(key, message);
    notify(nothingStarted([problemLine(key, message)]), "start");
  }

  return { notify, clearNotice, setProblem, clearProblems, reportProblems, fieldEdited, refuse };
}

// What runs: one at a time for the whole page. `current` holds its Stop (a function, not state).
function createRuns(store) {
  let current = null;               // {kind, stop(), stopped} of what runs

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
  return { run, stop, abandon, isCurrent };
}

// page: what the actions ask of the page's parts, called only when a Start needs them:
// takePaste() (puzzle/panel.js: the paste box's puzzle onto the board; false when its text cannot
// be read, its problem marked) and link() (page/share.js: the share link of what a Start runs).
export function createActions(store, page) {
  const said = createNotices(store);
  const runs = createRuns(store);
  const made = createMaking(store, said);
  const starts = createStarts(store, page, said, runs);

  // A new puzzle: whatever runs is abandoned, and the views' results (of the old puzzle) go.
  // It ends the making of another (a puzzle set meanwhile wins, and a Start that waited for the
  // one being made says it no longer waits); a Start that waited for the made puzzle (only the
  // generator's puzzles have a spec) goes on now that it is on the board. null: no puzzle (a
  // link's puzzle that cannot be read: the board shows none rather than the one before).
  function setPuzzle(puzzle) {
    runs.abandon();
    const resume = resumedBy(store.state.making, puzzle);
    made.endMaking(resume ? null : replacedBy(puzzle));
    store.set(puzzleSet(store.state, puzzle));
    said.clearNotice("check");            // the check's and the count's messages spoke of the puzzle just replaced
    said.clearNotice("count");
    if (resume) starts.start(resume);
  }

  return { ...said, setPuzzle, making: made.making, madeNothing: made.madeNothing, ...starts, run: runs.run,
    abandon: runs.abandon, isCurrent: runs.isCurrent };
}

// The puzzle the generator makes (spec: its settings, as `16:0.45:7`; n: the box size): until
// it is on the board, Start waits for it and the share link names it (docs/page.md, "The page").
// Which view's Start waits is kept in the state alone (`making.waiting`).
function createMaking(store, said) {
  function making(spec, n) {
    endMaking(`the puzzle ${spec}`);
    store.set({ making: { spec, n, waiting: null } });
  }

  // The making ended without a puzzle (failed, superseded): a waiting Start says why it never began.
  function madeNothing(spec, why) {
    if (!store.state.making || store.state.making.spec !== spec) return;
    const wasWaiting = !!store.state.making.waiting;
    endMaking();
    if (wasWaiting) said.notify(makingFailed(spec, why), "making");
  }

  // replacement: what replaced the puzzle being made; a Start that waited for it is dropped and says so
  // (docs/page.md, "The page": it was pressed for that puzzle, so it never runs another unasked).
  function endMaking(replacement = null) {
    const m = store.state.making;
    const dropped = m && m.waiting ? m.spec : null;
    if (m) store.set({ making: null });
    said.clearNotice("making");
    if (dropped && replacement) {
      said.notify(waitDropped(dropped, replacement), "dropped");   // outlives the making's own notices
    }
  }

  return { making, madeNothing, endMaking };
}

// Starting and stopping in a view: each view's run (`defineRun`), the one path of a Start, a Stop.
function createStarts(store, page, said, runs) {
  const plans = new Map();          // view -> {paint, body}

  // A view's run: paint(values, state) shows it beginning (in the click's task); body(values,
  // {setPhase, onStop, state, link}) sends it and returns its outcome (actions.run).
  function defineRun(view, plan) { plans.set(view, plan); }

  // The one path of a Start: the paste box's puzzle onto the board → wait for a puzzle being made
  // → read the view's settings (start-check.js) → mark the problems and say them → run. Returns
  // the check (start-check.js checkStart), or null when it never got that far.
  function start(view) {
    const plan = plans.get(view);
    if (!plan || store.state.running) return null;
    if (!store.state.ready) {       // pressed before Python is ready: it runs at ready (the store's listener below)
      if (!store.state.failure) {
        store.set({ startsOnReady: view });
        said.notify(startWaitsForPython, "ready-wait", "info");
      }
      return null;
    }
    if (runsTheBoard(view, store.state) && !store.state.making && !page.takePaste()) {   // its problem is marked
      said.notify(nothingStarted([problemLine("p", store.state.problems.get("p") || "it cannot be read")]), "start");
      return null;
    }
    if (store.state.making) {       // the puzzle a link or Generate names, not the one shown before
      store.set({ making: { ...store.state.making, waiting: view } });
      said.notify(startWaits(store.state.making.spec), "making", "info");
      return null;
    }
    const checked = checkStart(view, store.state);
    if (!checked.values) {
      for (const [k, m] of checked.mark) said.setProblem(k, m);
      said.notify(checked.message, checked.source);
      return checked;
    }
    const n = store.state.notice;   // what was said before goes, but standing problems stay said
    if (n && !saysStandingProblems(n, store.state.problems)) said.clearNotice();
    const state = store.state;
    const link = page.link();       // what runs: frozen now (a link opened meanwhile abandons it)
    plan.paint(checked.values, state);
    runs.run(view, link, (ctx) => plan.body(checked.values, { ...ctx, state, link }));
    return checked;
  }

  // A Start pressed before Python was ready runs once it is, on the state as it is then, unless
  // Stop came first: in a task after the one that made it ready, so that what ready completes
  // (a link's solver and settings, read against the solvers' schemas) is in place first.
  store.on(["ready"], (s) => {
    if (!s.ready || !s.startsOnReady) return;
    setTimeout(() => {
      const view = store.state.startsOnReady;
      if (!store.state.ready || !view) return;
      store.set({ startsOnReady: null });
      said.clearNotice("ready-wait");
      start(view);
    }, 0);
  });

  // Stop in `view` (none: whatever runs or waits): its run, or its Start that waits for a puzzle or for Python.
  function stop(view = null) {
    if (store.state.startsOnReady && (view === null || store.state.startsOnReady === view)) {
      store.set({ startsOnReady: null });
      said.clearNotice("ready-wait");
    }
    const m = store.state.making;
    if (stopsTheWait(m, view)) {
      store.set({ making: { ...m, waiting: null } });
      said.clearNotice("making");
    }
    if (view === null || runs.isCurrent(view)) runs.stop();
  }

  const isWaiting = (view) => store.state.startsOnReady === view || (!!store.state.making && store.state.making.waiting === view);
  return { defineRun, start, stop, isWaiting };
}

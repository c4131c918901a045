// What Start checks before anything runs, for every view (Solve, Race, Experiment), and how a
// refused Start says why — written once, pure (no DOM; node tests it in tests/js/actions.test.mjs
// and tests/js/compare.test.mjs). actions.start is the one path that uses it (docs/page.md,
// "The page").
import { ownStartProblem } from "./own/code.js";
import { textsProblem } from "./own/texts.js";
import { clashingGivens, provenUnsolvable, read, runsTheBoard } from "./rules/read.js";
import { problemLine } from "./rules/table.js";

// What a refused Start says, every sentence of it here (actions.js says none of its own).
// The one sentence a refused Start says for its settings: what to fix, one line each (`lines`: problem lines).
export const nothingStarted = (lines) => `Nothing was started. Fix these first:\n• ${lines.join("\n• ")}`;

// A Start that waited for a puzzle being made, when the making failed (`why`: what went wrong, if known).
export const makingFailed = (spec, why = "") => `Nothing was started: the puzzle ${spec} could not be made${why ? ` (${why})` : ""}.`;

// A Start that waited for a puzzle being made, when another puzzle replaced it first: it was pressed
// for that puzzle, so it never runs another unasked.
export const waitDropped = (spec, replacedBy) => `Nothing was started: the puzzle Start waited for (${spec}) was replaced by ` +
  `${replacedBy} before it was made. Press Start again to run on the puzzle shown.`;

// Not a refusal: a Start pressed while a puzzle is being made waits for it, and says so.
export const startWaitsForPython = "Start waits for Python to load: the run starts as soon as it is ready.";
export const startWaits = (spec) => `Start waits for the puzzle being made (${spec}): it starts as soon as the puzzle is on the board.`;

// How a refusal for a puzzle with no solution begins: a refused Start, or a run stopped because the
// check's verdict came only after its Start (a puzzle typed into the box is checked when Start takes it).
const NOTHING_STARTED = "Nothing was started.";
const RUN_STOPPED = "The run was stopped.";

// A puzzle whose givens clash has no solution: no run can help, and Start says the check's words.
export const clashRefusal = (check, lead = NOTHING_STARTED) =>
  `${lead} ${(check && check.message) || "The givens clash, so the puzzle has no solution."}`;

// The words of the box that asks to run a puzzle proven to have no solution (page/watch-failure.js shows it).
export const RUN_ANYWAY = "Run it anyway";

// A puzzle proven to have no solution (givens that do not clash): Start says so and how to run it anyway.
export const unsolvableRefusal = (check, lead = NOTHING_STARTED) =>
  `${lead} ${(check && check.rating && check.rating.message) || "This puzzle has no solution."} ` +
  `To watch a solver fail on it anyway, tick “${RUN_ANYWAY}” beside Start.`;

// What Start does on a puzzle proven to have no solution, as the status lines say it (`who`: what would run).
export const unsolvableStatus = (s, who) => (s.watchFailure
  ? `This puzzle has no solution: Start runs ${who} anyway, to watch it fail.`
  : `This puzzle has no solution: Start runs nothing unless you tick “${RUN_ANYWAY}” beside it.`);

// Start in `view`, judged on that view's settings only (rules/read.js). Either {values} —
// what the view runs with, read.js's values — or a refusal {problems, mark, line, message,
// source}: `mark` the problems to set on their fields (a field that already has one, a link's
// say, keeps its own message; the entries' problem is said, not marked), `line` the pasted
// list's line to select, `message` the notice and `source` its source ("check" for a clash, so a
// new puzzle takes it away; "start" otherwise).
export function checkStart(view, state) {
  const { values, problems, line } = read(view, state);
  const verdict = problems.size ? null : noSolutionRefusal(view, state);
  if (verdict) return { problems, mark: new Map(), line: null, message: verdict, source: "check" };
  // the visitor's texts must be allowed to run, and each an entry names be there
  const own = problems.size ? null : (view === "solve" ? null : textsProblem(state.compare.entries, state.own)) || ownStartProblem(state, view);
  if (own) return { problems, mark: new Map(), line: null, message: nothingStarted([own]), source: "start" };
  if (!problems.size) return { values };
  const mark = new Map([...problems].filter(([k]) => !state.problems.has(k) && k !== "e"));
  return { problems, mark, line, source: "start",
    message: nothingStarted([...problems].map(([k, m]) => problemLine(k, m))) };
}

// What a Start of `view` says when the check has found that the board's puzzle has no solution
// (`lead`: how the sentence begins), or null when it may run: clashing givens never run; a puzzle
// proven to have none runs only with "Run it anyway" ticked.
function noSolutionRefusal(view, state, lead = NOTHING_STARTED) {
  if (!runsTheBoard(view, state)) return null;
  if (clashingGivens(state)) return clashRefusal(state.check, lead);
  if (provenUnsolvable(state) && !state.watchFailure) return unsolvableRefusal(state.check, lead);
  return null;
}

// A run under way whose puzzle the check has just found to have no solution (its verdict came after
// Start, as for a puzzle typed into the box, which Start takes and sends to be checked): what the
// page says as it stops the run, or null when the run goes on (page/watch-failure.js).
export const stopsForNoSolution = (state) =>
  (state.running ? noSolutionRefusal(state.running.kind, state, RUN_STOPPED) : null);

// Whether a view's Start and Stop can be pressed: Start while nothing runs (before Python is
// ready too: it then waits for it, once) and — for a Start on the board's puzzle — there is
// something to run or to say (a puzzle, one being made, text in the paste box, or a problem that
// Start names); Stop while the view's own run goes on, or while its Start waits for the puzzle
// being made or for Python. A runtime that failed to load takes Start away.
export function controls(view, s) {
  const something = !runsTheBoard(view, s) || !!(s.puzzle || s.making || s.problems.size || s.paste.trim());
  const waits = s.startsOnReady === view || (!!s.making && s.making.waiting === view);
  return {
    start: !s.failure && !s.running && !s.startsOnReady && something,
    stop: (!!s.running && s.running.kind === view) || waits,
  };
}

// Where the keyboard's focus goes when the buttons change (a disabled button drops it to the page's
// body): from a Start that its run disables to Stop, from a Stop that the run's end disables back to
// Start; `focused` is the button that had it ("start", "stop" or null). Returns "start", "stop" or null.
export function focusAfter(can, focused) {
  if (focused === "start" && !can.start && can.stop) return "stop";
  if (focused === "stop" && !can.stop && can.start) return "start";
  return null;
}

const WHAT_RUNS = { solve: "The run", race: "The race", experiment: "The experiment" };

// What the live region says when the focus moves (`to`: focusAfter's answer), so a screen reader hears where it went.
export const focusSaid = (view, to) => (to === "stop" ? `${WHAT_RUNS[view]} started; the focus is on Stop.`
  : `${WHAT_RUNS[view]} ended; the focus is on Start.`);

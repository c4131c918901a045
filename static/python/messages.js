// The worker messages the page sends, built in one place (docs/protocol.md, "Worker messages"),
// and what a run's stop reason means for the page: the state its status shows.
import { STOP_REASONS } from "../rules/limits.js";
import { kindOf } from "../rules/workers.js";

// budget: run.Budget's fields — the time limit, the step and evaluation budgets, the stop point
// (the last three only when set)
// code: a visitor's solver ({name, text}; solver "own"), loaded by the worker through the run protocol
export const startMessage = ({ runId, puzzle, solver, params, seed, max_seconds, max_iterations = null, max_evaluations = null,
  stop_at = null, lite = false, code = null }) => ({
  type: "start", runId, puzzle, solver, params, seed, ...(code ? { code } : {}),
  budget: { max_seconds, ...(max_iterations !== null ? { max_iterations } : {}), ...(max_evaluations !== null ? { max_evaluations } : {}),
    ...(stop_at !== null ? { stop_at } : {}) },
  ...(lite ? { frames: "lite" } : {}),
});

export const stopMessage = (runId) => ({ type: "stop", runId });

// One member of a run on several workers (docs/protocol.md, "Worker messages", runs on several workers): member w of `workers`,
// exchanging elites every `exchange` moves per worker; the budget as a run's.
// `lite` (a race lane's or an experiment job's) as a run's.
export const memberStartMessage = ({ runId, puzzle, solver = null, params, seed, member, workers, exchange, max_seconds,
  max_iterations = null, max_evaluations = null, lite = false }) => ({
  type: "member-start", runId, puzzle, ...(solver ? { solver } : {}), params, seed, member, workers, exchange,
  budget: startMessage({ max_seconds, max_iterations, max_evaluations }).budget,
  ...(lite ? { frames: "lite" } : {}),
});

// every member's report at a barrier, in worker order, and the run's seconds
export const memberSettleMessage = (runId, reports, elapsed) => ({ type: "member-settle", runId, reports, elapsed });

// another member's solution, at `count` (its report's solved_at): the member goes no further
export const memberCapMessage = (runId, count) => ({ type: "member-cap", runId, count });

export const dropMessage = (kind) => ({ type: "drop", kind });

export const requestMessage = (type, requestId, body) => ({ type, requestId, ...body });

// stop reason (docs/protocol.md, "The run protocol") -> the state the page shows: the limits table's
export const stateOf = (result) => STOP_REASONS[result.stop_reason] || "failed";

// What a failed run's headline says: a budget ran out, or the solver ended the search by its own
// stall rule (ga_woc: its best no better than `stall` generations before; hill_climb: nothing
// could move), which is no budget running out.
export function failedText(result, schema) {
  const why = stallWords(result, schema);
  return why ? `Not solved: ${why}.` : "Not solved within the budget.";
}

// Why an unsolved run ended before its budget, in words ("" when its budget ended it): its stall
// rule, or a visitor's run that returned. A race's lane says it short (`short`), the whole in its title.
export function stallWords(result, schema, short = false) {
  if (result.stop_reason !== "stalled") return "";
  if (schema && schema.own) return short ? "its run returned" : "the solver's run ended (run returned) without a solution";
  if (short) return "ended by its stall rule";
  const stall = result.params && Number.isInteger(result.params.stall) ? result.params.stall : null;
  const rule = stall === null ? "" : ` (its best no better than ${stall.toLocaleString("en")} ${stepWord(schema)}${stall === 1 ? "" : "s"} before)`;
  return `the search stopped by its stall rule${rule}`;
}

// A run solved at its step 0 (its chart has one point): how, when it can be told. When naked and
// hidden singles settle every empty cell (the puzzle's rating, rate.Rating: singles_cells ==
// empty_cells), the solver's propagation before its search did it; otherwise only that it came
// before the first step. "" for any other run.
export function solvedAtStart(result, rating) {
  if (!result || !result.solved || result.iterations !== 0) return "";
  const singles = rating && rating.empty_cells > 0 && rating.singles_cells === rating.empty_cells;
  return singles ? "solved by propagation before the first step" : "solved before the first step";
}

// A result's open cells named apart: {empty, clashing} (a board's '.' are its empty cells;
// the others of open_cells clash with a peer). Null when the run never had a board.
export function cellsLeft(result) {
  if (!result.board || result.open_cells === null || result.open_cells === undefined) return null;
  const empty = result.board.split(".").length - 1;
  return { empty, clashing: result.open_cells - empty };
}

// "3 empty cells and 10 clashing cells"
export const cellsLeftText = ({ empty, clashing }) =>
  `${empty} empty ${empty === 1 ? "cell" : "cells"} and ${clashing} clashing ${clashing === 1 ? "cell" : "cells"}`;

// A run that never started (stopped while its worker was still loading, or refused): the
// fields of a result, so every consumer handles one shape.
// (a job that asked for several workers says so in its parameters and its `kind`, as the result of a run on several workers does)
export function unstartedResult(job, stopReason, message = "") {
  return {
    solver: job.solver, seed: job.seed, params: job.workers > 1 ? { ...job.params, workers: job.workers } : job.params,
    solved: false, board: "", conflicts: null,
    open_cells: null, best: null, iterations: 0, evaluations: 0, seconds: 0, stop_reason: stopReason,
    restarts: 0, longest_step: 0, ...(message ? { message } : {}), ...(job.workers > 1 ? { kind: kindOf(job.solver) } : {}),
    started: false,
  };
}

// What a run's steps are called, by its solver's schema (`step`: iteration, generation, move,
// node): the Solve status line, its chart's axis and a race's lanes say the same word.
export const stepWord = (schema) => (schema && schema.step) || "iteration";

// "1,234 moves": a count of a run's steps in its solver's own word
export const stepCount = (n, schema) => `${n.toLocaleString("en")} ${stepWord(schema)}${n === 1 ? "" : "s"}`;

// A run its step budget ended past the budget (a solver that counts its steps in groups and does
// not take the runner's hint, run.Run.steps_left): why, in words; "" for any other run.
export function overshootText(result, maxIterations, schema) {
  if (!result || result.stop_reason !== "budget" || !maxIterations || !(result.iterations > maxIterations)) return "";
  return `${result.solver} counts its ${stepWord(schema)}s in groups and ends at the group that reaches the step ` +
    `budget: ${stepCount(result.iterations, schema)} for a budget of ${maxIterations.toLocaleString("en")}.`;
}

// a worker's loading stage (its `loading` message) in words, as a comparison's status and lanes say
// it: "worker 2 is loading numpy" (Python's start is part of loading the runtime; hello of finishing)
export const STAGE_WORDS = { runtime: "is loading the Python runtime", python: "is loading the Python runtime",
  numpy: "is loading numpy", solvers: "is loading the solvers", hello: "is finishing loading", done: "is finishing loading" };

// The page's own load in the status line, from its worker's latest `loading` message (none yet:
// null): the step under way and, for a step that fetches, how many of its bytes have come; once
// all have come, what the step does with them ("Loading numpy: all 3.1 MB fetched; unpacking and
// importing…": numpy's unpacking and import take seconds, and "3.1 of 3.1 MB" read as hung).
const STEP_TEXT = { runtime: "Loading Python", python: "Starting Python", numpy: "Loading numpy",
  solvers: "Importing the lab", hello: "Reading the lab's solvers" };
const AFTER_FETCH = { runtime: "compiling", numpy: "unpacking and importing", solvers: "unpacking and importing" };
const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

export function loadingText(loading) {
  if (loading && loading.stage === "done") return "Ready.";
  const stage = STEP_TEXT[loading && loading.stage] ? loading.stage : "runtime";
  const { bytes, bytes_total: total } = loading || {};
  if (!(total > 0)) return `${STEP_TEXT[stage]}…`;
  if (bytes >= total) return `${STEP_TEXT[stage]}: all ${megabytes(total)} MB fetched; ${AFTER_FETCH[stage] || "setting up"}…`;
  return `${STEP_TEXT[stage]}: ${megabytes(bytes)} of ${megabytes(total)} MB`;
}

// ------------------------------------------------------------------ what a visitor's worker may say
// A visitor's worker (python/visitor.js) runs code the lab did not write, which can post anything;
// each message it sends is checked against the protocol before the page reads it, and one that
// breaks it ends that worker (docs/visitor-solver.md, "The trust boundary").
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const isNumber = (v) => v === null || (typeof v === "number" && Number.isFinite(v));
const numbers = (list) => Array.isArray(list) && list.every((row) => Array.isArray(row) && row.every(isNumber));
const PROGRESS_NUMBERS = ["iteration", "evaluations", "best", "conflicts", "open_cells", "restarts", "empty_cells", "clashing_cells"];

function progressFrame(m) {
  const p = m.progress;
  return isCount(m.runId) && (m.points === undefined || numbers(m.points)) && (m.trace === undefined || numbers(m.trace))
    && (m.series === undefined || (Array.isArray(m.series) && m.series.every((s) => typeof s === "string")))
    && (m.events === undefined || Array.isArray(m.events)) && (m.result === undefined || isObject(m.result))
    && (p === undefined || (isObject(p) && typeof p.board === "string" && PROGRESS_NUMBERS.every((k) => p[k] === undefined || isNumber(p[k]))));
}

const FROM_VISITOR = {
  loading: (m) => typeof m.stage === "string",
  ready: (m) => Array.isArray(m.solvers),
  reply: (m) => isCount(m.requestId),
  progress: progressFrame,
  done: (m) => isCount(m.runId) && typeof m.board === "string" && typeof m.stop_reason === "string",
  error: (m) => typeof m.message === "string" && (m.runId === undefined || m.runId === null || isCount(m.runId)),
};

// Why a message from a visitor's worker is outside the protocol, or null when it is inside.
export function visitorMessageProblem(msg) {
  if (!isObject(msg) || typeof msg.type !== "string") return "it is not a message of the protocol";
  const shapeOk = FROM_VISITOR[msg.type];
  if (!shapeOk) return `no message of type ${JSON.stringify(msg.type.slice(0, 40))} comes from a solver's worker`;
  return shapeOk(msg) ? null : `its ${msg.type} message does not have the protocol's fields`;
}

// The stop point (docs/links-and-files.md, "Share links"; docs/protocol.md, "The run
// protocol"): the step a Solve run that
// Stop or its time limit ended was at. It stands for that one run: while the puzzle and the
// Solve settings are the run's, the share link carries it (stop=), and when it came with an
// opened link (`replay`), Start runs to that step, so the replay shows the same board whatever
// the load. In the page where the run ended, Start runs anew (Stop, then Start: the time limit
// holds). Pure (no DOM): node tests it.
import { boardToString } from "./parse.js";
import { encodeState } from "./links.js";
import { linkWorkers } from "./read.js";

// The fragment of the single run the state names ("" with no puzzle), with `stop` if given.
export function runFragment(s, stop = null) {
  if (!s.puzzle && !s.making) return "";
  const puzzle = s.puzzle ? boardToString(s.puzzle.cells) : "";
  const generator = s.making ? s.making.spec : s.puzzle.spec || null;
  const set = s.settings;
  return encodeState({ puzzle, generator, solver: set.solver, seed: set.seed || "0", params: set.params, max_seconds: set.max_seconds,
    max_iterations: set.max_iterations, max_evaluations: set.max_evaluations, stop, workers: linkWorkers(s), exchange: set.exchange });
}

// The stop point the share link carries: the state's, while the run the settings name is its run; else null.
export const stopPointOf = (s) => (s.stopPoint && s.stopPoint.fragment === runFragment(s) ? s.stopPoint.step : null);

// The step Start runs to: a stop point that came with an opened link, while it applies; else null.
export const replayPointOf = (s) => (s.stopPoint && s.stopPoint.replay ? stopPointOf(s) : null);

// The stop point a finished run leaves, or null: its iterations when Stop or its time limit ended
// it. A run that solved, stalled, or ended at its step or evaluation budget ends there anyway.
// A run on several workers leaves none: a replay cannot stop every worker at one move count.
export function stopPointAfter(result, { max_iterations = null, max_evaluations = null } = {}) {
  if (!result || result.started === false) return null;
  if (result.kind) return null;
  if (result.stop_reason === "stopped") return result.iterations;
  if (result.stop_reason !== "budget") return null;
  const atSteps = max_iterations !== null && result.iterations >= max_iterations;
  const atEvaluations = max_evaluations !== null && result.evaluations >= max_evaluations;
  return atSteps || atEvaluations ? null : result.iterations;
}

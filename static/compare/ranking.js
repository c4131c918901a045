// A race's places, computed from its lanes' results (never read back from the page): solved
// lanes by the race's measure — the budget's own where one is set, else their solving time, all
// lanes having started together; the first is the winner. Once every lane has ended, the lanes
// that ended unsolved by their budget or by stalling follow, by their open cells (fewest first):
// the one measure of how far any solver got (docs/page.md, "The page"). Pure (no DOM): node
// tests it (tests/js/compare.test.mjs).
import { stateOf, stepCount } from "../python/messages.js";

// The measure a comparison ranks by: evaluations under an evaluation budget, else steps under a
// step budget, else seconds. Each is a field of a result.
export function measureOf({ max_iterations = null, max_evaluations = null } = {}) {
  return max_evaluations !== null ? "evaluations" : max_iterations !== null ? "iterations" : "seconds";
}

// A result's value of the measure, in words: "1.23 s", "4,100 generations", "52,000 evaluations".
export function measureText(result, measure, schema = null) {
  if (measure === "seconds") return `${result.seconds.toFixed(2)} s`;
  if (measure === "iterations") return stepCount(result.iterations, schema);
  return `${result.evaluations.toLocaleString("en")} evaluations`;
}

// The words beside a race's places: what they were ranked by.
export function rankingText(measure) {
  const by = { seconds: "their time to solve (wall clock: it depends on the machine's load)",
    iterations: "their steps to solve (the step budget's measure: it does not depend on the load)",
    evaluations: "their evaluations to solve (the evaluation budget's measure: it does not depend on the load)" }[measure];
  return `Places: solved lanes by ${by}; lanes that ended unsolved after them, by their best cost — ` +
    "the open cells (empty + clashing) left, fewest first.";
}

// A lane that ended unsolved and can be ranked: its budget ran out or it stalled, with a board.
const rankedUnsolved = (r) => r && stateOf(r) === "failed" && r.started !== false && r.open_cells !== null && r.open_cells !== undefined;

// places(results, measure)[i]: lane i's place (1, 2, …) or null (no result yet, or not ranked:
// stopped, an error, proved unsolvable, or unsolved while another lane still runs). Ties keep
// the lanes' order.
export function places(results, measure = "seconds") {
  const out = results.map(() => null);
  const lanes = results.map((r, i) => ({ r, i }));
  const solved = lanes.filter(({ r }) => r && stateOf(r) === "solved").sort((a, b) => a.r[measure] - b.r[measure]);
  solved.forEach(({ i }, k) => { out[i] = k + 1; });
  if (results.every((r) => r)) {
    lanes.filter(({ r }) => rankedUnsolved(r)).sort((a, b) => a.r.open_cells - b.r.open_cells)
      .forEach(({ i }, k) => { out[i] = solved.length + k + 1; });
  }
  return out;
}

// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st
export const ordinal = (k) =>
  `${k}${k % 10 === 1 && k % 100 !== 11 ? "st" : k % 10 === 2 && k % 100 !== 12 ? "nd" : k % 10 === 3 && k % 100 !== 13 ? "rd" : "th"}`;

// what a solved lane's place says in large type, and an unsolved one's
export const placeText = (place) => (place === 1 ? "1st · winner" : ordinal(place));
export const unsolvedPlaceText = (place) => `${ordinal(place)} · not solved`;

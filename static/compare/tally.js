// What a group of an experiment's run records comes to: the one count behind its table row,
// its fraction-solved curve and its phase plots, so the three cannot drift. Judged runs are
// those that ended on their own (rules/stats.js, `judged`; docs/design.md, "Success rate").
// Pure (no DOM): node tests it against rules/stats.js `tally` (tests/js/compare.test.mjs).
import { judged as judgedRuns, quartiles, wilson } from "../rules/stats.js";

// records: the runs that ended on their own or by an error (Stop's are counted apart).
// Returns {judged, solved, errors (the records), rate (null with no judged run), interval
// [lo, hi] (95% Wilson), seconds (the solved runs' times), secondsQuartiles, iterationQuartiles}.
export function tallyRuns(records) {
  const judged = judgedRuns(records);
  const solved = judged.filter((r) => r.solved);
  const seconds = solved.map((r) => r.seconds);
  return {
    judged: judged.length, solved: solved.length,
    errors: records.filter((r) => r.stop_reason === "error"),
    rate: judged.length ? solved.length / judged.length : null,
    interval: wilson(solved.length, judged.length),
    seconds, secondsQuartiles: quartiles(seconds), iterationQuartiles: quartiles(solved.map((r) => r.iterations)),
  };
}

// The experiment's progress line in words, and what a Start that continues a stopped experiment
// says (run.js shows it as a notice). Pure: node tests it (tests/js/experiment-shows.test.mjs).

// The line under the progress bar: the runs done (and kept from a stopped experiment), solved and
// stopped, the seconds elapsed, and while it runs the time left (left: null before any run ended),
// else whether it finished or was stopped.
export function progressText({ done, total, solved, stopped, continued, elapsed, left, running }) {
  return `${done} of ${total} runs done` + (continued ? ` (${continued} kept from the stopped experiment)` : "") +
    ` · ${solved} solved` +
    (stopped ? ` · ${stopped} stopped by Stop` : "") + ` · ${elapsed.toFixed(0)} s elapsed` +
    (running ? (left !== null ? ` · about ${Math.ceil(left)} s left` : "") : stopped ? " · stopped" : " · finished");
}

// What a Start that continues a stopped experiment says.
export const continuesSaid = (kept, total) => `Start continues the stopped experiment: its ${kept} ended ` +
  `run${kept === 1 ? "" : "s"} of ${total} are kept, and the ${total - kept} left run now. Change any setting to start it afresh.`;

// Where a comparison stands, in words: the compare-status line and what a starting
// comparison's workers are doing. Pure (no DOM): node tests it (tests/js/compare.test.mjs).
import { STAGE_WORDS } from "../python/messages.js";
import { clashingGivens, provenUnsolvable, read } from "../rules/read.js";
import { problemLine } from "../rules/table.js";
import { unsolvableStatus } from "../start-check.js";
import { workersOf } from "../rules/entries.js";

export const EVERY_WORKER_READY = "every worker is ready";

// Where a compare view (`kind`: race or experiment) stands: [state, sentence]. "loading"
// while Python loads in the page or in the comparison's workers; "running"; "finished" or
// "stopped" (Stop ended a lane or a run) once its result is in; otherwise "ready".
export function compareStatus(s, kind) {
  const what = kind === "race" ? "race" : "experiment";
  if (s.failure) return ["loading", `Python could not load: ${s.failure}`];
  if (!s.ready) return ["loading", "Loading Python… Start becomes available when it is ready."];
  if (s.running && s.running.kind === kind) {
    // starting: "loading" only while a worker loads Python (the detail names it); warm workers
    // start at once, and the state says so with its sentence
    const { phase, detail } = s.running;
    if (phase === "starting" && detail && !detail.startsWith(EVERY_WORKER_READY)) return ["loading", `Starting: ${detail}.`];
    if (phase === "starting") return ["running", `The ${what} is starting${detail ? `: ${detail}` : ""}. Stop ends it within a moment.`];
    return ["running", `The ${what} is running${detail ? ` (${detail})` : ""}. Stop ends it within a moment.`];
  }
  if (s.making && !s.running) {
    return ["ready", `Making the puzzle ${s.making.spec}: ` +
      (s.making.waiting === kind ? `the ${what} starts as soon as it is on the board.` : "Start waits for it.")];
  }
  if (s.running) {
    const other = { solve: "A single run (Solve view)", race: "A race", experiment: "An experiment" }[s.running.kind];
    return ["ready", `${other} is running: Start becomes available when it ends or is stopped.`];
  }
  const result = s.results[kind];
  if (!result && (kind === "race" || s.compare.puzzles === "current") && clashingGivens(s)) {
    return ["ready", `The givens clash, so the puzzle has no solution: Start runs no ${what} on it until the puzzle changes.`];
  }
  if (!result && (kind === "race" || s.compare.puzzles === "current") && provenUnsolvable(s)) {
    return ["ready", unsolvableStatus(s, `the ${what}`)];
  }
  if (!result) {
    const blocked = startBlocker(kind, s);
    return ["ready", blocked ? `Start runs nothing yet: ${blocked}` : "Ready: set the entries and press Start."];
  }
  const stopped = kind === "race" ? result.lanes.some((l) => l.state === "stopped") : result.stopped > 0;
  if (kind === "race") {
    const solved = result.lanes.filter((l) => l.state === "solved").length;
    return [stopped ? "stopped" : "finished", `${stopped ? "Stopped" : "Finished"}: ${solved} of ${result.lanes.length} lanes solved.`];
  }
  return [stopped ? "stopped" : "finished", `${stopped ? "Stopped" : "Finished"}: ${result.solved} of ` +
    `${result.done} runs solved${result.stopped ? ` (${result.stopped} more stopped by Stop, left out)` : ""}.`];
}

// What would keep the view's Start from running, said beside it before it is pressed (the first
// problem's line, and how many more), or null: the refusal's own words, rules/read.js's problems.
// A problem that is a sentence of its own ("A race needs …") goes on without its field's label.
function startBlocker(kind, s) {
  const { problems } = read(kind, s);
  if (!problems.size) return null;
  const [[key, message]] = problems;
  const more = problems.size > 1 ? ` (and ${problems.size - 1} more)` : "";
  const line = /^[A-Z]/.test(message) ? message[0].toLowerCase() + message.slice(1) : problemLine(key, message);
  return `${line.replace(/\.$/, "")}${more}.`;
}

// What each worker of a starting comparison is doing, in words. status: Pool.status().
export function describeStartup(status) {
  const waiting = status.map((w, i) => ({ ...w, i })).filter((w) => !w.ready);
  if (!waiting.length) return EVERY_WORKER_READY;
  return waiting.map((w) => (w.failure ? `worker ${w.i + 1} failed` :
    `worker ${w.i + 1} ${STAGE_WORDS[w.stage] || STAGE_WORDS.runtime}`)).join(", ") +
    ` (${status.length - waiting.length} of ${status.length} ready)`;
}

// The note beside a comparison's Start when its workers outnumber the machine's cores
// (navigator.hardwareConcurrency; null: unknown), else "": they take turns on the cores, so
// seconds depend on the load and a step or evaluation budget does not (docs/page.md, "The page").
// The experiment's pool size as its field says it (a whole number from 1 to `max`).
export const experimentWorkers = (compare, max) => Math.max(1, Math.min(max, Math.floor(Number(compare.workers)) || 1));

// The workers a race's lanes run on together: each lane's own (1, or what its entry asks for).
export const raceWorkers = (entries) => entries.reduce((sum, e) => sum + workersOf(e), 0);

// The workers a view's comparison runs at once: a race's lanes' workers, an experiment's pool; 0 in Solve.
export const comparisonWorkers = (s, max) =>
  (s.view === "race" ? raceWorkers(s.compare.entries) : s.view === "experiment" ? experimentWorkers(s.compare, max) : 0);

export function coresNote(workers, cores) {
  if (!cores || !(workers > cores)) return "";
  return `${workers} workers share ${cores} ${cores === 1 ? "core" : "cores"}: their seconds depend on the load; ` +
    "a step or evaluation budget does not.";
}

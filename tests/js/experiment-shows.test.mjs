// What the Experiment view shows, computed without the DOM (static/compare/'s pure parts behind
// experiment.js): a results row's words and stats, the box plots' scale and the best entry; the
// fraction-solved and Kaplan–Meier curves held to the time limit; a sweep's phase points, the note
// where lines coincide, the visitor's atlas's caption; the progress line; the legends' names; a
// job's run record.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { bestRows, bestTitle, boxScale, rowShows } from "../../static/compare/table-rows.js";
import { censored, heldTo, kaplanMeierCurves, kaplanMeierLines, solvedCurve } from "../../static/compare/curve-points.js";
import { coincidenceNote, ownAtlasCaption, ownAtlasDrawing, phased, phasePoints } from "../../static/compare/sweep-points.js";
import { continuesSaid, progressText } from "../../static/compare/progress.js";
import { legendNames } from "../../static/compare/entry-names.js";
import { record } from "../../static/compare/jobs.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const schemas = new Map(JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-m", "sudoku_lab", "solvers", "--json"],
  { cwd: here("../../py/") })).map((s) => [s.id, s]));
const schemaOf = (e) => schemas.get(e.solver);

const run = (solved, seconds, more = {}) => ({ solved, seconds, iterations: 10 * seconds, evaluations: 100 * seconds,
  stop_reason: solved ? "solved" : "budget", ...more });

test("a results row: its counts, rate with interval, quartiles, errors apart, and what it is compared by", () => {
  const records = [run(true, 1), run(true, 3), run(false, 9), run(false, 0.5, { stop_reason: "error", message: "boom" })];
  const row = rowShows(records, 2, "evaluations");
  assert.deepEqual(row.data, { runs: "3", solved: "2", stopped: "2", medianSeconds: "2", errors: "1" });
  assert.equal(row.runs, "3 (stopped 2)");
  assert.equal(row.solved, "2 (1 errors)");
  assert.equal(row.errorsTitle, "boom");
  assert.equal(row.rate, 2 / 3);
  assert.equal(row.rateText, "67% [21–94]");                    // Wilson's 95% interval of 2 in 3
  assert.equal(row.secondsText, "2 (1.5–2.5)");
  assert.equal(row.iterationsText, "20 (15–25)");
  assert.deepEqual(row.stats, { rate: 2 / 3, median: 200, box: [1, 1.5, 2, 2.5, 3] });
  assert.equal(rowShows(records, 0, "seconds").stats.median, 2);
  const empty = rowShows([], 0, "seconds");
  assert.deepEqual([empty.runs, empty.solved, empty.rateText, empty.secondsText, empty.iterationsText, empty.errorsTitle],
    ["0", "0", "–", "–", "–", null]);
  assert.deepEqual(empty.stats, { rate: null, median: null, box: null });
  assert.equal(empty.data.medianSeconds, "");
});

test("the box plots' one log scale: from the fastest run to the slowest, from 1 ms; one place when all are equal", () => {
  const at = boxScale([[0.01, 0.1, 0.2, 0.3, 1], null, [2, 3, 4, 5, 100]]);
  assert.deepEqual([at(0.01), at(1), at(100)], [0, 0.5, 1]);
  assert.equal(boxScale([null])(5), 0.5);
  assert.equal(boxScale([[1e-6, 1e-6, 1e-6, 1e-6, 0.1]])(1e-6), 0);   // below 1 ms drawn at 1 ms
});

test("the best entry of a puzzle: the highest rate, then the lowest median; none alone or with nothing solved", () => {
  const r = (group, rate, median = null) => ({ group, stats: { rate, median } });
  const rows = [r("a", 1, 5), r("a", 1, 2), r("a", 0.5, 1), r("b", 0), r("b", 0), r("c", 1, 1), { group: "c", stats: { rate: null } },
    r("d", 1), r("d", 1, 3)];
  assert.deepEqual([...bestRows(rows)], [rows[1], rows[8]]);
  assert.equal(bestTitle("evaluations"), "best on this puzzle: the highest success, then the lowest median evaluations " +
    "(the evaluation budget's measure)");
  assert.match(bestTitle("seconds"), /lowest median time$/);
});

test("the fraction-solved curve: the share of judged runs solved by each time, held to the time limit", () => {
  const records = [run(true, 2), run(true, 0.0001), run(false, 10)];
  assert.deepEqual(solvedCurve(records, 10), [[0.001, 1 / 3], [2, 2 / 3], [10, 2 / 3]]);
  assert.deepEqual(solvedCurve(records, null), [[0.001, 1 / 3], [2, 2 / 3]]);     // no time limit: not held
  assert.deepEqual(solvedCurve(records, 2), [[0.001, 1 / 3], [2, 2 / 3]]);        // x stays distinct
  assert.deepEqual(solvedCurve([], 10), []);
  assert.deepEqual(heldTo([[1, 0.5]], 4), [[1, 0.5], [4, 0.5]]);
});

test("Kaplan–Meier: shown where a run is censored; each entry's curve and band, coloured as the entry, held to the end", () => {
  assert.equal(censored({ entries: [{ solved: 3, judged: 3 }, { solved: 2, judged: 3 }] }), true);
  assert.equal(censored({ entries: [{ solved: 3, judged: 3 }] }), false);
  const lines = kaplanMeierLines(["1. acs", "2. tabu"], (i) => `c${i}`);
  assert.deepEqual(lines.map((l) => [l.label, l.color, !!l.dash]), [["1. acs", "c0", false], ["1. acs: 95% band, low", "c0", true],
    ["1. acs: 95% band, high", "c0", true], ["2. tabu", "c1", false], ["2. tabu: 95% band, low", "c1", true],
    ["2. tabu: 95% band, high", "c1", true]]);
  // one legend entry per experiment entry: the bands are drawn without entries of their own
  assert.deepEqual(lines.filter((l) => l.legend !== false).map((l) => l.label), ["1. acs", "2. tabu"]);
  const km = { t: [0, 1, 5], solved: [0, 0.5, 0.75], low: [null, 0.1, 0.3], high: [0, 0.9, 1] };
  assert.deepEqual(kaplanMeierCurves(km, 10), [[[0.001, 0], [1, 0.5], [5, 0.75], [10, 0.75]], [[1, 0.1], [5, 0.3], [10, 0.3]],
    [[0.001, 0], [1, 0.9], [5, 1], [10, 1]]]);
});

test("a sweep's phase points: the rate where runs are judged, the median time where some are solved", () => {
  assert.deepEqual([phased(null), phased({ size: 9 }), phased({ sizes: [9, 16], size: 9 }), phased({ sizes: [16], size: 16 })],
    [false, true, false, true]);
  const groups = [{ key: "9:p0.3", p: 0.3 }, { key: "9:p0.4", p: 0.4 }, { key: "9:p0.5", p: 0.5 }];
  const records = { "9:p0.3": [run(true, 0.0001), run(true, 0.0003)], "9:p0.4": [run(false, 4)], "9:p0.5": [] };
  assert.deepEqual(phasePoints(groups, (g) => records[g.key]), { success: [[0.3, 1], [0.4, 0]], time: [[0.3, 1e-3]] });
});

test("the note where success lines coincide: the entries, numbered from 1, and their p", () => {
  const found = [{ x: 0.3, lines: [0, 1] }, { x: 0.4, lines: [0, 1] }, { x: 0.5, lines: [0, 1, 2] }];
  const { coincide, text } = coincidenceNote(found);
  assert.deepEqual(coincide, [{ p: 0.3, entries: [1, 2] }, { p: 0.4, entries: [1, 2] }, { p: 0.5, entries: [1, 2, 3] }]);
  assert.equal(text, "Lines that coincide are drawn nested, each wider than the next: entries 1 and 2 at p = 0.3, 0.4; " +
    "entries 1, 2 and 3 at p = 0.5.");
  assert.deepEqual(coincidenceNote([]), { coincide: [], text: "" });
});

test("the visitor's atlas: its records named by entry, and a caption with the sweep's budget and runs", () => {
  const experiment = { entries: [{ solver: "acs" }, { solver: "alldiff_ls" }], byEntry: [[run(true, 1)], [run(false, 2), run(true, 3)]],
    published: { x: 1 }, max_seconds: 5, budget: { max_iterations: 1000, max_evaluations: null }, sweep: { instances: 1 }, runs: "2" };
  const drawing = ownAtlasDrawing(experiment, ["1. acs", "2. alldiff_ls"]);
  assert.deepEqual(drawing.records.map((r) => [r.entry, r.seconds]), [["1. acs", 1], ["2. alldiff_ls", 2], ["2. alldiff_ls", 3]]);
  assert.deepEqual([drawing.entries, drawing.solvers, drawing.published, drawing.max_seconds],
    [["1. acs", "2. alldiff_ls"], ["acs", "alldiff_ls"], { x: 1 }, 5]);
  assert.equal(drawing.caption, "Your sweep, run in this browser: time limit 5 s a run (wall-clock; the workers share this " +
    "device's cores), 1000 steps; 1 instance × 2 runs per size × p and entry (success: solved among the runs that ended on " +
    "their own; time: the median of the solved runs only).");
  assert.match(ownAtlasCaption({ ...experiment, max_seconds: null, budget: { max_evaluations: 50 }, sweep: { instances: 3 }, runs: 1 }),
    /^Your sweep, run in this browser: no time limit, 50 evaluations; 3 instances × 1 run per size/);
});

test("the progress line: runs done and kept, solved, stopped, elapsed, the time left or how it ended", () => {
  const base = { done: 3, total: 10, solved: 2, stopped: 0, continued: 0, elapsed: 4.4, left: null, running: true };
  assert.equal(progressText(base), "3 of 10 runs done · 2 solved · 4 s elapsed");
  assert.equal(progressText({ ...base, left: 12.2, continued: 2 }),
    "3 of 10 runs done (2 kept from the stopped experiment) · 2 solved · 4 s elapsed · about 13 s left");
  assert.equal(progressText({ ...base, running: false, stopped: 4 }), "3 of 10 runs done · 2 solved · 4 stopped by Stop · 4 s elapsed · stopped");
  assert.equal(progressText({ ...base, running: false, done: 10 }), "10 of 10 runs done · 2 solved · 4 s elapsed · finished");
  assert.equal(continuesSaid(1, 4), "Start continues the stopped experiment: its 1 ended run of 4 are kept, and the 3 left run now. " +
    "Change any setting to start it afresh.");
  assert.match(continuesSaid(2, 4), /its 2 ended runs of 4/);
});

test("the legends' names: number, solver, the runs' seeds, the changed parameters", () => {
  const entries = [{ solver: "acs", seed: 4, params: {} }, { solver: "not_loaded", seed: 1, params: {} }];
  assert.deepEqual(legendNames(entries, schemaOf, "3"), ["1. acs · seeds 4–6", "2. not_loaded · seeds 1–3"]);
  assert.deepEqual(legendNames(entries, schemaOf, 1).map((n) => n.split(" · ")[1]), ["seed 4", "seed 1"]);
  const changed = legendNames([{ solver: "acs", seed: 1, params: { ants: 3 } }], schemaOf, 1)[0];
  assert.match(changed, /^1\. .* · seed 1 · ants=3$/);
});

test("a job's run record: the puzzle's place, the result's fields, the solver file's (null for a built-in), the speed", () => {
  const job = { index: 2, name: "p3" };
  const result = { type: "result", runId: 7, started: true, solved: true, seconds: 2, iterations: 10, stop_reason: "solved" };
  assert.deepEqual(record(job, result), { puzzle: 2, name: "p3", file: null, solved: true, seconds: 2, iterations: 10,
    stop_reason: "solved", solver_file: null, solver_sha256: null, iterations_per_second: 5 });
  assert.equal(record({ ...job, file: "a.txt" }, { ...result, seconds: 0, solver_file: "mine.py" }).iterations_per_second, null);
  assert.equal(record({ ...job, file: "a.txt" }, { ...result, solver_file: "mine.py" }).solver_file, "mine.py");
});

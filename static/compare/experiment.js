// An experiment's display: progress (done / total, solved, time left), a results table per
// entry × puzzle (success with a 95% Wilson interval, quartiles of seconds and iterations over
// the solved runs, the paper's figure beside when a preset is on) and the fraction of runs
// solved against seconds. Runs ended by Stop or an error are counted apart ("stopped n",
// "n errors") and left out of the success rate and its interval (rules/stats.js, judged).
// compare/run.js runs the jobs on the pool and hands each result here. Whether it runs is the
// page's one answer (state.running), asked through `running()`.
import { Lines, coincidences, seriesColor } from "../draw/lines.js";
import { describe } from "../rules/entries.js";
import { refToken } from "../rules/solver-ref.js";
import { ecdf, quantile } from "../rules/stats.js";
import { pointsAgainstP } from "../rules/published.js";
import { paperFigure } from "./presets.js";
import { experimentJobs, groupsOf, jobsSignature, secondsLeft } from "./jobs.js";
import { tallyRuns } from "./tally.js";
import { measureOf } from "./ranking.js";

const MEASURE_WORDS = { seconds: "time", iterations: "steps (the step budget's measure)",
  evaluations: "evaluations (the evaluation budget's measure)" };

const fmt = (x, digits = 2) => (x === null ? "–" : x.toLocaleString("en", { maximumFractionDigits: digits }));

// A success bar: the rate filled, the 95% interval as a band over it.
function bar() {
  const el = document.createElement("span");
  el.className = "bar";
  el.setAttribute("role", "img");
  el.hidden = true;                 // shown, with its words, once there is a rate
  const fill = document.createElement("span");
  fill.className = "bar-fill";
  const ci = document.createElement("span");
  ci.className = "bar-ci";
  el.append(fill, ci);
  return { el, set(rate, lo, hi) {
    el.hidden = rate === null;
    if (rate === null) return;
    fill.style.width = `${100 * rate}%`;
    ci.style.left = `${100 * lo}%`;
    ci.style.width = `${100 * (hi - lo)}%`;
    el.setAttribute("aria-label", `${Math.round(100 * rate)}% solved, 95% interval ${Math.round(100 * lo)}–${Math.round(100 * hi)}%`);
  } };
}

// A small box plot of solving times: whiskers min–max, the box the quartiles, a line the median,
// on the table's shared log scale.
function boxPlot() {
  const el = document.createElement("span");
  el.className = "boxplot";
  el.setAttribute("role", "img");
  el.hidden = true;                 // shown, with its words, once there are solved runs
  const parts = ["whisker", "box-iqr", "box-median"].map((c) => {
    const s = document.createElement("span");
    s.className = c;
    el.appendChild(s);
    return s;
  });
  return { el, set(pos, secs) {
    el.hidden = !pos;
    if (!pos) return;
    const [mn, q1, md, q3, mx] = pos.map((x) => 100 * x);
    Object.assign(parts[0].style, { left: `${mn}%`, width: `${Math.max(mx - mn, 0.5)}%` });
    Object.assign(parts[1].style, { left: `${q1}%`, width: `${Math.max(q3 - q1, 0.5)}%` });
    parts[2].style.left = `${md}%`;
    el.setAttribute("aria-label", `seconds: min ${fmt(secs[0], 3)}, quartiles ${fmt(secs[1], 3)}, ${fmt(secs[2], 3)}, ` +
      `${fmt(secs[3], 3)}, max ${fmt(secs[4], 3)}`);
  } };
}

// The per-run record (the fields of `bench --json`, bench.record): the puzzle's index, name and
// file (null for a puzzle from no file), the result's fields, the solver file and its hash (null
// for a built-in's run), iterations per second.
export function record(job, result) {
  const { type, runId, started, ...fields } = result;
  return { puzzle: job.index, name: job.name, file: job.file ?? null, ...fields,
    solver_file: fields.solver_file ?? null, solver_sha256: fields.solver_sha256 ?? null,
    iterations_per_second: fields.seconds ? fields.iterations / fields.seconds : null };
}

// What a Start that continues a stopped experiment says (run.js shows it as a notice).
export const continuesSaid = (kept, total) => `Start continues the stopped experiment: its ${kept} ended ` +
  `run${kept === 1 ? "" : "s"} of ${total} are kept, and the ${total - kept} left run now. Change any setting to start it afresh.`;

export class Experiment {
  // running(): is an experiment what runs (the store's `running`)
  // atlas: the visitor's atlas (compare/atlas.js mountAtlas), drawn from a sweep's records
  constructor({ progressEl, resultsEl, chartEl, schemaOf, phaseEls, running, atlas = null }) {
    Object.assign(this, { progressEl, resultsEl, chartEl, schemaOf, phaseEls, running, atlas });
    this.records = [];
    this.total = 0;
    this.chart = null;
    this.carried = null;              // a stopped experiment's ended runs: {signature, results (job key -> result)}
  }

  // An entry in a legend, whole: its number, solver, its runs' seeds (seed, seed + 1, …: "seeds
  // 1–5"; a "seed 1…" read as a name cut short) and the parameters it changes from the paper's defaults.
  entryName(e, i) {
    const schema = this.schemaOf(e);
    const [solver, , ...changed] = schema ? describe(e, schema).split(" · ") : [refToken(e), `seed ${e.seed}`];
    const runs = Number(this.runs) || 1;
    const seeds = runs > 1 ? `seeds ${e.seed}–${e.seed + runs - 1}` : `seed ${e.seed}`;
    return [`${i + 1}. ${solver}`, seeds, ...changed].join(" · ");
  }

  // entries: [{solver, seed, params}], puzzles: [{name, puzzle, file?} or {name, spec}]; sweep: null, or a
  // sweep over p ({size, sizes, ps, instances}): rows and curves then pool the instances of a size and p.
  // workers: the pool's, for the time left. Returns the jobs to run (compare/jobs.js): all of them, or,
  // when they are a stopped experiment's (jobsSignature), those it did not end — its ended runs are
  // kept and counted (`continued`, how many).
  begin({ entries, puzzles, runs, max_seconds, max_iterations = null, max_evaluations = null, preset, published = {}, sweep = null,
    workers = 1 }) {
    Object.assign(this, { entries, puzzles, runs, max_seconds, preset, published, sweep, workers });
    this.measure = measureOf({ max_iterations, max_evaluations });     // what the best entry is judged by
    this.budget = { max_iterations, max_evaluations };
    this.records = [];
    this.keys = new Map();                            // record -> its place by entry, puzzle and seed
    this.done = 0;
    this.solved = 0;
    this.stopped = 0;
    this.chartDirty = new Set();
    this.byEntry = entries.map(() => []);
    this.rows = new Map();
    this.started = performance.now();
    this.lastAt = this.started;                       // when the last result came (the elapsed time once ended)
    // interleaved (compare/order.js): stopped early, the experiment has run every entry
    const jobs = experimentJobs({ entries, puzzles, runs, max_seconds, max_iterations, max_evaluations, sweep });
    this.total = jobs.length;
    this.jobs = jobs;
    this.signature = jobsSignature(jobs);
    const kept = this.carried && this.carried.signature === this.signature ? this.carried.results : new Map();
    this.ended = new Map();                           // job key -> result of the runs that ended on their own or by an error
    this.endedKeys = new Set();                       // every job answered (Stop's included)
    this.continued = 0;
    this.buildTable();
    this.comparison = null;                           // the statistics, once shown (compare/statistics.js)
    this.kaplanMeier = false;
    if (this.chart) this.chart.destroy();
    this.chart = new Lines(this.chartEl, entries.map((e, i) => this.entryName(e, i)),
      { title: "Runs solved against time", xLabel: "seconds (log scale)", yLabel: "share of runs solved", logX: true,
        stepped: true, yMax: 1 });
    this.beginPhase();
    for (const job of jobs) if (kept.has(job.key)) this.result(job, kept.get(job.key));
    this.continued = kept.size;
    this.showProgress();
    // the elapsed time and time left move every second, not only when a run ends
    clearInterval(this.ticker);
    this.ticker = setInterval(() => { if (this.running()) this.showProgress(); else clearInterval(this.ticker); }, 1000);
    return jobs.filter((job) => !kept.has(job.key));
  }

  groups() {
    return groupsOf(this.puzzles, this.sweep);
  }

  // The phase plots are against p at one size: a sweep of several sizes leaves them out (its atlas
  // draws every size).
  phased() {
    return !!this.sweep && (this.sweep.sizes || [this.sweep.size]).length === 1;
  }

  // A sweep's two plots: success rate and median time of solved runs against p, one line per
  // entry, with the published figures of that size as marks (data/published.json).
  beginPhase() {
    const { box, success, time } = this.phaseEls;
    for (const c of [this.phaseSuccess, this.phaseTime]) if (c) c.destroy();
    this.phaseSuccess = this.phaseTime = null;
    box.hidden = !this.phased();
    this.phaseEls.note.hidden = true;
    if (this.atlas) this.atlas.hide();
    if (!this.phased()) return;
    const size = this.sweep.size;
    const names = this.entries.map((e, i) => this.entryName(e, i));
    this.successMarks = pointsAgainstP(this.published, size, ["success_rate"]);
    this.timeMarks = pointsAgainstP(this.published, size, ["mean_seconds", "median_seconds", "max_seconds", "seconds_range"]);
    const mk = (el, extra, opts) => {
      const chart = new Lines(el, [...names, ...extra.map((m) => ({ label: m.label, marks: true }))], opts);
      extra.forEach((m, k) => chart.set(names.length + k, m.points.sort((a, b) => a[0] - b[0])));
      return chart;
    };
    this.phaseSuccess = mk(success, this.successMarks, { title: `Success against p, ${size}×${size}`,
      xLabel: "p (share of cells given)", yLabel: "share of runs solved", yMax: 1, xMin: 0, xMax: 1, nested: true });
    this.phaseTime = mk(time, this.timeMarks, { title: `Median time of solved runs against p, ${size}×${size}`,
      xLabel: "p (share of cells given)", yLabel: "seconds", logY: true, xMin: 0, xMax: 1 });
  }

  drawPhase() {
    if (!this.sweep) return;
    if (!this.phased()) { this.drawOwnAtlas(); return; }
    this.entries.forEach((_, ei) => {
      const succ = [], times = [];
      for (const g of this.groups()) {
        const t = tallyRuns(this.rows.get(`${ei}/${g.key}`).records);
        if (!t.judged) continue;
        succ.push([g.p, t.rate]);
        const median = t.secondsQuartiles[1];
        if (median !== null) times.push([g.p, Math.max(median, 1e-3)]);
      }
      this.phaseSuccess.set(ei, succ);
      this.phaseTime.set(ei, times);
    });
    this.noteCoincidences();
    this.drawOwnAtlas();
  }

  // The visitor's atlas: the same maps as the shipped one, from this sweep's records so far.
  drawOwnAtlas() {
    if (!this.atlas) return;
    const names = this.entries.map((e, i) => this.entryName(e, i));
    const records = this.byEntry.flatMap((recs, ei) => recs.map((r) => ({ ...r, entry: names[ei] })));
    const { max_iterations: steps, max_evaluations: evals } = this.budget;
    const limit = this.max_seconds ? `time limit ${this.max_seconds} s a run (wall-clock; the workers share this device's cores)`
      : "no time limit";
    const caption = `Your sweep, run in this browser: ${limit}${steps ? `, ${steps} steps` : ""}` +
      `${evals ? `, ${evals} evaluations` : ""}; ${this.sweep.instances} ` +
      `instance${this.sweep.instances === 1 ? "" : "s"} × ${this.runs} run${Number(this.runs) === 1 ? "" : "s"} per size × p and entry (success: solved among the runs that ended ` +
      "on their own; time: the median of the solved runs only).";
    this.atlas.draw({ records, entries: names, solvers: this.entries.map((e) => e.solver), caption, published: this.published,
      max_seconds: this.max_seconds });
  }

  // Entries whose success lines coincide are drawn nested (draw/lines.js); the note under the
  // plot says where, so a line hidden under another is never taken for a missing one.
  noteCoincidences() {
    const { success, note } = this.phaseEls;
    const found = coincidences(this.phaseSuccess.lines.slice(0, this.entries.length));
    success.dataset.coincide = JSON.stringify(found.map((c) => ({ p: c.x, entries: c.lines.map((i) => i + 1) })));
    const byEntries = new Map();
    for (const c of found) {
      const who = c.lines.map((i) => i + 1).join(", ");
      if (!byEntries.has(who)) byEntries.set(who, []);
      byEntries.get(who).push(c.x);
    }
    const text = !byEntries.size ? "" : "Lines that coincide are drawn nested, each wider than the next: " +
      [...byEntries].map(([who, ps]) => `entries ${who.replace(/, (\d+)$/, " and $1")} at p = ${ps.join(", ")}`).join("; ") + ".";
    note.hidden = !text;
    if (note.textContent !== text) note.textContent = text;
  }

  result(job, result) {
    this.lastAt = performance.now();
    this.endedKeys.add(job.key);
    if (result.stop_reason !== "stopped") this.ended.set(job.key, result);
    const row = this.rows.get(`${job.entry}/${job.group}`);
    if (result.stop_reason === "stopped") {      // Stop ended it (or it never began): not done
      this.stopped += 1;
      row.stopped += 1;
    } else {
      this.done += 1;
    }
    if (result.started !== false) {               // a run that never started leaves no record
      const rec = record(job, result);
      this.records.push(rec);
      this.keys.set(rec, job.key);
      if (result.stop_reason !== "stopped") {
        this.byEntry[job.entry].push(rec);
        row.records.push(rec);
        this.solved += rec.solved ? 1 : 0;
      }
    }
    this.updateRow(row);
    this.markChart(job.entry);
    this.showProgress();
  }

  finish() {
    clearInterval(this.ticker);
    this.carried = this.stopped ? { signature: this.signature, results: this.ended } : null;   // a Start of the same continues it
    if (this.chartTimer) this.drawCurves();          // the last results are drawn and compared now
    this.showProgress();
    // the files list runs by entry, puzzle and seed, whatever order the workers ended them in
    this.records.sort((a, b) => this.keys.get(a) - this.keys.get(b));
    return { records: this.records, done: this.done, total: this.total, solved: this.solved, stopped: this.stopped,
      solvers: this.entries.map((e) => e.solver) };
  }

  showProgress() {
    if (this.started === undefined) return;           // no experiment has begun
    const el = this.progressEl;
    const running = this.running();
    el.dataset.done = String(this.done);
    el.dataset.ended = String(this.done + this.stopped);
    el.dataset.total = String(this.total);
    el.dataset.solved = String(this.solved);
    el.dataset.stopped = String(this.stopped);
    el.querySelector("progress").max = this.total || 1;
    el.querySelector("progress").value = this.done;
    const elapsed = ((running ? performance.now() : this.lastAt) - this.started) / 1000;
    const left = running ? this.secondsLeft() : null;
    el.dataset.continued = String(this.continued);
    el.querySelector(".progress-text").textContent =
      `${this.done} of ${this.total} runs done` + (this.continued ? ` (${this.continued} kept from the stopped experiment)` : "") +
      ` · ${this.solved} solved` +
      (this.stopped ? ` · ${this.stopped} stopped by Stop` : "") + ` · ${elapsed.toFixed(0)} s elapsed` +
      (running ? (left !== null ? ` · about ${Math.ceil(left)} s left` : "") : this.stopped ? " · stopped" : " · finished");
  }

  // The time left from the runs' own seconds (compare/jobs.js secondsLeft), null before any run has ended.
  secondsLeft() {
    const left = this.jobs.filter((job) => !this.endedKeys.has(job.key));
    const ended = this.byEntry.flatMap((recs, entry) => recs.map((r) => ({ entry, seconds: r.seconds })));
    return secondsLeft(left, ended, this.workers);
  }

  buildTable() {
    const body = this.resultsEl.querySelector("tbody");
    body.replaceChildren();
    this.resultsEl.querySelector(".paper-col").hidden = !(this.preset && this.preset.paper);
    this.entries.forEach((e, ei) => this.groups().forEach((p) => {
      const tr = document.createElement("tr");
      tr.setAttribute("data-testid", "compare-row");
      tr.dataset.solver = e.solver;
      tr.dataset.puzzle = p.name;
      const cells = {};
      for (const k of ["entry", "puzzle", "runs", "solved", "rate", "seconds", "iterations", "paper"]) {
        cells[k] = document.createElement("td");
        tr.appendChild(cells[k]);
      }
      const best = document.createElement("span");
      best.className = "best-mark";
      best.setAttribute("role", "img");                      // a star that reads as words
      best.setAttribute("aria-label", "best on this puzzle");
      best.textContent = "★ ";
      best.hidden = true;
      const name = document.createElement("span");
      name.textContent = `${ei + 1}. ${this.schemaOf(e) ? describe(e, this.schemaOf(e)) : refToken(e)}`;
      cells.entry.append(best, name);
      cells.rateText = document.createElement("span");
      cells.bar = bar();
      cells.rate.append(cells.rateText, cells.bar.el);
      cells.secsText = document.createElement("span");
      cells.box = boxPlot();
      cells.seconds.append(cells.secsText, cells.box.el);
      cells.puzzle.textContent = p.name;
      cells.paper.hidden = !(this.preset && this.preset.paper);
      cells.paper.textContent = paperFigure(this.preset, p.name, this.published);
      body.appendChild(tr);
      const row = { tr, cells, records: [], stopped: 0, group: p.key, entry: ei };
      this.rows.set(`${ei}/${p.key}`, row);
      this.updateRow(row);
    }));
  }

  updateRow(row) {
    const t = tallyRuns(row.records);                        // runs that ended on their own or by an error
    const { errors, rate, interval: [lo, hi], secondsQuartiles: secs, iterationQuartiles: its, seconds: times } = t;
    row.tr.dataset.runs = String(t.judged);
    row.tr.dataset.solved = String(t.solved);
    row.tr.dataset.stopped = String(row.stopped);
    row.tr.dataset.medianSeconds = secs[1] === null ? "" : String(secs[1]);
    row.tr.dataset.errors = String(errors.length);
    row.cells.runs.textContent = String(t.judged) + (row.stopped ? ` (stopped ${row.stopped})` : "");
    row.cells.solved.textContent = String(t.solved) + (errors.length ? ` (${errors.length} errors)` : "");
    if (errors.length) row.cells.solved.title = errors.map((r) => r.message).join("\n");
    row.cells.rateText.textContent = rate === null ? "–" : `${fmt(100 * rate, 0)}% [${fmt(100 * lo, 0)}–${fmt(100 * hi, 0)}]`;
    row.cells.bar.set(rate, lo, hi);
    row.cells.secsText.textContent = secs[1] === null ? "–" : `${fmt(secs[1], 3)} (${fmt(secs[0], 3)}–${fmt(secs[2], 3)})`;
    const solved = row.records.filter((r) => r.solved && r.stop_reason !== "error");
    row.stats = { rate, median: quantile(solved.map((r) => r[this.measure]), 0.5), box: times.length ? [Math.min(...times), ...secs, Math.max(...times)] : null };
    row.cells.iterations.textContent = its[1] === null ? "–" : `${fmt(its[1], 0)} (${fmt(its[0], 0)}–${fmt(its[2], 0)})`;
  }

  // The fraction-solved curves are recomputed at most five times a second, not per record:
  // an experiment of thousands of short runs keeps the main thread free.
  markChart(entry) {
    this.chartDirty.add(entry);
    if (this.chartTimer) return;
    this.chartTimer = setTimeout(() => this.drawCurves(), 200);
  }

  // The curves of the entries with new results, the phase plots, and the table's comparisons.
  drawCurves() {
    clearTimeout(this.chartTimer);
    this.chartTimer = null;
    for (const e of this.kaplanMeier ? [] : this.chartDirty) {
      const t = tallyRuns(this.byEntry[e]);
      const curve = ecdf(t.seconds.map((x) => Math.max(x, 1e-3)), Math.max(t.judged, 1));
      // held to the time limit: the share solved stays until then, and a single solve draws a
      // line, not a lone point of a stepped line (x stays distinct: the chart joins lines on x)
      const last = curve[curve.length - 1];
      this.chart.set(e, last && last[0] < this.max_seconds ? [...curve, [this.max_seconds, last[1]]] : curve);
    }
    this.chartDirty.clear();
    this.drawPhase();
    this.compareRows();
  }

  // Across the table: one log-seconds scale for every box plot, and the best entry of each
  // puzzle (the highest success rate, then the lowest median of the measure: evaluations or
  // steps under such a budget, else seconds) marked ★.
  compareRows() {
    const rows = [...this.rows.values()];
    const all = rows.flatMap((r) => (r.stats && r.stats.box ? [r.stats.box[0], r.stats.box[4]] : []));
    const lo = Math.log10(Math.max(Math.min(...all, 1), 1e-3)), hi = Math.log10(Math.max(...all, 1e-2));
    const at = (t) => (hi > lo ? (Math.log10(Math.max(t, 1e-3)) - lo) / (hi - lo) : 0.5);
    for (const r of rows) r.cells.box.set(r.stats && r.stats.box ? r.stats.box.map(at) : null, r.stats && r.stats.box);
    const groups = new Map();
    for (const r of rows) groups.set(r.group, [...(groups.get(r.group) || []), r]);
    for (const members of groups.values()) {
      const judged = members.filter((r) => r.stats && r.stats.rate !== null);
      const key = (r) => [-(r.stats.rate), r.stats.median ?? Infinity];
      judged.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
      const top = judged.length > 1 && judged[0].stats.rate > 0 ? judged[0] : null;
      for (const r of members) {
        const best = r === top;
        r.tr.dataset.best = best ? "true" : "false";
        r.tr.classList.toggle("best", best);
        const mark = r.cells.entry.querySelector(".best-mark");
        mark.hidden = !best;
        mark.title = `best on this puzzle: the highest success, then the lowest median ${MEASURE_WORDS[this.measure]}`;
      }
    }
  }

  // The statistics' Kaplan–Meier curves in place of the fraction-solved curves where some run
  // is censored (unsolved, ended on its own): each entry's curve and, dashed, its 95% band,
  // held to the time limit as the fraction-solved curves are.
  showKaplanMeier(comparison) {
    if (!comparison.entries.some((e) => e.solved < e.judged)) return;
    const names = this.entries.map((e, i) => this.entryName(e, i));
    const specs = names.flatMap((name, i) => [{ label: name, color: seriesColor(i) },
      { label: `${name}: 95% band, low`, color: seriesColor(i), dash: [4, 4] },
      { label: `${name}: 95% band, high`, color: seriesColor(i), dash: [4, 4] }]);
    this.chart.destroy();
    this.chart = new Lines(this.chartEl, specs, { title: "Runs solved against time (Kaplan–Meier, unsolved runs " +
      "censored; dashed: 95% band)", xLabel: "seconds (log scale)", yLabel: "share of runs solved", logX: true, stepped: true, yMax: 1 });
    const end = this.max_seconds || comparison.horizon;
    comparison.entries.forEach((e, i) => {
      const km = e.kaplan_meier;
      const curve = (ys) => {
        const points = km.t.map((t, j) => [Math.max(t, 1e-3), ys[j]]).filter((p) => p[1] !== null);
        const last = points[points.length - 1];
        return last && last[0] < end ? [...points, [end, last[1]]] : points;
      };
      [km.solved, km.low, km.high].forEach((ys, k) => this.chart.set(3 * i + k, curve(ys)));
    });
    this.kaplanMeier = true;
  }

  resize() {
    for (const c of [this.chart, this.phaseSuccess, this.phaseTime]) if (c) c.resize();
  }
}

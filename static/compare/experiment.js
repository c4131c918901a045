// An experiment's display, put together: progress (done / total, solved, time left), the results
// table (results-table.js), the chart of runs solved against seconds (curves.js), a sweep's phase
// plots (phase-plots.js) and the visitor's atlas (atlas.js); what each shows is computed in pure
// modules (table-rows.js, curve-points.js, sweep-points.js, progress.js). Runs ended by Stop or
// an error are counted apart ("stopped n", "n errors") and left out of the success rate and its
// interval (rules/stats.js, judged). compare/run.js runs the jobs on the pool and hands each
// result here. Whether it runs is the page's one answer (state.running), asked through `running()`.
import { experimentJobs, groupsOf, jobsSignature, record, secondsLeft } from "./jobs.js";
import { measureOf } from "./ranking.js";
import { legendNames } from "./entry-names.js";
import { progressText } from "./progress.js";
import { buildTable, showComparisons, showRow } from "./results-table.js";
import { drawSolvedCurves, kaplanMeierChart, solvedChart } from "./curves.js";
import { censored } from "./curve-points.js";
import { PhasePlots } from "./phase-plots.js";
import { ownAtlasDrawing, phased, phasePoints } from "./sweep-points.js";

export class Experiment {
  // running(): is an experiment what runs (the store's `running`)
  // atlas: the visitor's atlas (compare/atlas.js mountAtlas), drawn from a sweep's records
  constructor({ progressEl, resultsEl, chartEl, schemaOf, phaseEls, running, atlas = null }) {
    Object.assign(this, { progressEl, resultsEl, chartEl, schemaOf, running, atlas });
    this.phase = new PhasePlots(phaseEls);
    this.records = [];
    this.total = 0;
    this.chart = null;
    this.carried = null;              // a stopped experiment's ended runs: {signature, results (job key -> result)}
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
    // interleaved (compare/order.js): stopped early, the experiment has run every entry
    const jobs = experimentJobs({ entries, puzzles, runs, max_seconds, max_iterations, max_evaluations, sweep });
    this.reset(jobs);
    const kept = this.carried && this.carried.signature === this.signature ? this.carried.results : new Map();
    this.rows = buildTable(this.resultsEl, { entries, groups: this.groups(), schemaOf: this.schemaOf, preset, published,
      measure: this.measure });
    this.comparison = null;                           // the statistics, once shown (compare/statistics.js)
    this.kaplanMeier = false;
    if (this.chart) this.chart.destroy();
    this.chart = solvedChart(this.chartEl, this.names());
    if (this.atlas) this.atlas.hide();
    this.phase.begin({ shown: phased(sweep), size: sweep && sweep.size, names: this.names(), published });
    for (const job of jobs) if (kept.has(job.key)) this.result(job, kept.get(job.key));
    this.continued = kept.size;
    this.showProgress();
    // the elapsed time and time left move every second, not only when a run ends
    clearInterval(this.ticker);
    this.ticker = setInterval(() => { if (this.running()) this.showProgress(); else clearInterval(this.ticker); }, 1000);
    return jobs.filter((job) => !kept.has(job.key));
  }

  // The counts and records of a new experiment of these jobs, none ended yet.
  reset(jobs) {
    this.records = [];
    this.keys = new Map();                            // record -> its place by entry, puzzle and seed
    this.done = 0;
    this.solved = 0;
    this.stopped = 0;
    this.chartDirty = new Set();
    this.byEntry = this.entries.map(() => []);
    this.started = performance.now();
    this.lastAt = this.started;                       // when the last result came (the elapsed time once ended)
    this.total = jobs.length;
    this.jobs = jobs;
    this.signature = jobsSignature(jobs);
    this.ended = new Map();                           // job key -> result of the runs that ended on their own or by an error
    this.endedKeys = new Set();                       // every job answered (Stop's included)
    this.continued = 0;
  }

  groups() {
    return groupsOf(this.puzzles, this.sweep);
  }

  // The entries in the legends (entry-names.js), with the schemas the page has now.
  names() {
    return legendNames(this.entries, this.schemaOf, this.runs);
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
    showRow(row, this.measure);
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
    Object.assign(el.dataset, { done: String(this.done), ended: String(this.done + this.stopped), total: String(this.total),
      solved: String(this.solved), stopped: String(this.stopped) });
    el.querySelector("progress").max = this.total || 1;
    el.querySelector("progress").value = this.done;
    const elapsed = ((running ? performance.now() : this.lastAt) - this.started) / 1000;
    const left = running ? this.secondsLeft() : null;
    el.dataset.continued = String(this.continued);
    el.querySelector(".progress-text").textContent = progressText({ done: this.done, total: this.total, solved: this.solved,
      stopped: this.stopped, continued: this.continued, elapsed, left, running });
  }

  // The time left from the runs' own seconds (compare/jobs.js secondsLeft), null before any run has ended.
  secondsLeft() {
    const left = this.jobs.filter((job) => !this.endedKeys.has(job.key));
    const ended = this.byEntry.flatMap((recs, entry) => recs.map((r) => ({ entry, seconds: r.seconds })));
    return secondsLeft(left, ended, this.workers);
  }

  // The fraction-solved curves are recomputed at most five times a second, not per record:
  // an experiment of thousands of short runs keeps the main thread free.
  markChart(entry) {
    this.chartDirty.add(entry);
    if (this.chartTimer) return;
    this.chartTimer = setTimeout(() => this.drawCurves(), 200);
  }

  // The curves of the entries with new results, the sweep's plots and atlas, and the table's comparisons.
  drawCurves() {
    clearTimeout(this.chartTimer);
    this.chartTimer = null;
    if (!this.kaplanMeier) drawSolvedCurves(this.chart, this.chartDirty, this.byEntry, this.max_seconds);
    this.chartDirty.clear();
    this.drawSweep();
    showComparisons([...this.rows.values()], this.measure);
  }

  // A sweep's phase plots (at one size) and the visitor's atlas, from its records so far.
  drawSweep() {
    if (!this.sweep) return;
    if (phased(this.sweep)) {
      const groups = this.groups();
      this.phase.draw(this.entries.map((_, ei) => phasePoints(groups, (g) => this.rows.get(`${ei}/${g.key}`).records)));
    }
    if (this.atlas) this.atlas.draw(ownAtlasDrawing(this, this.names()));
  }

  // The statistics' Kaplan–Meier curves in place of the fraction-solved curves where some run
  // is censored (unsolved, ended on its own): each entry's curve and, dashed, its 95% band,
  // held to the time limit as the fraction-solved curves are.
  showKaplanMeier(comparison) {
    if (!censored(comparison)) return;
    const names = this.names();
    this.chart.destroy();
    this.chart = kaplanMeierChart(this.chartEl, names, comparison, this.max_seconds);
    this.kaplanMeier = true;
  }

  resize() {
    for (const c of [this.chart, this.phase]) if (c) c.resize();
  }
}

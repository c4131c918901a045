// An experiment's display: progress (done / total, solved, time left), a results table per
// entry × puzzle (success with a 95% Wilson interval, quartiles of seconds and iterations over
// the solved runs, the paper's figure beside when a preset is on) and the fraction of runs
// solved against seconds. Runs ended by Stop are counted apart ("stopped n") and left out of
// the success rate and its interval: they say nothing about the solver. compare/view.js runs
// the jobs on the pool and hands each result here.
import { Lines } from "../draw/lines.js";
import { describe } from "../rules/entries.js";
import { ecdf, quartiles, wilson } from "../rules/stats.js";
import { paperFigure } from "./presets.js";

const fmt = (x, digits = 2) => (x === null ? "–" : x.toLocaleString("en", { maximumFractionDigits: digits }));

// The per-run record (the fields of `bench --json`): the result's fields, the puzzle's index
// and name, iterations per second.
export function record(job, result) {
  const { type, runId, started, ...fields } = result;
  return { puzzle: job.index, name: job.name, ...fields,
    iterations_per_second: fields.seconds ? fields.iterations / fields.seconds : null };
}

export class Experiment {
  constructor({ progressEl, resultsEl, chartEl, schemas }) {
    Object.assign(this, { progressEl, resultsEl, chartEl, schemas });
    this.records = [];
    this.total = 0;
    this.chart = null;
  }

  // entries: [{solver, seed, params}], puzzles: [{name, puzzle}]; returns the job list
  begin({ entries, puzzles, runs, seconds, preset }) {
    Object.assign(this, { entries, puzzles, runs, preset });
    this.records = [];
    this.done = 0;
    this.solved = 0;
    this.stopped = 0;
    this.running = true;
    this.chartDirty = new Set();
    this.byEntry = entries.map(() => []);
    this.rows = new Map();
    this.started = performance.now();
    const jobs = [];
    entries.forEach((e, ei) => puzzles.forEach((p, pi) => {
      for (let r = 0; r < runs; r++) {
        jobs.push({ entry: ei, index: pi, name: p.name, puzzle: p.puzzle, solver: e.solver, params: e.params,
          seed: e.seed + r, maxSeconds: seconds });
      }
    }));
    this.total = jobs.length;
    this.buildTable();
    if (this.chart) this.chart.destroy();
    this.chart = new Lines(this.chartEl, entries.map((e, i) => `${i + 1}. ${e.solver}`),
      { xLabel: "seconds (log)", yLabel: "fraction of runs solved", logX: true, stepped: true, yMax: 1 });
    this.showProgress();
    return jobs;
  }

  result(job, result) {
    this.done += 1;
    const row = this.rows.get(`${job.entry}/${job.index}`);
    if (result.stop_reason === "stopped") {
      this.stopped += 1;
      row.stopped += 1;
    }
    if (result.started !== false) {               // a run that never started leaves no record
      const rec = record(job, result);
      this.records.push(rec);
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
    this.running = false;
    this.showProgress();
    return { records: this.records, done: this.done, total: this.total, solved: this.solved, stopped: this.stopped };
  }

  showProgress() {
    const el = this.progressEl;
    el.dataset.done = String(this.done);
    el.dataset.total = String(this.total);
    el.dataset.solved = String(this.solved);
    el.dataset.stopped = String(this.stopped);
    el.querySelector("progress").max = this.total || 1;
    el.querySelector("progress").value = this.done;
    const elapsed = (performance.now() - this.started) / 1000;
    const left = this.done && this.running ? (elapsed / this.done) * (this.total - this.done) : 0;
    el.querySelector(".progress-text").textContent =
      `${this.done} of ${this.total} runs done · ${this.solved} solved` +
      (this.stopped ? ` · ${this.stopped} stopped` : "") + ` · ${elapsed.toFixed(0)} s elapsed` +
      (this.running ? (this.done ? ` · about ${Math.ceil(left)} s left` : "") : this.stopped ? " · stopped" : " · finished");
  }

  buildTable() {
    const body = this.resultsEl.querySelector("tbody");
    body.replaceChildren();
    this.resultsEl.querySelector(".paper-col").hidden = !this.preset;
    this.entries.forEach((e, ei) => this.puzzles.forEach((p, pi) => {
      const tr = document.createElement("tr");
      tr.setAttribute("data-testid", "compare-row");
      tr.dataset.solver = e.solver;
      tr.dataset.puzzle = p.name;
      const cells = {};
      for (const k of ["entry", "puzzle", "runs", "solved", "rate", "seconds", "iterations", "paper"]) {
        cells[k] = document.createElement("td");
        tr.appendChild(cells[k]);
      }
      cells.entry.textContent = `${ei + 1}. ${describe(e, this.schemas().get(e.solver))}`;
      cells.puzzle.textContent = p.name;
      cells.paper.hidden = !this.preset;
      cells.paper.textContent = paperFigure(this.preset, p.name);
      body.appendChild(tr);
      const row = { tr, cells, records: [], stopped: 0 };
      this.rows.set(`${ei}/${pi}`, row);
      this.updateRow(row);
    }));
  }

  updateRow(row) {
    const rs = row.records;                                   // runs that ended on their own
    const errors = rs.filter((r) => r.stop_reason === "error");
    const judged = rs.filter((r) => r.stop_reason !== "error");
    const solved = judged.filter((r) => r.solved);
    const [lo, hi] = wilson(solved.length, judged.length);
    const secs = quartiles(solved.map((r) => r.seconds));
    const its = quartiles(solved.map((r) => r.iterations));
    row.tr.dataset.runs = String(judged.length);
    row.tr.dataset.solved = String(solved.length);
    row.tr.dataset.stopped = String(row.stopped);
    row.tr.dataset.medianSeconds = secs[1] === null ? "" : String(secs[1]);
    row.tr.dataset.errors = String(errors.length);
    row.cells.runs.textContent = String(judged.length) + (row.stopped ? ` (stopped ${row.stopped})` : "");
    row.cells.solved.textContent = String(solved.length) + (errors.length ? ` (${errors.length} errors)` : "");
    if (errors.length) row.cells.solved.title = errors.map((r) => r.message).join("\n");
    row.cells.rate.textContent = judged.length
      ? `${fmt(100 * solved.length / judged.length, 0)}% [${fmt(100 * lo, 0)}–${fmt(100 * hi, 0)}]` : "–";
    row.cells.seconds.textContent = secs[1] === null ? "–" : `${fmt(secs[1], 3)} (${fmt(secs[0], 3)}–${fmt(secs[2], 3)})`;
    row.cells.iterations.textContent = its[1] === null ? "–" : `${fmt(its[1], 0)} (${fmt(its[0], 0)}–${fmt(its[2], 0)})`;
  }

  // The fraction-solved curves are recomputed at most five times a second, not per record:
  // an experiment of thousands of short runs keeps the main thread free.
  markChart(entry) {
    this.chartDirty.add(entry);
    if (this.chartTimer) return;
    this.chartTimer = setTimeout(() => {
      this.chartTimer = null;
      for (const e of this.chartDirty) {
        const judged = this.byEntry[e].filter((r) => r.stop_reason !== "error");
        const solved = judged.filter((r) => r.solved).map((r) => Math.max(r.seconds, 1e-3));
        this.chart.set(e, ecdf(solved, Math.max(judged.length, 1)));
      }
      this.chartDirty.clear();
    }, 200);
  }

  resize() {
    if (this.chart) this.chart.resize();
  }
}

// An experiment: every entry × puzzle × run (seeds s, s+1, …) spread over the worker pool.
// While it runs: progress (done / total, solved, time left), a results table per entry ×
// puzzle (success with a 95% Wilson interval, quartiles of seconds and iterations over the
// solved runs, the paper's figure beside when a preset is on) and the fraction of runs
// solved against seconds. The per-run records have the fields of `bench --json`.
import { Lines } from "./lines.js";
import { describe } from "./entries.js";
import { ecdf, quartiles, wilson } from "./stats.js";
import { paperFigure } from "./presets.js";

const fmt = (x, digits = 2) => (x === null ? "–" : x.toLocaleString("en", { maximumFractionDigits: digits }));

export class Experiment {
  constructor({ progressEl, resultsEl, chartEl, pool, schemas, onEnd }) {
    Object.assign(this, { progressEl, resultsEl, chartEl, pool, schemas, onEnd });
    this.records = [];
    this.total = 0;
    this.running = false;
    this.chart = null;
  }

  // entries: [{solver, seed, params}], puzzles: [{name, puzzle}]
  start({ entries, puzzles, runs, seconds, workers, preset }) {
    Object.assign(this, { entries, puzzles, runs, preset });
    this.records = [];
    this.solved = 0;
    this.chartDirty = new Set();
    this.byEntry = entries.map(() => []);
    this.rows = new Map();
    this.started = performance.now();
    this.running = true;
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
    this.pool.onFrame = () => {};
    this.pool.onDone = (job, result) => this.record(job, result);
    this.pool.onError = (job, message) => this.record(job, {
      solver: job.solver, seed: job.seed, params: job.params, solved: false, board: "", conflicts: null,
      open_cells: null, best: null, iterations: 0, evaluations: 0, seconds: 0, stop_reason: "error",
      restarts: 0, longest_step: 0, message,
    });
    this.pool.resize(workers);
    this.showProgress();
    this.pool.run(jobs);
  }

  record(job, result) {
    const { type, runId, ...fields } = result;
    const rec = {
      puzzle: job.index, name: job.name, ...fields,
      iterations_per_second: fields.seconds ? fields.iterations / fields.seconds : null,
    };
    this.records.push(rec);
    this.byEntry[job.entry].push(rec);
    this.solved += rec.solved ? 1 : 0;
    const key = `${job.entry}/${job.index}`;
    this.rows.get(key).records.push(rec);
    this.updateRow(this.rows.get(key));
    this.markChart(job.entry);
    this.showProgress();
    if (this.records.length === this.total || (!this.pool.busy && this.running)) this.finish();
  }

  finish() {
    if (!this.running) return;
    this.running = false;
    this.showProgress();
    this.onEnd(this.records);
  }

  stop() {
    this.pool.stop();                   // running jobs report `stopped`; queued ones are dropped
    setTimeout(() => { if (this.running && !this.pool.busy) this.finish(); }, 0);
  }

  showProgress() {
    const done = this.records.length;
    const solved = this.solved;
    const el = this.progressEl;
    el.dataset.done = String(done);
    el.dataset.total = String(this.total);
    el.dataset.solved = String(solved);
    el.querySelector("progress").max = this.total || 1;
    el.querySelector("progress").value = done;
    const elapsed = (performance.now() - this.started) / 1000;
    const left = done && this.running ? (elapsed / done) * (this.total - done) : 0;
    el.querySelector(".progress-text").textContent =
      `${done} of ${this.total} runs done · ${solved} solved · ${elapsed.toFixed(0)} s elapsed` +
      (this.running ? (done ? ` · about ${Math.ceil(left)} s left` : "") : done < this.total ? " · stopped" : " · finished");
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
      cells.entry.textContent = `${ei + 1}. ${describe(e, this.schemas.get(e.solver))}`;
      cells.puzzle.textContent = p.name;
      cells.paper.hidden = !this.preset;
      cells.paper.textContent = paperFigure(this.preset, p.name);
      body.appendChild(tr);
      const row = { tr, cells, records: [] };
      this.rows.set(`${ei}/${pi}`, row);
      this.updateRow(row);
    }));
  }

  updateRow(row) {
    const rs = row.records;
    const solved = rs.filter((r) => r.solved);
    const errors = rs.filter((r) => r.stop_reason === "error");
    const [lo, hi] = wilson(solved.length, rs.length);
    const secs = quartiles(solved.map((r) => r.seconds));
    const its = quartiles(solved.map((r) => r.iterations));
    row.tr.dataset.runs = String(rs.length);
    row.tr.dataset.solved = String(solved.length);
    row.tr.dataset.medianSeconds = secs[1] === null ? "" : String(secs[1]);
    row.tr.dataset.errors = String(errors.length);
    row.cells.runs.textContent = String(rs.length);
    row.cells.solved.textContent = String(solved.length) + (errors.length ? ` (${errors.length} errors)` : "");
    if (errors.length) row.cells.solved.title = errors.map((r) => r.message).join("\n");
    row.cells.rate.textContent = rs.length
      ? `${fmt(100 * solved.length / rs.length, 0)}% [${fmt(100 * lo, 0)}–${fmt(100 * hi, 0)}]` : "–";
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
      const total = this.puzzles.length * this.runs;
      for (const e of this.chartDirty) {
        const solved = this.byEntry[e].filter((r) => r.solved).map((r) => Math.max(r.seconds, 1e-3));
        this.chart.set(e, ecdf(solved, total));
      }
      this.chartDirty.clear();
    }, 200);
  }

  resize() {
    if (this.chart) this.chart.resize();
  }
}

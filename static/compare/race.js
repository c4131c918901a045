// A race's lanes: two to five entries start together on the loaded puzzle, each in its own
// worker (or its own workers, as one run on several workers, when its entry asks for several). Lanes sit side by side, each with its board, its solver and settings, live metrics
// and, when it ends, its place and time in large type; the winner stands out. One chart
// overlays every lane's trajectory — open cells against seconds on a log axis, drawn from
// each run's trace (frames.Stream), so fast lanes are not squeezed against the left edge.
// This module draws; compare/run.js starts and stops (through the pool). Places are computed
// from the lanes' results (compare/ranking.js), never read back from the page.
import { Board, stringToCells } from "../draw/board.js";
import { Lines, seriesColor } from "../draw/lines.js";
import { describe, workersOf } from "../rules/entries.js";
import { nameOf } from "../rules/solver-ref.js";
import { STAGE_WORDS, stateOf, cellsLeft, cellsLeftText, stallWords, stepCount } from "../python/messages.js";
import { measureOf, measureText, places, placeText, rankingText, unsolvedPlaceText } from "./ranking.js";

const MIN_SECONDS = 1e-3;                    // the log axis starts here: every lane starts at the puzzle
// Lanes take turns to paint their text: one lane per animation frame, each at most every
// LANE_PAINT_MS. Their boards draw themselves (draw/board.js), within one budget a frame.
const LANE_PAINT_MS = 60;

// a lane's name in the chart's legend: a visitor's solver by its TITLE; an entry on several workers
// says so (two acs lanes, one a portfolio)
export const laneLabel = (entry, i, schema) =>
  `${i + 1}. ${nameOf(entry, schema)} · seed ${entry.seed}${workersOf(entry) > 1 ? ` · ${entry.workers} workers` : ""}`;

// Why a lane Stop ended before it started: its worker was ready and it waited for the others'
// (lanes start together), or its own worker was still loading.
function unstartedWords(waitedFor) {
  if (!waitedFor) return "stopped before it started, while its worker loaded";
  if (!waitedFor.length) return "stopped before it started, as the lanes were starting";
  return `stopped before it started: its worker was ready, waiting for lane${waitedFor.length > 1 ? "s" : ""} ` +
    `${waitedFor.map((k) => k + 1).join(", ")} to load`;
}

export class Race {
  // schemaOf(entry): the schema its lane is named and counted by (a visitor's text's own: own/texts.js)
  constructor({ lanesEl, chartEl, rankingEl, schemaOf }) {
    Object.assign(this, { lanesEl, chartEl, rankingEl, schemaOf });
    this.measure = "seconds";                  // what solved lanes are ranked by (ranking.js, measureOf)
    this.lanes = [];
    this.chart = null;
    this.painting = false;                     // an animation frame is asked for (paintNext)
  }

  // budget: {max_seconds, max_iterations, max_evaluations}, every lane's
  begin(entries, givens, { max_seconds, max_iterations = null, max_evaluations = null }) {
    this.measure = measureOf({ max_iterations, max_evaluations });
    this.showRanking(false);
    this.lanesEl.replaceChildren();
    this.lanesEl.style.setProperty("--lanes", String(entries.length));
    this.lanes = entries.map((entry, i) => this.makeLane(entry, i, givens));
    if (this.chart) this.chart.destroy();
    this.chart = new Lines(this.chartEl, entries.map((e, i) => laneLabel(e, i, this.schemaOf(e))), {
      title: "Open cells against time", xLabel: "seconds (log scale)", yLabel: "open cells",
      logX: true, stepped: true, xMin: MIN_SECONDS, xMax: max_seconds });
    // the lanes hand their boards the puzzle from the second frame on: the first lays the new
    // lanes out (a large board's first drawing forced that layout)
    requestAnimationFrame(() => this.schedulePaint());
    const empty = givens.filter((v) => !v).length;
    this.lanes.forEach((lane, i) => {
      lane.series = [[MIN_SECONDS, empty]];
      this.chart.add(i, MIN_SECONDS, empty);                    // every line starts at the puzzle
    });
  }

  makeLane(entry, i, givens) {
    const el = document.createElement("article");
    el.className = "lane";
    el.setAttribute("data-testid", "lane");
    el.dataset.solver = entry.solver;
    el.dataset.seed = String(entry.seed);
    el.dataset.workers = String(workersOf(entry));
    el.dataset.state = "running";
    el.dataset.painted = "0";
    const head = document.createElement("header");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seriesColor(i);
    const name = document.createElement("strong");
    name.className = "lane-title";
    const schema = this.schemaOf(entry);
    name.textContent = `${i + 1}. ${nameOf(entry, schema)}`;
    const settings = document.createElement("small");
    settings.className = "lane-settings";
    settings.textContent = schema ? describe(entry, schema).split(" · ").slice(1).join(" · ") : `seed ${entry.seed}`;
    head.append(swatch, name, settings);
    const boardEl = document.createElement("div");
    boardEl.className = "board lane-board";
    boardEl.setAttribute("role", "grid");
    boardEl.setAttribute("aria-label", `lane ${i + 1} board`);
    boardEl.setAttribute("data-testid", "lane-board");
    const result = document.createElement("p");
    result.className = "lane-result";
    const place = document.createElement("span");
    place.className = "lane-place";
    place.setAttribute("data-testid", "lane-place");
    const time = document.createElement("span");
    time.className = "lane-time";
    time.setAttribute("data-testid", "lane-time");
    result.append(place, time);
    const info = document.createElement("p");
    info.className = "lane-info";
    info.setAttribute("aria-live", "polite");
    info.textContent = "waiting to start…";        // then what it waits for (waiting)
    el.append(head, boardEl, result, info);
    this.lanesEl.appendChild(el);
    const board = new Board(boardEl);             // handed the puzzle in the lane's first turn (paint), then each frame
    return { el, board, info, place, time, givens, state: "running", frame: null, queued: true,
      paintedAt: -Infinity, entry, result: null, series: [] };
  }

  // Before the lanes start together, what each waits for: its own workers (lane i runs on the
  // pool's next workers, as many as it asks for) while they load, else the others. status: Pool.status().
  waiting(status) {
    let first = 0;
    const own = this.lanes.map((lane) => {
      const slots = status.slice(first, first + workersOf(lane.entry));
      first += workersOf(lane.entry);
      return slots;
    });
    const loading = own.map((ws, i) => (ws.every((w) => w.ready) ? -1 : i)).filter((i) => i >= 0);
    this.lanes.forEach((lane, i) => {
      const ws = own[i];
      const failed = ws.find((w) => w.failure);
      const w = ws.find((x) => !x.ready);
      const its = ws.length > 1 ? "one of its workers" : "its worker";
      if (!ws.length || lane.state !== "running") return;
      // what it waited for, should Stop come before the lanes start: its own workers, or the others'
      lane.waitedFor = w ? null : loading.filter((k) => k !== i);
      lane.info.textContent = failed ? `${its} failed: ${failed.failure}`
        : w ? `waiting for ${its}, which ${STAGE_WORDS[w.stage] || STAGE_WORDS.runtime}…`
          : loading.length ? `${ws.length > 1 ? "its workers are" : "its worker is"} ready; waiting for lane${loading.length > 1 ? "s" : ""} ` +
            `${loading.map((k) => k + 1).join(", ")} to load, so all start together` : "starting…";
    });
  }

  // every lane's worker is ready and the lanes start together
  started() {
    for (const lane of this.lanes) if (lane.state === "running") lane.info.textContent = "running…";
  }

  // One point of lane i's trajectory: kept for the race's file, drawn on the chart.
  sample(i, seconds, open) {
    const x = Math.max(seconds, MIN_SECONDS);
    this.lanes[i].series.push([x, open]);
    this.chart.add(i, x, open);
  }

  frame(i, f) {
    const lane = this.lanes[i];
    if (!lane || lane.state !== "running") return;
    for (const [t, open] of f.trace || []) this.sample(i, t, open);
    lane.frame = f;
    lane.queued = true;
    if (f.progress) lane.board.draw({ values: stringToCells(f.progress.board), givens: lane.givens,
      clashing: new Set(f.progress.clashing_at), running: true });
    this.schedulePaint();
  }

  schedulePaint() {
    if (this.painting) return;
    this.painting = true;
    requestAnimationFrame(() => this.paintNext());
  }

  // the lane waiting longest among those with a new frame and not painted in the last
  // LANE_PAINT_MS; then the next animation frame for the others
  paintNext() {
    this.painting = false;
    const now = performance.now();
    const waiting = this.lanes.filter((l) => l.queued);
    const due = waiting.filter((l) => now - l.paintedAt >= LANE_PAINT_MS).sort((a, b) => a.paintedAt - b.paintedAt);
    if (due.length) this.paint(due[0], now);
    if (waiting.length > (due.length ? 1 : 0)) this.schedulePaint();
  }

  paint(lane, now) {
    lane.queued = false;
    lane.paintedAt = now;
    const f = lane.frame;
    if (!f) {                                  // the puzzle, before the lane's first frame (unless it ended before one)
      if (lane.state === "running") lane.board.draw({ values: lane.givens, givens: lane.givens, running: true });
      return;
    }
    if (lane.state !== "running") return;
    if (f.progress) {
      const p = f.progress;
      lane.info.textContent = `${stepCount(p.iteration, this.schemaOf(lane.entry))} · ${f.elapsed.toFixed(1)} s · ` +
        `${p.empty_cells} empty · ${p.clashing_cells} clashing`;
    }
    lane.el.dataset.painted = String(Number(lane.el.dataset.painted) + 1);
  }

  done(i, result) {
    const lane = this.lanes[i];
    if (!lane) return;
    const state = stateOf(result);
    lane.state = state;
    lane.result = result;
    lane.el.dataset.state = state;
    // the final board marks its clashes as the Solve board does: the run's last frame (sent just
    // before its result) names the clashing cells of that very board
    const last = lane.frame && lane.frame.progress;
    const clashes = last && result.board && last.board === result.board ? last.clashing_at : [];
    lane.board.show(result.board ? stringToCells(result.board) : lane.givens, lane.givens, new Set(clashes));
    if (result.started !== false && result.open_cells !== null) this.sample(i, result.seconds, result.open_cells);
    if (result.solved) {
      this.rank();
      return;
    }
    lane.place.textContent = state === "error" ? "error" : state === "stopped" ? "stopped" : state === "unsolvable" ? "no solution" : "not solved";
    lane.time.textContent = result.started === false ? "" : `${result.seconds.toFixed(2)} s`;
    const schema = this.schemaOf(lane.entry);
    const why = stallWords(result, schema, true);        // ended before its budget: said, not left to look like one
    lane.info.textContent = state === "error" ? result.message || "the run failed"
      : result.started === false ? unstartedWords(lane.waitedFor)
        : `${stepCount(result.iterations, schema)} · ` +
          (cellsLeft(result) ? `${cellsLeftText(cellsLeft(result))} left` : "no board") + (why ? ` · ${why}` : "");
    lane.info.title = stallWords(result, schema);
  }

  // Places by the race's measure (all lanes start together; the first solved is the winner),
  // then, once every lane has ended, the unsolved ones by their open cells (ranking.js).
  rank() {
    let any = false;
    places(this.lanes.map((l) => l.result), this.measure).forEach((place, i) => {
      if (place === null) return;
      any = true;
      const lane = this.lanes[i];
      const { result } = lane;
      const schema = this.schemaOf(lane.entry);
      lane.el.dataset.place = String(place);
      lane.el.classList.toggle("winner", place === 1 && result.solved);
      lane.place.textContent = result.solved ? placeText(place) : unsolvedPlaceText(place);
      if (result.solved) {
        lane.time.textContent = measureText(result, this.measure, schema);
        lane.info.textContent = `solved · ${stepCount(result.iterations, schema)}`;
        lane.info.title = result.message || "";         // a portfolio's winning seed, a team's workers
      } else {
        lane.time.textContent = `${result.open_cells} open ${result.open_cells === 1 ? "cell" : "cells"}`;
      }
    });
    this.showRanking(any);
  }

  // what the places were ranked by, once there are places
  showRanking(shown) {
    if (!this.rankingEl) return;
    this.rankingEl.hidden = !shown;
    this.rankingEl.dataset.measure = this.measure;
    this.rankingEl.textContent = shown ? rankingText(this.measure) : "";
  }

  // Every lane has ended: the time axis ends at the last lane's end, not at the time limit
  // (a race settled in 0.2 s of a 60 s limit drew its lines in the chart's first sliver).
  ended() {
    this.rank();                               // the unsolved lanes' places, now that none runs
    const ends = this.lanes.filter((l) => l.result && l.result.started !== false).map((l) => l.result.seconds);
    if (this.chart && ends.length) this.chart.endAt(Math.max(MIN_SECONDS * 10, ...ends));
  }

  // the race as a file: every lane's settings, place, result and trajectory
  outcome() {
    const at = places(this.lanes.map((l) => l.result), this.measure);
    return { ranked_by: this.measure, lanes: this.lanes.map((l, i) => ({ label: laneLabel(l.entry, i, this.schemaOf(l.entry)), solver: l.entry.solver, seed: l.entry.seed,
      params: l.entry.params, workers: workersOf(l.entry), state: l.state, place: at[i],
      result: l.result, series: { columns: ["seconds", "open_cells"], rows: l.series } })) };
  }

  // the race of a puzzle no longer shown: its lanes and chart go
  clear() {
    this.showRanking(false);
    this.lanesEl.replaceChildren();
    this.lanes = [];
    if (this.chart) { this.chart.destroy(); this.chart = null; }
    for (const k of ["points", "series", "legend", "title", "xLabel", "yLabel", "xMax"]) delete this.chartEl.dataset[k];
  }

  resize() {
    if (this.chart) this.chart.resize();
  }
}

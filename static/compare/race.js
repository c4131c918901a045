// A race's lanes: two to five entries start together on the loaded puzzle, each in its own
// worker. Each lane shows a small live board, its state and, at the end, its place; one
// chart overlays every lane's open cells against seconds. This module draws; compare/view.js
// starts and stops (through the pool) and hands it each lane's frames and result.
import { Board, stringToCells } from "../draw/board.js";
import { Lines, COLORS } from "../draw/lines.js";
import { describe } from "../rules/entries.js";
import { stateOf } from "../python/messages.js";

const ORDINAL = (k) => `${k}${k % 10 === 1 && k !== 11 ? "st" : k % 10 === 2 && k !== 12 ? "nd" : k % 10 === 3 && k !== 13 ? "rd" : "th"}`;

export class Race {
  constructor({ lanesEl, chartEl, schemas }) {
    Object.assign(this, { lanesEl, chartEl, schemas });
    this.lanes = [];
    this.chart = null;
  }

  begin(entries, givens) {
    this.lanesEl.replaceChildren();
    this.lanes = entries.map((entry, i) => this.makeLane(entry, i, givens));
    if (this.chart) this.chart.destroy();
    this.chart = new Lines(this.chartEl, entries.map((e, i) => `${i + 1}. ${e.solver}`),
      { xLabel: "seconds", yLabel: "open cells" });
    const empty = givens.filter((v) => !v).length;
    entries.forEach((_, i) => this.chart.add(i, 0, empty));      // every line starts at the puzzle
  }

  makeLane(entry, i, givens) {
    const el = document.createElement("article");
    el.className = "lane";
    el.setAttribute("data-testid", "lane");
    el.dataset.solver = entry.solver;
    el.dataset.seed = String(entry.seed);
    el.dataset.state = "running";
    el.dataset.painted = "0";
    const head = document.createElement("header");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = COLORS[i % COLORS.length];
    const title = document.createElement("span");
    title.className = "lane-title";
    title.textContent = `${i + 1}. ${describe(entry, this.schemas().get(entry.solver))}`;
    head.append(swatch, title);
    const boardEl = document.createElement("div");
    boardEl.className = "board lane-board";
    boardEl.setAttribute("role", "grid");
    boardEl.setAttribute("aria-label", `lane ${i + 1} board`);
    boardEl.setAttribute("data-testid", "lane-board");
    const info = document.createElement("p");
    info.className = "lane-info";
    info.setAttribute("aria-live", "polite");
    info.textContent = "waiting for its worker…";
    el.append(head, boardEl, info);
    this.lanesEl.appendChild(el);
    const board = new Board(boardEl);
    board.show(givens, givens);
    return { el, board, info, givens, state: "running", frame: null, queued: false, entry, result: null };
  }

  // every lane's worker is ready and the lanes start together
  started() {
    for (const lane of this.lanes) if (lane.state === "running") lane.info.textContent = "running…";
  }

  frame(i, f) {
    const lane = this.lanes[i];
    if (!lane || lane.state !== "running") return;
    if (f.progress) this.chart.add(i, Math.max(f.elapsed, 1e-3), f.progress.open_cells);
    lane.frame = f;
    if (!lane.queued) {
      lane.queued = true;
      requestAnimationFrame(() => this.paint(lane));
    }
  }

  paint(lane) {
    lane.queued = false;
    const f = lane.frame;
    if (!f || lane.state !== "running") return;
    if (f.progress) {
      const p = f.progress;
      lane.board.show(stringToCells(p.board), lane.givens, new Set(p.conflict_cells));
      lane.info.textContent = `running · it ${p.iteration.toLocaleString("en")} · ${f.elapsed.toFixed(1)} s · ` +
        `${p.open_cells} open cells`;
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
    if (result.board) lane.board.show(stringToCells(result.board), lane.givens, new Set());
    if (result.solved) {
      this.rank();
    } else if (state === "error") {
      lane.info.textContent = `error: ${result.message || "the run failed"}`;
    } else if (result.started === false) {
      lane.info.textContent = "stopped before it started";
    } else {
      lane.info.textContent = (state === "stopped" ? "stopped" : state === "unsolvable" ? "no solution"
        : "not solved within the time limit") +
        ` · ${result.iterations.toLocaleString("en")} iterations · ${result.open_cells} open cells`;
    }
  }

  // Places by each lane's own solving time (all lanes start together).
  rank() {
    const solved = this.lanes.filter((l) => l.state === "solved").sort((a, b) => a.result.seconds - b.result.seconds);
    solved.forEach((lane, k) => {
      lane.el.dataset.place = String(k + 1);
      lane.info.textContent = `${ORDINAL(k + 1)} · solved in ${lane.result.seconds.toFixed(2)} s, ` +
        `${lane.result.iterations.toLocaleString("en")} iterations`;
    });
  }

  // the race of a puzzle no longer shown: its lanes and chart go
  clear() {
    this.lanesEl.replaceChildren();
    this.lanes = [];
    if (this.chart) { this.chart.destroy(); this.chart = null; }
    delete this.chartEl.dataset.points;
    delete this.chartEl.dataset.series;
  }

  outcome() {
    return { lanes: this.lanes.map((l) => ({ entry: l.entry, state: l.state, result: l.result })) };
  }

  resize() {
    if (this.chart) this.chart.resize();
  }
}

// The frames of a run on several workers toward a view (docs/protocol.md, "Worker messages", team
// runs and portfolio runs): each member's frame in, the run's frame out. Two kinds, two classes:
// an alldiff_ls team is one search spread over its members, so its counts are the members' summed
// (TeamFrames); a portfolio is a race of whole runs, so its counts are the leading member's own,
// as its result will be the winner's own run (PortfolioFrames). Both show the board, metrics and
// overlay of the member whose best is lowest, and chart the row of the member whose latest row is
// lowest (its first series). Lite frames (a race lane's or an experiment job's) carry a trace
// instead of rows: at each member's trace row, the lowest open cells over the members' latest.
// Pure: node tests it.
import { cellsLeft } from "./messages.js";
import { isPortfolio } from "../rules/workers.js";

// The index of the lowest `key` among the items that are there (ties: the lowest index), or -1.
export function lowest(items, key) {
  let at = -1;
  items.forEach((item, i) => {
    if (item && (at === -1 || key(item) < key(items[at]))) at = i;
  });
  return at;
}

// What both kinds share: the members' latest states, rows and traces, and the last frame.
class MemberFrames {
  constructor(workers) {
    this.workers = workers;
    this.progress = new Array(workers).fill(null);
    this.rows = new Array(workers).fill(null);
    this.open = new Array(workers).fill(null);   // each member's latest open cells in its trace
    this.tracedAt = 0;                           // the run's trace's last time: it never goes back
    this.longest = 0;
    this.objective = null;
  }

  // A member's trace rows ([its seconds since it started, its open cells]) as the run's: at each,
  // the lowest open cells over the members' latest, at that time or the run's trace's last if later
  // (members start within a message of each other; a chart's x never goes back).
  mergeTrace(member, trace) {
    return trace.map(([t, open]) => {
      this.open[member] = open;
      this.tracedAt = Math.max(this.tracedAt, t);
      return [this.tracedAt, Math.min(...this.open.filter((o) => o !== null))];
    });
  }

  // member: its index; frame: its `progress` message; elapsed: the run's seconds
  add(member, frame, elapsed) {
    if (frame.progress) this.progress[member] = frame.progress;
    const fresh = frame.points && frame.points.length > 0;
    if (fresh) this.rows[member] = frame.points[frame.points.length - 1];
    this.longest = Math.max(this.longest, frame.longest_step || 0);
    this.objective = frame.objective || this.objective;
    const out = { points: [], events: [], series: frame.series || [], elapsed, objective: frame.objective,
      longest_step: this.longest, workers: this.workers, ...(frame.trace ? { trace: this.mergeTrace(member, frame.trace) } : {}) };
    const best = lowest(this.progress, (p) => p.best);
    if (best === -1) return out;
    out.progress = this.counts(best);
    const row = lowest(this.rows, (r) => r[1]);
    if (fresh && row !== -1) out.points = [[this.chartX(out.progress, this.rows[row]), ...this.rows[row].slice(1)]];
    return out;
  }

  // The run's last frame: the run's result in the metrics (its counts, at its last barrier or
  // where it was stopped, and its board), as a run's last frame carries its result.
  last(result, elapsed) {
    const best = lowest(this.progress, (p) => p.best);
    const left = cellsLeft(result);
    const before = best === -1 ? {} : this.progress[best];
    const progress = { ...before, iteration: result.iterations, evaluations: result.evaluations, restarts: result.restarts,
      best: result.best, conflicts: result.conflicts, open_cells: result.open_cells,
      ...(left ? { empty_cells: left.empty, clashing_cells: left.clashing } : {}),
      ...(result.board && result.board !== before.board ? { board: result.board, clashing_at: [] } : {}) };
    return { points: [], events: [], series: [], elapsed, objective: this.objective, longest_step: this.longest,
      workers: this.workers, ...(result.board ? { progress } : {}) };
  }
}

// An alldiff_ls team's frames: iteration, evaluations and restarts summed over the members'
// latest (one search's moves), the chart row at the summed moves.
export class TeamFrames extends MemberFrames {
  // a run's count `k` from its members' results (`at`: the lowest best's): all of them summed
  static resultCount(results, at, k) {
    return results.reduce((total, r) => total + (r[k] || 0), 0);
  }

  counts(best) {
    const sum = (k) => this.progress.reduce((total, p) => total + (p ? p[k] : 0), 0);
    return { ...this.progress[best], iteration: sum("iteration"), evaluations: sum("evaluations"), restarts: sum("restarts") };
  }

  chartX(progress) {
    return progress.iteration;
  }
}

// A portfolio's frames: the leading member's own counts, its chart row at that row's own
// iteration, the chart's x never going back (the lead passes from member to member).
export class PortfolioFrames extends MemberFrames {
  constructor(workers) {
    super(workers);
    this.chartAt = 0;
  }

  // a run's count `k` from its members' results: the winner's own (`at`: the lowest best's)
  static resultCount(results, at, k) {
    return at === -1 ? 0 : results[at][k] || 0;
  }

  counts(best) {
    return { ...this.progress[best] };
  }

  chartX(progress, row) {
    this.chartAt = Math.max(this.chartAt, row[0]);
    return this.chartAt;
  }
}

// The kind of frames of `solver` on several workers: a portfolio's or a team's.
export const framesKindOf = (solver) => (isPortfolio(solver) ? PortfolioFrames : TeamFrames);

// The frames of `solver` on `workers` workers.
export const framesFor = (solver, workers) => new (framesKindOf(solver))(workers);

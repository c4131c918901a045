// One run on several of the pool's workers, toward the Solve view one run (docs/design.md,
// "Worker messages", team runs and portfolio runs): alldiff_ls's a team, acs's and alldiff_tabu's
// a portfolio (a seed each). Worker w drives member w in Python (py/sudoku_lab/several/team.py,
// portfolio.py); at each barrier this coordinator only hands every member all the reports: the
// merge of elites, the winner and the rule that ends the run stay in Python, where the native
// processes use them too. `runTeamOn(workers, spec, onFrame)` runs a team on the given
// ready LabWorkers (the pool's slots of a race lane or an experiment job); `runTeam(pool, spec,
// onFrame)` (a Solve) waits for the pool's first workers to be ready, then does the same. Both
// return what LabWorker.run returns ({runId, done, stop}); `done` resolves with the team's
// result, or rejects with RunRefused when the members refuse the settings.
import { RunRefused, WorkerLost } from "./client.js";
import { cellsLeft, unstartedResult } from "./messages.js";
import { exchangeOf, isPortfolio } from "../rules/workers.js";

const READY_POLL_MS = 100;               // how often a starting team looks whether its workers have loaded

// The index of the lowest `key` among the items that are there (ties: the lowest index), or -1.
function lowest(items, key) {
  let at = -1;
  items.forEach((item, i) => {
    if (item && (at === -1 || key(item) < key(items[at]))) at = i;
  });
  return at;
}

// The frames of a team run: each member's frame in, the team's frame out. The board, metrics and
// overlay are the member's whose best is lowest; iteration, evaluations and restarts are summed
// over the members' latest; the chart row is the row of the member whose latest row is lowest
// (its first series), at the summed moves. A portfolio's (`summed` false) keep that member's own
// counts and its row at its own iteration (never going back), as its result will: the winner's own run. Lite frames (a race lane's team) carry a trace
// instead of rows: at each member's trace row, the lowest open cells over the members' latest
// (mergeTrace). Pure: node tests it.
export class TeamFrames {
  constructor(workers, { summed = true } = {}) {
    this.workers = workers;
    this.summed = summed;
    this.chartAt = 0;                            // a portfolio's chart x: it never goes back
    this.progress = new Array(workers).fill(null);
    this.rows = new Array(workers).fill(null);
    this.open = new Array(workers).fill(null);   // each member's latest open cells in its trace
    this.tracedAt = 0;                           // the team trace's last time: it never goes back
    this.longest = 0;
    this.objective = null;
  }

  // A member's trace rows ([its seconds since it started, its open cells]) as the team's: at each,
  // the lowest open cells over the members' latest, at that time or the team trace's last if later
  // (members start within a message of each other; a chart's x never goes back).
  mergeTrace(member, trace) {
    return trace.map(([t, open]) => {
      this.open[member] = open;
      this.tracedAt = Math.max(this.tracedAt, t);
      return [this.tracedAt, Math.min(...this.open.filter((o) => o !== null))];
    });
  }

  // member: its index; frame: its `progress` message; elapsed: the team's seconds
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
    const sum = (k) => this.progress.reduce((total, p) => total + (p ? p[k] : 0), 0);
    out.progress = this.summed ? { ...this.progress[best], iteration: sum("iteration"), evaluations: sum("evaluations"),
      restarts: sum("restarts") } : { ...this.progress[best] };
    const row = lowest(this.rows, (r) => r[1]);
    if (!this.summed && row !== -1) this.chartAt = Math.max(this.chartAt, this.rows[row][0]);
    if (fresh && row !== -1) out.points = [[this.summed ? out.progress.iteration : this.chartAt, ...this.rows[row].slice(1)]];
    return out;
  }

  // The team's last frame: the run's result in the metrics (its counts, at its last barrier or
  // where it was stopped, and its board), as a run's last frame carries its result.
  last(result, elapsed) {
    const best = lowest(this.progress, (p) => p.best);
    const left = cellsLeft(result);
    const before = best === -1 ? {} : this.progress[best];
    const progress = { ...before, iteration: result.iterations, evaluations: result.evaluations, restarts: result.restarts,
      best: result.best, conflicts: result.conflicts, open_cells: result.open_cells,
      ...(left ? { empty_cells: left.empty, clashing_cells: left.clashing } : {}),
      ...(result.board && result.board !== before.board ? { board: result.board, conflict_cells: [] } : {}) };
    return { points: [], events: [], series: [], elapsed, objective: this.objective, longest_step: this.longest,
      workers: this.workers, ...(result.board ? { progress } : {}) };
  }
}

// A team run that Stop, its time limit or a lost worker ended between barriers: the members' own
// results (null for one that gave none) as one — the board of the lowest best, the counts summed
// (a portfolio's: that member's own), `workers` in its parameters. job: {solver, seed, params},
// for a team none of whose members answered.
export function teamResult(results, job, workers, stopReason, message = "", seconds = 0) {
  const have = results.filter((r) => r && r.board);
  const at = lowest(have, (r) => (r.best === null ? Infinity : r.best));
  const sum = (k) => (isPortfolio(job.solver) && at !== -1 ? have[at][k] || 0 : have.reduce((total, r) => total + (r[k] || 0), 0));
  const base = at === -1 ? unstartedResult(job, stopReason) : have[at];
  return { ...base, params: { ...(base.params || job.params), workers }, solved: false, iterations: sum("iterations"),
    evaluations: sum("evaluations"), restarts: sum("restarts"), seconds, stop_reason: stopReason,
    longest_step: Math.max(0, ...have.map((r) => r.longest_step || 0)), ...(message ? { message } : {}) };
}

// A member's answer at a barrier is the team's result (its parameters carry `workers`); a member
// stopped between barriers answers with its own.
const isTeamResult = (r) => !!r && !!r.params && r.params.workers !== undefined;

// The first `n` workers of the pool once each has loaded Python (they load ahead: Pool.warm).
async function readyWorkers(pool, n, ended) {
  pool.warm(n);
  for (;;) {
    const workers = pool.slots.slice(0, n).map((slot) => slot.worker);
    const failed = workers.findIndex((w) => w.failure);
    if (failed !== -1) throw new WorkerLost(`worker ${failed + 1} of ${n} could not load: ${workers[failed].failure}`);
    if (ended() || workers.every((w) => w.ready && !w.busy)) return workers;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

let teamSeq = 0;

// spec: a Solve's {puzzle, solver, params, seed, max_seconds, max_iterations, max_evaluations, workers,
// exchange?}; onFrame(the team's frame). Waits for the pool's first `workers` workers, then runTeamOn.
export function runTeam(pool, spec, onFrame = () => {}) {
  const job = { solver: spec.solver, seed: spec.seed, params: spec.params };
  let stopped = false;
  let team = null;
  const done = readyWorkers(pool, spec.workers, () => stopped).then((ready) => {
    if (stopped) return unstartedResult(job, "stopped", "stopped before it started");
    team = runTeamOn(ready, spec, onFrame);
    return team.done;
  }, (err) => {
    if (!(err instanceof WorkerLost)) throw err;
    return teamResult([], job, spec.workers, "error", err.message);
  });
  return { runId: `team-${++teamSeq}`, done, stop: () => { stopped = true; if (team) team.stop(); } };
}

// One team run on `ready` (LabWorkers, ready and idle: member w on ready[w]). spec: as runTeam's,
// `workers` = ready.length, and `lite` for a race lane's or an experiment job's frames.
export function runTeamOn(ready, spec, onFrame = () => {}) {
  const workers = ready.length;
  const exchange = spec.exchange || exchangeOf(spec.solver);
  const job = { solver: spec.solver, seed: spec.seed, params: spec.params };
  const frames = new TeamFrames(workers, { summed: !isPortfolio(spec.solver) });
  let ending = null;                     // {reason, message} once the team is told to stop between barriers
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let reports = new Array(workers).fill(null);
  let count = 0;
  const barrier = (w, report) => {              // the last report in hands them all to every member
    reports[w] = report;
    if (++count < workers || ending) return;
    const all = reports;
    reports = new Array(workers).fill(null);
    count = 0;
    for (const m of members) m.settle(all, elapsed());
  };
  const { max_seconds, max_iterations = null, max_evaluations = null, lite = false } = spec;
  const members = ready.map((worker, w) => worker.teamRun({ puzzle: spec.puzzle, solver: spec.solver, params: spec.params, seed: spec.seed,
    member: w, workers, exchange, max_seconds, max_iterations, max_evaluations, lite },
  (frame) => onFrame(frames.add(w, frame, elapsed())), (report) => barrier(w, report)));

  function end(reason, message = "") {
    if (ending) return;
    ending = { reason, message };
    for (const m of members) m.stop();
  }

  async function go() {
    const timer = max_seconds ? setTimeout(() => end("budget"), max_seconds * 1000) : null;
    let refused = null;
    const answers = await Promise.all(members.map((m, w) => m.done.catch((err) => {
      if (!(err instanceof WorkerLost || err instanceof RunRefused)) throw err;
      if (err instanceof RunRefused) refused = refused || err;
      end("error", `worker ${w + 1} of ${workers} failed: ${err.message}; the run stops`);
      return null;
    })));
    clearTimeout(timer);
    if (refused) throw refused;
    const team = answers.find(isTeamResult);
    if (team) return team;
    const { reason, message } = ending || { reason: "error", message: "the workers ended without a result" };
    return teamResult(answers, job, workers, reason, message, elapsed());
  }

  // the team's result, and its last frame before it (the metrics then say the result's counts)
  const done = go().then((result) => {
    onFrame(frames.last(result, elapsed()));
    return result;
  });
  return { runId: `team-${++teamSeq}`, done, stop: () => end("stopped") };
}

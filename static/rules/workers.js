// The workers a run may take (docs/links-and-files.md, "Share links"): one, or, for alldiff_ls, acs and
// alldiff_tabu, several running it as one run — alldiff_ls's a team exchanging elites, acs's and
// alldiff_tabu's a portfolio (a seed each) — meeting at a barrier every `exchange` steps each.
// The rules on the limits table's facts (limits.js: the limits, the default exchanges, the
// auto-team rule and the sentence that refuses another solver on several workers, emitted by
// py/sudoku_lab/limits.py), read by the Solver form (read.js), single-run links (links.js) and
// entries (entries.js); py/sudoku_lab/several/__init__.py reads the same table.
import { AUTO_TEAM, EXCHANGES, MAX_EXCHANGE, MAX_WORKERS, PORTFOLIO_SOLVERS, TEAM_SOLVER, sentence } from "./limits.js";

export { EXCHANGES, MAX_EXCHANGE, MAX_WORKERS };

// alldiff_ls's x= when a link says none (py/sudoku_lab/several/team.py EXCHANGE)
export const EXCHANGE = EXCHANGES[TEAM_SOLVER];

// Does `solver` ever run on several workers (the others take one; the Solver form hides Workers for them)?
export const runsOnSeveral = (solver) => Object.hasOwn(EXCHANGES, solver);

// Does `solver` run on several workers as a portfolio (a seed each) rather than as alldiff_ls's team?
export const isPortfolio = (solver) => PORTFOLIO_SOLVERS.includes(solver);

// The `kind` a result of `solver` on several workers carries (py/sudoku_lab/several kind_of).
export const kindOf = (solver) => (isPortfolio(solver) ? "portfolio" : "team");

// The default exchange of `solver` (x= when a link says none).
export const exchangeOf = (solver) => EXCHANGES[solver] ?? EXCHANGE;

// Why `solver` cannot run on `workers` workers, or null when it can.
export const workersProblem = (solver, workers) =>
  (workers > 1 && !runsOnSeveral(solver) ? sentence("workers_refused", { solver }) : null);

// The workers of a Solve whose Workers field is left empty ("auto"; docs/links-and-files.md, "Share
// links", workers by default): for alldiff_ls where a team was measured to pay (a grid of
// AUTO_TEAM.min_size or larger with givens at most AUTO_TEAM.max_givens of its cells), every
// worker the visitor's pool affords (`spare`: pool.js defaultPoolSize, the cores less one for the
// page), at most AUTO_TEAM.max_workers, when that is two or more; else 1 (a portfolio is asked
// for, never auto). py/sudoku_lab/several auto_workers says the same (tests/auto_workers_cases.json).
const teamPays = ({ solver, size, givens }) =>
  solver === TEAM_SOLVER && size >= AUTO_TEAM.min_size && givens <= AUTO_TEAM.max_givens * size * size;

export function autoWorkers(facts) {
  return teamPays(facts) && facts.spare >= 2 ? Math.min(facts.spare, AUTO_TEAM.max_workers) : 1;
}

// Why "auto" stands for what it does, in a sentence for the Solver form (the same facts as
// autoWorkers, in its order): the solver (one that runs on one worker only says so), the grid,
// its givens, then this device.
export function autoWorkersWhy({ solver, size, givens, spare }) {
  if (!runsOnSeveral(solver)) return `auto: 1 worker — ${sentence("workers_refused", { solver })}.`;
  const asked = sentence("portfolio_asked");
  const share = Math.round(100 * AUTO_TEAM.max_givens), side = AUTO_TEAM.min_size;
  const where = `a team was measured to pay only for ${TEAM_SOLVER} on a ${side}×${side} or larger with at most ${share} % ` +
    "of its cells given";
  if (solver !== TEAM_SOLVER) return `auto: 1 worker — ${where} (${asked}).`;
  if (size < side) return `auto: 1 worker — ${where}; this is a ${size}×${size}.`;
  if (givens > AUTO_TEAM.max_givens * size * size) {
    return `auto: 1 worker — ${where}; this one has ${Math.round((100 * givens) / (size * size))} % given.`;
  }
  if (spare < 2) {
    return "auto: 1 worker — a team would pay here, but this device's cores leave 1 worker for a run beside the page " +
      "(2 would share a core and run no faster): type 2 to try it.";
  }
  const n = autoWorkers({ solver, size, givens, spare });
  return `auto: ${n} workers — a team ends at its first solution, and on a grid this size and this sparse it was measured ` +
    `to need fewer moves per worker than one worker: one a core this device spares beside the page` +
    `${spare > n ? `, at most ${AUTO_TEAM.max_workers} (each holds its own Python)` : ""}.`;
}

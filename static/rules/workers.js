// The workers a run may take (docs/design.md, "Share links"): one, or, for alldiff_ls, acs and
// alldiff_tabu, several running it as one run — alldiff_ls's a team exchanging elites, acs's and
// alldiff_tabu's a portfolio (a seed each) — meeting at a barrier every `exchange` steps each.
// The rules on the limits table's facts (limits.js: the limits, the default exchanges, the
// auto-team rule and the sentence that refuses another solver on several workers, emitted by
// py/sudoku_lab/limits.py), read by the Solver form (read.js), single-run links (links.js) and
// entries (entries.js); py/sudoku_lab/several/__init__.py reads the same table.
import { AUTO_TEAM, EXCHANGES, MAX_EXCHANGE, MAX_WORKERS, TEAM_SOLVER, sentence } from "./limits.js";

export { EXCHANGES, MAX_EXCHANGE, MAX_WORKERS };

// alldiff_ls's x= when a link says none (py/sudoku_lab/several/team.py EXCHANGE)
export const EXCHANGE = EXCHANGES[TEAM_SOLVER];

// Does `solver` run on several workers as a portfolio (a seed each) rather than as alldiff_ls's team?
export const isPortfolio = (solver) => solver !== TEAM_SOLVER && Object.hasOwn(EXCHANGES, solver);

// The default exchange of `solver` (x= when a link says none).
export const exchangeOf = (solver) => EXCHANGES[solver] ?? EXCHANGE;

// Why `solver` cannot run on `workers` workers, or null when it can.
export const workersProblem = (solver, workers) =>
  (workers > 1 && !Object.hasOwn(EXCHANGES, solver) ? sentence("workers_refused", { solver }) : null);

// The workers of a Solve whose Workers field is left empty ("auto"; docs/design.md, "Share
// links", workers by default): AUTO_TEAM.workers for alldiff_ls where a team was measured to pay
// (a grid of AUTO_TEAM.min_size or larger with givens at most AUTO_TEAM.max_givens of its cells,
// where it has no quick solve; each worker steps at least one walker), when the visitor's
// pool affords them (`spare`: pool.js defaultPoolSize, the cores less one for the page); else 1
// (a portfolio is asked for, never auto).
export function autoWorkers({ solver, size, givens, spare }) {
  const pays = solver === TEAM_SOLVER && size >= AUTO_TEAM.min_size && givens <= AUTO_TEAM.max_givens * size * size;
  return pays && spare >= AUTO_TEAM.workers ? AUTO_TEAM.workers : 1;
}

// The workers a run may take (docs/design.md, "Share links"): one, or, for alldiff_ls, acs and
// alldiff_tabu, several running it as one run — alldiff_ls's a team exchanging elites, acs's and
// alldiff_tabu's a portfolio (a seed each) — meeting at a barrier every `exchange` steps each.
// One home for the limits, the default exchanges and the sentence that refuses another solver on
// several workers, read by the Solver form (read.js), single-run links (links.js) and entries
// (entries.js); py/sudoku_lab/several/__init__.py holds the same (EXCHANGES, workers_problem; a test ties them).

// the workers of a run (w=, an entry's workers=) and of an experiment's pool: 1 to this (the pool's largest size)
export const MAX_WORKERS = 8;
export const EXCHANGE = 50_000;        // alldiff_ls's x= when a link says none (py/sudoku_lab/several/team.py EXCHANGE)
export const MAX_EXCHANGE = 1e9;
// the steps per worker between two barriers when none is asked for, by solver (several.EXCHANGES)
export const EXCHANGES = Object.freeze({ alldiff_ls: EXCHANGE, acs: 2, alldiff_tabu: 100 });

// Does `solver` run on several workers as a portfolio (a seed each) rather than as alldiff_ls's team?
export const isPortfolio = (solver) => solver !== "alldiff_ls" && Object.hasOwn(EXCHANGES, solver);

// The default exchange of `solver` (x= when a link says none).
export const exchangeOf = (solver) => EXCHANGES[solver] ?? EXCHANGE;

// Why `solver` cannot run on `workers` workers, or null when it can.
export const workersProblem = (solver, workers) =>
  (workers > 1 && !Object.hasOwn(EXCHANGES, solver)
    ? `only alldiff_ls (one team run), acs and alldiff_tabu (a portfolio) run on several workers, not ${solver}` : null);

// The workers of a Solve whose Workers field is left empty ("auto"; docs/design.md, "Share
// links", workers by default): 2 for alldiff_ls where a team was measured to pay (a grid of
// 36×36 or larger with givens at most 55 % of its cells, where it has no quick solve; each
// worker steps at least one walker), when the visitor's pool affords 2 (`spare`: pool.js defaultPoolSize,
// the cores less one for the page); else 1 (a portfolio is asked for, never auto).
export const AUTO_TEAM = { workers: 2, minSize: 36, maxGivens: 0.55 };
export function autoWorkers({ solver, size, givens, spare }) {
  const pays = solver === "alldiff_ls" && size >= AUTO_TEAM.minSize && givens <= AUTO_TEAM.maxGivens * size * size;
  return pays && spare >= AUTO_TEAM.workers ? AUTO_TEAM.workers : 1;
}

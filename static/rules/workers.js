// The workers a run may take (docs/design.md, "Share links"): one, or, for alldiff_ls, acs and
// alldiff_tabu, several running it as one run — alldiff_ls's a team exchanging elites, acs's and
// alldiff_tabu's a portfolio (a seed each) — meeting at a barrier every `exchange` steps each.
// One home for the limits, the default exchanges and the sentence that refuses another solver on
// several workers, read by the Solver form (read.js), single-run links (links.js) and entries
// (entries.js); py/sudoku_lab/team.py holds the same (EXCHANGES, workers_problem; a test ties them).

// the workers of a run (w=, an entry's workers=) and of an experiment's pool: 1 to this (the pool's largest size)
export const MAX_WORKERS = 8;
export const EXCHANGE = 50_000;        // alldiff_ls's x= when a link says none (py/sudoku_lab/team.py EXCHANGE)
export const MAX_EXCHANGE = 1e9;
// the steps per worker between two barriers when none is asked for, by solver (team.py EXCHANGES)
export const EXCHANGES = Object.freeze({ alldiff_ls: EXCHANGE, acs: 2, alldiff_tabu: 100 });

// Does `solver` run on several workers as a portfolio (a seed each) rather than as alldiff_ls's team?
export const isPortfolio = (solver) => solver !== "alldiff_ls" && Object.hasOwn(EXCHANGES, solver);

// The default exchange of `solver` (x= when a link says none).
export const exchangeOf = (solver) => EXCHANGES[solver] ?? EXCHANGE;

// Why `solver` cannot run on `workers` workers, or null when it can.
export const teamProblem = (solver, workers) =>
  (workers > 1 && !Object.hasOwn(EXCHANGES, solver)
    ? `only alldiff_ls (one team run), acs and alldiff_tabu (a portfolio) run on several workers, not ${solver}` : null);

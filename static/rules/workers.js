// The workers a run may take (docs/design.md, "Share links"): one, or, for alldiff_ls only,
// several running it as one team run, exchanging elites every `exchange` moves each. One home
// for the limits and for the sentence that refuses another solver on several workers, read by
// the Solver form (read.js), single-run links (links.js) and entries (entries.js).

// the workers of a run (w=, an entry's workers=) and of an experiment's pool: 1 to this (the pool's largest size)
export const MAX_WORKERS = 8;
export const EXCHANGE = 50_000;        // x= when a link says none (py/sudoku_lab/team.py EXCHANGE)
export const MAX_EXCHANGE = 1e9;
export const TEAM_SOLVER = "alldiff_ls";   // the one solver that runs on several workers as one run

// Why `solver` cannot run on `workers` workers, or null when it can.
export const teamProblem = (solver, workers) =>
  (workers > 1 && solver !== TEAM_SOLVER ? `only ${TEAM_SOLVER} runs on several workers as one run, not ${solver}` : null);

// The workers of a Solve whose Workers field is left empty ("auto"; docs/design.md, "Share
// links", workers by default): 2 for alldiff_ls where a team was measured to pay (a grid of
// 36×36 or larger with givens at most 55 % of its cells, where it has no quick solve; 2 walkers
// or more to split), when the visitor's pool affords 2 (`spare`: pool.js defaultPoolSize,
// the cores less one for the page); else 1.
export const AUTO_TEAM = { workers: 2, minSize: 36, maxGivens: 0.55 };
export function autoWorkers({ solver, size, givens, walkers, spare }) {
  const pays = solver === TEAM_SOLVER && size >= AUTO_TEAM.minSize && givens <= AUTO_TEAM.maxGivens * size * size;
  return pays && walkers >= AUTO_TEAM.workers && spare >= AUTO_TEAM.workers ? AUTO_TEAM.workers : 1;
}

// The limits and sentences the page shares with Python, read from their one home,
// py/sudoku_lab/limits.py, which the build emits as static/vendor/limits.json (docs/design.md,
// "Limits"): the grid sizes, the value rules' bounds, the workers a run may take and their default
// exchanges, when a Solve's Workers left empty runs a team, and the sentences made of them.
import LIMITS from "../vendor/limits.json" with { type: "json" };

export const SIZES = Object.freeze([...LIMITS.sizes]);
export const MAX_ORDER = LIMITS.max_order;
export const MAX_SYMBOL_SIDE = LIMITS.max_symbol_side;
export const MAX_TEXT = LIMITS.max_text;
// the symbols (1–9, letters, "@"), the blanks, and the keys a pasted link's puzzle is read from
export const ALPHABET = LIMITS.alphabet;
export const BLANKS = LIMITS.blanks;
export const SITE_PUZZLE_KEYS = Object.freeze([...LIMITS.site_puzzle_keys]);
export const SEED_MAX = LIMITS.seed_max;
export const SECONDS_MAX = LIMITS.seconds_max;
export const QUOTE_MAX = LIMITS.quote_max;
// the whole-number settings' ranges, by name (seed, budget, stop_point): [low, high]
export const WHOLE_RANGES = Object.freeze({ ...LIMITS.whole });
export const UNIQUE_MAX_SIZE = LIMITS.unique_max_size;
// a run's stop reason -> the state the page shows for it (solved, failed, unsolvable, stopped, error)
export const STOP_REASONS = Object.freeze({ ...LIMITS.stop_reasons });
export const MAX_WORKERS = LIMITS.max_workers;
export const MAX_EXCHANGE = LIMITS.max_exchange;
export const TEAM_SOLVER = LIMITS.team_solver;
export const PORTFOLIO_SOLVERS = Object.freeze([...LIMITS.portfolio_solvers]);
export const EXCHANGES = Object.freeze({ ...LIMITS.exchanges });
// null: auto runs a team nowhere
export const AUTO_TEAM = Object.freeze({ ...LIMITS.auto_team });

// A sentence of the table, `{solver}` (or any `{name}`) filled in from `fill`.
export const sentence = (name, fill = {}) => LIMITS.sentences[name].replace(/\{(\w+)\}/g, (_, k) => String(fill[k]));

"""The limits and sentences that Python and the page both need, in one home (docs/design.md,
"Limits"): the grid sizes, the symbols, the blanks and the link keys a puzzle is read from, the
value rules' bounds, the workers a run may take and their default
exchanges, when a Solve's Workers left empty runs a team, and the sentences built from them.

The package imports these names; the build writes :func:`table` to ``static/vendor/limits.json``,
which ``static/rules/limits.js`` reads, so neither language types a copy. Standard library only,
with no import from the package: the build loads this file by its path, without numpy.
"""

from __future__ import annotations

# The grid sides the lab reads: boxes of 2 to 8.
SIZES = (4, 9, 16, 25, 36, 49, 64)
MAX_ORDER = 8                       # the largest box side: SIZES[-1] is MAX_ORDER²
MAX_SYMBOL_SIDE = 36                # past 36×36 there are no more symbols: larger grids are separated numbers
MAX_TEXT = 40_000                   # a puzzle's text at most (a 64×64 of two-digit numbers with borders fits)
# Values past 9 are letters; a 36×36 needs one symbol past Z: "@" (never a blank, a layout
# character or a comment mark, so a 36×36 written with 0 for blanks still reads right).
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ@"
BLANKS = ".0-_*"
# The keys a pasted link's puzzle is read from, in this order: other Sudoku sites' (sudokuwiki's
# ?bd=, ?puzzle=, ?s=, …) and the lab's own #p= (grid.py and static/rules/parse.js read them).
SITE_PUZZLE_KEYS = ("bd", "puzzle", "p", "s", "sudoku", "grid")

# The value rules' bounds (docs/design.md, "Values"): a seed, a step or evaluation budget and a
# stop point are whole numbers up to 2^53 − 1 (numpy refuses negative seeds; JavaScript holds
# whole numbers exactly only up to 2^53 − 1); the time limit is at most a day.
SEED_MAX = 2**53 - 1
SECONDS_MAX = 86_400
QUOTE_MAX = 40                      # a message quotes at most this many characters of what was typed
# The whole-number settings and their ranges: a budget counts at least one step or evaluation.
WHOLE = {"seed": (0, SEED_MAX), "budget": (1, SEED_MAX), "stop_point": (0, SEED_MAX)}

# The generator's unique mode goes up to 36×36: past it, thousands of exact counts of a huge grid
# (one per removed cell).
UNIQUE_MAX_SIZE = 36

# A run's stop reasons (docs/protocol.md, "The run protocol"), each with the state the page's status
# shows for it (static/python/messages.js stateOf): a budget run out or a stall rule is "failed".
STOP_REASONS = {"solved": "solved", "budget": "failed", "stalled": "failed", "unsolvable": "unsolvable",
                "stopped": "stopped", "error": "error"}

# A run on several workers (docs/protocol.md, "Worker messages", runs on several workers): 1 to
# MAX_WORKERS workers (the page's pool holds at most 8), meeting at a barrier every `exchange`
# steps each, 1 to MAX_EXCHANGE; the default exchange by solver. alldiff_ls runs as a team, the
# others here as a portfolio. A portfolio's member runs on to the barrier after the first
# solution, so a coarse barrier costs what a portfolio saves. The measurements behind each default:
# docs/benchmarks.md, "Where a team pays" (the team's) and "Portfolios" (acs's and alldiff_tabu's).
MAX_WORKERS = 8
MAX_EXCHANGE = 10**9
TEAM_SOLVER = "alldiff_ls"
EXCHANGES = {TEAM_SOLVER: 50_000, "acs": 2, "alldiff_tabu": 100}
PORTFOLIO_SOLVERS = tuple(s for s in EXCHANGES if s != TEAM_SOLVER)

# A Solve whose Workers is left empty ("auto"): alldiff_ls runs as a team where one was measured to
# pay — a grid of `min_size` or larger whose givens are at most `max_givens` of its cells — on
# every worker the machine affords (the page: its cores less one; natively: its cores), at most
# `max_workers`; elsewhere one worker (docs/links-and-files.md, "Share links", workers by default).
# A team ends at its first solution, and there it needed fewer moves per worker than one worker
# at 25×25 and 36×36 (docs/benchmarks.md, "Where a team pays"); past 4 workers the gain per
# worker was measured to fall while each of the page's workers holds its own Python.
AUTO_TEAM = {"min_size": 25, "max_givens": 0.45, "max_workers": 4}


def _sizes_in_words() -> str:
    cells = [f"{n * n} ({n}×{n})" for n in SIZES]
    return ", ".join(cells[:-1]) + " or " + cells[-1]


def _sides_in_words() -> str:
    return ", ".join(map(str, SIZES[:-1])) + f" or {SIZES[-1]}"


# Sentences made of the limits; `{solver}` stands for the solver refused. A value rule's reason
# is followed by "; got <what was typed>".
SENTENCES = {
    **{name: f"must be a whole number from {low} to {high}" for name, (low, high) in WHOLE.items()},
    "seconds": f"must be a number of seconds above 0 and at most {SECONDS_MAX}",
    "seconds_empty": (f"is empty: give a number of seconds above 0 and at most {SECONDS_MAX}, or a step or "
                      "evaluation budget to run with no time limit"),
    # why a puzzle's cell count is wrong: "Found 80 cells, but a puzzle needs …"
    "cell_counts": _sizes_in_words(),
    # the generator's size: "size must be 4, 9, 16, 25, 36, 49 or 64 (boxes of 2 to 8)"
    "sides": f"{_sides_in_words()} (boxes of 2 to {MAX_ORDER})",
    # unique mode past its largest size: "unique mode goes up to 36×36; got size 49"
    "unique_sizes": f"goes up to {UNIQUE_MAX_SIZE}×{UNIQUE_MAX_SIZE}",
    # a portfolio solver left on auto (the Solver form's Workers): it runs on several only when asked
    "portfolio_asked": f"{' and '.join(PORTFOLIO_SOLVERS)} run on several only when you ask",
    # another solver on several workers
    "workers_refused": (f"only {TEAM_SOLVER} (one team run), {' and '.join(PORTFOLIO_SOLVERS)} (a portfolio) "
                        "run on several workers, not {solver}"),
}


def table() -> dict:
    """Everything above as one JSON object: the page's copy (static/vendor/limits.json)."""
    return {"sizes": list(SIZES), "max_order": MAX_ORDER, "max_symbol_side": MAX_SYMBOL_SIDE, "max_text": MAX_TEXT,
            "alphabet": ALPHABET, "blanks": BLANKS, "site_puzzle_keys": list(SITE_PUZZLE_KEYS),
            "seed_max": SEED_MAX, "seconds_max": SECONDS_MAX, "quote_max": QUOTE_MAX,
            "whole": {name: list(bounds) for name, bounds in WHOLE.items()}, "unique_max_size": UNIQUE_MAX_SIZE,
            "stop_reasons": dict(STOP_REASONS),
            "max_workers": MAX_WORKERS, "max_exchange": MAX_EXCHANGE, "team_solver": TEAM_SOLVER,
            "portfolio_solvers": list(PORTFOLIO_SOLVERS),
            "exchanges": dict(EXCHANGES), "auto_team": dict(AUTO_TEAM), "sentences": dict(SENTENCES)}

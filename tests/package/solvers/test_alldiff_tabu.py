"""alldiff_tabu: tabu features restrict the domains, runs solve the papers' puzzles and AI
Escargot with fixed seeds, and are reproducible; the propagate option keeps the domains closed
under singles; pauses change nothing; givens the filter proves unsolvable end the run at once."""


import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.exact import solve
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import parse
from sudoku_lab.progress import complete
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import SolverError, alldiff_tabu
from run_digest import run_digest


def started(puzzle, kind="hall_intervals", singles=False):
    state = alldiff_tabu._State(puzzle, kind, singles)
    assert not complete(state.start())
    return state


def test_tabu_features_leave_the_domains(papers):
    state = started(papers["ai-escargot"])
    cell = int(state.open_cells[0])
    value = int(np.log2(state.domains[cell] & -state.domains[cell])) + 1
    with_tabu, failed = complete(state.filter([], [(cell, value)]))
    assert not failed and not with_tabu[cell] >> (value - 1) & 1
    assigned, _ = complete(state.filter([(cell, value)], []))
    assert assigned[cell] == 1 << (value - 1)


@pytest.mark.parametrize("name", [n for n in PAPERS])
@pytest.mark.parametrize("kind", ["hall_intervals", "ac3"])
def test_solves_the_papers_puzzles(papers, name, kind):
    r = Run(papers[name], "alldiff_tabu", {"filter": kind}, 1).finish()
    assert r.solved, (name, kind, r.stop_reason)


@pytest.mark.parametrize("seed", range(4))
def test_solves_ai_escargot(papers, seed):
    assert Run(papers["ai-escargot"], "alldiff_tabu", {}, seed).finish().solved


def test_same_seed_same_run_and_the_tabu_list_matters(papers):
    def trace(seed, tenure=20):
        run = Run(papers["sato-106-difficult"], "alldiff_tabu", {"tenure": tenure}, seed, Budget(max_iterations=60))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["cells_left"], p.series["domain_size"], p.event, p.board.tobytes()))
        return out
    assert trace(3) == trace(3)
    assert trace(3) != trace(4)
    assert trace(3) != trace(3, tenure=0)


def test_progress_carries_live_domains(papers):
    p = Run(papers["sato-29-medium"], "alldiff_tabu", {}, 0).step()
    cand = np.array(p.overlay["candidates"])
    puzzle = papers["sato-29-medium"]
    assert np.all(cand[puzzle.givens] == 1 << (puzzle.cells[puzzle.givens].astype(np.int64) - 1))
    assert p.series["cells_left"] == int(np.count_nonzero(cand & (cand - 1)))
    assert p.series["domain_size"] == int(sum(bin(int(c)).count("1") for c in cand))


def test_hall_sets_on_16x16_is_refused_before_the_run_in_plain_words():
    from conftest import SIZES
    from sudoku_lab.grid import parse
    with pytest.raises(SolverError) as err:
        Run(parse(SIZES["16x16-vukr-1"]), "alldiff_tabu", {"filter": "hall_sets"}, 0)
    msg = str(err.value)
    assert "16×16" in msg and "hall_intervals" in msg and "Error" not in msg
    assert issubclass(SolverError, ValueError)


# ---------------------------------------------------------------- propagate, pauses, no solution

from sudoku_lab.exact import count_solutions  # noqa: E402
from sudoku_lab.filtering import fixpoint  # noqa: E402
from sudoku_lab.grid import Puzzle, geometry, parse  # noqa: E402
from sudoku_lab.progress import PAUSE  # noqa: E402
from sudoku_lab.propagate import singles  # noqa: E402

SIZES_16, SIZES_25 = SIZES["16x16-vukr-1"], SIZES["25x25-planetsudoku"]
# AI Escargot with one more given (a 6 at r8c7): no solution, yet every filter accepts it
NO_SOLUTION_HIDDEN = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
EMPTY_ROWS = "." * 63
NO_SOLUTION = {    # row 1 (and one given of row 2) of a 9×9; the rest empty
    "a cell with no value": ("12345678." "........9" + EMPTY_ROWS, {"ac3", "hall_intervals"}),
    "three cells, two values {1, 2}": ("345678..." "......9.." + EMPTY_ROWS, {"hall_intervals"}),
    "5 has no place in row 1": ("234678..." "......5.." + EMPTY_ROWS, set()),
}


@pytest.mark.parametrize("name", NO_SOLUTION)
@pytest.mark.parametrize("kind", ["ac3", "hall_intervals"])
@pytest.mark.parametrize("propagate", [False, True])
def test_givens_the_filter_proves_unsolvable_end_the_run_at_once(name, kind, propagate):
    text, proved_by = NO_SOLUTION[name]
    puzzle = parse(text)
    assert count_solutions(puzzle).solutions == 0 and count_solutions(puzzle).complete   # the exact check agrees
    r = Run(puzzle, "alldiff_tabu", {"filter": kind, "propagate": propagate}, 0, Budget(max_iterations=30)).finish()
    if propagate or kind in proved_by:               # hidden singles see every case here
        assert (r.stop_reason, r.iterations, r.solved) == ("unsolvable", 0, False)
        assert r.message.startswith("no solution: filtering the givens") and kind in r.message
    else:                                            # the filter alone cannot see it: the search runs
        assert r.stop_reason == "budget" and r.iterations == 30


def shuffled_solution(n, rng):
    N = n * n
    r, c = np.arange(N)[:, None], np.arange(N)[None, :]
    grid = rng.permutation(N)[(n * (r % n) + r // n + c) % N] + 1
    rows = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    cols = np.concatenate([b * n + rng.permutation(n) for b in rng.permutation(n)])
    return grid[rows][:, cols].reshape(-1)


def generated(n, p, seed):
    """A Lewis-style instance: a full grid with about a share p of its cells kept."""
    rng = np.random.default_rng(seed)
    solution = shuffled_solution(n, rng)
    return Puzzle(n, np.where(rng.random(n ** 4) < p, solution, 0).astype(np.int8)), solution


@pytest.mark.parametrize("n,p", [(3, 0.3), (4, 0.4), (5, 0.45)])
@pytest.mark.parametrize("kind", ["hall_intervals", "ac3"])
def test_with_propagate_every_step_is_closed_under_singles_and_the_filter(n, p, kind):
    puzzle, _ = generated(n, p, 7)
    g = geometry(n)
    run = Run(puzzle, "alldiff_tabu", {"filter": kind, "propagate": True}, 3, Budget(max_iterations=40))
    steps = 0
    while (prog := run.step()) is not None:
        d = np.array(prog.overlay["candidates"], dtype=np.int64)
        closed, failed, _ = singles(d, n)
        assert not failed and np.array_equal(closed, d)                       # naked and hidden singles
        again, failed, _ = fixpoint(d, g.units, g.N, kind)
        assert not failed and np.array_equal(again, d)                        # and the alldifferent filter
        steps += 1
    assert steps >= 2


def test_propagate_closes_what_the_hall_interval_filter_leaves_open():
    """On a 16×16 the default filter leaves hidden singles; the option settles them before the search."""
    puzzle = parse(SIZES_16)
    plain = started(puzzle)
    closed = started(puzzle, singles=True)
    assert closed.cost < plain.cost
    assert np.all(closed.domains & ~plain.domains == 0)                      # only ever fewer values
    solution = solve(puzzle).astype(np.int64)
    assert np.all(closed.domains >> (solution - 1) & 1)


@pytest.mark.parametrize("propagate", [False, True])
def test_same_seed_same_run_with_propagate(propagate):
    puzzle, _ = generated(4, 0.35, 2)

    def trace(seed):
        run = Run(puzzle, "alldiff_tabu", {"propagate": propagate}, seed, Budget(max_iterations=80))
        out = []
        while (p := run.step()) is not None:
            out.append((p.iteration, p.series["cells_left"], p.series["domain_size"], p.event, p.board.tobytes()))
        return out, run.result.stop_reason
    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_pauses_hand_control_back_without_changing_the_run(papers):
    """Driven one pause at a time, with another run's steps in between, a run makes the same
    steps as driven straight through; and a refuted move does pause."""
    puzzle = parse(NO_SOLUTION_HIDDEN)     # the search never ends: it refutes and takes back

    def steps(interleave):
        run = Run(puzzle, "alldiff_tabu", {}, 4, Budget(max_iterations=300))
        other = Run(papers["sato-106-difficult"], "alldiff_tabu", {}, 9, Budget(max_iterations=300))
        out, pauses = [], 0
        while not run.done:
            p = run.tick() if interleave else run.step()
            if p is None:
                pauses += 1
                if interleave:
                    other.tick()
                continue
            out.append((p.iteration, p.event, p.board.tobytes(), p.series["domain_size"]))
        return out, pauses
    straight, _ = steps(False)
    interleaved, pauses = steps(True)
    assert straight == interleaved
    assert pauses >= 5 and any(e == "refuted" for _, e, _, _ in straight)

    gen = alldiff_tabu.run(puzzle, Run(puzzle, "alldiff_tabu").params, np.random.default_rng(4))
    yielded = [next(gen) for _ in range(200)]
    assert PAUSE in yielded and all(y is PAUSE or y.iteration >= 0 for y in yielded)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_runs_at_every_size_and_keeps_the_givens(n):
    puzzle, solution = generated(n, 0.5 if n < 6 else 0.45, 1)
    run = Run(puzzle, "alldiff_tabu", {"propagate": n == 5}, 0, Budget(max_iterations=15))
    while (p := run.step()) is not None:
        assert np.array_equal(p.board[puzzle.givens], puzzle.cells[puzzle.givens])
    assert run.result.stop_reason in ("budget", "solved") and run.result.iterations >= 1


@pytest.mark.slow  # a 25×25
def test_propagate_solves_the_16x16_and_25x25_puzzles(papers):
    for text in (SIZES_16, SIZES_25):
        r = Run(parse(text), "alldiff_tabu", {"propagate": True}, 0).finish()
        assert r.solved, r.stop_reason


# Digests of the current code's runs: a change to how a step is computed must keep them.
UNSOLVABLE_9 = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4....6.7..7...3.."
FINGERPRINTS = [
    (UNSOLVABLE_9, {}, 0, 400, "2339ec178cb08c19"),
    (UNSOLVABLE_9, {"tenure": 5, "candidates": 4}, 3, 400, "3ff5c6356d2cc697"),
    (UNSOLVABLE_9, {"filter": "ac3"}, 6, 200, "793ed320d1074f3b"),
    (UNSOLVABLE_9, {"filter": "hall_sets", "propagate": True}, 7, 100, "d15b346b3352e135"),
    ("16:0.3:0", {}, 1, 200, "13453780ed8c769a"),
    ("25:0.45:0", {}, 2, 60, "80bd0449fe0146a8"),
    ("36:0.45:0", {"propagate": True}, 5, 20, "3b57fc9389a0791e"),
]


@pytest.mark.parametrize("name,params,seed,steps,digest", FINGERPRINTS)
def test_seeded_runs_keep_their_fingerprint(name, params, seed, steps, digest):
    """Same seed, same moves, draws, domains and counters as the code these digests came from."""
    puzzle = parse(name) if name == UNSOLVABLE_9 else generate(parse_spec(name)).puzzle
    assert run_digest(puzzle, "alldiff_tabu", params, seed, steps) == digest

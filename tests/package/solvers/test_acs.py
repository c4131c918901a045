"""acs (Lloyd & Amos's ant colony system) and the propagation it runs after every value,
`propagate.settle`: soundness against known solutions, going on past failed cells, the ants
keep the givens, the ACS choice and pheromone formulas on tiny cases, determinism with and
without pauses, solved puzzles with fixed seeds, and every size from 4×4 to 36×36."""

import numpy as np
import pytest

from conftest import PAPERS, SIZES
from sudoku_lab import solvers
from sudoku_lab.constraints import candidate_masks
from sudoku_lab.exact import solve
from sudoku_lab.grid import Puzzle, geometry, parse
from sudoku_lab.progress import PAUSE, complete
from sudoku_lab.propagate import fixed_values, settle, singles
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import acs
from run_digest import run_digest

DEFAULTS = {p["name"]: p["default"] for p in acs.PARAMS}


def pattern_solution(n, rng):
    """A valid full grid of box size n, values relabelled at random."""
    N = n * n
    sol = np.array([(n * (r % n) + r // n + c) % N + 1 for r in range(N) for c in range(N)])
    return (rng.permutation(N)[sol - 1] + 1).astype(np.int8)


def generated(n, keep, seed):
    """A puzzle keeping a share `keep` of a pattern solution's cells, and that solution."""
    rng = np.random.default_rng(seed)
    sol = pattern_solution(n, rng)
    return Puzzle(n, np.where(rng.random(sol.size) < keep, sol, 0)), sol


def cell_major(puzzle, copies=1, dtype=np.int64):
    return np.repeat(candidate_masks(puzzle.cells, puzzle.n).astype(dtype)[:, None], copies, axis=1)


def no_fixed_clash(masks, n):
    """No value fixed in two cells of one unit, for every grid of a cell-major batch."""
    g = geometry(n)
    vals = fixed_values(masks.T)                                   # (B, C)
    for grid in vals:
        for unit in g.units:
            v = grid[unit]
            v = v[v > 0]
            if len(v) != len(set(v.tolist())):
                return False
    return True


# ------------------------------------------------------------------ propagation (settle)

@pytest.mark.parametrize("name", sorted(PAPERS) + sorted(SIZES))
def test_settle_reaches_the_fixpoint_of_singles_and_keeps_the_solution(name):
    p = parse({**PAPERS, **SIZES}[name])
    sol = solve(p).astype(np.int64)
    expected, failed, _ = singles(candidate_masks(p.cells, p.n), p.n)
    assert not failed
    for dtype in (np.int32, np.int64):
        masks = cell_major(p, 3, dtype)
        settle(masks, p.n)
        assert np.all(masks.T == expected)
        assert np.all(masks.T & (1 << (sol - 1)))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_settle_never_removes_a_value_of_the_solution_while_values_of_it_are_placed(n):
    # what an ant that happens to choose right does: place solution values one by one,
    # propagating after each; the solution's value stays a candidate of every cell throughout
    puzzle, sol = generated(n, 0.3, n)
    rng = np.random.default_rng(n)
    B = 4
    masks = cell_major(puzzle, B, np.int64)
    settle(masks, n)
    for _ in range(6):
        cells = rng.integers(len(sol), size=B)
        masks[cells, np.arange(B)] = 1 << (sol[cells].astype(np.int64) - 1)
        settle(masks, n)
        assert np.all(masks & (1 << (sol.astype(np.int64) - 1))[:, None])
    assert no_fixed_clash(masks, n)


def test_settle_goes_on_past_a_failed_cell():
    # two grids of one 9×9: the second gets a wrong value that empties a cell; its other cells
    # keep propagating, the first grid is untouched by the second's failure
    p = parse(PAPERS["sato-106-difficult"])
    sol = solve(p)
    masks = cell_major(p, 2)
    settle(masks, p.n)
    alone = masks[:, :1].copy()
    open_cells = np.flatnonzero((masks[:, 1] & (masks[:, 1] - 1)) != 0)
    rounds_before = None
    for cell in open_cells:                  # a wrong candidate that leads to a failed cell
        wrong = [v for v in range(1, 10) if masks[cell, 1] >> (v - 1) & 1 and v != sol[cell]]
        trial = masks.copy()
        trial[cell, 1] = 1 << (wrong[0] - 1)
        rounds_before = settle(trial, p.n)
        if (trial[:, 1] == 0).any():
            break
    assert (trial[:, 1] == 0).any(), "no wrong value led to a failed cell"
    assert rounds_before >= 1
    assert np.array_equal(trial[:, :1], alone)
    # the failed grid still settled every cell it could: each cell is fixed, failed or open,
    # no fixed value clashes, and propagating again changes nothing
    again = trial.copy()
    assert settle(again, p.n) == 1 and np.array_equal(again, trial)
    assert no_fixed_clash(trial, p.n)


def test_settle_fails_every_cell_of_a_fixed_clash_and_takes_the_lower_of_two_told_values():
    masks = np.full((16, 1), 0b1111, dtype=np.int64)
    masks[0] = masks[1] = 0b0010                        # r1c1 and r1c2 both fixed to 2
    settle(masks, 2)
    assert masks[0, 0] == 0 and masks[1, 0] == 0
    assert no_fixed_clash(masks, 2)
    # r1c1 is the only place of 1 in row 1 and of 2 in column 1: it takes 1
    masks = np.full((16, 1), 0b1111, dtype=np.int64)
    masks[[1, 2, 3]] = 0b1110
    masks[[4, 8, 12]] = 0b1101
    settle(masks, 2)
    assert masks[0, 0] == 0b0001
    assert no_fixed_clash(masks, 2)


# ------------------------------------------------------------------ the ants

def colony(puzzle, **params):
    return acs.Colony(puzzle, {**DEFAULTS, **params})


@pytest.mark.parametrize("name", ["sato-106-difficult", "ai-escargot", "16x16-vukr-1", "4x4-vukr-1"])
def test_every_ant_keeps_the_givens_and_fixes_no_clashing_values(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    c = colony(puzzle)
    rng = np.random.default_rng(5)
    for _ in range(3):
        final = complete(c.construct(rng))
        assert final.shape == (puzzle.N ** 2, c.ants)
        vals = fixed_values(final.T)
        assert np.all(vals[:, puzzle.givens] == puzzle.cells[puzzle.givens])
        # every cell ends fixed or failed: the ant visited it
        assert np.all((final & (final - 1)) == 0)
        assert no_fixed_clash(final, puzzle.n)
        f = c.fixed_counts(final)
        assert np.array_equal(f, np.count_nonzero(vals, axis=1))
        if f.max() < puzzle.N ** 2:
            c.global_update(final, f)


def test_the_choice_takes_the_strongest_candidate_or_spins_a_roulette_over_candidates():
    puzzle = parse(SIZES["4x4-vukr-1"])
    c = colony(puzzle)
    cells = np.array([0, 0, 0, 0])
    masks = np.array([0b0110, 0b0110, 0b1011, 0b1011])          # candidates {2,3}, {1,2,4}
    c.tau[0] = [5.0, 1.0, 3.0, 0.5]
    greedy = c.choose(cells, masks, np.zeros(4), np.zeros(4))
    assert greedy.tolist() == [2, 2, 0, 0]                      # the strongest candidate, 0-based
    rng = np.random.default_rng(0)
    k = 20_000
    spun = c.choose(np.zeros(k, dtype=int), np.full(k, 0b1011), np.ones(k), rng.random(k))
    counts = np.bincount(spun, minlength=4) / k
    assert counts[2] == 0                                       # never a value that is not a candidate
    assert counts[[0, 1, 3]] == pytest.approx(np.array([5.0, 1.0, 0.5]) / 6.5, abs=0.015)


def test_local_update_pulls_towards_tau0_once_per_ant():
    puzzle = parse(SIZES["4x4-vukr-1"])
    c = colony(puzzle, xi=0.1)
    tau0 = 1 / 16
    assert c.tau0 == tau0 and np.all(c.tau == tau0)
    c.tau[3, 1] = c.tau[5, 2] = 1.0
    c.local_update(np.array([3, 5, 3, 7]), np.array([1, 2, 1, 0]))
    assert c.tau[3, 1] == pytest.approx(tau0 + (1 - tau0) * 0.9 ** 2)     # two ants chose it
    assert c.tau[5, 2] == pytest.approx(0.9 * 1.0 + 0.1 * tau0)
    assert c.tau[7, 0] == pytest.approx(tau0)                            # τ0 stays τ0
    assert c.tau[3, 0] == tau0


def test_global_update_reinforces_the_best_so_far_and_best_value_evaporation():
    puzzle = parse(SIZES["4x4-vukr-1"])
    c = colony(puzzle, rho=0.9, evaporation=0.005)
    C = 16
    sol = solve(puzzle).astype(np.int64)
    bits = 1 << (sol - 1)
    # two ants: the first fixes 12 cells (4 failed), the second 10
    final = np.repeat(bits[:, None], 2, axis=1)
    final[:4, 0] = 0
    final[:6, 1] = 0
    f = c.fixed_counts(final)
    assert f.tolist() == [12, 10]
    tau = c.tau.copy()
    c.global_update(final, f)
    delta = C / (C - 12)
    assert c.best_f == 12
    fixed = np.arange(4, 16)
    expected = tau.copy()
    expected[fixed, sol[fixed] - 1] = 0.1 * tau[fixed, sol[fixed] - 1] + 0.9 * delta
    assert np.allclose(c.tau, expected)
    assert c.best_delta == pytest.approx(delta * 0.995)
    # a worse iteration-best does not replace it while its Δτ is below the evaporated best's
    worse = final[:, ::-1].copy()                               # the 10-cell ant first
    c.global_update(worse[:, :1], c.fixed_counts(worse[:, :1]))
    assert c.best_f == 12
    # ... until evaporation has brought the best's Δτ under the newcomer's
    c.best_delta = C / (C - 10) * 0.999
    tau = c.tau.copy()
    c.global_update(worse[:, :1], c.fixed_counts(worse[:, :1]))
    assert c.best_f == 10
    fixed = np.arange(6, 16)
    assert np.allclose(c.tau[fixed, sol[fixed] - 1], 0.1 * tau[fixed, sol[fixed] - 1] + 0.9 * C / 6)
    assert np.allclose(c.tau[:6], tau[:6])                      # cells it did not fix are left


def test_pauses_do_not_change_the_draws():
    puzzle = parse(SIZES["16x16-vukr-2"])
    runs = []
    for pause_every in (1, 10 ** 9):
        c = colony(puzzle)
        c.pause_every = pause_every
        rng = np.random.default_rng(11)
        gen = c.construct(rng)
        pauses = 0
        while True:
            try:
                assert next(gen) is PAUSE
                pauses += 1
            except StopIteration as done:
                final = done.value
                break
        runs.append((final, c.tau.copy(), rng.random(), pauses))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
    assert runs[0][2] == runs[1][2]
    assert runs[0][3] > 0 and runs[1][3] == 0


def frames(puzzle, seed, iterations, **params):
    run = Run(puzzle, "acs", params, seed, Budget(max_iterations=iterations))
    out = []
    while (p := run.step()) is not None:
        out.append(p)
    return run, out


def test_same_seed_same_run():
    puzzle, _ = generated(4, 0.4, 2)
    (ra, a), (rb, b) = frames(puzzle, 7, 4), frames(puzzle, 7, 4)
    assert [p.series for p in a] == [p.series for p in b]
    assert all(np.array_equal(x.board, y.board) for x, y in zip(a, b))
    assert all(np.array_equal(x.overlay["shade"]["pheromone"], y.overlay["shade"]["pheromone"])
               for x, y in zip(a, b))
    untimed = {"seconds": 0, "longest_step": 0}
    assert ra.result.to_json() | untimed == rb.result.to_json() | untimed


@pytest.mark.parametrize("name, seed", [pytest.param("ai-escargot", 0, marks=pytest.mark.slow), ("sato-106-difficult", 1), ("16x16-vukr-1", 0),
                                        ("16x16-vukr-1", 1)])
def test_solves_with_a_fixed_seed(name, seed):
    puzzle = parse({**PAPERS, **SIZES}[name])
    result = Run(puzzle, "acs", {}, seed, Budget(max_iterations=2000)).finish()
    assert result.solved and result.stop_reason == "solved"
    assert np.array_equal(result.board, solve(puzzle))
    assert result.best == puzzle.N ** 2 and result.open_cells == 0


@pytest.mark.parametrize("keep, seed", [(0.35, 0), (0.45, 1)])
def test_solves_a_generated_16x16_in_the_hard_band(keep, seed):
    puzzle, _ = generated(4, keep, seed)
    result = Run(puzzle, "acs", {}, seed, Budget(max_iterations=2000)).finish()
    assert result.solved and result.open_cells == 0      # Run verified the grid and the givens


@pytest.mark.parametrize("n", [2, 3, 4, pytest.param(5, marks=pytest.mark.slow), pytest.param(6, marks=pytest.mark.slow)])
def test_every_size_runs_a_few_iterations(n):
    puzzle, sol = generated(n, 0.45, 40 + n)
    run, out = frames(puzzle, 1, 2)
    assert out and run.result.stop_reason in ("budget", "solved")
    C = puzzle.N ** 2
    for i, p in enumerate(out):
        assert p.iteration == i and p.evaluations == (i + 1) * 10
        assert set(p.series) == {"best", "iteration_best", "reinforced"}
        assert p.series["iteration_best"] <= p.best <= C and p.best == np.count_nonzero(p.board)
        assert np.all(p.board[puzzle.givens] == puzzle.cells[puzzle.givens])
        assert np.all((p.board == 0) | (p.board == sol) | ~np.isin(np.arange(C), np.flatnonzero(puzzle.givens)))
        overlay = p.overlay
        assert "view" not in overlay                      # the default board is the best ant's, as the metrics
        assert overlay["boards"]["pheromone"].shape == (C,) and overlay["shade"]["pheromone"].shape == (C,)
        shade = overlay["shade"]["pheromone"]
        assert np.all((shade > 0) & (shade <= 1))
    assert run.result.open_cells == C - run.result.best or run.result.solved


def test_unsolvable_givens_end_the_run_at_once():
    # 4×4: r1 holds 1 2 3 and column 4 holds a 4 lower down, so r1c4 has no candidate
    cells = np.zeros(16, dtype=np.int8)
    cells[[0, 1, 2]] = [1, 2, 3]
    cells[3 * 4 + 3] = 4
    result = Run(Puzzle(2, cells), "acs", {}, 0).finish()
    assert result.stop_reason == "unsolvable" and not result.solved
    assert "no solution" in result.message and result.iterations == 0


def test_the_registry_lists_acs_with_the_papers_defaults():
    assert solvers.get("acs") is acs
    schema = next(s for s in solvers.schemas() if s["id"] == "acs")
    defaults = {p["name"]: p["default"] for p in schema["params"]}
    assert defaults == {"ants": 10, "q0": 0.9, "rho": 0.9, "xi": 0.1, "evaporation": 0.005}
    assert schema["objective"] == {"name": "cells fixed", "direction": "max"}
    puzzle = parse(SIZES["16x16-vukr-1"])
    assert solvers.objective(acs, puzzle, defaults)["best"] == 256
    with pytest.raises(solvers.SolverError, match="q0"):
        solvers.resolve_params(acs, {"q0": "1.5"})


# ------------------------------------------------------------------ fixed-seed fingerprints


# Computed with the vectorised construction (one settle_round over every busy ant a step); any
# faster construction must give these same runs, draw for draw.
FINGERPRINTS = [
    ("sato-106-difficult", 0, 20, {}, "4997105449e73edb"),
    ("sato-106-difficult", 1, 20, {"ants": 3}, "1cc9320820553d58"),
    ("ai-escargot", 2, 10, {}, "2e7b7be6b34c567c"),
    ((4, 0.0, 1), 0, 6, {}, "9411b1fa901e42ff"),
    ((4, 0.30, 7), 1, 6, {"ants": 17, "q0": 0.5}, "0b97e4f0de366131"),
    ((5, 0.40, 3), 0, 4, {}, "d0b6172f35b2311b"),
    ((5, 0.0, 1), 1, 3, {"ants": 4}, "77e14d0c017e9864"),
    ((6, 0.45, 1), 0, 2, {}, "faca95b50f59fcbd"),
]


@pytest.mark.parametrize("source, seed, iterations, params, expected", FINGERPRINTS)
def test_fixed_seed_runs_keep_their_fingerprint(source, seed, iterations, params, expected):
    if isinstance(source, str):
        puzzle = parse({**PAPERS, **SIZES}[source])
    else:
        puzzle, _ = generated(*source)
    assert run_digest(puzzle, "acs", params, seed, iterations) == expected

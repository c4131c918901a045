"""nb_coin: the models stay distributions within the bound, pruning holds, samples are box
permutations keeping the givens, easy puzzles are solved, runs are reproducible."""


import numpy as np
import pytest

from conftest import PAPERS, SIZES, trace_ticks
from sudoku_lab.generate import generate, parse_spec
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import nb_coin
from run_digest import run_digest


def check_models(models, ub):
    M = models.M
    assert np.allclose(M.sum(-1), 1.0)
    forced = models.allowed.sum(-1) == 1
    assert np.all(M[~forced] <= ub + 1e-12)
    assert np.all(M >= 0)
    assert np.all(M[~models.allowed] == 0)


def check_samples(puzzle, boards):
    g = puzzle.geometry
    assert np.all(boards[:, puzzle.givens] == puzzle.cells[puzzle.givens])
    assert np.all(np.sort(boards[:, g.boxes], axis=2) == np.arange(1, g.N + 1))


@pytest.mark.parametrize("name", ["sato-77-difficult", "ai-escargot", "4x4-vukr-1", "16x16-vukr-1"])
def test_models_stay_bounded_distributions_and_samples_stay_valid(name):
    puzzle = parse({**PAPERS, **SIZES}[name])
    rng = np.random.default_rng(0)
    models = nb_coin.Models(puzzle, 0.99)
    check_models(models, 0.99)
    for k, update in ((0.4, "mean"), (0.4, "count"), (0.4, "sequential"), (5.0, "mean")):
        for _ in range(30):
            pop = models.sample(40, rng)
            check_samples(puzzle, pop)
            models.learn(pop[:10], pop[-10:], k, update)
            check_models(models, 0.99)


def test_pruning_by_the_givens():
    puzzle = parse(PAPERS["sato-01-easy"])
    models = nb_coin.Models(puzzle, 0.99)
    g = puzzle.geometry
    for box in range(9):
        for pos in range(9):
            cell = g.boxes[box, pos]
            allowed = models.allowed[box, pos]
            if puzzle.cells[cell]:
                assert allowed.tolist() == [d == puzzle.cells[cell] for d in range(1, 10)]
                continue
            peers = set(puzzle.cells[g.rows[g.row_of[cell]]]) | set(puzzle.cells[g.cols[g.col_of[cell]]]) \
                | set(puzzle.cells[g.boxes[box]])
            assert allowed.tolist() == [d not in peers for d in range(1, 10)]
    # uniform over what is allowed at the start
    M = models.M
    assert np.allclose(M[models.allowed], (1 / models.allowed.sum(-1, keepdims=True) * models.allowed)[models.allowed])


def test_learning_moves_mass_toward_the_good_and_away_from_the_bad():
    puzzle = parse(PAPERS["sato-27-medium"])
    models = nb_coin.Models(puzzle, 0.99)
    rng = np.random.default_rng(1)
    pop = models.sample(60, rng)
    good, bad = pop[:1], pop[1:2]
    before = models.M.copy()
    models.learn(good, bad, 0.4)
    g = puzzle.geometry
    diff_cells = np.flatnonzero((good[0] != bad[0]) & (puzzle.cells == 0))
    assert diff_cells.size
    c = diff_cells[0]
    box, pos = g.box_of[c], int(np.flatnonzero(g.boxes[g.box_of[c]] == c)[0])
    assert models.M[box, pos, good[0][c] - 1] > before[box, pos, good[0][c] - 1]
    assert models.M[box, pos, bad[0][c] - 1] < before[box, pos, bad[0][c] - 1]
    # the step is bounded by k/L per generation (mean normalisation)
    assert np.max(np.abs(models.M - before)) <= 0.4 / 9 + 1e-12


def test_sequential_update_rewards_up_to_the_bound_before_punishing():
    # good and bad hold the same board: applied together the two equations cancel; applied one
    # after the other, the reward stops at the bound and the punishment then takes mass away
    puzzle = parse(PAPERS["sato-27-medium"])
    models = nb_coin.Models(puzzle, 0.99)
    board = models.sample(1, np.random.default_rng(3))
    together = nb_coin.Models(puzzle, 0.99)
    for _ in range(40):
        together.learn(board, board, 0.4, "count")
        models.learn(board, board, 0.4, "sequential")
    assert np.allclose(together.M, nb_coin.Models(puzzle, 0.99).M)
    free = np.flatnonzero(puzzle.cells == 0)
    g = puzzle.geometry
    box = g.box_of[free]
    pos = [int(np.flatnonzero(g.boxes[b] == c)[0]) for b, c in zip(box, free)]
    chosen = models.M[box, pos, board[0][free] - 1]
    forced = models.allowed.sum(-1)[box, pos] == 1
    assert np.all(chosen[~forced] < 0.5)
    check_models(models, 0.99)


def test_restart_starts_the_models_afresh_after_a_stall(papers):
    puzzle = papers["sato-106-difficult"]
    run = Run(puzzle, "nb_coin", {"restart": 20, "update": "count"}, 0, Budget(max_iterations=400))
    frames = []
    while (p := run.step()) is not None:
        frames.append(p)
    restarts = [i for i, p in enumerate(frames) if p.event == "restart"]
    assert restarts and frames[-1].restarts == len(restarts)
    start_entropy = frames[0].series["entropy"]
    for i in restarts:
        # the frame of a restart is sampled from fresh models; the one before, from learned ones
        assert frames[i].series["entropy"] == pytest.approx(start_entropy)
        assert frames[i - 1].series["entropy"] < start_entropy
    # and no restart happens without one being asked for
    plain = Run(puzzle, "nb_coin", {"update": "count"}, 0, Budget(max_iterations=200))
    assert all(p.event is None and p.restarts == 0 for p in iter(plain.step, None))


def test_the_upper_bound_caps_a_converged_position():
    puzzle = parse(PAPERS["sato-11-easy"])
    models = nb_coin.Models(puzzle, 0.9)
    pop = models.sample(10, np.random.default_rng(2))
    for _ in range(200):
        models.learn(pop[:1], pop[5:6], 1.0)
    free = models.allowed.sum(-1) > 1
    assert np.isclose(models.M[free].max(), 0.9)
    check_models(models, 0.9)


@pytest.mark.parametrize("name,seed", [("sato-01-easy", 0), ("sato-01-easy", 1), ("sato-11-easy", 0)])
def test_solves_the_easy_papers_puzzles(papers, name, seed):
    r = Run(papers[name], "nb_coin", {}, seed, Budget(max_iterations=2000)).finish()
    assert r.solved, (name, seed, r.stop_reason, r.conflicts)


def test_same_seed_same_run(papers):
    def trace(seed):
        run = Run(papers["sato-29-medium"], "nb_coin", {}, seed, Budget(max_iterations=30))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["best"], p.series["mean"], p.series["entropy"], p.board.tobytes()))
        return out
    assert trace(4) == trace(4)
    assert trace(4) != trace(5)


def test_progress_offers_the_model_view(papers):
    p = Run(papers["sato-27-medium"], "nb_coin", {}, 0).step()
    assert set(p.series) == {"best", "mean", "worst", "entropy"}
    assert p.series["worst"] <= p.series["mean"] <= p.series["best"] <= 162
    model = p.overlay["boards"]["model"]
    shade = np.asarray(p.overlay["shade"]["model"])
    puzzle = papers["sato-27-medium"]
    assert np.all(model[puzzle.givens] == puzzle.cells[puzzle.givens]) and np.all(shade[puzzle.givens] == 1)
    assert np.all((shade > 0) & (shade <= 1))


def test_pauses_do_not_change_the_run(monkeypatch):
    puzzle = parse(SIZES["16x16-vukr-1"])

    def trace():
        run = Run(puzzle, "nb_coin", {"population": 60}, 3, Budget(max_iterations=8))
        return trace_ticks(run, lambda p: (p.series["best"], p.series["entropy"], p.board.tobytes()))
    few, few_pauses = trace()
    monkeypatch.setattr(nb_coin, "_ENTRIES_PER_PART", 100)
    monkeypatch.setattr(nb_coin, "_CELLS_PER_SCORE_PART", 300)
    many, many_pauses = trace()
    assert many == few and many_pauses > few_pauses + 50


# Digests of the current code's runs: a change to how a step is computed must keep them.
FINGERPRINTS = [
    ("sato-27-medium", {}, 0, 40, "8b4904606e40e77f"),
    ("ai-escargot", {"update": "count", "restart": 5}, 3, 40, "48192bcae2842c4c"),
    ("16x16-vukr-1", {"population": 60}, 1, 10, "407f6b7a01db4ff6"),
    ("25:0.45:0", {"population": 40}, 2, 4, "b981d0895a5cbf7c"),
]


@pytest.mark.parametrize("name,params,seed,steps,digest", FINGERPRINTS)
def test_seeded_runs_keep_their_fingerprint(name, params, seed, steps, digest):
    """Same seed, same samples, models, boards and counters as the code these digests came from."""
    puzzle = parse({**PAPERS, **SIZES}[name]) if name in {**PAPERS, **SIZES} else generate(parse_spec(name)).puzzle
    assert run_digest(puzzle, "nb_coin", params, seed, steps) == digest

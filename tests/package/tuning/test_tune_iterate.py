"""sudoku_lab.tuning.iterate: irace's budget split (López-Ibáñez et al. 2016, section 3.1, and
irace's computeNbIterations, computeComputationalBudget and computeNbCandidates)."""

import math

import pytest

from sudoku_lab.tuning import configurations, iteration_budget, iterations, least_budget, survivors


@pytest.mark.parametrize("n, expected", [(1, 2), (2, 3), (3, 3), (4, 4), (5, 4), (6, 4), (8, 5), (9, 5)])
def test_iterations_and_survivors_are_floor_of_2_plus_log2_n(n, expected):
    assert iterations(n) == survivors(n) == expected == math.floor(2 + math.log2(n))


def test_the_budget_splits_as_irace_splits_it():
    """B = 1000 over N_iter = 4: B_1 = 250 and N_1 = ⌊250 / (5 + 1)⌋ = 41; with 240 used, B_2 =
    ⌊760 / 3⌋ = 253 and N_2 = ⌊253 / 7⌋ = 36; from iteration 5 on μ + 5 = 10 divides."""
    assert iteration_budget(1000, 1, 4) == 250 and configurations(250, 1) == 41
    assert iteration_budget(760, 2, 4) == 253 and configurations(253, 2) == 36
    assert configurations(100, 5) == configurations(100, 9) == 10
    assert iteration_budget(70, 6, 6) == 70                                   # past N_iter: what is left


def test_the_least_budget_races_two_configurations_in_the_first_iteration():
    for n in range(1, 9):
        least = least_budget(n)
        assert configurations(iteration_budget(least, 1, iterations(n)), 1) == 2
        assert configurations(iteration_budget(least - 1, 1, iterations(n)), 1) < 2


def test_a_tune_that_leaves_runs_unused_says_why_with_irace_s_numbers():
    """B = 40 over 2 tuned parameters (N_iter = 3): iteration 1 races ⌊⌊40/3⌋/6⌋ = 2
    configurations on 5 instances (10 runs); iteration 2's share of the 30 left is ⌊30/2⌋ = 15,
    and ⌊15/7⌋ = 2 holds no new one beside the 2 elites: 3 configurations need 3·7 = 21."""
    from sudoku_lab import bench, solvers
    from sudoku_lab.tuning import TuneInput, space, tune
    tuned = space(solvers.get("hill_climb").PARAMS, {"w1": "-2:2", "plateau": "1:50", "init": "greedy",
                                                     "propagate": "false", "post_swap": "true", "w2": "-1"}, "hill_climb")
    puzzles = bench.generated_puzzles(["9:0.3:0.3:0.05"], 3, 0)
    budget = tune(TuneInput("hill_climb", tuned, puzzles, 1000, 40, 1))["budget"]
    assert budget["used"] == 10
    assert budget["ended"] == ("Iteration 2's share of the 30 runs left, 15, had no room for a new configuration "
                               "beside the 2 elites (that needs 21): the tune ended with 30 runs unused; "
                               "a larger budget lets it go on.")

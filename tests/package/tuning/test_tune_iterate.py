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

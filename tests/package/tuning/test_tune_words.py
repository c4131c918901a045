"""sudoku_lab.tuning.words: a tune's eliminations, elites and races in the words the command line
prints and the page's Tune fold shows (one home for both)."""

from sudoku_lab.tuning import words


def test_an_elimination_names_the_test_its_p_and_who_went():
    assert words.elimination({"iteration": 1, "instances": 5, "test": "friedman", "p": 0.01467, "eliminated": [2]}) \
        == "Iteration 1, after 5 instances: Friedman's test, p = 0.015: configuration 2 eliminated"
    assert words.elimination({"iteration": 3, "instances": 7, "test": "wilcoxon", "p": 0.0001, "eliminated": [5, 6]}) \
        == "Iteration 3, after 7 instances: Wilcoxon's test, p < 0.001: configurations 5, 6 eliminated"
    assert words.p_words(None) == "p not defined"


def test_an_elite_says_its_tuned_values_mean_rank_and_runs():
    e = {"id": 4, "params": {"w1": 0.5, "init": "greedy", "w2": -1.0}, "mean_rank": 1.4, "runs": 8}
    assert words.elite(e, ["w1", "init"]) == "configuration 4: w1 = 0.5, init = greedy · mean rank 1.40 over 8 runs"


def test_a_race_end_names_its_instances_runs_and_elites():
    ev = {"iteration": 2, "instances": 6, "runs": 20, "elites": [{"id": 5}, {"id": 9}]}
    assert words.race_end(ev) == "Iteration 2 ends after 6 instances and 20 runs; elites 5, 9"


def test_runs_left_unused_say_the_iteration_s_share_or_that_it_had_them_all():
    """A share smaller than what is left is named beside it; the last iteration's share is all
    that is left, said once ("share of the 4 runs left, 4" read as a slip)."""
    assert words.too_few_left(2, 30, 15, 2, 21) == (
        "Iteration 2's share of the 30 runs left, 15, had no room for a new configuration beside the 2 elites "
        "(that needs 21): the tune ended with 30 runs unused; a larger budget lets it go on.")
    assert words.too_few_left(5, 4, 4, 4, 50) == (
        "Iteration 5's share, the 4 runs left, had no room for a new configuration beside the 4 elites "
        "(that needs 50): the tune ended with 4 runs unused; a larger budget lets it go on.")

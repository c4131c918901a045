"""sudoku_lab.tuning.race: a run's load-free cost, Friedman's test and Conover's post-hoc against
scipy called directly and against Conover's published worked example."""

import math

import numpy as np
import pytest
from scipy import stats as st

from sudoku_lab.tuning import race

# Conover, "Practical Nonparametric Statistics", 3rd ed. (1999), section 5.8, Example 1
# (pp. 371–372): twelve homeowners rank four grasses (1 the best; ties share the mean rank).
# The book's Friedman statistic T1 = 8.097 (p = 0.044), rank sums 38, 23.5, 24.5, 34; R's
# agricolae package reproduces the example (`friedman` on its `grass` data, "Data of the book of
# Conover") with Conover's comparisons: the least significant difference of two rank sums is
# 11.48 (t with 33 df) and the pairs' p are 1–2 0.015, 1–3 0.023, 1–4 0.483, 2–3 0.860,
# 2–4 0.072, 3–4 0.102.
GRASS = np.array([[4, 3, 2, 1], [4, 2, 3, 1], [3, 1.5, 1.5, 4], [3, 1, 2, 4], [4, 2, 1, 3], [2, 2, 2, 4],
                  [1, 3, 2, 4], [2, 4, 1, 3], [3.5, 1, 2, 3.5], [4, 1, 3, 2], [4, 2, 3, 1], [3.5, 1, 2, 3.5]])
GRASS_P = {(0, 1): 0.015, (0, 2): 0.023, (0, 3): 0.483, (1, 2): 0.860, (1, 3): 0.072, (2, 3): 0.102}


def test_friedman_and_conover_match_conovers_example():
    outcome = race.test_alive(GRASS)
    assert outcome["test"] == "friedman"
    assert outcome["statistic"] == pytest.approx(8.097, abs=0.0005)
    assert outcome["p"] == pytest.approx(0.044, abs=0.0005)
    c = race.conover(GRASS)
    assert list(c["rank_sums"]) == [38, 23.5, 24.5, 34]
    assert c["critical"] == pytest.approx(11.48, abs=0.005)
    p = race.conover_pvalues(GRASS)
    for (i, j), published in GRASS_P.items():
        assert p[i, j] == pytest.approx(published, abs=0.0005)


def test_the_race_eliminates_what_is_worse_than_the_best_by_more_than_the_least_difference():
    """Grass 1 is 14.5 above the best rank sum (grass 2, 23.5): out; grass 4, 10.5 above: stays."""
    assert race.test_alive(GRASS)["worse"] == [0]


def by_hand(ranks, alpha=0.05):
    """Conover's formula written out cell by cell, t's quantile from scipy."""
    n, k = ranks.shape
    a = sum(r * r for row in ranks for r in row)
    sums = [sum(row[j] for row in ranks) for j in range(k)]
    scale = math.sqrt(2 * (n * a - sum(s * s for s in sums)) / ((n - 1) * (k - 1)))
    return st.t.ppf(1 - alpha / 2, (n - 1) * (k - 1)) * scale, scale


@pytest.mark.parametrize("seed", range(5))
def test_friedman_is_scipys_and_conover_its_formula(seed):
    rng = np.random.default_rng(seed)
    costs = [[(int(rng.integers(2)), int(rng.integers(4))) for _ in range(5)] for _ in range(8)]
    ranks = race.block_ranks(costs)
    outcome = race.test_alive(ranks)
    direct = st.friedmanchisquare(*ranks.T)
    assert outcome["statistic"] == pytest.approx(direct.statistic, rel=1e-12)
    assert outcome["p"] == pytest.approx(direct.pvalue, rel=1e-12)
    critical, scale = by_hand(ranks)
    assert race.conover(ranks)["critical"] == pytest.approx(critical, rel=1e-12)
    sums = ranks.sum(axis=0)
    p = race.conover_pvalues(ranks)
    assert p[0, 1] == pytest.approx(2 * st.t.sf(abs(sums[0] - sums[1]) / scale, 28), rel=1e-9)


def test_two_alive_take_wilcoxons_signed_rank_test():
    ranks = np.array([[1, 2]] * 9 + [[2, 1]])
    outcome = race.test_alive(ranks)
    direct = st.wilcoxon(ranks[:, 0], ranks[:, 1])
    assert (outcome["test"], outcome["p"]) == ("wilcoxon", pytest.approx(direct.pvalue))
    assert outcome["worse"] == [1]
    assert race.test_alive(np.array([[1.5, 1.5]] * 8))["worse"] == []


def test_every_instance_a_tie_eliminates_nothing():
    assert race.test_alive(np.full((6, 3), 2.0))["worse"] == []


def run(solved, evaluations, conflicts):
    return {"solved": solved, "evaluations": evaluations, "conflicts": conflicts}


def test_a_solved_run_beats_every_unsolved_one_and_unsolved_runs_rank_by_clashes():
    """Unsolved runs are censored at the budget: never ranked as solved at it."""
    costs = [race.run_cost(r) for r in (run(False, 3000, 1), run(True, 2999, 0), run(False, 3000, 4),
                                        run(True, 10, 0), run(True, 10, 0))]
    assert list(race.block_ranks([costs])[0]) == [4, 3, 5, 1.5, 1.5]

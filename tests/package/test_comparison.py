"""sudoku_lab.comparison: every figure against scipy called directly, and against published
worked examples (each cited where it is used)."""

import json
import math

import numpy as np
import pytest
from scipy import integrate
from scipy import stats as st

from conftest import ROOT
from sudoku_lab import comparison, stats

# Freireich et al. (1963), the 6-MP leukaemia remission weeks, as Kleinbaum & Klein, "Survival
# Analysis: A Self-Learning Text" (3rd ed., 2012), chapter 2, tabulate them: 6-MP 21 patients
# (9 relapses), placebo 21 (all relapsed).
SIX_MP_EVENTS = [6, 6, 6, 7, 10, 13, 16, 22, 23]
SIX_MP_CENSORED = [6, 9, 10, 11, 17, 19, 20, 25, 32, 32, 34, 35]
PLACEBO_EVENTS = [1, 1, 2, 2, 3, 4, 4, 5, 5, 8, 8, 8, 8, 11, 11, 12, 12, 15, 17, 22, 23]


def runs(events, censored, seed0=0, puzzle=0, cost=3):
    """Run records: a solved run per event time, an unsolved (time limit) run per censored one."""
    out = [{"puzzle": puzzle, "seed": seed0 + i, "solved": True, "seconds": float(t), "conflicts": 0,
            "stop_reason": "solved"} for i, t in enumerate(events)]
    return out + [{"puzzle": puzzle, "seed": seed0 + len(events) + i, "solved": False, "seconds": float(t),
                   "conflicts": cost + i % 3, "stop_reason": "budget"} for i, t in enumerate(censored)]


SIX_MP = runs(SIX_MP_EVENTS, SIX_MP_CENSORED)
PLACEBO = runs(PLACEBO_EVENTS, [], seed0=100)


def test_logrank_matches_the_textbook_and_scipy():
    """Kleinbaum & Klein (2012), ch. 2: the log-rank chi-square of 6-MP against placebo is 16.79."""
    ours = comparison.logrank_test(SIX_MP, PLACEBO)
    assert ours["statistic"] ** 2 == pytest.approx(16.79, abs=0.005)
    direct = st.logrank(st.CensoredData(uncensored=SIX_MP_EVENTS, right=SIX_MP_CENSORED),
                        st.CensoredData(uncensored=PLACEBO_EVENTS))
    assert ours["p"] == pytest.approx(direct.pvalue, rel=1e-12)


def test_no_solved_run_on_either_side_is_no_test():
    assert comparison.logrank_test(runs([], [5, 5]), runs([], [5])) == {"statistic": 0.0, "p": 1.0}


def test_kaplan_meier_matches_the_textbook_and_scipy():
    """Kleinbaum & Klein (2012), ch. 2, the 6-MP group's KM table: S(t) at each relapse time."""
    curve = comparison.kaplan_meier(SIX_MP)
    survival = dict(zip(curve["t"], (1 - p for p in curve["solved"])))
    for t, s in {6: 0.857, 7: 0.807, 10: 0.753, 13: 0.690, 16: 0.627, 22: 0.538, 23: 0.448}.items():
        assert survival[t] == pytest.approx(s, abs=0.0005)
    cdf = st.ecdf(st.CensoredData(uncensored=SIX_MP_EVENTS, right=SIX_MP_CENSORED)).cdf
    band = cdf.confidence_interval(0.95)
    assert curve["t"] == list(cdf.quantiles)
    assert curve["solved"] == pytest.approx(list(cdf.probabilities), rel=1e-12)
    assert curve["low"] == pytest.approx(list(band.low.probabilities), rel=1e-12)
    assert curve["high"] == pytest.approx(list(band.high.probabilities), rel=1e-12)


def test_no_solved_run_is_an_empty_curve():
    assert comparison.kaplan_meier(runs([], [4, 4]))["t"] == []


def test_restricted_mean_is_the_area_under_scipys_survival_curve():
    sf = st.ecdf(st.CensoredData(uncensored=SIX_MP_EVENTS, right=SIX_MP_CENSORED)).sf
    curve = comparison.kaplan_meier(SIX_MP)
    for horizon in (5.0, 16.0, 20.5, 35.0):
        area, _ = integrate.quad(sf.evaluate, 0, horizon, points=list(sf.quantiles), limit=200)
        assert comparison.restricted_mean(curve, horizon) == pytest.approx(area, rel=1e-9)
    assert comparison.restricted_mean(comparison.kaplan_meier(runs([], [9])), 9.0) == 9.0


@pytest.mark.parametrize("case", json.loads((ROOT / "tests" / "stats_cases.json").read_text())["wilson"])
def test_success_interval_is_the_labs_wilson_interval(case):
    assert comparison.success_interval(case["k"], case["n"]) == pytest.approx(stats.wilson(case["k"], case["n"]),
                                                                               abs=1e-12)


def test_paired_runs_take_mcnemars_exact_test():
    """Same puzzle and seed on both sides: the binomial test of the discordant pairs."""
    a = runs([1] * 12, [9] * 3)                              # seeds 0–11 solved, 12–14 not
    b = runs([1] * 4, [9] * 11)                              # seeds 0–3 solved, 4–14 not
    test = comparison.success_test(a, b)
    assert (test["test"], test["pairs"], test["only_first"], test["only_second"]) == ("McNemar exact", 15, 8, 0)
    assert test["p"] == pytest.approx(st.binomtest(8, 8).pvalue, rel=1e-12)


def test_a_run_ended_by_stop_leaves_its_pair_out():
    a, b = runs([1] * 5, [9]), runs([1] * 5, [9])
    b[0] = {**b[0], "stop_reason": "stopped", "solved": False}
    assert comparison.success_test(a, b)["pairs"] == 5


def test_unpaired_runs_take_boschlooss_test():
    a, b = runs([1] * 12, [9] * 3), runs([1] * 4, [9] * 11, seed0=50)
    assert comparison.pairing(a, b) is None
    test = comparison.success_test(a, b)
    assert test["test"] == "Boschloo exact"
    assert test["p"] == pytest.approx(st.boschloo_exact([[12, 3], [4, 11]]).pvalue, rel=1e-9)


def test_a12_is_mann_whitneys_u_over_mn_and_its_definition():
    first, second = [1.0, 2.0, 2.0, 5.0], [2.0, 3.0, 4.0]
    below = sum((x < y) + 0.5 * (x == y) for x in first for y in second) / 12
    assert comparison.a12(first, second) == pytest.approx(below, rel=1e-12)
    assert comparison.a12(first, second) == pytest.approx(st.mannwhitneyu(second, first).statistic / 12)
    assert comparison.a12([], second) is None


def test_time_a12_counts_an_unsolved_run_slower_than_any_solved():
    assert comparison.time_a12(runs([50], []), runs([], [10])) == 1.0
    assert comparison.time_a12(runs([], [10]), runs([], [10])) == 0.5


def test_cost_a12_compares_the_unsolved_runs_clashes():
    fewer, more = runs([], [9, 9], cost=1), runs([1], [9, 9], cost=5)
    assert comparison.cost_a12(fewer, more) == 1.0
    assert comparison.cost_a12(fewer, runs([1], [])) is None


def test_holm_steps_down():
    """Holm (1979): the i-th smallest p times (m − i + 1), made non-decreasing, capped at 1."""
    assert comparison.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert comparison.holm([0.5, 0.9]) == [1.0, 1.0]
    assert comparison.holm([]) == []


def test_run_counts_match_cohens_table():
    """Cohen (1988), Table 6.4.1, two-sided α = .05, power .80: h = .2, .5, .8 need 392, 63, 25
    (rounded to the nearest: 392.4, 62.8, 24.5; the lab rounds a run count up)."""
    assert [comparison.runs_for_rates(h) for h in (0.2, 0.5, 0.8)] == [393, 63, 25]


def test_run_counts_for_a12_follow_noethers_formula():
    z = st.norm.ppf(0.975) + st.norm.ppf(0.8)
    assert comparison.runs_for_a12(0.71) == math.ceil(z * z / (6 * 0.21 ** 2))
    assert comparison.runs_for_a12(0.71, tests=3) > comparison.runs_for_a12(0.71)
    assert comparison.runs_needed(0.5, 0.5, 0.5, 1) == (None, None)
    assert comparison.runs_needed(0.5, 0.5, 0.71, 1) == (comparison.runs_for_a12(0.71), "time")


# Hollander & Wolfe, "Nonparametric Statistical Methods" (1973), Table 7.1: the times of 22
# baseball players rounding first base by three methods (round out, narrow angle, wide angle);
# the example of R's friedman.test, Friedman chi-squared = 11.143, p = 0.003805.
ROUNDING_TIMES = np.array([
    [5.40, 5.50, 5.55], [5.85, 5.70, 5.75], [5.20, 5.60, 5.50], [5.55, 5.50, 5.40], [5.90, 5.85, 5.70],
    [5.45, 5.55, 5.60], [5.40, 5.40, 5.35], [5.45, 5.50, 5.35], [5.25, 5.15, 5.00], [5.85, 5.80, 5.70],
    [5.25, 5.20, 5.10], [5.65, 5.55, 5.45], [5.60, 5.35, 5.45], [5.05, 5.00, 4.95], [5.50, 5.50, 5.40],
    [5.45, 5.55, 5.50], [5.55, 5.55, 5.35], [5.45, 5.50, 5.55], [5.50, 5.45, 5.25], [5.65, 5.60, 5.40],
    [5.70, 5.65, 5.55], [6.30, 6.30, 6.25]])


def test_friedman_matches_the_textbook_and_scipy():
    ours = comparison.friedman_figures(["round out", "narrow", "wide"], ROUNDING_TIMES)
    assert ours["statistic"] == pytest.approx(11.143, abs=0.0005)
    assert ours["p"] == pytest.approx(0.003805, abs=5e-7)
    direct = st.friedmanchisquare(*ROUNDING_TIMES.T)
    assert (ours["statistic"], ours["p"]) == pytest.approx((direct.statistic, direct.pvalue), rel=1e-12)
    ranks = np.mean([st.rankdata(row) for row in ROUNDING_TIMES], axis=0)
    assert list(ours["ranks"].values()) == pytest.approx(list(ranks))


def test_critical_difference_matches_demsar():
    """Demšar (2006), Table 5(a), q_0.05 for k = 3, 4, 5: 2.343, 2.569, 2.728 (to the third
    decimal); section 3.2.4's
    example, four algorithms on 14 data sets: CD = 2.569 √(4·5 / (6·14)) = 1.25."""
    for k, q in ((3, 2.343), (4, 2.569), (5, 2.728)):
        scores = np.arange(14 * k, dtype=float).reshape(14, k)
        figures = comparison.friedman_figures([str(i) for i in range(k)], scores)
        assert figures["q_alpha"] == pytest.approx(q, abs=0.001)
        if k == 4:
            assert figures["critical_difference"] == pytest.approx(1.25, abs=0.005)


def experiment(rates_and_times, puzzles=3, per_puzzle=10, limit=10.0):
    """Paired records: entry e's run (puzzle p, seed s) solved when s < its rate × per_puzzle."""
    groups = {}
    for label, (solved_of_ten, seconds) in rates_and_times.items():
        groups[label] = [{"puzzle": p, "seed": s, "solved": s < solved_of_ten,
                          "seconds": seconds * (1 + s / 10) if s < solved_of_ten else limit,
                          "conflicts": 0 if s < solved_of_ten else 2, "stop_reason": "solved" if s < solved_of_ten
                          else "budget"} for p in range(puzzles) for s in range(per_puzzle)]
    return groups


def test_compare_says_which_solves_more_often_and_faster():
    result = comparison.compare(experiment({"alldiff_ls": (10, 0.5), "acs": (6, 3.0)}), limit=10)
    pair = result["pairs"][0]
    assert pair["success"]["test"] == "McNemar exact"
    assert pair["sentence"].startswith("alldiff_ls solves more often than acs (30/30 against 18/30; p < 0.001 "
                                       "after Holm) and faster (Â12 = ")
    assert result["friedman"] is None
    json.dumps(result)


def test_compare_says_when_no_difference_is_shown_and_how_many_runs_would():
    result = comparison.compare(experiment({"a": (7, 1.0), "b": (6, 1.0)}, puzzles=1), limit=10)
    pair = result["pairs"][0]
    assert pair["sentence"] == (f"a against b: no difference shown at this number of runs (7/10 against 6/10); "
                                f"about {pair['runs_needed']} runs each would show a difference in success of this size.")
    assert pair["runs_needed"] > 10 and pair["runs_needed_for"] == "success"


def test_with_equal_counts_solved_the_runs_needed_are_for_the_difference_in_time():
    """5/10 against 5/10: no number of runs shows a difference in success of size zero; the
    sentence names the difference it counts runs for, time to solve, and its Â12."""
    pair = comparison.compare(experiment({"a": (5, 1.0), "b": (5, 1.3)}, puzzles=1), limit=10)["pairs"][0]
    assert pair["runs_needed_for"] == "time" and pair["runs_needed"] > 10
    a12 = max(pair["a12_time"], 1 - pair["a12_time"])
    assert pair["sentence"] == (f"a against b: no difference shown at this number of runs (5/10 against 5/10); about "
                                f"{pair['runs_needed']} runs each would show a difference in time to solve "
                                f"(Â12 = {a12:.2f}) of this size.")


def test_holm_adjusts_each_family_across_the_pairs():
    result = comparison.compare(experiment({"a": (10, 0.5), "b": (6, 3.0), "c": (5, 3.0)}), limit=10)
    raw = [p["success"]["p"] for p in result["pairs"]]
    assert [p["success"]["p_holm"] for p in result["pairs"]] == comparison.holm(raw)
    assert [p["logrank"]["p_holm"] for p in result["pairs"]] == comparison.holm([p["logrank"]["p"]
                                                                                 for p in result["pairs"]])


def test_three_entries_get_friedman_over_puzzles_on_the_restricted_mean():
    groups = experiment({"a": (10, 0.5), "b": (6, 3.0), "c": (5, 3.0)})
    figures = comparison.compare(groups, limit=10)["friedman"]
    scores = np.array([[comparison.restricted_mean(comparison.kaplan_meier(
        [r for r in rs if r["puzzle"] == p]), 10.0) for rs in groups.values()] for p in range(3)])
    assert figures["statistic"] == pytest.approx(st.friedmanchisquare(*scores.T).statistic, rel=1e-12)
    assert figures["ranks"]["a"] == 1.0


def test_one_entry_has_nothing_to_compare_and_one_puzzle_no_friedman():
    assert comparison.compare(experiment({"a": (5, 1.0)})) is None
    one = comparison.compare(experiment({"a": (5, 1.0), "b": (6, 1.0), "c": (7, 1.0)}, puzzles=1))
    reason = "Friedman's test needs two puzzles or more that every entry ran"
    assert one["friedman"] == {"puzzles": 1, "reason": reason, "sentence": reason + "."}
    assert one["horizon"] == 10.0


def test_friedmans_sentence_names_the_test_the_ranks_best_first_and_the_critical_difference():
    f = {"puzzles": 14, "statistic": 9.28, "p": 0.0258, "ranks": {"a": 3.143, "b": 1.964}, "critical_difference": 1.25}
    assert comparison.friedman_sentence(f) == (
        "Friedman's test over 14 puzzles (on each entry's restricted mean time): chi-square 9.28, p = 0.026; "
        "average ranks b 1.96, a 3.14; critical difference 1.25 (Nemenyi, Demšar 2006).")
    assert comparison.friedman_sentence({"puzzles": 1, "reason": "no"}) == "no."
    result = comparison.compare(experiment({"a": (10, 0.5), "b": (6, 3.0), "c": (5, 3.0)}), limit=10)
    assert result["friedman"]["sentence"] == comparison.friedman_sentence(result["friedman"])


def test_a_sentence_gives_the_counts_in_the_order_it_names_the_entries():
    """The faster named first, its counts first: b (listed second) solves sooner, 27/30 against
    a's 30/30, a difference McNemar's test does not show (3 discordant pairs)."""
    pair = comparison.compare(experiment({"a": (10, 5.0), "b": (9, 0.5)}), limit=10)["pairs"][0]
    assert pair["sentence"] == ("b solves faster than a (Â12 = 0.90; log-rank p < 0.001 after Holm), at a success "
                                "not shown to differ (27/30 against 30/30; McNemar exact p = 0.250 after Holm).")


def test_more_often_but_slower_is_said_as_such():
    """a solves every run, slowly; b misses one in ten but solves the rest at once."""
    pair = comparison.compare(experiment({"a": (10, 5.0), "b": (9, 0.1)}, puzzles=10), limit=10)["pairs"][0]
    assert pair["sentence"] == ("a solves more often than b (100/100 against 90/100; p = 0.002 after Holm), but b tends "
                                "to solve sooner (Â12 = 0.90; log-rank p < 0.001 after Holm).")


def test_a_run_count_no_larger_than_what_was_run_is_not_offered_as_enough():
    """2/2 against 0/2 is not shown to differ (Fisher's p = 0.33), though the large-sample count
    for that gap is about 2 runs: the sentence must not say 2 runs would show it."""
    def run(solved, seed):
        return {"solved": solved, "seconds": 1.0 if solved else 5.0, "stop_reason": "solved" if solved else "budget",
                "iterations": 1, "evaluations": 1, "conflicts": 0 if solved else 3, "puzzle": 0, "seed": seed}
    from sudoku_lab.comparison import compare
    [pair] = compare({"1. a": [run(True, 0), run(True, 1)], "2. b": [run(False, 0), run(False, 1)]}, 5)["pairs"]
    assert pair["runs_needed"] <= 2
    assert "no difference shown" in pair["sentence"] and "would show a difference" not in pair["sentence"]
    assert "more runs each would be needed to show it" in pair["sentence"]


def test_time_to_solve_is_read_from_the_field_named_so_evaluations_count_it_load_free():
    """The same runs compared by evaluations (`time="evaluations"`, a tune's held-out test) give
    the figures that runs whose seconds held those evaluations give, and say which they read."""
    groups = experiment({"a": (10, 0.5), "b": (6, 3.0)})
    swapped = {k: [{**r, "evaluations": r["seconds"], "seconds": 0.0} for r in rs] for k, rs in groups.items()}
    by_seconds = comparison.compare(groups, limit=10)
    by_evaluations = comparison.compare(swapped, limit=10, time="evaluations")
    assert (by_seconds["time"], by_evaluations["time"]) == ("seconds", "evaluations")
    assert {k: v for k, v in by_evaluations.items() if k != "time"} == {k: v for k, v in by_seconds.items() if k != "time"}

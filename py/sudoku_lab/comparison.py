"""The statistics that compare an experiment's entries (docs/design.md, "Comparing entries"):
is a difference in success or in time to solve real, how large is it, and how many runs would
show it.

Every test and estimate is scipy's (``scipy.stats``); written here are only what scipy has not:
Holm's step-down correction (scipy's ``false_discovery_control`` does Benjamini–Hochberg and
Benjamini–Yekutieli only), the restricted mean (the area under a Kaplan–Meier curve scipy
computes), the critical difference (Demšar 2006, from scipy's studentized range) and the run
counts of the power calculation (two normal-approximation formulas, named where they are).

An unsolved run is censored at the time it ended, neither dropped nor counted as solved at the
budget: time to solve is survival data (Hoos & Stützle's run-time distributions). The runs are
the *judged* runs of ``stats`` (a run ended by Stop or by an error says nothing about a solver).
scipy itself is imported at the first test (scipy_stats): the page loads it on first use.
"""

from __future__ import annotations

import math
import warnings
from itertools import combinations
from typing import Sequence

import numpy as np

from .scipy_stats import stats as st

from .stats import judged

ALPHA = 0.05          # the level of every test, after Holm's correction
POWER = 0.8           # the power the run counts are computed for
LEVEL = 0.95          # the confidence of the intervals and the Kaplan–Meier bands


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979), in the order given: the i-th smallest
    multiplied by (m − i + 1), kept non-decreasing, capped at 1. scipy offers BH and BY only."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted, running = [1.0] * len(pvalues), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def _finite(x) -> float | None:
    """A float for JSON: None where scipy says nan (no test possible)."""
    x = float(x)
    return x if math.isfinite(x) else None


def success_interval(solved: int, runs: int) -> tuple[float, float]:
    """The success rate's Wilson score interval, scipy's (``binomtest(...).proportion_ci``)."""
    if not runs:
        return (0.0, 0.0)
    ci = st.binomtest(solved, runs).proportion_ci(LEVEL, method="wilson")
    return (float(ci.low), float(ci.high))


def censored(records: Sequence[dict], time: str = "seconds") -> st.CensoredData:
    """Time to solve of judged runs, in the records' field `time` (seconds, or evaluations for a
    load-free comparison): a solved run's observed, an unsolved one's censored."""
    ok = judged(records)
    return st.CensoredData(uncensored=[r[time] for r in ok if r["solved"]],
                           right=[r[time] for r in ok if not r["solved"]])


def kaplan_meier(records: Sequence[dict], time: str = "seconds") -> dict:
    """The fraction solved against time (1 − the Kaplan–Meier survival, scipy's ``ecdf`` on
    censored data) with its pointwise 95% band (Greenwood's variance): steps at ``t``."""
    if not any(r["solved"] for r in judged(records)):
        return {"t": [], "solved": [], "low": [], "high": []}
    cdf = st.ecdf(censored(records, time)).cdf
    with warnings.catch_warnings():           # undefined where the curve is 0 or 1: kept as None
        warnings.simplefilter("ignore", RuntimeWarning)
        band = cdf.confidence_interval(LEVEL)
    return {"t": [float(t) for t in cdf.quantiles], "solved": [float(p) for p in cdf.probabilities],
            "low": [_finite(p) for p in band.low.probabilities],
            "high": [_finite(p) for p in band.high.probabilities]}


def restricted_mean(curve: dict, horizon: float) -> float:
    """The restricted mean time to solve within ``horizon``: the area under the survival curve
    (1 − fraction solved) from 0 to the horizon; a run unsolved by then counts the horizon."""
    edges = [0.0, *[t for t in curve["t"] if t < horizon], horizon]
    alive = [1.0, *[1.0 - p for p in curve["solved"]]]
    return sum(s * (b - a) for s, a, b in zip(alive, edges, edges[1:]))


def entry_figures(label: str, records: Sequence[dict], horizon: float, time: str = "seconds") -> dict:
    """One entry's success rate with its interval, its Kaplan–Meier curve and restricted mean."""
    ok = judged(records)
    solved = sum(1 for r in ok if r["solved"])
    curve = kaplan_meier(records, time)
    return {"entry": label, "judged": len(ok), "solved": solved,
            "rate": solved / len(ok) if ok else None, "interval": list(success_interval(solved, len(ok))),
            "kaplan_meier": curve, "restricted_mean": restricted_mean(curve, horizon)}


def pairing(a: Sequence[dict], b: Sequence[dict]) -> list[tuple[dict, dict]] | None:
    """The runs of two entries matched by puzzle and seed, when their runs are paired (each
    entry ran the same (puzzle, seed) keys, once each): the pairs both judged; else None."""
    def keyed(records):
        keys = {(r["puzzle"], r["seed"]): r for r in records}
        return keys if len(keys) == len(records) else None
    ka, kb = keyed(a), keyed(b)
    if not ka or not kb or ka.keys() != kb.keys():
        return None
    return [(ka[k], kb[k]) for k in ka if judged([ka[k], kb[k]]) == [ka[k], kb[k]]]


def success_test(a: Sequence[dict], b: Sequence[dict]) -> dict:
    """Do the two succeed as often? Paired runs: McNemar's exact test (the binomial test of the
    discordant pairs); otherwise Boschloo's exact test of the 2×2 table."""
    pairs = pairing(a, b)
    if pairs is not None:
        only_a = sum(1 for x, y in pairs if x["solved"] and not y["solved"])
        only_b = sum(1 for x, y in pairs if y["solved"] and not x["solved"])
        p = st.binomtest(only_a, only_a + only_b).pvalue if only_a + only_b else 1.0
        return {"test": "McNemar exact", "pairs": len(pairs), "only_first": only_a, "only_second": only_b,
                "p": float(p)}
    ja, jb = judged(a), judged(b)
    sa, sb = sum(r["solved"] for r in ja), sum(r["solved"] for r in jb)
    p = st.boschloo_exact([[sa, len(ja) - sa], [sb, len(jb) - sb]]).pvalue if ja and jb else 1.0
    return {"test": "Boschloo exact", "p": _finite(p) if _finite(p) is not None else 1.0}


def logrank_test(a: Sequence[dict], b: Sequence[dict], time: str = "seconds") -> dict:
    """Is the time to solve the same? The log-rank test on the censored times (scipy's); with
    no solved run on either side there is nothing to test (p = 1)."""
    if not any(r["solved"] for r in judged([*a, *b])):
        return {"statistic": 0.0, "p": 1.0}
    result = st.logrank(censored(a, time), censored(b, time))
    return {"statistic": float(result.statistic), "p": float(result.pvalue)}


def a12(first: Sequence[float], second: Sequence[float]) -> float | None:
    """Vargha–Delaney Â12: the chance that a value of `first` is below one of `second` (ties
    half), from the Mann–Whitney U (scipy's): Â12 = U/(m·n) with U counting second > first."""
    if not first or not second:
        return None
    return float(st.mannwhitneyu(second, first).statistic) / (len(first) * len(second))


def time_a12(a: Sequence[dict], b: Sequence[dict], time: str = "seconds") -> float | None:
    """Â12 of time to solve: the chance a run of `a` solves sooner than one of `b`, an unsolved
    run slower than every solved one (and tied with the other unsolved)."""
    ja, jb = judged(a), judged(b)
    slowest = 1.0 + max((r[time] for r in [*ja, *jb]), default=0.0)
    def times(rs):
        return [r[time] if r["solved"] else slowest for r in rs]
    return a12(times(ja), times(jb))


def cost_a12(a: Sequence[dict], b: Sequence[dict]) -> float | None:
    """Â12 of the final cost of unsolved runs (their clashes at the end): the chance an unsolved
    run of `a` ends with fewer clashes than one of `b`; None unless both have unsolved runs."""
    def costs(rs):
        return [r["conflicts"] for r in judged(rs) if not r["solved"]]
    return a12(costs(a), costs(b))


def _z(tests: int) -> float:
    """z_(1−α/2) + z_(power), α = ALPHA / tests (Bonferroni: Holm's strictest step)."""
    return float(st.norm.ppf(1 - ALPHA / (2 * tests)) + st.norm.ppf(POWER))


def runs_for_rates(h: float, tests: int = 1) -> int:
    """Runs per entry for two success rates Cohen's effect h apart (h = |2 asin √p1 − 2 asin √p2|;
    Cohen 1988, ch. 6): n = 2 (z / h)²."""
    return math.ceil(2 * (_z(tests) / h) ** 2)


def runs_for_a12(a: float, tests: int = 1) -> int:
    """Runs per entry for a Mann–Whitney test to show Â12 = a (Noether 1987, equal groups):
    n = z² / (6 (a − ½)²)."""
    return math.ceil(_z(tests) ** 2 / (6 * (a - 0.5) ** 2))


def runs_needed(rate_a: float | None, rate_b: float | None, a12_time: float | None,
                tests: int) -> tuple[int | None, str | None]:
    """About how many runs per entry would show a difference of the observed size, two-sided at
    level ALPHA / tests and power POWER, and which difference that is: the fewer of the count for
    the two rates ("success") and the one for Â12 of time ("time"). (None, None) when the runs
    show no difference at all."""
    counts = []
    if rate_a is not None and rate_b is not None and rate_a != rate_b:
        counts.append((runs_for_rates(abs(2 * math.asin(math.sqrt(rate_a)) - 2 * math.asin(math.sqrt(rate_b))), tests),
                       "success"))
    if a12_time is not None and a12_time != 0.5:
        counts.append((runs_for_a12(a12_time, tests), "time"))
    return min(counts) if counts else (None, None)


def pair_figures(la: str, a: Sequence[dict], lb: str, b: Sequence[dict], time: str = "seconds") -> dict:
    """One pair's tests and effect sizes, before Holm's correction."""
    return {"first": la, "second": lb, "success": success_test(a, b), "logrank": logrank_test(a, b, time),
            "a12_time": time_a12(a, b, time), "a12_cost": cost_a12(a, b)}


def fmt_p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _counts(entry: dict) -> str:
    return f"{entry['solved']}/{entry['judged']}"


def _sentence_success(pair: dict, ea: dict, eb: dict) -> tuple[str, str]:
    """'W solves more often than L (…; p after Holm)', and the winner's label."""
    win, lose = (ea, eb) if (ea["rate"] or 0) > (eb["rate"] or 0) else (eb, ea)
    return (f"{win['entry']} solves more often than {lose['entry']} ({_counts(win)} against "
            f"{_counts(lose)}; {fmt_p(pair['success']['p_holm'])} after Holm)", win["entry"])


def _faster(pair: dict) -> tuple[str, str, float]:
    """The faster of the two by Â12 of time, the slower, and the faster's Â12."""
    a12_first = pair["a12_time"]
    if a12_first >= 0.5:
        return pair["first"], pair["second"], a12_first
    return pair["second"], pair["first"], 1 - a12_first


def sentence(pair: dict, ea: dict, eb: dict) -> str:
    """The pair's result in one plain sentence (docs/design.md, "Comparing entries")."""
    success = pair["success"]["p_holm"] < ALPHA
    time = pair["logrank"]["p_holm"] < ALPHA and pair["a12_time"] is not None
    if success:
        text, winner = _sentence_success(pair, ea, eb)
        if time:
            fast, slow, a = _faster(pair)
            text += (f" and faster (Â12 = {a:.2f})" if fast == winner else
                     f", but {fast} tends to solve sooner (Â12 = {a:.2f}; log-rank "
                     f"{fmt_p(pair['logrank']['p_holm'])} after Holm)")
        return text + "."
    if time:
        fast, slow, a = _faster(pair)
        first, second = (ea, eb) if fast == ea["entry"] else (eb, ea)
        return (f"{fast} solves faster than {slow} (Â12 = {a:.2f}; log-rank {fmt_p(pair['logrank']['p_holm'])} "
                f"after Holm), at a success not shown to differ ({_counts(first)} against {_counts(second)}; "
                f"{pair['success']['test']} {fmt_p(pair['success']['p_holm'])} after Holm).")
    need = pair["runs_needed"]
    made = min(ea["judged"], eb["judged"])
    if not need:
        tail = "; these runs show no difference at all"
    elif need > made:
        what = "in success" if pair["runs_needed_for"] == "success" else (
            f"in time to solve (Â12 = {max(pair['a12_time'], 1 - pair['a12_time']):.2f})")
        tail = f"; about {need} runs each would show a difference {what} of this size"
    else:       # the estimate is a large-sample one: at so few runs it says less than what was run
        tail = f"; more runs each would be needed to show it (the large-sample estimate, {need}, does not hold at {made})"
    return (f"{ea['entry']} against {eb['entry']}: no difference shown at this number of runs "
            f"({_counts(ea)} against {_counts(eb)}){tail}.")


def puzzle_scores(groups: dict[str, list[dict]], horizon: float, time: str = "seconds") -> tuple[list[int], np.ndarray]:
    """Each entry's restricted mean time to solve on each puzzle every entry ran (rows puzzles,
    columns entries): one figure per puzzle that weighs success and time, for Friedman's test."""
    shared = sorted(set.intersection(*({r["puzzle"] for r in judged(rs)} for rs in groups.values())))
    rows = [[restricted_mean(kaplan_meier([r for r in rs if r["puzzle"] == p], time), horizon)
             for rs in groups.values()] for p in shared]
    return shared, np.array(rows, dtype=float).reshape(len(shared), len(groups))


def friedman_figures(labels: Sequence[str], scores: np.ndarray) -> dict:
    """Friedman's test (scipy's) on a blocks × entries table, lower the better; the entries'
    average ranks (1 the best) and Nemenyi's critical difference (Demšar 2006, section 3.2.2:
    q_α, the studentized range at infinite df over √2, × √(k(k+1)/6N))."""
    n, k = scores.shape
    result = st.friedmanchisquare(*scores.T)
    ranks = np.mean([st.rankdata(row) for row in scores], axis=0)
    q_alpha = float(st.studentized_range.ppf(1 - ALPHA, k, np.inf)) / math.sqrt(2)
    return {"puzzles": n, "statistic": _finite(result.statistic),
            "p": _finite(result.pvalue) if _finite(result.pvalue) is not None else 1.0,
            "ranks": dict(zip(labels, map(float, ranks))), "q_alpha": q_alpha,
            "critical_difference": q_alpha * math.sqrt(k * (k + 1) / (6 * n))}


def friedman(groups: dict[str, list[dict]], horizon: float, time: str = "seconds") -> dict | None:
    """With three entries or more, Friedman's test over the puzzles every entry ran, on each
    entry's restricted mean time per puzzle; None with fewer entries, a reason with fewer
    than two such puzzles."""
    if len(groups) < 3:
        return None
    puzzles, scores = puzzle_scores(groups, horizon, time)
    if len(puzzles) < 2:
        return {"puzzles": len(puzzles), "reason": "Friedman's test needs two puzzles or more that every entry ran"}
    return friedman_figures(list(groups), scores)


def friedman_sentence(f: dict) -> str:
    """Friedman's result in one sentence (or why there is none), as bench and the page say it."""
    if "reason" in f:
        return f"{f['reason']}."
    ranks = ", ".join(f"{label} {rank:.2f}" for label, rank in sorted(f["ranks"].items(), key=lambda kv: kv[1]))
    return (f"Friedman's test over {f['puzzles']} puzzles (on each entry's restricted mean time): chi-square "
            f"{f['statistic']:.2f}, {fmt_p(f['p'])}; average ranks {ranks}; critical difference "
            f"{f['critical_difference']:.2f} (Nemenyi, Demšar 2006).")


def horizon_of(groups: dict[str, list[dict]], limit: float | None, time: str = "seconds") -> float:
    """The time the restricted mean is taken to: the runs' limit in that measure (the time limit,
    or the evaluation budget), else the longest judged run."""
    if limit:
        return float(limit)
    return max((r[time] for rs in groups.values() for r in judged(rs)), default=0.0)


def _adjust(pairs: list[dict], test: str) -> None:
    for pair, p in zip(pairs, holm([pair[test]["p"] for pair in pairs])):
        pair[test]["p_holm"] = p


def compare(groups: dict[str, list[dict]], limit: float | None = None, time: str = "seconds") -> dict | None:
    """The statistics of an experiment's entries (records grouped by entry label, two or more;
    None for fewer): each entry's figures, each pair's tests, Holm-adjusted per family (success,
    log-rank), effect sizes, run counts and sentence, and with three or more Friedman's test.
    Time to solve is the records' `time` field (`seconds`; `evaluations` counts it load-free, as
    a tune's held-out test does), `limit` the runs' budget in it (the time limit, by default)."""
    if len(groups) < 2:
        return None
    horizon = horizon_of(groups, limit, time)
    entries = {label: entry_figures(label, rs, horizon, time) for label, rs in groups.items()}
    pairs = [pair_figures(la, groups[la], lb, groups[lb], time) for la, lb in combinations(groups, 2)]
    _adjust(pairs, "success")
    _adjust(pairs, "logrank")
    for pair in pairs:
        ea, eb = entries[pair["first"]], entries[pair["second"]]
        pair["runs_needed"], pair["runs_needed_for"] = runs_needed(ea["rate"], eb["rate"], pair["a12_time"], len(pairs))
        pair["sentence"] = sentence(pair, ea, eb)
    ranked = friedman(groups, horizon, time)
    if ranked:
        ranked["sentence"] = friedman_sentence(ranked)
    return {"alpha": ALPHA, "time": time, "horizon": horizon, "entries": list(entries.values()), "pairs": pairs,
            "friedman": ranked}

"""sudoku_lab.stats, held to the cases the page's static/rules/stats.js is also held to."""

import json

import pytest
from hypothesis import given, strategies as st

from conftest import ROOT
from sudoku_lab import stats

CASES = json.loads((ROOT / "tests" / "stats_cases.json").read_text())


def close(a, b):
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return (a is None and b is None) or abs(a - b) < 1e-12


@pytest.mark.parametrize("case", CASES["wilson"])
def test_wilson(case):
    assert close(stats.wilson(case["k"], case["n"]), case["out"])


@pytest.mark.parametrize("case", CASES["quantile"])
def test_quantile(case):
    assert close(stats.quantile(case["xs"], case["q"]), case["out"])


@pytest.mark.parametrize("case", CASES["ecdf"])
def test_ecdf(case):
    assert close([list(p) for p in stats.ecdf(case["xs"], case["total"])], case["out"])


@pytest.mark.parametrize("case", CASES["tally"])
def test_tally(case):
    assert stats.tally(case["records"]) == case["out"]


def test_the_bench_summary_reports_the_one_success_rate():
    from sudoku_lab.bench import summarise
    rec = {"iterations": 5, "evaluations": 9, "seconds": 0.5, "restarts": 0}
    records = [{**rec, "solved": True, "stop_reason": "solved"}, {**rec, "solved": False, "stop_reason": "budget"},
               {**rec, "solved": False, "stop_reason": "error"}]
    s = summarise(records)
    assert (s["runs"], s["solved"], s["errors"], s["success_rate"]) == (3, 1, 1, 0.5)


@given(st.integers(0, 500), st.integers(1, 500))
def test_the_interval_holds_the_rate(k, n):
    k = min(k, n)
    lo, hi = stats.wilson(k, n)
    assert 0 <= lo <= k / n <= hi <= 1


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=50), st.floats(0, 1))
def test_quantile_matches_numpy(xs, q):
    import numpy as np
    assert stats.quantile(xs, q) == pytest.approx(float(np.quantile(xs, q)), rel=1e-9, abs=1e-9)

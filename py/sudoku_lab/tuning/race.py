"""One race (an F-race, Birattari et al. 2002, as irace runs it): the live configurations run on
one instance after another, and after the first T_FIRST instances, then every T_EACH, a test
eliminates those shown worse (docs/design.md, "Tuning by racing": Method).

With three or more alive, Friedman's test (scipy's ``friedmanchisquare``) and, when it rejects,
Conover's comparisons of each rank sum with the best (Conover, *Practical Nonparametric
Statistics*, 3rd ed. 1999, pp. 369–371; irace's ``aux2.friedman``), on scipy's t distribution;
with two, Wilcoxon's signed-rank test (scipy's ``wilcoxon``). Written here is only Conover's
critical difference, which scipy has not.

A run's cost on an instance is load-free: solved before unsolved, solved runs by the evaluations
they needed, unsolved ones by their final clashes (censored at the budget, never taken as solved
at it)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Sequence

import numpy as np

from ..comparison import _finite
from ..scipy_stats import stats as st

ALPHA = 0.05          # irace's confidence 0.95
T_FIRST = 5           # instances before the first test (irace's firstTest)
T_EACH = 1            # instances between two tests (irace's eachTest)


def run_cost(rec: dict[str, Any]) -> tuple[int, int]:
    """A run's place on its instance, lower the better: (0, evaluations) solved, (1, clashes) not."""
    return (0, int(rec["evaluations"])) if rec["solved"] else (1, int(rec["conflicts"]))


def block_ranks(costs: Sequence[Sequence[tuple[int, int]]]) -> np.ndarray:
    """Ranks within each instance (rows instances, columns configurations; ties share the mean
    rank, scipy's ``rankdata``)."""
    rows = []
    for row in costs:
        order = {c: i for i, c in enumerate(sorted(set(row)))}
        rows.append(st.rankdata([order[c] for c in row]))
    return np.array(rows, dtype=float)


def conover(ranks: np.ndarray, alpha: float = ALPHA) -> dict[str, Any]:
    """Conover's comparisons after Friedman's test on a blocks × treatments table of ranks: the
    rank sums R, and the least difference of two rank sums that is significant,
    t_(1−α/2, (n−1)(k−1)) · √(2 (n·A − ΣR²) / ((n−1)(k−1))), A the sum of every squared rank."""
    n, k = ranks.shape
    sums = ranks.sum(axis=0)
    dof = (n - 1) * (k - 1)
    spread = 2 * (n * float((ranks ** 2).sum()) - float((sums ** 2).sum())) / dof
    return {"rank_sums": sums, "critical": float(st.t.ppf(1 - alpha / 2, dof)) * math.sqrt(max(spread, 0.0)),
            "scale": math.sqrt(max(spread, 0.0)), "dof": dof}


def conover_pvalues(ranks: np.ndarray) -> np.ndarray:
    """Two-sided p of every pair's rank-sum difference by Conover's t statistic (no correction)."""
    c = conover(ranks)
    diff = np.abs(c["rank_sums"][:, None] - c["rank_sums"][None, :])
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(c["scale"] > 0, diff / c["scale"], 0.0)
    return 2 * st.t.sf(t, c["dof"])


def test_alive(ranks: np.ndarray, alpha: float = ALPHA) -> dict[str, Any]:
    """The test of one step of a race on its table of ranks: which columns are shown worse than
    the best, with the test's name, statistic and p."""
    n, k = ranks.shape
    sums = ranks.sum(axis=0)
    best = int(np.argmin(sums))
    if k == 2:
        diff = ranks[:, 0] - ranks[:, 1]
        if not np.any(diff):
            return {"test": "wilcoxon", "statistic": None, "p": 1.0, "worse": []}
        result = st.wilcoxon(ranks[:, 0], ranks[:, 1])
        p = _finite(result.pvalue)
        worse = [1 - best] if p is not None and p < alpha else []
        return {"test": "wilcoxon", "statistic": _finite(result.statistic), "p": p, "worse": worse}
    if np.all(ranks == ranks[:, :1]):           # every instance a tie: nothing to test
        return {"test": "friedman", "statistic": None, "p": 1.0, "worse": []}
    result = st.friedmanchisquare(*ranks.T)
    p = _finite(result.pvalue)
    worse = []
    if p is not None and p < alpha:
        critical = conover(ranks, alpha)["critical"]
        worse = [j for j in range(k) if sums[j] - sums[best] > critical]
    return {"test": "friedman", "statistic": _finite(result.statistic), "p": p, "worse": worse}


@dataclass
class Race:
    """One race of configurations (by id, elites first) over the tune's instance stream.
    `seen[c]` is how many instances an elite had run before this race (it is not eliminated
    before the race has passed them); `result(c, i)` the record of c on instance i (with the
    `iteration` it was run in), `run(pairs, iteration)` a generator that runs the (c, i) pairs that
    have no record, stepping once per run, and returns how many pairs it was given. `go` steps
    as `run` does, so a tune can be carried on in slices (tuning/sliced.py)."""

    configs: list[int]
    budget: int
    survivors: int
    seen: dict[int, int]
    result: Callable[[int, int], dict[str, Any] | None]
    run: Callable[[list[tuple[int, int]], int], Generator[None, None, int]]
    on_event: Callable[[dict[str, Any]], None]
    iteration: int = 1
    used: int = 0
    instances: int = 0
    alive: list[int] = field(default_factory=list)

    def missing(self, upto: int) -> list[tuple[int, int]]:
        """The pairs this race pays for: those without a run from an earlier race (a run of this
        race kept in a resumed trace is paid for again, so a replay spends as the first tune did)."""
        def earlier(c, i):
            rec = self.result(c, i)
            return rec is not None and rec.get("iteration", 0) < self.iteration
        return [(c, i) for i in range(self.instances, upto) for c in self.alive if not earlier(c, i)]

    def advance(self) -> Generator[None, None, bool]:
        """Run the live configurations on the next instance (the first T_FIRST at once); False
        when the race's budget cannot."""
        upto = max(self.instances + T_EACH, T_FIRST)
        todo = self.missing(upto)
        if self.used + len(todo) > self.budget:
            return False
        self.used += yield from self.run(todo, self.iteration)
        self.instances = upto
        return True

    def ranks(self) -> np.ndarray:
        return block_ranks([[run_cost(self.result(c, i)) for c in self.alive] for i in range(self.instances)])

    def test(self) -> None:
        """Test the live ones and eliminate those shown worse (an elite still protected stays)."""
        outcome = test_alive(self.ranks())
        worse = [self.alive[j] for j in outcome["worse"] if self.seen.get(self.alive[j], 0) <= self.instances]
        self.on_event({"event": "test", "iteration": self.iteration, "instances": self.instances,
                       "alive": list(self.alive), "test": outcome["test"], "statistic": outcome["statistic"],
                       "p": outcome["p"], "eliminated": worse})
        self.alive = [c for c in self.alive if c not in worse]

    def go(self) -> Generator[None, None, list[dict[str, Any]]]:
        """Race to the end; the survivors by mean rank (best first, at most `survivors`), each
        with its mean rank and the instances it ran."""
        self.alive = list(self.configs)
        while self.instances < T_FIRST or len(self.alive) > self.survivors:
            if not (yield from self.advance()):
                break
            if self.instances >= T_FIRST and (self.instances - T_FIRST) % T_EACH == 0 and len(self.alive) > 1:
                self.test()
        if not self.instances:
            return []
        mean = self.ranks().mean(axis=0)
        order = sorted(range(len(self.alive)), key=lambda j: (mean[j], j))[:self.survivors]
        elites = [{"id": self.alive[j], "mean_rank": float(mean[j]),
                   "runs": max(self.instances, self.seen.get(self.alive[j], 0))} for j in order]
        self.on_event({"event": "race", "iteration": self.iteration, "instances": self.instances, "runs": self.used,
                       "elites": elites})
        return elites

"""A tune's lines in words, one home for the command line and the page: each elimination, each
elite and why a tune left runs unused (:func:`.iterate.Tuner`'s `ended`) are said here; `tune`
prints them and the page's Tune fold shows them as the package gives them."""

from __future__ import annotations

from typing import Any

from ..comparison import fmt_p
from ..values import fmt

TESTS = {"friedman": "Friedman's test", "wilcoxon": "Wilcoxon's test"}


def p_words(p: float | None) -> str:
    """p as "Comparing entries" says it (comparison.fmt_p); 'p not defined' where no test was possible."""
    return "p not defined" if p is None else fmt_p(p)


def elimination(ev: dict[str, Any]) -> str:
    """A race's test that eliminated configurations (a trace's `test` event)."""
    out = ev["eliminated"]
    who = f"configuration {out[0]}" if len(out) == 1 else f"configurations {', '.join(map(str, out))}"
    return (f"Iteration {ev['iteration']}, after {ev['instances']} instances: {TESTS.get(ev['test'], ev['test'])}, "
            f"{p_words(ev['p'])}: {who} eliminated")


def elite(e: dict[str, Any], tuned: list[str]) -> str:
    """An elite (best first, numbered by its list): its tuned parameters' values, mean rank and runs."""
    values = ", ".join(f"{name} = {fmt(e['params'][name])}" for name in tuned)
    return f"configuration {e['id']}: {values or 'no parameter tuned'} · mean rank {e['mean_rank']:.2f} over {e['runs']} runs"


def race_end(ev: dict[str, Any]) -> str:
    """A race's end (a trace's `race` event): its instances, runs and elites."""
    return (f"Iteration {ev['iteration']} ends after {ev['instances']} instances and {ev['runs']} runs; "
            f"elites {', '.join(str(e['id']) for e in ev['elites'])}")


def too_few_left(iteration: int, left: int, share: int, elites: int, need: int) -> str:
    """irace's stop, "not enough budget left to race newly sampled configurations", with the numbers."""
    runs = f"{left:,} run{'s' * (left != 1)}"
    beside = f" beside the {elites} elite{'s' * (elites != 1)}" if elites else ""
    had = (f"Iteration {iteration}'s share, the {runs} left," if share == left     # the last iteration's: all
           else f"Iteration {iteration}'s share of the {runs} left, {share:,},")
    return (f"{had} had no room for a new configuration{beside} (that needs {need:,}): the tune ended with "
            f"{runs} unused; a larger budget lets it go on.")


def space_spent(iteration: int, tries: int) -> str:
    """The tune's end when no configuration not raced before could be drawn."""
    return (f"Iteration {iteration} found no configuration not raced before that the puzzles take "
            f"in {tries} draws: the space is spent, not the budget.")

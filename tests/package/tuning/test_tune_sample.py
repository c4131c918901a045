"""sudoku_lab.tuning.sample: new configurations stay in their ranges and keep their types, and the
sampling model follows irace's (López-Ibáñez et al. 2016, section 3.2)."""

import numpy as np
import pytest

from sudoku_lab import solvers
from sudoku_lab.tuning import sample, space

SPACE = space(solvers.get("hill_climb").PARAMS,
              {"w1": "-2:2.5", "plateau": "3:7", "init": "random,greedy", "w2": "-1"}, "hill_climb")


def in_space(config):
    for p in SPACE.params:
        v = config[p.name]
        if p.type == "int":
            assert type(v) is int and p.lo <= v <= p.hi
        elif p.type == "float":
            assert type(v) is float and p.lo <= v <= p.hi and round(v, 4) == v
        elif p.type == "bool":
            assert type(v) is bool
        else:
            assert v in p.choices
    assert config["w2"] == -1.0


def test_uniform_draws_stay_in_range_and_keep_their_types():
    rng = np.random.default_rng(1)
    drawn = [sample.uniform(SPACE, rng) for _ in range(400)]
    for config in drawn:
        in_space(config)
    assert {c["plateau"] for c in drawn} == {3, 4, 5, 6, 7}           # both ends are reached
    assert {c["post_swap"] for c in drawn} == {False, True}


@pytest.mark.parametrize("shrink", [1.0, 0.01])
def test_draws_around_an_elite_stay_in_range_and_keep_their_types(shrink):
    rng = np.random.default_rng(2)
    elite = {"w1": 2.4, "w2": -1.0, "plateau": 7, "post_swap": True, "init": "greedy", "propagate": False}
    model = sample.Model.initial(SPACE)
    model.sd = {k: v * shrink for k, v in model.sd.items()}
    drawn = [sample.around(elite, model, SPACE, rng) for _ in range(300)]
    for config in drawn:
        in_space(config)
    if shrink == 1.0:
        assert {c["plateau"] for c in drawn} == {3, 4, 5, 6, 7}        # an int drawn on [lo, hi + 1), floored
    else:
        assert all(abs(c["w1"] - 2.4) < 0.2 for c in drawn)


def test_the_model_shrinks_and_moves_toward_the_elite_as_irace_does():
    """sd × (1/N_new)^(1/N_param); p × (1 − (j − 1)/N_iter), plus (j − 1)/N_iter on the elite's value."""
    model = sample.Model.initial(SPACE)
    assert model.sd["w1"] == pytest.approx(2.25)
    elite = {"w1": 0.0, "plateau": 5, "init": "greedy", "post_swap": False, "propagate": True, "w2": -1.0}
    updated = model.updated(elite, SPACE, 3, 4, 6)
    n = len(SPACE.params)
    assert updated.sd["w1"] == pytest.approx(2.25 * (1 / 6) ** (1 / n))
    assert updated.probs["init"] == pytest.approx([0.5 * 0.5, 0.5 * 0.5 + 0.5])      # choices: random, greedy
    assert updated.probs["post_swap"] == pytest.approx([0.75, 0.25])


def test_parents_are_picked_by_irace_s_rank_weights():
    assert list(sample.parent_weights(3)) == pytest.approx([3 / 6, 2 / 6, 1 / 6])
    rng = np.random.default_rng(0)
    picks = np.bincount([sample.pick_parent(3, rng) for _ in range(3000)], minlength=3) / 3000
    assert picks == pytest.approx([0.5, 1 / 3, 1 / 6], abs=0.03)

"""sudoku_lab.tuning.space: the parameter space from a solver's specs, narrowed by the user; bad
input is one line naming the field."""

import pytest

from sudoku_lab import solvers
from sudoku_lab.tuning import Param, TuneError, space

HILL = solvers.get("hill_climb").PARAMS


def test_every_parameter_is_tuned_over_its_specs_range_by_default():
    s = space(HILL, {}, "hill_climb")
    by_name = {p.name: p for p in s.params}
    assert by_name["w1"] == Param("w1", "float", 1.0, -10, 10)
    assert by_name["plateau"] == Param("plateau", "int", 10, 1, 10000)
    assert by_name["init"].choices == ("greedy", "random")
    assert by_name["post_swap"].choices == (False, True)
    assert s.fixed == {}


def test_the_user_narrows_a_range_picks_values_or_fixes_a_parameter():
    s = space(HILL, {"plateau": "5:50", "init": "random", "w1": "0.5:1.5", "propagate": "true,false"}, "hill_climb")
    by_name = {p.name: p for p in s.params}
    assert (by_name["plateau"].lo, by_name["plateau"].hi) == (5, 50)
    assert (by_name["w1"].lo, by_name["w1"].hi) == (0.5, 1.5)
    assert by_name["propagate"].choices == (True, False)
    assert s.fixed == {"init": "random"}
    assert s.defaults()["init"] == "random" and s.defaults()["plateau"] == 10
    assert s.contains(s.defaults())
    assert not s.contains({**s.defaults(), "plateau": 51})


@pytest.mark.parametrize("given, message", [
    ({"nope": "1"}, "--param nope: hill_climb has no parameter 'nope'; it has: w1, w2, plateau, post_swap, init, propagate"),
    ({"plateau": "0:50"}, "--param plateau: parameter 'plateau' must be between 1 and 10000; got 0"),
    ({"w1": "2:1"}, "--param w1: lo must not be above hi; got 2:1"),
    ({"init": "greedy,best"}, "--param init: parameter 'init' must be one of greedy, random; got 'best'"),
    ({"init": "greedy:random"}, "--param init: a choice parameter is narrowed as init=a,b,c; got 'greedy:random'"),
    ({"plateau": "x:9"}, "--param plateau: parameter 'plateau' must be a whole number; got 'x'"),
])
def test_bad_input_is_one_line_naming_the_field(given, message):
    with pytest.raises(TuneError) as caught:
        space(HILL, given, "hill_climb")
    assert str(caught.value) == message


def test_nothing_left_to_tune_is_refused():
    fixed = {p["name"]: str(p["default"]).lower() for p in HILL}
    with pytest.raises(TuneError, match="nothing left to tune"):
        space(HILL, fixed, "hill_climb")

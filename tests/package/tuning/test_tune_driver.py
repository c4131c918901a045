"""sudoku_lab.tuning.driver: a seeded tune replays exactly, a resumed tune (its trace cut halfway)
ends as an uninterrupted one, the link runs the best, the held-out test uses part 1's
statistics. Small: 9×9 puzzles, hill_climb, 3,000 evaluations a run."""

import json

import pytest

from sudoku_lab import bench, links, solvers
from sudoku_lab.grid import parse
from sudoku_lab.run import Budget, Run
from sudoku_lab.tuning import TuneInput, space, tune

PUZZLES = bench.generated_puzzles(["9:0.3:0.3:0.05"], 6, 0)
SPACE = space(solvers.get("hill_climb").PARAMS, {"w1": "-2:2", "plateau": "1:50", "init": "greedy",
                                                 "propagate": "false", "post_swap": "true", "w2": "-1"}, "hill_climb")


def given(seed=1, budget=150):
    return TuneInput("hill_climb", SPACE, PUZZLES, 3000, budget, seed)


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    out = tmp_path_factory.mktemp("tune") / "trace.jsonl"
    return tune(given(), out=str(out)), out


def test_a_seeded_tune_replays_with_the_same_elites_and_eliminations(first):
    result, _ = first
    again = tune(given())
    assert again["elites"] == result["elites"]
    assert again["trace"] == result["trace"]
    assert any(e["event"] == "test" and e["eliminated"] for e in result["trace"])
    assert tune(given(seed=2))["trace"] != result["trace"]


def test_the_budget_holds_and_each_race_keeps_to_its_share(first):
    result, _ = first
    assert result["budget"]["used"] <= 150
    shares = {e["iteration"]: e["budget"] for e in result["trace"] if e["event"] == "sample"}
    spent = {e["iteration"]: e["runs"] for e in result["trace"] if e["event"] == "race"}
    assert spent and all(spent[j] <= shares[j] for j in spent)
    assert sum(spent.values()) == result["budget"]["used"]


def test_the_defaults_race_first_and_elites_come_best_first(first):
    result, _ = first
    sampled = next(e for e in result["trace"] if e["event"] == "sample")
    assert sampled["configs"][0]["params"] == {**SPACE.defaults()}
    ranks = [e["mean_rank"] for e in result["elites"]]
    assert ranks == sorted(ranks) and len(ranks) <= result["plan"]["survivors"]


def test_a_tune_resumed_from_a_trace_cut_halfway_ends_as_the_uninterrupted_one(first, tmp_path):
    result, out = first
    lines = out.read_text().splitlines()
    runs = [line for line in lines[1:] if line.startswith('{"run"')]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join([lines[0], *runs[:len(runs) // 2]]) + "\n")
    ran = []
    resumed = tune(given(), out=str(cut), resume=True, on_run=ran.append)
    assert (resumed["elites"], resumed["trace"]) == (result["elites"], result["trace"])
    assert len(ran) == len(runs) - len(runs) // 2
    assert sorted(json.loads(x)["run"]["seed"] for x in cut.read_text().splitlines()[1:] if x.startswith('{"run"')) == \
        sorted(json.loads(x)["run"]["seed"] for x in runs)


def test_a_trace_is_not_overwritten_nor_resumed_by_another_tune(first, tmp_path):
    from sudoku_lab.tuning import TuneError
    _, out = first
    with pytest.raises(TuneError, match="exists: add --resume"):
        tune(given(), out=str(out))
    with pytest.raises(TuneError, match="holds another tune"):
        tune(given(seed=5), out=str(out), resume=True)


def test_the_link_replays_the_best_configurations_run_of_the_trace(first):
    result, out = first
    best = result["elites"][0]
    link = links.decode(result["link"])
    assert not link.problems and link.max_evaluations == 3000
    params = solvers.resolve_params(solvers.get("hill_climb"), link.params)
    assert params == solvers.resolve_params(solvers.get("hill_climb"), best["params"])
    from sudoku_lab.generate import generate, parse_spec
    puzzle = generate(parse_spec(link.generator)).puzzle
    replay = Run(puzzle, "hill_climb", link.params, link.seed, Budget(max_evaluations=3000)).finish()
    traced = [json.loads(x)["run"] for x in out.read_text().splitlines() if x.startswith('{"run"')]
    mine = next(r for r in traced if r["config"] == best["id"] and r["instance"] == 0)
    assert (replay.evaluations, replay.conflicts, replay.solved) == (mine["evaluations"], mine["conflicts"], mine["solved"])


def test_the_held_out_test_sets_the_best_against_the_defaults_with_paired_statistics():
    held = bench.generated_puzzles(["9:0.45:0.45:0.05"], 3, 100)
    result = tune(given(), held_out=held, held_out_runs=3)
    h = result["held_out"]
    assert not h["same"] and h["tuned"] == solvers.resolve_params(solvers.get("hill_climb"), result["elites"][0]["params"])
    pair = h["comparison"]["pairs"][0]
    assert (pair["first"], pair["second"]) == ("tuned", "defaults")
    assert pair["success"]["test"] == "McNemar exact" and pair["success"]["pairs"] == 9
    assert pair["sentence"].endswith(".") and "tuned" in pair["sentence"]
    assert h["comparison"]["horizon"] == 3000                  # time counted in evaluations, to the budget


@pytest.mark.slow          # a local Dask cluster
def test_a_tune_on_a_local_dask_cluster_gives_the_serial_result(first):
    pytest.importorskip("dask.distributed")
    from sudoku_lab.bench import Executor
    result, _ = first
    on_cluster = tune(given(), executor=Executor(2))
    assert (on_cluster["elites"], on_cluster["trace"]) == (result["elites"], result["trace"])

"""Seconds-long smoke runs of the benchmark scripts, so CI notices when one breaks.

They check that each script runs and reports figures, never how fast anything is: speed is
measured by running the scripts themselves (docs/benchmarks.md).
"""

import ast
import json
import subprocess
import sys

import pytest

from conftest import ROOT
from sudoku_lab import solvers  # noqa: E402

pytestmark = pytest.mark.slow  # the benchmark scripts' smoke runs (build.py test --fast leaves them out)


def script(*args, timeout=300):
    r = subprocess.run([sys.executable, str(ROOT / "bench" / args[0]), *args[1:]],
                       capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def test_papers_experiment_smoke():
    out = script("papers.py", "hill_climb", "--runs", "1", "--limit", "2", "--jobs", "1", "--no-save")
    assert "| sato-01-easy | 1 | 1 |" in out and "| easy | 2 |" in out
    assert "Figure 5" in out


def test_papers_experiment_with_restarts_counts_attempts():
    out = script("papers.py", "nb_coin", "--runs", "1", "--limit", "1", "--jobs", "1", "--no-save")
    assert out.count("### nb_coin_sato6_") == 4 and "Table II" in out
    # only the experiment with restarts gets the per-attempt table: one attempt, solved
    assert out.count("solved per attempt") == 1 and "| sato-01-easy | 1 | 1 | 1.0000 |" in out


@pytest.mark.parametrize("reading", ["as_built", "lower_bound_relative", "lower_bound_0.01", "box_selection",
                                     "individual_order", "exclude_row_col", "distinct_boards"])
def test_nb_coin_readings_run(reading):
    out = script("archive/nb_coin_readings.py", reading, "--puzzle", "sato-01-easy", "--runs", "2", "--generations", "60")
    assert out.splitlines()[-1].startswith(f"sato-01-easy {reading}: ") and "/2 solved" in out


def test_nb_coin_reading_samplers_keep_givens_and_permutations():
    out = script("archive/nb_coin_readings.py", "as_built", "--puzzle", "sato-106-difficult", "--check-samplers")
    assert "samplers keep the givens and every box a permutation" in out


def test_domain_reduction_table():
    out = script("domain_reduction.py")
    rows = [line for line in out.splitlines() if line.startswith("| sato") or line.startswith("| ai")]
    assert len(rows) == 7 and all("%" in r for r in rows)


@pytest.mark.browser
def test_throughput_smoke():
    out = script("throughput.py", "--seconds", "0.3", "--solver", "hill_climb", "--solver", "nb_coin", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["solver"] for r in rows] == ["hill_climb", "nb_coin"]
    assert all(r["native"] > 0 and r["browser"] > 0 for r in rows)


@pytest.mark.browser
def test_page_perf_smoke():
    result = json.loads(script("page_perf.py", "--run-seconds", "0.5", "--step-seconds", "0.5", "--json"))
    cold, cached = result["cold"], result["cached"]
    assert cold["ready_ms"] > 0 and cached["ready_ms"] > 0 and cold["first_contentful_paint_ms"] > 0
    assert cold["stop_latency_ms"] > 0 and cold["progress_frames_per_s"] > 0
    assert cold["paint_ms_max"] >= cold["paint_ms_median"] > 0            # animation frames were timed
    steps = {r["solver"]: r for r in result["longest_steps"]}
    assert set(steps) == set(solvers.REGISTRY)                             # every solver's longest step
    assert all(r["browser_ms"] > 0 and r["native_ms"] > 0 for r in steps.values()), result["longest_steps"]
    assert steps["gp_moves"]["params"] == {"population": 20_000, "max_length": 500}


@pytest.mark.browser
def test_wasm_compare_times_a_snippet_both_ways():
    out = script("wasm_compare.py", "bench/snippets/cumulative_sums.py").splitlines()
    assert [line.split()[0] for line in out] == ["native", "pyodide"]
    for line in out:
        figures = ast.literal_eval(line.split(None, 1)[1])
        assert set(figures) == {"matrix_product", "cumsum_last_axis", "adds_values_first"}
        assert all(v > 0 for v in figures.values())


def test_dask_scaling_smoke():
    result = json.loads(script("dask_scaling.py", "--quick", "--json"))
    assert [r["batch"] for r in result["scaling"]] == ["short runs", "long runs"]
    assert all(r["runs_per_s_1"] > 0 and r["runs_per_s_2"] > 0 for r in result["scaling"])
    assert result["table_ii"]["cpu_hours_upper"] > 0 and set(result["table_ii"]["wall_hours"]) == {"1", "8", "100"}


def test_exact_speed_smoke():
    out = script("exact_speed.py", "--no-browser")
    assert "| top95.txt | 95 |" in out and "25×25 (planetsudoku), natively" in out


def test_papers_full_prints_an_estimate_first():
    out = script("papers.py", "nb_coin", "--full", "--only", "nb_coin_sato6_mean", "--limit", "1", "--runs", "2",
                 "--yes", "--no-save", "--jobs", "1")
    assert "CPU-hours" in out and "| sato-01-easy | 2 | 2 |" in out


@pytest.mark.browser
def test_compare_perf_smoke():
    """Four loads of Python, not nine: a throughput page on its own worker alone, the memory read
    on a page with its own worker alone, a race of two lanes (one lane shows no lanes). The script
    reads W workers' figures as it reads one's; a pool's further workers are tested in
    tests/browser/experiment."""
    result = json.loads(script("compare_perf.py", "--runs", "1", "--max-steps", "50", "--race-seconds", "1",
                               "--workers", "1", "--pools", "1", "--lanes", "2", "--json"))
    assert [r["workers"] for r in result["throughput"]] == [1]
    assert all(r["runs"] == 40 and r["runs_per_second"] > 0 for r in result["throughput"])
    assert [m["pool_workers"] for m in result["memory"]] == [0, 1]
    assert result["race"]["lanes"] == 2 and result["race"]["stop_all_ms"] > 0
    assert result["race"]["start_ms"] > 0 and result["race"]["start_longest_task_ms"] >= 0
    assert all(r["longest_task_ms"] >= 0 and r["long_tasks"] >= 0 for r in result["throughput"])


def test_phase_plot_draws_both_plots_and_prints_the_table(tmp_path):
    out = tmp_path / "phase.jsonl"
    r = subprocess.run([sys.executable, "-m", "sudoku_lab", "bench", "--generate", "9:0.3:0.5:0.2", "--instances", "2",
                        "--solver", "hill_climb", "--solver", "nb_coin", "--runs", "2", "--max-iterations", "150",
                        "--out", str(out), "--quiet"], capture_output=True, text=True, timeout=300, cwd=ROOT / "py")
    assert r.returncode == 0, r.stderr[-2000:]
    text = script("phase_plot.py", str(out), "--out-dir", str(tmp_path / "img"), "--prefix", "t")
    for kind in ("success", "time"):
        png = (tmp_path / "img" / f"t_{kind}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000
    records = [json.loads(x) for x in out.read_text().splitlines()[1:]]
    for solver in ("hill_climb", "nb_coin"):
        for p in ("0.3", "0.5"):
            mine = [r for r in records if r["solver"] == solver and r["name"].startswith(f"9:{p}:")]
            solved = sum(r["solved"] for r in mine)
            assert f"| `{solver}` | 9 | {p} | 4 | {solved} | {100 * solved / 4:.0f} % |" in text
    assert "| p | `hill_climb` | `nb_coin` |" in text


def test_alldiff_ls_basin_reports_a_stalled_state_and_a_solved_run():
    # 0.05 CPU s is far too short for a 25×25 in the hard band; a 9×9 is solved at once
    out = script("alldiff_ls_basin.py", "--size", "25", "--p", "0.45", "--instances", "1", "--seconds", "0.05")
    assert out.startswith("25:0.45:0  unsolved after ") and "a solution agreeing with the rest: " in out
    assert "open cells differing from the instance's grid: " in out
    out = script("alldiff_ls_basin.py", "--size", "9", "--p", "0.4", "--instances", "1", "--seconds", "5")
    assert out.startswith("9:0.4:0  solved in ")


def test_alldiff_ls_repair_runs_the_plain_and_the_repairing_variant_in_one_sweep():
    out = script("alldiff_ls_repair.py", "--size", "16", "--p", "0.4", "--first", "0", "--instances", "1",
                 "--moves", "20000", "--variants", "0", "200:values", "--jobs", "1", "--param", "episode=500")
    assert "16:0.4:0 seed 1 variant=0: solved=" in out and "16:0.4:0 seed 1 variant=200:values: solved=" in out
    assert "SUMMARY 16x16 p=0.4 variant=200:values: solved " in out and "proved none " in out


def test_table_turns_a_results_file_into_a_table():
    out = script("table.py", "bench/results/hill_climb_papers.jsonl")
    assert "| sato-01-easy | 10 | 10 |" in out and "| ai-escargot | 10 | 10 |" in out


def test_generate_speed_smoke():
    out = script("generate_speed.py", "--seeds", "2", "--unique-seeds", "1", "--sizes", "4,9", "--unique-sizes", "4")
    assert "| 9:0.45:0…1 | 2 |" in out and "| 4:0.45:0…0:unique | 1 |" in out


def test_rating_agreement_smoke():
    out = script("rating_agreement.py", "--no-pillay", "--no-timing")
    assert "| easy | 100 | 100 |" in out and "| diabolical | 100 |" in out


def test_sizes_longest_step_smoke():
    out = script("sizes_longest_step.py", "--seconds", "0.3", "--solver", "hill_climb", "--size", "9")
    assert "| hill_climb | 9 |" in out


def test_tabu_speed_smoke():
    out = script("tabu_speed.py", "--iterations", "20", "--instances", "1", "--sizes", "9,16")
    assert "| 9×9 | ai-escargot+1 | 20 |" in out and "| 16×16 | 16:0.3:0 | 20 |" in out


def test_acs_speed_rate_and_solve_smoke():
    assert "| 9×9 | 0.45 | 2 | 2 |" in script("acs_speed.py", "rate", "--sizes", "9", "--iterations", "2")
    out = script("acs_speed.py", "solve", "--size", "9", "--p", "0.45", "--instances", "1", "--seconds", "5")
    assert "| 9×9 | 0.45 | 37 | 1/1 |" in out


def test_alldiff_ls_goals_and_speed_smoke():
    out = script("alldiff_ls_goals.py", "--size", "16", "--p", "0.45", "--instances", "1", "--seconds", "5")
    assert "SUMMARY alldiff_ls 16x16 p=0.45: solved 1/1" in out
    out = script("alldiff_ls_goals.py", "--size", "16", "--p", "0.45", "--instances", "1", "--workers", "1", "2",
                 "--moves", "400000", "--exchange", "2000")
    assert "RATIO moves per worker, 1 worker(s) / 2 workers, instances solved both ways (1/1): median " in out
    out = script("alldiff_ls_speed.py", "--sizes", "25", "--walkers", "1", "4", "--seconds", "0.3", "--skip", "2")
    assert "25x25 K=1: " in out and "25x25 K=4: " in out


def test_alldiff_ls_moves_smoke():
    out = script("alldiff_ls_moves.py", "--size", "16", "--p", "0.4", "--instances", "2", "--seeds", "1",
                 "--moves", "200000", "--jobs", "1", "--param", "walkers=4")
    assert "16:0.4:0 seed 1: solved" in out and "16x16 p=0.4 params={'walkers': 4} workers=1: 2/2 solved" in out
    assert "; ;" not in out                                # no empty part where no threshold fits the budget


def test_portfolio_takes_the_fastest_of_each_group_of_seeds(tmp_path):
    """Four runs of one puzzle (4 s, 1 s, unsolved, 2 s; a 5-s budget): two-worker portfolios
    are seeds {0, 1} → 1 s and {2, 3} → 2 s; a four-worker one is 1 s."""
    out = tmp_path / "runs.jsonl"
    rows = [{"experiment": {"budget": {"max_seconds": 5}, "clock": "cpu"}}]
    for seed, t in enumerate([4.0, 1.0, None, 2.0]):
        rows.append({"puzzle": 0, "solver": "hill_climb", "seed": seed, "solved": t is not None,
                     "seconds": 5.0 if t is None else t})
    out.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    text = script("portfolio.py", str(out), "--workers", "2", "4")
    assert "| runs.jsonl (cpu) | hill_climb | 3/4, 3 | 2/2, 1.5 | 0.50 | 1/1, 1 | 0.33 |" in text


def test_portfolio_barriers_steps_the_members_through_the_rule():
    """top95-1 with alldiff_tabu, seeds 0 and 1: seed 0 solves at iteration 511, so the portfolio
    of the two ends at the barrier at 600 iterations (x = 100) per member, won by seed 0's own 511."""
    text = script("portfolio_barriers.py", "puzzles/top95.txt", "--limit", "1", "--seeds", "2",
                  "--solver", "alldiff_tabu", "--cpu", "5", "--exchange", "100")
    row = next(line for line in text.splitlines() if line.startswith("| alldiff_tabu | 100 |"))
    assert "| 1/1, 600 |" in row and row.rstrip().split("|")[-3].strip() == "511"


def test_acs_step_cost_the_plain_python_construction_gives_the_solvers_runs():
    """The plain-Python construction the figures compare against makes the same final masks and
    pheromone as the solver's own, at 9×9 and 16×16 (two iterations each, global update included)."""
    text = script("acs_step_cost.py", "lists", "--rows", "9:0", "16:0.4", "--iterations", "2")
    rows = [line for line in text.splitlines() if line.startswith(("| 9×9 |", "| 16×16 |"))]
    assert len(rows) == 2 and all(row.rstrip().endswith("| yes |") for row in rows)


def test_table_reads_a_bench_json_output_that_ends_with_its_comparison(tmp_path):
    """bench --json of several entries ends with {"comparison": …} (docs/design.md, "Comparing
    entries"), as the page's export does: table.py tabulates the runs and leaves it out."""
    out = tmp_path / "two.jsonl"
    run = {"name": "a", "solved": True, "iterations": 5, "seconds": 1.0, "conflicts": 0, "restarts": 0}
    out.write_text("\n".join(json.dumps(x) for x in (run, {"summary": True, "entry": "x"}, {"comparison": {}})) + "\n")
    assert script("table.py", str(out)).splitlines()[-1].startswith("| a | 1 | 1 | 0.00 |")

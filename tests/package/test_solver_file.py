"""A visitor's solver file (solver_file.py): loaded through the run protocol, its errors named by
line in its own text, its claims verified, its records naming the file and the hash of its text."""

import hashlib
import json

import numpy as np
import pytest

from conftest import ROOT
from package.test_cli import cli
from sudoku_lab import bench
from sudoku_lab.exact import solve
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import SolverError
from sudoku_lab.solver_file import SolverFile, SolverFileError, load

TEMPLATES = ROOT / "py" / "sudoku_lab" / "templates"


def template(name: str) -> SolverFile:
    return SolverFile(f"{name}.py", (TEMPLATES / f"{name}.py").read_text())


@pytest.mark.parametrize("name, steps", [("min_conflicts", 20_000), ("genetic", 3_000)])
def test_the_templates_solve_a_9x9(papers, name, steps):
    for seed in (1, 2):
        r = Run(papers["sato-01-easy"], template(name).load(), {}, seed, Budget(max_iterations=steps)).finish()
        assert r.solved and r.stop_reason == "solved" and r.open_cells == 0, (seed, r.stop_reason, r.message)


def test_one_seed_makes_the_same_moves_twice(papers):
    runs = [Run(papers["sato-27-medium"], template("genetic").load(), {}, 7, Budget(max_iterations=30)) for _ in "ab"]
    traces = [[(p.iteration, p.best, p.board.tobytes()) for p in iter(r.step, None)] for r in runs]
    assert traces[0] == traces[1] and len(traces[0]) == 30


def test_its_params_are_read_by_their_rules(papers):
    module = template("min_conflicts").load()
    assert Run(papers["sato-01-easy"], module, {"noise": "0.25"}).params["noise"] == 0.25
    with pytest.raises(SolverError, match="parameter 'noise' must be between 0 and 1"):
        Run(papers["sato-01-easy"], module, {"noise": "2"})


def test_a_syntax_error_names_its_line():
    with pytest.raises(SolverFileError) as caught:
        load("mine.py", "import numpy as np\n\ndef run(puzzle, params, rng):\n    yield (\n")
    assert caught.value.line == 4
    assert str(caught.value).startswith("line 4 of mine.py: SyntaxError: ")


def test_a_run_time_error_names_its_line_and_the_next_run_works(papers):
    text = ("from sudoku_lab.protocol import Progress\n"
            "def run(puzzle, params, rng):\n"
            "    board = puzzle.cells.copy()\n"
            "    if rng.random() < 2:\n"
            "        board[3] = int(board[0]) // 0\n"
            "    yield Progress(1, 1, 0, board, {})\n")
    r = Run(papers["sato-01-easy"], load("mine.py", text)).finish()
    assert r.stop_reason == "error" and r.message.startswith("line 5 of mine.py: ")
    assert r.message.endswith("ZeroDivisionError: integer division or modulo by zero")
    fixed = load("mine.py", text.replace("int(board[0]) // 0", "board[0]"))
    again = Run(papers["sato-01-easy"], fixed, {}, 0, Budget(max_iterations=1)).finish()
    assert again.stop_reason == "budget" and again.iterations == 1


def test_an_error_at_the_top_level_names_its_line():
    with pytest.raises(SolverFileError, match=r"^line 2 of mine\.py: NameError: name 'nope' is not defined"):
        load("mine.py", "import numpy\nx = nope\ndef run(p, q, r):\n    yield\n")


@pytest.mark.parametrize("text, message", [
    ("x = 1\n", "defines no run(puzzle, params, rng)"),
    ("def run(p, q, r):\n    return 'solved'\n", "line 1 of mine.py: run must yield"),
    ("from sudoku_lab.protocol import param\nPARAMS = [param('k', 'int', 50, 'k', min=1, max=9)]\n"
     "def run(p, q, r):\n    yield\n", "its default breaks its own rule"),
    ("ID = 'hill_climb'\ndef run(p, q, r):\n    yield\n", "is a built-in solver's"),
    ("", "mine.py is empty"),
])
def test_a_text_that_breaks_the_protocol_says_what(text, message):
    with pytest.raises(SolverFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load("mine.py", text)


def _claiming(board_expr: str) -> str:
    return ("import numpy as np\nfrom sudoku_lab.protocol import Progress\n"
            "def run(puzzle, params, rng):\n"
            f"    yield Progress(1, 1, 0, {board_expr}, {{}})\n"
            "    return 'solved'\n")


def test_a_wrong_claim_is_shown_as_wrong(papers):
    p = papers["sato-01-easy"]
    s = solve(p).astype(np.int64)
    wrong = s.copy()
    row3 = wrong[18:27]
    free = [i for i in range(9) if not p.givens[18 + i]]
    wrong[18 + free[1]] = row3[free[0]]                    # row 3 now holds that value twice
    module = load("mine.py", _claiming("np.array(" + repr(wrong.tolist()) + ")"))
    r = Run(p, module).finish()
    assert r.stop_reason == "error" and not r.solved
    assert r.message == f"claimed solved, but row 3 has {int(row3[free[0]])} twice"
    empty = Run(p, load("mine.py", _claiming("puzzle.cells"))).finish()
    assert empty.message == "claimed solved, but row 1 has an empty cell" and not empty.solved
    right = Run(p, load("mine.py", _claiming("np.array(" + repr(s.tolist()) + ")"))).finish()
    assert right.solved and right.stop_reason == "solved"


def test_a_yield_that_is_not_a_board_of_the_puzzle_ends_the_run_plainly(papers):
    r = Run(papers["sato-01-easy"], load("mine.py", _claiming("[1, 2, 3]"))).finish()
    assert r.stop_reason == "error" and "has 81 values, not 3" in r.message


def test_solve_and_bench_name_the_file_and_its_hash(tmp_path, papers):
    path = tmp_path / "my_solver.py"
    text = (TEMPLATES / "min_conflicts.py").read_text()
    path.write_text(text)
    sha = hashlib.sha256(text.encode()).hexdigest()
    out = cli("solve", papers["sato-01-easy"].to_string(), "--solver-file", str(path), "--seed", "3",
              "--max-iterations", "20000", "--json")
    got = json.loads(out.stdout)
    assert (got["solver"], got["solved"], got["solver_file"], got["solver_sha256"]) == ("own", True, "my_solver.py", sha)
    native = Run(papers["sato-01-easy"], template("min_conflicts").load(), {}, 3, Budget(max_iterations=20000)).finish()
    assert (got["board"], got["iterations"]) == (native.to_json()["board"], native.iterations)

    puzzles = tmp_path / "two.txt"
    puzzles.write_text(f"{papers['sato-01-easy'].to_string()} a\n{papers['sato-11-easy'].to_string()} b\n")
    out = cli("bench", str(puzzles), "--solver", "hill_climb", "--solver-file", str(path), "--runs", "1",
              "--max-iterations", "20000", "--json")
    records = [json.loads(line) for line in out.stdout.splitlines() if '"puzzle"' in line]
    own = [r for r in records if r["solver"] == "own"]
    assert len(own) == 2 and all(r["solver_file"] == "my_solver.py" and r["solver_sha256"] == sha for r in own)
    assert all(r["solver_file"] is None and r["solver_sha256"] is None for r in records if r["solver"] == "hill_climb")
    assert tuple(own[0]) == bench.RECORD_FIELDS


def test_an_experiment_names_the_text_it_ran(papers):
    source = template("genetic")
    experiment = bench.Experiment([(papers["sato-01-easy"].to_string(), "a")], [bench.Entry("own", {"elite": "2"})],
                                  runs=1, budget=Budget(max_iterations=3), source=source)
    assert experiment.describe()["solver_sha256"] == source.sha256
    job, = experiment.jobs()
    assert job.source == source                          # the text goes with the task (to a Dask worker too)
    rec = job.run()
    assert rec["params"]["elite"] == 2 and rec["solver_sha256"] == source.sha256


def test_the_cli_refuses_own_without_a_file_in_one_line(papers):
    r = cli("solve", papers["sato-01-easy"].to_string(), "--solver", "own")
    assert r.returncode == 2 and r.stderr.strip() == "error: the solver 'own' is a solver file's: give it with --solver-file FILE"
    r = cli("solve", papers["sato-01-easy"].to_string(), "--solver-file", "/nonexistent/x.py")
    assert r.returncode == 2 and r.stderr.startswith("error: --solver-file: cannot read")


def test_the_page_s_guide_names_everything_a_solver_can_use():
    """A solver can be written from the in-page guide alone: every name of the protocol's one
    import, every attribute the loader reads, the puzzle's and the geometry's fields, Progress's
    fields and the stop reasons a solver may return."""
    import dataclasses
    import re
    from sudoku_lab import protocol, solver_file
    from sudoku_lab.grid import Geometry
    from sudoku_lab.progress import Progress
    html = (ROOT / "index.html").read_text()
    guide = re.sub(r"<[^>]+>", "", html[html.index('data-testid="own-guide"'):html.index("</details>", html.index('data-testid="own-guide"'))])
    names = [*protocol.__all__, *solver_file._OPTIONAL, "PARAMS", "OBJECTIVE", "check_params", "run(puzzle, params, rng)",
             *(f".{f.name}" for f in dataclasses.fields(Geometry) if f.name not in ("n", "N")),
             *(f.name for f in dataclasses.fields(Progress) if f.name != "overlay"),
             "puzzle.n", "puzzle.N", "puzzle.cells", "puzzle.givens", "read-only", "dict", "conflicts(boards, n)",
             "fill_boxes(puzzle, rng)", "clashing_cells(board, n)", '"solved"', '"stalled"', '("unsolvable", "why")',
             '"direction"', '"best"', "no network"]
    missing = [n for n in names if n not in guide and n not in ("Puzzle", "VIEWS", "SERIES_AXES")]
    assert not missing, missing


def _two_files(tmp_path):
    paths = []
    for name in ("min_conflicts", "genetic"):
        path = tmp_path / f"{name}.py"
        path.write_text((TEMPLATES / f"{name}.py").read_text())
        paths.append(path)
    return paths, [hashlib.sha256(p.read_text().encode()).hexdigest() for p in paths]


def test_bench_runs_each_solver_file_as_an_entry_of_its_own(tmp_path, papers):
    paths, shas = _two_files(tmp_path)
    puzzles = tmp_path / "one.txt"
    puzzles.write_text(f"{papers['sato-01-easy'].to_string()} a\n")
    out = cli("bench", str(puzzles), "--solver", "hill_climb", "--solver-file", str(paths[0]), "--solver-file",
              str(paths[1]), "--runs", "2", "--max-iterations", "50", "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    records = [r for r in lines if "puzzle" in r]
    by_text = {(r["solver"], r["solver_file"], r["solver_sha256"]) for r in records}
    assert by_text == {("hill_climb", None, None), ("own", "min_conflicts.py", shas[0]), ("own", "genetic.py", shas[1])}
    assert len(records) == 6 and all(tuple(r) == bench.RECORD_FIELDS for r in records)
    entries = [r["entry"].split(":")[0] for r in lines if r.get("summary")]     # a record holds no text: all its params
    assert entries == ["hill_climb", f"own@{shas[0][:8]}", f"own@{shas[1][:8]}"]


def test_an_entry_names_one_of_several_files_by_its_hash(tmp_path, papers):
    paths, shas = _two_files(tmp_path)
    sources = [SolverFile(p.name, p.read_text()) for p in paths]
    entries = [bench.parse_entry(f"own@{shas[1][:6]}:7:elite=2")]
    entries += bench.unnamed_entries(entries, sources)
    experiment = bench.Experiment([(papers["sato-01-easy"].to_string(), "a")], entries, runs=1,
                                  budget=Budget(max_iterations=3), sources=tuple(sources))
    got = [(e.source.name, e.seed, e.params.get("elite")) for e in experiment.entries]
    assert got == [("genetic.py", 7, 2), ("min_conflicts.py", 0, None)]
    assert len({job.key() for job in experiment.jobs()}) == 2          # two texts, two runs: resume tells them apart
    assert [f["solver_sha256"] for f in experiment.describe()["solver_files"]] == shas   # in the order given
    recs = [job.run() for job in experiment.jobs()]
    assert [bench.plan.record_key(r) for r in recs] == [job.key() for job in experiment.jobs()]


def test_several_files_refuse_what_is_ambiguous_in_one_line(tmp_path, papers):
    paths, shas = _two_files(tmp_path)
    twin = tmp_path / "twin.py"
    twin.write_text(paths[0].read_text())
    cells = papers["sato-01-easy"].to_string()
    puzzles = tmp_path / "one.txt"
    puzzles.write_text(f"{cells} a\n")
    files = ["--solver-file", str(paths[0]), "--solver-file", str(paths[1])]
    r = cli("bench", str(puzzles), "--solver", "own:3", *files, "--max-iterations", "5")
    assert r.returncode == 2 and r.stderr.strip() == (
        f"error: entry 1 (own): 'own' could be any of 2 solver files; name one: own@{shas[0][:8]} "
        f"(min_conflicts.py), own@{shas[1][:8]} (genetic.py)")
    r = cli("bench", str(puzzles), "--solver", "own@ffff0000", *files, "--max-iterations", "5")
    assert r.returncode == 2 and r.stderr.strip().startswith("error: entry 1 (own@ffff0000): 'own@ffff0000' is no solver file's sha256")
    r = cli("bench", str(puzzles), "--solver-file", str(paths[0]), "--solver-file", str(twin), "--max-iterations", "5")
    assert r.returncode == 2 and r.stderr.strip() == (
        f"error: --solver-file min_conflicts.py and twin.py are the same text (sha256 {shas[0][:8]}…): "
        "give it once, with more --runs")
    r = cli("solve", cells, *files)
    assert r.returncode == 2 and r.stderr.strip() == \
        "error: solve runs one solver: give --solver-file once, not 2 times (bench takes several)"

"""The exact solver: counts 0 / 1 / several correctly and its solutions verify."""

import pytest

from conftest import PAPERS, SIZES
from sudoku_lab.exact import count_solutions, solve
from sudoku_lab.grid import parse
from sudoku_lab.score import is_solution

SATO_01_SOLUTION = "549836127217954368638217954964173582872695431153428679321589746485761293796342815"


@pytest.mark.parametrize("name", list(PAPERS) + list(SIZES))
def test_every_shipped_example_has_one_verified_solution(name):
    p = parse({**PAPERS, **SIZES}[name])
    c = count_solutions(p)
    assert c.complete and c.solutions == 1
    assert is_solution(p, c.solution)


def test_known_solution():
    assert "".join(map(str, solve(parse(PAPERS["sato-01-easy"])).tolist())) == SATO_01_SOLUTION


def test_several_solutions():
    # a line of a public multi-solution benchmark (serg_benchmark): two or more solutions
    p = parse("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
    assert count_solutions(p).solutions == 2
    assert count_solutions(parse("." * 81)).solutions == 2


def test_no_solution():
    # valid givens, but r1c9 can hold nothing: 1-8 in its row and 9 in its column
    text = "12345678." + "........9" + "." * 63
    assert count_solutions(parse(text)).solutions == 0
    assert count_solutions(parse("11" + "." * 79)).solutions == 0   # clashing givens


def test_node_budget_reports_unknown_rather_than_guessing():
    c = count_solutions(parse(PAPERS["ai-escargot"]), max_nodes=5)
    assert not c.complete and c.solutions == 0
    assert count_solutions(parse(PAPERS["ai-escargot"])).complete


# ---------------------------------------------------------------- strategies (module docstring)
import numpy as np  # noqa: E402

from sudoku_lab.constraints import candidate_masks  # noqa: E402
from sudoku_lab.exact import COUNT, FILL, PLAIN, Counter, Strategy, luby  # noqa: E402
from sudoku_lab.generate import generate  # noqa: E402
from sudoku_lab.grid import Puzzle  # noqa: E402

STRATEGIES = [PLAIN, Strategy(restart_nodes=60), Strategy(restart_fails=3), Strategy(weighted=True),
              Strategy(tight_first=True), Strategy(locked=True),
              Strategy(restart_nodes=40, weighted=True, tight_first=True, cells_first=True), FILL, COUNT]
CASES = {   # puzzle -> solutions (capped at 2)
    PAPERS["ai-escargot"]: 1,
    SIZES["16x16-vukr-1"]: 1,
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532": 2,
    "12345678." + "........9" + "." * 63: 0,
    "." * 81: 2,
}


def test_luby_sequence():
    assert [luby(i) for i in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@pytest.mark.parametrize("strategy", STRATEGIES, ids=range(len(STRATEGIES)))
@pytest.mark.parametrize("seeded", [False, True])
def test_every_strategy_counts_the_same_and_its_solutions_verify(strategy, seeded):
    for text, want in CASES.items():
        p = parse(text)
        c = Counter(p, rng=np.random.default_rng(3) if seeded else None, strategy=strategy)
        c.advance()
        got = c.result()
        assert got.complete and got.solutions == want, text[:20]
        if want:
            assert is_solution(p, got.solution)


def test_restarts_keep_the_count_exact_while_searching_again():
    c = Counter(parse(PAPERS["ai-escargot"]), rng=np.random.default_rng(0), strategy=Strategy(restart_nodes=20))
    c.advance()
    assert c.attempt > 3 and c.result().solutions == 1 and c.result().complete


def test_a_seeded_search_is_the_same_search_and_other_seeds_differ():
    def fill(seed):
        c = Counter(Puzzle(3, np.zeros(81, dtype=np.int8)), limit=1, rng=np.random.default_rng(seed), strategy=FILL)
        c.advance()
        return c.result()
    a, b = fill(5), fill(5)
    assert np.array_equal(a.solution, b.solution) and a.nodes == b.nodes
    assert len({fill(s).solution.tobytes() for s in range(6)}) == 6


def test_advance_by_nodes_reads_no_clock_and_ends_where_a_single_run_ends():
    def no_clock():
        raise AssertionError("the clock was read")
    p = parse(SIZES["16x16-vukr-1"])
    c = Counter(p)
    steps = 0
    while not c.advance(nodes=10, clock=no_clock):
        steps += 1
    whole = count_solutions(p)
    assert steps > 1 and c.nodes == whole.nodes and np.array_equal(c.result().solution, whole.solution)


def test_the_verdict_tells_at_least_one_from_nothing_known():
    empty = parse("." * 81)
    first = count_solutions(empty, limit=1)
    assert first.verdict == "at least one" and first.complete    # limit 1: one found, no more asked
    c = Counter(empty, max_nodes=first.nodes)                      # budget ends right after the first
    c.advance()
    assert c.result().verdict == "at least one" and c.result().to_json() == {
        "solutions": None, "found": 1, "verdict": "at least one", "nodes": first.nodes}
    assert count_solutions(parse(PAPERS["ai-escargot"]), max_nodes=5).verdict == "unknown"
    assert count_solutions(empty).verdict == "several" and count_solutions(empty).settled == 2
    assert count_solutions(parse(PAPERS["ai-escargot"])).to_json()["verdict"] == "one"
    assert count_solutions(parse("12345678." + "........9" + "." * 63)).verdict == "none"


def test_a_result_read_before_the_end_is_not_final():
    c = Counter(parse(SIZES["16x16-vukr-1"]))
    c.advance(nodes=5)
    assert not c.done and not c.result().complete and c.result().verdict == "unknown"


@pytest.mark.parametrize("size", [9, 16, 25])
def test_locked_candidates_keep_every_choice_of_the_solution(size):
    made = generate(size, 0.5, 4)
    c = Counter(made.puzzle, strategy=Strategy(locked=True))
    c._log = []
    while c._locked():
        pass
    N = size
    alive = c.alive.reshape(N * N, N)
    open_cells = made.puzzle.cells == 0
    assert alive[open_cells, made.solution[open_cells] - 1].all()
    # it removed something, and only candidates the givens allowed
    masks = candidate_masks(made.puzzle.cells, made.puzzle.n)
    allowed = ((masks[:, None] >> np.arange(N)) & 1).astype(bool) & open_cells[:, None]
    assert not (alive & ~allowed).any() and alive.sum() < allowed.sum()


@pytest.mark.slow
def test_the_default_count_settles_a_generated_25x25_in_the_hard_band():
    made = generate(25, 0.45, 0)
    count = count_solutions(made.puzzle, limit=1)
    assert count.solutions == 1 and is_solution(made.puzzle, count.solution)

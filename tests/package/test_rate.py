"""The puzzle rating (sudoku_lab.rate): each move of the ladder on a hand-made case that needs
it, every technique against a plain one-subset-at-a-time reference, soundness against the
solution at every size, the solution count's cases, Pillay's moves adding nothing beyond the
singles, and `check` on the command line."""

import json
import os
import subprocess
import sys
from itertools import combinations

import numpy as np
import pytest

from conftest import PAPERS, ROOT, SIZES, read_puzzles
from sudoku_lab.exact import solve
from sudoku_lab.grid import Puzzle, board_to_string, geometry, parse
from sudoku_lab.moves import MOVE_CODE, Grids
from sudoku_lab.progress import PAUSE, complete
from sudoku_lab.propagate import hidden_singles, is_fixed
from sudoku_lab.rate import (MOVES, PLACING, TECHNIQUES, fish, hidden_subset, locked_candidates, logic,
                             logic_steps, naked_subset, rate, rate_steps)

BANK = read_puzzles("sudokuexchange400.txt")
FULL = (1 << 9) - 1


def bit(*values):
    return sum(1 << (v - 1) for v in values)


def cell(r, c, N=9):
    """1-based row and column, as in the docs' r3c7."""
    return (r - 1) * N + (c - 1)


def puzzle(givens: dict) -> Puzzle:
    cells = np.zeros(81, dtype=np.int8)
    for (r, c), v in givens.items():
        cells[cell(r, c)] = v
    return Puzzle(3, cells)


def open_grid():
    """A 9×9 candidate state with nothing placed and every value possible everywhere."""
    return np.full(81, FULL, dtype=np.int64), np.zeros(81, dtype=bool)


def assert_easier_moves_do_nothing(m, placed, move, n=3):
    out, failed = hidden_singles(m, n)
    assert not failed and np.array_equal(out, m), "a hidden single applies"
    assert not (is_fixed(m) & ~placed).any(), "a naked single applies"
    for name in MOVES[PLACING:MOVES.index(move)]:
        assert np.array_equal(TECHNIQUES[name](m, placed, n), m), f"{name} applies first"


# ---------------------------------------------------------------------------- the placing moves

def placed_by(result, r, c):
    i = cell(r, c)
    return int(result.values[i]), (MOVES[result.settled_by[i]] if result.settled_by[i] >= 0 else None)


def test_full_house():
    p = puzzle({(1, c): c for c in range(1, 9)})              # row 1 misses only 9, at r1c9
    assert placed_by(logic(p), 1, 9) == (9, "full_house")
    assert placed_by(logic(p, ("full_house",)), 1, 9) == (9, "full_house")
    assert placed_by(logic(p, ("hidden_single_box",)), 1, 9) == (0, None)   # box 3 has room for 9


def test_hidden_single_in_a_box_goes_before_the_same_one_in_its_row():
    # 1s in rows 2, 3 and columns 2, 3 leave r1c1 as box 1's only place for 1 (also row 1's)
    p = puzzle({(2, 4): 1, (3, 7): 1, (4, 2): 1, (7, 3): 1})
    assert placed_by(logic(p), 1, 1) == (1, "hidden_single_box")
    assert placed_by(logic(p, ("hidden_single_line",)), 1, 1) == (1, "hidden_single_line")
    assert placed_by(logic(p, ("full_house", "naked_single")), 1, 1) == (0, None)


def test_hidden_single_in_a_row():
    # row 1 holds 2..7; 1 is in columns 7 and 8, so row 1 has one place for it: r1c9;
    # box 3 still has three (r1c9, r2c9, r3c9), and r1c9 could also hold 8 or 9
    p = puzzle({**{(1, c): c + 1 for c in range(1, 7)}, (5, 7): 1, (8, 8): 1})
    assert placed_by(logic(p), 1, 9) == (1, "hidden_single_line")
    assert placed_by(logic(p, ("full_house", "hidden_single_box", "naked_single")), 1, 9) == (0, None)


def test_naked_single():
    # r1c1 sees 2..5 in its row and 6..9 in its column: 1 is all it can hold, yet 1 has
    # other places in row 1, column 1 and box 1
    p = puzzle({(1, 2): 2, (1, 3): 3, (1, 4): 4, (1, 5): 5, (4, 1): 6, (5, 1): 7, (6, 1): 8, (7, 1): 9})
    assert placed_by(logic(p), 1, 1) == (1, "naked_single")
    assert placed_by(logic(p, MOVES[:3]), 1, 1) == (0, None)


# ---------------------------------------------------------------------------- the eliminations

def test_locked_candidates_pointing_and_claiming():
    m, placed = open_grid()
    for r in (2, 3):                                  # box 1 holds 1 in row 1 only (pointing)
        for c in (1, 2, 3):
            m[cell(r, c)] &= ~bit(1)
    for c in range(4, 10):                            # row 5 holds 2 in box 4 only (claiming)
        m[cell(5, c)] &= ~bit(2)
    assert_easier_moves_do_nothing(m, placed, "locked_candidates")
    out = locked_candidates(m, placed, 3)
    want = m.copy()
    for c in range(4, 10):
        want[cell(1, c)] &= ~bit(1)
    for r in (4, 6):
        for c in (1, 2, 3):
            want[cell(r, c)] &= ~bit(2)
    assert np.array_equal(out, want)


def test_naked_pair():
    m, placed = open_grid()
    m[cell(1, 1)] = m[cell(1, 2)] = bit(1, 2)
    assert_easier_moves_do_nothing(m, placed, "naked_pair")
    out = naked_subset(m, placed, 3, 2)
    want = m.copy()
    others = [cell(1, c) for c in range(3, 10)] + [cell(r, c) for r in (2, 3) for c in (1, 2, 3)]
    want[others] &= ~bit(1, 2)                         # the pair shares row 1 and box 1
    assert np.array_equal(out, want)


def test_x_wing():
    m, placed = open_grid()
    for r in (1, 5):                                   # rows 1 and 5 hold 1 only in columns 2 and 7
        for c in set(range(1, 10)) - {2, 7}:
            m[cell(r, c)] &= ~bit(1)
    assert_easier_moves_do_nothing(m, placed, "x_wing")
    out = fish(m, placed, 3, 2)
    want = m.copy()
    for r in set(range(1, 10)) - {1, 5}:
        for c in (2, 7):
            want[cell(r, c)] &= ~bit(1)
    assert np.array_equal(out, want)


def test_hidden_pair():
    m, placed = open_grid()
    for r, c in [(1, c) for c in range(3, 10)] + [(r, c) for r in (2, 3) for c in (1, 2, 3)]:
        m[cell(r, c)] &= ~bit(1, 2)                     # 1 and 2: only r1c1 and r1c2, in row 1 and box 1
    assert_easier_moves_do_nothing(m, placed, "hidden_pair")
    out = hidden_subset(m, placed, 3, 2)
    want = m.copy()
    want[[cell(1, 1), cell(1, 2)]] = bit(1, 2)
    assert np.array_equal(out, want)


def test_naked_triple():
    m, placed = open_grid()
    m[cell(1, 1)], m[cell(1, 4)], m[cell(1, 7)] = bit(1, 2), bit(2, 3), bit(1, 3)
    assert_easier_moves_do_nothing(m, placed, "naked_triple")
    out = naked_subset(m, placed, 3, 3)
    want = m.copy()
    for c in (2, 3, 5, 6, 8, 9):
        want[cell(1, c)] &= ~bit(1, 2, 3)
    assert np.array_equal(out, want)


def test_swordfish():
    m, placed = open_grid()
    keep = {1: (1, 4), 5: (4, 7), 9: (1, 7)}           # 1 in rows 1, 5, 9: columns 1, 4, 7 between them
    for r, cols in keep.items():
        for c in set(range(1, 10)) - set(cols):
            m[cell(r, c)] &= ~bit(1)
    assert_easier_moves_do_nothing(m, placed, "swordfish")
    out = fish(m, placed, 3, 3)
    want = m.copy()
    for r in set(range(1, 10)) - set(keep):
        for c in (1, 4, 7):
            want[cell(r, c)] &= ~bit(1)
    assert np.array_equal(out, want)


def test_hidden_triple():
    m, placed = open_grid()
    for c in (2, 3, 5, 6, 8, 9):                       # 1, 2, 3 in row 1: only r1c1, r1c4, r1c7
        m[cell(1, c)] &= ~bit(1, 2, 3)
    assert_easier_moves_do_nothing(m, placed, "hidden_triple")
    out = hidden_subset(m, placed, 3, 3)
    want = m.copy()
    want[[cell(1, 1), cell(1, 4), cell(1, 7)]] = bit(1, 2, 3)
    assert np.array_equal(out, want)


# ------------------------------------------------- every technique against a plain reference

def _reference(m, placed, n, name):
    """The technique as its definition reads, one unit (or value) and one subset at a time;
    every finding is taken from the same masks, as the vectorised form does."""
    g = geometry(n)
    N = g.N
    has = lambda c, v: not placed[c] and (int(m[c]) >> v) & 1
    kill = np.zeros(N * N, dtype=np.int64)
    pop = lambda x: bin(int(x)).count("1")
    if name == "locked_candidates":
        lines = list(g.rows) + list(g.cols)
        for box in g.boxes:
            for line in lines:
                inside = set(box.tolist()) & set(line.tolist())
                if not inside:
                    continue
                for v in range(N):
                    if any(has(c, v) for c in inside):
                        if not any(has(c, v) for c in set(box.tolist()) - inside):      # pointing
                            for c in set(line.tolist()) - inside:
                                kill[c] |= 1 << v
                        if not any(has(c, v) for c in set(line.tolist()) - inside):     # claiming
                            for c in set(box.tolist()) - inside:
                                kill[c] |= 1 << v
    elif name.startswith("naked"):
        k = 2 if name.endswith("pair") else 3
        for unit in g.units.tolist():
            small = [c for c in unit if not placed[c] and 2 <= pop(m[c]) <= k]
            for cs in combinations(small, k):
                union = int(np.bitwise_or.reduce(m[list(cs)]))
                if pop(union) == k:
                    for c in set(unit) - set(cs):
                        kill[c] |= union
    elif name.startswith("hidden"):
        k = 2 if name.endswith("pair") else 3
        for unit in g.units.tolist():
            places = {v: {c for c in unit if has(c, v)} for v in range(N)}
            small = [v for v in range(N) if 2 <= len(places[v]) <= k]
            for vs in combinations(small, k):
                cells = set().union(*(places[v] for v in vs))
                if len(cells) == k:
                    for c in cells:
                        kill[c] |= FULL_OF(N) & ~sum(1 << v for v in vs)
    else:                                                         # fish
        k = 2 if name == "x_wing" else 3
        for base, cover in ((g.rows, g.cols), (g.cols, g.rows)):
            for v in range(N):
                spots = [{j for j, c in enumerate(line.tolist()) if has(c, v)} for line in base]
                small = [i for i in range(N) if 2 <= len(spots[i]) <= k]
                for ls in combinations(small, k):
                    across = set().union(*(spots[i] for i in ls))
                    if len(across) == k:
                        for j in across:
                            for i, c in enumerate(cover[j].tolist()):
                                if i not in ls:
                                    kill[c] |= 1 << v
    return np.where(placed, m, m & ~kill)


def FULL_OF(N):
    return (1 << N) - 1


def random_state(n, rng):
    N = n * n
    placed = rng.random(N * N) < 0.2
    m = (rng.random((N * N, N)) < rng.uniform(0.2, 0.6)) << np.arange(N)
    m = m.sum(axis=1).astype(np.int64)
    m = np.where(m == 0, 1 << rng.integers(0, N, N * N), m)
    m = np.where(placed, 1 << rng.integers(0, N, N * N), m)
    return m, placed


@pytest.mark.parametrize("name", MOVES[PLACING:])
@pytest.mark.parametrize("n", [2, 3])
def test_techniques_equal_the_reference(name, n):
    rng = np.random.default_rng(MOVES.index(name) * 10 + n)
    changed = 0
    for _ in range(40 if n == 3 else 100):
        m, placed = random_state(n, rng)
        out = TECHNIQUES[name](m, placed, n)
        assert np.array_equal(out, _reference(m, placed, n, name))
        changed += not np.array_equal(out, m)
    assert changed > 0                                            # the states do exercise it


# ---------------------------------------------------------------------------- soundness

SOUND = {**PAPERS, **SIZES, **{k: v for i, (k, v) in enumerate(BANK.items()) if i % 10 == 0}}


@pytest.mark.parametrize("name", sorted(SOUND))
def test_logic_never_removes_the_solution(name):
    p = parse(SOUND[name])
    solution = solve(p)
    result = logic(p)
    assert not result.contradiction
    assert np.all(result.masks & (1 << (solution.astype(np.int64) - 1)))      # every candidate set keeps it
    placed = result.values > 0
    assert np.array_equal(result.values[placed], solution[placed])
    assert np.array_equal(result.settled_by >= 0, placed & (p.cells == 0))
    assert result.cells + p.given_count <= p.N * p.N
    rating = rate(p)
    assert rating.logic_cells == result.cells and rating.solutions == 1
    assert rating.solution == board_to_string(solution)


@pytest.mark.parametrize("name", sorted(k for k in BANK if k.startswith("hard")))
def test_pillays_moves_add_nothing_where_the_singles_stop(name):
    """moves.py's r c b w l k, each applied to the grid where the singles (and then the whole
    ladder) stop, place nothing (rate.py's docstring has the argument)."""
    p = parse(BANK[name])
    for ladder in (MOVES[:PLACING], MOVES):
        values = logic(p, ladder).values
        grids = Grids(Puzzle(p.n, values), 1)
        for move in "rcbwlk":
            complete(grids.apply(np.array([MOVE_CODE[move]]), np.random.default_rng(0)))
        assert np.array_equal(grids.values[0], values)


# ---------------------------------------------------------------------------- the rating

def test_an_easy_puzzle_is_settled_by_singles_alone():
    r = rate(parse(PAPERS["sato-01-easy"]))
    assert not r.needs_search and r.hardest_move in MOVES[:PLACING]
    assert r.logic_cells == r.singles_cells == r.empty_cells == 81 - 38
    assert sum(dict(r.cells_by_move).values()) == r.logic_cells
    assert r.settled_by.count(".") == 38 and set(r.settled_by) <= set(".FBLN")


def test_ai_escargot_needs_search():
    r = rate(parse(PAPERS["ai-escargot"]))
    assert r.needs_search and r.solutions == 1 and r.logic_cells < r.empty_cells
    assert r.to_json()["needs_search"] is True


def test_the_ladder_orders_the_banks_levels():
    """Every easy puzzle of the sample is settled by singles, no diabolical one is."""
    for name, text in BANK.items():
        level = name.split("-")[0]
        if level in ("easy", "diabolical") and int(name.split("-")[1].split(":")[0]) <= 10:
            r = logic(parse(text))
            assert r.complete == (level == "easy"), name
            if level == "easy":
                assert r.hardest in MOVES[:PLACING]


def test_clashing_givens_have_no_solution_and_say_where():
    r = rate(parse("11" + "." * 79))
    assert r.solutions == 0 and r.logic_cells == 0 and not r.needs_search
    assert "row 1 has 1 twice" in r.message and r.summary() == r.message


def test_a_contradiction_found_by_logic_means_no_solution():
    # row 1 holds 1..8, and column 9 already has the 9 that r1c9 needs
    r = rate(puzzle({**{(1, c): c for c in range(1, 9)}, (5, 9): 9}))
    assert r.solutions == 0 and "no solution" in r.message and not r.needs_search


def test_several_solutions_and_an_unknown_count():
    r = rate(parse("1" + "." * 80))
    assert r.solutions == 2 and r.needs_search
    assert rate(parse(PAPERS["ai-escargot"]), max_nodes=10).solutions is None


def test_rate_steps_pauses_and_gives_the_same_rating():
    p = parse(PAPERS["sato-106-difficult"])
    steps = rate_steps(p)
    pauses = 0
    while True:
        try:
            assert next(steps) is PAUSE
            pauses += 1
        except StopIteration as done:
            stepped = done.value
            break
    assert pauses > 5 and stepped == rate(p)
    assert stepped.to_json() == rate(p).to_json()


def test_unknown_moves_are_refused():
    with pytest.raises(ValueError, match="unknown move 'y_wing'"):
        complete(logic_steps(parse(PAPERS["ai-escargot"]), ("y_wing",)))


@pytest.mark.parametrize("name", sorted(SIZES))
def test_other_sizes(name):
    p = parse(SIZES[name])
    r = rate(p)
    d = r.to_json()
    assert (d["size"], d["givens"], d["solutions"]) == (p.N, p.given_count, 1)
    assert d["p"] == round(p.given_count / p.N ** 2, 4)
    assert d["logic_cells"] + d["givens"] <= p.N ** 2 and len(d["settled_by"]) == p.N ** 2


# ---------------------------------------------------------------------------- the command line

def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sudoku_lab", *args], capture_output=True, text=True, input=stdin,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, timeout=120)


def test_check_prints_the_rating():
    out = cli("check", PAPERS["ai-escargot"]).stdout.splitlines()
    assert out[-2] == "9×9, 23 givens (p = 0.28), exactly one solution"
    assert out[-1].startswith("Logic settles ") and "then needs search" in out[-1]
    out = cli("check", PAPERS["sato-01-easy"]).stdout.splitlines()
    assert out[-1] == "Logic settles all 43 empty cells; hardest move: hidden single (box)."


def test_check_json_has_the_rating_fields():
    d = json.loads(cli("check", "-", "--json", stdin=SIZES["16x16-vukr-1"]).stdout)
    assert {"size", "givens", "p", "solutions", "verdict", "logic_cells", "hardest_move", "needs_search", "empty_cells",
            "singles_cells", "cells_by_move", "uses_by_move", "settled_by", "solution", "message",
            "out_of_time", "puzzle", "format"} == set(d)
    assert d["size"] == 16 and d["solutions"] == 1 and d["verdict"] == "one" and d["hardest_move"] in MOVES
    r = cli("check", "11" + "." * 79, "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 0 and d["solutions"] == 0 and "twice" in d["message"]


def test_the_count_stops_at_its_time_budget_and_says_what_it_knew():
    """A sparse large puzzle's count answers within its budget ("unknown" or "at least
    one", with the reason) instead of searching for minutes. A clock that moves one second per
    reading makes the budget independent of the machine's load."""
    from sudoku_lab.generate import generate
    from sudoku_lab.rate import rate_steps
    from sudoku_lab.progress import complete
    ticks = iter(range(10 ** 6))
    progress = {}
    r = complete(rate_steps(generate(36, 0.3, 1).puzzle, max_seconds=5, clock=lambda: next(ticks), progress=progress))
    assert r.out_of_time and r.solutions is None and r.verdict in ("unknown", "at least one")
    assert "stopped at its 5 s budget" in r.message and r.to_json()["out_of_time"] is True
    assert progress["stage"] == "count" and progress["nodes"] > 0 and progress["elapsed"] >= 5
    assert not rate(parse(PAPERS["sato-01-easy"]), max_seconds=5).out_of_time


@pytest.mark.parametrize("size", (49, 64))
def test_large_grids_are_rated_within_the_budget(size):
    """Masks of 49 and 64 values (the sign bit of an int64 at 64): logic places only values of
    the full grid, and the rating answers."""
    from sudoku_lab.generate import generate
    from sudoku_lab.rate import logic
    made = generate(size, 0.7, 2)
    result = logic(made.puzzle)
    placed = result.values > 0
    assert not result.contradiction and result.cells > 0
    assert np.array_equal(result.values[placed], made.solution[placed])
    r = rate(made.puzzle, max_seconds=1)
    assert r.size == size and (r.out_of_time or r.solutions in (1, 2))     # a pattern grid's givens may allow two
    if r.solution is not None:
        from sudoku_lab.score import is_solution
        assert is_solution(made.puzzle, parse(r.solution).cells)

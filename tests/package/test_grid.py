"""The parser on every accepted format and on bad input; geometry; clashing givens."""

import json

import numpy as np
import pytest
from hypothesis import given, strategies as st

from conftest import ROOT
from sudoku_lab.grid import (ALPHABET, PuzzleError, Puzzle, format_grid, geometry, given_clashes, parse, parse_form,
                             to_benchmark, validate)

CASES = json.loads((ROOT / "tests" / "parse_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_parse_cases(case):
    """The shared cases; static/rules/parse.js is held to the same file in tests/js/rules.test.mjs."""
    if "cells" in case:
        puzzle, form = parse_form(case["text"])
        assert puzzle.to_string() == case["cells"]
        assert form == case.get("form", form)
    else:
        with pytest.raises(PuzzleError) as info:
            parse(case["text"])
        assert case["error"] in info.value.message
        assert info.value.line == case.get("line")
        assert info.value.column == case.get("column")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_geometry_units_partition_the_grid(n):
    g = geometry(n)
    for block in (g.rows, g.cols, g.boxes):
        assert sorted(block.reshape(-1).tolist()) == list(range(g.N ** 2))
    c = 2 * g.N + 1
    assert c in g.rows[g.row_of[c]] and c in g.cols[g.col_of[c]] and c in g.boxes[g.box_of[c]]


@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n * n), min_size=n ** 4, max_size=n ** 4))))
def test_to_string_and_format_round_trip(data):
    n, cells = data
    p = Puzzle(n, cells)
    assert parse(p.to_string()) == p
    assert parse(format_grid(p.cells, n)) == p


@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n * n), min_size=n ** 4, max_size=n ** 4))))
def test_the_benchmark_format_round_trips(data):
    """What to_benchmark writes reads back as the same puzzle, in the benchmark format."""
    n, cells = data
    p = Puzzle(n, cells)
    text = to_benchmark(p)
    assert text.startswith(f"{n}\n1\n") and text.count("\n") == n * n + 2
    assert parse_form(text) == (p, f"benchmark format, order {n}")


def test_the_field_s_files_read_as_published():
    """The three instance files copied from the AllDiff-LS bank (puzzles/benchmark/): CRLF, a tab
    before each line end, one without a last line end; givens counted from the files' own text."""
    for path in sorted((ROOT / "puzzles" / "benchmark").glob("*.txt")):
        text = path.read_bytes().decode()
        numbers = text.split()
        puzzle, form = parse_form(text)
        assert form == f"benchmark format, order {numbers[0]}"
        assert puzzle.given_count == sum(1 for t in numbers[2:] if t != "-1"), path.name
        assert parse(to_benchmark(puzzle)) == puzzle


def test_givens_and_counts(papers):
    p = papers["sato-01-easy"]
    assert (p.n, p.N, p.given_count) == (3, 9, 38)
    assert np.array_equal(p.givens, p.cells > 0)


def test_clashing_givens_are_named_with_their_cells():
    text = "55" + "." * 79
    p = parse(text)
    assert given_clashes(p)[0][:2] == ("row 1", 5)
    with pytest.raises(PuzzleError) as info:
        validate(p)
    assert "row 1 has 5 twice, at r1c1 and r1c2" in info.value.message
    assert set(info.value.cells) == {0, 1}


def test_very_long_text_is_refused_not_parsed():
    with pytest.raises(PuzzleError, match="at most"):
        parse("." * 50_000)


def test_alphabet_covers_every_size_up_to_36():
    assert len(ALPHABET) == 36 and len(set(ALPHABET)) == 36
    assert not set(ALPHABET) & set(".0-_*|+=:;,#")     # never a blank, layout or comment mark

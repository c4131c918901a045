"""The one puzzle-list reader (sudoku_lab.puzzle_list), held to the cases the page's
static/rules/puzzle-list.js is also held to (tests/js/rules.test.mjs)."""

import json

import pytest

from conftest import ROOT
from sudoku_lab.puzzle_list import ListProblem, read_puzzle_file, read_puzzle_list, read_puzzle_text

CASES = json.loads((ROOT / "tests" / "puzzle_list_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_cases(case):
    """A case with a `file` is that file's text, named as the caller names it (read_puzzle_text)."""
    def read():
        if "file" in case:
            return read_puzzle_text(case["text"], case["file"])
        return read_puzzle_list(case["text"], **({"list_name": case["list"]} if "list" in case else {}))
    if "puzzles" in case:
        assert [list(p) for p in read()] == case["puzzles"]
    else:
        with pytest.raises(ListProblem) as info:
            read()
        assert info.value.message.startswith(case["error"])
        assert info.value.line == case.get("line")


def test_every_shipped_puzzle_file_reads():
    for path in sorted((ROOT / "puzzles").glob("**/*.txt")):
        assert read_puzzle_file(path, check_givens=True), path.name


def test_a_benchmark_file_is_one_puzzle_named_by_its_file():
    path = ROOT / "puzzles" / "benchmark" / "inst25x25_50_0.txt"
    [(cells, name)] = read_puzzle_file(path, check_givens=True)
    assert name == "inst25x25_50_0.txt" and len(cells) == 625


def test_a_file_that_is_not_text_is_named(tmp_path):
    f = tmp_path / "photo.txt"
    f.write_bytes(b"\xff\xd8\xff\xe0")
    with pytest.raises(ListProblem, match="cannot read .*photo.txt: it is not text"):
        read_puzzle_file(f)


def test_clashing_givens_are_a_problem_of_their_line_when_asked(tmp_path):
    f = tmp_path / "set.txt"
    f.write_text("55" + "." * 79 + " clash\n")
    assert read_puzzle_file(f)                          # readable ...
    with pytest.raises(ListProblem, match="line 1|Line 1"):
        read_puzzle_file(f, check_givens=True)         # ... but not a puzzle one can run


def test_bench_reads_files_and_globs_keeping_each_puzzle_s_file(tmp_path):
    from sudoku_lab.bench import BenchError, read_puzzle_files
    bank = ROOT / "puzzles" / "benchmark"
    lst = tmp_path / "set.txt"
    lst.write_text("1............... a\n.2.............. b\n")
    read = read_puzzle_files([str(bank / "inst1*.txt"), str(lst), str(tmp_path / "none*.txt"), str(tmp_path / "gone.txt")])
    assert [name for _, name in read.puzzles] == ["inst16x16_40_0.txt", "a", "b"]
    assert read.files == [str(bank / "inst16x16_40_0.txt"), str(lst), str(lst)]
    assert read.skipped == [f"no file matches '{tmp_path / 'none*.txt'}'",
                            f"cannot read {tmp_path / 'gone.txt'}: No such file or directory"]
    assert [n for _, n in read_puzzle_files([str(bank / "*.txt")], limit=2).puzzles] == ["inst16x16_40_0.txt",
                                                                                          "inst25x25_50_0.txt"]
    with pytest.raises(BenchError, match=r"^no puzzle file could be read \(2\): no file matches"):
        read_puzzle_files([str(tmp_path / "none*.txt"), str(tmp_path / "gone.txt")])

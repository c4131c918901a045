"""Puzzle files in the page (docs/links-and-files.md, "Puzzle files"): the field's benchmark format pasted
or opened (the puzzle line names the form), the puzzle downloaded in that format, and an
experiment over several files opened at once, each named by its file in the table and in the
records; a bad file named with its problem and skipped."""

import csv
import io
import re

import numpy as np
import pytest

from conftest import ROOT
from sudoku_lab.generate import Spec, generate
from sudoku_lab.grid import Puzzle, parse, to_benchmark

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]
BANK = ROOT / "puzzles" / "benchmark"


def test_a_pasted_benchmark_file_reads_and_the_puzzle_line_names_its_format(lab):
    lab.open()
    text = (BANK / "inst25x25_50_0.txt").read_bytes().decode()
    lab.load(text)
    assert len(lab.board()) == 625
    assert lab.givens_on_board() == parse(text).cells.tolist()
    info = lab.by("puzzle-info").inner_text()
    assert info.startswith("25×25 · 313 givens · read as benchmark format, order 5"), info
    # a header that disagrees with its rows: one message naming both, the text kept in the box
    bad = "5\n1\n" + text.split("\n", 2)[2].replace("\r\n", "\n").split("\n", 16)[16]
    lab.by("puzzle-input").fill(bad)
    lab.by("load-puzzle").click()
    assert "The header says order 5 (a 25×25: 25 rows of 25 numbers), but" in lab.error_text()
    assert lab.by("puzzle-input").get_attribute("aria-invalid") == "true"
    assert lab.by("puzzle-input").input_value() == bad


def test_a_file_opened_on_the_page_loads_and_the_puzzle_downloads_in_the_benchmark_format(lab):
    lab.open()
    path = BANK / "inst9x9_0_0.txt"
    lab.by("puzzle-file").set_input_files(str(path))
    lab.wait_text("puzzle-info", "from inst9x9_0_0.txt")
    assert "read as benchmark format, order 3 from inst9x9_0_0.txt" in lab.by("puzzle-info").inner_text()
    puzzle = parse(path.read_bytes().decode())
    assert lab.givens_on_board() == puzzle.cells.tolist()
    with lab.page.expect_download() as dl:
        lab.by("export-puzzle").click()
    assert dl.value.suggested_filename.endswith("-9x9.txt")
    assert open(dl.value.path()).read() == to_benchmark(puzzle)        # the bytes the package writes


def test_generate_s_list_of_49x49_opened_in_solve_loads_its_first_puzzle_and_says_so(lab, tmp_path):
    """What `generate` writes past 36×36 (`<cells> <spec>` a line, the cells comma separated); every
    size and format: tests/js/rules.test.mjs."""
    lab.open()
    made = [generate(Spec.of(49, "0.5", seed)) for seed in (1, 2, 3)]
    f = tmp_path / "g.txt"
    f.write_text("".join(f"{m.puzzle.to_string()} {m.spec.text}\n" for m in made))
    lab.by("puzzle-file").set_input_files(str(f))
    lab.wait_text("puzzle-info", "from g.txt")
    assert ("read as the first of 3 puzzles of a list, named '49:0.5:1' (bench and the Experiment view run a whole "
            "list) from g.txt") in lab.by("puzzle-info").inner_text()
    lab.wait_board()
    assert lab.board_values() == made[0].puzzle.cells.tolist()


def test_an_experiment_over_several_files_names_each_file_and_skips_a_bad_one(lab, tmp_path):
    names = []
    for seed in (3, 4):
        made = generate(Spec.of(9, "0.6", seed))
        f = tmp_path / f"inst9x9_60_{seed}.txt"
        f.write_text(to_benchmark(made.puzzle))
        names.append(f.name)
    bad = tmp_path / "inst9x9_bad.txt"
    bad.write_text("4\n1\n" + to_benchmark(generate(Spec.of(9, "0.6", 5)).puzzle).split("\n", 2)[2])
    lab.open()
    lab.set_view("experiment")
    lab.add_entry("alldiff_tabu", 1)
    lab.by("compare-runs").fill("2")
    lab.by("compare-puzzles").select_option("files")
    lab.by("compare-files").set_input_files([str(tmp_path / names[1]), str(bad), str(tmp_path / names[0])])
    lab.page.wait_for_selector('[data-testid="compare-files-status"][data-state="read"]', state="attached")
    files = lab.page.eval_on_selector_all('[data-testid="compare-file"]',
                                          "els => els.map(e => [e.dataset.file, e.dataset.state, e.dataset.problem])")
    assert [(f, s) for f, s, _ in files] == [(names[0], "read"), (names[1], "read"), (bad.name, "skipped")]
    assert files[2][2].startswith("inst9x9_bad.txt (benchmark format): The header says order 4 (a 16×16")
    assert "inst9x9_bad.txt — skipped (benchmark format): The header says" in lab.by("compare-file-list").inner_text()
    assert "2 puzzles from the files · 1 file skipped" in lab.by("compare-files-status").inner_text()
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    assert [(r["puzzle"], r["runs"]) for r in lab.rows()] == [(names[0], 2), (names[1], 2)]
    with lab.page.expect_download() as dl:
        lab.by("export-csv").click()
    rows = list(csv.DictReader(io.StringIO(open(dl.value.path()).read())))
    records, _, _ = lab.export_json()
    assert [(r["name"], r["file"]) for r in rows] == [(r["name"], r["file"]) for r in records] == [
        (names[0], names[0]), (names[0], names[0]), (names[1], names[1]), (names[1], names[1])]
    assert list(rows[0])[:3] == ["puzzle", "name", "file"]


def test_a_bank_of_a_hundred_36x36_files_is_read_with_the_page_drawing_its_progress(lab, tmp_path):
    """Read one file a task: animation frames run while the reading is part-way, each showing
    how far it is (a reading held in one task would show 0 of 100, then 100 puzzles)."""
    n, N = 6, 36
    r, c = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    full = (n * (r % n) + r // n + c) % N + 1                 # a valid 36×36 grid
    rng = np.random.default_rng(7)
    paths = []
    for i in range(100):
        f = tmp_path / f"inst36x36_50_{i}.txt"
        f.write_text(to_benchmark(Puzzle(n, np.where(rng.random((N, N)) < 0.5, full, 0))))
        paths.append(str(f))
    lab.open()
    lab.set_view("experiment")
    lab.by("compare-puzzles").select_option("files")
    lab.page.evaluate("""() => { window.framesSeen = [];       // each frame's status while the bank is read
      const tick = () => { const s = document.querySelector('[data-testid=compare-files-status]');
        if (s.dataset.state === 'reading') window.framesSeen.push(s.textContent);
        if (!(window.framesSeen.length && s.dataset.state === 'read')) requestAnimationFrame(tick); };
      requestAnimationFrame(tick); }""")
    lab.by("compare-files").set_input_files(paths)
    lab.wait_text("compare-files-status", "100 puzzles from the files", whole=True, timeout=120_000)
    seen = lab.page.evaluate("() => window.framesSeen")
    part_way = [t for t in seen if re.fullmatch(r"Reading the files… ([1-9][0-9]?) of 100", t)]
    assert part_way, seen
    assert lab.page.locator('[data-testid="compare-file"][data-state="read"]').count() == 100


def test_a_folder_opened_gives_each_file_by_its_path(lab, tmp_path):
    bank = tmp_path / "bank"
    (bank / "more").mkdir(parents=True)
    for seed, where in ((3, bank), (4, bank / "more")):
        (where / f"inst9x9_60_{seed}.txt").write_text(to_benchmark(generate(Spec.of(9, "0.6", seed)).puzzle))
    lab.open()
    lab.set_view("experiment")
    lab.by("compare-puzzles").select_option("files")
    assert lab.by("compare-folder-open").is_visible()                 # Chromium has webkitdirectory
    lab.by("compare-folder").set_input_files(str(bank))
    lab.wait_text("compare-files-status", "2 puzzles from the files", whole=True)
    files = lab.page.eval_on_selector_all('[data-testid="compare-file"]', "els => els.map(e => e.dataset.file)")
    assert files == ["bank/inst9x9_60_3.txt", "bank/more/inst9x9_60_4.txt"]
    assert "bank/inst9x9_60_3.txt — 9×9, 49 givens" in lab.by("compare-file-list").inner_text()


def drop(lab, testid: str, files: dict[str, str]):
    """Drop files ({name: text}) on an element, as a visitor's drag from the desktop does."""
    lab.page.evaluate("""([testid, files]) => {
      const dt = new DataTransfer();
      for (const [name, text] of Object.entries(files)) dt.items.add(new File([text], name, { type: "text/plain" }));
      const el = document.querySelector(`[data-testid="${testid}"]`);
      el.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    }""", [testid, files])


def test_files_dropped_on_the_paste_box_and_on_the_experiment_s_files_box(lab):
    lab.open()
    text = (BANK / "inst16x16_40_0.txt").read_bytes().decode()
    drop(lab, "puzzle-input", {"inst16x16_40_0.txt": text})
    lab.wait_text("puzzle-info", "from inst16x16_40_0.txt")
    assert "16×16 · 103 givens · read as benchmark format, order 4" in lab.by("puzzle-info").inner_text()
    assert lab.by("puzzle-input").input_value() == text.replace("\r\n", "\n")     # a text box keeps \n line ends
    lab.set_view("experiment")
    lab.by("compare-puzzles").select_option("files")
    drop(lab, "compare-files-box", {"b.txt": text, "a.txt": "not a puzzle\n"})
    lab.page.wait_for_function("() => document.querySelector('[data-testid=compare-files-status]').dataset.state === 'read'"
                               " && document.querySelectorAll('[data-testid=compare-file]').length === 2", timeout=60_000)
    files = lab.page.eval_on_selector_all('[data-testid="compare-file"]', "els => els.map(e => [e.dataset.file, e.dataset.state])")
    assert files == [["a.txt", "skipped"], ["b.txt", "read"]]               # in the order of their names
    assert "a.txt — skipped: Line 1 of the list cannot be read" in lab.by("compare-file-list").inner_text()

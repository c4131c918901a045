// The page's own check of a run's claim (static/rules/claim.js), held to tests/claim_cases.json,
// which sudoku_lab.score says too (tests/package/test_visitor.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { boardCells, checkedResult, fault, measures } from "../../static/rules/claim.js";
import { stringToCells } from "../../static/rules/parse.js";

const { cases } = JSON.parse(readFileSync(new URL("../claim_cases.json", import.meta.url)));

for (const c of cases) {
  test(`the board's fault and measures as the package says them: ${c.why}`, () => {
    const board = stringToCells(c.board);
    assert.equal(fault(stringToCells(c.puzzle), board), c.fault);
    const { conflicts, open_cells } = measures(board);
    assert.deepEqual({ conflicts, open_cells }, { conflicts: c.conflicts, open_cells: c.open_cells });
  });
}

test("a solved claim over a wrong board is an error saying why; a true one stands", () => {
  for (const c of cases) {
    const claim = { solved: true, stop_reason: "solved", board: c.board, conflicts: 0, open_cells: 0, iterations: 1 };
    const r = checkedResult(c.puzzle, claim);
    assert.equal(r.solved, c.fault === null, c.why);
    assert.equal(r.stop_reason, c.fault === null ? "solved" : "error", c.why);
    if (c.fault) assert.equal(r.message, `claimed solved, but ${c.fault}`);
    assert.deepEqual([r.conflicts, r.open_cells, r.iterations], [c.conflicts, c.open_cells, 1]);
  }
});

test("a result without a readable board keeps the puzzle as its board and is no solution", () => {
  const { puzzle } = cases[0];
  for (const board of [undefined, 42, "", "x".repeat(81), "1".repeat(80), "9".repeat(10_000)]) {
    const r = checkedResult(puzzle, { solved: true, stop_reason: "solved", board });
    assert.deepEqual([r.solved, r.stop_reason, r.board], [false, "error", puzzle]);
    const stopped = checkedResult(puzzle, { solved: false, stop_reason: "stopped", board });
    assert.deepEqual([stopped.solved, stopped.stop_reason, stopped.board], [false, "stopped", puzzle]);
  }
  assert.equal(boardCells("1,2,3", 9), null);
});

test("a run that did not claim a solution keeps its own stop reason, with the page's counts", () => {
  const c = cases.find((k) => k.fault && k.conflicts > 0);
  const r = checkedResult(c.puzzle, { solved: false, stop_reason: "budget", board: c.board, conflicts: 0 });
  assert.deepEqual([r.solved, r.stop_reason, r.conflicts], [false, "budget", c.conflicts]);
});

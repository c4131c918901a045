// What a run's result may say, checked by the page itself from the board it will show
// (docs/visitor-solver.md, "The trust boundary"): the mirror of sudoku_lab.score's fault, conflicts and
// open_cells, held to tests/claim_cases.json. A run is solved only if its board is a solution
// of the puzzle; a "solved" the board does not bear out is a wrong claim, shown as an error.
import { ALPHABET, stringToCells } from "./parse.js";

// The board's cells read from a result's text, or null when the text is no board of N·N values 0..N.
export function boardCells(text, N) {
  if (typeof text !== "string" || text.length > 8 * N * N) return null;
  const symbols = text.includes(",") ? text.split(",").every((t) => t === "." || /^\d+$/.test(t))
    : [...text].every((ch) => ch === "." || ALPHABET.includes(ch));
  if (!symbols) return null;
  const cells = stringToCells(text);
  return cells.length === N * N && cells.every((v) => Number.isInteger(v) && v >= 0 && v <= N) ? cells : null;
}

// The rows, columns and boxes of a grid of side N, as cell indices (grid.geometry's units), built
// once a size: a visitor's every progress frame is recounted with them on the page's thread.
const UNITS = new Map();
function units(N) {
  if (!UNITS.has(N)) UNITS.set(N, buildUnits(N));
  return UNITS.get(N);
}

function buildUnits(N) {
  const n = Math.round(Math.sqrt(N));
  const rows = [], cols = [], boxes = [];
  for (let u = 0; u < N; u++) {
    rows.push(Array.from({ length: N }, (_, k) => u * N + k));
    cols.push(Array.from({ length: N }, (_, k) => k * N + u));
    const r0 = Math.floor(u / n) * n, c0 = (u % n) * n;
    boxes.push(Array.from({ length: N }, (_, k) => (r0 + Math.floor(k / n)) * N + c0 + (k % n)));
  }
  return [["row", rows], ["column", cols], ["box", boxes]];
}

// Why `board` is not a solution of `puzzle` (cells, 0 for empty), in score.fault's words; null when it is one.
export function fault(puzzle, board) {
  const N = Math.round(Math.sqrt(puzzle.length));
  if (board.length !== puzzle.length) return `the board has ${board.length} cells, not ${N * N}`;
  for (const [kind, list] of units(N)) {
    for (let u = 0; u < list.length; u++) {
      const vals = list[u].map((c) => board[c]);
      const bad = vals.find((v) => v < 0 || v > N);
      if (bad !== undefined) return `${kind} ${u + 1} holds ${bad}, not a value from 1 to ${N}`;
      if (vals.includes(0)) return `${kind} ${u + 1} has an empty cell`;
      const counts = new Array(N + 1).fill(0);
      for (const v of vals) counts[v] += 1;
      const v = counts.findIndex((k) => k > 1);
      if (v >= 0) return `${kind} ${u + 1} has ${v} ` + (counts[v] === 2 ? "twice" : `${counts[v]} times`);
    }
  }
  const c = puzzle.findIndex((g, i) => g > 0 && board[i] !== g);
  return c < 0 ? null : `row ${Math.floor(c / N) + 1}, column ${(c % N) + 1} holds ${board[c]} where the puzzle gives ${puzzle[c]}`;
}

// A board's measures as score.conflicts, score.open_cells and a progress frame count them:
// {conflicts, open_cells, empty_cells, clashing_cells, clashing_at} (the clashing cells' indices,
// as the live board marks them).
export function measures(board) {
  const N = Math.round(Math.sqrt(board.length));
  const clashing = new Uint8Array(board.length);
  let conflicts = 0;
  for (const [, list] of units(N)) {
    for (const cells of list) {
      const counts = new Array(N + 1).fill(0);
      for (const c of cells) counts[board[c]] += 1;
      for (let v = 1; v <= N; v++) conflicts += Math.max(counts[v] - 1, 0);
      for (const c of cells) if (board[c] > 0 && counts[board[c]] > 1) clashing[c] = 1;
    }
  }
  const clashingAt = [];
  clashing.forEach((hit, i) => { if (hit) clashingAt.push(i); });
  const empty = board.reduce((k, v) => k + (v === 0 ? 1 : 0), 0);
  return { conflicts, open_cells: empty + clashingAt.length, empty_cells: empty, clashing_cells: clashingAt.length, clashing_at: clashingAt };
}

// A run's result as the page may show it: its board read afresh (the puzzle when it sent none a
// board can be read from), its conflicts and open cells counted here, solved only when the board
// is a solution; a claim the board does not bear out ends the run as an error saying why.
export function checkedResult(puzzleText, result) {
  const puzzle = stringToCells(puzzleText);
  const N = Math.round(Math.sqrt(puzzle.length));
  const read = boardCells(result.board, N);
  const board = read || puzzle;
  const why = fault(puzzle, board);
  const { conflicts, open_cells } = measures(board);
  const out = { ...result, board: read ? result.board : puzzleText, conflicts, open_cells, solved: why === null };
  if (why === null) return { ...out, stop_reason: "solved" };
  if (!(result.solved === true || result.stop_reason === "solved")) return out;
  return { ...out, stop_reason: "error", message: read ? `claimed solved, but ${why}` : "it claimed solved, but its result carried no board of this puzzle" };
}

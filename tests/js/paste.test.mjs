// What the paste box's text is to the puzzle panel (static/puzzle/paste.js): a lab link, a
// puzzle or a problem; whether Start takes it; the box's text for a puzzle set from elsewhere;
// the puzzle a value typed on the board makes.
import { test } from "node:test";
import assert from "node:assert/strict";

import { boxTextFor, loadsOnPaste, readPaste, readText, readsAs, startLoadsPaste, textOf, typedPuzzle }
  from "../../static/puzzle/paste.js";
import { parsePuzzle } from "../../static/rules/parse.js";

const LINE = "..9...1..217...368...2.7....641.358..7.....3.15.428.79...589...485...293..63.28..";
const ROWS = LINE.match(/.{9}/g).map((row) => [...row].join(" ")).join("\n");        // the same puzzle, as a grid
const OTHER = "1" + LINE.slice(1);
const LINK = `https://host/lab/#p=${LINE}&s=hill_climb&seed=3`;
const puzzle = parsePuzzle(LINE);

test("paste: a text reads as a puzzle, or as the parser's message saying why not", () => {
  assert.equal(readText(ROWS).puzzle.form, "rows of characters");
  assert.match(readText("12.4").problem, /^Found 4 cells, but a puzzle needs 16 \(4×4\)/);
  assert.equal(readText("12.4").puzzle, undefined);
  assert.equal(readsAs(ROWS, puzzle), true);
  assert.equal(readsAs(OTHER, puzzle), false);
  assert.equal(readsAs("12.4", puzzle), false);
});

test("paste: Load reads a lab link as its fragment, a puzzle with the file it came from, or a problem", () => {
  assert.deepEqual(readPaste(LINK), { link: `#p=${LINE}&s=hill_climb&seed=3` });
  assert.deepEqual(readPaste(LINE), { puzzle });
  assert.deepEqual(readPaste(ROWS, "inst9.txt"), { puzzle: { ...parsePuzzle(ROWS), file: "inst9.txt" } });
  assert.deepEqual(Object.keys(readPaste("12.4")), ["problem"]);
});

test("paste: a pasted puzzle or lab link loads at once; a part of a grid waits for Load", () => {
  assert.equal(loadsOnPaste(LINE), true);
  assert.equal(loadsOnPaste(LINK), true);
  assert.equal(loadsOnPaste(ROWS.split("\n").slice(0, 4).join("\n")), false);
});

test("paste: Start loads the box only when it was typed into and holds other than the board's puzzle", () => {
  assert.equal(startLoadsPaste(false, OTHER, puzzle), false);          // the box shows what was set
  assert.equal(startLoadsPaste(true, "  \n", puzzle), false);           // an emptied box: the board's puzzle runs
  assert.equal(startLoadsPaste(true, ROWS, puzzle), false);             // the board's puzzle, written otherwise
  assert.equal(startLoadsPaste(true, OTHER, puzzle), true);
  assert.equal(startLoadsPaste(true, "12.4", puzzle), true);            // unreadable: loading it marks its problem
  assert.equal(startLoadsPaste(true, LINK, puzzle), true);              // a link's settings, though its puzzle is the board's
  assert.equal(startLoadsPaste(true, LINE, null), true);                // no puzzle on the board
});

test("paste: a puzzle set from elsewhere is written in the box, unless the box's text is that puzzle", () => {
  assert.equal(boxTextFor(puzzle, "", null), LINE);
  assert.equal(boxTextFor(puzzle, ROWS, null), null);                   // reads as it: stays as typed
  const read = parsePuzzle(ROWS);
  assert.equal(boxTextFor(read, ROWS, { puzzle: read, text: ROWS }), null);
  assert.equal(boxTextFor(puzzle, OTHER, { puzzle: read, text: OTHER }), LINE);
  assert.equal(boxTextFor(read, OTHER, { puzzle: read, text: ROWS }), LINE);      // the box's text changed since
  const empty = { n: 3, cells: puzzle.cells.map(() => 0) };
  assert.equal(textOf(empty), "");                                      // Clear empties the box
  assert.equal(boxTextFor(empty, LINE, null), "");
});

test("paste: a value typed on the board makes a new puzzle, unless nothing can be typed or nothing changes", () => {
  const s = { puzzle, running: null, making: null };
  const typed = typedPuzzle(s, 0, 5);
  assert.deepEqual(typed, { n: 3, cells: [5, ...puzzle.cells.slice(1)] });
  assert.equal(puzzle.cells[0], 0);                                     // the puzzle set is not changed in place
  assert.deepEqual(typedPuzzle({ ...s, puzzle: typed }, 0, 0).cells, puzzle.cells);
  assert.equal(typedPuzzle(s, 2, 9), null);                             // the value it holds
  assert.equal(typedPuzzle({ ...s, running: { kind: "solve" } }, 0, 5), null);
  assert.equal(typedPuzzle({ ...s, making: { spec: "9:0.45:2" } }, 0, 5), null);
  assert.equal(typedPuzzle({ ...s, puzzle: null }, 0, 5), null);
});

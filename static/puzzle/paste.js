// What the paste box's text is to the puzzle panel (puzzle/panel.js), without a DOM: a lab
// link, a puzzle or a problem; whether Start takes it; what the box shows for a puzzle set
// from elsewhere; the puzzle a value typed on the board makes.
import { parsePuzzle, boardToString, PuzzleError } from "../rules/parse.js";
import { labLinkFragment } from "../rules/links.js";

// The text the paste box shows for a puzzle that came from elsewhere (a link, typing, Clear).
export const textOf = (puzzle) => (puzzle.cells.every((v) => !v) ? "" : boardToString(puzzle.cells));

// `text` read as a puzzle: {puzzle}, or {problem: the message that says why it cannot be}.
export function readText(text) {
  try {
    return { puzzle: parsePuzzle(text) };
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    return { problem: err.message };
  }
}

// Does `text` read as `puzzle` (however it is written)? An unreadable text does not.
export function readsAs(text, puzzle) {
  const read = readText(text).puzzle;
  return !!read && boardToString(read.cells) === boardToString(puzzle.cells);
}

// What Load makes of a text: {link: the lab's own share link's fragment, its settings too} |
// {puzzle, its file named when it came from one (puzzle/file.js), for the puzzle line} | {problem}.
export function readPaste(text, file = null) {
  const link = labLinkFragment(text);
  if (link) return { link };
  const read = readText(text);
  return read.puzzle ? { puzzle: { ...read.puzzle, ...(file ? { file } : {}) } } : read;
}

// A paste that reads as a puzzle (or a lab link) is loaded at once; one that does not read yet
// (a grid pasted a line at a time) waits for Load or Start.
export const loadsOnPaste = (text) => !!labLinkFragment(text) || !!readText(text).puzzle;

// Does Start load the box's text first? Only when the box was typed into (`edited`) since a
// puzzle was set and holds a text that is not the board's `puzzle` however written: a run is of
// the puzzle the visitor sees in the box, never silently of the one before.
export function startLoadsPaste(edited, text, puzzle) {
  if (!edited || !text.trim()) return false;   // the box shows what was set (a link's, a made puzzle's), not a new paste
  return !(puzzle && !labLinkFragment(text) && readsAs(text, puzzle));     // typed, but the board's puzzle
}

// The text the box is given for a puzzle just set, or null to leave the box as it is: a puzzle
// read from the box (`readFrom`: {puzzle, text}, the last read) or one its text reads as stays as typed.
export function boxTextFor(puzzle, paste, readFrom) {
  const same = (!!readFrom && readFrom.puzzle === puzzle && readFrom.text === paste) || readsAs(paste, puzzle);
  return same ? null : textOf(puzzle);
}

// The puzzle a value typed on the board (0 clears) makes of state `s`'s, or null when it makes
// none: nothing is typed while a run is on or a puzzle is being made, or with no puzzle.
export function typedPuzzle(s, index, value) {
  if (s.running || s.making || !s.puzzle || s.puzzle.cells[index] === value) return null;
  const cells = s.puzzle.cells.slice();
  cells[index] = value;
  return { n: s.puzzle.n, cells };
}

// The board's look as the live canvas draws it (live-layer.js), in one table. style.css gives
// the DOM cells the same look; each entry names the cell state and the CSS property that say
// it, and tests/browser/board/test_board_draw.py holds every entry to the computed style of a DOM
// cell in that state, in both themes, so the canvas and the cells cannot drift apart.
//
// An entry: `cell` (the state: plain = a filled cell, box-edge = a cell at a box's right edge,
// given, clash, given-clash, pencil, shaded = a filled cell on a shaded board at p = 1,
// shaded-clash, page = the page under the board) and `css` (the computed property), with one
// of: `px` (a length), `em` (a length in the cell's own font size), `colour` (a CSS custom
// property of the board's theme; `alpha` scales it), `value` (a keyword or number as computed).
export const LOOK = Object.freeze({
  bg: { cell: "page", css: "background-color", colour: "--bg" },
  line: { cell: "plain", css: "border-right-width", px: 1 },
  lineInk: { cell: "plain", css: "border-right-color", colour: "--line" },
  box: { cell: "box-edge", css: "border-right-width", px: 2 },             // a box's edge
  boxInk: { cell: "box-edge", css: "border-right-color", colour: "--thick" },
  fillInk: { cell: "plain", css: "color", colour: "--fill-ink" },
  fillWeight: { cell: "plain", css: "font-weight", value: "400" },
  givenBg: { cell: "given", css: "background-color", colour: "--given-bg" },
  givenInk: { cell: "given", css: "color", colour: "--given-ink" },
  givenWeight: { cell: "given", css: "font-weight", value: "700" },
  clashBg: { cell: "clash", css: "background-color", colour: "--conflict-bg" },
  clashInk: { cell: "clash", css: "color", colour: "--conflict-ink" },
  // a clash is never colour alone: a filled cell's digit is underlined (wavy), a given's or a
  // shaded cell's cell is outlined inside its edge
  underline: { cell: "clash", css: "text-decoration-line", value: "underline" },
  underlineStyle: { cell: "clash", css: "text-decoration-style", value: "wavy" },
  underlineOffset: { cell: "clash", css: "text-underline-offset", em: 0.15 },
  outline: { cell: "given-clash", css: "outline-width", px: 2 },
  outlineOffset: { cell: "given-clash", css: "outline-offset", px: -3 },
  outlineInk: { cell: "given-clash", css: "outline-color", colour: "--conflict-ink" },
  shadedOutline: { cell: "shaded-clash", css: "outline-width", px: 2 },
  shadedClashInk: { cell: "shaded-clash", css: "color", colour: "--conflict-ink" },
  // a shaded board (a model's confidence p): the cell's background at p = 1, its digit
  shade: { cell: "shaded", css: "background-color", colour: "--shade-rgb", alpha: 0.45 },
  shadedInk: { cell: "shaded", css: "color", colour: "--given-ink" },
  // pencil marks: small monospace digits, n to a line
  pencilSize: { cell: "pencil", css: "font-size", em: 0.36 },                // of the board's font
  pencilLine: { cell: "pencil", css: "line-height", em: 1.15 },              // of the pencil's font
  pencilInk: { cell: "pencil", css: "color", colour: "--muted" },
  pencilFont: { cell: "pencil", css: "font-family", value: "ui-monospace, monospace" },
});

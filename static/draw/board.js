// The board: an N×N grid of cells carrying the data-* hooks the tests read (docs/design.md, "Test hooks").
// Cells are rebuilt only when the size changes; updates touch text and attributes only.
// A running board of 25×25 and more is drawn on a canvas over the cells instead (showLive,
// live-layer.js): when the run ends, the cells catch up a slice a frame and the canvas goes.
import { ALPHABET, boardToString, stringToCells, symbol } from "../rules/parse.js";
import { LIVE_FROM, LiveLayer } from "./live-layer.js";

// How many cells the catch-up after a live run makes or writes an animation frame (~50–70 µs
// of style and layout each on a slow machine).
const CATCH_UP_CELLS = 150;
// How many cells the live layer draws a call at most (~15–40 µs each): a frame that changes
// more (a run's first frame, a lane's puzzle) is drawn over several animation frames.
const LIVE_CELLS = 300;

export class Board {
  // drawAhead: the board runs again and again (the Solve view's, not a race lane's): its live
  // layer is drawn ahead while the page is idle (prepareLive).
  constructor(el, { drawAhead = false } = {}) {
    this.el = el;
    this.drawAhead = drawAhead;
    this.n = 0;
    this.cells = [];
    this.shown = [];
    this.onBuild = () => {};
    this.layer = null;
    this.live = null;                    // the look the live layer shows (see lookOf)
    this.catching = false;               // the cells are catching up with the layer (catchUp)
    this.preparing = false;              // the layer is to draw the cells' look ahead (prepareLive)
    this.settled = null;                 // the look the cells were last given whole (show)
  }

  // A board of n² cells a side, with no cells yet: buildCells makes them as they are first
  // written (a running large board needs none until its run ends).
  resize(n) {
    const N = n * n;
    this.n = n;
    this.el.replaceChildren();
    this.el.style.setProperty("--N", N);
    this.el.dataset.size = String(N);
    this.cells = [];
    this.shown = [];                     // per cell, the look last written (see eachChanged)
  }

  // Makes up to `limit` more cells, row by row, before the live layer's canvas if it is there.
  buildCells(limit = Infinity) {
    const n = this.n, N = n * n;
    const end = Math.min(N * N, this.cells.length + limit);
    const made = document.createDocumentFragment();
    let row = this.cells.length % N ? this.cells[this.cells.length - 1].parentNode : null;
    for (let i = this.cells.length; i < end; i++) {
      const r = Math.floor(i / N), c = i % N;
      if (c === 0) {                     // ARIA grid: cells live in rows (laid out by the board's CSS grid)
        row = document.createElement("div");
        row.className = "board-row";
        row.setAttribute("role", "row");
        made.appendChild(row);
      }
      const d = document.createElement("div");
      d.className = "cell";
      if (c % n === n - 1 && c !== N - 1) d.classList.add("box-right");
      if (r % n === n - 1 && r !== N - 1) d.classList.add("box-bottom");
      d.setAttribute("data-testid", "cell");
      d.dataset.row = String(r);
      d.dataset.col = String(c);
      d.setAttribute("role", "gridcell");
      row.appendChild(d);
      this.cells.push(d);
    }
    this.el.insertBefore(made, this.layer && this.layer.canvas.parentNode === this.el ? this.layer.canvas : null);
    if (this.cells.length === N * N) this.onBuild();
  }

  // values: array of N*N ints; givens: array of N*N ints (the puzzle); conflicts: Set of indices;
  // shade: optional N*N numbers in [0, 1] (e.g. a model's confidence) tinting the empty cells;
  // candidates: optional N*N bit masks drawn as pencil marks in the empty cells;
  // highlight: optional Set of cells to mark (a replayed move).
  // Only cells whose look changed are written: a run repaints a board 20 times a second, and
  // every DOM write costs the page style and layout work.
  show(values, givens, conflicts = new Set(), shade = null, candidates = null, highlight = null) {
    const look = lookOf(values, givens, conflicts, shade, candidates, highlight);
    if (look.n !== this.n) this.resize(look.n);
    if (this.live && !highlight) {       // a run just ended on the live layer: see catchUp
      this.drawLive(look);
      if (!this.catching) {
        this.catching = true;
        requestAnimationFrame(() => this.catchUp());
      }
      return;
    }
    this.writeCells(look, Infinity);
    this.closeLayer();
    this.settled = look;
    if (this.drawAhead && look.n * look.n >= LIVE_FROM && !this.preparing) {
      this.preparing = true;
      whenIdle(() => this.prepareLive());
    }
  }

  // While nothing runs, a large board's live layer draws the cells' look ahead, when the page
  // is idle: a run's first frame then only shows it and draws what changed.
  prepareLive() {
    this.preparing = false;
    const look = this.settled;
    if (this.live || !look || look.n !== this.n || look.n * look.n < LIVE_FROM) return;
    this.layer ??= this.makeLayer();
    this.layer.prepare(this.n);
    eachChanged(this.layer.shown, look, Infinity, look.values.length,
      (i, v, given, clash, lit, mask, p) => this.layer.paintCell(i, cellText(v, mask, this.n), given, clash, p, mask !== null));
  }

  // A running search's frame: the same as show, but from LIVE_FROM cells a side drawn on the
  // live layer, leaving the cells as they were (the grid says aria-busy) until show or settle.
  // At most LIVE_CELLS cells are drawn a call: false when some are left for the next call (the
  // owner calls again, with this frame or a newer one, in a later animation frame).
  showLive(values, givens, conflicts = new Set(), shade = null, candidates = null) {
    const look = lookOf(values, givens, conflicts, shade, candidates, null);
    if (look.n * look.n < LIVE_FROM) {
      this.show(values, givens, conflicts, shade, candidates);
      return true;
    }
    if (look.n !== this.n) this.resize(look.n);
    this.catching = false;
    const whole = this.drawLive(look);
    this.layer.canvas.dataset.painted = String(Number(this.layer.canvas.dataset.painted || 0) + 1);
    return whole;
  }

  // The run is over: the cells take the last frame the layer showed.
  settle() {
    if (!this.live) return;
    const { values, givens, conflicts, shade, candidates } = this.live;
    this.show(values, givens, conflicts, shade, candidates);
  }

  // Draws up to `limit` cells of the look on the live layer; true when it shows the whole look.
  drawLive(look, limit = LIVE_CELLS) {
    this.layer ??= this.makeLayer();
    this.layer.show(this.n);
    this.live = look;
    // set once: writing it again, even unchanged, restyles every cell under it each frame
    if (!this.el.hasAttribute("aria-busy")) this.el.setAttribute("aria-busy", "true");
    this.layer.canvas.dataset.board = boardToString(look.values);   // what it shows (once drawn whole), for tests
    return eachChanged(this.layer.shown, look, limit, look.values.length, (i, v, given, clash, lit, mask, p) =>
      this.layer.paintCell(i, cellText(v, mask, this.n), given, clash, p, mask !== null)) < limit;
  }

  makeLayer() {
    return new LiveLayer(this.el, () => this.live && this.drawLive(this.live, Infinity));   // resized: all again
  }

  // The cells take the board the layer shows, CATCH_UP_CELLS made or written an animation
  // frame (all at once was one long task of style and layout); then the layer goes. A new
  // running frame meanwhile (showLive) stops this; a later show starts it again where it was.
  catchUp() {
    if (!this.catching || !this.live) return;
    this.drawLive(this.live);            // the layer finishes its drawing first, if it had not
    const making = this.cells.length < this.live.values.length;
    const wrote = this.writeCells(this.live, CATCH_UP_CELLS, making ? CATCH_UP_CELLS : 0);
    if (!making && wrote < CATCH_UP_CELLS) this.closeLayer();
    else requestAnimationFrame(() => this.catchUp());
  }

  // Makes `make` more cells (all that are missing by default) and writes up to `limit` of the
  // cells whose look changed among those made; returns how many it wrote.
  writeCells(look, limit, make = Infinity) {
    if (this.cells.length < look.values.length) this.buildCells(make);
    this.el.classList.toggle("shaded", !!look.shade);
    return eachChanged(this.shown, look, limit, this.cells.length, (i, v, given, clash, lit, mask, p) =>
      this.paintCell(this.cells[i], this.n, v, given, clash, lit, mask, p));
  }

  closeLayer() {
    if (!this.live) return;
    this.live = null;
    this.catching = false;
    this.layer.hide();
    this.el.removeAttribute("aria-busy");
  }

  paintCell(d, n, v, given, clash, lit, mask, p) {
    const text = cellText(v, mask, n);
    const pencil = v ? "" : text;
    if (d.textContent !== text) d.textContent = text;
    d.classList.toggle("pencil", !!pencil);
    if (pencil && n <= 6) d.dataset.candidates = maskDigits(mask); else delete d.dataset.candidates;
    d.dataset.value = String(v);
    d.dataset.given = given ? "true" : "false";
    d.dataset.conflict = clash ? "true" : "false";
    // what a screen reader says for the cell: colour is never the only signal
    d.setAttribute("aria-label", `${v ? symbol(v, n * n) : "empty"}${given ? ", given" : ""}${clash ? ", clashes" : ""}`);
    d.dataset.highlight = lit ? "true" : "false";
    if (p !== null) {
      d.style.setProperty("--p", String(p));
      d.dataset.p = String(p);
      d.title = `p = ${Number(p).toFixed(2)}`;
    } else if (d.dataset.p !== undefined) {
      d.style.removeProperty("--p");
      delete d.dataset.p;
      d.removeAttribute("title");
    }
  }
}

const whenIdle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));

const lookOf = (values, givens, conflicts, shade, candidates, highlight) =>
  ({ n: Math.round(Math.sqrt(Math.sqrt(values.length))), values, givens, conflicts, shade, candidates, highlight });

// Calls paint(i, value, given, clash, lit, mask, p) for up to `limit` cells before `end` whose
// look differs from the key remembered in shown[i] (and remembers the new one); returns how many.
function eachChanged(shown, look, limit, end, paint) {
  const { values, givens, conflicts, shade, candidates, highlight } = look;
  let painted = 0;
  for (let i = 0; i < end && painted < limit; i++) {
    const v = values[i], given = givens[i] > 0, clash = conflicts.has(i), lit = !!highlight && highlight.has(i);
    const mask = !v && candidates ? candidates[i] : null;
    const p = shade && !given ? shade[i] : null;
    const key = `${v}|${given}|${clash}|${lit}|${mask}|${p}`;
    if (shown[i] === key) continue;
    shown[i] = key;
    paint(i, v, given, clash, lit, mask, p);
    painted++;
  }
  return painted;
}

// What a cell says: its digit, else its candidates as pencil marks, else nothing.
// Past 36×36 (n > 6) no pencil marks: 49 tiny numbers do not fit a cell, and a 64-bit mask is
// past what a JavaScript number holds exactly.
const cellText = (v, mask, n) => (v ? symbol(v, n * n) : mask !== null && n <= 6 ? pencilMarks(mask, n) : "");

// Masks reach 36 bits on a 36×36: JavaScript's bit operators work on 32, so bits are read
// arithmetically.
const hasBit = (mask, k) => Math.floor(mask / 2 ** k) % 2 === 1;
const maskDigits = (mask) => [...ALPHABET].filter((_, k) => hasBit(mask, k)).join("");

// the candidates of one cell laid out as an n×n block of small digits (blanks where ruled out)
function pencilMarks(mask, n) {
  const N = n * n;
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = "";
    for (let c = 0; c < n; c++) {
      const k = r * n + c;
      row += (k < N && hasBit(mask, k)) ? ALPHABET[k] : "\u00a0";
    }
    rows.push(row);
  }
  return rows.join("\n");
}

export { stringToCells };               // rules/parse.js owns the one-line form

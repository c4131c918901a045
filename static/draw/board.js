// The board: an N×N grid of cells carrying the data-* hooks the tests read (docs/page.md, "Test hooks").
// Cells are rebuilt only when the size changes; updates touch text and attributes only.
// The board schedules its own drawing (schedule.js): an owner hands it a frame whenever it has
// one (draw), and the board draws the newest in animation frames within a shared budget. A
// running board of 25×25 and more is drawn on a canvas over its cells (live-layer.js), its
// rows skipped (style.css: content-visibility); when the run settles the canvas shows the last
// frame whole, the cells are made and written while skipped, their rows come back a slice an
// animation frame (all at once was one long task of style, layout and paint: 4,096 cells at
// 64×64), and the canvas goes. A settled frame of such a board that changes more cells than an
// animation frame may lay out (a puzzle loaded, pasted or generated, a view's board swapped for
// another) takes the same way: the canvas shows it, then the cells catch up (writing
// a 64×64 puzzle's 4,096 cells at once was a 75–200 ms task).
import { ALPHABET, boardToString, stringToCells, symbol } from "../rules/parse.js";
import { LIVE_FROM, LiveLayer } from "./live-layer.js";
import { LAYOUT_CELLS, Pass, Scheduler } from "./schedule.js";

// Every board of the page draws within one budget an animation frame.
const SCHEDULER = new Scheduler();

export class Board {
  // drawAhead: the board runs again and again (the Solve view's, not a race lane's): its live
  // layer is drawn ahead while the page is idle (prepareLive).
  constructor(el, { drawAhead = false, scheduler = SCHEDULER } = {}) {
    this.el = el;
    this.drawAhead = drawAhead;
    this.scheduler = scheduler;
    this.n = 0;
    this.cells = [];
    this.rows = [];
    this.pass = new Pass();              // what each DOM cell shows
    this.onBuild = () => {};
    this.layer = null;
    this.onLayer = false;                // the board's frames go through the live layer (from a running frame until settled)
    this.rowsIn = 0;                     // rows[0, rowsIn) are in the layout, the others out (while on the layer)
    this.takeOut = false;                // the next turn takes the rows out of the layout (a settled frame of many changes)
    this.job = null;                     // the last frame handed to the scheduler
    this.preparing = false;              // the layer is to draw the cells' look ahead (prepareLive)
    this.settled = null;                 // the look the cells were last given whole
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
    this.rows = [];
    this.rowsIn = 0;
    this.pass.reset();
  }

  // Makes up to `limit` more cells, row by row, before the live layer's canvas if it is there.
  // While the board is on the live layer, new rows are skipped (data-out).
  buildCells(limit = Infinity) {
    const n = this.n, N = n * n;
    const end = Math.min(N * N, this.cells.length + limit);
    const made = document.createDocumentFragment();
    let row = this.cells.length % N ? this.rows[this.rows.length - 1] : null;
    for (let i = this.cells.length; i < end; i++) {
      const r = Math.floor(i / N), c = i % N;
      if (c === 0) {                     // ARIA grid: cells live in rows (laid out by the board's CSS grid)
        row = document.createElement("div");
        row.className = "board-row";
        row.setAttribute("role", "row");
        if (this.onLayer) row.dataset.out = "";
        else this.rowsIn++;
        made.appendChild(row);
        this.rows.push(row);
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

  // Hands the board a frame to show: { values, givens, clashing, shade, candidates, highlight,
  // running }. values: N*N ints; givens: N*N ints (the puzzle); clashing: a Set of indices;
  // shade: optional N*N numbers in [0, 1] (e.g. a model's confidence) tinting the empty cells;
  // candidates: optional N*N bit masks drawn as pencil marks in the empty cells; highlight: an
  // optional Set of cells to mark (a replayed move); running: a search's frame, more to come.
  // The board draws it in the next animation frames, unless a newer frame comes first: a
  // running frame on the DOM cells up to 24×24 and on the live layer from 25×25 (the cells
  // keep what they showed, the grid says aria-busy); a settled frame (not running) on the
  // cells, at once unless the board was on the live layer or it changes more than LAYOUT_CELLS
  // cells of a board from 25×25 (then the live layer shows it and the cells catch up in slices;
  // the grid says aria-busy from this call until they have, whatever the new board's size).
  // Only cells whose look changed are written: every DOM write costs the page style and layout.
  draw({ values, givens, clashing = new Set(), shade = null, candidates = null, highlight = null, running = false }) {
    const look = lookOf(values, givens, clashing, shade, candidates, highlight);
    const live = running && look.n * look.n >= LIVE_FROM;
    if (live) this.onLayer = true;
    else if (!running && !highlight && look.n * look.n >= LIVE_FROM && this.toWrite(look, LAYOUT_CELLS) > LAYOUT_CELLS) {
      this.onLayer = true;               // too many cells for one frame's layout: by the layer, in slices
      this.takeOut = true;
    }
    if (running || (this.onLayer && !highlight)) {
      // a settled frame by the layer, whatever the size (a 9×9 after a large board's run too):
      // its cells catch up over the next frames, and the grid says so until they have
      if (!running && !this.el.hasAttribute("aria-busy")) this.el.setAttribute("aria-busy", "true");
      this.job = { look, live };
      this.scheduler.put(this, this.job);
      return;
    }
    this.scheduler.drop(this);           // a settled frame drawn at once: nothing older is drawn after it
    if (look.n !== this.n) this.resize(look.n);
    this.writeCells(look);
    this.closeLayer();
    this.settled = look;
    if (this.drawAhead && look.n * look.n >= LIVE_FROM && !this.preparing) {
      this.preparing = true;
      whenIdle((idle) => this.prepareLive(idle));
    }
  }

  // The settled frame (see draw): the puzzle panel's board, a run's end.
  show(values, givens, clashing = new Set(), shade = null, candidates = null, highlight = null) {
    this.draw({ values, givens, clashing, shade, candidates, highlight });
  }

  // The run is over: the cells take the last frame handed, if it was a running one.
  settle() {
    if (!this.job || !this.job.live) return;
    const { values, givens, clashing, shade, candidates } = this.job.look;
    this.draw({ values, givens, clashing, shade, candidates });
  }

  // One turn of drawing (the scheduler's): true once the frame shows whole. slot.deadline: the
  // clock time to stop at; slot.cells: how many DOM cells may still be written or come back
  // into the layout this animation frame (shared by the page's boards; this spends it).
  step({ look, live }, slot) {
    if (look.n !== this.n) this.resize(look.n);
    const N = look.values.length;
    if (!this.onLayer) {                 // a small board's running frame: its cells, a slice a turn
      const whole = this.writeCells(look, slot);
      if (whole) this.settled = look;
      return whole;
    }
    this.openLayer(live);
    const layer = this.layer;
    const whole = layer.pass.run(look, N, (i) => keyOf(look, i), (i) => this.paintOnLayer(look, i), slot);
    if (live && layer.pass.drawn) layer.canvas.dataset.painted = String(Number(layer.canvas.dataset.painted || 0) + 1);
    if (!whole) return false;
    layer.canvas.dataset.board = boardToString(look.values);    // what it shows whole, for tests
    if (live) return true;
    // settled: the cells are made and written while skipped, then their rows come back
    while (this.cells.length < N) {
      if (this.cells.length && performance.now() > slot.deadline) return false;
      this.buildCells(this.n * this.n);                          // a row a time
    }
    if (!this.writeCells(look, { deadline: slot.deadline })) return false;
    if (!this.bringRowsBack(slot)) return false;
    this.closeLayer();
    this.settled = look;
    return true;
  }

  // Rows come back into the layout top down within the frame's DOM cells (at least one row a
  // turn); true when all are back.
  bringRowsBack(slot) {
    const N = this.n * this.n;
    for (let k = 0; this.rowsIn < this.rows.length && (k === 0 || slot.cells >= N); k++) {
      delete this.rows[this.rowsIn++].dataset.out;
      slot.cells -= N;
    }
    return this.rowsIn === this.rows.length;
  }

  // The live layer over the board and its rows skipped (the board keeps its size).
  openLayer(live) {
    this.layer ??= this.makeLayer();
    this.layer.show(this.n, live);
    if (!this.el.hasAttribute("aria-busy")) this.el.setAttribute("aria-busy", "true");   // set once: writing it restyles
    if ((live || this.takeOut) && this.rowsIn) {   // (a new run's first frame, or one while the rows were coming back;
      for (let r = 0; r < this.rowsIn; r++) this.rows[r].dataset.out = "";   // a settled frame of many changes)
      this.rowsIn = 0;
    }
    this.takeOut = false;
  }

  // How many cells would change to show `look` (counted up to more than `most`): all of them
  // when the board is not its size or its cells are not all made.
  toWrite(look, most) {
    const N = look.values.length;
    if (look.n !== this.n || this.cells.length < N) return N;
    let count = 0;
    for (let i = 0; i < N && count <= most; i++) if (this.pass.shown[i] !== keyOf(look, i)) count++;
    return count;
  }

  // While nothing runs, a large board's live layer draws the cells' look ahead while the page
  // is idle, a slice an idle period: a run's first frame then only shows it and draws what changed.
  prepareLive(idle) {
    this.preparing = false;
    const look = this.settled;
    if (this.onLayer || !look || look.n !== this.n || look.n * look.n < LIVE_FROM) return;
    this.layer ??= this.makeLayer();
    this.layer.prepare(this.n);
    const whole = this.layer.pass.run(look, look.values.length, (i) => keyOf(look, i), (i) => this.paintOnLayer(look, i),
      { deadline: performance.now() + (idle ? Math.max(1, idle.timeRemaining() - 1) : 8) });
    if (whole || this.preparing) return;
    this.preparing = true;
    whenIdle((next) => this.prepareLive(next));
  }

  paintOnLayer(look, i) {
    const v = look.values[i], mask = !v && look.candidates ? look.candidates[i] : null;
    const given = look.givens[i] > 0;
    this.layer.paintCell(i, cellText(v, mask, this.n), given, look.clashing.has(i), look.shade && !given ? look.shade[i] : null,
      mask !== null);
  }

  makeLayer() {                          // resized: the layer draws the board's frame again, whole
    return new LiveLayer(this.el, () => { if (this.onLayer && this.job) this.scheduler.put(this, this.job); });
  }

  // Makes the cells that are missing and writes those whose look changed, within slot's time
  // and DOM cells (all at once without a slot); true when every cell shows the look.
  writeCells(look, slot = {}) {
    if (this.cells.length < look.values.length) this.buildCells();
    this.el.classList.toggle("shaded", !!look.shade);
    const whole = this.pass.run(look, this.cells.length, (i) => keyOf(look, i), (i) => this.writeCell(look, i),
      { deadline: slot.deadline, most: slot.cells });
    if (slot.cells !== undefined) slot.cells -= this.pass.drawn;
    return whole;
  }

  writeCell(look, i) {
    const v = look.values[i], given = look.givens[i] > 0;
    this.paintCell(this.cells[i], this.n, v, given, look.clashing.has(i), !!look.highlight && look.highlight.has(i),
      !v && look.candidates ? look.candidates[i] : null, look.shade && !given ? look.shade[i] : null);
  }

  // The run's look is on the cells: every row in the layout, the layer hidden.
  closeLayer() {
    this.onLayer = false;
    this.takeOut = false;
    for (; this.rowsIn < this.rows.length; this.rowsIn++) delete this.rows[this.rowsIn].dataset.out;
    if (this.el.hasAttribute("aria-busy")) this.el.removeAttribute("aria-busy");
    if (this.layer && !this.layer.canvas.hidden) this.layer.hide();
  }

  paintCell(d, n, v, given, clash, lit, mask, p) {
    const text = cellText(v, mask, n);
    const pencil = v ? "" : text;
    if (d.textContent !== text) d.textContent = text;
    d.classList.toggle("pencil", !!pencil);
    if (pencil && n <= 6) d.dataset.candidates = maskDigits(mask); else delete d.dataset.candidates;
    d.dataset.value = String(v);
    d.dataset.given = given ? "true" : "false";
    d.dataset.clashing = clash ? "true" : "false";
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

const whenIdle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(() => f(null), 200));

const lookOf = (values, givens, clashing, shade, candidates, highlight) =>
  ({ n: Math.round(Math.sqrt(Math.sqrt(values.length))), values, givens, clashing, shade, candidates, highlight });

// What cell i of a look shows, as a key (a cell is drawn again only when its key changes).
function keyOf(look, i) {
  const v = look.values[i], given = look.givens[i] > 0;
  const mask = !v && look.candidates ? look.candidates[i] : null;
  const p = look.shade && !given ? look.shade[i] : null;
  return `${v}|${given}|${look.clashing.has(i)}|${!!look.highlight && look.highlight.has(i)}|${mask}|${p}`;
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

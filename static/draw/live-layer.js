// A large board's running frames drawn on one canvas laid over its cells.
// From 25×25 up a search changes most of the board between two frames, and restyling and
// laying out 625–1,296 DOM cells took 20–45 ms of every frame on two shared cores (longer than
// a frame, docs/benchmarks.md); one canvas draws the same cells in a few. Board decides when
// it is used and writes its cells again when the run settles (board.js); this layer only draws
// what it is given, with the look of board-look.js's table (the look style.css gives the cells).

import { symbol } from "../rules/parse.js";
import { LOOK } from "./board-look.js";
import { Pass } from "./schedule.js";

// Boards of this many cells a side and more draw their running frames here.
export const LIVE_FROM = 25;

let darkQuery = null;                                     // asked for when first drawn, not at import
const dark = () => (darkQuery ??= matchMedia("(prefers-color-scheme: dark)")).matches;

export class LiveLayer {
  // onResize(): the board changed size while the layer showed; the owner draws its look again
  // (every cell: `pass` is reset).
  constructor(boardEl, onResize) {
    this.boardEl = boardEl;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-live";
    this.canvas.setAttribute("aria-hidden", "true");     // the grid's cells are what a screen reader reads
    this.canvas.setAttribute("data-testid", "board-live");
    this.canvas.hidden = true;
    this.ctx = this.canvas.getContext("2d");
    this.pass = new Pass();                              // what each cell shows (Board draws through it)
    this.n = 0;
    this.observer = new ResizeObserver(() => {          // (also called once when observing starts)
      if (this.canvas.hidden || !this.fit()) return;
      this.readStyle();                                  // the font follows the board's size
      this.pass.reset();
      onResize();
    });
  }

  // Ready to draw over a board of n² cells a side: on the board, sized, in the theme's colours.
  // What it drew before stays (hidden or not) unless the size or the theme changed; then
  // `pass` is reset and every cell is to be drawn again (its glyphs warmed first if `warm`: a
  // run's first frame; a settled frame's pass is drawn in slices and warms them as it goes).
  prepare(n, warm = true) {
    if (this.canvas.parentNode !== this.boardEl) {       // a rebuilt board lost it
      this.boardEl.appendChild(this.canvas);
      this.n = 0;
    }
    const darkNow = dark();                              // the theme can change while a run streams
    const same = n === this.n && darkNow === this.dark;
    Object.assign(this, { n, dark: darkNow });
    this.readStyle();
    if (!this.fit(!same) && same) return;               // (the board's size may have changed meanwhile)
    this.pass.reset();
    if (warm) this.warmGlyphs();
  }

  // Shows the layer over the board, prepared (see prepare).
  show(n, warm = true) {
    if (this.canvas.hidden) {
      this.prepare(n, warm);
      this.canvas.hidden = false;
      this.observer.observe(this.boardEl);
    } else if (n !== this.n || dark() !== this.dark) {
      this.prepare(n, warm);
    }
  }

  hide() {                                               // the drawing stays for the next show
    this.canvas.hidden = true;
    this.observer.disconnect();
  }

  // The theme's colours for each of LOOK's colour entries, and the board's font (the theme and
  // the board's size can change between two runs).
  readStyle() {
    const css = getComputedStyle(this.boardEl);
    this.style = { family: css.fontFamily, fontPx: parseFloat(css.fontSize) };
    for (const [name, e] of Object.entries(LOOK)) {
      if (!e.colour) continue;
      this.style[name] = css.getPropertyValue(e.colour).trim();   // (--shade-rgb is "r, g, b")
    }
  }

  // Sizes the canvas to the board in device pixels and draws the grid's lines; false when
  // nothing changed (and not forced).
  fit(force = false) {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.boardEl.clientWidth * dpr), h = Math.round(this.boardEl.clientHeight * dpr);
    if (!force && w === this.canvas.width && h === this.canvas.height && dpr === this.dpr) return false;
    this.dpr = dpr;
    this.canvas.width = w;                               // also clears the canvas and its context's state
    this.canvas.height = h;
    const { n, ctx, style: st } = this, N = n * n;
    this.xs = Array.from({ length: N + 1 }, (_, k) => Math.round((k * w) / N));
    this.ys = Array.from({ length: N + 1 }, (_, k) => Math.round((k * h) / N));
    this.thin = Math.max(1, Math.round(LOOK.line.px * dpr));
    this.thick = Math.max(2, Math.round(LOOK.box.px * dpr));
    this.fill = this.font = null;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // each cell's right and bottom line as style.css draws them, thick at a box's edge (on top)
    for (const heavy of [false, true]) {
      this.setFill(heavy ? st.boxInk : st.lineInk);
      for (let k = 1; k <= N; k++) {
        if ((k % n === 0 && k !== N) !== heavy) continue;
        const width = heavy ? this.thick : this.thin;
        ctx.fillRect(this.xs[k] - width, 0, width, h);
        ctx.fillRect(0, this.ys[k] - width, w, width);
      }
    }
    return true;
  }

  // Draws every digit once in both weights (the first frame of a run draws hundreds; a glyph's
  // first drawing costs most). The board's cells are all drawn over them next.
  warmGlyphs() {
    const N = this.n * this.n, px = this.style.fontPx * this.dpr;
    for (const weight of [LOOK.fillWeight.value, LOOK.givenWeight.value]) {
      this.setFont(`${weight} ${px}px ${this.style.family}`);
      for (let k = 1; k <= N; k++) this.ctx.fillText(symbol(k, N), this.xs[1] / 2, this.ys[1] / 2);
    }
  }

  // One cell inside its lines as LOOK has it: its background, its text (bold when given) and,
  // for a clash, an outline or a wavy underline so that colour is never the only signal.
  paintCell(i, text, given, clash, p, pencil) {
    const { ctx, n, style: st, thick, dpr } = this;
    const N = n * n, r = Math.floor(i / N), c = i % N;
    const x0 = this.xs[c], y0 = this.ys[r];
    const w = this.xs[c + 1] - x0 - (c % n === n - 1 && c !== N - 1 ? thick : this.thin);
    const h = this.ys[r + 1] - y0 - (r % n === n - 1 && r !== N - 1 ? thick : this.thin);
    const shaded = p !== null && !given;
    if (shaded) {
      this.setFill(st.bg);
      ctx.fillRect(x0, y0, w, h);
      this.setFill(`rgba(${st.shade}, ${p * LOOK.shade.alpha})`);
    } else {
      this.setFill(clash ? st.clashBg : given ? st.givenBg : st.bg);
    }
    ctx.fillRect(x0, y0, w, h);
    if (clash && (given || shaded)) {                    // inside the cell's edge: small cells keep their digit readable
      const width = LOOK.outline.px * dpr, inset = (-LOOK.outlineOffset.px - LOOK.outline.px / 2) * dpr;
      ctx.strokeStyle = st.outlineInk;
      ctx.lineWidth = width;
      ctx.strokeRect(x0 + inset, y0 + inset, this.xs[c + 1] - x0 - 2 * inset, this.ys[r + 1] - y0 - 2 * inset);
    }
    if (!text) return;
    const cx = x0 + w / 2, cy = y0 + h / 2;
    if (pencil) {
      const px = st.fontPx * dpr * LOOK.pencilSize.em, lines = text.split("\n"), step = px * LOOK.pencilLine.em;
      this.setFill(st.pencilInk);
      this.setFont(`${px}px ${LOOK.pencilFont.value}`);
      lines.forEach((line, k) => ctx.fillText(line, cx, cy + (k - (lines.length - 1) / 2) * step));
      return;
    }
    const ink = clash ? st.clashInk : given || shaded ? st.givenInk : st.fillInk;
    const px = st.fontPx * dpr;
    this.setFill(ink);
    this.setFont(`${given ? LOOK.givenWeight.value : LOOK.fillWeight.value} ${px}px ${st.family}`);
    ctx.fillText(text, cx, cy);
    if (clash && !given && !shaded) {                    // LOOK.underline: wavy, below the digit's baseline
      const half = px * 0.3, y = cy + px * (0.3 + LOOK.underlineOffset.em), wave = px * 0.08;
      ctx.strokeStyle = ink;
      ctx.lineWidth = Math.max(1, px * 0.06);
      ctx.beginPath();
      for (let k = 0, x = cx - half; x <= cx + half + 0.01; k++, x += half / 3) {
        ctx.lineTo(x, y + (k % 2 ? wave : -wave));
      }
      ctx.stroke();
    }
  }

  // Setting a canvas colour or font parses it: done only when it changes.
  setFill(colour) {
    if (colour === this.fill) return;
    this.fill = colour;
    this.ctx.fillStyle = colour;
  }

  setFont(font) {
    if (font === this.font) return;
    this.font = font;
    this.ctx.font = font;
  }
}

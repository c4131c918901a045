// A large board's running frames drawn on one canvas laid over its cells.
// From 25×25 up a search changes most of the board between two frames, and restyling and
// laying out 625–1,296 DOM cells took 20–45 ms of every frame on two shared cores (longer than
// a frame, docs/benchmarks.md); one canvas draws the same cells in a few. Board decides when
// it is used and writes its cells again when the run settles (board.js); this layer only draws
// what it is given, with the look style.css gives the cells.

import { symbol } from "../rules/parse.js";

// Boards of this many cells a side and more draw their running frames here.
export const LIVE_FROM = 25;

const DARK = matchMedia("(prefers-color-scheme: dark)");

export class LiveLayer {
  // onResize(): the board changed size while the layer showed; the owner draws every cell again.
  constructor(boardEl, onResize) {
    this.boardEl = boardEl;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-live";
    this.canvas.setAttribute("aria-hidden", "true");     // the grid's cells are what a screen reader reads
    this.canvas.setAttribute("data-testid", "board-live");
    this.canvas.hidden = true;
    this.ctx = this.canvas.getContext("2d");
    this.shown = [];                                     // per cell, the look last drawn (Board compares)
    this.n = 0;
    this.observer = new ResizeObserver(() => {          // (also called once when observing starts)
      if (this.canvas.hidden || !this.fit()) return;
      this.readStyle();                                  // the font follows the board's size
      this.shown = [];
      onResize();
    });
  }

  // Ready to draw over a board of n² cells a side: on the board, sized, in the theme's colours.
  // What it drew before stays (hidden or not) unless the size or the theme changed; then
  // `shown` is empty and every cell is to be drawn again.
  prepare(n) {
    if (this.canvas.parentNode !== this.boardEl) {       // a rebuilt board lost it
      this.boardEl.appendChild(this.canvas);
      this.n = 0;
    }
    const dark = DARK.matches;                           // the theme can change while a run streams
    const same = n === this.n && dark === this.dark;
    Object.assign(this, { n, dark });
    this.readStyle();
    if (!this.fit(!same) && same) return;               // (the board's size may have changed meanwhile)
    this.shown = [];
    this.warmGlyphs();
  }

  // Shows the layer over the board, prepared (see prepare).
  show(n) {
    if (this.canvas.hidden) {
      this.prepare(n);
      this.canvas.hidden = false;
      this.observer.observe(this.boardEl);
    } else if (n !== this.n || DARK.matches !== this.dark) {
      this.prepare(n);
    }
  }

  hide() {                                               // the drawing stays for the next show
    this.canvas.hidden = true;
    this.observer.disconnect();
  }

  // The colours and font the cells have now (the theme can change between two runs).
  readStyle() {
    const css = getComputedStyle(this.boardEl);
    const v = (name) => css.getPropertyValue(name).trim();
    this.style = { bg: v("--bg"), line: v("--line"), thick: v("--thick"), givenBg: v("--given-bg"),
      givenInk: v("--given-ink"), fillInk: v("--fill-ink"), conflictBg: v("--conflict-bg"),
      conflictInk: v("--conflict-ink"), shadeRgb: v("--shade-rgb"), family: css.fontFamily,
      fontPx: parseFloat(css.fontSize) };
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
    this.thin = Math.max(1, Math.round(dpr));
    this.thick = Math.max(2, Math.round(2 * dpr));
    this.fill = this.font = null;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // each cell's right and bottom line as style.css draws them, thick at a box's edge (on top)
    for (const heavy of [false, true]) {
      this.setFill(heavy ? st.thick : st.line);
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
    for (const weight of [400, 700]) {
      this.setFont(`${weight} ${px}px ${this.style.family}`);
      for (let k = 1; k <= N; k++) this.ctx.fillText(symbol(k, N), this.xs[1] / 2, this.ys[1] / 2);
    }
  }

  // One cell inside its lines as style.css draws it: its background, its text (bold when
  // given) and, for a clash, an outline or a wavy underline so that colour is never the only
  // signal.
  paintCell(i, text, given, clash, p, pencil) {
    const { ctx, n, style: st, thick } = this;
    const N = n * n, r = Math.floor(i / N), c = i % N;
    const x0 = this.xs[c], y0 = this.ys[r];
    const w = this.xs[c + 1] - x0 - (c % n === n - 1 && c !== N - 1 ? thick : this.thin);
    const h = this.ys[r + 1] - y0 - (r % n === n - 1 && r !== N - 1 ? thick : this.thin);
    const shaded = p !== null && !given;
    if (shaded) {
      this.setFill(st.bg);
      ctx.fillRect(x0, y0, w, h);
      this.setFill(`rgba(${st.shadeRgb}, ${p * 0.45})`);
    } else {
      this.setFill(clash ? st.conflictBg : given ? st.givenBg : st.bg);
    }
    ctx.fillRect(x0, y0, w, h);
    if (clash && (given || shaded)) {                    // along the cell's edge: small cells keep their digit readable
      ctx.strokeStyle = st.conflictInk;
      ctx.lineWidth = thick;
      ctx.strokeRect(x0 + thick / 2, y0 + thick / 2, w - thick, h - thick);
    }
    if (!text) return;
    const ink = clash ? st.conflictInk : given || shaded ? st.givenInk : st.fillInk;
    const cx = x0 + w / 2, cy = y0 + h / 2;
    this.setFill(ink);
    if (pencil) {
      const px = st.fontPx * this.dpr * 0.36, lines = text.split("\n"), step = px * 1.15;
      this.setFont(`${px}px ui-monospace, monospace`);
      lines.forEach((line, k) => ctx.fillText(line, cx, cy + (k - (lines.length - 1) / 2) * step));
      return;
    }
    const px = st.fontPx * this.dpr;
    this.setFont(`${given ? 700 : 400} ${px}px ${st.family}`);
    ctx.fillText(text, cx, cy);
    if (clash && !given && !shaded) {                    // style.css: text-decoration underline wavy
      const half = px * 0.3, y = cy + px * 0.45, wave = px * 0.08;
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

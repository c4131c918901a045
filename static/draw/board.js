// The board: an N×N grid of cells carrying the data-* hooks the tests read (docs/design.md, "Test hooks").
// Cells are rebuilt only when the size changes; updates touch text and attributes only.
import { ALPHABET } from "../rules/parse.js";

export class Board {
  constructor(el) {
    this.el = el;
    this.n = 0;
    this.cells = [];
    this.shown = [];
    this.onBuild = () => {};
  }

  build(n) {
    const N = n * n;
    this.n = n;
    this.el.replaceChildren();
    this.el.style.setProperty("--N", N);
    this.el.dataset.size = String(N);
    this.cells = [];
    this.shown = [];                     // per cell, the look last written (see show)
    let row = null;
    for (let i = 0; i < N * N; i++) {
      const r = Math.floor(i / N), c = i % N;
      if (c === 0) {                     // ARIA grid: cells live in rows (laid out by the board's CSS grid)
        row = document.createElement("div");
        row.className = "board-row";
        row.setAttribute("role", "row");
        this.el.appendChild(row);
      }
      const d = document.createElement("div");
      d.className = "cell";
      if (c % n === n - 1 && c !== N - 1) d.classList.add("box-right");
      if (r % n === n - 1 && r !== N - 1) d.classList.add("box-bottom");
      d.dataset.testid = "cell";
      d.setAttribute("data-testid", "cell");
      d.dataset.row = String(r);
      d.dataset.col = String(c);
      d.setAttribute("role", "gridcell");
      row.appendChild(d);
      this.cells.push(d);
    }
    this.onBuild();
  }

  // values: array of N*N ints; givens: array of N*N ints (the puzzle); conflicts: Set of indices;
  // shade: optional N*N numbers in [0, 1] (e.g. a model's confidence) tinting the empty cells;
  // candidates: optional N*N bit masks drawn as pencil marks in the empty cells.
  // Only cells whose look changed are written: a run repaints a board 20 times a second, and
  // every DOM write costs the page style and layout work.
  show(values, givens, conflicts = new Set(), shade = null, candidates = null, highlight = null) {
    const n = Math.round(Math.sqrt(Math.sqrt(values.length)));
    if (n !== this.n) this.build(n);
    this.el.classList.toggle("shaded", !!shade);
    values.forEach((v, i) => {
      const given = givens[i] > 0, clash = conflicts.has(i), lit = !!highlight && highlight.has(i);
      const mask = !v && candidates ? candidates[i] : null;
      const p = shade && !given ? shade[i] : null;
      const key = `${v}|${given}|${clash}|${lit}|${mask}|${p}`;
      if (this.shown[i] === key) return;
      this.shown[i] = key;
      this.paintCell(this.cells[i], n, v, given, clash, lit, mask, p);
    });
  }

  paintCell(d, n, v, given, clash, lit, mask, p) {
    const pencil = mask !== null ? pencilMarks(mask, n) : "";
    const text = v ? ALPHABET[v - 1] : pencil;
    if (d.textContent !== text) d.textContent = text;
    d.classList.toggle("pencil", !!pencil);
    if (pencil) d.dataset.candidates = maskDigits(mask); else delete d.dataset.candidates;
    d.dataset.value = String(v);
    d.dataset.given = given ? "true" : "false";
    d.dataset.conflict = clash ? "true" : "false";
    // what a screen reader says for the cell: colour is never the only signal
    d.setAttribute("aria-label", `${v ? ALPHABET[v - 1] : "empty"}${given ? ", given" : ""}${clash ? ", clashes" : ""}`);
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

export const stringToCells = (s) => [...s].map((ch) => (ch === "." ? 0 : ALPHABET.indexOf(ch) + 1));

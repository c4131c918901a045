// Typing a puzzle on the board, as the WAI-ARIA grid pattern has it: one tab stop for the
// grid (roving tabindex), arrow keys move, Home/End go to the row's ends, Ctrl+Home/End to
// the first and last cell; a digit (or a letter on 16×16 and 25×25) sets a given,
// Backspace, Delete, 0, . or Space clears it. The owner is told of each change through
// onEdit(index, value) and decides what follows (paste box, link, check).
import { ALPHABET } from "../rules/parse.js";

const CLEAR_KEYS = new Set(["Backspace", "Delete", "0", ".", " "]);

export class BoardEditor {
  constructor(board, onEdit) {
    this.board = board;
    this.onEdit = onEdit;
    this.active = 0;
    this.enabled = true;
    board.el.addEventListener("keydown", (e) => this.key(e));
    board.el.addEventListener("click", (e) => {
      const cell = e.target.closest('[role="gridcell"]');
      if (cell) this.focus(this.board.cells.indexOf(cell));
    });
    board.onBuild = () => this.roving();
  }

  setEnabled(on) {
    this.enabled = on;
    this.board.el.setAttribute("aria-readonly", on ? "false" : "true");
  }

  // Exactly one cell is in the tab order.
  roving() {
    const cells = this.board.cells;
    if (this.active >= cells.length) this.active = 0;
    cells.forEach((c, i) => c.setAttribute("tabindex", i === this.active ? "0" : "-1"));
  }

  focus(i) {
    const cells = this.board.cells;
    if (i < 0 || i >= cells.length) return;
    cells[this.active]?.setAttribute("tabindex", "-1");
    this.active = i;
    cells[i].setAttribute("tabindex", "0");
    cells[i].focus();
  }

  key(e) {
    const N = this.board.n * this.board.n;
    const r = Math.floor(this.active / N), c = this.active % N;
    const moves = {
      ArrowLeft: c > 0 ? this.active - 1 : null, ArrowRight: c < N - 1 ? this.active + 1 : null,
      ArrowUp: r > 0 ? this.active - N : null, ArrowDown: r < N - 1 ? this.active + N : null,
      Home: e.ctrlKey ? 0 : r * N, End: e.ctrlKey ? N * N - 1 : r * N + N - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      if (moves[e.key] !== null) this.focus(moves[e.key]);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (CLEAR_KEYS.has(e.key)) {
      e.preventDefault();
      if (this.enabled) this.onEdit(this.active, 0);
      return;
    }
    const v = ALPHABET.indexOf(e.key.toUpperCase()) + 1;
    if (e.key.length === 1 && v >= 1 && v <= N) {
      e.preventDefault();
      if (this.enabled) this.onEdit(this.active, v);
    }
  }
}

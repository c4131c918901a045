// Replaying a move program (gp_moves) on the board: a slider and step buttons choose how
// many of the program's moves to apply; the placements of the last applied move are
// highlighted. The trace comes from the worker: [[move, [[cell, digit], ...]], ...].

const MOVE_NAMES = {
  r: "row", c: "column", b: "block", w: "3-row", l: "3-column", k: "3-block",
  3: "try-row", 4: "try-column", 2: "try-block",
};

export class Replay {
  constructor({ panel, program, slider, prev, next, label }, onChange) {
    Object.assign(this, { panel, program, slider, prev, next, label, onChange });
    this.trace = [];
    this.touched = false;            // once the user moves the slider, frames keep their position
    slider.addEventListener("input", () => { this.touched = true; this.changed(); });
    prev.addEventListener("click", () => this.step(-1));
    next.addEventListener("click", () => this.step(1));
  }

  reset() {
    this.trace = [];
    this.touched = false;
    this.panel.hidden = true;
  }

  update(programText, trace) {
    this.trace = trace || [];
    this.panel.hidden = !programText;
    this.program.textContent = programText || "";
    this.slider.max = String(this.trace.length);
    if (!this.touched || Number(this.slider.value) > this.trace.length) this.slider.value = String(this.trace.length);
    this.describe();
  }

  step(delta) {
    const v = Math.min(this.trace.length, Math.max(0, Number(this.slider.value) + delta));
    this.slider.value = String(v);
    this.touched = true;
    this.changed();
  }

  changed() {
    this.describe();
    this.onChange();
  }

  get position() {
    return Number(this.slider.value);
  }

  describe() {
    const k = this.position;
    if (k === 0) {
      this.label.textContent = `the puzzle (0 of ${this.trace.length} moves)`;
      return;
    }
    const [move, placed] = this.trace[k - 1];
    const what = placed.length ? `placed ${placed.length} digit${placed.length > 1 ? "s" : ""}` : "placed nothing";
    this.label.textContent = `move ${k} of ${this.trace.length}: ${move} (${MOVE_NAMES[move]}) ${what}`;
  }

  // the board after `position` moves, and the cells the last of them filled
  board(puzzleCells) {
    const cells = puzzleCells.slice();
    let last = new Set();
    this.trace.slice(0, this.position).forEach(([, placed]) => {
      last = new Set();
      for (const [cell, digit] of placed) { cells[cell] = digit; last.add(cell); }
    });
    return { cells, highlight: last };
  }
}

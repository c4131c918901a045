// When boards draw: owners hand a board a frame whenever they have one, and the boards draw in
// animation frames, each keeping only its newest frame not yet drawn. Every board on the page
// shares one budget an animation frame (main-thread time, and how many DOM cells may be
// restyled or laid out), so a frame stays short however many boards stream (a race's lanes).
// Pure apart from the frame request and clock it is given: node runs it
// (tests/js/schedule.test.mjs).

// Main-thread time the boards' drawing may take an animation frame (a 60 Hz frame is 16.7 ms;
// the rest is for the page's own style, layout, paint and the owners' work).
export const BUDGET_MS = 8;
// DOM cells the boards may write or bring back into the layout an animation frame: each costs
// ~50–70 µs of style, layout and paint after the drawing's task, outside BUDGET_MS.
export const LAYOUT_CELLS = 256;

export class Scheduler {
  constructor({ frame = (f) => requestAnimationFrame(f), now = () => performance.now(), budgetMs = BUDGET_MS,
    layoutCells = LAYOUT_CELLS } = {}) {
    Object.assign(this, { frame, now, budgetMs, layoutCells });
    this.jobs = new Map();               // board -> its newest frame not yet drawn whole
    this.asked = false;                  // an animation frame is asked for
    this.turn = 0;                       // which board goes first (they take turns)
  }

  // Hands a board (anything with step(job, slot) -> true once the job shows whole) a job; it
  // replaces the board's job not yet done.
  put(board, job) {
    this.jobs.set(board, job);
    this.ask();
  }

  // Forgets a board's job not yet done (its owner drew the board at once, or it went away).
  drop(board) {
    this.jobs.delete(board);
  }

  pending(board) {
    return this.jobs.get(board) || null;
  }

  ask() {
    if (this.asked || !this.jobs.size) return;
    this.asked = true;
    this.frame(() => this.run());
  }

  // One animation frame: each board with a job draws in turn, with an even share of what is
  // left of the frame's time; the layout budget (`slot.cells`) is shared as it is spent. The
  // boards take turns to go first.
  run() {
    this.asked = false;
    const boards = [...this.jobs.keys()];
    const start = this.now(), end = start + this.budgetMs;
    const slot = { deadline: end, cells: this.layoutCells };
    const first = this.turn++ % boards.length;
    for (let k = 0; k < boards.length; k++) {
      const board = boards[(first + k) % boards.length];
      const now = this.now();
      if (k > 0 && now >= end) break;                       // the first board always draws something
      slot.deadline = now + Math.max(0, end - now) / (boards.length - k);
      const job = this.jobs.get(board);
      if (job !== undefined && board.step(job, slot) && this.jobs.get(board) === job) this.jobs.delete(board);
    }
    this.ask();
  }
}

// One renderer's drawing of a board, a cell at a time and resumable: `shown` remembers each
// cell's look as drawn (a key), and a pass goes round from where the last one stopped. A look
// replaced before it was drawn whole is not drawn again from the first cell: a stream of looks
// faster than the drawing still reaches every cell, and the newest look ends up whole.
export class Pass {
  constructor() {
    this.at = 0;                         // the next cell to look at
    this.reset();
  }

  // Nothing is drawn (a cleared canvas, new cells).
  reset() {
    this.shown = [];
    this.look = null;
    this.checked = 0;                    // cells known to show `look`, counted round from where it was handed
  }

  // Draws the cells of `look` (count of them) whose key(i) differs from what they show, with
  // draw(i), until every cell shows it (true) or the clock passes `deadline` or `most` cells
  // were drawn (false: call again). `drawn` is how many it drew.
  run(look, count, key, draw, { deadline = Infinity, most = Infinity, now = () => performance.now() } = {}) {
    if (look !== this.look) {
      this.look = look;
      this.checked = 0;
    }
    this.drawn = 0;
    let seen = 0;
    while (this.checked < count) {
      if (this.drawn >= most || ((++seen & 15) === 0 && this.drawn > 0 && now() > deadline)) return false;
      const i = this.at < count ? this.at : 0;
      this.at = i + 1;
      this.checked++;
      const k = key(i);
      if (this.shown[i] === k) continue;
      this.shown[i] = k;
      draw(i);
      this.drawn++;
    }
    return true;
  }
}

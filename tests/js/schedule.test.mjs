// The boards' drawing schedule (static/draw/schedule.js), on a fake clock and fake animation
// frames: frames handed faster than they are drawn end with the newest shown whole, a stream
// of frames still reaches every cell, and the page's boards share one budget an animation frame.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Pass, Scheduler } from "../../static/draw/schedule.js";

// Animation frames run by hand; drawing a cell costs `cost` ms of the fake clock.
function page({ budgetMs = 8, layoutCells = 256 } = {}) {
  const clock = { t: 0 };
  const frames = [];
  const scheduler = new Scheduler({ frame: (f) => frames.push(f), now: () => clock.t, budgetMs, layoutCells });
  const tick = () => {
    const due = frames.splice(0);
    for (const f of due) f();
    clock.t += 16;                       // the rest of the frame
    return due.length;
  };
  return { clock, frames, scheduler, tick };
}

// A board of `count` cells drawn through a Pass: shown[i] is the value cell i shows.
class FakeBoard {
  constructor(env, count, cost = 1) {
    Object.assign(this, { env, count, cost });
    this.pass = new Pass();
    this.shown = new Array(count).fill(null);
    this.handed = [];                    // the jobs step was given
    this.timeEachFrame = [];
  }

  step(look, slot) {
    this.handed.push(look);
    const now = () => this.env.clock.t;
    return this.pass.run(look, this.count, (i) => String(look[i]), (i) => {
      this.shown[i] = look[i];
      this.env.clock.t += this.cost;
    }, { deadline: slot.deadline, now });
  }
}

const look = (count, seed) => Array.from({ length: count }, (_, i) => (i * 7 + seed * 13) % 97 + seed * 1000);

test("frames handed faster than they are drawn end with the newest frame shown whole", () => {
  const env = page();
  const board = new FakeBoard(env, 200);              // 200 ms of drawing a frame, 8 ms a turn
  let last;
  for (let k = 0; k < 30; k++) {                      // a new frame every animation frame
    last = look(200, k + 1);
    env.scheduler.put(board, last);
    env.tick();
  }
  assert.notDeepEqual(board.shown, last);             // the frames came faster than they were drawn
  while (env.tick());
  assert.deepEqual(board.shown, last);
  assert.equal(env.scheduler.pending(board), null);
  // each turn drew only the newest frame handed before it, never an older one after it
  for (let k = 1; k < board.handed.length; k++) {
    assert.ok(board.handed[k][0] >= board.handed[k - 1][0], "no older frame after a newer one");
  }
  assert.equal(env.frames.length, 0, "no animation frame asked once the board shows its frame");
});

test("a stream of frames that each change every cell still reaches every cell", () => {
  const env = page();
  const board = new FakeBoard(env, 100);
  for (let k = 0; k < 40; k++) {                      // 8 cells a turn: 100 cells in 13 turns
    env.scheduler.put(board, look(100, k + 1));
    env.tick();
  }
  // every cell was drawn from one of the frames at least once (none stays blank, none waits for
  // the stream to stop): the drawing went on round the board instead of from its first cell
  assert.ok(board.shown.every((v) => v !== null), `cells never drawn: ${board.shown.filter((v) => v === null).length}`);
  assert.ok(board.shown.slice(90).every((v) => v >= 20 * 1000), "the last cells show a recent frame");
});

test("a frame drawn whole is not drawn again, and unchanged cells are not drawn", () => {
  const env = page();
  const board = new FakeBoard(env, 50);
  const a = look(50, 1);
  env.scheduler.put(board, a);
  while (env.tick());
  assert.deepEqual(board.shown, a);
  const b = a.slice();
  b[3] = -1;
  b[40] = -2;
  const t0 = env.clock.t;
  env.scheduler.put(board, b);
  env.tick();
  assert.deepEqual(board.shown, b);
  assert.equal(board.pass.drawn, 2);
  assert.equal(env.clock.t - t0 - 16, 2, "two cells' drawing");
});

test("the page's boards share one budget an animation frame and each draws", () => {
  const env = page({ budgetMs: 8 });
  const boards = [0, 1, 2, 3].map(() => new FakeBoard(env, 300));
  boards.forEach((b, i) => env.scheduler.put(b, look(300, i + 1)));
  const spent = [];
  for (let k = 0; k < 20; k++) {
    const t0 = env.clock.t;
    env.tick();
    spent.push(env.clock.t - t0 - 16);
  }
  // a turn stops after the deadline within 16 cells (the clock is read every 16): 8 ms + 4 × 16
  assert.ok(Math.max(...spent) <= 8 + 4 * 16, `a frame's drawing: ${Math.max(...spent)} ms`);
  for (const b of boards) assert.ok(b.shown.filter((v) => v !== null).length >= 20, "every board drew");
  while (env.tick());
  boards.forEach((b, i) => assert.deepEqual(b.shown, look(300, i + 1)));
});

test("the DOM cells a frame may lay out are shared as they are spent", () => {
  const env = page({ layoutCells: 100 });
  const seen = [];
  const board = (want) => ({
    left: want,
    step(job, slot) {
      seen.push(slot.cells);
      const take = Math.min(this.left, Math.max(0, slot.cells));
      this.left -= take;
      slot.cells -= take;
      return this.left === 0;
    },
  });
  const a = board(70), b = board(70);
  env.scheduler.put(a, 1);
  env.scheduler.put(b, 1);
  env.tick();
  assert.deepEqual(seen, [100, 30]);                   // the second board gets what the first left
  assert.equal(a.left + b.left, 40);
  while (env.tick());
  assert.equal(a.left + b.left, 0);
});

test("Pass: a look replaced mid-drawing goes on from where it stopped", () => {
  const pass = new Pass();
  const drawn = [];
  const a = [1, 1, 1, 1, 1, 1];
  assert.equal(pass.run(a, 6, (i) => a[i], (i) => drawn.push(i), { most: 4 }), false);
  assert.deepEqual(drawn, [0, 1, 2, 3]);
  const b = [2, 2, 2, 2, 2, 2];
  assert.equal(pass.run(b, 6, (i) => b[i], (i) => drawn.push(i), { most: 3 }), false);
  assert.deepEqual(drawn.slice(4), [4, 5, 0]);         // round from cell 4, not from cell 0
  assert.equal(pass.run(b, 6, (i) => b[i], (i) => drawn.push(i)), true);
  assert.deepEqual(drawn.slice(7), [1, 2, 3]);         // cells 4, 5, 0 already show b
  pass.reset();
  assert.equal(pass.run(b, 6, (i) => b[i], (i) => drawn.push(i)), true);
  assert.equal(pass.drawn, 6);                         // after a reset every cell again
});

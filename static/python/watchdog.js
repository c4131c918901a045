// When a worker's silence means it is stuck, not slow (docs/protocol.md, "Worker messages"). Pure,
// so node tests drive it with their own clock. A stuck worker (a Python loop that never yields)
// never sends again; a slow one (a phone's CPU, a loaded machine) sends, only late. Two things
// tell them apart here: silence counts only while the page's own thread could have heard the
// worker (a check that comes late means the page was held, and messages may wait behind it), and
// the silence allowed grows with the slowest gap this worker has shown while streaming, up to a
// ceiling that still catches a hang within 10 s.

export const CHECK_MS = 250;        // the page looks at its workers this often
export const STALL_MS = 3000;       // the least silence taken for a hang while a run streams
export const HANG_MS = 8000;        // the most: with a check's lateness, a hang is caught within 10 s
export const PACE_FACTOR = 8;       // silence allowed: this many times the slowest gap seen
const LATE_MS = 1000;               // a check this late: the page's thread was held meanwhile

export class Silence {
  constructor(now, { stallMs = STALL_MS, hangMs = HANG_MS } = {}) {
    Object.assign(this, { stallMs, hangMs });
    this.slowest = 0;               // the longest gap between two messages of a streaming run so far
    this.restart(now);
    this.checkedAt = now;
  }

  // The wait starts afresh (a worker made, a run sent, a barrier settled): no gap of the worker's pace.
  restart(now) {
    this.heardAt = now;
    this.held = 0;                  // of the time since, how long the page's thread was held
  }

  // A message came; `streaming`: the worker holds a run that streams, so the gap shows its pace.
  heard(now, streaming) {
    if (streaming) this.slowest = Math.max(this.slowest, now - this.heardAt - this.held);
    this.restart(now);
  }

  // The silence a streaming run may keep before its worker is taken for stuck.
  allowance() {
    return Math.min(this.hangMs, Math.max(this.stallMs, PACE_FACTOR * this.slowest));
  }

  // At each of the page's checks: the silence that counts, i.e. the time since the last message
  // less the time the page's thread could not listen (a check more than LATE_MS after the last).
  check(now) {
    const since = now - this.checkedAt;
    if (since > LATE_MS) this.held += since - CHECK_MS;
    this.checkedAt = now;
    return now - this.heardAt - this.held;
  }
}

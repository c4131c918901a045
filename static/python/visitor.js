// The trust boundary in the page: the one place where code the lab did not write — a visitor's
// solver — meets the lab (docs/visitor-solver.md, "The trust boundary"; natively py/sudoku_lab/visitor.py).
//
// A visitor's text never runs in the page's own worker or in the pool's: each run of it gets a
// worker of its own, named VISITOR (worker.js then gives up the network and the origin's storage
// before any of the text runs: lockdown.js), and that worker is ended with the run, so nothing
// the run did meets a later run. Loading a text for its schema (the form's parameters) and
// vetting its parameters happen in one more such worker, the editor's, which never runs a run.
// Every message from these workers is checked against the protocol (messages.js) before the
// page reads it; a progress frame's counts are recounted here from its board; and the result is
// the page's own reading of its board (LabWorker.run: rules/claim.js), so a forged message, a
// patched module or a crash cannot make the page say "Solved" over a wrong board.
import { LabWorker, WorkerLost } from "./client.js";
import { VISITOR } from "./lockdown.js";
import { visitorMessageProblem } from "./messages.js";
import { boardCells, measures } from "../rules/claim.js";

// What the editor's worker answers for a text whose top level held it until it was ended: that
// text is not loaded again until it changes (a fresh worker would only be held again).
export const HELD_TEXT = "This code held its worker without finishing loading, so the worker was ended; " +
  "it is not loaded again until you change it (look for a loop at its top level).";

export class Visitors {
  // onLost(reason): a visitor's worker was ended (hung, crashed, or broke the protocol);
  // spawn(options): a LabWorker (node tests give fakes).
  constructor({ onLost = () => {}, spawn = (options) => new LabWorker(options) } = {}) {
    Object.assign(this, { onLost, spawn });
    this.spare = null;               // a fresh worker, loading ahead of the next run
    this.editor = null;              // the editor's worker: schemas and vetting, never a run
    this.held = new Set();           // texts whose top level held the editor's worker
  }

  worker() {
    return this.spawn({ name: VISITOR, messageProblem: visitorMessageProblem, replace: false, onLost: (reason) => this.onLost(reason) });
  }

  // Have a fresh worker loading, so the next run of a visitor's text starts without waiting.
  warm() {
    if (!this.spare) this.spare = this.worker();
  }

  // One run of a visitor's text (spec.code), in a fresh worker ended with the run; as LabWorker.run,
  // and `loading`: that worker was still loading Python (the run starts once it is ready).
  run(spec, onFrame = () => {}) {
    const w = this.spare || this.worker();
    this.spare = null;
    const N = Math.round(Math.sqrt(spec.puzzle.length));
    const loading = !w.ready;
    const handle = w.run(spec, (msg) => onFrame(recounted(msg, N)));
    const done = handle.done.finally(() => { w.terminate(); this.warm(); });
    return { ...handle, done, loading };
  }

  editorWorker() {
    if (!this.editor || this.editor.failure) this.editor = this.worker();
    return this.editor;
  }

  // A text's schema ({ok, schema, sha256} or its error and line), loaded in the editor's worker.
  async own(code) {
    this.warm();
    if (this.held.has(code.text)) return { ok: false, field: "code", message: HELD_TEXT, line: null };
    try {
      return await this.editorWorker().own(code);
    } catch (err) {
      if (err instanceof WorkerLost) this.held.add(code.text);
      throw err;
    }
  }

  vet(request) {
    return this.editorWorker().vet(request);
  }

  terminate() {
    for (const w of [this.spare, this.editor]) if (w) w.terminate();
    this.spare = this.editor = null;
  }
}

// A progress frame with its board's counts recounted by the page (the live board's clashing
// cells, the status line's conflicts and open cells), whatever the worker said of them.
export function recounted(msg, N) {
  const p = msg.progress;
  const board = p && boardCells(p.board, N);
  if (!p) return msg;
  if (!board) return { ...msg, progress: undefined };
  return { ...msg, progress: { ...p, ...measures(board), overlay: null } };     // a visitor's overlay is not drawn
}

// The page's handle on its worker with a visitor's code sent to `visitors`: a run, a vet or a
// schema that carries code goes there; everything else to the page's own worker.
export function routed(worker, visitors) {
  const byCode = {
    run: (spec, onFrame) => (spec.code ? visitors.run(spec, onFrame) : worker.run(spec, onFrame)),
    vet: (request) => (request.code ? visitors.vet(request) : worker.vet(request)),
    own: (code) => visitors.own(code),
  };
  return new Proxy(worker, {
    get(target, key) {
      if (key in byCode) return byCode[key];
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// Why a visitor's worker was ended, in the visitor's words (the reason as LabWorker gives it).
export function visitorLostWords(reason) {
  const silent = /^it stopped answering for ([\d.]+) s$/.exec(reason);
  return silent
    ? `it held its worker for ${silent[1]} s without yielding (each step must end with yield Progress(...))`
    : reason;
}

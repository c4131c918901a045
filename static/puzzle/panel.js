// The puzzle, shared by every view: the paste box, Load, Clear, the examples, typing on the
// board, and what the worker says of the puzzle (givens, clashing givens, then its rating:
// the solution count and how far human logic gets).
// A paste is read on the main thread at once (rules/parse.js, a mirror of the Python parser)
// so the board shows before Python has loaded; Python re-checks everything it is sent.
//
// The board belongs to the puzzle except in the Solve view while a run is on it (running or
// finished): then solve/view.js paints the run.
import { boardToString } from "../rules/parse.js";
import { readPuzzleList } from "../rules/puzzle-list.js";
import { BoardEditor } from "../draw/board-editor.js";
import { markField } from "../settings/params.js";
import { keysIn } from "../rules/table.js";
import { boxTextFor, loadsOnPaste, readPaste, readText, startLoadsPaste, typedPuzzle } from "./paste.js";
import { countFoundNothing, makingNote, puzzleLine, ratingLine, ratingWaitLine, solvedByRun } from "./line.js";

export const EXAMPLE_FILES = [["puzzles/papers.txt", "The papers' puzzles"], ["puzzles/sizes.txt", "Other sizes"]];

// The puzzle the page opens with (a link's replaces it): sato-29-medium of puzzles/papers.txt (the
// Sato & Inoue test set; its source in puzzles/SOURCES.md). hill_climb, the first solver, searches
// it for 2,320 iterations at seed 1 (about 2 s in the page), long enough to watch; sato-01-easy,
// the default before, it solved in 17.
export const DEFAULT_PUZZLE = "..1.8.......3.475..6..5....8.6..2349..9......3.4..8172.3..7.......8.156...2.3....";

// Whether the board shows the Solve view's run rather than the bare puzzle.
export const boardShowsRun = (s) => !s.making && s.view === "solve" && ((s.running && s.running.kind === "solve") || !!s.results.solve);

// openLink(hash): opens one of the lab's own share links pasted into the box (page/open-link.js).
export function mountPuzzle(store, actions, worker, board, openLink) {
  const $ = (id) => document.getElementById(id);
  const ui = { input: $("puzzle-input"), load: $("load-puzzle"), clear: $("clear-board"), examples: $("examples"),
    info: $("puzzle-info"), rating: $("puzzle-rating"), making: $("board-making") };
  // A value typed on the board (0 clears): the puzzle changes, the paste box and link follow.
  const editor = new BoardEditor(board, (index, value) => {
    const puzzle = typedPuzzle(store.state, index, value);
    if (!puzzle) return;
    actions.clearNotice();
    actions.setPuzzle(puzzle);
  });
  const paste = mountPasteBox(store, actions, ui, openLink);
  ui.clear.addEventListener("click", () => {
    const s = store.state;
    if (s.running || !s.puzzle) return;
    actions.clearNotice();
    actions.setPuzzle({ n: s.puzzle.n, cells: s.puzzle.cells.map(() => 0) });
  });

  mountPuzzleBoard(store, board, ui.making);
  mountPuzzleLine(store, ui.info, ui.rating);
  mountCheck(store, actions, worker, ui.rating);
  loadExamples(ui.examples);
  store.on(["running"], (s) => {
    const on = !!s.running;
    for (const el of [ui.load, ui.examples, ui.clear]) el.disabled = on;
    editor.setEnabled(!on);
  });

  return paste;
}

// The paste box, Load and the examples: a text read into the puzzle (`loadText`), and the box
// following the puzzle set from elsewhere. `takePaste()`: Start takes the box's puzzle when the
// box holds one the board does not show (typed or pasted, Load not pressed); false when its
// text cannot be read (its problem marked): nothing starts (actions.start says why).
function mountPasteBox(store, actions, ui, openLink) {
  let readFrom = null;                         // {puzzle, text}: the puzzle last read from a text, and that text
  let edited = false;                          // the box typed into since a puzzle was last set (or loaded)
  // `file`: the name of the file the text came from (puzzle/file.js), for the puzzle line.
  function loadText(text, file = null) {
    const read = readPaste(text, file);
    if (read.link) {
      openLink(read.link);
      return true;
    }
    if (!read.puzzle) {
      // the text stays in the box to be mended; the board, which still shows the last puzzle, says so
      const kept = store.state.puzzle ? " The board keeps the puzzle it had." : "";
      actions.notify(read.problem + kept, "paste");
      actions.setProblem("p", read.problem);             // and the box is marked (aria-invalid) until it reads
      return false;
    }
    readFrom = { puzzle: read.puzzle, text };
    actions.clearNotice("paste");
    actions.setPuzzle(read.puzzle);
    if (store.state.problems.size) actions.reportProblems();
    return true;
  }
  const takePaste = () => (startLoadsPaste(edited, ui.input.value, store.state.puzzle) ? loadText(ui.input.value) : true);

  // A marked box stays marked while its text cannot be read, with that text's message; it is
  // cleared once the text reads (a bad paste leaves the box aria-invalid).
  ui.input.addEventListener("input", () => {
    edited = true;
    if (store.state.problems.has("p")) {
      const { problem } = readText(ui.input.value);
      if (problem) actions.setProblem("p", problem); else actions.fieldEdited("p");
    }
    store.set({ paste: ui.input.value });
  });
  // A paste that reads is loaded at once, as a dropped file is: the board shows what was pasted;
  // the box's text is never touched.
  ui.input.addEventListener("paste", () => setTimeout(() => {
    const text = ui.input.value;
    if (ui.load.disabled || !text.trim()) return;
    if (loadsOnPaste(text)) loadText(text);
  }, 0));
  ui.load.addEventListener("click", () => loadText(ui.input.value));
  ui.examples.addEventListener("change", () => {
    if (!ui.examples.value) return;
    store.set({ paste: ui.examples.value });
    loadText(ui.examples.value);
    ui.examples.value = "";
  });

  store.on(["paste"], (s) => { if (ui.input.value !== s.paste) ui.input.value = s.paste; });
  store.on(["problems"], (s) => markField(ui.input, s.problems.get("p") || null));
  // a puzzle from elsewhere shows in the paste box (a pasted text that reads as it stays as typed)
  store.on(["puzzle"], (s) => {
    edited = false;                          // the box now shows (or was read for) the puzzle set
    if (!s.puzzle) return;
    const text = boxTextFor(s.puzzle, s.paste, readFrom);
    if (text !== null) store.set({ paste: text });
  });
  return { loadText, takePaste };
}

// The board shows the puzzle (its clashing givens marked) unless the Solve view's run is on it;
// while the generator makes a puzzle, it is that puzzle's size, empty, and says what it is making;
// with no puzzle (a link's that cannot be used), an empty board of the last size.
function mountPuzzleBoard(store, board, makingEl) {
  let makingShown = null;
  let lastN = 0;                              // the box size of the puzzle shown last
  store.on(["puzzle", "check", "view", "running", "results", "making"], (s) => {
    makingEl.hidden = !s.making;
    if (s.making) {
      makingEl.textContent = makingNote(s.making);
      if (makingShown !== s.making.spec) {
        makingShown = s.making.spec;
        const empty = new Array(s.making.n ** 4).fill(0);
        board.show(empty, empty);
      }
      return;
    }
    makingShown = null;
    if (!s.puzzle) {
      const cells = new Array((lastN || 3) ** 4).fill(0);
      board.show(cells, cells);
      return;
    }
    lastN = s.puzzle.n;
    if (boardShowsRun(s)) return;
    board.show(s.puzzle.cells, s.puzzle.cells, new Set((s.check && s.check.clashes) || []));
  });
}

// The puzzle line and the rating line, worded by line.js; their test hooks drawn from the state.
function mountPuzzleLine(store, info, rating) {
  store.on(["check", "puzzle", "making", "results", "problems"], (s) => {
    const line = puzzleLine(s);
    info.textContent = line.text;
    if (line.generating) info.dataset.generating = "true"; else delete info.dataset.generating;
    if (line.solutions === null) delete info.dataset.solutions; else info.dataset.solutions = line.solutions;
    if (line.givens !== null) info.dataset.givens = String(line.givens);
    else if (!line.generating) delete info.dataset.givens;      // while a puzzle is made, the last givens stay
    if (s.making) return;
    if (!s.puzzle) {
      rating.textContent = "";
      for (const k of ["givens", "p", "logicCells", "hardestMove", "needsSearch", "wait"]) delete rating.dataset[k];
      return;
    }
    const N = s.puzzle.n * s.puzzle.n;
    const r = s.check && s.check.rating;
    rating.dataset.givens = String(line.givens);
    rating.dataset.p = (line.givens / (N * N)).toFixed(4);
    delete rating.dataset.wait;
    if (r) {
      rating.dataset.logicCells = String(r.logic_cells);
      rating.dataset.hardestMove = r.hardest_move || "";
      rating.dataset.needsSearch = r.needs_search ? "true" : "false";
    } else {
      for (const k of ["logicCells", "hardestMove", "needsSearch"]) delete rating.dataset[k];
    }
    rating.textContent = ratingLine(r, line.givens, N);
  });
}

// Every new puzzle (and every fresh worker) is checked: clashes at once, the count in slices.
// A check sent while Python loads waits in the worker's queue.
// Keyed on the puzzle itself, not its text: every puzzle set (the same text loaded again, or
// after a link left no puzzle) has its check reset to null by setPuzzle, so it is checked anew.
function mountCheck(store, actions, worker, rating) {
  let checked = null;                // {puzzle, generation}: the puzzle last sent, with the worker it went to
  store.on(["puzzle", "ready"], async (s) => {
    const puzzle = s.puzzle;
    if (!puzzle) return;
    if (checked && checked.puzzle === puzzle && checked.generation === worker.generation) return;
    checked = { puzzle, generation: worker.generation };
    const text = boardToString(puzzle.cells);
    const current = () => store.state.puzzle === puzzle;
    let first, rated;
    try {
      first = await worker.check(text);
      if (!current()) return;
      if (!first.ok) { actions.notify(first.message, "check"); return; }
      store.set({ check: { givens: first.givens, clashes: first.cells || [], message: first.message || "" } });
      if (first.message) actions.notify(first.message, "check");
      rated = await worker.rate(text, (w) => {
        if (!current() || (store.state.check && store.state.check.rating)) return;
        rating.dataset.wait = w.stage;
        rating.textContent = ratingWaitLine(w, Number(rating.dataset.p || 0));
      }, testCountBudget());
    } catch { checked = null; return; }        // the worker was lost: the next `ready` checks again
    if (rated.superseded || !current()) return;
    const r = rated.ok ? rated.result : null;
    store.set({ check: { ...store.state.check, solutions: r ? r.solutions : null, rating: r } });
    if (r && r.message && !first.message && !(countFoundNothing(r) && solvedByRun(store.state))) {
      actions.notify(r.message, countFoundNothing(r) ? "count" : "check", r.out_of_time ? "info" : "error");
    }
  });
  store.on(["results"], (s) => { if (solvedByRun(s)) actions.clearNotice("count"); });
}

// The count budget a test asked for through `data-rate-seconds` on <html> (docs/page.md, "Test
// hooks"), in seconds; null (a visitor's page, which never has it): the package's own.
function testCountBudget() {
  const seconds = Number(document.documentElement.dataset.rateSeconds);
  return seconds > 0 ? seconds : null;
}

// The examples menu: the puzzles of the example files, a group each (one that cannot be fetched is left out).
async function loadExamples(select) {
  for (const [path, label] of EXAMPLE_FILES) {
    let list;
    try {
      const r = await fetch(path);
      if (!r.ok) continue;
      list = readPuzzleList(await r.text());
    } catch { continue; }
    const group = document.createElement("optgroup");
    group.label = label;
    for (const { name, puzzle } of list) group.appendChild(new Option(name, puzzle));
    select.appendChild(group);
  }
}

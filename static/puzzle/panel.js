// The puzzle, shared by every view: the paste box, Load, Clear, the examples, typing on the
// board, and what the worker says of the puzzle (givens, clashing givens, then its rating:
// the solution count and how far human logic gets).
// A paste is read on the main thread at once (rules/parse.js, a mirror of the Python parser)
// so the board shows before Python has loaded; Python re-checks everything it is sent.
//
// The board belongs to the puzzle except in the Solve view while a run is on it (running or
// finished): then solve/view.js paints the run.
import { parsePuzzle, boardToString, PuzzleError } from "../rules/parse.js";
import { labLinkFragment } from "../rules/links.js";
import { readPuzzleList } from "../rules/puzzle-list.js";
import { BoardEditor } from "../draw/board-editor.js";
import { markField } from "../settings/params.js";
import { keysIn } from "../settings/table.js";

export const EXAMPLE_FILES = [["puzzles/papers.txt", "The papers' puzzles"], ["puzzles/sizes.txt", "Other sizes"]];

// Whether the board shows the Solve view's run rather than the bare puzzle.
export const boardShowsRun = (s) => !s.making && s.view === "solve" && ((s.running && s.running.kind === "solve") || !!s.results.solve);

// The settings that name a link's puzzle (the settings table's): while one is marked, the board
// has no puzzle because of it.
const LINK_PUZZLE_KEYS = ["p", "g", ...keysIn("generator")];

// The text the paste box shows for a puzzle that came from elsewhere (a link, typing, Clear).
const textOf = (puzzle) => (puzzle.cells.every((v) => !v) ? "" : boardToString(puzzle.cells));

// Does `text` read as `puzzle` (however it is written)? An unreadable text does not.
function readsAs(text, puzzle) {
  try {
    return boardToString(parsePuzzle(text).cells) === boardToString(puzzle.cells);
  } catch (err) {
    if (!(err instanceof PuzzleError)) throw err;
    return false;
  }
}

// openLink(hash): opens one of the lab's own share links pasted into the box (page/open-link.js).
export function mountPuzzle(store, actions, worker, board, openLink) {
  const $ = (id) => document.getElementById(id);
  const ui = { input: $("puzzle-input"), load: $("load-puzzle"), clear: $("clear-board"), examples: $("examples"),
    info: $("puzzle-info"), rating: $("puzzle-rating"), making: $("board-making") };
  const editor = new BoardEditor(board, editCell);

  // ------------------------------------------------------------------ visitor -> state
  let readFrom = null;                         // {puzzle, text}: the puzzle last read from a text, and that text
  // `file`: the name of the file the text came from (puzzle/file.js), for the puzzle line.
  function loadText(text, file = null) {
    const labLink = labLinkFragment(text);     // the lab's own share link: its settings too
    if (labLink) {
      openLink(labLink);
      return true;
    }
    try {
      const puzzle = { ...parsePuzzle(text), ...(file ? { file } : {}) };    // its form named on the puzzle line
      readFrom = { puzzle, text };
      actions.clearNotice("paste");
      actions.setPuzzle(puzzle);
      if (store.state.problems.size) actions.reportProblems();
      return true;
    } catch (err) {
      if (!(err instanceof PuzzleError)) throw err;
      actions.notify(err.message, "paste");            // the text stays in the box to be mended
      actions.setProblem("p", err.message);             // and the box is marked (aria-invalid) until it reads
      return false;
    }
  }

  // Start takes the paste box's puzzle when the box holds one the board does not show (typed or
  // pasted, Load not pressed): a run is of the puzzle the visitor sees in the box, never silently
  // of the one before. Returns false when the box's text cannot be read (its problem marked):
  // nothing starts (actions.start says why).
  let edited = false;                          // the box typed into since a puzzle was last set (or loaded)
  function takePaste() {
    const s = store.state;
    const text = ui.input.value;
    if (!edited || !text.trim()) return true;  // the box shows what was set (a link's, a made puzzle's), not a new paste
    if (s.puzzle && !labLinkFragment(text) && readsAs(text, s.puzzle)) return true;   // typed, but the board's puzzle
    return loadText(text);                     // unreadable: its problem marked, and Start says so
  }

  // A value typed on the board (0 clears): the puzzle changes, the paste box and link follow.
  function editCell(index, value) {
    const s = store.state;
    if (s.running || s.making || !s.puzzle || s.puzzle.cells[index] === value) return;
    const cells = s.puzzle.cells.slice();
    cells[index] = value;
    actions.clearNotice();
    actions.setPuzzle({ n: s.puzzle.n, cells });
  }

  // A marked box stays marked while its text cannot be read, with that text's message; it is
  // cleared once the text reads (issue 27: a bad paste leaves the box aria-invalid).
  ui.input.addEventListener("input", () => {
    edited = true;
    if (store.state.problems.has("p")) {
      let message = null;
      try { parsePuzzle(ui.input.value); } catch (err) {
        if (!(err instanceof PuzzleError)) throw err;
        message = err.message;
      }
      if (message) actions.setProblem("p", message); else actions.fieldEdited("p");
    }
    store.set({ paste: ui.input.value });
  });
  ui.load.addEventListener("click", () => loadText(ui.input.value));
  ui.clear.addEventListener("click", () => {
    const s = store.state;
    if (s.running || !s.puzzle) return;
    actions.clearNotice();
    actions.setPuzzle({ n: s.puzzle.n, cells: s.puzzle.cells.map(() => 0) });
  });
  ui.examples.addEventListener("change", () => {
    if (!ui.examples.value) return;
    store.set({ paste: ui.examples.value });
    loadText(ui.examples.value);
    ui.examples.value = "";
  });

  // ------------------------------------------------------------------ state -> page
  store.on(["paste"], (s) => { if (ui.input.value !== s.paste) ui.input.value = s.paste; });
  store.on(["problems"], (s) => markField(ui.input, s.problems.get("p") || null));

  // a puzzle from elsewhere shows in the paste box (a pasted text that reads as it stays as typed)
  store.on(["puzzle"], (s) => {
    edited = false;                          // the box now shows (or was read for) the puzzle set
    if (!s.puzzle) return;
    const same = (!!readFrom && readFrom.puzzle === s.puzzle && readFrom.text === s.paste)   // read from the box: not again
      || readsAs(s.paste, s.puzzle);
    if (!same) store.set({ paste: textOf(s.puzzle) });
  });

  // While the generator makes a puzzle, the board is that puzzle's size, empty, and says what it is making.
  let makingShown = null;
  let lastN = 0;                              // the box size of the puzzle shown last
  store.on(["puzzle", "check", "view", "running", "results", "making"], (s) => {
    ui.making.hidden = !s.making;
    if (s.making) {
      const N = s.making.n * s.making.n;
      ui.making.textContent = `Making the puzzle ${s.making.spec} (${N}×${N})…` +
        (s.making.waiting ? " Start waits for it." : " Start waits for it if pressed.");
      if (makingShown !== s.making.spec) {
        makingShown = s.making.spec;
        const empty = new Array(N * N).fill(0);
        board.show(empty, empty);
      }
      return;
    }
    makingShown = null;
    if (!s.puzzle) {                          // a link's puzzle that cannot be read: an empty board, no other puzzle
      const cells = new Array((lastN || 3) ** 4).fill(0);
      board.show(cells, cells);
      return;
    }
    lastN = s.puzzle.n;
    if (boardShowsRun(s)) return;
    board.show(s.puzzle.cells, s.puzzle.cells, new Set((s.check && s.check.clashes) || []));
  });

  store.on(["running"], (s) => {
    const on = !!s.running;
    for (const el of [ui.load, ui.examples, ui.clear]) el.disabled = on;
    editor.setEnabled(!on);
  });

  store.on(["check", "puzzle", "making", "results", "problems"], (s) => {
    if (s.making) { showMaking(s.making); return; }
    delete ui.info.dataset.generating;
    if (!s.puzzle) {
      for (const k of ["solutions", "givens"]) delete ui.info.dataset[k];
      ui.info.textContent = LINK_PUZZLE_KEYS.some((k) => s.problems.has(k))
        ? "No puzzle on the board: the link gives none that can be used (see the message)."
        : "No puzzle on the board yet: Load puzzle (or Start) reads the paste box.";
      ui.rating.textContent = "";
      for (const k of ["givens", "p", "logicCells", "hardestMove", "needsSearch", "wait"]) delete ui.rating.dataset[k];
      return;
    }
    const givens = s.puzzle.cells.filter((v) => v).length;
    const N = s.puzzle.n * s.puzzle.n;
    ui.info.dataset.givens = String(givens);
    const c = s.check;
    const from = s.puzzle.spec ? ` · generated (${s.puzzle.spec})`
      : s.puzzle.form ? ` · read as ${s.puzzle.form}${s.puzzle.file ? ` from ${s.puzzle.file}` : ""}` : "";
    // a Solve run on this puzzle (its results go with the puzzle) that found a verified solution
    const solved = solvedByRun(s);
    if (!c || c.solutions === undefined) {
      delete ui.info.dataset.solutions;
      ui.info.textContent = `${N}×${N} · ${givens} givens${from} · ` +
        (solved ? "at least one solution (a run found one) · checking whether it is the only one…" : "checking…");
    } else {
      const words = { 0: "no solution", 1: "exactly one solution", 2: "several solutions" };
      ui.info.dataset.solutions = c.solutions === null ? "unknown" : String(c.solutions);
      const found = c.rating && c.rating.verdict === "at least one";   // exact.Count.verdict
      const budget = c.rating && c.rating.out_of_time ? "the count's time budget ran out" : "the search's budget ran out";
      const unknown = found ? `at least one solution (${budget} before it could say whether it is the only one)`
        : solved ? `at least one solution (a run found one; ${budget} before it could say whether it is the only one)`
          : `solution count unknown (${budget})`;
      ui.info.textContent = `${N}×${N} · ${givens} givens${from} · ` + (c.solutions === null ? unknown : words[c.solutions]);
    }
    showRating(c && c.rating, givens, N);
  });

  // While the generator makes a puzzle: what it makes, and how far it is (generate.generate_steps'
  // progress: the fill's search nodes, then unique mode's cells removed of those to remove).
  function showMaking(m) {
    const [size, p, seed, unique] = m.spec.split(":");
    const g = m.progress;
    const far = !g || g.stage === undefined ? ""
      : g.stage === "fill" ? ` filling the grid: ${g.nodes.toLocaleString("en")} search nodes, ${g.elapsed.toFixed(1)} s`
        : ` removed ${g.removed.toLocaleString("en")} of ${g.to_remove.toLocaleString("en")} cells ` +
          `(${g.tried.toLocaleString("en")} tried), ${g.elapsed.toFixed(1)} s`;
    ui.info.dataset.generating = "true";                  // a test hook, drawn from the state
    delete ui.info.dataset.solutions;
    ui.info.textContent = `Generating a ${size}×${size} (p = ${p}, seed ${seed}${unique ? ", unique" : ""})…${far}`;
  }

  // While the rating works: its stage, and for the count its nodes and seconds against its
  // budget (rate.RATE_SECONDS), so a large puzzle's line never just says "checking…".
  function showWait(p) {
    const secs = `${p.elapsed.toFixed(1)} s of ${p.budget} s`;
    ui.rating.dataset.wait = p.stage;
    ui.rating.textContent = `p = ${Number(ui.rating.dataset.p || 0).toFixed(2)} · ` + (p.stage === "logic" ? "rating… logic at work"
      : `rating… logic settles ${p.logic_cells} cells; counting solutions: ${p.nodes.toLocaleString("en")} search nodes, ${secs}`);
  }

  // How hard the puzzle is: p, how many empty cells human logic settles, the hardest move it
  // needed, or that it needs search (sudoku_lab.rate).
  function showRating(r, givens, N) {
    const el = ui.rating;
    el.dataset.givens = String(givens);
    el.dataset.p = (givens / (N * N)).toFixed(4);
    delete el.dataset.wait;
    if (!r) {
      for (const k of ["logicCells", "hardestMove", "needsSearch"]) delete el.dataset[k];
      el.textContent = `p = ${(givens / (N * N)).toFixed(2)} · rating…`;
      return;
    }
    el.dataset.logicCells = String(r.logic_cells);
    el.dataset.hardestMove = r.hardest_move || "";
    el.dataset.needsSearch = r.needs_search ? "true" : "false";
    el.textContent = `p = ${r.p.toFixed(2)} · ${r.summary}`;
  }

  // ------------------------------------------------------------------ the check
  // Every new puzzle (and every fresh worker) is checked: clashes at once, the count in slices.
  // A check sent while Python loads waits in the worker's queue.
  // Keyed on the puzzle itself, not its text: every puzzle set (the same text loaded again, or
  // after a link left no puzzle) has its check reset to null by setPuzzle, so it is checked anew.
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
      rated = await worker.rate(text, (p) => {
        if (current() && !(store.state.check && store.state.check.rating)) showWait(p);
      });
    } catch { checked = null; return; }        // the worker was lost: the next `ready` checks again
    if (rated.superseded || !current()) return;
    const rating = rated.ok ? rated.result : null;
    store.set({ check: { ...store.state.check, solutions: rating ? rating.solutions : null, rating } });
    if (rating && rating.message && !first.message && !(countFoundNothing(rating) && solvedByRun(store.state))) {
      actions.notify(rating.message, countFoundNothing(rating) ? "count" : "check", rating.out_of_time ? "info" : "error");
    }
  });

  // The count ran out of time before it found a solution: its notice says so, which a Solve run
  // that verified one makes untrue (the puzzle line then says "at least one solution").
  function countFoundNothing(r) { return r.out_of_time && r.solutions === null && r.verdict !== "at least one"; }
  function solvedByRun(s) { return !!(s.results.solve && s.results.solve.result && s.results.solve.result.solved); }
  store.on(["results"], (s) => { if (solvedByRun(s)) actions.clearNotice("count"); });

  // ------------------------------------------------------------------ examples
  (async () => {
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
      ui.examples.appendChild(group);
    }
  })();

  return { loadText, takePaste };
}

// Where the Solver panel stands: what Start runs, next to Start. On a wide screen (the two
// columns, over 800 px) it moves into the view on screen — in Solve right under Start and Stop,
// in Race and Experiment right over the Entries and "Add entry" — while the shared panels (Puzzle,
// Generate) stay under the board; in one column (a phone), and in Solve beside a board of 36×36
// and more (whose column must hold the board, Start, the status and the chart in one screen),
// it stays with the shared panels, where it is folded and unfolded (page/folds.js)
// (docs/page.md, "The page").
const WIDE = "(min-width: 801px)";
const LARGE_SIDE = 36;

export function mountSolverHome(store) {
  const panel = document.getElementById("solver-panel");
  const shared = { parent: panel.parentElement, next: panel.nextElementSibling };
  const homes = { solve: document.getElementById("solve-solver-home"), compare: document.getElementById("compare-solver-home") };
  const wide = window.matchMedia(WIDE);

  function place() {
    const s = store.state;
    const side = s.puzzle ? s.puzzle.n * s.puzzle.n : 9;
    const home = !wide.matches ? null : s.view === "solve" ? (side < LARGE_SIDE ? homes.solve : null) : homes.compare;
    const where = home || shared.parent;
    if (panel.parentElement === where) return;
    const focused = panel.contains(document.activeElement) ? document.activeElement : null;
    if (home) home.append(panel);
    else shared.parent.insertBefore(panel, shared.next);
    if (focused) focused.focus({ preventScroll: true });       // a move never takes the caret away
    panel.dataset.home = home ? home.id : "shared";
  }
  store.on(["view", "puzzle"], place);
  wide.addEventListener("change", place);
  place();
}

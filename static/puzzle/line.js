// The puzzle line's wording (puzzle-info, puzzle-rating, board-making; docs/page.md, "Test
// hooks"), from the state alone: pure, node-tested (tests/js/puzzle-line.test.mjs). panel.js
// writes it.
import { keysIn } from "../rules/table.js";

// The settings that name a link's puzzle (the settings table's): while one is marked, the board
// has no puzzle because of it.
const LINK_PUZZLE_KEYS = ["p", "g", ...keysIn("generator")];
const COUNT_WORDS = { 0: "no solution", 1: "exactly one solution", 2: "several solutions" };

// A Solve run on this puzzle (its results go with the puzzle) found a verified solution.
export const solvedByRun = (s) => !!(s.results.solve && s.results.solve.result && s.results.solve.result.solved);

// The count ran out of time before it found a solution (its notice says so, which a run that
// verified one makes untrue).
export const countFoundNothing = (r) => r.out_of_time && r.solutions === null && r.verdict !== "at least one";

// Over the board while the generator makes a puzzle: what it makes, and whether a Start waits.
export function makingNote(m) {
  const N = m.n * m.n;
  return `Making the puzzle ${m.spec} (${N}×${N})…` + (m.waiting ? " Start waits for it." : " Start waits for it if pressed.");
}

// While the generator makes a puzzle: what it makes, and how far it is (generate.generate_steps'
// progress: the fill's search nodes, then unique mode's cells removed of those to remove).
export function makingLine(m) {
  const [size, p, seed, unique] = m.spec.split(":");
  const g = m.progress;
  const far = !g || g.stage === undefined ? ""
    : g.stage === "fill" ? ` filling the grid: ${g.nodes.toLocaleString("en")} search nodes, ${g.elapsed.toFixed(1)} s`
      : ` removed ${g.removed.toLocaleString("en")} of ${g.to_remove.toLocaleString("en")} cells ` +
        `(${g.tried.toLocaleString("en")} tried), ${g.elapsed.toFixed(1)} s`;
  return `Generating a ${size}×${size} (p = ${p}, seed ${seed}${unique ? ", unique" : ""})…${far}`;
}

// The puzzle line: {text, givens, solutions} — givens and solutions (`0`, `1`, `2`, `unknown`)
// as its test hooks say them, null when it has none; `generating` while a puzzle is made.
export function puzzleLine(s) {
  if (s.making) return { text: makingLine(s.making), givens: null, solutions: null, generating: true };
  if (!s.puzzle) {
    return { givens: null, solutions: null, generating: false,
      text: LINK_PUZZLE_KEYS.some((k) => s.problems.has(k))
        ? "No puzzle on the board: the link gives none that can be used (see the message)."
        : "No puzzle on the board yet: Load puzzle (or Start) reads the paste box." };
  }
  const givens = s.puzzle.cells.filter((v) => v).length;
  const N = s.puzzle.n * s.puzzle.n;
  const c = s.check;
  const from = s.puzzle.spec ? ` · generated (${s.puzzle.spec})`
    : s.puzzle.form ? ` · read as ${s.puzzle.form}${s.puzzle.file ? ` from ${s.puzzle.file}` : ""}` : "";
  const head = `${N}×${N} · ${givens} givens${from} · `;
  const solved = solvedByRun(s);
  if (!c || c.solutions === undefined) {
    return { givens, solutions: null, generating: false,
      text: head + (solved ? "at least one solution (a run found one) · checking whether it is the only one…" : "checking…") };
  }
  const found = c.rating && c.rating.verdict === "at least one";   // exact.Count.verdict
  const budget = c.rating && c.rating.out_of_time ? "the count's time budget ran out" : "the search's budget ran out";
  const unknown = found ? `at least one solution (${budget} before it could say whether it is the only one)`
    : solved ? `at least one solution (a run found one; ${budget} before it could say whether it is the only one)`
      : `solution count unknown (${budget})`;
  return { givens, generating: false, solutions: c.solutions === null ? "unknown" : String(c.solutions),
    text: head + (c.solutions === null ? unknown : COUNT_WORDS[c.solutions]) };
}

// The rating line: how hard the puzzle is (sudoku_lab.rate) — p, how many empty cells human logic
// settles, the hardest move it needed, or that it needs search; "rating…" until it comes.
export function ratingLine(r, givens, N) {
  if (!r) return `p = ${(givens / (N * N)).toFixed(2)} · rating…`;
  return `p = ${r.p.toFixed(2)} · ${r.summary}`;
}

// While the rating works: its stage, and for the count its nodes and seconds against its budget
// (rate.RATE_SECONDS), so a large puzzle's line never just says "checking…". p: givens / N².
export function ratingWaitLine(w, p) {
  const secs = `${w.elapsed.toFixed(1)} s of ${w.budget} s`;
  return `p = ${p.toFixed(2)} · ` + (w.stage === "logic" ? "rating… logic at work"
    : `rating… logic settles ${w.logic_cells} cells; counting solutions: ${w.nodes.toLocaleString("en")} search nodes, ${secs}`);
}

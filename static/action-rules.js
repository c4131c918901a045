// *Pure*: what actions.js decides, without the store: the state a new puzzle leaves, whether it
// resumes a Start that waited for it or drops that wait (and what the wait is told replaced its
// puzzle), whether a Stop cancels a waiting Start, and whether a Start keeps the notice shown.

// The state a new puzzle leaves (null: none, a link's puzzle that cannot be read): its check,
// the tick to watch it fail and the puzzle's own problem (p) are gone, as are Solve's and Race's
// results, which were of the puzzle replaced; an experiment's stay.
export function puzzleSet(state, puzzle) {
  const problems = new Map(state.problems);
  problems.delete("p");
  return { puzzle, check: null, watchFailure: false, problems, results: { solve: null, race: null, experiment: state.results.experiment } };
}

// The view whose Start waited for the puzzle being made, when `puzzle` is that one (only the
// generator's puzzles have a spec); else null, and the wait is dropped.
export const resumedBy = (making, puzzle) => (making && making.waiting && puzzle && puzzle.spec ? making.waiting : null);

// What a dropped wait says replaced the puzzle it waited for.
export const replacedBy = (puzzle) => (puzzle ? "another puzzle" : "a link whose puzzle cannot be read");

// Whether a Stop in `view` (null: whatever runs or waits) cancels a Start waiting for a puzzle being made.
export const stopsTheWait = (making, view) => !!(making && making.waiting && (view === null || making.waiting === view));

// Whether the notice shown says the standing problems, which a Start leaves said (it takes away any other).
export const saysStandingProblems = (notice, problems) => !!notice && notice.source === "problems" && problems.size > 0;

// The order an experiment's runs go in. Entry by entry, an experiment stopped early had run
// one entry only and compared nothing; here every entry runs on a puzzle and seed before any
// moves on, then the next seed, then the next puzzle (a sweep's first instance of every p
// before its second). A run's result depends on its (entry, puzzle, seed) alone, never on
// its place in the order. Pure: node tests it (tests/js/order.test.mjs).

// [{entry, puzzle, run}] for `entries` entries × `puzzles` puzzles × `runs` runs (seed s + run);
// round(puzzle): the pass a puzzle belongs to (a sweep's instance), 0 when not given.
export function runOrder(entries, puzzles, runs, round = () => 0) {
  const byRound = Array.from({ length: puzzles }, (_, p) => p)
    .sort((a, b) => round(a) - round(b) || a - b);
  const order = [];
  for (const puzzle of byRound) {
    for (let run = 0; run < runs; run++) {
      for (let entry = 0; entry < entries; entry++) order.push({ entry, puzzle, run });
    }
  }
  return order;
}

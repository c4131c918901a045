// "Run it anyway": a puzzle proven to have no solution (its givens do not clash) runs nothing
// until the visitor asks to watch a solver fail on it. The box beside each view's Start shows
// only for such a puzzle, and sets the state's `watchFailure` (a new puzzle clears it:
// actions.setPuzzle); start-check.js reads it (docs/page.md, "The page"). A run whose puzzle the
// check finds to have no solution only after its Start (a puzzle typed into the box) is stopped
// then, as that Start would have been refused.
import { provenUnsolvable } from "../rules/read.js";
import { stopsForNoSolution } from "../start-check.js";

// ids: the boxes' labels (one beside Solve's Start, one beside the comparison's)
export function mountWatchFailure(store, actions, ids = ["watch-failure", "compare-watch-failure"]) {
  const labels = ids.map((id) => document.getElementById(id));
  for (const label of labels) {
    label.querySelector("input").addEventListener("change", (e) => store.set({ watchFailure: e.target.checked }));
  }
  store.on(["check", "watchFailure", "running", "puzzle"], (s) => {
    for (const label of labels) {
      label.hidden = !provenUnsolvable(s);
      const box = label.querySelector("input");
      box.checked = s.watchFailure;
      box.disabled = !!s.running;
    }
  });
  store.on(["check"], (s) => {
    const said = stopsForNoSolution(s);
    if (!said) return;
    actions.abandon();              // its result would be of a puzzle no run is for
    actions.notify(said, "check");  // a new puzzle takes it away, as the check's own words
  });
}

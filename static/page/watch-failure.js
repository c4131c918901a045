// "Run it anyway": a puzzle proven to have no solution (its givens do not clash) runs nothing
// until the visitor asks to watch a solver fail on it. The box beside each view's Start shows
// only for such a puzzle, and sets the state's `watchFailure` (a new puzzle clears it:
// actions.setPuzzle); start-check.js reads it (docs/design.md, "The page").
import { provenUnsolvable } from "../rules/read.js";

// ids: the boxes' labels (one beside Solve's Start, one beside the comparison's)
export function mountWatchFailure(store, ids = ["watch-failure", "compare-watch-failure"]) {
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
}

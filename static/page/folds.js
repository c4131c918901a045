// The shared panels (Puzzle, Generate, Solver) fold on a phone: in Race and Experiment they
// start folded, so the view's own Start, lanes and chart sit within the first screen and a
// half; in Solve they start open. A button in each legend folds and unfolds its panel; the
// folding itself is CSS under the phone width (style.css), so a wider screen shows every
// panel whatever the buttons say, and the buttons are not shown there. A panel holding a
// field marked invalid unfolds, so the mark is seen.
export function mountFolds(store) {
  const sets = [...document.querySelectorAll(".controls > fieldset")];
  const folds = sets.map((set) => {
    const legend = set.querySelector("legend");
    set.setAttribute("aria-label", legend.textContent.trim());      // its name stays the legend's
    const button = document.createElement("button");
    button.type = "button";
    button.className = "fold";
    button.setAttribute("data-testid", "fold");
    button.dataset.fold = legend.textContent.trim().toLowerCase();
    legend.append(" ", button);
    const fold = (folded) => {
      set.classList.toggle("folded", folded);
      button.setAttribute("aria-expanded", folded ? "false" : "true");
      button.textContent = folded ? "show" : "hide";
    };
    button.addEventListener("click", () => fold(!set.classList.contains("folded")));
    return { set, fold };
  });
  let shown = null;
  store.on(["view"], (s) => {
    if (s.view === shown) return;
    shown = s.view;
    for (const { fold } of folds) fold(s.view !== "solve");
  });
  store.on(["problems"], () => {
    for (const { set, fold } of folds) if (set.querySelector('[aria-invalid="true"]')) fold(false);
  });
}

// The three views of the page — Solve, Race, Experiment — chosen at the top (a WAI-ARIA tab
// list: click, or arrow keys between the tabs). Each view keeps its settings and results
// while another is shown; the puzzle and the solver settings are shared. The page's first Tab
// stop, "Skip to Start", takes the focus to the view's Start (its Stop while that runs): a
// button, not a link, since the page's hash is its share link.
export const VIEWS = ["solve", "race", "experiment"];

// Why the other views' tabs are greyed while something runs (their title).
export const VIEW_WAITS = "What runs stays on screen until it ends: Stop it, or let it end, to open this view.";

// The focus on a view's Start (its Stop while that runs), scrolled into view: the skip link's, and
// where a link opened from inside the page lands (the Tune fold's best configuration).
export function focusStart(view) {
  const [start, stop] = (view === "solve" ? ["start", "stop"] : ["compare-start", "compare-stop"])
    .map((id) => document.getElementById(id));
  (start.disabled && !stop.disabled ? stop : start).focus();
}

export function mountViews(store) {
  const nav = document.getElementById("views");
  const tabs = [...nav.querySelectorAll("[data-view]")];
  const panels = { solve: document.getElementById("view-solve"), compare: document.getElementById("compare") };
  const choose = (view) => { if (VIEWS.includes(view) && !store.state.running) store.set({ view }); };
  nav.addEventListener("click", (e) => {
    const tab = e.target.closest("[data-view]");
    if (tab) choose(tab.dataset.view);
  });
  nav.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(document.activeElement);
    if (i < 0 || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    e.preventDefault();
    const j = { ArrowLeft: (i + tabs.length - 1) % tabs.length, ArrowRight: (i + 1) % tabs.length, Home: 0,
      End: tabs.length - 1 }[e.key];
    tabs[j].focus();
    choose(tabs[j].dataset.view);
  });
  document.getElementById("skip-to-start").addEventListener("click", () => focusStart(store.state.view));
  store.on(["view", "running"], (s) => {
    nav.dataset.view = s.view;
    for (const tab of tabs) {
      const on = tab.dataset.view === s.view;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      tab.disabled = !!s.running && !on;         // what runs stays on screen until it ends, and says so
      tab.title = tab.disabled ? VIEW_WAITS : "";
    }
    panels.solve.hidden = s.view !== "solve";
    document.body.dataset.view = s.view;
  });
}

// Taking results away: one export bar, shown in the view on screen and acting on that view's
// own results only (docs/page.md, "Test hooks": export-json, export-png, export-csv,
// copy-solution, open-sudokuwiki). Files are made in the page; nothing is uploaded.
import { download } from "../draw/download.js";
import { fileName } from "../draw/png.js";
import { toCSV } from "../rules/records.js";
import { barOf, experimentLines, runExport, solveResult, viewHasResult } from "./export-bar.js";

// A download's name: what it holds (a run, a race, an experiment), its solvers (a race's lanes,
// an experiment's entries, a run's solver and seed), the time — never the same twice (draw/png.js fileName).
function exportName(s, ext) {
  if (s.view === "race") return fileName("race", s.results.race.lanes.map((l) => l.solver), ext);
  if (s.view === "experiment") return fileName("experiment", s.results.experiment.solvers, ext);   // its entries
  const r = solveResult(s);
  return fileName("run", [r.solver, `seed${r.seed}`], ext);
}

export function mountExports(store, { solve, compare }) {
  const $ = (id) => document.getElementById(id);
  const ui = { bar: $("exports"), json: $("export-json"), race: $("export-race"), png: $("export-png"), csv: $("export-csv"),
    copy: $("copy-solution"), wiki: $("open-sudokuwiki"), homes: { solve: $("solve-exports"), race: $("compare-exports"),
      experiment: $("compare-exports") } };

  ui.json.addEventListener("click", () => {
    const s = store.state;
    if (s.view === "experiment") {
      const out = s.results.experiment;
      if (out) download(exportName(s, "jsonl"), experimentLines(out, s.recordFields, compare.experiment.comparison, s.tune), "application/x-ndjson");
      return;
    }
    const r = solveResult(s);
    if (r) download(exportName(s, "json"), JSON.stringify(runExport(s, solve.chart.snapshot()), null, 1), "application/json");
  });
  ui.race.addEventListener("click", () => {
    const out = store.state.results.race;
    if (out) download(exportName(store.state, "json"), JSON.stringify(out, null, 1), "application/json");
  });
  ui.csv.addEventListener("click", () => {
    const out = store.state.results.experiment;
    if (out) download(exportName(store.state, "csv"), toCSV(out.records, store.state.recordFields), "text/csv");
  });
  // the chart of the view on screen, with its background, title and legend
  ui.png.addEventListener("click", async () => {
    const s = store.state;
    const chart = { solve: solve.chart, race: compare.race.chart, experiment: compare.experiment.chart }[s.view];
    const blob = viewHasResult(s) && chart ? await chart.png() : null;
    if (blob) download(exportName(s, "png"), blob, "image/png");
  });
  ui.copy.addEventListener("click", () => copySolution(store, ui.copy));

  store.on(["view", "results", "running", "puzzle", "check"], (s) => {
    const home = ui.homes[s.view];
    if (ui.bar.parentElement !== home) home.appendChild(ui.bar);
    showBar(ui, barOf(s, solve.chart.names.length > 0));
  });
}

// The bar's buttons as barOf (page/export-bar.js) says.
function showBar(ui, bar) {
  for (const key of ["json", "race", "png", "copy", "csv", "wiki"]) {
    if ("hidden" in bar[key]) ui[key].hidden = bar[key].hidden;
    if ("disabled" in bar[key]) ui[key].disabled = bar[key].disabled;
  }
  ui.copy.dataset.solution = bar.copy.solution;
  if (bar.wiki.href !== null) ui.wiki.href = bar.wiki.href;
}

// The solution onto the clipboard; with no clipboard, into the paste box, where it can be selected.
async function copySolution(store, button) {
  const text = button.dataset.solution;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Solution copied";
  } catch {
    store.set({ paste: text });
    button.textContent = "Solution in the paste box";
  }
  setTimeout(() => { button.textContent = "Copy solution"; }, 2000);
}

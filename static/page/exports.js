// Taking results away: one export bar, shown in the view on screen and acting on that view's
// own results only (docs/design.md, "Test hooks": export-json, export-png, export-csv,
// copy-solution, open-sudokuwiki). Files are made in the page; nothing is uploaded.
import { download } from "../draw/download.js";
import { fileName } from "../draw/png.js";
import { boardToString } from "../rules/parse.js";
import { clashingGivens } from "../rules/read.js";
import { toCSV, toJSONLines } from "../rules/records.js";

const solveResult = (s) => s.results.solve && s.results.solve.result;

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


  // A finished (or stopped) run: the fields of `solve --json`, restarts, the puzzle, the link
  // that replays it, and the chart's series.
  function runExport(s) {
    const { result, link } = s.results.solve;
    const fields = s.resultFields.filter((k) => k !== "longest_step" && k !== "message");
    return { ...Object.fromEntries(fields.map((k) => [k, result[k]])), puzzle: boardToString(s.puzzle.cells),
      link, chart: solve.chart.snapshot() };
  }

  ui.json.addEventListener("click", () => {
    const s = store.state;
    if (s.view === "experiment") {
      const out = s.results.experiment;
      // the statistics, once shown, as the last line: bench --json's {"comparison": …}
      const stats = compare.experiment.comparison;
      if (out) download(exportName(s, "jsonl"), toJSONLines(out.records, s.recordFields) + (stats ? `${JSON.stringify({ comparison: stats })}\n` : ""),
        "application/x-ndjson");
      return;
    }
    const r = solveResult(s);
    if (r) download(exportName(s, "json"), JSON.stringify(runExport(s), null, 1), "application/json");
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
    const has = s.view === "solve" ? !!solveResult(s) : !!s.results[s.view];
    const chart = { solve: solve.chart, race: compare.race.chart, experiment: compare.experiment.chart }[s.view];
    const blob = has && chart ? await chart.png() : null;
    if (blob) download(exportName(s, "png"), blob, "image/png");
  });
  ui.copy.addEventListener("click", async () => {
    const text = ui.copy.dataset.solution;
    try {
      await navigator.clipboard.writeText(text);
      ui.copy.textContent = "Solution copied";
    } catch {
      store.set({ paste: text });            // no clipboard: put it where it can be selected
      ui.copy.textContent = "Solution in the paste box";
    }
    setTimeout(() => { ui.copy.textContent = "Copy solution"; }, 2000);
  });

  store.on(["view", "results", "running", "puzzle", "check"], (s) => {
    const home = ui.homes[s.view];
    if (ui.bar.parentElement !== home) home.appendChild(ui.bar);
    const solveView = s.view === "solve";
    const r = solveView && !s.running ? solveResult(s) : null;
    const records = s.view === "experiment" && !s.running && s.results.experiment ? s.results.experiment.records : null;
    const race = s.view === "race" && !s.running ? s.results.race : null;
    ui.json.hidden = s.view === "race";
    ui.json.disabled = solveView ? !r : !(records && records.length);
    ui.race.hidden = s.view !== "race";
    ui.race.disabled = !race;
    ui.copy.hidden = !solveView;
    ui.png.disabled = solveView ? !r || !solve.chart.names.length : s.view === "race" ? !race : !(records && records.length);
    ui.copy.disabled = !(r && r.solved);
    ui.copy.dataset.solution = r && r.solved ? r.board : "";
    ui.csv.hidden = s.view !== "experiment";
    ui.csv.disabled = !(records && records.length);
    const p = s.puzzle;
    // SudokuWiki's solver takes 9×9 puzzles, and one with no solution (clashing givens) is not worth offering
    const none = clashingGivens(s) || !!(s.check && s.check.solutions === 0);
    ui.wiki.hidden = !solveView || !p || p.n !== 3 || none;
    if (p && p.n === 3) ui.wiki.href = "https://www.sudokuwiki.org/sudoku.htm?bd=" + boardToString(p.cells).replace(/\./g, "0");
  });
}

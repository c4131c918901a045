// The Race and Experiment views, put together: each job is a module of its own (compare/
// README.md) — the entries, the experiment's form, the presets, Start and Stop on the pool,
// the lanes (race.js), the table and charts (experiment.js and its parts), the chart hook. What
// is left here: which parts show in which view, and the compare-status line.
import { compareElements } from "./elements.js";
import { Race } from "./race.js";
import { Experiment } from "./experiment.js";
import { mountEntries } from "./entries.js";
import { mountExperimentForm } from "./form.js";
import { mountExperimentFiles } from "./files.js";
import { mountPresets } from "./preset-choice.js";
import { mountRun } from "./run.js";
import { mountChartHook } from "./chart-hook.js";
import { compareStatus } from "./status.js";
import { mountScrollHint } from "./scroll-hint.js";
import { mountAtlas } from "./atlas.js";
import { mountStatistics } from "./statistics.js";
import { mountTune } from "./tune.js";
import { entrySchema } from "../own/texts.js";

// Returns {race, experiment, onPoolStatus} (page/exports.js reads the charts; app.js tells of the pool).
export function mountCompare(store, actions, { worker, pool }) {
  const ui = compareElements();
  const schemaOf = (entry) => entrySchema(store.state, entry);       // a visitor's text's own (own/texts.js)
  const race = new Race({ lanesEl: ui.lanes, chartEl: ui.raceChart, rankingEl: ui.ranking, schemaOf });
  const atlas = mountAtlas(store, { shippedEl: ui.atlas, ownEl: ui.atlasOwn });
  const experiment = new Experiment({ progressEl: ui.progress, resultsEl: ui.results, chartEl: ui.experimentChart, schemaOf,
    phaseEls: { box: ui.phase, success: ui.phaseSuccess, note: ui.phaseNote, time: ui.phaseTime }, atlas,
    running: () => !!store.state.running && store.state.running.kind === "experiment" });

  mountPresets(store, actions, ui);
  mountExperimentForm(store, actions, ui);
  mountExperimentFiles(store, actions, ui);
  mountEntries(store, actions, ui, worker);
  const run = mountRun(store, actions, ui, { pool, race, experiment });
  mountStatistics(store, { ui, worker, experiment });
  mountTune(store, worker);

  // The compare-status line: where this view stands, in one word (data-state) and a sentence.
  // While Solve shows, it keeps saying where the last compare view stands (a race abandoned by a
  // link to Solve is no longer running).
  let compareView = "race";
  store.on(["running", "ready", "failure", "view", "results", "making", "check", "watchFailure", "compare", "problems",
    "settings", "puzzle", "paste", "own"], (s) => {
    if (s.view !== "solve") compareView = s.view;
    const [state, text] = compareStatus(s, compareView);
    ui.status.dataset.state = state;
    ui.status.textContent = text;
  });

  // a race belongs to its puzzle: when the puzzle changes, its lanes go with it
  store.on(["results", "running"], (s) => {
    if (!s.results.race && !(s.running && s.running.kind === "race") && race.lanes.length) race.clear();
  });

  // an experiment that stops running says so in its progress line
  let experimenting = false;
  store.on(["running"], (s) => {
    const now = !!s.running && s.running.kind === "experiment";
    if (experimenting && !now) experiment.showProgress();
    experimenting = now;
  });

  const scrollHint = mountScrollHint(ui.resultsBox, ui.scrollHint);     // the table's columns past a phone's edge
  store.on(["view"], (s) => {
    ui.panel.hidden = s.view === "solve";
    ui.experiment.hidden = s.view !== "experiment";
    ui.lanes.hidden = ui.raceChart.hidden = s.view !== "race";
    if (s.view !== "race") ui.ranking.hidden = true;
    else ui.ranking.hidden = !ui.ranking.textContent;
    ui.resultsBox.hidden = ui.progress.hidden = ui.experimentChart.hidden = s.view !== "experiment";
    ui.statsHome.hidden = s.view !== "experiment";
    if (s.view !== "experiment") ui.scrollHint.hidden = true;
    else scrollHint();
  });
  mountChartHook(store, ui);
  window.addEventListener("resize", () => { race.resize(); experiment.resize(); });

  return { race, experiment, onPoolStatus: run.onPoolStatus };
}

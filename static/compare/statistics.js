// An experiment's statistics (docs/design.md, "Comparing entries"), shown under its table once
// it has ended with two entries or more. Opening the fold asks the page's worker (`compare`),
// which loads Pyodide's scipy the first time; then a sentence per pair, Friedman's line with the
// critical-difference diagram (three entries or more), and the chart's fraction-solved curves
// replaced by Kaplan–Meier curves with their bands where runs are censored. Every sentence is
// the package's (sudoku_lab/comparison.py), as bench prints it.
import { drawCD } from "../draw/cd-diagram.js";
import { entryLabels } from "./entry-names.js";
import { entrySchema } from "../own/texts.js";

export function mountStatistics(store, { ui, worker, experiment }) {
  const { stats: box, statsStatus: status, statsSentences: list, statsFriedman: line, statsDiagram: diagram } = ui;
  let shownFor = null;                 // the experiment result the statistics on show belong to
  let asked = null;

  const reset = () => {
    shownFor = asked = null;
    experiment.comparison = null;
    list.replaceChildren();
    line.textContent = "";
    diagram.replaceChildren();
    diagram.hidden = true;
    box.dataset.state = "idle";
  };

  const show = (out, result) => {
    if (result !== store.state.results.experiment) return;          // a newer experiment took its place
    if (!out.ok) {
      box.dataset.state = "failed";
      status.textContent = out.message;
      return;
    }
    shownFor = result;
    experiment.comparison = out.comparison;
    list.replaceChildren(...out.comparison.pairs.map((p) => {
      const li = document.createElement("li");
      li.textContent = p.sentence;
      return li;
    }));
    const f = out.comparison.friedman;
    line.textContent = f ? f.sentence : "";
    diagram.hidden = !(f && !f.reason);
    if (!diagram.hidden) drawCD(diagram, f);
    experiment.showKaplanMeier(out.comparison);
    box.dataset.state = "shown";
    status.textContent = `Tests at level ${out.comparison.alpha} after Holm's correction across the pairs; ` +
      `paired runs (same puzzle and seed) by McNemar's exact test, others by Boschloo's; time by the log-rank ` +
      `test; Â12 from the Mann–Whitney U; restricted mean within ${out.comparison.horizon.toFixed(1)} s.`;
  };

  const ask = () => {
    const result = store.state.results.experiment;
    if (!box.open || !result || result === shownFor || result === asked) return;
    asked = result;
    box.dataset.state = "loading";
    status.textContent = "Loading scipy and computing the statistics…";
    const labels = entryLabels(experiment.entries, (e) => entrySchema(store.state, e));
    const groups = Object.fromEntries(labels.map((label, i) => [label, experiment.byEntry[i]]));
    worker.request("compare", { groups, max_seconds: experiment.max_seconds || null })
      .then((out) => show(out, result), (err) => show({ ok: false, message: `The statistics failed: ${err.message || err}` }, result));
  };

  box.addEventListener("toggle", ask);
  store.on(["results", "running"], (s) => {
    const result = s.results.experiment;
    const ended = !!result && !(s.running && s.running.kind === "experiment");
    if (result !== shownFor && result !== asked) reset();
    box.hidden = !ended || !experiment.entries || experiment.entries.length < 2;
    if (!box.hidden) ask();
  });
}

// The test hook `compare-chart` (docs/page.md, "Test hooks"): it mirrors the attributes of
// the chart on screen — the race's or the experiment's — so a test reads one element whichever
// view shows. Page code never reads these attributes back.
const MIRRORED = ["series", "legend", "title", "xLabel", "yLabel", "plotted", "xMax"];

export function mountChartHook(store, ui) {
  const mirror = () => {
    const shown = store.state.view === "race" ? ui.raceChart : ui.experimentChart;
    for (const k of MIRRORED) ui.chart.dataset[k] = shown.dataset[k] || "";
    ui.chart.dataset.points = shown.dataset.points || "0";
  };
  new MutationObserver(mirror).observe(ui.raceChart, { attributes: true });
  new MutationObserver(mirror).observe(ui.experimentChart, { attributes: true });
  store.on(["view"], mirror);
}

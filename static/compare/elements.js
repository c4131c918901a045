// The compare views' elements, looked up once by id when the views are mounted (never at
// import time): every other compare module is handed this object instead of searching the page.
const IDS = {
  panel: "compare", entries: "compare-entries", same: "compare-entries-same", add: "compare-add",
  experiment: "experiment-settings", preset: "preset", presetNote: "preset-note",
  runs: "compare-runs", puzzles: "compare-puzzles", list: "compare-list", workers: "workers",
  start: "compare-start", stop: "compare-stop", said: "compare-start-stop-said", cores: "compare-cores", ranking: "race-ranking", status: "compare-status", progress: "compare-progress",
  lanes: "lanes", chart: "compare-chart", raceChart: "race-chart", experimentChart: "experiment-chart",
  results: "compare-results", resultsBox: "compare-results-box", scrollHint: "results-scroll-hint", phase: "phase-charts",
  phaseSuccess: "phase-success", phaseNote: "phase-note", phaseTime: "phase-time", sweep: "sweep",
  sweepSize: "sweep-size", sweepP0: "sweep-p0", sweepP1: "sweep-p1", sweepStep: "sweep-step",
  sweepInstances: "sweep-instances", atlas: "atlas", atlasOwn: "atlas-own",
  files: "compare-files-box", filesOpen: "compare-files-open", filesInput: "compare-files", folderOpen: "compare-folder-open",
  statsHome: "experiment-stats-home", stats: "experiment-stats", statsStatus: "experiment-stats-status", statsSentences: "experiment-stats-pairs",
  statsFriedman: "experiment-stats-friedman", statsDiagram: "experiment-stats-diagram",
  folderInput: "compare-folder", filesStatus: "compare-files-status", filesList: "compare-file-list",
};

export function compareElements(doc = document) {
  return Object.fromEntries(Object.entries(IDS).map(([name, id]) => [name, doc.getElementById(id)]));
}

// The Race and Experiment views: entries (a solver with its parameters and seed, composed in
// the solver form and added with "Add entry"), the experiment's settings, Start and Stop, and
// the race's lanes or the experiment's table. Both run on the pool of workers (python/pool.js)
// through the page's one "what runs" (actions.run), so loading a puzzle or opening a link
// stops them like a single run, and Stop ends everything at once — queued runs included,
// even while workers are still loading.
import { MAX_ENTRIES, describe } from "../rules/entries.js";
import { ListProblem, readPuzzleList } from "../rules/puzzle-list.js";
import { boardToString } from "../rules/parse.js";
import { readSweep } from "../rules/generator.js";
import { markField } from "../settings/params.js";
import { read } from "../settings/read.js";
import { entryKey, isEntryKey, problemLine } from "../settings/table.js";
import { MAX_POOL, defaultPoolSize } from "../python/pool.js";
import { STAGE_WORDS } from "../python/messages.js";
import { Race } from "./race.js";
import { Experiment } from "./experiment.js";
import { PRESETS, PUZZLE_SETS, presetNote } from "./presets.js";

const EMPTY_9x9 = ".".repeat(81);
const EVERY_WORKER_READY = "every worker is ready";

// The published figures the lab's own are drawn beside (data/published.json), fetched once.
let publishedFigures = null;
export async function published() {
  if (!publishedFigures) {
    publishedFigures = fetch("data/published.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  }
  return publishedFigures;
}

export async function loadPuzzleSet(id) {
  const [file] = PUZZLE_SETS[id];
  const r = await fetch(file);
  if (!r.ok) throw new ListProblem(`The puzzle set ${id} could not be loaded (HTTP ${r.status}).`);
  return readPuzzleList(await r.text());
}

// Where a compare view (`kind`: race or experiment) stands: [state, sentence]. "loading"
// while Python loads in the page or in the comparison's workers; "running"; "finished" or
// "stopped" (Stop ended a lane or a run) once its result is in; otherwise "ready".
export function compareStatus(s, kind) {
  const what = kind === "race" ? "race" : "experiment";
  if (s.failure) return ["loading", `Python could not load: ${s.failure}`];
  if (!s.ready) return ["loading", "Loading Python… Start becomes available when it is ready."];
  if (s.running && s.running.kind === kind) {
    // starting: "loading" only while a worker loads Python (the detail names it); warm workers
    // start at once, and the state says so with its sentence
    const { phase, detail } = s.running;
    if (phase === "starting" && detail && !detail.startsWith(EVERY_WORKER_READY)) return ["loading", `Starting: ${detail}.`];
    if (phase === "starting") return ["running", `The ${what} is starting${detail ? `: ${detail}` : ""}. Stop ends it within a moment.`];
    return ["running", `The ${what} is running${detail ? ` (${detail})` : ""}. Stop ends it within a moment.`];
  }
  if (s.making && !s.running) {
    return ["ready", `Making the puzzle ${s.making.spec}: ` +
      (s.making.waiting === kind ? `the ${what} starts as soon as it is on the board.` : "Start waits for it.")];
  }
  if (s.running) {
    const other = { solve: "A single run (Solve view)", race: "A race", experiment: "An experiment" }[s.running.kind];
    return ["ready", `${other} is running: Start becomes available when it ends or is stopped.`];
  }
  const result = s.results[kind];
  if (!result) return ["ready", `Ready: set the entries and press Start.`];
  const stopped = kind === "race" ? result.lanes.some((l) => l.state === "stopped") : result.stopped > 0;
  if (kind === "race") {
    const solved = result.lanes.filter((l) => l.state === "solved").length;
    return [stopped ? "stopped" : "finished", `${stopped ? "Stopped" : "Finished"}: ${solved} of ${result.lanes.length} lanes solved.`];
  }
  return [stopped ? "stopped" : "finished", `${stopped ? "Stopped" : "Finished"}: ${result.solved} of ` +
    `${result.done - result.stopped} runs solved${result.stopped ? ` (${result.stopped} more stopped by Stop, left out)` : ""}.`];
}

// The line of a pasted list that cannot be read, selected in its box (the box keeps every
// character typed; the message says what is wrong with that line).
function selectListLine(textarea, line) {
  if (!line) return;
  const lines = textarea.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

// What each worker of a starting comparison is doing, in words.
export function describeStartup(status) {
  const waiting = status.map((w, i) => ({ ...w, i })).filter((w) => !w.ready);
  if (!waiting.length) return EVERY_WORKER_READY;
  return waiting.map((w) => (w.failure ? `worker ${w.i + 1} failed` :
    `worker ${w.i + 1} ${STAGE_WORDS[w.stage] || STAGE_WORDS.runtime}`)).join(", ") +
    ` (${status.length - waiting.length} of ${status.length} ready)`;
}

export function mountCompare(store, actions, { worker, pool, shareLink }) {
  const $ = (id) => document.getElementById(id);
  const ui = {
    panel: $("compare"), entries: $("compare-entries"), add: $("compare-add"),
    experiment: $("experiment-settings"), preset: $("preset"), presetNote: $("preset-note"),
    runs: $("compare-runs"), puzzles: $("compare-puzzles"), list: $("compare-list"), workers: $("workers"),
    start: $("compare-start"), stop: $("compare-stop"), status: $("compare-status"), progress: $("compare-progress"),
    lanes: $("lanes"), chart: $("compare-chart"), raceChart: $("race-chart"), experimentChart: $("experiment-chart"),
    results: $("compare-results"), resultsBox: $("compare-results-box"), phase: $("phase-charts"),
    phaseSuccess: $("phase-success"), phaseTime: $("phase-time"), sweep: $("sweep"),
    sweepSize: $("sweep-size"), sweepP0: $("sweep-p0"), sweepP1: $("sweep-p1"), sweepStep: $("sweep-step"),
    sweepInstances: $("sweep-instances"),
  };
  ui.workers.max = String(MAX_POOL);
  for (const p of PRESETS) ui.preset.add(new Option(p.label, p.id));
  for (const [id, [, label]] of Object.entries(PUZZLE_SETS)) ui.puzzles.add(new Option(`built-in: ${label}`, id));
  store.set({ compare: { ...store.state.compare, workers: String(defaultPoolSize()) } });

  const schemas = () => store.state.schemas;
  const race = new Race({ lanesEl: ui.lanes, chartEl: ui.raceChart, schemas });
  const experiment = new Experiment({ progressEl: ui.progress, resultsEl: ui.results, chartEl: ui.experimentChart, schemas,
    phaseEls: { box: ui.phase, success: ui.phaseSuccess, time: ui.phaseTime } });
  const compare = () => store.state.compare;
  const setCompare = (patch) => store.set({ compare: { ...compare(), ...patch } });
  const FIELDS = { runs: ui.runs, ps: ui.puzzles, pl: ui.list, workers: ui.workers, preset: ui.preset };

  // ------------------------------------------------------------------ entries
  function addEntry() {
    const c = compare();
    if (c.entries.length >= MAX_ENTRIES) {
      actions.notify(`At most ${MAX_ENTRIES} entries can be compared at once.`, "compare");
      return;
    }
    const { values: { schema, params, seed }, problems } = read("solve", store.state, { stored: false });
    problems.delete("t");                           // the time limit is the comparison's, read at Start
    problems.delete("p");                           // so are the puzzles
    for (const [k, m] of problems) actions.setProblem(k, m);
    if (problems.size || !schema) {
      actions.reportProblems("This entry cannot be added. Fix the marked settings first:");
      return;
    }
    actions.fieldEdited("e");
    actions.fieldEdited("c");
    actions.clearNotice("compare");
    setCompare({ entries: [...c.entries, { solver: schema.id, seed, params }] });
  }

  function removeEntry(i) {
    actions.fieldEdited("e");
    setCompare({ entries: compare().entries.filter((_, k) => k !== i) });
  }

  store.on(["compare", "problems", "running", "ready", "schemas"], (s) => {
    ui.entries.replaceChildren();
    s.compare.entries.forEach((e, i) => {
      const li = document.createElement("li");
      li.setAttribute("data-testid", "compare-entry");
      li.dataset.solver = e.solver;
      li.dataset.seed = String(e.seed);
      const problem = s.problems.get(entryKey(i));
      const text = document.createElement("span");
      text.textContent = `${i + 1}. ${s.schemas.has(e.solver) ? describe(e, s.schemas.get(e.solver)) : e.solver}`;
      li.append(text);
      if (problem) {
        li.dataset.problem = problem;
        li.setAttribute("aria-invalid", "true");
        const why = document.createElement("small");
        why.className = "field-problem";
        why.textContent = problem;
        li.append(why);
      }
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove entry ${i + 1}`);
      remove.disabled = !!s.running;
      remove.addEventListener("click", () => removeEntry(i));
      li.append(remove);
      ui.entries.appendChild(li);
    });
    ui.add.disabled = !!s.running || s.compare.entries.length >= MAX_ENTRIES || !s.ready;
    markField(ui.entries, s.problems.get("e") || s.problems.get("c") || null);
  });

  // An entry the puzzle cannot take (hall_sets on a 16×16, a 36×36 past a solver's memory) is
  // refused on the entry as soon as it is added or the puzzles change, not after Start.
  let vetSeq = 0;
  store.on(["compare", "puzzle", "view", "ready"], async (s) => {
    if (!s.ready || s.running) return;
    const mine = ++vetSeq;
    const puzzles = vetPuzzles(s);
    const found = new Map();
    for (const [i, e] of s.compare.entries.entries()) {
      for (const puzzle of puzzles) {
        let reply;
        try { reply = await worker.vet({ puzzle, solver: e.solver, params: e.params, seed: e.seed }); } catch { return; }
        if (mine !== vetSeq) return;
        if (!reply.ok) { found.set(entryKey(i), `entry ${i + 1} (${e.solver}): ${reply.message}`); break; }
      }
    }
    const problems = new Map([...store.state.problems].filter(([k]) => !isEntryKey(k)));
    for (const [k, m] of found) problems.set(k, m);
    store.set({ problems });
  });

  // the puzzles an entry must be able to take: the loaded one, one of each size in a pasted
  // list, or an empty 9×9 for the built-in sets (all 9×9)
  function vetPuzzles(s) {
    const ps = s.view === "race" ? "current" : s.compare.puzzles;
    if (ps === "current") return s.puzzle ? [boardToString(s.puzzle.cells)] : [];
    if (ps === "gen") return [".".repeat(Number(s.compare.sweep.size) ** 2 || 81)];
    if (ps === "list") {
      try {
        const bySize = new Map();
        for (const { puzzle } of readPuzzleList(s.compare.list)) if (!bySize.has(puzzle.length)) bySize.set(puzzle.length, puzzle);
        return [...bySize.values()];
      } catch { return []; }
    }
    return [EMPTY_9x9];
  }

  // ------------------------------------------------------------------ settings of the experiment
  const edited = (key, patch) => { actions.fieldEdited(key); setCompare(patch); };
  ui.add.addEventListener("click", addEntry);
  ui.runs.addEventListener("input", () => edited("runs", { runs: ui.runs.value }));
  ui.workers.addEventListener("input", () => edited("workers", { workers: ui.workers.value }));
  ui.list.addEventListener("input", () => edited("pl", { list: ui.list.value }));
  ui.puzzles.addEventListener("change", () => { actions.fieldEdited("pl"); edited("ps", { puzzles: ui.puzzles.value }); });
  ui.preset.addEventListener("change", () => { actions.fieldEdited("preset"); applyPreset(ui.preset.value); });
  const sweepEdited = (key, field) => (e) => {
    actions.fieldEdited(key);
    setCompare({ sweep: { ...compare().sweep, [field]: e.target.value } });
  };
  ui.sweepSize.addEventListener("change", sweepEdited("gs", "size"));
  ui.sweepP0.addEventListener("input", sweepEdited("gs", "p0"));
  ui.sweepP1.addEventListener("input", sweepEdited("gs", "p1"));
  ui.sweepStep.addEventListener("input", sweepEdited("gs", "step"));
  ui.sweepInstances.addEventListener("input", sweepEdited("gi", "instances"));

  store.on(["compare"], (s) => {
    const c = s.compare;
    if (ui.runs.value !== c.runs) ui.runs.value = c.runs;
    if (ui.workers.value !== c.workers) ui.workers.value = c.workers;
    if (ui.list.value !== c.list) ui.list.value = c.list;
    if (ui.puzzles.value !== c.puzzles) ui.puzzles.value = c.puzzles;
    ui.list.hidden = c.puzzles !== "list";
    ui.sweep.hidden = c.puzzles !== "gen";
    for (const [el, k] of [[ui.sweepSize, "size"], [ui.sweepP0, "p0"], [ui.sweepP1, "p1"], [ui.sweepStep, "step"],
      [ui.sweepInstances, "instances"]]) if (el.value !== c.sweep[k]) el.value = c.sweep[k];
    if (ui.preset.value !== (c.preset || "")) ui.preset.value = c.preset || "";
    const preset = PRESETS.find((p) => p.id === c.preset);
    ui.presetNote.textContent = preset && typeof preset.note === "string" ? preset.note : "";
    if (preset && typeof preset.note === "function") {
      published().then((pub) => { if (store.state.compare.preset === preset.id) ui.presetNote.textContent = presetNote(preset, pub); });
    }
  });

  store.on(["problems"], (s) => {
    for (const [k, el] of Object.entries(FIELDS)) markField(el, s.problems.get(k) || null);
    const line = /^Line (\d+) /.exec(s.problems.get("pl") || "");
    if (line) ui.list.dataset.problemLine = line[1]; else delete ui.list.dataset.problemLine;
    for (const el of [ui.sweepP0, ui.sweepP1, ui.sweepStep]) markField(el, s.problems.get("gs") || null);
    markField(ui.sweepInstances, s.problems.get("gi") || null);
  });

  store.on(["running", "ready", "view", "making"], (s) => {
    const on = !!s.running;
    for (const el of [ui.preset, ui.runs, ui.puzzles, ui.list, ui.workers, ui.sweepSize, ui.sweepP0, ui.sweepP1,
      ui.sweepStep, ui.sweepInstances]) el.disabled = on;
    ui.start.disabled = on || !s.ready;
    ui.stop.disabled = !(on && s.running.kind === s.view) && !(s.making && s.making.waiting === s.view);
    ui.panel.dataset.running = on && s.running.kind !== "solve" ? "true" : "false";
  });

  // The compare-status line: where this view stands, in one word (data-state) and a sentence.
  // While Solve shows, it keeps saying where the last compare view stands (a race abandoned by a
  // link to Solve is no longer running).
  let compareView = "race";
  store.on(["running", "ready", "failure", "view", "results", "making"], (s) => {
    if (s.view !== "solve") compareView = s.view;
    const [state, text] = compareStatus(s, compareView);
    ui.status.dataset.state = state;
    ui.status.textContent = text;
  });

  function applyPreset(id) {
    const preset = PRESETS.find((p) => p.id === id) || null;
    if (!preset) { setCompare({ preset: null }); return; }
    const entries = preset.entries.map((e) => {
      const schema = schemas().get(e.solver);
      const params = Object.fromEntries(schema.params.map((p) => [p.name, p.default]));
      return { solver: e.solver, seed: e.seed, params: { ...params, ...e.params } };
    });
    actions.fieldEdited("t");
    store.set({ settings: { ...store.state.settings, max_seconds: String(preset.max_seconds) } });
    setCompare({ preset: preset.id, entries, puzzles: preset.puzzles, runs: String(preset.runs),
      ...(preset.sweep ? { sweep: Object.fromEntries(Object.entries(preset.sweep).map(([k, v]) => [k, String(v)])) } : {}) });
  }

  // ------------------------------------------------------------------ start and stop
  // Everything is checked first (settings/read.js: this view's settings only); a problem is
  // marked on its field and nothing starts. It reads in the click's own task (a built-in set
  // comes as a promise, awaited once the run begins), so a Stop pressed in the same task as
  // Start finds the comparison begun and stops it. Returns {max_seconds, runs, workers, puzzles} or null.
  function readStart(mode) {
    const { values: v, problems, line } = read(mode, store.state);
    if (problems.size) {
      // a field that already has a problem (from a link, say) keeps its own message
      for (const [k, m] of problems) if (!store.state.problems.has(k) && k !== "e") actions.setProblem(k, m);
      if (line) selectListLine(ui.list, line);
      const said = [...problems].map(([k, m]) => problemLine(k, m));
      actions.notify(`Nothing was started:\n• ${said.join("\n• ")}`, "compare");
      return null;
    }
    actions.clearNotice("compare");
    const puzzles = v.puzzles && (v.puzzles.kind === "set" ? loadPuzzleSet(v.puzzles.id) : v.puzzles.puzzles);
    return { max_seconds: v.max_seconds, runs: v.runs, workers: v.workers, puzzles };
  }

  function start() {
    const mode = store.state.view;
    if (store.state.running || !store.state.ready || mode === "solve") return;
    if (store.state.making) { actions.waitForPuzzle(mode, start); return; }   // the puzzle a link names
    const settings = readStart(mode);
    if (!settings || store.state.running) return;
    const c = store.state.compare;
    const entries = c.entries.map((e) => ({ ...e, params: { ...e.params } }));
    const puzzle = store.state.puzzle;
    const link = shareLink();          // what runs: frozen now (a link opened meanwhile abandons it)
    actions.run(mode, link, async ({ setPhase, onStop }) => {
      let stopped = false;
      onStop(() => { stopped = true; pool.stop(); });
      watchStartup = () => {
        if (begun) return;
        setPhase("starting", describeStartup(pool.status()));
        if (mode === "race") race.waiting(pool.status());
      };
      let begun = false;
      const onStart = () => {
        if (begun) return;
        begun = true;
        if (mode === "race") race.started();
        setPhase("running", mode === "race" ? `${entries.length} entries` : "");
      };
      try {
        if (mode === "race") {
          race.begin(entries, puzzle.cells, settings.max_seconds);
          pool.resize(entries.length);
          watchStartup();
          const jobs = entries.map((e, i) => ({ lane: i, puzzle: boardToString(puzzle.cells), solver: e.solver,
            params: e.params, seed: e.seed, max_seconds: settings.max_seconds }));
          const promises = pool.start(jobs, { together: true, onStart,
            onFrame: (job, f) => race.frame(job.lane, f) });
          await Promise.all(promises.map((p, i) => p.then((r) => race.done(i, r))));
          race.ended();
          return { kind: "race", link, puzzle: boardToString(puzzle.cells),
            max_seconds: settings.max_seconds, ...race.outcome() };
        }
        let puzzles;
        try { puzzles = await settings.puzzles; } catch (err) {         // a built-in set that could not be fetched
          if (!(err instanceof ListProblem)) throw err;
          actions.notify(`Nothing was started:\n• ${err.message}`, "compare");
          return null;
        }
        if (stopped) return null;                                       // stopped while the set was fetched
        const jobs = experiment.begin({ entries, puzzles, runs: settings.runs,
          max_seconds: settings.max_seconds, preset: c.preset ? PRESETS.find((p) => p.id === c.preset) : null,
          published: await published(), sweep: c.puzzles === "gen" ? readSweep(c.sweep) : null });
        pool.resize(settings.workers);
        watchStartup();
        const promises = pool.start(jobs, { onStart });
        await Promise.all(promises.map((p, i) => p.then((r) => experiment.result(jobs[i], r))));
        return experiment.finish();
      } finally {
        watchStartup = () => {};
      }
    });
  }

  let watchStartup = () => {};
  ui.start.addEventListener("click", start);

  // The pool's workers load while the visitor composes a comparison (python/pool.js, warm): as
  // many as a race of its entries (at least two) or the experiment's workers. Only once the
  // page's own worker is ready, so they never slow the first "Ready".
  store.on(["view", "ready", "compare"], (s) => {
    if (!s.ready || s.failure) return;
    const n = s.view === "race" || (s.view === "solve" && s.compare.entries.length >= 2)
      ? Math.max(2, s.compare.entries.length)
      : s.view === "experiment" ? Math.max(1, Math.min(MAX_POOL, Math.floor(Number(s.compare.workers)) || 1)) : 1;
    pool.warm(n);
    showPool();
  });

  // the pool's workers, and how many are ready (test hooks on compare-status)
  function showPool() {
    const workers = pool.slots.map((slot) => slot.worker);
    ui.status.dataset.workers = String(workers.length);
    ui.status.dataset.workersReady = String(workers.filter((w) => w.ready).length);
  }
  ui.stop.addEventListener("click", () => {
    if (actions.isCurrent(store.state.view) || actions.isWaiting(store.state.view)) actions.stop();
  });
  window.addEventListener("resize", () => { race.resize(); experiment.resize(); });

  // a race belongs to its puzzle: when the puzzle changes, its lanes go with it
  store.on(["results", "running"], (s) => {
    if (!s.results.race && !(s.running && s.running.kind === "race") && race.lanes.length) race.clear();
  });

  // ------------------------------------------------------------------ which view shows
  store.on(["view"], (s) => {
    ui.panel.hidden = s.view === "solve";
    ui.experiment.hidden = s.view !== "experiment";
    ui.lanes.hidden = ui.raceChart.hidden = s.view !== "race";
    ui.resultsBox.hidden = ui.progress.hidden = ui.experimentChart.hidden = s.view !== "experiment";
    mirrorChart();
  });

  // the chart hook (compare-chart) tells the tests about the chart of the view on screen
  function mirrorChart() {
    const shown = store.state.view === "race" ? ui.raceChart : ui.experimentChart;
    for (const k of ["series", "legend", "title", "xLabel", "yLabel", "plotted", "xMax"]) ui.chart.dataset[k] = shown.dataset[k] || "";
    ui.chart.dataset.points = shown.dataset.points || "0";
  }
  new MutationObserver(mirrorChart).observe(ui.raceChart, { attributes: true });
  new MutationObserver(mirrorChart).observe(ui.experimentChart, { attributes: true });

  return {
    onPoolStatus: () => { watchStartup(); showPool(); },
    race, experiment,
  };
}

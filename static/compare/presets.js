// The papers' experiments, sized for a browser, with the figures each paper published.
// `paper(published)` reads data/published.json (the one home of those figures) and maps a
// puzzle name (or a rating level, for names like "easy-3") to what the paper reports for it;
// `note` is shown on screen (what the paper ran, what the preset runs): a string, or a
// function of the published figures when it quotes them.
import { seriesPoints, figure } from "../rules/published.js";
import { patchOf } from "../rules/table.js";

const DEFAULTS = {};    // an entry's params are the paper's defaults unless given here

export const PRESETS = [
  {
    id: "phase-transition",
    label: "Phase transition — Lewis 2007",
    entries: [{ solver: "hill_climb", seed: 0, params: DEFAULTS }, { solver: "alldiff_tabu", seed: 0, params: DEFAULTS },
      { solver: "alldiff_tabu", seed: 0, params: { propagate: true } }, { solver: "acs", seed: 0, params: DEFAULTS },
      { solver: "alldiff_ls", seed: 0, params: DEFAULTS }],
    puzzles: "gen", sweep: { size: "9,16,25", p0: 0.2, p1: 0.7, step: 0.1, instances: 2 }, runs: 1, max_seconds: 5,
    note: "Lewis (J. Heuristics 13(4), 2007) generates puzzles by keeping each cell of a full grid with " +
      "probability p and finds an easy–hard–easy curve, hardest near p = 0.40–0.45 (16×16: success dips to " +
      "about 75 % at p = 0.40 within 30 s, on a PC of 2007). Here: 9×9, 16×16 and 25×25, p = 0.2 … 0.7 by 0.1, " +
      "2 generated instances per size and p, 1 run × 5 s each (alldiff_tabu also with propagation inside its search; " +
      "acs and alldiff_ls are the field's references): 180 runs, drawn as your own atlas beside the shipped one, " +
      "with Lewis's, Lloyd & Amos's and AllDiff-LS's published figures. Pick one size for the plots against p; " +
      "raise the instances or the time limit to redo the atlas at a bigger budget. The full sweeps are in docs/benchmarks.md.",
    paper: null,
  },
  {
    id: "paper-nb_coin",
    label: "NB-COIN, Table II (Waiyapara et al.)",
    entries: [{ solver: "nb_coin", seed: 0, params: DEFAULTS }],
    puzzles: "sato6", runs: 3, max_seconds: 20,
    note: "The paper: 100 runs per puzzle, up to 100,000 generations each. Here: 3 runs × 20 s on each of " +
      "the six puzzles, 18 runs: at most 6 minutes on one worker, 3 on two (the Workers field; by default " +
      "this device's cores less one). Paper figures: runs solved, mean generations (Nfe).",
    // runs solved and mean generations of the solved runs, per puzzle (Table II, NB-COIN's arm)
    paper: (pub) => {
      const solved = seriesPoints(pub, "nb_coin", { measure: "solved", arm: "NB-COIN" });
      const gens = seriesPoints(pub, "nb_coin", { measure: "mean_generations", arm: "NB-COIN" });
      return Object.fromEntries([...solved].map(([x, pt]) =>
        [x, `${pt.y}/${pt.series.runs_each}, ${figure(gens.get(x).y)} gen.`]));
    },
  },
  {
    id: "paper-ga_woc",
    label: "GA vs GA+WoC, Table 1 (Hughes & Yampolskiy)",
    entries: [{ solver: "ga_woc", seed: 0, params: { woc: true } }, { solver: "ga_woc", seed: 0, params: { woc: false } }],
    puzzles: "sato6", runs: 2, max_seconds: 30,
    note: (pub) => {
      const all = (measure, arm) => figure(seriesPoints(pub, "ga_woc", { measure, arm }).get("five boards")?.y, 2);
      return "The paper: 10 runs on each of its five boards (not published). Here: 2 runs × 30 s on the six " +
        `Sato & Inoue boards. Its averages over all boards: final conflicts ${all("mean_final_conflicts", "GA")} (GA) ` +
        `and ${all("mean_final_conflicts", "GA+WoC")} (GA+WoC), generations ${all("mean_generations", "GA")} and ` +
        `${all("mean_generations", "GA+WoC")}; very easy and easy boards solved reliably, hard ones come very close.`;
    },
    // the paper's words for each level, on the Sato & Inoue boards of that level
    paper: (pub) => Object.fromEntries([...seriesPoints(pub, "ga_woc", { measure: "outcome", x: "level" })]
      .flatMap(([level, pt]) => (pt.puzzles || []).map((name) => [name, `${pt.text} (${level})`]))),
  },
  {
    id: "paper-gp_moves",
    label: "GP over human moves, Tables 7–8 (Pillay)",
    entries: [{ solver: "gp_moves", seed: 0, params: DEFAULTS }],
    puzzles: "papers", runs: 3, max_seconds: 30,
    note: "The paper: 30 runs each (Tables 7–8). Here 3 runs × 30 s. Paper figures: success, min–max generations.",
    // success and min–max generations of the solved runs, per puzzle (Table 8)
    paper: (pub) => {
      const rate = seriesPoints(pub, "gp_moves", { measure: "success_rate", x: "puzzle" });
      const gens = seriesPoints(pub, "gp_moves", { measure: "generations_range", x: "puzzle" });
      return Object.fromEntries([...rate].map(([x, pt]) =>
        [x, `${figure(pt.y * 100)}%, ${gens.get(x).low}–${gens.get(x).high} gen.`]));
    },
  },
  {
    id: "paper-alldiff_tabu",
    label: "alldifferent + tabu (Soto et al.)",
    entries: [{ solver: "alldiff_tabu", seed: 0, params: DEFAULTS }],
    puzzles: "papers", runs: 5, max_seconds: 20,
    note: "The paper: every instance (easy, medium, hard, 'SD', AI Escargot) solved in 30 of 30 runs within " +
      "10,000 iterations. Here 5 runs × 20 s on the papers' puzzles.",
    // one figure for every instance: runs solved within the iteration limit
    paper: (pub) => Object.fromEntries([...seriesPoints(pub, "alldiff_tabu", { measure: "success_rate" })].map(([, pt]) =>
      ["*", `${figure(pt.y * pt.series.runs_each)}/${pt.series.runs_each} within ${figure(pt.series.iteration_limit)} it.`])),
  },
  {
    id: "paper-hill_climb",
    label: "Hill climbing by difficulty, Figure 5 (Jones et al.)",
    entries: [{ solver: "hill_climb", seed: 0, params: DEFAULTS }],
    puzzles: "rated40", runs: 1, max_seconds: 20,
    note: "The paper: 100 unpublished puzzles in four levels, all solved. Here one run × 20 s on each of " +
      "40 Sudoku Exchange puzzles rated easy, medium, hard and diabolical (a different rating scheme: rows " +
      "line up by name only). Paper figures: average iterations and restarts per level.",
    // mean iterations and restarts per level (Figure 5), the paper's level name beside
    paper: (pub) => {
      const its = seriesPoints(pub, "hill_climb", { measure: "mean_iterations", x: "level" });
      const restarts = seriesPoints(pub, "hill_climb", { measure: "mean_restarts", x: "level" });
      return Object.fromEntries([...its].map(([x, pt]) =>
        [x, `avg ${figure(pt.y)} it., ${figure(restarts.get(x).y, 2)} restarts (${pt.label})`]));
    },
  },
];

// What choosing preset `id` sets, as a state patch: its entries (each solver's defaults, then
// the preset's parameters), puzzles, runs and sweep, and the time limit — a setting of the
// shared solver form (key `t`), written through the settings table. No preset of that id: the
// preset goes, the rest stays. Pure: node-tested (tests/js/compare.test.mjs).
export function presetPatch(state, id) {
  const preset = PRESETS.find((p) => p.id === id) || null;
  if (!preset) return { compare: { ...state.compare, preset: null } };
  const entries = preset.entries.map((e) => {
    const schema = state.schemas.get(e.solver);
    const params = Object.fromEntries(schema.params.map((p) => [p.name, p.default]));
    return { solver: e.solver, seed: e.seed, params: { ...params, ...e.params } };
  });
  const sweep = preset.sweep ? { sweep: Object.fromEntries(Object.entries(preset.sweep).map(([k, v]) => [k, String(v)])) } : {};
  return { ...patchOf(state, "t", String(preset.max_seconds)),
    compare: { ...state.compare, preset: preset.id, entries, puzzles: preset.puzzles, runs: String(preset.runs), ...sweep } };
}

// The note of a preset, with the published figures it quotes.
export function presetNote(preset, published) {
  if (!preset) return "";
  return typeof preset.note === "function" ? preset.note(published) : preset.note;
}

// What the paper reports for a puzzle (from data/published.json): by its name, its rating level ("easy-3" -> "easy"), or "*".
export function paperFigure(preset, name, published) {
  if (!preset || !preset.paper) return "";
  const p = preset.paper(published);
  return p[name] ?? p[name.replace(/-\d+$/, "")] ?? p["*"] ?? "";
}

// The built-in puzzle sets an experiment can use: id -> [file, label].
export const PUZZLE_SETS = {
  papers: ["puzzles/papers.txt", "the papers' puzzles (8)"],
  sato6: ["puzzles/sato6.txt", "Sato & Inoue's six"],
  famous: ["puzzles/famous.txt", "famous hard puzzles (8)"],
  rated40: ["puzzles/rated40.txt", "rated: easy … diabolical (40)"],
  top95: ["puzzles/top95.txt", "Norvig's top95 (95)"],
};

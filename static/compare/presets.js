// The papers' experiments, sized for a browser, with the figures each paper published.
// `paper` maps a puzzle name (or a rating level, for names like "easy-3") to what the paper
// reports for it; `note` is shown on screen (what the paper ran, what the preset runs).

const DEFAULTS = {};    // an entry's params are the paper's defaults unless given here

export const PRESETS = [
  {
    id: "phase-transition",
    label: "Phase transition — Lewis 2007",
    entries: [{ solver: "hill_climb", seed: 0, params: DEFAULTS }, { solver: "alldiff_tabu", seed: 0, params: DEFAULTS },
      { solver: "acs", seed: 0, params: DEFAULTS }],
    puzzles: "gen", sweep: { size: 16, p0: 0, p1: 1, step: 0.1, instances: 2 }, runs: 1, seconds: 10,
    note: "Lewis (J. Heuristics 13(4), 2007) generates puzzles by keeping each cell of a full grid with " +
      "probability p and finds an easy–hard–easy curve, hardest near p = 0.40–0.45 (16×16: success dips to " +
      "about 75 % at p = 0.40 within 30 s, on a PC of 2007). Here: 16×16, p = 0 … 1 by 0.1, 2 generated " +
      "instances per p, 1 run × 10 s each, with Lewis's published points and Lloyd & Amos's ant colony figures " +
      "(measured with their program) beside ours. The full sweeps are in docs/benchmarks.md.",
    paper: null,
  },
  {
    id: "paper-nb_coin",
    label: "NB-COIN, Table II (Waiyapara et al.)",
    entries: [{ solver: "nb_coin", seed: 0, params: DEFAULTS }],
    puzzles: "sato6", runs: 3, seconds: 20,
    note: "The paper: 100 runs per puzzle, up to 100,000 generations each. Here: 3 runs × 20 s per puzzle " +
      "(about 6 minutes on 2 workers). Paper figures: runs solved, mean generations (Nfe).",
    paper: {
      "sato-01-easy": "100/100, 2 gen.", "sato-11-easy": "100/100, 4 gen.", "sato-27-medium": "100/100, 130 gen.",
      "sato-29-medium": "100/100, 1,196 gen.", "sato-77-difficult": "100/100, 2,710 gen.",
      "sato-106-difficult": "100/100, 2,341 gen.",
    },
  },
  {
    id: "paper-ga_woc",
    label: "GA vs GA+WoC, Table 1 (Hughes & Yampolskiy)",
    entries: [{ solver: "ga_woc", seed: 0, params: { woc: true } }, { solver: "ga_woc", seed: 0, params: { woc: false } }],
    puzzles: "sato6", runs: 2, seconds: 30,
    note: "The paper: 10 runs on each of its five boards (not published). Here: 2 runs × 30 s on the six " +
      "Sato & Inoue boards. Its averages over all boards: final conflicts 3.82 (GA) and 3.78 (GA+WoC), " +
      "generations 262 and 252; very easy and easy boards solved reliably, hard ones not.",
    paper: {
      "sato-01-easy": "solved reliably (easy)", "sato-11-easy": "solved reliably (easy)",
      "sato-27-medium": "occasionally solved", "sato-29-medium": "occasionally solved",
      "sato-77-difficult": "not solved", "sato-106-difficult": "not solved",
    },
  },
  {
    id: "paper-gp_moves",
    label: "GP over human moves, Tables 7–8 (Pillay)",
    entries: [{ solver: "gp_moves", seed: 0, params: DEFAULTS }],
    puzzles: "papers", runs: 3, seconds: 30,
    note: "The paper: 30 runs each (Tables 7–8). Here 3 runs × 30 s. Paper figures: success, min–max generations.",
    paper: {
      "sato-01-easy": "100%, 0–0 gen.", "sato-11-easy": "100%, 0–0 gen.", "sato-27-medium": "100%, 0–0 gen.",
      "sato-29-medium": "100%, 0–0 gen.", "sato-77-difficult": "100%, 0–1 gen.",
      "sato-106-difficult": "100%, 0–2 gen.", "ai-escargot": "100%, 1–15 gen.",
    },
  },
  {
    id: "paper-alldiff_tabu",
    label: "alldifferent + tabu (Soto et al.)",
    entries: [{ solver: "alldiff_tabu", seed: 0, params: DEFAULTS }],
    puzzles: "papers", runs: 5, seconds: 20,
    note: "The paper: every instance (easy, medium, hard, 'SD', AI Escargot) solved in 30 of 30 runs within " +
      "10,000 iterations. Here 5 runs × 20 s on the papers' puzzles.",
    paper: { "*": "30/30 within 10,000 it." },
  },
  {
    id: "paper-hill_climb",
    label: "Hill climbing by difficulty, Figure 5 (Jones et al.)",
    entries: [{ solver: "hill_climb", seed: 0, params: DEFAULTS }],
    puzzles: "rated40", runs: 1, seconds: 20,
    note: "The paper: 100 unpublished puzzles in four levels, all solved. Here one run × 20 s on each of " +
      "40 Sudoku Exchange puzzles rated easy, medium, hard and diabolical (a different rating scheme: rows " +
      "line up by name only). Paper figures: average iterations and restarts per level.",
    paper: {
      easy: "avg 234 it., 0.12 restarts (Easy)", medium: "avg 392 it., 1.08 restarts (Medium)",
      hard: "avg 725 it., 2.80 restarts (Hard)", diabolical: "avg 3,588 it., 3.39 restarts (Hardest)",
    },
  },
];

// What the paper reports for a puzzle: by its name, its rating level ("easy-3" -> "easy"), or "*".
export function paperFigure(preset, name) {
  if (!preset || !preset.paper) return "";
  const p = preset.paper;
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

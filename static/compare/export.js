// Per-run records as files: JSON Lines with the fields of `python -m sudoku_lab bench --json`
// (so a browser experiment and a native one compare line by line) and CSV with the same
// columns (params as JSON text).

export { download } from "../download.js";

export const FIELDS = ["puzzle", "name", "solver", "seed", "params", "solved", "board", "conflicts", "open_cells",
  "best", "iterations", "evaluations", "seconds", "stop_reason", "restarts", "longest_step",
  "iterations_per_second", "message"];

export const toJSONLines = (records) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

function csvCell(v) {
  if (v === null || v === undefined) return "";
  const text = typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCSV(records) {
  const lines = [FIELDS.join(",")];
  for (const r of records) lines.push(FIELDS.map((f) => csvCell(r[f])).join(","));
  return lines.join("\n") + "\n";
}

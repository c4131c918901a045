// Per-run records as files: JSON Lines with the fields of `python -m sudoku_lab bench --json`
// and CSV with the same columns (params as JSON text), both written from one field list, so a
// browser experiment and a native one compare line by line. The field list is the package's (bench.RECORD_FIELDS), sent with
// the worker's `ready` message: it is written down once, in Python.

// Each record as the field list has it: every field in its order, null where the run has none
// (a result without a message), so the JSON Lines and the CSV carry the same fields.
const fieldsOf = (r, fields) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null]));

export const toJSONLines = (records, fields) => records.map((r) => JSON.stringify(fieldsOf(r, fields))).join("\n") + "\n";

function csvCell(v) {
  if (v === null || v === undefined) return "";
  const text = typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCSV(records, fields) {
  const lines = [fields.join(",")];
  for (const r of records) lines.push(fields.map((f) => csvCell(r[f])).join(","));
  return lines.join("\n") + "\n";
}

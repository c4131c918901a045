// The visitor's solvers as the browser keeps them, without the DOM (node-tested): several, each
// with a name and its text as typed, one of them in the editor. Kept under SHELF_KEY; today's
// single text (code.js STORAGE_KEY) becomes the first solver the first time the shelf is read, so
// nothing typed before is lost. docs/visitor-solver.md, "A visitor's solver".
import { OWN_NAME, storedText } from "./code.js";

export const SHELF_KEY = "sudoku-lab-own-solvers";
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,59}$/;     // a file's name: it names the records' solver_file

const isShelf = (v) => !!v && Array.isArray(v.solvers) && v.solvers.length > 0 && Number.isInteger(v.current) &&
  v.current >= 0 && v.current < v.solvers.length &&
  v.solvers.every((x) => x && typeof x.name === "string" && typeof x.text === "string");

// {solvers: [{name, text}], current}: the kept shelf, else today's one text as its first solver
export function storedShelf(storage) {
  try {
    const kept = JSON.parse(storage.getItem(SHELF_KEY) || "null");
    if (isShelf(kept)) return kept;
  } catch { /* unreadable: start from the single text */ }
  let old = null;
  try { old = storedText(storage); } catch { /* storage refused */ }
  return { solvers: [{ name: OWN_NAME, text: old ?? "" }], current: 0 };
}

export function storeShelf(storage, shelf) {
  try { storage.setItem(SHELF_KEY, JSON.stringify(shelf)); return true; } catch { return false; }
}

export const currentOf = (shelf) => shelf.solvers[shelf.current];

// the shelf with the editor's solver's text as typed
export const withText = (shelf, text) =>
  ({ ...shelf, solvers: shelf.solvers.map((x, i) => (i === shelf.current ? { ...x, text } : x)) });

// a name no solver on the shelf has: my_solver.py, my_solver_2.py, …
function freeName(shelf, base = OWN_NAME) {
  const stem = base.replace(/\.py$/, "");
  const taken = new Set(shelf.solvers.map((x) => x.name));
  for (let k = 1; ; k++) {
    const name = k === 1 ? `${stem}.py` : `${stem}_${k}.py`;
    if (!taken.has(name)) return name;
  }
}

// the shelf with one more solver (its text, a free name), now in the editor
export const added = (shelf, text = "", name = OWN_NAME) =>
  ({ solvers: [...shelf.solvers, { name: freeName(shelf, name), text }], current: shelf.solvers.length });

export const picked = (shelf, i) => (i >= 0 && i < shelf.solvers.length ? { ...shelf, current: i } : shelf);

// the editor's solver renamed: {shelf} or {problem} in one line
export function renamed(shelf, raw) {
  const name = String(raw).trim();
  if (!NAME.test(name)) return { problem: "A solver's name is a file's name: letters, digits, _ . - (at most 60), e.g. my_solver.py." };
  if (shelf.solvers.some((x, i) => i !== shelf.current && x.name === name)) return { problem: `You already have a solver named ${name}.` };
  return { shelf: { ...shelf, solvers: shelf.solvers.map((x, i) => (i === shelf.current ? { ...x, name } : x)) } };
}

// the shelf without the editor's solver; the last one left is emptied, never removed
export function deleted(shelf) {
  if (shelf.solvers.length === 1) return { solvers: [{ ...shelf.solvers[0], text: "" }], current: 0 };
  const solvers = shelf.solvers.filter((_, i) => i !== shelf.current);
  return { solvers, current: Math.min(shelf.current, solvers.length - 1) };
}

// A visitor's solver in the page's state, without the DOM (node-tested): the code a run of it
// sends, the line an error names, and where the text is kept between visits. Its text runs only
// in a worker, through the run protocol (docs/design.md, "A visitor's solver").
export const OWN = "own";
export const OWN_NAME = "my_solver.py";
export const STORAGE_KEY = "sudoku-lab-own-solver";

// state.own: the editor's text as typed (never replaced by an error), whether it may run (a
// link's code waits for the visitor's word), the last error and the sha256 of the last text loaded
export const INITIAL_OWN = { name: OWN_NAME, text: "", trusted: true, error: null, loaded: null };

// What a run or a vet of `solver` sends as its code: the editor's text for "own" once it may run;
// null for a built-in (and for "own" while its text waits for consent, or is empty).
export function codeFor(solver, own) {
  if (solver !== OWN || !own || !own.trusted || !own.text.trim()) return null;
  return { name: own.name || OWN_NAME, text: own.text };
}

// The line of the visitor's text an error names ("line 7 of my_solver.py: …"), or null.
export function lineOf(message) {
  const m = /^line (\d+) of /.exec(message || "");
  return m ? Number(m[1]) : null;
}

// The text kept in the browser's storage (null when none, or storage is refused).
export function storedText(storage) {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
    return kept && typeof kept.text === "string" ? kept.text : null;
  } catch { return null; }
}

export function storeText(storage, text) {
  try { storage.setItem(STORAGE_KEY, JSON.stringify({ text })); return true; } catch { return false; }
}

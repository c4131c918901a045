// A visitor's solver in the page's state, without the DOM (node-tested): the code a run of it
// sends, the line an error names, and where the text is kept between visits. Its text runs only
// in a worker, through the run protocol (docs/visitor-solver.md, "A visitor's solver").
import { OWN } from "../rules/entries.js";

export { OWN };
export const OWN_NAME = "my_solver.py";
export const STORAGE_KEY = "sudoku-lab-own-solver";

// state.own: the editor's text as typed (never replaced by an error), whether it may run (a
// link's code waits for the visitor's word), the last error and the sha256 of the last text loaded
// (packed: the text as a share link's code=, and sha its sha256, own/panel.js keeps both in step);
// texts: the texts a comparison's entries name by their sha256 (own/texts.js); linkTexts: the texts
// of the link opened last ([{sha, text, packed}], null when it had no code=)
export const INITIAL_OWN = { name: OWN_NAME, text: "", trusted: true, error: null, loaded: null, packed: null, sha: null,
  texts: [], linkTexts: null };

// Does what `view` would run use the visitor's solver (Solve's solver, or an entry of a comparison)?
export const usesOwn = (s, view = s.view) =>
  (view === "solve" ? s.settings.solver === OWN : s.compare.entries.some((e) => e.solver === OWN));

// What a link's code waits for until the visitor allows it (a refused Start's reason, and the status line).
export const AWAITS_CONSENT = "The link's code for your solver has not been allowed to run: read it, then press Run this code.";

// whether `view` runs the editor's text: Solve's own, or an entry `own` that names no text of its own
const runsEditors = (s, view) => view === "solve" || s.compare.entries.some((e) => e.solver === OWN && !e.sha);

// What the page says of Your solver while its editor is empty (a Start, the line under the menu).
export const NO_CODE_YET = "Your solver has no code yet: pick a template, or write run(puzzle, params, rng).";

// Whether `schema` is Your solver's with nothing in its editor (its menu entry's measure, title and
// citation are then stand-ins, and the page says NO_CODE_YET instead).
export const hasNoCodeYet = (schema, ownText) => !!schema?.own && !ownText.trim();

// Why a Start that uses the visitor's solver cannot run its text (null when it can; the texts
// entries name by their sha256 are checked by own/texts.js textsProblem).
export function ownStartProblem(s, view) {
  if (!usesOwn(s, view)) return null;
  if (!s.own.trusted) return AWAITS_CONSENT;
  if (runsEditors(s, view) && !s.own.text.trim()) return NO_CODE_YET;
  if (view !== "solve" && s.compare.entries.some((e) => e.unread)) {
    return "Your solver's parameters from the link are read once its code has loaded: wait a moment, then press Start again.";
  }
  return null;
}

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

// The one text the browser kept before the visitor had several (own/shelf.js reads it once, into
// the first of them); null when none, or storage is refused.
export function storedText(storage) {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
    return kept && typeof kept.text === "string" ? kept.text : null;
  } catch { return null; }
}

// The longest share link the lab writes (solver_file.LINK_LIMIT): browsers take longer fragments,
// but chat and mail clients and some servers cut links past a few tens of thousands of characters.
export const LINK_LIMIT = 32_000;

export const tooLongText = (length) =>
  `This link would be ${length.toLocaleString("en")} characters, past the ${LINK_LIMIT.toLocaleString("en")} a share ` +
  "link may hold (chat and mail clients cut longer ones): send your code as a file instead (Download my_solver.py).";

// A solver's text as a link carries it (code=): raw deflate, base64url without padding, as
// solver_file.pack writes it.
export async function packCode(text) {
  const bytes = new Uint8Array(await new Response(new Blob([new TextEncoder().encode(text)]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The text of a link's code= (an Error in words when it is not one: a link cut short).
export async function unpackCode(packed) {
  try {
    const binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const out = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer();
    return new TextDecoder("utf-8", { fatal: true }).decode(out);
  } catch {
    throw new Error("the link's code cannot be read: was the link cut short?");
  }
}

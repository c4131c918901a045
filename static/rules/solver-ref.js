// A solver reference, resolved in one place (docs/links-and-files.md, "Share links";
// docs/visitor-solver.md, "A visitor's solver"): a built-in's id (`hill_climb`), or a visitor's text — `own` alone where a link holds
// one text, `own@<hex>` (the first hex digits of its text's sha256) among several. The page's
// mirror of py/sudoku_lab/solver_ref.py: entries carry {solver, sha}, and only this module reads
// or writes the `own@` form.
import * as values from "./values.js";

export const OWN = "own";
export const PREFIX = 8;                      // hex digits of a text's sha256 that name it in a link
const MARK = "@";
const HEX = /^[0-9a-f]{4,64}$/;

// whether an entry's solver token names a visitor's text (own, own@…), not a built-in
export const isVisitors = (token) => token === OWN || token.startsWith(OWN + MARK);

// An entry's solver token read: {solver, sha} (sha the prefix given, or null: a built-in, or the
// one text of a link); a ValueProblem for an `own@` without hex digits.
export function parseRef(token) {
  if (!token.startsWith(OWN + MARK)) return { solver: token, sha: null };
  const sha = token.slice(OWN.length + MARK.length).toLowerCase();
  if (!HEX.test(sha)) throw new values.ValueProblem(`${values.quote(token)}:`, "own@ takes the first hex digits of a text's sha256");
  return { solver: OWN, sha };
}

// the token that names an entry's solver in a link: its id, or own@<first 8 of its text's sha256>
export const refToken = (entry) => (entry.sha ? `${OWN}${MARK}${entry.sha.slice(0, PREFIX)}` : entry.solver);

// The text an entry names among the link's texts [{sha, text}] (sha the full hex): {text} or
// {problem}; `own` alone names the one text of a link that holds one.
export function textFor(entry, texts) {
  const found = entry.sha ? texts.filter((t) => t.sha.startsWith(entry.sha)) : texts;
  if (found.length === 1) return { text: found[0] };
  if (!found.length) return { problem: `${refToken(entry)} names none of the link's ${texts.length} solver texts` };
  return { problem: `${refToken(entry)} could be any of ${found.length} solver texts: name one by own@<first 8 of its sha256>` };
}

// A link's code= as its packed texts (base64url has no comma)
export const splitCodes = (code) => code.split(",");

// code= for entries: each distinct text once, in the order the entries first name it;
// `packedOf(sha)` is that text's packed form
export function joinCodes(entries, packedOf) {
  const shas = [...new Set(entries.filter((e) => e.solver === OWN && e.sha).map((e) => e.sha))];
  return shas.map(packedOf).join(",");
}

// what makes two entries one run: the solver (a visitor's by its text's full sha256 where
// `textSha` knows it, else its token), seed and parameters
const runKey = (e, textSha) =>
  JSON.stringify([textSha(e) ?? refToken(e), e.seed, Object.entries(e.params || {}).sort(), e.unread || []]);

// Entries that would run the same text with the same parameters and seed, as warnings
// ("entries 1 and 3 run the same solver text, parameters and seed: …"), one for each repeat.
// textSha(entry): the full sha256 of the text a visitor's entry runs (own/texts.js textShaOf), so
// `own` (the editor's text) and `own@<hex>` of that same text are one run; null: not known.
export function sameRuns(entries, textSha = () => null) {
  const first = new Map();
  const out = [];
  entries.forEach((e, i) => {
    const k = runKey(e, textSha);
    if (first.has(k)) out.push(`entries ${first.get(k) + 1} and ${i + 1} run the same solver, parameters and seed: they will make the same moves`);
    else first.set(k, i);
  });
  return out;
}

// What an entry, lane or legend calls its solver: a built-in by its id; a visitor's by its token
// and its TITLE ("own — Min-conflicts local search"), plain text (shown with textContent, never as HTML).
export const nameOf = (entry, schema) =>
  (isVisitors(entry.solver) && schema?.title ? `${refToken(entry)} — ${schema.title}` : refToken(entry));

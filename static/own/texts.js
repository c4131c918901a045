// *Pure*: the visitor's texts that a race's or an experiment's entries name, and which one each
// entry runs, resolved in one place (docs/visitor-solver.md, "A visitor's solver"; docs/links-and-files.md, "Share links"). An
// entry `own@<hex>` names a text by its sha256; `own` alone is the editor's text, as before. The
// texts (state.own.texts, [{sha, name, text, packed, schema, error, allowed}]) come from the
// editor when an entry is added and from a link's code=; a link's wait for the visitor's word
// (allowed false) and none of them runs before. Each still runs only in a visitor's worker.
import { OWN, OWN_NAME, codeFor, unpackCode } from "./code.js";
import { joinCodes, refToken, splitCodes, textFor } from "../rules/solver-ref.js";

// the sha256 of a text, in hex (crypto.subtle: the page and node alike)
export async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// the text an `own@<hex>` entry names (null: a built-in, `own` alone, or no text of that sha)
export function namedText(entry, own) {
  if (entry.solver !== OWN || !entry.sha) return null;
  const found = (own.texts || []).filter((t) => t.sha.startsWith(entry.sha));
  return found.length === 1 ? found[0] : null;
}

// The code an entry's runs send: null for a built-in; `own` alone the editor's text once it may
// run (own/code.js codeFor); `own@<hex>` its own text, once allowed.
export function entryCode(entry, own) {
  if (entry.solver !== OWN) return null;
  if (!entry.sha) return codeFor(OWN, own);
  const t = namedText(entry, own);
  return t && t.allowed ? { name: t.name, text: t.text } : null;
}

// The full sha256 of the text a visitor's entry runs: `own@<hex>` its named text's, `own` alone the
// editor's (own.sha); null for a built-in or a text not known (rules/solver-ref.js sameRuns).
export const textShaOf = (entry, own) =>
  (entry.solver !== OWN ? null : entry.sha ? namedText(entry, own)?.sha ?? null : own.sha ?? null);

// The schema an entry is read and shown by: a visitor's text's own (its TITLE and PARAMS; null
// until loaded), else its solver's.
export const entrySchema = (state, entry) =>
  (entry.solver === OWN && entry.sha ? namedText(entry, state.own)?.schema ?? null : state.schemas.get(entry.solver) ?? null);

// Why a comparison's entries of the visitor's texts cannot run (null when they can): a text not
// there, or one that failed to load.
export function textsProblem(entries, own) {
  for (const [i, e] of entries.entries()) {
    if (e.solver !== OWN || !e.sha) continue;
    const t = namedText(e, own);
    if (!t) return `entry ${i + 1}: ${refToken(e)} names none of your solvers' texts`;
    if (t.error) return `entry ${i + 1} (${refToken(e)}): ${t.error}`;
  }
  return null;
}

// the texts with `item` in (one per sha: a second of the same text keeps the first's name)
export function withItem(texts, item) {
  const old = texts.find((t) => t.sha === item.sha);
  return old ? texts.map((t) => (t === old ? { ...old, ...item, name: old.name, allowed: old.allowed || item.allowed } : t))
    : [...texts, item];
}

// the texts after the worker's reply to loading the text of `sha`: its schema, or its error
export const withLoaded = (texts, sha, reply) => texts.map((t) => (t.sha !== sha ? t
  : reply.ok ? { ...t, schema: reply.schema, error: null } : { ...t, error: reply.message }));

// the allowed texts not yet loaded (their schema: a title, parameters): loaded one at a time
export const toLoad = (texts) => texts.filter((t) => t.allowed && !t.schema && !t.error);

// What a comparison's link carries of the visitor's texts: {entries, code}. Entries that name one
// text (or `own` alone, the editor's) are written `own`, as one-text links always were; entries of
// several texts each `own@<first 8 of its sha256>`, code= each text once (rules/solver-ref.js joinCodes).
export function sharedTexts(entries, own) {
  const shaOf = (e) => e.sha || own.sha;
  const mine = entries.filter((e) => e.solver === OWN);
  if (new Set(mine.map(shaOf)).size <= 1) {
    const packed = !mine.length ? null : mine[0].sha ? namedText(mine[0], own)?.packed ?? null : own.packed;
    return { entries: entries.map((e) => (e.solver === OWN ? { ...e, sha: null } : e)), code: packed };
  }
  const named = entries.map((e) => (e.solver === OWN ? { ...e, sha: shaOf(e) } : e));
  const packedOf = (sha) => namedText({ solver: OWN, sha }, own)?.packed ?? (sha === own.sha ? own.packed : "");
  return { entries: named, code: joinCodes(named, packedOf) };
}

// A link's code= read: {texts: [{sha, text, packed}], problems}. Each text is unpacked on its own,
// so a damaged one is a problem (of code) and the others are still offered; a single-run link
// carries one text (`single`).
export async function readCodes(code, single) {
  const pieces = splitCodes(code);
  if (single && pieces.length > 1) return { texts: [], problems: [`a single-run link carries one solver text; its code= holds ${pieces.length}`] };
  const texts = [];
  const problems = [];
  for (const [i, packed] of pieces.entries()) {
    try {
      const text = await unpackCode(packed);
      texts.push({ sha: await sha256(text), text, packed });
    } catch (err) {
      problems.push(pieces.length === 1 ? err.message
        : `text ${i + 1} of the link's ${pieces.length} solver texts cannot be read: was the link cut short?`);
    }
  }
  return { texts, problems };
}

// the texts with a link's texts in, waiting for the visitor's word (a text already allowed stays so)
export const withLinkTexts = (texts, linkTexts) => linkTexts.reduce((all, t) =>
  withItem(all, { ...t, name: OWN_NAME, schema: null, error: null, allowed: false }), texts);

// the texts once the visitor has allowed the link's: those of the link may run
export const allowedTexts = (texts, linkTexts) =>
  texts.map((t) => (linkTexts.some((l) => l.sha === t.sha) ? { ...t, allowed: true } : t));

// Whether a link's entries still wait to be settled against its texts: an own@<hex> by a prefix,
// or `own` alone among several texts (which is then a problem).
export const unsettled = (entries, linkTexts) => entries.some((e) => e.solver === OWN &&
  (e.sha ? e.sha.length < 64 : linkTexts.length > 1));

// A link's entries with each of the visitor's settled against the link's texts [{sha, text}]: an
// own@<hex> names the one text whose sha256 starts so, `own` alone the one text of a link that
// holds one; a prefix that names none, or two, is that entry's problem and the entry is left out.
export function settledEntries(entries, linkTexts) {
  const kept = [];
  const problems = [];
  entries.forEach((e, i) => {
    if (e.solver !== OWN || (!e.sha && linkTexts.length <= 1)) { kept.push(e); return; }
    const found = textFor(e, linkTexts);
    if (found.problem) problems.push(`entry ${i + 1}: ${found.problem}`);
    else kept.push({ ...e, sha: found.text.sha });
  });
  return { entries: kept, problems };
}

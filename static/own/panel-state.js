// *Pure*: what the "Your solver" panel shows for a state, and what its actions change, without the
// DOM (own/panel.js puts it on the page): whether the panel is shown, when the text is loaded,
// the consent a link's code waits for, the line numbers and the error's line, the status of the
// text last loaded, the state after the worker's reply, whether a template asks before it replaces.
import { OWN, usesOwn } from "./code.js";
import { withLoaded } from "./texts.js";

// Shown while the form's solver is yours, a comparison has your entry, or a link's code waits for your word.
export const panelShown = (s) => s.settings.solver === OWN || !s.own.trusted || (s.view !== "solve" && usesOwn(s));

// Whether the text is to be loaded now: it is wanted (Solve's solver is yours, or a link's
// entries wait for its schema to read their parameters), the page is ready, and the text has
// neither been loaded nor failed.
export function loadsNow(s) {
  const wanted = s.settings.solver === OWN || (s.view !== "solve" && s.compare.entries.some((e) => e.unread));
  return wanted && s.ready && !s.own.loaded && !s.own.error;
}

// What the consent box says over a link's code ("" once the code is the visitor's own).
export function consentText(own) {
  if (own.trusted) return "";
  const lines = `${own.text.split("\n").length} lines`;
  const n = own.linkTexts ? own.linkTexts.length : 1;
  if (n <= 1) {
    return `This link holds code for "Your solver" (${lines}, below). Nothing of it has run. Read it, then press Run ` +
      "this code to load it; it then joins your solvers in this browser, beside your own, which stay as they are.";
  }
  return `This link holds code for ${n} solvers of "Your solver" (one below, ${lines}; pick another to read it). Nothing ` +
    "of it has run. Read them, then press Run this code to allow all of them; they then join your solvers in this " +
    "browser, beside your own, which stay as they are.";
}

// The editor's line numbers: how many (one at least) and the one an error names (null: none).
export const lineMarks = (own) => ({ count: Math.max(1, own.text.split("\n").length), bad: (own.error && own.error.line) || null });

// The status of the text last loaded ("" when none is, or when the schema is not the visitor's).
export const loadedStatus = (own, schema) => (own.loaded && schema && schema.own
  ? `Loaded: ${schema.title} (sha256 ${own.loaded.slice(0, 12)}…)` : "");

// The state's change after the worker's reply to loading the text: its schema becomes the
// solver's (the Solver form's fields) and that of the entries naming the text, or its error, with
// its line, is kept.
export function afterLoad(state, reply) {
  if (!reply.ok) return { own: { ...state.own, error: { message: reply.message, line: reply.line ?? null } } };
  const schemas = new Map(state.schemas);
  schemas.set(OWN, reply.schema);
  return { schemas, own: { ...state.own, error: null, loaded: reply.sha256, texts: withLoaded(state.own.texts, reply.sha256, reply) } };
}

// Whether a template asks before it replaces the editor's text: only text the visitor wrote
// (neither empty nor one of the templates as it came) is worth asking for.
export function templateAsks(text, templates) {
  const typed = text.trim();
  return !!typed && !templates.some((x) => x.text.trim() === typed);
}

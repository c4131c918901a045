// What the "Your solver" panel shows and does for a state (static/own/panel-state.js): when it
// is shown and its text loaded, the consent over a link's code, the line numbers, the status of
// the text loaded, the state after the worker's reply, and when a template asks before replacing.
import { test } from "node:test";
import assert from "node:assert/strict";

import { afterLoad, consentText, lineMarks, loadedStatus, loadsNow, panelShown, templateAsks } from "../../static/own/panel-state.js";
import { INITIAL_OWN, OWN } from "../../static/own/code.js";
import { INITIAL } from "../../static/state.js";

const state = ({ solver = "hill_climb", view = "solve", entries = [], own = {}, ...over } = {}) => ({ ...INITIAL, ...over, view,
  settings: { ...INITIAL.settings, solver }, compare: { ...INITIAL.compare, entries }, own: { ...INITIAL_OWN, text: "x = 1\n", ...own } });

test("the panel shows for your solver in Solve, your entry in a comparison, or a link's code waiting for your word", () => {
  assert.equal(panelShown(state()), false);
  assert.equal(panelShown(state({ solver: OWN })), true);
  assert.equal(panelShown(state({ own: { trusted: false } })), true);
  assert.equal(panelShown(state({ view: "race", entries: [{ solver: OWN }] })), true);
  assert.equal(panelShown(state({ view: "solve", entries: [{ solver: OWN }] })), false);   // Solve runs the form's solver
  assert.equal(panelShown(state({ view: "experiment", solver: OWN })), true);             // the form's solver is shared
});

test("the text loads when it is wanted, the page is ready, and it has neither loaded nor failed", () => {
  assert.equal(loadsNow(state({ solver: OWN, ready: true })), true);
  assert.equal(loadsNow(state({ solver: OWN, ready: false })), false);
  assert.equal(loadsNow(state({ solver: OWN, ready: true, own: { loaded: "ab12" } })), false);
  assert.equal(loadsNow(state({ solver: OWN, ready: true, own: { error: { message: "no run", line: null } } })), false);
  assert.equal(loadsNow(state({ ready: true })), false);
  // a link's entry of yours keeps its parameters unread until the schema comes: in a comparison, that wants it
  assert.equal(loadsNow(state({ ready: true, view: "race", entries: [{ solver: OWN, unread: true }] })), true);
  assert.equal(loadsNow(state({ ready: true, view: "race", entries: [{ solver: OWN }] })), false);
  assert.equal(loadsNow(state({ ready: true, view: "solve", entries: [{ solver: OWN, unread: true }] })), false);
});

test("the consent box counts a link's lines, and says nothing over the visitor's own text", () => {
  assert.equal(consentText({ ...INITIAL_OWN, text: "a\nb\nc" }), "");
  assert.match(consentText({ ...INITIAL_OWN, trusted: false, text: "a\nb\nc" }), /^This link holds code for "Your solver" \(3 lines, below\)\. Nothing of it has run\./);
});

test("the line numbers: one at least, the error's line marked", () => {
  assert.deepEqual(lineMarks({ ...INITIAL_OWN, text: "" }), { count: 1, bad: null });
  assert.deepEqual(lineMarks({ ...INITIAL_OWN, text: "a\nb\n", error: { message: "m", line: 2 } }), { count: 3, bad: 2 });
  assert.deepEqual(lineMarks({ ...INITIAL_OWN, text: "a", error: { message: "m", line: null } }), { count: 1, bad: null });
});

test("the status names the loaded text's title and sha256 prefix, only for the visitor's schema", () => {
  const sha = "0123456789abcdef0123";
  assert.equal(loadedStatus({ ...INITIAL_OWN, loaded: sha }, { own: true, title: "Mine" }), "Loaded: Mine (sha256 0123456789ab…)");
  assert.equal(loadedStatus({ ...INITIAL_OWN, loaded: null }, { own: true, title: "Mine" }), "");
  assert.equal(loadedStatus({ ...INITIAL_OWN, loaded: sha }, undefined), "");
  assert.equal(loadedStatus({ ...INITIAL_OWN, loaded: sha }, { title: "Hill climbing" }), "");
});

test("the worker's reply: a schema becomes your solver's and clears the error; an error keeps its line and the schemas", () => {
  const before = state({ schemas: new Map([["hill_climb", { id: "hill_climb" }]]), own: { error: { message: "old", line: 1 } } });
  const ok = afterLoad(before, { ok: true, schema: { id: OWN, own: true }, sha256: "ff00" });
  assert.deepEqual([...ok.schemas.keys()], ["hill_climb", OWN]);
  assert.deepEqual(ok.own, { ...before.own, error: null, loaded: "ff00" });
  assert.equal(before.schemas.has(OWN), false);                              // the state given is left as it was
  assert.deepEqual(afterLoad(before, { ok: false, message: "line 3 of my_solver.py: NameError", line: 3 }),
    { own: { ...before.own, error: { message: "line 3 of my_solver.py: NameError", line: 3 } } });
  assert.deepEqual(afterLoad(before, { ok: false, message: "no run" }).own.error, { message: "no run", line: null });
});

test("a template asks before it replaces text the visitor wrote, not an empty editor or a template as it came", () => {
  const templates = [{ id: "a", text: "def run():\n    pass\n" }, { id: "b", text: "B\n" }];
  assert.equal(templateAsks("  \n", templates), false);
  assert.equal(templateAsks("def run():\n    pass", templates), false);
  assert.equal(templateAsks("B", templates), false);
  assert.equal(templateAsks("def run():\n    return 1\n", templates), true);
  assert.equal(templateAsks("x", []), true);
});

test("the consent over a link of several texts says how many", () => {
  const own = { ...INITIAL_OWN, trusted: false, text: "a\nb", linkTexts: [{ sha: "1" }, { sha: "2" }] };
  assert.match(consentText(own), /^This link holds code for 2 solvers of "Your solver" \(one below, 2 lines; pick another to read it\)\. Nothing of it has run\./);
  assert.equal(consentText({ ...own, trusted: true }), "");
});

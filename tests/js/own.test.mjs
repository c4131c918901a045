// A visitor's solver in the page's state (static/own/code.js): what a run sends, the line an
// error names, the text kept between visits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { INITIAL_OWN, OWN, codeFor, lineOf, storeText, storedText } from "../../static/own/code.js";

test("a run of own sends the editor's text once it may run; a built-in's sends none", () => {
  const own = { ...INITIAL_OWN, text: "def run(p, q, r):\n    yield\n" };
  assert.deepEqual(codeFor(OWN, own), { name: "my_solver.py", text: own.text });
  assert.equal(codeFor("hill_climb", own), null);
  assert.equal(codeFor(OWN, { ...own, trusted: false }), null);       // a link's code before the visitor's word
  assert.equal(codeFor(OWN, { ...own, text: "  \n" }), null);
});

test("the line an error names in the visitor's text", () => {
  assert.equal(lineOf("line 12 of my_solver.py: ZeroDivisionError: division by zero"), 12);
  assert.equal(lineOf("my_solver.py: run yielded int, not a Progress"), null);
  assert.equal(lineOf("claimed solved, but row 3 has 7 twice"), null);
  assert.equal(lineOf(undefined), null);
});

test("the text survives in the browser's storage, and a refusing storage loses nothing else", () => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  assert.equal(storedText(storage), null);
  assert.equal(storeText(storage, "x = 1\n"), true);
  assert.equal(storedText(storage), "x = 1\n");
  const full = { getItem: () => "{not json", setItem: () => { throw new Error("quota"); } };
  assert.equal(storeText(full, "y"), false);
  assert.equal(storedText(full), null);
});

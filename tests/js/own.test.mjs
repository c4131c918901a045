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

test("a solver's text packs into a link's code= and back, as solver_file.pack does", async () => {
  const { packCode, unpackCode, tooLongText } = await import("../../static/own/code.js");
  const text = "def run(puzzle, params, rng):\n    yield  # é, ünïcode\n".repeat(40);
  const packed = await packCode(text);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  assert.ok(packed.length < text.length / 4);
  assert.equal(await unpackCode(packed), text);
  await assert.rejects(unpackCode(packed.slice(0, 20)), /cannot be read: was the link cut short\?/);
  assert.equal(tooLongText(41203), "This link would be 41,203 characters, past the 32,000 a share link may hold " +
    "(chat and mail clients cut longer ones): send your code as a file instead (Download my_solver.py).");
});

test("the page's code= is the package's: one text packs alike on both sides", async () => {
  const { execFileSync } = await import("node:child_process");
  const { packCode, unpackCode } = await import("../../static/own/code.js");
  const text = "x = 1\nprint('ß')\n";
  const python = process.env.PYTHON || "python3";
  const packed = execFileSync(python, ["-c", "import sys; from sudoku_lab.solver_file import pack; print(pack(sys.argv[1]))", text],
    { cwd: new URL("../../py/", import.meta.url), encoding: "utf8" }).trim();
  assert.equal(await unpackCode(packed), text);
  assert.equal(await unpackCode(await packCode(text)), text);
});

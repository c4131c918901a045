// A visitor's solver in the page's state (static/own/code.js): what a run sends, the line an
// error names, the text kept between visits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { INITIAL_OWN, OWN, codeFor, lineOf } from "../../static/own/code.js";
import { SHELF_KEY, added, currentOf, deleted, picked, renamed, storeShelf, storedShelf, withText } from "../../static/own/shelf.js";

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

test("the visitor keeps several solvers; today's one text becomes the first, and a refusing storage loses nothing else", () => {
  const kept = new Map([["sudoku-lab-own-solver", JSON.stringify({ text: "x = 1\n" })]]);     // today's single text
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  let shelf = storedShelf(storage);
  assert.deepEqual(shelf, { solvers: [{ name: "my_solver.py", text: "x = 1\n" }], current: 0 });
  shelf = added(withText(shelf, "x = 2\n"), "y = 1\n");
  assert.deepEqual(shelf.solvers.map((x) => x.name), ["my_solver.py", "my_solver_2.py"]);
  assert.equal(currentOf(shelf).text, "y = 1\n");
  assert.equal(storeShelf(storage, shelf), true);
  assert.deepEqual(storedShelf(storage), shelf);                          // read back as kept
  assert.equal(JSON.parse(kept.get(SHELF_KEY)).solvers[0].text, "x = 2\n");

  assert.equal(renamed(shelf, "my_solver.py").problem, "You already have a solver named my_solver.py.");
  assert.match(renamed(shelf, "<b>.py").problem, /a file's name/);
  shelf = renamed(shelf, " genetic_mine.py ").shelf;
  assert.deepEqual(shelf.solvers.map((x) => x.name), ["my_solver.py", "genetic_mine.py"]);
  assert.equal(picked(shelf, 0).current, 0);
  assert.equal(picked(shelf, 7).current, 1);                             // no such solver: as it was
  const one = deleted(shelf);
  assert.deepEqual(one, { solvers: [{ name: "my_solver.py", text: "x = 2\n" }], current: 0 });
  assert.deepEqual(deleted(one), { solvers: [{ name: "my_solver.py", text: "" }], current: 0 });   // the last is emptied, not gone

  const full = { getItem: () => "{not json", setItem: () => { throw new Error("quota"); } };
  assert.equal(storeShelf(full, shelf), false);
  assert.deepEqual(storedShelf(full), { solvers: [{ name: "my_solver.py", text: "" }], current: 0 });
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
  const { packCode, unpackCode } = await import("../../static/own/code.js");
  const text = "x = 1\nprint('ß')\n";
  const python = process.env.PYTHON || "python3";
  const packed = execFileSync(python, ["-c", "import sys; from sudoku_lab.solver_file import pack; print(pack(sys.argv[1]))", text],
    { cwd: new URL("../../py/", import.meta.url), encoding: "utf8" }).trim();
  assert.equal(await unpackCode(packed), text);
  assert.equal(await unpackCode(await packCode(text)), text);
});

// The menu's entry for own before its code loads (no parameters), and the min-conflicts
// template's schema once loaded, as the worker gives them.
function ownSchemas() {
  return JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-c", [
    "import json; from pathlib import Path; from sudoku_lab import solvers",
    "from sudoku_lab.solver_file import load, stub_schema",
    "text = Path('sudoku_lab/templates/min_conflicts.py').read_text()",
    "print(json.dumps([stub_schema(), {**solvers.schema(load('my_solver.py', text)), 'own': True}]))"].join("\n")],
  { cwd: new URL("../../py/", import.meta.url), encoding: "utf8" }));
}
test("a link's own entry keeps its parameters unread until its code loads, then reads them by its PARAMS", async () => {
  const { decodeEntries, encodeEntries, readUnreadEntries, describe } = await import("../../static/rules/entries.js");
  const [stub, loaded] = ownSchemas();
  assert.equal(loaded.params.find((p) => p.name === "noise").default, 0.1);
  const before = new Map([["own", stub], ["hill_climb", { id: "hill_climb", params: [] }]]);
  const text = "own:1:noise=0.2,hill_climb:2";
  const opened = decodeEntries(text, before);
  assert.deepEqual(opened.problems, []);                                     // not "own has no parameter 'noise'"
  assert.deepEqual(opened.entries[0], { solver: "own", seed: 1, params: {}, unread: [["noise", "0.2"]] });
  assert.equal(encodeEntries(opened.entries, before), text);                 // Share writes the pair back as it came
  assert.equal(describe(opened.entries[0], stub), "own — Your solver (write it in the editor) · seed 1 · noise=0.2");

  const after = new Map([...before, ["own", loaded]]);
  const read = readUnreadEntries(opened.entries, () => loaded);
  assert.deepEqual(read.problems, []);
  assert.equal(read.entries[0].params.noise, 0.2);
  assert.equal(read.entries[0].unread, undefined);
  assert.equal(encodeEntries(read.entries, after), text);                    // and still, once read

  const bad = readUnreadEntries(decodeEntries("hill_climb:2,own:1:nosie=0.2", before).entries, () => loaded);
  assert.deepEqual(bad.problems, ["entry 2: own has no parameter 'nosie'"]);
  assert.deepEqual(bad.entries.map((e) => e.solver), ["hill_climb"]);
  const range = readUnreadEntries(decodeEntries("own:1:noise=7", before).entries, () => loaded);
  assert.equal(range.entries.length, 0);
  assert.deepEqual(range.problems, ["entry 1: parameter 'noise' must be between 0 and 1; got 7"]);
  assert.deepEqual(decodeEntries("own:1:noise=0.2:noise=0.3", before).problems, ["entry 1: 'noise' is given twice"]);
});

test("several of the visitor's texts in one link: each entry names its text by its sha256's start", async () => {
  const { decodeEntries, encodeEntries, describe } = await import("../../static/rules/entries.js");
  const [stub, loaded] = ownSchemas();
  const schemas = new Map([["own", stub], ["alldiff_ls", { id: "alldiff_ls", params: [] }]]);
  const text = "own@1a2b3c4d:1:noise=0.2,own@5e6f7a8b:2,alldiff_ls:1,own:3";
  const opened = decodeEntries(text, schemas);
  assert.deepEqual(opened.problems, []);
  assert.deepEqual(opened.entries.map((e) => [e.solver, e.sha, e.seed]),
    [["own", "1a2b3c4d", 1], ["own", "5e6f7a8b", 2], ["alldiff_ls", undefined, 1], ["own", undefined, 3]]);
  assert.equal(encodeEntries(opened.entries, schemas), text);                // Share writes each back as it came
  assert.equal(describe(opened.entries[1], loaded), "own@5e6f7a8b — Min-conflicts local search (template) · seed 2");
  assert.deepEqual(decodeEntries("own@OOPS:1", schemas).problems,
    ["entry 1: 'own@OOPS': own@ takes the first hex digits of a text's sha256"]);
});

// The visitor's texts a comparison's entries name (static/own/texts.js): which text an entry runs,
// the schema it is shown by, why a Start cannot run them, and the texts as they load.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { INITIAL_OWN } from "../../static/own/code.js";
import { allowedTexts, entryCode, entrySchema, namedText, readCodes, settledEntries, sha256, sharedTexts, textShaOf, textsProblem,
  toLoad, unsettled, withItem, withLinkTexts, withLoaded } from "../../static/own/texts.js";
import { sameRuns } from "../../static/rules/solver-ref.js";

const item = (text, patch = {}) => ({ sha: createHash("sha256").update(text).digest("hex"), name: "a.py", text, packed: "x",
  schema: null, error: null, allowed: true, ...patch });
const A = item("A = 1\n");
const B = item("B = 2\n", { name: "b.py" });

test("a text's sha256 is the one Python's hashlib gives (its UTF-8 bytes)", async () => {
  assert.equal(await sha256("é = 'ü'\n"), createHash("sha256").update("é = 'ü'\n", "utf8").digest("hex"));
});

test("an entry names its text by the start of its sha256; own alone and a built-in name none", () => {
  const own = { ...INITIAL_OWN, texts: [A, B] };
  assert.equal(namedText({ solver: "own", sha: B.sha.slice(0, 8) }, own), B);
  assert.equal(namedText({ solver: "own", sha: "ffff" }, own), null);
  assert.equal(namedText({ solver: "own", sha: null }, own), null);
  assert.equal(namedText({ solver: "acs" }, own), null);
  assert.deepEqual(entryCode({ solver: "own", sha: A.sha }, own), { name: "a.py", text: "A = 1\n" });
  assert.equal(entryCode({ solver: "own", sha: A.sha }, { ...own, texts: [{ ...A, allowed: false }] }), null);
});

test("own (the editor's text) and own@<hex> of the same text, same seed and parameters, are warned of as one run", () => {
  const own = { ...INITIAL_OWN, sha: A.sha, texts: [A, B] };
  const entries = [{ solver: "own", sha: null, seed: 1, params: {} }, { solver: "own", sha: A.sha.slice(0, 8), seed: 1, params: {} },
    { solver: "own", sha: B.sha.slice(0, 8), seed: 1, params: {} }];
  assert.equal(textShaOf(entries[0], own), A.sha);
  assert.equal(textShaOf({ solver: "acs" }, own), null);
  assert.deepEqual(sameRuns(entries, (e) => textShaOf(e, own)),
    ["entries 1 and 2 run the same solver, parameters and seed: they will make the same moves"]);
  assert.deepEqual(sameRuns(entries, (e) => textShaOf(e, { ...own, sha: B.sha })),
    ["entries 1 and 3 run the same solver, parameters and seed: they will make the same moves"]);
  assert.deepEqual(sameRuns(entries), []);                             // by their tokens alone: three solvers
});

test("an entry is shown by its own text's schema, a built-in by its solver's; none until its text has loaded", () => {
  const schema = { id: "own", title: "Mine", params: [] };
  const state = { schemas: new Map([["acs", { id: "acs" }], ["own", { id: "own", title: "the editor's" }]]),
    own: { ...INITIAL_OWN, texts: [{ ...A, schema }, B] } };
  assert.equal(entrySchema(state, { solver: "own", sha: A.sha }), schema);
  assert.equal(entrySchema(state, { solver: "own", sha: B.sha }), null);            // not the editor's TITLE
  assert.equal(entrySchema(state, { solver: "own" }).title, "the editor's");
  assert.equal(entrySchema(state, { solver: "acs" }).id, "acs");
});

test("a Start is refused, naming the entry, for a text that is not there or did not load", () => {
  const entries = [{ solver: "acs" }, { solver: "own", sha: A.sha }, { solver: "own", sha: "cafe1234" }];
  assert.equal(textsProblem(entries, { texts: [A] }), "entry 3: own@cafe1234 names none of your solvers' texts");
  assert.equal(textsProblem(entries.slice(0, 2), { texts: [{ ...A, error: "line 1 of a.py: NameError" }] }),
    `entry 2 (own@${A.sha.slice(0, 8)}): line 1 of a.py: NameError`);
  assert.equal(textsProblem(entries.slice(0, 2), { texts: [A] }), null);
});

test("the texts keep one item a text, take their schema or error as each loads, and load the allowed ones", () => {
  let texts = withItem([], A);
  texts = withItem(texts, { ...A, name: "again.py" });
  assert.deepEqual(texts.map((t) => t.name), ["a.py"]);
  texts = withItem(texts, { ...B, allowed: false });
  assert.deepEqual(toLoad(texts), [A]);
  texts = withLoaded(texts, A.sha, { ok: true, schema: { title: "A" } });
  assert.deepEqual(toLoad(texts), []);
  texts = withLoaded(withItem(texts, { ...B, allowed: true }), B.sha, { ok: false, message: "line 2 of b.py: SyntaxError" });
  assert.deepEqual(texts.map((t) => [t.schema?.title ?? null, t.error]), [["A", null], [null, "line 2 of b.py: SyntaxError"]]);
});

test("a link carries each text its entries name once: one text as own (today's links), several as own@<first 8>", () => {
  const own = { ...INITIAL_OWN, text: "E = 0\n", sha: "ee".repeat(32), packed: "pE", texts: [{ ...A, packed: "pA" }, { ...B, packed: "pB" }] };
  const acs = { solver: "acs", seed: 1, params: {} };
  const one = sharedTexts([{ solver: "own", sha: A.sha, seed: 1 }, acs, { solver: "own", sha: A.sha, seed: 2 }], own);
  assert.deepEqual([one.entries.map((e) => e.sha ?? null), one.code], [[null, null, null], "pA"]);
  assert.deepEqual(sharedTexts([{ solver: "own", seed: 1 }, acs], own).code, "pE");          // own alone: the editor's
  const two = sharedTexts([{ solver: "own", sha: B.sha, seed: 1 }, acs, { solver: "own", sha: A.sha, seed: 1 },
    { solver: "own", seed: 3 }, { solver: "own", sha: B.sha, seed: 2 }], own);
  assert.deepEqual(two.entries.map((e) => e.sha), [B.sha, undefined, A.sha, own.sha, B.sha]);
  assert.equal(two.code, "pB,pA,pE");                                                     // in the order first named
  assert.deepEqual(sharedTexts([acs], own), { entries: [acs], code: null });
});

test("a link's code= of several texts: each read on its own, a damaged one a problem, the others kept", async () => {
  const { packCode } = await import("../../static/own/code.js");
  const [a, b] = [await packCode(A.text), await packCode(B.text)];
  const both = await readCodes(`${a},${b}`, false);
  assert.deepEqual(both, { texts: [{ sha: A.sha, text: A.text, packed: a }, { sha: B.sha, text: B.text, packed: b }], problems: [] });
  const cut = await readCodes(`${a},${b.slice(0, 3)}`, false);
  assert.deepEqual(cut.texts.map((t) => t.sha), [A.sha]);
  assert.deepEqual(cut.problems, ["text 2 of the link's 2 solver texts cannot be read: was the link cut short?"]);
  assert.deepEqual((await readCodes(b.slice(0, 3), false)).problems, ["the link's code cannot be read: was the link cut short?"]);
  assert.deepEqual(await readCodes(`${a},${b}`, true),
    { texts: [], problems: ["a single-run link carries one solver text; its code= holds 2"] });
});

test("a link's entries are settled against its texts: own@<hex> the one it starts, own alone the one text", () => {
  const link = [A, B];
  const entries = [{ solver: "own", sha: B.sha.slice(0, 8), seed: 1 }, { solver: "acs", seed: 1 },
    { solver: "own", sha: "0000", seed: 2 }, { solver: "own", seed: 3 }];
  assert.equal(unsettled(entries, link), true);
  const { entries: kept, problems } = settledEntries(entries, link);
  assert.deepEqual(kept.map((e) => [e.solver, e.sha ?? null]), [["own", B.sha], ["acs", null]]);
  assert.deepEqual(problems, ["entry 3: own@0000 names none of the link's 2 solver texts",
    "entry 4: own could be any of 2 solver texts: name one by own@<first 8 of its sha256>"]);
  assert.equal(unsettled(kept, link), false);
  const one = settledEntries([{ solver: "own", seed: 1 }], [A]);            // today's links: own alone, one text
  assert.deepEqual(one, { entries: [{ solver: "own", seed: 1 }], problems: [] });
});

test("a link's texts wait for the visitor's word, all of them allowed at once; the visitor's own stay as they were", () => {
  const mine = { ...A, name: "mine.py" };
  let texts = withLinkTexts([mine], [{ sha: A.sha, text: A.text, packed: "p" }, { sha: B.sha, text: B.text, packed: "q" }]);
  assert.deepEqual(texts.map((t) => [t.name, t.allowed]), [["mine.py", true], ["my_solver.py", false]]);
  assert.equal(entryCode({ solver: "own", sha: B.sha }, { texts }), null);
  texts = allowedTexts(texts, [{ sha: B.sha }]);
  assert.deepEqual(entryCode({ solver: "own", sha: B.sha }, { texts }), { name: "my_solver.py", text: B.text });
});

// The visitor's texts a comparison's entries name (static/own/texts.js): which text an entry runs,
// the schema it is shown by, why a Start cannot run them, and the texts as they load.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { INITIAL_OWN } from "../../static/own/code.js";
import { entryCode, entrySchema, namedText, sha256, sharedTexts, textsProblem, toLoad, withItem, withLoaded } from "../../static/own/texts.js";

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

// A solver reference (static/rules/solver-ref.js): a built-in's id or a visitor's text, named by
// the start of its sha256 among several; what a link's code= carries; entries that run the same
// thing; what an entry, lane or legend calls its solver.
import { test } from "node:test";
import assert from "node:assert/strict";

import { joinCodes, nameOf, parseRef, refToken, sameRuns, splitCodes, textFor } from "../../static/rules/solver-ref.js";

const A = "1a2b3c4d".padEnd(64, "0");
const B = "5e6f7a8b".padEnd(64, "1");
const C = "1a2b9999".padEnd(64, "2");

test("a token is a built-in's id, own (the link's one text) or own@<hex>", () => {
  assert.deepEqual(parseRef("hill_climb"), { solver: "hill_climb", sha: null });
  assert.deepEqual(parseRef("own"), { solver: "own", sha: null });
  assert.deepEqual(parseRef("own@1A2B3C4D"), { solver: "own", sha: "1a2b3c4d" });
  for (const bad of ["own@", "own@12", "own@xyz1", `own@${A}0`]) assert.throws(() => parseRef(bad), /own@ takes the first hex digits/);
  assert.equal(refToken({ solver: "own", sha: A }), "own@1a2b3c4d");          // a link writes 8 digits
  assert.equal(refToken({ solver: "own" }), "own");
});

test("an entry's prefix names one of the link's texts, or its problem says why not", () => {
  const texts = [{ sha: A, text: "a" }, { sha: B, text: "b" }, { sha: C, text: "c" }];
  assert.equal(textFor({ solver: "own", sha: "5e6f" }, texts).text.text, "b");
  assert.equal(textFor({ solver: "own", sha: "1a2b3c4d" }, texts).text.text, "a");
  assert.match(textFor({ solver: "own", sha: "1a2b" }, texts).problem, /could be any of 2 solver texts/);
  assert.match(textFor({ solver: "own", sha: "ffff" }, texts).problem, /names none of the link's 3 solver texts/);
  assert.equal(textFor({ solver: "own" }, texts.slice(0, 1)).text.text, "a");  // today's links: own and one text
  assert.match(textFor({ solver: "own" }, texts).problem, /could be any of 3/);
});

test("code= carries each distinct text once, in the order the entries first name it", () => {
  const entries = [{ solver: "own", sha: B, seed: 1 }, { solver: "alldiff_ls", seed: 1 }, { solver: "own", sha: A, seed: 2 },
    { solver: "own", sha: B, seed: 3 }];
  const packed = { [A]: "packedA", [B]: "packed-B_" };
  const code = joinCodes(entries, (sha) => packed[sha]);
  assert.equal(code, "packed-B_,packedA");
  assert.deepEqual(splitCodes(code), ["packed-B_", "packedA"]);
});

test("two entries that run the same text, parameters and seed are warned of; another seed is not", () => {
  const own = (sha, seed, params = { noise: 0.1 }) => ({ solver: "own", sha, seed, params });
  assert.deepEqual(sameRuns([own(A, 1), own(B, 1), own(A, 2), { solver: "hill_climb", seed: 1, params: {} }]), []);
  assert.deepEqual(sameRuns([own(A, 1), own(B, 1), own(A, 1, { noise: 0.1 })]),
    ["entries 1 and 3 run the same solver, parameters and seed: they will make the same moves"]);
  assert.deepEqual(sameRuns([own(A, 1, { noise: 0.2 }), own(A, 1, { noise: 0.1 })]), []);
});

test("a visitor's solver is called by its TITLE, as text; a built-in by its id", () => {
  const html = { title: "<img src=x onerror=alert(1)>" };
  assert.equal(nameOf({ solver: "own", sha: A }, html), "own@1a2b3c4d — <img src=x onerror=alert(1)>");
  assert.equal(nameOf({ solver: "own" }, null), "own");
  assert.equal(nameOf({ solver: "hill_climb" }, { title: "Hill climbing" }), "hill_climb");
});

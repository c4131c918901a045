// Unit tests of the Markdown subset the sources page draws puzzles/SOURCES.md with
// (static/draw/markdown.js), run by `node --test` from `python3 build.py test`. The DOM is a
// stand-in that knows createElement, createTextNode, appendChild, setAttribute and
// textContent, and throws on innerHTML: the renderer needs nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { parseMarkdown, parseInline, renderMarkdown, safeHref, splitRow } from "../../static/draw/markdown.js";

const BASE = "https://example.test/lab/puzzles/SOURCES.md";

class Node_ {
  constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; }
  appendChild(child) { this.children.push(child); return child; }
  setAttribute(name, value) { this.attrs[name] = String(value); }
  set textContent(value) { this.children = [{ text: String(value) }]; }
  get textContent() { return this.children.map((c) => ("text" in c && !(c instanceof Node_) ? c.text : c.textContent)).join(""); }
  set innerHTML(_) { throw new Error("innerHTML used"); }
  set outerHTML(_) { throw new Error("outerHTML used"); }
  insertAdjacentHTML() { throw new Error("insertAdjacentHTML used"); }
}
const fakeDocument = {
  createElement: (tag) => new Node_(tag),
  createTextNode: (text) => ({ text: String(text) }),
};

/** A drawn node as a small tree: [tag, attrs?, ...children], text nodes as strings. */
function tree(node) {
  if (!(node instanceof Node_)) return node.text;
  const kids = node.children.map(tree);
  return Object.keys(node.attrs).length ? [node.tag, node.attrs, ...kids] : [node.tag, ...kids];
}
const draw = (md, opts = {}) => renderMarkdown(md, { document: fakeDocument, base: BASE, ...opts }).map(tree);

test("headings, paragraphs, rules and fenced code", () => {
  assert.deepEqual(draw("# Title #\n\n## Sub\nline one\nline two\n\n---\n```js\n<b>x</b> & y\n```"), [
    ["h1", "Title"], ["h2", "Sub"], ["p", "line one\nline two"], ["hr"], ["pre", ["code", "<b>x</b> & y"]]]);
  assert.deepEqual(draw("# Top\n### Deep", { headingOffset: 2 }), [["h3", "Top"], ["h5", "Deep"]]);
  assert.deepEqual(draw("###### six", { headingOffset: 3 }), [["h6", "six"]]);
  assert.deepEqual(draw("#hashtag is text\n####### seven"), [["p", "#hashtag is text\n####### seven"]]);
  assert.deepEqual(draw("~~~\nunclosed\n\nkeeps going"), [["pre", ["code", "unclosed\n\nkeeps going"]]]);
});

test("lists: bullets, numbers, continuation lines, a paragraph's own digits", () => {
  assert.deepEqual(draw("- one\n  more\n- `two`\n\n- three\n\n1. a\n2. b"), [
    ["ul", ["li", "one\nmore"], ["li", ["code", "two"]], ["li", "three"]],
    ["ol", ["li", "a"], ["li", "b"]]]);
  assert.deepEqual(draw("3) c\n4) d"), [["ol", { start: "3" }, ["li", "c"], ["li", "d"]]]);
  assert.deepEqual(draw("Published in\n2015. A year, not a list"), [["p", "Published in\n2015. A year, not a list"]]);
  assert.deepEqual(draw("text\n- a list interrupts"), [["p", "text"], ["ul", ["li", "a list interrupts"]]]);
  assert.deepEqual(draw("- a\n* b"), [["ul", ["li", "a"], ["li", "b"]]]);
  assert.deepEqual(draw("- a\n1. b"), [["ul", ["li", "a"]], ["ol", ["li", "b"]]]);
});

test("code spans keep their text as written, escapes make punctuation plain", () => {
  assert.deepEqual(parseInline("a `x*y [z](w)` b"), [
    { type: "text", text: "a " }, { type: "code", text: "x*y [z](w)" }, { type: "text", text: " b" }]);
  assert.deepEqual(parseInline("``a ` b``"), [{ type: "code", text: "a ` b" }]);
  assert.deepEqual(parseInline("` padded `"), [{ type: "code", text: "padded" }]);
  assert.deepEqual(parseInline("unclosed `tick"), [{ type: "text", text: "unclosed `tick" }]);
  assert.deepEqual(parseInline("\\[not a link\\](x) \\`no code\\` a\\b"), [{ type: "text", text: "[not a link](x) `no code` a\\b" }]);
  assert.deepEqual(parseInline("N*N and sato-*"), [{ type: "text", text: "N*N and sato-*" }]);
});

test("links: text with code, relative URLs resolved against the file, titles, angle brackets", () => {
  assert.deepEqual(draw("[`papers.txt`](papers.txt) and [repo](https://github.com/norvig/pytudes \"Norvig\")"), [
    ["p", ["a", { href: "https://example.test/lab/puzzles/papers.txt" }, ["code", "papers.txt"]], " and ",
      ["a", { href: "https://github.com/norvig/pytudes" }, "repo"]]]);
  assert.deepEqual(draw("[up](../index.html#p=1) [q](<a b.txt>) [f](x_(1).txt)"), [
    ["p", ["a", { href: "https://example.test/lab/index.html#p=1" }, "up"], " ",
      ["a", { href: "https://example.test/lab/puzzles/a%20b.txt" }, "q"], " ",
      ["a", { href: "https://example.test/lab/puzzles/x_(1).txt" }, "f"]]]);
  assert.deepEqual(draw("see <https://example.org/a?b=1&c> and <mailto:x@y>"), [
    ["p", "see ", ["a", { href: "https://example.org/a?b=1&c" }, "https://example.org/a?b=1&c"], " and <mailto:x@y>"]]);
  assert.deepEqual(draw("[no url] [empty]() [a [b](c)"), [
    ["p", "[no url] ", "empty", " [a ", ["a", { href: "https://example.test/lab/puzzles/c" }, "b"]]]);
  // a link inside a link's text is drawn as its text
  assert.deepEqual(draw("[outer [inner](i) end](o)"), [
    ["p", ["a", { href: "https://example.test/lab/puzzles/o" }, "outer ", "inner", " end"]]]);
});

test("only http(s) and relative links become links; anything else is its text", () => {
  for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<b>x</b>",
    "vbscript:x", "file:///etc/passwd", "mailto:a@b", "ftp://host/x", "blob:https://x/y", " ", ""]) {
    assert.equal(safeHref(bad, BASE), null, bad);
  }
  assert.equal(safeHref("//other.example/x", BASE), "https://other.example/x");
  assert.equal(safeHref("http://plain.example/", BASE), "http://plain.example/");
  assert.equal(safeHref("sato6.txt", BASE), "https://example.test/lab/puzzles/sato6.txt");
  assert.deepEqual(draw("[click](javascript:alert(1)) [d](data:text/html;base64,PGI+)"), [["p", "click", " ", "d"]]);
  assert.deepEqual(draw("[x](JAVASCRIPT:alert`1`)"), [["p", "x"]]);
});

test("markup in the text stays text: no element is made from it, innerHTML is never used", () => {
  const md = "# <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>\n\n| <b>h</b> | x |\n|---|---|\n| <i>c</i> | &amp; |";
  const out = draw(md);
  assert.deepEqual(out, [
    ["h1", "<img src=x onerror=alert(1)>"], ["p", "<script>alert(1)</script>"],
    ["table", ["thead", ["tr", ["th", { scope: "col" }, "<b>h</b>"], ["th", { scope: "col" }, "x"]]],
      ["tbody", ["tr", ["td", "<i>c</i>"], ["td", "&amp;"]]]]]);
});

test("tables: pipes in code spans and escapes stay in their cell, short rows are padded, long ones cut", () => {
  assert.deepEqual(splitRow("| a | `b|c` | d\\|e |"), ["a", "`b|c`", "d\\|e"]);
  assert.deepEqual(splitRow("a | b"), ["a", "b"]);
  assert.deepEqual(draw("h1 | h2\n:--|--:\none\nx | y | z\n\nafter"), [
    ["table", ["thead", ["tr", ["th", { scope: "col" }, "h1"], ["th", { scope: "col" }, "h2"]]],
      ["tbody", ["tr", ["td", "one"], ["td"]], ["tr", ["td", "x"], ["td", "y"]]]],
    ["p", "after"]]);
  assert.deepEqual(draw("| a | b |\n|---|\n| c | d |"), [["p", "| a | b |\n|---|\n| c | d |"]]);
  assert.deepEqual(draw("| a |\n|---|\n| `x|y` d\\|e |")[0][2], ["tbody", ["tr", ["td", ["code", "x|y"], " d|e"]]]);
});

test("puzzles/SOURCES.md: its table names every puzzle file with a working relative link", () => {
  const md = readFileSync(fileURLToPath(new URL("../../puzzles/SOURCES.md", import.meta.url)), "utf8");
  const blocks = parseMarkdown(md);
  assert.equal(blocks[0].type, "heading");
  const table = blocks.find((b) => b.type === "table");
  assert.ok(table && table.rows.length >= 8);
  const files = table.rows.map((row) => row[0].find((n) => n.type === "link"));
  for (const link of files) {
    assert.ok(link && /^[\w-]+\.txt$/.test(link.href), JSON.stringify(link));
    const file = fileURLToPath(new URL(`../../puzzles/${link.href}`, import.meta.url));
    assert.ok(readFileSync(file, "utf8").length > 0, link.href);
  }
  const drawn = renderMarkdown(md, { document: fakeDocument, base: BASE });
  const hrefs = [];
  const walk = (n) => { if (n instanceof Node_) { if (n.tag === "a") hrefs.push(n.attrs.href); n.children.forEach(walk); } };
  drawn.forEach(walk);
  assert.ok(hrefs.length > files.length && hrefs.every((h) => /^https:\/\//.test(h)), hrefs.join(" "));
});

// No top-level function in static/ runs over 80 lines: a long closure is split into
// parts with one job each. A top-level function is a declaration at column 0 (`function`,
// `export function`, `async function`, or a `const` bound to a multi-line arrow function); it
// ends at the next line that starts with a closing bracket at column 0 — the page's modules
// are indented by two spaces, so only a top-level block closes there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { STATIC, modules } from "./static-modules.mjs";

const MAX_LINES = 80;
const START = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s*([\w$]*)|^(?:export\s+)?(?:const|let)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>\s*\{\s*$/;

// [{name, line, lines}] of a module's text: each top-level function and its length in lines.
export function topLevelFunctions(text) {
  const lines = text.split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const m = START.exec(lines[i]);
    if (!m) continue;
    const opens = (lines[i].match(/\{/g) || []).length, closes = (lines[i].match(/\}/g) || []).length;
    let end = i;
    if (opens > closes) {                                      // not a one-line function: find its closing line
      end = lines.findIndex((l, k) => k > i && /^[}\])]/.test(l));
      if (end < 0) end = lines.length - 1;
    }
    found.push({ name: m[1] || m[2] || "(anonymous)", line: i + 1, lines: end - i + 1 });
    i = end;
  }
  return found;
}

test("the measure: a top-level function's lines, from its declaration to its closing brace", () => {
  const text = ["import x from 'y';", "export function a(p) {", "  if (p) {", "    return 1;", "  }", "  return 2;", "}", "",
    "const b = (q) => {", "  return q;", "};", "function c() { return 3; }", "class D {", "  method() {", "  }", "}"].join("\n");
  assert.deepEqual(topLevelFunctions(text), [{ name: "a", line: 2, lines: 6 }, { name: "b", line: 9, lines: 3 },
    { name: "c", line: 12, lines: 1 }]);
});

test(`no top-level function in static/ is over ${MAX_LINES} lines`, () => {
  const all = modules(STATIC).flatMap((path) => topLevelFunctions(readFileSync(path, "utf8"))
    .map((f) => ({ ...f, file: relative(STATIC, path).split("\\").join("/") })));
  assert.ok(all.length > 100, `found only ${all.length} top-level functions`);
  assert.ok(all.some((f) => f.file === "actions.js" && f.name === "createActions"));
  const long = all.filter((f) => f.lines > MAX_LINES).map((f) => `static/${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
  assert.deepEqual(long, []);
});

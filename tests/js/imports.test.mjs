// No module of the page touches the DOM (or a Worker) when it is imported: each acts only when
// its owner mounts or calls it, so node can import and test any of them. The entry points are
// the scripts a page loads to start: they wire the page on import by design.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { STATIC, modules } from "./static-modules.mjs";

// index.html's, sources.html's and each Web Worker's script
const ENTRY_POINTS = new Set(["app.js", "page/sources.js", "python/worker.js"]);

test("every module but the entry points imports without a DOM", async () => {
  assert.equal(typeof document, "undefined");
  assert.equal(typeof window, "undefined");
  const files = modules(STATIC).filter((p) => !ENTRY_POINTS.has(relative(STATIC, p).split("\\").join("/")));
  assert.ok(files.length > 40, `found only ${files.length} modules`);
  const failed = [];
  for (const f of files) {
    try {
      await import(pathToFileURL(f).href);
    } catch (err) {
      failed.push(`${relative(STATIC, f)}: ${err.message}`);
    }
  }
  assert.deepEqual(failed, []);
});

// rules/ is the ground floor (static/README.md): its modules import only one another and the
// built files of vendor/, never a module above them.
const RULES = join(STATIC, "rules");
const SPECIFIER = /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*(?:\(\s*)?["']([^"']+)["']/g;

function importsAbove(source, dir = RULES) {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] || m[2]).filter((spec) => {
    const at = resolve(dir, spec);
    return !(at.startsWith(RULES + "/") || at.startsWith(join(STATIC, "vendor") + "/"));
  });
}

test("the import check sees every form of import that leaves rules/", () => {
  const source = [
    'import { a } from "./parse.js";',
    'import {\n  b,\n  c,\n} from "../settings/form.js";',
    'export { d } from "../python/pool.js";',
    'import "../app.js";',
    'const e = await import("../state.js");',
    'import f from "../vendor/settings.json" with { type: "json" };',
  ].join("\n");
  assert.deepEqual(importsAbove(source), ["../settings/form.js", "../python/pool.js", "../app.js", "../state.js"]);
});

test("rules/ imports nothing from above it", () => {
  const found = modules(RULES).flatMap((f) =>
    importsAbove(readFileSync(f, "utf8")).map((spec) => `${relative(STATIC, f)} imports ${spec}`));
  assert.ok(modules(RULES).length >= 10);
  assert.deepEqual(found, []);
});

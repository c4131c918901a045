// The page's own modules (static/, the built vendor/ left out), for the tests that read every
// one of them: their imports, their functions' lengths.
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const STATIC = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "static");

export function modules(dir = STATIC) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "vendor") return [];                          // built, not ours
    if (statSync(path).isDirectory()) return modules(path);
    return path.endsWith(".js") ? [path] : [];
  });
}

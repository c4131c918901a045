// The built-in solvers' schemas as the page's worker says them at Ready (bridge.hello's `solvers`,
// the visitor's menu entry left out), made by `build` under node from the runtime and package the
// page loads: the Solver form shows a solver's parameters before Ready (buildtool/schemas.py).
// node make_schemas.mjs <folder of Pyodide's files> <sudoku_lab.zip> <file to write>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const [folder, zip, out] = process.argv.slice(2);
const dir = resolve(folder);
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage("numpy", { messageCallback: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: "/home/pyodide/lab" });
const text = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide/lab")
from sudoku_lab import bridge
json.dumps([s for s in json.loads(bridge.hello())["solvers"] if not s.get("own")], indent=1, ensure_ascii=False)
`);
writeFileSync(out, text + "\n");

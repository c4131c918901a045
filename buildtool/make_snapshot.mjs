// Pyodide's memory image of a started Python, for the worker's `_loadSnapshot` (buildtool/snapshot.py
// says why and how it is used). Run by `build` under node: node make_snapshot.mjs <folder of
// Pyodide's files> <file to write>. Nothing is imported before the image is taken: Pyodide 0.27.7
// cannot keep a loaded binary package in it, and a module imported here would be the lab's choice
// made for every visitor's solver too.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const [folder, out] = process.argv.slice(2);
const dir = resolve(folder);
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
writeFileSync(out, pyodide.makeMemorySnapshot());

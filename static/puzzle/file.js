// A puzzle from a file, and the puzzle as a file: "Open file…" (or a file dropped on the paste
// box) reads one file into the box and loads it, as a paste is (any form parse.js reads, the
// field's benchmark format among them; the puzzle line names the form and the file); "Download
// puzzle" writes the board's puzzle in the benchmark format, as the field's programs read it
// (docs/links-and-files.md, "Puzzle files"). Nothing is uploaded: the file is read in the page.
import { toBenchmark } from "../rules/parse.js";
import { download } from "../draw/download.js";
import { fileName } from "../draw/png.js";

// A file longer than this is refused before it is read (the parser reads at most 40,000
// characters; a 64×64 in the benchmark format is about 12,000).
const MAX_FILE_BYTES = 160_000;

// loadText(text, file): the puzzle panel's reader (puzzle/panel.js).
export function mountPuzzleFile(store, actions, loadText) {
  const $ = (id) => document.getElementById(id);
  const ui = { open: $("open-puzzle-file"), input: $("puzzle-file"), box: $("puzzle-input"), save: $("export-puzzle") };

  async function readFile(file) {
    if (store.state.running) return;
    if (file.size > MAX_FILE_BYTES) {
      const message = `${file.name} is ${file.size.toLocaleString("en")} bytes: a puzzle file is at most ` +
        `${MAX_FILE_BYTES.toLocaleString("en")}.`;
      actions.notify(message, "paste");
      return;
    }
    let text;
    try { text = await file.text(); } catch {
      actions.notify(`${file.name} cannot be read.`, "paste");
      return;
    }
    store.set({ paste: text });                  // the box shows the file's text, mended there if need be
    loadText(text, file.name);
  }

  ui.open.addEventListener("click", () => ui.input.click());
  ui.input.addEventListener("change", () => {
    const [file] = ui.input.files;
    ui.input.value = "";                         // the same file opened again is read again
    if (file) readFile(file);
  });
  // a file dropped on the paste box is opened (text dropped there stays the browser's own drop)
  ui.box.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes("Files")) e.preventDefault(); });
  ui.box.addEventListener("drop", (e) => {
    const [file] = e.dataTransfer.files;
    if (!file) return;
    e.preventDefault();
    readFile(file);
  });

  ui.save.addEventListener("click", () => {
    const p = store.state.puzzle;
    if (!p) return;
    const N = p.n * p.n;
    download(fileName("puzzle", [`${N}x${N}`, ...(p.spec ? [p.spec.replaceAll(":", "_")] : [])], "txt"),
      toBenchmark(p.cells), "text/plain");
  });
  store.on(["puzzle", "running"], (s) => {
    ui.save.disabled = !s.puzzle;
    ui.open.disabled = !!s.running;
  });
}

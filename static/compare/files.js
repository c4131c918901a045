// An experiment over puzzle files: the visitor opens several files at once, a folder (where the
// browser allows it) or drops them on the files box; they become the experiment's puzzles, each
// named by its file (docs/links-and-files.md, "Puzzle files"). A bank of a hundred 36×36 files is read one
// file a task, the page kept free between them, with how far the reading is on screen; a file
// that cannot be read is listed with its problem and skipped, and the rest run. Nothing is
// uploaded: the files are read in the page.
import { ListProblem, readPuzzleFile } from "../rules/puzzle-list.js";

// A file longer than this is skipped unread (a 64×64 in the benchmark format is ~12,000 bytes).
const MAX_FILE_BYTES = 160_000;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The name a file is known by: its path within an opened or dropped folder, else its name.
const pathOf = (file) => file.webkitRelativePath || file.name;

// The files of a drop, a dropped folder's own files included where the browser gives its entries
// (each as a File-like {name, size, text, webkitRelativePath}). The entries are taken at once:
// a drop's data is gone once its event has returned.
export async function droppedFiles(dataTransfer) {
  const entries = [...(dataTransfer.items || [])].map((it) => (it.webkitGetAsEntry ? it.webkitGetAsEntry() : null));
  if (!entries.some((e) => e && e.isDirectory)) return [...dataTransfer.files];
  const out = [];
  const walk = async (entry, folder) => {
    if (entry.isFile) {
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      out.push({ name: file.name, size: file.size, text: () => file.text(), webkitRelativePath: folder + file.name });
      return;
    }
    const reader = entry.createReader();
    for (let batch; (batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject))).length;) {
      for (const e of batch) await walk(e, `${folder}${entry.name}/`);
    }
  };
  for (const e of entries) if (e) await walk(e, "");
  return out;
}

// Reads `files` (File-like: name, size, text()) in order of their paths, one a task: {read:
// [{name, file, puzzle}], skipped: [{file, message}]}. `onEach(done, total, outcome)` after each
// file; `cancelled()` ends the reading early (a newer set of files replaced it).
export async function readPuzzleFiles(files, { onEach = () => {}, cancelled = () => false, pause = nextTask } = {}) {
  const sorted = [...files].sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0));
  const out = { read: [], skipped: [] };
  for (const [k, f] of sorted.entries()) {
    const file = pathOf(f);
    try {
      if (f.size > MAX_FILE_BYTES) {
        throw new ListProblem(`${file} is ${f.size.toLocaleString("en")} bytes: a puzzle file is at most ` +
          `${MAX_FILE_BYTES.toLocaleString("en")}.`);
      }
      let text;
      try { text = await f.text(); } catch { throw new ListProblem(`${file} cannot be read.`); }
      if (cancelled()) return null;
      for (const p of readPuzzleFile(text, file)) out.read.push({ ...p, file });
    } catch (err) {
      if (!(err instanceof ListProblem)) throw err;
      out.skipped.push({ file, message: err.message });
    }
    onEach(k + 1, sorted.length, out);
    await pause();
    if (cancelled()) return null;
  }
  return out;
}

// The files box: the inputs, the drop, the reading's progress and the list of files read.
export function mountExperimentFiles(store, actions, ui) {
  let reading = 0;                               // the newest reading (its `set` in the state); an older one stops

  async function take(fileList) {
    const files = [...fileList];
    if (!files.length || store.state.running) return;
    const mine = ++reading;
    store.set({ files: { set: mine, reading: { done: 0, total: files.length }, read: [], skipped: [] } });
    const out = await readPuzzleFiles(files, {
      cancelled: () => mine !== reading,
      onEach: (done, total, sofar) => store.set({ files: { set: mine, reading: { done, total }, read: [...sofar.read],
        skipped: [...sofar.skipped] } }),
    });
    if (!out) return;
    store.set({ files: { set: mine, reading: null, read: out.read, skipped: out.skipped } });
    actions.fieldEdited("ps");                   // "open the files first" no longer stands
  }

  for (const input of [ui.filesInput, ui.folderInput]) {
    input.addEventListener("change", () => {
      const files = [...input.files];
      input.value = "";                          // the same files opened again are read again
      take(files);
    });
  }
  ui.filesOpen.addEventListener("click", () => ui.filesInput.click());
  ui.folderOpen.addEventListener("click", () => ui.folderInput.click());
  // a folder input where the browser has one (webkitdirectory)
  ui.folderOpen.hidden = !("webkitdirectory" in ui.folderInput);
  ui.files.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes("Files")) e.preventDefault(); });
  ui.files.addEventListener("drop", (e) => {
    if (!e.dataTransfer.files.length) return;
    e.preventDefault();
    droppedFiles(e.dataTransfer).then(take, () => actions.notify("The dropped folder cannot be read.", "compare"));
  });

  // state -> the box: how far the reading is, then each file read (its puzzle's size and givens)
  // or skipped (its problem), appended as it is read
  let shown = { set: null, read: 0, skipped: 0 };
  store.on(["files"], (s) => {
    const f = s.files;
    const n = f.read.length, bad = f.skipped.length;
    ui.filesStatus.dataset.state = f.reading ? "reading" : n || bad ? "read" : "none";
    ui.filesStatus.textContent = f.reading
      ? `Reading the files… ${f.reading.done} of ${f.reading.total}`
      : n || bad ? `${n} puzzle${n === 1 ? "" : "s"} from the files` + (bad ? ` · ${bad} file${bad === 1 ? "" : "s"} skipped` : "")
        : "No files opened yet.";
    const progress = ui.filesStatus.querySelector("progress") || document.createElement("progress");
    if (f.reading) {
      progress.max = f.reading.total;
      progress.value = f.reading.done;
      ui.filesStatus.appendChild(progress);
    }
    if (shown.set !== f.set) {
      ui.filesList.replaceChildren();
      shown = { set: f.set, read: 0, skipped: 0 };
    }
    for (const p of f.read.slice(shown.read)) ui.filesList.appendChild(item(p.file, "read", describe(p)));
    for (const b of f.skipped.slice(shown.skipped)) {
      // the message names the file, which the item shows already: "skipped (benchmark format): …"
      const rest = b.message.startsWith(b.file) ? b.message.slice(b.file.length) : `: ${b.message}`;
      const li = item(b.file, "skipped", `skipped${rest}`);
      li.dataset.problem = b.message;
      ui.filesList.appendChild(li);
    }
    shown = { set: f.set, read: n, skipped: bad };
  });

  store.on(["running"], (s) => {
    for (const el of [ui.filesOpen, ui.folderOpen, ui.filesInput, ui.folderInput]) el.disabled = !!s.running;
  });
}

function describe(p) {
  const N = Math.round(Math.sqrt(p.puzzle.includes(",") ? p.puzzle.split(",").length : p.puzzle.length));
  const givens = p.puzzle.includes(",") ? p.puzzle.split(",").filter((t) => t !== ".").length
    : [...p.puzzle].filter((ch) => ch !== ".").length;
  return `${p.name === p.file.split("/").pop() ? "" : `${p.name}: `}${N}×${N}, ${givens} givens`;
}

function item(file, state, text) {
  const li = document.createElement("li");
  li.dataset.testid = "compare-file";
  li.dataset.file = file;
  li.dataset.state = state;
  const name = document.createElement("strong");
  name.textContent = file;
  li.append(name, ` — ${text}`);
  return li;
}

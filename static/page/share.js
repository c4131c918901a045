// The share link: always what a Start would run — or, while something runs, what runs (its
// link is frozen when it starts). A listener on the state; the button copies it and puts it
// in the address bar (docs/links-and-files.md, "Share links").
import { boardToString } from "../rules/parse.js";
import { encodeCompareLink } from "../rules/links.js";
import { runFragment, stopPointOf } from "../rules/stop-point.js";
import { LINK_LIMIT, tooLongText, usesOwn } from "../own/code.js";
import { entrySchema, sharedTexts } from "../own/texts.js";

// A run of the visitor's solver carries its code (code=, packed as the text changes: own/panel.js);
// a comparison's, each text its entries name once (own/texts.js sharedTexts).
const withCode = (url, s, code = s.own.packed) => (usesOwn(s) && code ? `${url}&code=${code}` : url);

// While the generator makes a puzzle (a g= link, Generate), the link names that puzzle: it is
// what a Start will run (a Start waits for it).
export function linkOf(s) {
  if (!s.puzzle && !s.making) return "";
  const base = location.href.split("#")[0];
  const puzzle = s.puzzle ? boardToString(s.puzzle.cells) : "";
  const generator = s.making ? s.making.spec : s.puzzle.spec || null;
  if (s.view === "solve") return withCode(base + runFragment(s, stopPointOf(s)), s);   // a stopped run's link says where it ended
  const c = s.compare;
  // a link cannot carry files: an experiment on opened files is linked as a list of their
  // puzzles, already read (pl=, the names left out; pl= holds puzzles up to 36×36, so past that
  // the link has no pl= and says so when opened)
  const files = c.puzzles === "files";
  const read = files ? s.files.read.map((p) => p.puzzle) : null;
  const { entries, code } = sharedTexts(c.entries, s.own);
  const schemaAt = new Map(entries.map((e, i) => [e, entrySchema(s, c.entries[i])]));     // each its own text's defaults
  return withCode(base + encodeCompareLink({ puzzle, generator, max_seconds: s.settings.max_seconds,
    max_iterations: s.settings.max_iterations, max_evaluations: s.settings.max_evaluations, view: s.view, entries,
    runs: c.runs, puzzles: files ? "list" : c.puzzles, list: files ? (read.some((p) => p.includes(",")) ? "" : read) : c.list,
    sweep: c.sweep, preset: c.preset }, s.schemas, (e) => schemaAt.get(e)), s, code);
}

export function mountShare(store, actions) {
  const button = document.getElementById("share");
  const current = () => (store.state.running ? store.state.running.link : linkOf(store.state));
  store.on(["puzzle", "making", "settings", "view", "compare", "files", "running", "schemas", "stopPoint", "own"], (s) => {
    if (s.files.reading && s.compare.puzzles === "files") return;     // the files' link once they are read
    const url = s.running ? s.running.link : linkOf(s);
    if (url) button.dataset.url = url;
    button.dataset.tooLong = String(url.length > LINK_LIMIT);
  });
  button.addEventListener("click", async () => {
    const url = current();
    if (url.length > LINK_LIMIT) {              // refused plainly; the code goes as a file (own-download)
      actions.notify(tooLongText(url.length), "share");
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = "Link copied";
    } catch {
      button.textContent = "Link ready (copy from the address bar)";
    }
    history.replaceState(null, "", url);
    setTimeout(() => { button.textContent = "Copy share link"; }, 2000);
  });
  return { link: () => linkOf(store.state) };
}

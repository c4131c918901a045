// "Your solver": the editor of a visitor's solver (a plain textarea with line numbers), its two
// starting templates, and loading its text in the page's worker, where its PARAMS become the
// Solver form's fields. The text is kept in the browser's storage as typed and is never
// replaced by an error; an error names its line, marked beside the text. A link's code (own.trusted
// false) is shown and never loaded, nor kept, until the visitor presses "Run this code". The text
// is packed for the share link (own.packed) as it changes. docs/visitor-solver.md, "A visitor's solver".
import { OWN, codeFor, packCode } from "./code.js";
import { allowedTexts, sha256, toLoad, withLoaded } from "./texts.js";
import { PREFIX } from "../rules/solver-ref.js";
import { added, currentOf, deleted, picked, renamed, storeShelf, storedShelf, withText } from "./shelf.js";
import { afterLoad, consentText, lineMarks, loadedStatus, loadsNow, panelShown, templateAsks } from "./panel-state.js";

const LOAD_AFTER_MS = 600;           // a pause in typing, then the text is loaded (its parameters, its errors)

export function mountOwn(store, worker) {
  const $ = (id) => document.getElementById(id);
  const ui = { panel: $("own-panel"), code: $("own-code"), lines: $("own-lines"), template: $("own-template"),
    problem: $("own-problem"), status: $("own-status"), download: $("own-download"), consent: $("own-consent"),
    consentText: $("own-consent-text"), allow: $("own-allow"), which: $("own-consent-which"), pick: $("own-consent-pick") };
  const own = () => store.state.own;
  const setOwn = (patch) => store.set({ own: { ...own(), ...patch } });
  const shelf = mountShelf(store, setOwn, () => load());
  const templates = () => (worker.hello && worker.hello.templates) || [];

  // ------------------------------------------------------------------ visitor -> state
  let timer = null;
  ui.code.addEventListener("input", () => {
    setOwn({ text: ui.code.value, error: null });
    if (own().trusted) shelf.keep(ui.code.value);     // a link's code is kept once allowed
    clearTimeout(timer);
    timer = setTimeout(load, LOAD_AFTER_MS);
  });
  editLikeCode(ui.code, ui.lines);
  ui.template.addEventListener("change", () => {
    const t = templates().find((x) => x.id === ui.template.value);
    ui.template.value = "";
    if (!t) return;
    if (templateAsks(own().text, templates()) && !window.confirm("Replace your code with the template? (Download it first to keep it.)")) return;
    setOwn({ text: t.text, error: null, trusted: true });
    shelf.keep(t.text);
    load();
  });
  ui.download.addEventListener("click", () => downloadText(own().text, own().name));
  ui.allow.addEventListener("click", () => {       // a link's code joins the shelf: the visitor's own text stays
    const o = own();
    if (!o.text.trim()) return;                      // a link with no code to run adds nothing
    const linkTexts = o.linkTexts || [];             // every text of the link is allowed at once
    setOwn({ trusted: true, error: null, texts: allowedTexts(o.texts, linkTexts) });
    for (const t of linkTexts) if (t.text !== o.text) shelf.add(t.text);
    shelf.add(o.text);                               // the editor's last: the shelf's current one
    load();
  });

  // Load the text in the worker: its schema (the form's parameters) or its error and line.
  let loadSeq = 0;
  async function load() {
    clearTimeout(timer);
    const s = store.state;
    const code = codeFor(OWN, s.own);
    if (!s.ready || !code) return;
    const mine = ++loadSeq;
    let reply;
    try { reply = await worker.own(code); } catch { return; }       // a lost worker says so itself
    if (mine !== loadSeq || store.state.own.text !== code.text) return;
    store.set(afterLoad(store.state, reply));
  }

  // ------------------------------------------------------------------ state -> editor
  store.on(["ready"], (s) => {
    if (!s.ready) return;
    if (ui.template.options.length <= 1) {
      for (const t of templates()) ui.template.add(new Option(t.title, t.id));
    }
    if (s.settings.solver === OWN) load();
  });
  store.on(["settings", "own", "compare", "view"], (s) => {
    ui.panel.hidden = !panelShown(s);
    if (loadsNow(s)) load();
  });
  showOwn(store, ui, setOwn);
  mountConsentPick(store, ui, setOwn);
  loadEntriesTexts(store, worker);
  return { load };
}

// The consent over a link of several texts: a menu of them (own@<first 8> and its lines), the
// one picked shown in the editor to be read; none of them runs before Run this code.
function mountConsentPick(store, ui, setOwn) {
  let listed = null;
  store.on(["own"], (s) => {
    const texts = s.own.linkTexts || [];
    ui.which.hidden = s.own.trusted || texts.length < 2;
    if (listed !== texts) {
      listed = texts;
      ui.pick.replaceChildren(...texts.map((t) =>
        new Option(`own@${t.sha.slice(0, PREFIX)} (${t.text.split("\n").length} lines)`, t.sha)));
    }
    const shown = texts.find((t) => t.text === s.own.text);
    if (shown && ui.pick.value !== shown.sha) ui.pick.value = shown.sha;
  });
  ui.pick.addEventListener("change", () => {
    const t = (store.state.own.linkTexts || []).find((x) => x.sha === ui.pick.value);
    if (t && !store.state.own.trusted) setOwn({ text: t.text, sha: t.sha, packed: t.packed, error: null });
  });
}

// The texts entries name (own/texts.js), each loaded once allowed, one at a time, in the
// editor's worker as the editor's text is: its schema gives the entry its TITLE and PARAMS.
function loadEntriesTexts(store, worker) {
  let loading = null;
  store.on(["own", "ready"], async (s) => {
    const next = s.ready && !loading ? toLoad(s.own.texts)[0] : null;
    if (!next) return;
    loading = next.sha;
    let reply;
    try { reply = await worker.own({ name: next.name, text: next.text }); } catch (err) {
      reply = { ok: false, message: err.message };         // a lost worker: that text is said to have failed
    }
    loading = null;
    const own = store.state.own;
    store.set({ own: { ...own, texts: withLoaded(own.texts, next.sha, reply) } });
  });
}

// The editor's keys and scrolling: Tab indents (four spaces), Escape then Tab leaves the box;
// the line numbers scroll with the text.
function editLikeCode(code, lines) {
  code.addEventListener("scroll", () => { lines.scrollTop = code.scrollTop; });
  code.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || e.shiftKey || code.dataset.escaped === "true") { code.dataset.escaped = "false"; return; }
    e.preventDefault();
    code.setRangeText("    ", code.selectionStart, code.selectionEnd, "end");
    code.dispatchEvent(new Event("input"));
  });
  code.addEventListener("keyup", (e) => { if (e.key === "Escape") code.dataset.escaped = "true"; });
}

// Download: the editor's text as a Python file of its name.
function downloadText(text, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/x-python" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// state -> the editor: its text, the consent a link's code waits for, the line numbers and the
// error's line, the text last loaded; and the share link's code= kept in step with the text.
function showOwn(store, ui, setOwn) {
  // the share link's code= follows the text (a link's own code stays as it came)
  let packing = null;
  store.on(["own"], async (s) => {
    const { text, trusted } = s.own;
    if (!trusted || packing === text) return;
    packing = text;
    const [packed, sha] = text.trim() ? await Promise.all([packCode(text), sha256(text)]) : [null, null];
    if (store.state.own.text === text) setOwn({ packed, sha });
  });
  store.on(["own"], (s) => {
    ui.consent.hidden = s.own.trusted;
    ui.consentText.textContent = consentText(s.own);
  });
  store.on(["own", "running"], (s) => {
    if (ui.code.value !== s.own.text) ui.code.value = s.own.text;
    ui.code.readOnly = !!s.running;
    showLines(ui, lineMarks(s.own));
    const message = s.own.error ? s.own.error.message : "";
    ui.problem.textContent = message;
    ui.problem.hidden = !message;
    if (message) ui.code.setAttribute("aria-invalid", "true"); else ui.code.removeAttribute("aria-invalid");
    ui.status.textContent = loadedStatus(s.own, s.schemas.get(OWN));
    ui.status.dataset.sha256 = s.own.loaded || "";
  });
}

// The line numbers beside the text, the error's line marked (and named on its message).
function showLines(ui, { count, bad }) {
  const spans = [];
  for (let i = 1; i <= count; i++) {
    const span = document.createElement("span");
    span.textContent = `${i}\n`;
    if (i === bad) span.className = "own-bad-line";
    spans.push(span);
  }
  ui.lines.replaceChildren(...spans);
  ui.lines.scrollTop = ui.code.scrollTop;
  ui.problem.dataset.line = bad ? String(bad) : "";
}

// The visitor's solvers (own/shelf.js): the menu of them, the editor's one's name, New and
// Delete. Picking one puts its text in the editor and loads it; every change is kept at once.
function mountShelf(store, setOwn, load) {
  const $ = (id) => document.getElementById(id);
  const ui = { menu: $("own-shelf"), name: $("own-name"), add: $("own-new"), remove: $("own-delete"),
    problem: $("own-name-problem") };
  let shelf = storedShelf(window.localStorage);
  const show = () => {
    ui.menu.replaceChildren(...shelf.solvers.map((x, i) => new Option(x.name, String(i), false, i === shelf.current)));
    ui.name.value = currentOf(shelf).name;
    ui.problem.hidden = true;
  };
  const put = (next, { toEditor = true } = {}) => {
    shelf = next;
    storeShelf(window.localStorage, shelf);
    show();
    if (!toEditor) return;
    const { name, text } = currentOf(shelf);
    setOwn({ name, text, error: null, loaded: null, trusted: true });   // your own pick: a link's code waiting leaves the editor
    load();
  };
  ui.menu.addEventListener("change", () => put(picked(shelf, Number(ui.menu.value))));
  ui.add.addEventListener("click", () => put(added(shelf)));
  ui.remove.addEventListener("click", () => {
    if (currentOf(shelf).text.trim() && !window.confirm(`Delete ${currentOf(shelf).name}? (Download it first to keep it.)`)) return;
    put(deleted(shelf));
  });
  ui.name.addEventListener("change", () => {
    const { shelf: next, problem } = renamed(shelf, ui.name.value);
    if (problem) { ui.problem.textContent = problem; ui.problem.hidden = false; return; }
    put(next, { toEditor: false });
    setOwn({ name: currentOf(shelf).name });
  });
  store.on(["running"], (s) => { for (const b of [ui.menu, ui.add, ui.remove, ui.name]) b.disabled = !!s.running; });
  show();
  setOwn({ name: currentOf(shelf).name, text: currentOf(shelf).text });
  return {
    keep: (text) => put(withText(shelf, text), { toEditor: false }),
    add: (text) => put(added(shelf, text), { toEditor: false }),
  };
}

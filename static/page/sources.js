// The sources page (sources.html): the solvers with their papers, and where the puzzle
// collections come from, built at load from the lab's own files so that no fact is written
// twice — static/vendor/solvers.json (build.py reads it from the solver modules: docs/page.md,
// "The page", Publish) and static/vendor/puzzle-sources.html (build.py draws puzzles/SOURCES.md
// as escaped HTML). No Python starts here; offline, the service worker answers from the lab's
// precache.
const SOLVERS = "static/vendor/solvers.json";
const PUZZLE_SOURCES = "static/vendor/puzzle-sources.html";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

async function read(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return as === "json" ? response.json() : response.text();
}

function solverItem(solver) {
  return el("li", { "data-solver": solver.id, "data-reference": String(solver.reference) },
    el("strong", {}, solver.title), " ", el("code", {}, solver.id),
    el("cite", {}, solver.citation));
}

function showSolvers(section, solvers) {
  const papers = solvers.filter((s) => !s.reference);
  const references = solvers.filter((s) => s.reference);
  section.append(
    el("p", {}, `The lab follows ${papers.length} published papers, one solver each (its id in the links and the `
      + "solver menu):"),
    el("ol", { class: "solver-list" }, ...papers.map(solverItem)));
  if (references.length) {
    section.append(
      el("p", {}, `Beside them, the field's reference ${references.length === 1 ? "solver" : "solvers"} — not one of `
        + `the ${papers.length} papers, shown for comparison, above all on large grids:`),
      el("ul", { class: "solver-list reference" }, ...references.map(solverItem)));
  }
}

// The build's own fragment (every text escaped, only http(s) and relative links), parsed into
// an inert document (no script runs there) and moved into the section.
function showPuzzleSources(section, fragment) {
  const parsed = new DOMParser().parseFromString(fragment, "text/html");
  section.append(...parsed.body.childNodes);
}

async function fill(id, url, as, show) {
  const section = document.getElementById(id);
  try {
    const data = await read(url, as);
    section.querySelector(".pending").remove();
    show(section, data);
    section.dataset.state = "ready";
  } catch (err) {
    section.querySelector(".pending").replaceWith(el("p", { class: "error", role: "alert" },
      `Could not read ${url} (${err.message}). Reload the page; offline, open the lab once while online first.`));
    section.dataset.state = "error";
  }
  section.removeAttribute("aria-busy");
}

fill("sources-solvers", SOLVERS, "json", showSolvers);
fill("sources-puzzles", PUZZLE_SOURCES, "text", showPuzzleSources);

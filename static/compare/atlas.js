// The Experiment view's atlas (docs/design.md, "The atlas"): heat maps over size × p of the
// shipped data/atlas.json, and the same maps of the visitor's own sweep, drawn from its records
// by the same code (rules/atlas.js pools them as sudoku_lab.atlas does). A menu picks the
// measure: success rate and median time (a map per entry, the published figures as maps of
// their own and as marks), or the fastest entry (one map, each cell showing by what margin it wins
// and its n). Each map carries its legend under it (one legend at the top scrolled away from the
// maps it read). An entry not run at a size (the file's not_run: past a solver's size) has its
// cells there hatched, "not run", with why in the cell's words, its legend and a note over the
// maps. Maps are built one a task, so a redraw never holds the page.
import { aggregate, cellState, marginText, notRunLines, winMargin } from "../rules/atlas.js";
import { pointsBySizeAndP } from "../rules/published.js";
import { heatMap, scaleLegend, swatchLegend, linearWhere, logWhere } from "../draw/heatmap.js";
import { atlasData, published } from "./fetch.js";
import { mountScrollHint } from "./scroll-hint.js";
import { entryColour, secondsLabel, successColour, successTicks, timeColour, timeDomain, timeTicks } from "../draw/colour-scale.js";

// the one map first: which solver wins each cell (the others, a map per solver, on demand)
const MEASURES = [["fastest", "fastest solver"], ["success", "success rate"], ["time", "median time of solved runs"]];
const TIME_MEASURES = ["median_seconds"];            // the published series the time maps set beside ours

const pct = (rate) => `${Math.round(100 * rate)} %`;
const pWords = (p) => String(Number(p.toFixed(3)));

// A line of the panel's small print, with its test hook; hidden until it has something to say.
function hintPart(tag, className, testid, hidden) {
  const part = document.createElement(tag);
  part.className = className;
  part.setAttribute("data-testid", testid);
  part.hidden = hidden;
  return part;
}

// The panel's parts, made once: heading, the measure menu, caption and the maps' box.
function panel(host, heading, testid) {
  host.setAttribute("data-testid", testid);
  host.dataset.state = "loading";
  host.classList.add("atlas");
  const h = document.createElement("h2");
  h.textContent = heading;
  const label = document.createElement("label");
  label.textContent = "Show ";
  const menu = document.createElement("select");
  menu.setAttribute("data-testid", "atlas-measure");
  for (const [value, words] of MEASURES) menu.add(new Option(words, value));
  label.appendChild(menu);
  const caption = hintPart("p", "hint atlas-caption", "atlas-caption", false);
  // the command that made the maps, behind a fold (a block of command lines is no caption)
  const command = hintPart("details", "hint atlas-command", "atlas-command", true);
  const summary = document.createElement("summary");
  summary.textContent = "The command that measured these maps";
  command.append(summary, document.createElement("code"));
  // what the small circles on a solver's maps are, in words (their titles reach no touch screen)
  const marksNote = hintPart("p", "hint atlas-marks-note", "atlas-marks-note", true);
  // which entries were not run at some size and why, in words (a hatched cell is no 0 %)
  const notRunNote = hintPart("p", "hint atlas-not-run-note", "atlas-not-run-note", true);
  const scrollHint = hintPart("p", "hint scroll-hint", "atlas-scroll-hint", true);
  scrollHint.textContent = "More of the maps to the right: scroll the maps sideways.";
  const maps = document.createElement("div");
  maps.className = "atlas-maps";
  maps.tabIndex = 0;                                  // a box that scrolls sideways takes the keys too
  maps.setAttribute("role", "group");
  maps.setAttribute("aria-label", `${heading}: the maps (scroll sideways on a narrow screen)`);
  host.replaceChildren(h, label, caption, command, notRunNote, marksNote, scrollHint, maps);
  mountScrollHint(maps, scrollHint);
  return { host, menu, caption, command, notRunNote, marksNote, maps };
}

// One atlas on screen. show({atlas, names, solverOf, caption, published, max_seconds}) draws it:
// atlas is data/atlas.json's shape (or rules/atlas.js aggregate's), names maps an entry to its
// words, solverOf to its solver's id (a source's figures mark that solver's maps).
export class AtlasView {
  constructor(host, heading, testid) {
    this.ui = panel(host, heading, testid);
    this.ui.menu.addEventListener("change", () => this.draw());
    this.token = 0;
  }

  fail(message) {
    this.token += 1;
    this.ui.host.dataset.state = "error";
    this.ui.caption.textContent = message;
    this.ui.maps.replaceChildren();
  }

  show({ atlas, names = (e) => e, solverOf = (e) => e.split(":")[0], caption, command = null, published = {}, max_seconds = null }) {
    this.atlas = atlas;
    this.names = names;
    this.solverOf = solverOf;
    this.published = published;
    this.state = cellState(atlas);
    this.best = new Map(atlas.fastest.map((f) => [`${f.size}|${f.p}`, f]));
    this.domain = timeDomain(atlas.cells.map((c) => c.median_seconds), max_seconds);
    this.ui.caption.textContent = caption;
    this.ui.command.hidden = !command;
    this.ui.command.querySelector("code").textContent = command || "";
    const gaps = notRunLines(atlas, names);
    this.ui.notRunNote.hidden = !gaps.length;
    this.ui.notRunNote.textContent = gaps.length ? `Not run: ${gaps.join("; ")}. Those cells are hatched on the ` +
      "solver's maps (not run, unlike 0 % solved), and the fastest map leaves " +
      `${gaps.length === 1 ? "it" : "them"} out there.` : "";
    this.draw();
  }

  // The figures of the sources whose method an entry's solver implements (a source's `solver`),
  // as marks on that entry's map: success rates on the success maps, medians on the time maps.
  marksFor(entry, success) {
    const solver = this.solverOf(entry);
    return pointsBySizeAndP(this.published, success ? ["success_rate"] : TIME_MEASURES)
      .filter((src) => src.solver === solver)
      .flatMap((src) => src.points.map((pt) => {
        const about = `${pt.approximate ? "about " : ""}${pt.bound ? "at most " : ""}`;
        const limit = pt.time_limit_s ? ` (time limit ${pt.time_limit_s} s)` : "";
        return { size: pt.size, p: pt.p, fill: success ? successColour(pt.y) : timeColour(pt.y, this.domain),
          words: `Published at ${pt.size}×${pt.size}, p = ${pWords(pt.p)}: ${src.label}, ` +
            `${success ? `${about}${pct(pt.y)} solved` : `median ${about}${secondsLabel(pt.y)}`}${limit}` };
      }));
  }

  // The not-run entries in words after `lead` ("… at 64×64 (alldiff_tabu runs up to 49×49)."),
  // of one entry or of all; "" where none.
  notRunWords(lead, entry = null) {
    const gaps = Object.entries(this.atlas.not_run || {}).filter(([e]) => entry === null || e === entry);
    if (!gaps.length) return "";
    return `${lead} ${gaps.map(([e, gap]) => `${entry === null ? `${this.names(e)} ` : ""}at ` +
      `${gap.sizes.map((n) => `${n}×${n}`).join(", ")} (${gap.why})`).join("; ")}.`;
  }

  cellWords(size, p) {
    return `${size}×${size}, p = ${pWords(p)}`;
  }

  // A fastest cell's margin in words, naming the runner-up.
  marginWords(m) {
    if (m.kind === "only") return "no other solver ended a run on its own";
    const other = this.names(m.runnerUp.entry);
    if (m.kind === "rate") return `${Math.round(m.points)} percentage points more solved than ${other} (${pct(m.runnerUp.rate)})`;
    return `as many solved as ${other}, whose median ${secondsLabel(m.runnerUp.median_seconds)} is ${marginText(m).slice(1)} times its own`;
  }

  // The maps of the chosen measure, each {title, entry, cell(size, p), legend(): its legend, tall?}.
  plan(measure) {
    const { atlas } = this;
    if (measure === "fastest") {
      const colourOf = new Map(atlas.entries.map((e, i) => [e, entryColour(i)]));
      const cell = (size, p) => {
        const f = this.best.get(`${size}|${p}`);
        if (!f) return null;
        if (f.entry === null) return { fill: null, value: "", text: "–", words: `${this.cellWords(size, p)}: no entry solved a run` };
        const m = winMargin(atlas, size, p);
        return { fill: colourOf.get(f.entry), value: f.entry, n: f.solved, text: marginText(m), sub: `n ${f.solved}`, margin: marginText(m),
          words: `${this.cellWords(size, p)}: fastest ${this.names(f.entry)}, ${pct(f.rate)} solved, median ${secondsLabel(f.median_seconds)} ` +
            `(n = ${f.solved} solved runs); ${this.marginWords(m)}` };
      };
      return { maps: [{ title: "Fastest solver, by what margin (n: its solved runs)", entry: "fastest", cell, tall: true,
        legend: () => swatchLegend({ label: "fastest solver: the highest success, then the lowest median time",
          entries: atlas.entries.map((e) => ({ name: this.names(e), colour: colourOf.get(e) })),
          note: "A cell's figure is the winner's margin over the runner-up: ×k where both solved the same share " +
            "(the runner-up's median time is k times the winner's), +d pt where the winner solved d percentage points more, " +
            "'only' where no other solver ended a run on its own; under it n, the solved runs the winner's median is of; " +
            "– where no solver solved a run." + this.notRunWords(" Left out where not run:") }) }] };
    }
    const success = measure === "success";
    const ours = atlas.entries.map((entry) => ({ title: this.names(entry), entry, marks: this.marksFor(entry, success),
      note: this.notRunWords("Hatched cells: not run", entry), cell: (size, p) => {
      const here = this.state(size, p, entry);
      const head = this.cellWords(size, p);
      if (here.state === "not_run") return { fill: null, notRun: true, value: "", words: `${head}: not run at this size (${here.why})` };
      if (here.state !== "ran") return null;
      const c = here.cell;
      if (success) {
        return c.rate === null ? { fill: null, value: "", words: `${head}: no run ended on its own` }
          : { fill: successColour(c.rate), value: String(c.rate), words: `${head}: ${pct(c.rate)} solved (${c.solved} of ${c.judged})` };
      }
      return c.median_seconds === null ? { fill: null, value: "", text: "–", words: `${head}: none solved (0 of ${c.judged})` }
        : { fill: timeColour(c.median_seconds, this.domain), value: String(c.median_seconds),
          words: `${head}: median ${secondsLabel(c.median_seconds)} over ${c.solved} solved runs (${c.solved} of ${c.judged} solved)` };
    } }));
    const theirs = pointsBySizeAndP(this.published, success ? ["success_rate"] : TIME_MEASURES).map((src) => {
      const at = new Map(src.points.map((pt) => [`${pt.size}|${pt.p}`, pt]));
      return { title: `Published: ${src.label}${success ? "" : ", median"}`, entry: `published:${src.key}`, cell: (size, p) => {
        const pt = at.get(`${size}|${p}`);
        if (!pt) return null;
        const about = `${pt.approximate ? "about " : ""}${pt.bound ? "at most " : ""}`;
        return success ? { fill: successColour(pt.y), value: String(pt.y), words: `${this.cellWords(size, p)}: ${src.label}, ${about}${pct(pt.y)} solved` }
          : { fill: timeColour(pt.y, this.domain), value: String(pt.y), words: `${this.cellWords(size, p)}: ${src.label}, median ${about}${secondsLabel(pt.y)}` };
      } };
    }).filter((m) => this.atlas.sizes.some((size) => this.atlas.ps.some((p) => m.cell(size, p))));
    const legend = (note) => success
      ? () => scaleLegend({ label: "share of runs solved", ticks: successTicks(), colourAt: successColour, where: linearWhere, note })
      : () => scaleLegend({ label: "median seconds of the solved runs (log scale)", ticks: timeTicks(this.domain),
        colourAt: (v) => timeColour(v, this.domain), where: logWhere, note });
    return { maps: [...ours, ...theirs].map((m) => ({ ...m, legend: legend(m.note || null) })) };
  }

  // Draws the chosen measure's maps, one a frame (built in the task after the frame that drew the
  // last, so no frame lays out and paints more than one new map), each in the place of the map
  // drawn there before (a redraw as a sweep's runs end never empties the box); a newer draw drops
  // an older one's remaining maps.
  draw() {
    if (!this.atlas) return;
    const token = ++this.token;
    const { maps } = this.plan(this.ui.menu.value);
    this.ui.host.dataset.state = "loading";
    const marked = maps.filter((m) => m.marks && m.marks.length).map((m) => m.title);
    this.ui.marksNote.hidden = !marked.length;
    this.ui.marksNote.textContent = marked.length ? `The small circle in a cell's corner on the ${marked.join(" and ")} ` +
      `map${marked.length === 1 ? "" : "s"} is the figure the field published for that solver's method at that size and p ` +
      "(Lloyd & Amos for acs, the AllDiff-LS repository for alldiff_ls), filled on the same colour scale as the cells: a " +
      "circle the colour of its cell agrees with our runs; one lighter or darker than its cell does not." : "";
    const { sizes, ps } = this.atlas;
    const next = (i) => {
      if (token !== this.token) return;
      if (i >= maps.length) {
        while (this.ui.maps.children.length > maps.length) this.ui.maps.lastElementChild.remove();
        this.ui.host.dataset.state = "ready";
        return;
      }
      const m = maps[i];
      const figure = document.createElement("figure");
      figure.className = "atlas-figure";
      // its legend right under it, so it scrolls with its map (one legend over all of them scrolled away)
      figure.append(heatMap({ title: m.title, measure: this.ui.menu.value, entry: m.entry, sizes, ps, cell: m.cell,
        marks: m.marks || [], tall: !!m.tall }), m.legend());
      const old = this.ui.maps.children[i];
      if (old) old.replaceWith(figure);
      else this.ui.maps.appendChild(figure);
      requestAnimationFrame(() => setTimeout(() => next(i + 1), 0));
    };
    next(0);
  }
}

// The shipped atlas's caption: the budget and clock, instances and runs (the command goes behind a fold).
export function shippedCaption(atlas) {
  const b = atlas.budget || {};
  const limits = [b.max_seconds != null && `${b.max_seconds} s of ${atlas.clock === "cpu" ? "CPU" : "wall-clock"} time`,
    b.max_iterations != null && `${b.max_iterations} steps`, b.max_evaluations != null && `${b.max_evaluations} evaluations`].filter(Boolean);
  // instances: a number, or {size: n} when the sweeps of different sizes ran different counts
  const instances = typeof atlas.instances === "object" && atlas.instances !== null
    ? `${Object.entries(atlas.instances).map(([size, n]) => `${n} at ${size}×${size}`).join(", ")} generated instances`
    : `${atlas.instances} generated instance${atlas.instances === 1 ? "" : "s"}`;
  return `Budget: ${limits.join(", ") || "none"} a run; ${instances} × ` +
    `${atlas.runs} run${atlas.runs === 1 ? "" : "s"} per size × p and ` +
    "solver (success: solved among the runs that ended on their own; time: the median of the solved runs only), measured natively.";
}

// The visitor's atlas from its experiment's records ([{...record, entry}]), in entry order.
export function ownAtlas(records, entries) {
  return aggregate(records, (r) => r.entry, entries);
}

// The two atlases of the Experiment view: the shipped one, fetched the first time the view shows,
// and the visitor's (returned: experiment.js hands it each sweep's records).
export function mountAtlas(store, { shippedEl, ownEl }) {
  const shipped = new AtlasView(shippedEl, "Atlas: where each solver wins", "atlas");
  const own = new AtlasView(ownEl, "Your atlas: this sweep's runs", "atlas-own");
  let loading = null;
  store.on(["view"], (s) => {
    shippedEl.hidden = s.view !== "experiment";
    if (s.view !== "experiment") ownEl.hidden = true;
    else ownEl.hidden = !own.atlas;
    if (s.view !== "experiment" || loading) return;
    loading = Promise.all([atlasData(), published()])
      .then(([atlas, pub]) => shipped.show({ atlas, caption: shippedCaption(atlas), command: `(from py/)\n${atlas.command.split("; ").join("\n")}`,
        published: pub, max_seconds: atlas.budget?.max_seconds }))
      .catch((err) => shipped.fail(err.message));
  });
  return {
    // records: [{...record, entry: its entry's name}]; entries: the names in order, solvers their solvers
    draw({ records, entries, solvers, caption, published: pub, max_seconds }) {
      const atlas = ownAtlas(records, entries);
      if (!atlas.cells.length) return;
      ownEl.hidden = store.state.view !== "experiment";
      own.show({ atlas, caption, published: pub, max_seconds, solverOf: (name) => solvers[entries.indexOf(name)] });
    },
    hide() {
      own.atlas = null;
      own.token += 1;
      ownEl.hidden = true;
    },
  };
}

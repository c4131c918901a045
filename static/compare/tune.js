// The Experiment view's Tune panel (docs/page.md, "Tune"): a solver tuned by racing on the page's
// worker (`tune`, a sliced task that loads scipy first), with a live view of the race, the elites,
// a link that opens Solve with the best, the held-out sentences and the tune's JSON. What it sends
// and says is tune-words.js; every decision of the tune is the package's (tuning/).
import { download } from "../draw/download.js";
import { focusStart } from "../page/views.js";
import { doneLine, fullRange, heldOutLines, liveLine, tunable, tuneExport, tuneRequest }
  from "./tune-words.js";

const $ = (id) => document.getElementById(id);
const line = (tag, text) => Object.assign(document.createElement(tag), { textContent: text });

export function mountTune(store, worker) {
  const ui = tuneElements();
  const typed = new Map();              // solver id -> {param: text}: what was typed stays when the solver changes
  let asked = 0;                        // the tune under way's number (a newer one supersedes it)

  const schema = () => store.state.schemas.get(ui.solver.value);
  const fillSolvers = (s) => {
    if (ui.solver.options.length || !s.schemas.size) return;
    ui.solver.replaceChildren(...tunable(s.schemas).map((x) => new Option(x.id, x.id)));
    fillParams();
  };
  const fillParams = () => {
    const own = typed.get(ui.solver.value) || {};
    typed.set(ui.solver.value, own);
    ui.params.replaceChildren(ui.params.querySelector("legend"), ...schema().params.map((p) => paramField(p, own)));   // the legend says the syntax
  };
  const fields = () => ({ ...Object.fromEntries(new FormData(ui.form)), params: typed.get(ui.solver.value) });
  const mark = (field, message) => {
    ui.problem.textContent = message || "";
    for (const el of ui.form.querySelectorAll("input")) {
      if (el.name === field) el.setAttribute("aria-invalid", "true");
      else el.removeAttribute("aria-invalid");
    }
  };

  const start = (ev) => {
    ev.preventDefault();
    const { request, field, message } = tuneRequest(fields(), schema());
    mark(field, message);
    if (!request) return;
    const mine = ++asked;
    running(true);
    store.set({ tune: null });            // the result on show is hidden: the experiment's export no longer carries it
    ui.live.textContent = "Loading scipy and starting the tune…";
    ui.eliminations.replaceChildren();
    worker.request("tune", request, (p) => mine === asked && showLive(p))
      .then((out) => mine === asked && finish(request, out), (err) => mine === asked && finish(request, { ok: false, message: String(err.message || err) }));
  };
  const showLive = (p) => {
    ui.live.textContent = liveLine(p);
    ui.eliminations.replaceChildren(...p.eliminations.map((e) => line("li", e.sentence)));
  };
  const finish = (request, out) => {
    running(false);
    if (out.superseded) return;
    if (!out.ok) { mark(out.field, out.message); ui.live.textContent = ""; return; }     // the package names the field
    store.set({ tune: { request, result: out.result } });      // the tune on show (state.js)
    showResult(ui, out.result);
  };
  const running = (on) => {
    ui.start.disabled = on;
    ui.stop.disabled = !on;
    ui.box.dataset.state = on ? "running" : "idle";
    if (on) ui.result.hidden = true;
  };
  const stop = () => {
    asked += 1;
    worker.drop("tune");
    running(false);
    ui.live.textContent = "Stopped.";
  };

  ui.params.addEventListener("input", (ev) => { typed.get(ui.solver.value)[ev.target.name] = ev.target.value; });
  ui.solver.addEventListener("change", fillParams);
  ui.form.addEventListener("submit", start);
  ui.stop.addEventListener("click", stop);
  // "Solve with the best configuration" opens its link in Solve: the focus goes to its Start, in view
  // (the page stayed scrolled where the Tune fold was, Start above the window, the focus on <body>)
  ui.best.addEventListener("click", () => addEventListener("hashchange",
    () => requestAnimationFrame(() => focusStart("solve")), { once: true }));
  ui.exportButton.addEventListener("click", () => {
    const { tune } = store.state;
    if (tune) download(`tune-${tune.request.solver}.json`, tuneExport(tune.request, tune.result), "application/json");
  });
  store.on(["schemas", "ready"], fillSolvers);
  store.on(["view"], (s) => { ui.box.hidden = s.view !== "experiment"; });
}

const tuneElements = () => ({ box: $("tune"), form: $("tune-form"), solver: $("tune-solver"), params: $("tune-params"),
  problem: $("tune-problem"), live: $("tune-live"), eliminations: $("tune-eliminations"), result: $("tune-result"),
  elites: $("tune-elites"), best: $("tune-best"), heldOut: $("tune-held-out"), start: $("tune-start"),
  stop: $("tune-stop"), exportButton: $("tune-export") });

// A finished tune: its eliminations, elites, the link to its best and the held-out sentences.
function showResult(ui, r) {
  ui.live.textContent = doneLine(r);
  ui.eliminations.replaceChildren(...r.eliminations.map((s) => line("li", s)));     // the package's sentences
  ui.elites.replaceChildren(...r.elites.map((e) => line("li", e.sentence)));
  ui.best.href = r.link || "#";                 // links.encode gives "#…"
  ui.best.hidden = !r.link;
  ui.heldOut.replaceChildren(...heldOutLines(r.held_out).map((s) => line("li", s)));
  ui.result.hidden = false;
  ui.box.dataset.state = "done";
}

// One parameter's field: its whole range prefilled (or what was typed before).
function paramField(p, own) {
  own[p.name] ??= fullRange(p);
  const label = line("label", `${p.name} `);
  const input = Object.assign(document.createElement("input"), { name: p.name, value: own[p.name], title: p.help || "" });
  input.dataset.testid = `tune-param-${p.name}`;
  input.setAttribute("autocomplete", "off");
  label.append(input);
  return label;
}

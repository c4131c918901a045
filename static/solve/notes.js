// The two notes of the Solve view that speak of the run (docs/page.md, test hooks chart-note
// and stop-point): why a chart has one point, and the stop point Start replays to. The text is
// pure (node-tested); mountSolveNotes writes it.
import { stepCount, solvedAtStart } from "../python/messages.js";
import { replayPointOf } from "../rules/stop-point.js";

// Under the chart: a run solved at its step 0 has one point, and says why; else "".
export function chartNoteText(s) {
  const text = solvedAtStart(s.results.solve && s.results.solve.result, s.check && s.check.rating);
  return text ? `One point: the run was ${text}.` : "";
}

// Beside Start: the step an opened link's run is replayed to, while its settings stand; else "".
export function stopPointText(s) {
  const step = replayPointOf(s);
  if (step === null) return "";
  return `Start replays the link's run to ${stepCount(step, s.schemas.get(s.settings.solver))}, where Stop or its time ` +
    "limit ended it (the time limit does not apply here); change a setting to run anew.";
}

function write(el, text) {
  el.hidden = !text;
  if (el.textContent !== text) el.textContent = text;
}

export function mountSolveNotes(store, chartNote, stopPoint) {
  store.on(["results", "check"], (s) => write(chartNote, chartNoteText(s)));
  store.on(["stopPoint", "settings", "puzzle", "making", "schemas"], (s) => {
    const step = replayPointOf(s);
    stopPoint.dataset.stop = step === null ? "" : String(step);
    write(stopPoint, stopPointText(s));
  });
}

// A view's Start and Stop buttons, written once for Solve and for Race/Experiment: a click goes
// to the one start path (actions.start) or to Stop, and whether each can be pressed follows the
// state (start-check.js `controls`). The button that a run disables hands the keyboard's focus to
// the other (Start to Stop as it starts, Stop to Start as it ends), and `said`, a live region,
// says so (start-check.js `focusAfter`, `focusSaid`).
import { controls, focusAfter, focusSaid } from "./start-check.js";

// viewOf(state): the view these buttons start (null: none on screen). refused(check): told of
// a Start the check refused (the experiment selects the pasted list's bad line).
export function mountStartStop(store, actions, { start, stop, said }, viewOf, refused = () => {}) {
  start.addEventListener("click", () => {
    const view = viewOf(store.state);
    const check = view && actions.start(view);
    if (check && !check.values) refused(check);
  });
  stop.addEventListener("click", () => {
    const view = viewOf(store.state);
    if (view && (actions.isCurrent(view) || actions.isWaiting(view))) actions.stop(view);
  });
  store.on(["ready", "failure", "startsOnReady", "puzzle", "running", "making", "problems", "paste", "view", "compare"], (s) => {
    const view = viewOf(s);
    const can = view ? controls(view, s) : { start: false, stop: false };
    const active = document.activeElement;
    const to = focusAfter(can, active === start ? "start" : active === stop ? "stop" : null);   // asked before a disabled button drops it
    start.disabled = !can.start;
    stop.disabled = !can.stop;
    if (!to) return;
    (to === "stop" ? stop : start).focus();
    said.textContent = focusSaid(view, to);
  });
}

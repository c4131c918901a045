// The message box: one message at a time, from the state's `notice` (a paste that cannot be
// read, a run that failed, the problems of a link). Text only, never HTML. Problems that have
// no field to mend (an unknown setting in a link) can be dismissed here; the others go when
// their field is edited.
import { labelOf } from "../rules/table.js";

export function mountNotice(store, actions, isFieldless) {
  const box = document.getElementById("error");
  const text = document.createElement("span");
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "dismiss";
  dismiss.textContent = "Ignore these settings";
  dismiss.setAttribute("data-testid", "dismiss-problems");
  box.replaceChildren(text, dismiss);
  dismiss.addEventListener("click", () => {
    actions.clearProblems((k) => !isFieldless(k));
    actions.reportProblems();
  });
  store.on(["notice", "problems"], (s) => {
    const n = s.notice;
    box.hidden = !n;
    text.textContent = n ? n.text : "";
    box.dataset.source = n ? n.source : "";
    box.dataset.kind = n ? n.kind || "error" : "";                 // information is not shown as an error
    box.setAttribute("role", n && n.kind === "info" ? "status" : "alert");
    const fieldless = [...s.problems.keys()].filter(isFieldless);
    dismiss.hidden = !(n && n.source === "problems" && fieldless.length);
    if (!dismiss.hidden) dismiss.setAttribute("aria-label", `Ignore ${fieldless.map(labelOf).join(", ")}`);
  });
}

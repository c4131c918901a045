// Solver parameter forms built from the registry's schemas. Values are read by the shared
// rules of values.js (the same as the CLI's); a value that breaks its rule is marked on its
// input (aria-invalid plus a message under it), never silently replaced.
import * as values from "../rules/values.js";

export function buildParamForm(container, schema, given = {}) {
  container.replaceChildren();
  for (const p of schema.params) {
    const label = document.createElement("label");
    label.className = "param";
    const name = document.createElement("span");
    name.textContent = p.name;
    let input;
    const value = Object.hasOwn(given, p.name) ? given[p.name] : p.default;
    if (p.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
    } else if (p.type === "choice") {
      input = document.createElement("select");
      for (const c of p.choices) {
        const o = document.createElement("option");
        o.value = c;
        o.textContent = c;
        input.appendChild(o);
      }
      input.value = value;
    } else {
      input = document.createElement("input");
      input.type = "text";                    // a number field would drop a link's bad text
      input.setAttribute("inputmode", p.type === "int" ? "numeric" : "decimal");
      input.value = String(value);
    }
    input.name = p.name;
    input.id = `param-${p.name}`;
    input.setAttribute("data-testid", `param-${p.name}`);
    const help = document.createElement("small");
    help.id = `param-${p.name}-help`;
    help.textContent = p.help;
    const problem = document.createElement("small");
    problem.className = "field-problem";
    problem.id = `param-${p.name}-problem`;
    problem.hidden = true;
    input.setAttribute("aria-describedby", `${help.id} ${problem.id}`);
    label.append(name, input, help, problem);
    container.appendChild(label);
  }
}

// Marks (message) or clears (null) a field's problem: aria-invalid, data-invalid and the
// message shown next to it when the field has a problem slot.
export function markField(input, message) {
  if (!input) return;
  input.toggleAttribute("data-invalid", !!message);
  if (message) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
  const slot = document.getElementById(`${input.id}-problem`);
  if (slot) { slot.textContent = message || ""; slot.hidden = !message; }
}

export const paramInput = (container, name) =>
  [...container.querySelectorAll("[name]")].find((el) => el.name === name) || null;

// {params: {name: value}, problems: Map name -> message}; every input read by its rule.
export function readParamForm(container, schema) {
  const params = {};
  const problems = new Map();
  for (const p of schema.params) {
    const input = paramInput(container, p.name);
    try {
      params[p.name] = values.param(p, p.type === "bool" ? input.checked : input.value);
    } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.set(p.name, err.message);
    }
  }
  return { params, problems };
}

export function lockForm(container, locked) {
  for (const el of container.querySelectorAll("input, select")) el.disabled = locked;
}

// Solver parameter forms built from the registry's schemas, and the checks a value from
// the form or a share link must pass (the same rules as py/sudoku_lab/solvers/params.py;
// Python checks again when a run starts).

export function buildParamForm(container, schema, values = {}) {
  container.replaceChildren();
  for (const p of schema.params) {
    const label = document.createElement("label");
    label.className = "param";
    label.title = p.help;
    const name = document.createElement("span");
    name.textContent = p.name;
    let input;
    if (p.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = values[p.name] ?? p.default;
    } else if (p.type === "choice") {
      input = document.createElement("select");
      for (const c of p.choices) {
        const o = document.createElement("option");
        o.value = c;
        o.textContent = c;
        input.appendChild(o);
      }
      input.value = values[p.name] ?? p.default;
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = p.type === "int" ? "1" : "any";
      if (p.min !== null) input.min = String(p.min);
      if (p.max !== null) input.max = String(p.max);
      input.value = String(values[p.name] ?? p.default);
    }
    input.name = p.name;
    input.setAttribute("data-testid", `param-${p.name}`);
    const help = document.createElement("small");
    help.textContent = p.help;
    label.append(name, input, help);
    container.appendChild(label);
  }
}

export function readParamForm(container, schema) {
  const out = {};
  for (const p of schema.params) {
    const input = container.querySelector(`[name="${CSS.escape(p.name)}"]`);
    out[p.name] = p.type === "bool" ? input.checked : input.value;
  }
  return checkParams(schema, out);
}

// Returns the typed values, or throws Error naming the parameter and what it must be.
export function checkParams(schema, raw) {
  const specs = new Map(schema.params.map((p) => [p.name, p]));
  const out = {};
  for (const [name, value] of Object.entries(raw)) {
    const p = specs.get(name);
    if (!p) throw new Error(`${schema.id} has no parameter '${name}'`);
    out[name] = coerce(p, value);
  }
  return out;
}

function coerce(p, raw) {
  const text = String(raw).trim();
  if (p.type === "bool") {
    if (raw === true || ["1", "true", "yes", "on"].includes(text.toLowerCase())) return true;
    if (raw === false || ["0", "false", "no", "off"].includes(text.toLowerCase())) return false;
    throw new Error(`parameter '${p.name}' must be true or false; got '${text}'`);
  }
  if (p.type === "choice") {
    if (!p.choices.includes(text)) throw new Error(`parameter '${p.name}' must be one of ${p.choices.join(", ")}; got '${text}'`);
    return text;
  }
  const v = text === "" ? NaN : Number(text);
  if (!Number.isFinite(v) || (p.type === "int" && !Number.isInteger(v))) {
    throw new Error(`parameter '${p.name}' must be ${p.type === "int" ? "a whole number" : "a number"}; got '${text}'`);
  }
  if ((p.min !== null && v < p.min) || (p.max !== null && v > p.max)) {
    throw new Error(`parameter '${p.name}' must be between ${p.min} and ${p.max}; got ${v}`);
  }
  return v;
}

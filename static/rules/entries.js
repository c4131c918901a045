// Race and experiment entries — a solver with its parameters and seed — and their form in a
// link (docs/design.md, "Share links"): e=<solver>:<seed>[:<param>=<value>…],… with only the
// parameters that differ from the paper's defaults. Read by the shared value rules.
import * as values from "./values.js";

export const MAX_ENTRIES = 5;

export function describe(entry, schema) {
  const changed = Object.entries(entry.params).filter(([k, v]) => v !== defaultOf(schema, k));
  return [entry.solver, `seed ${entry.seed}`, ...changed.map(([k, v]) => `${k}=${v}`)].join(" · ");
}

const defaultOf = (schema, name) => schema.params.find((p) => p.name === name)?.default;

export function encodeEntries(entries, schemas) {
  return entries.map((e) => {
    const schema = schemas.get(e.solver);
    const changed = Object.entries(e.params).filter(([k, v]) => v !== defaultOf(schema, k));
    return [e.solver, String(e.seed), ...changed.map(([k, v]) => `${k}=${v}`)].join(":");
  }).join(",");
}

// Entries from a link's e= text: {entries, problems: [message...]}; an entry with a problem
// is left out and its problem names it ("entry 2: ...").
export function decodeEntries(text, schemas) {
  const entries = [];
  const problems = [];
  text.split(",").forEach((part, i) => {
    const where = `entry ${i + 1}`;
    const [solver, seedText, ...pairs] = part.split(":");
    const schema = schemas.get(solver);
    if (!schema) {
      problems.push(`${where}: unknown solver ${values.quote(solver)}; choose one of: ${[...schemas.keys()].join(", ")}`);
      return;
    }
    const entry = { solver, seed: 0, params: Object.fromEntries(schema.params.map((p) => [p.name, p.default])) };
    try {
      entry.seed = values.seed(seedText ?? "");
      const seen = new Set();
      for (const pair of pairs) {
        const eq = pair.indexOf("=");
        const name = eq < 0 ? pair : pair.slice(0, eq);
        const spec = schema.params.find((p) => p.name === name);
        if (!spec) throw new values.ValueProblem(solver, `has no parameter ${values.quote(name)}`);
        if (seen.has(name)) throw new values.ValueProblem(`'${name}'`, "is given twice");
        seen.add(name);
        entry.params[name] = values.param(spec, eq < 0 ? "" : pair.slice(eq + 1));
      }
    } catch (err) {
      if (!(err instanceof values.ValueProblem)) throw err;
      problems.push(`${where}: ${err.message}`);
      return;
    }
    entries.push(entry);
  });
  return { entries, problems };
}

// The build's copy of the built-in solvers' schemas (buildtool/schemas.py), for what the page
// shows of a solver before Ready: the Solver form's parameter rows and citation, and the name of
// the "best" metric. They came with the worker's schemas at Ready and pushed the page ~180 px
// down. None when the build could not make the copy: then they come at Ready, as before.
import BUILT_INS from "../vendor/solvers.json" with { type: "json" };

// Reads the copy into the state (`builtSchemas`), once; a missing copy leaves it empty.
export function readBuiltSchemas(store) {
  fetch(new URL("../vendor/schemas.json", import.meta.url))
    .then((r) => (r.ok ? r.json() : [])).catch(() => [])
    .then((list) => { if (list.length) store.set({ builtSchemas: new Map(list.map((schema) => [schema.id, schema])) }); });
}

// The schema the page shows for the state `s`: the worker's once Ready; before, the build's of
// the link's solver, or of the first (the one the menu shows, chosen at Ready: missingSolverChoice).
export const shownSchema = (s) => (s.schemas.size ? s.schemas.get(s.settings.solver)
  : s.builtSchemas.get(s.settings.solver || BUILT_INS[0].id));

// Whether two schemas give the same parameter form (the build's and the worker's of one solver).
export const sameParams = (a, b) => !!a && !!b && a.id === b.id && JSON.stringify(a.params) === JSON.stringify(b.params);

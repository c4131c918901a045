// What a visitor's worker gives up before any visitor's code runs in it (docs/visitor-solver.md, "The
// trust boundary"): the network, the origin's storage, further workers and closing itself.
// worker.js calls lockDown() once Python is loaded, in a worker named VISITOR (python/visitor.js)
// and no other; a name it cannot remove fails the worker's load, so a visitor's code never runs
// in a worker that still holds one.
export const VISITOR = "visitor";

export const GIVEN_UP = Object.freeze([
  "fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource", "WebTransport", "importScripts",
  "Worker", "SharedWorker", "BroadcastChannel", "caches", "indexedDB", "navigator", "close",
]);

// Remove each name from the scope and every prototype it inherits from; throws when one remains.
export function lockDown(scope = globalThis) {
  for (const name of GIVEN_UP) {
    for (let o = scope; o; o = Object.getPrototypeOf(o)) {
      try { if (Object.prototype.hasOwnProperty.call(o, name)) delete o[name]; } catch { /* said below */ }
    }
    if (name in scope) throw new Error(`the visitor's worker could not give up ${name}`);
  }
}

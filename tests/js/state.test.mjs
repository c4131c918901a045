// The page's one state (static/state.js): listeners run in rounds until nothing changes, and a
// batch that never settles is an error naming what kept changing — never dropped unsaid.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createStore } from "../../static/state.js";

test("store: listeners that set state run in rounds until nothing changes", () => {
  const store = createStore({ a: 0, b: 0 });
  const seen = [];
  store.on(["a"], (s) => { if (s.a > 0 && s.a < 10) store.set({ a: s.a + 1 }); });
  store.on(["a"], (s) => store.set({ b: s.a * 2 }));
  store.on(["b"], (s) => seen.push(s.b));
  store.set({ a: 1 });
  store.flushNow();
  assert.equal(store.state.a, 10);
  assert.equal(store.state.b, 20);
  assert.equal(seen.at(-1), 20);
});

test("store: a batch still changing after 20 rounds throws, naming the keys", () => {
  const store = createStore({ a: 0, b: 0, c: 0 });
  store.on(["a"], (s) => { if (s.a > 0) store.set({ b: s.b + 1 }); });
  store.on(["b"], (s) => { if (s.b > 0) store.set({ a: s.a + 1 }); });
  store.set({ a: 1, c: 1 });
  assert.throws(() => store.flushNow(), (err) => /kept changing after 20 rounds/.test(err.message) && /: [ab] changed again/.test(err.message));
  // the store still works afterwards: a change that settles is heard
  let heard = null;
  store.on(["c"], (s) => { heard = s.c; });
  store.set({ c: 2 });
  store.flushNow();
  assert.equal(heard, 2);
});

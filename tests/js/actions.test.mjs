// What the actions do to the state (static/actions.js), under node with the page's own store.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createActions } from "../../static/actions.js";
import { createStore } from "../../static/state.js";
import { parsePuzzle } from "../../static/rules/parse.js";

const CLASH = "11" + ".".repeat(79);
const GOOD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

test("a new puzzle takes away the message the check gave of the one it replaces", () => {
  const store = createStore();
  const actions = createActions(store);
  actions.setPuzzle(parsePuzzle(CLASH));
  actions.notify("Nothing was started. The givens clash: row 1 has 1 twice.", "check");
  actions.setPuzzle(parsePuzzle(GOOD));
  assert.equal(store.state.notice, null);
  actions.notify("A marked setting: seed.", "problems");            // a message of another source stays
  actions.setPuzzle(parsePuzzle(CLASH));
  assert.equal(store.state.notice.source, "problems");
});

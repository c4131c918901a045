// The Generate form's field map is derived from the settings table (it was once written
// by hand in static/puzzle/generator.js): each field marks its own setting, and p a link's g= too.
import { test } from "node:test";
import assert from "node:assert/strict";

import { FIELDS } from "../../static/puzzle/generator.js";

test("generator fields: each Generate field marks its own key, p also the link's g", () => {
  assert.deepEqual(Object.fromEntries(FIELDS), {
    "generate-size": ["gsize"], "generate-p": ["gp", "g"], "generate-seed": ["gseed"], "generate-unique": ["gunique"],
  });
});

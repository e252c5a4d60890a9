// words.js: input quoted in messages (short, and never able to hide or turn the message), counts,
// capitals and side names.
import assert from "node:assert/strict";
import { test } from "node:test";

import { capitalise, pageTitle, plural, quote, quoteList, sideName } from "../../site/common/words.js";

test("quote: in quotes, long input cut short", () => {
  assert.equal(quote("lion"), '"lion"');
  assert.equal(quote("x".repeat(100)), `"${"x".repeat(39)}…"`);
  assert.equal(quote(42), '"42"');
});

test("quote: invisible characters are written as escapes, so a message reads as it is", () => {
  assert.equal(quote("\u202Eb1b1"), '"\\u202eb1b1"'); // a right-to-left override
  assert.equal(quote("a\u0000b\u200Bc\u2028"), '"a\\u0000b\\u200bc\\u2028"');
  assert.equal(quote("a\uD800"), '"a\\ud800"'); // a lone surrogate
});

test("quoteList: the first few items, then how many more", () => {
  assert.equal(quoteList(["z0"]), '"z0"');
  assert.equal(quoteList(["a", "b"]), '"a", "b"');
  const many = Array.from({ length: 5000 }, (_, i) => `z${i}`);
  assert.equal(quoteList(many), '"z0", "z1", "z2", "z3", "z4" and 4995 more');
  assert.ok(quoteList(many.map((s) => s.repeat(100))).length < 300);
});

test("plural, capitalise: a count with its word, a sentence's capital", () => {
  assert.deepEqual([0, 1, 2].map((n) => plural(n, "move")), ["0 moves", "1 move", "2 moves"]);
  assert.equal(capitalise("black wins"), "Black wins");
  assert.equal(capitalise(""), "");
});

test("sideName: the game's name for a side, or its id", () => {
  const info = { sides: [{ id: "b", name: "Black" }, { id: "g", name: "Green" }] };
  assert.equal(sideName(info, "g"), "Green");
  assert.equal(sideName(info, "x"), "x");
  assert.equal(sideName(undefined, "b"), "b"); // no game yet
});

test("a page's title ends with the site's name", () => {
  assert.equal(pageTitle("Lilypad"), "Lilypad · Kings & Soldiers");
  assert.equal(pageTitle("Puzzles", "3 Crowns"), "Puzzles · 3 Crowns · Kings & Soldiers");
});

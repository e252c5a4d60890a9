// review.js: walking a game's moves, playing from an earlier position, and Undo bringing back what
// a new line replaced.
import assert from "node:assert/strict";
import { test } from "node:test";

import { atEnd, lineOf, moveTo, played, shown, undone } from "../../site/review.js";

test("a line starts at its end; the cursor is clamped", () => {
  const line = lineOf(["a", "b", "c"]);
  assert.deepEqual(shown(line), ["a", "b", "c"]);
  assert.equal(atEnd(line), true);
  assert.deepEqual(shown(moveTo(line, 1)), ["a"]);
  assert.equal(moveTo(line, 99).cursor, 3);
  assert.equal(moveTo(line, -4).cursor, 0);
  assert.equal(lineOf(["a"], 2.5).cursor, 1);
});

test("playing at the end extends the line; playing the line's next move steps along it", () => {
  let line = played(lineOf(["a"]), "b");
  assert.deepEqual(line, { moves: ["a", "b"], cursor: 2, replaced: null });
  line = played(moveTo(line, 0), "a");
  assert.deepEqual(line, { moves: ["a", "b"], cursor: 1, replaced: null });
});

test("a different move from an earlier position starts a new line and keeps the old continuation", () => {
  const line = played(moveTo(lineOf(["a", "b", "c", "d"]), 1), "x");
  assert.deepEqual(line, { moves: ["a", "x"], cursor: 2, replaced: { at: 1, moves: ["b", "c", "d"] } });
  // Undo back to the branch point brings the old continuation back, and keeps the new one.
  const { line: back, restored } = undone(line, 1);
  assert.equal(restored, 3);
  assert.deepEqual(back, { moves: ["a", "b", "c", "d"], cursor: 1, replaced: { at: 1, moves: ["x"] } });
  // Redo (moving the cursor on) then walks the old line.
  assert.deepEqual(shown(moveTo(back, 4)), ["a", "b", "c", "d"]);
});

test("undo that stops short of the branch point restores nothing", () => {
  const line = played(played(moveTo(lineOf(["a", "b", "c"]), 1), "x"), "y");
  const { line: back, restored } = undone(line, 2);
  assert.equal(restored, 0);
  assert.deepEqual(back.moves, ["a", "x", "y"]);
  assert.equal(back.cursor, 2);
});

// game/line.js: walking a game's moves, playing from an earlier position, Undo bringing back what a
// new line replaced, and how the line ends.
import assert from "node:assert/strict";
import { test } from "node:test";

import { atEnd, declaredEnd, endedBy, endOf, isOver, lineOf, moveTo, played, showsResult, shown, undone } from "../../site/game/line.js";

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
  assert.deepEqual(line, { moves: ["a", "b"], cursor: 2, replaced: null, end: null });
  line = played(moveTo(line, 0), "a");
  assert.deepEqual(line, { moves: ["a", "b"], cursor: 1, replaced: null, end: null, takenBack: false });
});

test("a different move from an earlier position starts a new line and keeps the old continuation", () => {
  const line = played(moveTo(lineOf(["a", "b", "c", "d"]), 1), "x");
  assert.deepEqual(line, { moves: ["a", "x"], cursor: 2, replaced: { at: 1, moves: ["b", "c", "d"] }, end: null });
  // Undo back to the branch point brings the old continuation back, and keeps the new one.
  const { line: back, restored } = undone(line, 1);
  assert.equal(restored, 3);
  assert.deepEqual(back, { moves: ["a", "b", "c", "d"], cursor: 1, replaced: { at: 1, moves: ["x"] }, end: null, takenBack: true });
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

test("a finished game stays finished while the board shows an earlier move, until its moves change", () => {
  const won = { result: "b", resultText: "Black wins", resultReason: "Black's King reached its last row." };
  let line = endedBy(lineOf(["a", "b"]), won);
  assert.equal(isOver(line), true);
  assert.deepEqual(line.end, endOf(won));
  line = moveTo(line, 0); // Review: back to the start
  assert.equal(isOver(endedBy(line, { result: null })), true); // the start's state does not end it
  assert.equal(isOver(played(line, "a")), true); // the line's own next move: the same game
  assert.equal(played(line, "x").end, null); // another move: a new line, its end not known yet
  assert.equal(isOver(endedBy(played(line, "x"), { result: null })), false);
  assert.equal(isOver(lineOf(["a"])), false);
  assert.deepEqual(endOf({ result: "draw" }), { result: "draw", resultText: null, resultReason: null });
});

test("the result is shown while looking back, not after Undo takes moves back to play on", () => {
  const line = endedBy(lineOf(["a", "b"]), { result: "g" });
  assert.equal(showsResult(line), true);
  assert.equal(showsResult(moveTo(line, 1)), true); // Review
  const { line: back } = undone(line, 1);
  assert.equal(showsResult(back), false); // Undo
  assert.equal(isOver(back), true); // the line, with its last move for Redo, still ends so
  assert.equal(showsResult(moveTo(back, 2)), true); // Redo to the end
});

test("an imported record's declared result ends its game, and stays at the line's end", () => {
  const sides = [{ id: "b", name: "Black" }, { id: "g", name: "Green" }];
  assert.equal(declaredEnd("0-1", "Green wins", sides).result, "g");
  assert.equal(declaredEnd("1-0", null, sides).resultText, "1-0");
  assert.equal(declaredEnd("1/2-1/2", "Drawn", sides).result, "draw");
  for (const other of ["*", null, "2-0", "__proto__"]) assert.equal(declaredEnd(other, null, sides), null, String(other));
  const line = lineOf(["a"], 1, declaredEnd("0-1", "Green wins", sides));
  assert.equal(endedBy(line, { result: null }).end.result, "g"); // Python's open end does not undo it
});

// speech.js: moves and positions in words, from Python's move data and piece names.
import assert from "node:assert/strict";
import { test } from "node:test";

import { describeMove, describePosition } from "../../site/board/speech.js";

const info = {
  sides: [{ id: "b", name: "Black" }, { id: "g", name: "Green" }],
  pieces: {
    b: { side: "b", name: "Black soldier" },
    B: { side: "b", name: "Black King" },
    g: { side: "g", name: "Green soldier" },
    G: { side: "g", name: "Green King" },
  },
};

test("a step, a capture chain and a drop", () => {
  assert.equal(describeMove({ text: "g4-f3", path: ["g4", "f3"], removed: [] }, { g4: "b" }, info), "Black soldier g4 to f3.");
  assert.equal(
    describeMove({ text: "g2:e4:g6", path: ["g2", "e4", "g6"], removed: ["f3", "f5"] }, { g2: "g", f3: "b", f5: "B" }, info),
    "Green soldier g2 to e4, g6, takes Black soldier f3 and Black King f5.",
  );
  assert.equal(describeMove({ text: "K@c8", path: ["c8"], removed: [] }, { c8: "b" }, info), "Black soldier c8 (K@c8).");
  // The drop as Python sends it: the letter it lands as.
  assert.equal(describeMove({ text: "K@c8", path: ["c8"], removed: [], lands: "B" }, { c8: "b" }, info), "Black soldier c8 becomes Black King (K@c8).");
  assert.equal(describeMove({ text: "g4-f3", path: ["g4", "f3"], removed: [], lands: "b" }, { g4: "b" }, info), "Black soldier g4 to f3.");
  // A hostile or unknown letter names nothing.
  for (const lands of ["__proto__", "constructor", "Q", 5]) {
    assert.equal(describeMove({ text: "K@c8", path: ["c8"], removed: [], lands }, { c8: "b" }, info), "Black soldier c8 (K@c8).", String(lands));
  }
  assert.equal(
    describeMove({ text: "d6:d4:b2", path: ["d6", "d4", "b2"], removed: [], changed: { c3: "g" } }, { d6: "B", c3: "G" }, info),
    "Black King d6 to d4, b2, Green King c3 becomes Green soldier.",
  );
});

test("a position by side, pieces grouped by kind in the game's order, squares in board order", () => {
  const board = { c8: "B", a6: "b", c6: "b", f1: "G" };
  assert.equal(describePosition(board, info, "g"), "Black: 2 soldiers a6 and c6; King c8. Green: King f1. Green to move.");
  assert.equal(describePosition({}, info, "b"), "Black: no pieces. Green: no pieces. Black to move.");
});

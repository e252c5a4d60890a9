// variations.js: the analysis board's tree of moves: adding, walking, promoting and deleting
// variations, and the reading order the move list shows.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addMove, has, layout, lineFrom, lines, mainLine, movesTo, nodeAt, nodeOf, onMainLine, promote, remove, sizeFrom, treeOf } from "../../site/analysis/variations.js";

const texts = (tree, ids) => ids.map((id) => nodeAt(tree, id).move);

test("a game's moves become the main line; each node knows the moves to it", () => {
  const tree = treeOf(["a", "b", "c"]);
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "b", "c"]);
  const [, b] = mainLine(tree);
  assert.deepEqual(movesTo(tree, b), ["a", "b"]);
  assert.deepEqual(movesTo(tree, 0), []);
  assert.equal(nodeAt(tree, b).ply, 2);
  assert.equal(onMainLine(tree, b), true);
});

test("a new move from an earlier position is a variation; the main line is kept", () => {
  const tree = treeOf(["a", "b", "c"]);
  const [a] = mainLine(tree);
  const x = addMove(tree, a, "x");
  const y = addMove(tree, x, "y");
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "b", "c"]);
  assert.deepEqual(movesTo(tree, y), ["a", "x", "y"]);
  assert.equal(onMainLine(tree, y), false);
  assert.deepEqual(texts(tree, lineFrom(tree, a)), ["b", "c"]);
  // Playing a move that is there already goes to it, never a copy.
  assert.equal(addMove(tree, a, "x"), x);
  assert.equal(addMove(tree, 0, "a"), a);
  assert.equal(nodeAt(tree, a).children.length, 2);
});

test("the move list reads the main line with variations nested where they branch", () => {
  const tree = treeOf(["a", "b", "c"]);
  const [a, b] = mainLine(tree);
  const x = addMove(tree, a, "x");
  addMove(tree, x, "y");
  addMove(tree, x, "z");
  addMove(tree, b, "w");
  const read = (items) => items.map((item) => (item.variation ? `(${read(item.variation)})` : item.move)).join(" ");
  assert.equal(read(layout(tree)), "a b (x y (z)) c (w)");
  assert.deepEqual(layout(tree)[0], { id: a, move: "a", ply: 1 });
});

test("promoting a variation makes it the first line where it branches, one level at a time", () => {
  const tree = treeOf(["a", "b", "c"]);
  const [a] = mainLine(tree);
  const x = addMove(tree, a, "x");
  const y = addMove(tree, x, "y");
  const z = addMove(tree, x, "z");
  // z branches off inside the variation x y: promoting it lifts it there first...
  assert.equal(promote(tree, z), true);
  assert.deepEqual(texts(tree, lineFrom(tree, x)), ["z"]);
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "b", "c"]);
  // ...then into the main line, which keeps the old main line as a variation.
  assert.equal(promote(tree, z), true);
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "x", "z"]);
  assert.equal(onMainLine(tree, z), true);
  assert.equal(onMainLine(tree, y), false);
  assert.equal(promote(tree, z), false);
  assert.deepEqual(movesTo(tree, y), ["a", "x", "y"]);
});

test("deleting a move deletes what follows it and returns where the board goes", () => {
  const tree = treeOf(["a", "b", "c"]);
  const [a, b, c] = mainLine(tree);
  const x = addMove(tree, a, "x");
  const y = addMove(tree, x, "y");
  assert.equal(sizeFrom(tree, b), 2);
  assert.equal(remove(tree, x), a);
  assert.equal(has(tree, x), false);
  assert.equal(has(tree, y), false);
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "b", "c"]);
  // Deleting a main-line move lets its next variation take its place.
  const w = addMove(tree, a, "w");
  assert.equal(remove(tree, b), a);
  assert.equal(has(tree, c), false);
  assert.deepEqual(texts(tree, mainLine(tree)), ["a", "w"]);
  assert.equal(onMainLine(tree, w), true);
  assert.throws(() => remove(tree, 0), /start position/);
  assert.throws(() => movesTo(tree, c), RangeError);
  assert.equal(has(tree, "0"), false);
});

test("a tree's lines, added in turn to a new tree, make the same tree; nodeOf follows a line", () => {
  const tree = treeOf(["a", "b", "c"]);
  const x = addMove(tree, 1, "x");
  addMove(tree, x, "y");
  addMove(tree, 0, "p");
  addMove(tree, 2, "q");
  assert.deepEqual(lines(tree), [["a", "b", "c"], ["a", "b", "q"], ["a", "x", "y"], ["p"]]);
  const again = treeOf();
  for (const line of lines(tree)) line.reduce((id, move) => addMove(again, id, move), 0);
  assert.deepEqual(lines(again), lines(tree));
  assert.equal(nodeOf(tree, ["a", "x"]), x);
  assert.equal(nodeOf(tree, []), 0);
  assert.equal(nodeOf(tree, ["a", "z"]), null);
  assert.deepEqual(lines(treeOf()), [[]]);
});

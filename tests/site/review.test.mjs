// review.js: walking a game's moves, playing from an earlier position, and Undo bringing back what
// a new line replaced. gamereview.js: a game review's answer as the page shows it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { better, graphMarkup, plyAt, readReview, sideSummary } from "../../site/analysis/gamereview.js";
import { atEnd, declaredEnd, endedBy, endOf, isOver, lineOf, moveTo, played, showsResult, shown, undone } from "../../site/game/review.js";

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

// gamereview.js: Python's review answer checked (hostile fields dropped), each side's figures in
// words, the graph drawn from the expected results, and which evaluation of a position counts.

const ANSWER = {
  moves: [
    { ply: 1, side: "b", move: "K@c8", before: 0.5, after: 0.49, loss: 0.01, accuracy: 95.1, grade: null, sign: "", words: "" },
    { ply: 2, side: "g", move: "K@f1", before: 0.51, after: 0.3, loss: 0.21, accuracy: 40.2, grade: "blunder", sign: "??", words: "Blunder: Green's chances 51% before it, 30% after." },
    { ply: 3, side: "b", move: "c6-d5", before: 0.7, after: 0.7, loss: 0, accuracy: 100, grade: "only-move", sign: "!", words: "Only move: the one move that forces a win in 2." },
  ],
  sides: [
    { side: "b", name: "Black", accuracy: 97.55, inaccuracies: 0, mistakes: 0, blunders: 0 },
    { side: "g", name: "Green", accuracy: 40.2, inaccuracies: 1, mistakes: 2, blunders: 1 },
  ],
  expected: [0.5, 0.51, 0.7, 0.7],
};

test("a review answer is read: graded moves by ply, each side's figures, the first side's expected results", () => {
  const review = readReview(ANSWER, 3);
  assert.deepEqual([...review.marks.keys()], [2, 3]);
  assert.deepEqual(review.marks.get(2), { ply: 2, grade: "blunder", sign: "??", words: "Blunder: Green's chances 51% before it, 30% after." });
  assert.equal(sideSummary(review.sides[0]), "Black: 98% accuracy; no inaccuracies, no mistakes, no blunders.");
  assert.equal(sideSummary(review.sides[1]), "Green: 40% accuracy; 1 inaccuracy, 2 mistakes, 1 blunder.");
  assert.equal(sideSummary({ name: "Green", accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0 }), "Green: no move graded; no inaccuracies, no mistakes, no blunders.");
});

test("a hostile review answer: unknown grades, plies out of range, bad figures and long words are not drawn", () => {
  assert.equal(readReview(null, 3), null);
  assert.equal(readReview({ ...ANSWER, expected: [0.5] }, 3), null); // not this game's positions
  const hostile = {
    moves: [{ ply: 9, grade: "blunder" }, { ply: 1, grade: "<script>" }, { ply: "2", grade: "mistake" }, { ply: 2, grade: "mistake", sign: "?????", words: "x".repeat(5000) }],
    sides: [{ name: 3, accuracy: 140, inaccuracies: -1, mistakes: 1.5, blunders: "2" }],
    expected: [0.5, Number.NaN, 2, "0.1"],
  };
  const review = readReview(hostile, 3);
  assert.deepEqual([...review.marks.keys()], [2]);
  assert.equal(review.marks.get(2).sign, "??");
  assert.equal(review.marks.get(2).words.length, 400);
  assert.deepEqual(review.sides, [{ name: "", accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0 }]);
  assert.deepEqual(review.expected, [0.5, null, null, null]);
});

test("the graph draws the first side's expected result, graded moves as dots, and maps a click back to a move", () => {
  const svg = graphMarkup([0.75, 0.25, 0], [{ ply: 1, grade: "blunder" }, { ply: 2, grade: "bogus" }], 2);
  assert.match(svg, /points="0,20 150,60 300,80"/);
  assert.match(svg, /<circle class="graph-mark graph-blunder" data-ply="1" cx="150" cy="60"/);
  assert.doesNotMatch(svg, /bogus/);
  assert.match(svg, /<line class="graph-cursor" x1="300"/);
  assert.equal(plyAt(0.49, 10), 5);
  assert.equal(plyAt(1.3, 10), 10);
  assert.equal(plyAt(-1, 10), 0);
});

test("of two evaluations of a position, a proof counts first, then the deeper search", () => {
  const quick = { value: 0.2, winIn: null, expected: 0.6, depth: 3 };
  const deep = { value: 0.5, winIn: null, expected: 0.75, depth: 9 };
  const proof = { value: 1, winIn: 17, expected: 1, depth: 2 };
  assert.equal(better(quick, deep), deep);
  assert.equal(better(deep, quick), deep);
  assert.equal(better(deep, proof), proof);
  const draw = { value: 0, winIn: null, expected: 0.5, depth: 2, draw: true };
  assert.equal(better(deep, draw), draw); // every line seen to its end
  assert.equal(better(draw, deep), draw);
  assert.equal(better(null, quick), quick);
  assert.equal(better(quick, undefined), quick);
  assert.equal(better(null, null), null);
});

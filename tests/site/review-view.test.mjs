// review-view.js: a game review's answer as the page shows it: read and checked, the graph, which of two
// evaluations counts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { better, graphMarkup, plyAt, readReview, sideSummary } from "../../site/analysis/review-view.js";

const ANSWER = {
  moves: [
    { ply: 1, side: "b", move: "K@c8", before: 0.5, after: 0.49, loss: 0.01, accuracy: 95.1, grade: null, sign: "", words: "" },
    { ply: 2, side: "g", move: "K@f1", before: 0.51, after: 0.3, loss: 0.21, accuracy: 40.2, grade: "blunder", sign: "??", words: "Blunder: K@b1 was better (Green's chances 51% after it, 30% after this move).", better: "K@b1" },
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
  assert.deepEqual(review.marks.get(2), { ply: 2, grade: "blunder", sign: "??", words: "Blunder: K@b1 was better (Green's chances 51% after it, 30% after this move).", better: "K@b1" });
  assert.equal(review.marks.get(3).better, null);
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
  assert.equal(readReview({ ...ANSWER, moves: [{ ply: 1, grade: "blunder", better: { move: 1 } }] }, 3).marks.get(1).better, null);
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

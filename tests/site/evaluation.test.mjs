// evalbar.js and gamereview.js: an evaluation in words (a proven result counted in the side's own
// moves), worker answers checked, and a game review's marked moves.
import assert from "node:assert/strict";
import { test } from "node:test";

import { evaluationText, evaluationWords, ownMoves, readEvaluation } from "../../site/evalbar.js";
import { graphMarkup, judgeMoves, markWords, plyAt } from "../../site/gamereview.js";

test("a proven result is counted in the side's own moves; other values as signed numbers", () => {
  assert.deepEqual([1, 2, 3, 4, 5].map(ownMoves), [1, 1, 2, 2, 3]);
  assert.equal(evaluationText({ value: 1, winIn: 3 }), "wins in 2");
  assert.equal(evaluationText({ value: -1, winIn: -2 }), "loses in 1");
  assert.equal(evaluationText({ value: 0.4213, winIn: null }), "+0.42");
  assert.equal(evaluationText({ value: -0.1, winIn: null }), "−0.10");
  assert.equal(evaluationText({ value: -0.001, winIn: null }), "0.00");
  assert.equal(evaluationWords({ value: 1, winIn: 1 }, "Green"), "Green wins in 1 move, whatever the other side does.");
  assert.equal(evaluationWords({ value: -0.5, winIn: null }, "Black"), "−0.50 for Black (worse for Black).");
});

test("a worker's answer is read only when it is a value in [-1, 1] and a proof that agrees with it", () => {
  assert.deepEqual(readEvaluation({ value: 0.25, win_in: null }), { value: 0.25, winIn: null });
  assert.deepEqual(readEvaluation({ value: -1, win_in: -4 }), { value: -1, winIn: -4 });
  for (const bad of [null, {}, { value: "0.5" }, { value: 2 }, { value: Number.NaN }, { value: 1, win_in: -3 }, { value: 1, win_in: 1.5 }, { value: 0.5, win_in: 0 }]) {
    assert.equal(readEvaluation(bad), null, JSON.stringify(bad));
  }
});

const e = (value, winIn = null) => ({ value, winIn });

test("a review marks the moves after which the mover's value fell clearly, and missed proven wins", () => {
  // Position values for the side to move; the mover's value after a move is minus the next one.
  const evaluations = [e(0.1), e(-0.05), e(0.0), e(0.6), e(1, 3), e(-0.2), e(0.1), e(-1, -2)];
  const marks = judgeMoves(evaluations);
  assert.deepEqual(
    marks.map(({ ply, kind }) => [ply, kind]),
    [
      [3, "blunder"], // 0.00 -> -0.60 for the mover of move 3
      [4, "blunder"], // +0.60 -> a proven loss
      [5, "missed-win"], // a proven win, then +0.20 for the same side: not proven any more
    ],
  );
  // The moves that only keep a proven result are never marked.
  assert.deepEqual(judgeMoves([e(1, 3), e(-1, -2), e(1, 1)]), []);
  assert.deepEqual(judgeMoves([e(0.2), e(0.15)]).map((m) => m.kind), ["mistake"]);
  assert.deepEqual(judgeMoves([e(0.2), null, e(0.9)]), []);
  // A win played out: the game over, the loser to move.
  assert.deepEqual(judgeMoves([e(1, 1), { value: -1, winIn: null, over: true }]), []);
  assert.deepEqual(judgeMoves([e(1, 3), { value: 0, winIn: null, over: true }]).map((m) => m.kind), ["missed-win"]);
  const [blunder] = marks;
  const format = (v) => (v >= 0 ? `+${v.toFixed(2)}` : `−${(-v).toFixed(2)}`);
  assert.equal(markWords(blunder, "Green", format), "Blunder: Green's evaluation fell from +0.00 to −0.60.");
  assert.match(markWords(marks[2], "Black", format), /^Missed win: Black had a forced win here and let it go/);
});

test("the graph draws the first side's view, marks as dots, and maps a click back to a move", () => {
  const svg = graphMarkup([e(0.5), e(0.5), e(-1, -1)], [true, false, true], [{ ply: 1, kind: "blunder" }], 2);
  assert.match(svg, /points="0,20 150,60 300,80"/);
  assert.match(svg, /<circle class="graph-mark graph-blunder" data-ply="1" cx="150" cy="60"/);
  assert.match(svg, /<line class="graph-cursor" x1="300"/);
  assert.equal(plyAt(0.49, 10), 5);
  assert.equal(plyAt(1.3, 10), 10);
  assert.equal(plyAt(-1, 10), 0);
});

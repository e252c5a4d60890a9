// evalbar.js: an evaluation in words (a proven result counted in the side's own moves), and worker
// answers checked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { evaluationText, evaluationWords, ownMoves, readEvaluation } from "../../site/common/evalbar.js";

test("a proven result is counted in the side's own moves; other values as signed numbers", () => {
  assert.deepEqual([1, 2, 3, 4, 5].map(ownMoves), [1, 1, 2, 2, 3]);
  assert.equal(evaluationText({ value: 1, winIn: 3 }), "wins in 2");
  assert.equal(evaluationText({ value: -1, winIn: -2 }), "loses in 1");
  assert.equal(evaluationText({ value: 0.4213, winIn: null }), "+0.42");
  assert.equal(evaluationText({ value: -0.1, winIn: null }), "−0.10");
  assert.equal(evaluationText({ value: -0.001, winIn: null }), "0.00");
  assert.equal(evaluationWords({ value: 1, winIn: 1 }, "Green"), "Green wins in 1 move, whatever the other side does.");
  assert.equal(evaluationWords({ value: -0.5, winIn: null }, "Black"), "−0.50 for Black (worse for Black).");
  assert.equal(evaluationText({ value: 0, winIn: null, draw: true }), "draw");
  assert.equal(evaluationText({ value: 0, winIn: null, draw: false }), "0.00");
  assert.match(evaluationWords({ value: 0, winIn: null, draw: true }, "Green"), /^A draw with best play/);
});

test("a worker's answer is read only when it is a value in [-1, 1], a proof that agrees with it and an expected result", () => {
  assert.deepEqual(readEvaluation({ value: 0.25, win_in: null, expected: 0.625 }), { value: 0.25, winIn: null, expected: 0.625, draw: false });
  assert.deepEqual(readEvaluation({ value: -1, win_in: -4, expected: 0 }), { value: -1, winIn: -4, expected: 0, draw: false });
  assert.deepEqual(readEvaluation({ value: 0, win_in: null, draw: true, expected: 0.5 }), { value: 0, winIn: null, expected: 0.5, draw: true });
  // Each bad in one way only: the others carry a good expected result.
  const bad = [null, ...[{}, { value: "0.5" }, { value: 2 }, { value: Number.NaN }, { value: 1, win_in: -3 }, { value: 1, win_in: 1.5 }, { value: 0.5, win_in: 0 }, { value: 0.1, draw: true }, { value: 1, win_in: 1, draw: true }].map((b) => ({ expected: 0.5, ...b }))];
  bad.push({ value: 0.5 }, { value: 0.5, expected: 1.2 }, { value: 0.5, expected: "0.75" }, { value: 0.5, expected: Number.NaN });
  for (const answer of bad) {
    assert.equal(readEvaluation(answer), null, JSON.stringify(answer));
  }
});

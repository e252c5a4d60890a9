// answers.js: the worker's state answers are checked for shape before a view draws them; one that
// is damaged is refused in words, whatever is wrong with it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkAnswer, isState } from "../../site/engine/answers.js";

// A "play" answer as the bridge gives it (three-crowns, a1-b2; its lists cut short).
const move = (text, path) => ({ text, path, removed: [], changed: {}, jumped: [], lands: "b", after: "x" });
const STATE = {
  game: "three-crowns",
  variant: null,
  start: "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 0",
  history: ["a1-b2"],
  position: "bgb2bgb/8/g6g/b6b/g6g/b6b/1g6/1bg2gbg b b2 1",
  turn: "b",
  result: null,
  resultText: "in progress",
  resultReason: null,
  board: { a8: "b", b8: "g", c8: "b" },
  moves: [move("a3-a2", ["a3", "a2"]), move("a3-b3", ["a3", "b3"])],
  lastMove: move("a1-b2", ["a1", "b2"]),
  status: { notes: ["Green 10 stones, Black 10 stones (7 loses)."], marks: [] },
};

test("a state answer of the bridge's shape is passed on as it is", () => {
  assert.equal(checkAnswer({ op: "play" }, STATE), STATE);
  assert.equal(checkAnswer({ op: "state" }, { ...STATE, lastMove: null, history: [], result: "g" }).result, "g");
  assert.equal(checkAnswer({ op: "games" }, { anything: 1 }).anything, 1); // answers of other shapes are checked where used
});

test("a damaged state answer is refused in words, whatever is wrong", () => {
  const damaged = [
    {},
    null,
    { ...STATE, history: 5 },
    { ...STATE, history: [1] },
    { ...STATE, board: null },
    { ...STATE, board: { a1: 3 } },
    { ...STATE, moves: [{ text: "a3-a2" }] },
    { ...STATE, moves: "a3-a2" },
    { ...STATE, turn: undefined },
    { ...STATE, position: 7 },
    { ...STATE, lastMove: { path: "a1" } },
    { ...STATE, result: 1 },
  ];
  for (const answer of damaged) {
    assert.equal(isState(answer), false, JSON.stringify(answer)?.slice(0, 80));
    assert.throws(() => checkAnswer({ op: "play" }, answer), { message: /the rules engine gave an answer this page cannot use/ });
  }
});

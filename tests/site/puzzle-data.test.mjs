// puzzle-data.js: what a hash asks for, the worker's list checked before use, names, the next puzzle.
// (Judging moves is Python's: tests/test_bridge.py, tests/test_puzzles.py.)
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkPuzzles, puzzleName, readPuzzleHash } from "../../site/puzzles/puzzle-data.js";

test("hashes: the list of a game, the list, one puzzle; other hashes are not this view's", () => {
  assert.deepEqual(readPuzzleHash("#puzzles"), { game: null });
  assert.deepEqual(readPuzzleHash("#puzzles="), { game: null });
  assert.deepEqual(readPuzzleHash("#puzzles=lion"), { game: "lion" });
  assert.deepEqual(readPuzzleHash("#puzzle=lion-03"), { id: "lion-03" });
  assert.deepEqual(readPuzzleHash("#puzzle=nope"), { id: "nope" });
  assert.deepEqual(readPuzzleHash("#puzzle="), { game: null });
  assert.deepEqual(readPuzzleHash("#puzzle"), { game: null });
  assert.deepEqual(readPuzzleHash("#puzzle=%E2%9C%93"), { id: "✓" });
  assert.deepEqual(readPuzzleHash("#puzzle=%E2%9C"), { id: "%E2%9C" }); // a broken escape names nothing
  assert.deepEqual(readPuzzleHash("#streak"), { mode: "streak" });
  assert.deepEqual(readPuzzleHash("#daily"), { mode: "daily" });
  for (const hash of ["", "#", "#library", "#game=lion", "#puzzlesx", "#rules=lion", "#apuzzle=x", "#streaks", "#daily=1"]) {
    assert.equal(readPuzzleHash(hash), null, hash);
  }
});

const good = (id, extra = {}) => ({ id, title: "King home in 2", game: "lilypad", variant: null, position: "8/8/8/8/2b5/1B1b1g2/8/1g5g b -", moves: 2, rating: 900, themes: ["King home"], ...extra });

test("the worker's list is checked: ids, text, numbers, known games, each id once", () => {
  const known = (game, variant) => game === "lilypad" && variant === null;
  const answer = {
    puzzles: [
      good("lilypad-01"),
      good("lilypad-01", { title: "again" }),
      good("lilypad-02", { game: "chess" }),
      good("lilypad-03", { variant: "invisible-city" }),
      good("lilypad-04", { moves: 2.5 }),
      good("lilypad-05", { moves: "2" }),
      good("lilypad-06", { title: "" }),
      good("lilypad-07", { position: 3 }),
      good("lilypad-11", { rating: "900" }),
      good("lilypad-12", { rating: Number.POSITIVE_INFINITY }),
      good("lilypad-13", { themes: "King home" }),
      good("lilypad-14", { themes: [""] }),
      good("lilypad-15", { themes: [3] }),
      good("<img src=x>-08"),
      good("constructor"),
      null,
      "lilypad-09",
      good("lilypad-10"),
    ],
  };
  assert.deepEqual(checkPuzzles(answer, known).map((p) => p.id), ["lilypad-01", "lilypad-10"]);
  for (const bad of [null, {}, { puzzles: "x" }, { puzzles: { 0: good("lilypad-01") } }]) assert.deepEqual(checkPuzzles(bad, known), []);
});

test("names drop the 'in N' the list shows apart", () => {
  assert.equal(puzzleName(good("lilypad-01", { title: "King home in 2 (Kings and Soldiers page, diagram 2)" })), "King home (Kings and Soldiers page, diagram 2)");
  assert.equal(puzzleName(good("lion-01", { title: "Take the Lion in 3", moves: 3 })), "Take the Lion");
  assert.equal(puzzleName(good("lion-01", { title: "Win in 12 moves", moves: 1 })), "Win in 12 moves");
});

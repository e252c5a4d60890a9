import assert from "node:assert/strict";
import { test } from "node:test";
import { readWork, workText } from "../../site/editor/editor-state.js";

const info = { squares: ["a1", "c3", "e5", "b2"].map((name) => ({ name })), pieces: { S: { side: 0 }, K: { side: 0 }, s: { side: 1 } } };
const empty = { board: {}, turn: 0, moved: [], charges: [] };
const expected = { hash: "#editor=lilypad&start=x", game: "lilypad", variant: null, empty, info };
const ed = { game: "lilypad", variant: null, setup: { board: { a1: "S", c3: "S", e5: "S" }, turn: 1, moved: ["a1"], charges: [{ square: "c3", count: 2 }] } };

test("a set-up the editor refuses comes back after a reload, at the same address", () => {
  const text = workText(expected.hash, ed);
  assert.deepEqual(readWork(text, expected), ed.setup);
  assert.notEqual(readWork(text, expected), ed.setup, "a copy");
});

test("kept work is for its own address, game and variant only", () => {
  const text = workText(expected.hash, ed);
  assert.equal(readWork(text, { ...expected, hash: "#editor=lilypad" }), null);
  assert.equal(readWork(text, { ...expected, game: "lion" }), null);
  assert.equal(readWork(text, { ...expected, variant: "small" }), null);
  assert.equal(readWork(null, expected), null);
});

test("kept work is read back as hostile text: unknown squares, pieces and fields are left out, bad shapes replaced", () => {
  for (const text of ["", "{", "null", "[]", '"x"', "1".repeat(200_000), JSON.stringify({ ...JSON.parse(workText(expected.hash, ed)), setup: [] })]) {
    assert.equal(readWork(text, expected), null, text.slice(0, 40));
  }
  const hostile = JSON.stringify({
    hash: expected.hash,
    game: "lilypad",
    variant: null,
    setup: {
      board: { a1: "S", z9: "S", c3: "Q", e5: { x: 1 }, __proto__x: "S", b2: "toString" },
      turn: { evil: true },
      moved: [[1, [2]]],
      charges: "nope",
      extra: "dropped",
    },
  });
  assert.deepEqual(readWork(hostile, expected), { board: { a1: "S" }, turn: 0, moved: [], charges: [] });
  const proto = `{"hash":"${expected.hash}","game":"lilypad","variant":null,"setup":{"board":{"__proto__":{"a1":"S"}},"__proto__":{"turn":5}}}`;
  const read = readWork(proto, expected);
  assert.deepEqual(read, { board: {}, turn: 0, moved: [], charges: [] });
  assert.equal({}.a1, undefined);
});

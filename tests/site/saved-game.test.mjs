// saved-game.js: a library entry's shape, checked field by field. A damaged drawing, date or
// import is dropped (the record is what counts); a damaged record makes the entry unreadable
// (storage.test.mjs: it is then kept and listed, never removed).
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkEntry, checkRecord, isBegun } from "../../site/common/saved-game.js";

const record = (game, moves = []) => ({ game, variant: null, start: null, moves });
const entry = (id, game, moves = [], extra = {}) => ({ id, record: record(game, moves), updated: "2026-11-23T10:00:00.000Z", ...extra });
const read = (value) => checkEntry(value.id, value);

test("an entry is read back with every field checked", () => {
  const a = read(entry("a1", "lilypad", ["K@c8"], { board: { c8: "B" }, mode: "play-0", level: 3 }));
  assert.deepEqual(a.record, record("lilypad", ["K@c8"]));
  assert.deepEqual(a.board, { c8: "B" });
  assert.equal(a.cursor, 1);
  assert.equal(a.mode, "play-0");
  assert.equal(a.level, 3);
  for (const level of [0, 10, 2.5, "3"]) assert.equal(read(entry("a", "lilypad", [], { level })).level, null, String(level));
});

test("an entry filed under another id, or under a name that is not an id, is refused in plain words", () => {
  assert.throws(() => checkEntry("b", entry("a", "lilypad")), /does not match where it is filed/);
  assert.throws(() => checkEntry("a b", entry("a b", "lilypad")), /does not match where it is filed/);
  assert.throws(() => checkEntry("a", null), /not a saved game/);
});

test("a missing or damaged drawing is dropped, not reported: the record is what counts", () => {
  for (const board of [undefined, null, "a string", [1, 2], { c8: "<img>" }, { "not a square": "B" }]) {
    const a = read(entry("a", "lilypad", ["K@c8"], { board, lastMove: 7 }));
    assert.equal(a.board, null, JSON.stringify(board));
    assert.equal(a.lastMove, null);
  }
});

test("dates are kept as ISO strings, whatever was written (the export cuts its Date from them)", () => {
  const a = read(entry("a", "lilypad", [], { updated: "2026/11/20", created: "Nov 19 2026 10:00" }));
  assert.match(a.updated, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.match(a.created, /^\d{4}-\d\d-\d\dT/);
  assert.match(read(entry("b", "lilypad", [], { updated: "+100000-01-01T00:00:00Z" })).updated, /^\d{4}-/);
});

test("what an imported record said is kept, checked", () => {
  const imported = { moves: ["K@c8"], tags: { Black: "Ann", Green: "Bob", Date: "2026-11-20", Game: "x", "bad name": "y" }, comments: { 0: "start", 1: "good", 7: "past the end" }, result: "0-1", resultText: "Green wins" };
  const a = read(entry("a", "lilypad", ["K@c8"], { imported }));
  assert.deepEqual(a.imported, { moves: ["K@c8"], tags: { Black: "Ann", Green: "Bob", Date: "2026-11-20" }, comments: { 0: "start", 1: "good" }, result: "0-1", resultText: "Green wins" });
  for (const bad of [5, { moves: "x" }, { moves: [1] }]) {
    const b = read(entry("b", "lilypad", [], { imported: bad }));
    assert.equal(b.imported, null, JSON.stringify(bad));
  }
});

test("an imported record's comments and tags are all kept, however many", () => {
  const moves = Array.from({ length: 160 }, (_, i) => `m${i}`);
  const comments = Object.fromEntries(moves.map((_, i) => [String(i), `note ${i}`]));
  const tags = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`Tag${i}`, `value ${i}`]));
  const a = read(entry("a", "three-crowns", moves, { imported: { moves, tags, comments, result: "*" } }));
  assert.equal(Object.keys(a.imported.comments).length, 160);
  assert.equal(Object.keys(a.imported.tags).length, 150);
});

test("an imported tag or comment is as long as Python counts it: an emoji is one character", () => {
  const emoji = "\u{1F600}";
  const imported = { moves: [], tags: { Black: emoji.repeat(600), Green: emoji.repeat(1001) }, comments: { 0: emoji.repeat(6000) }, result: "*" };
  const a = read(entry("a", "lilypad", [], { imported }));
  assert.deepEqual(Object.keys(a.imported.tags), ["Black"]);
  assert.equal(a.imported.comments[0], emoji.repeat(6000));
});

test("takenBack (Undo went back to play on) is read only as true, and only short of the line's end", () => {
  for (const [takenBack, cursor, expected] of [[true, 0, true], [true, 1, false], ["yes", 0, false], [1, 0, false], [undefined, 0, false]]) {
    assert.equal(read(entry("a", "lilypad", ["K@c8"], { takenBack, cursor })).takenBack, expected, String(takenBack));
  }
});

test("a side that resigned is read only as a short text (the game view checks it is one of the game's)", () => {
  for (const [resigned, expected] of [["g", "g"], [5, null], ["x".repeat(17), null], [{ side: "g" }, null], [undefined, null]]) {
    assert.equal(read(entry("a", "lilypad", ["K@c8"], { resigned })).resigned, expected, String(resigned));
  }
});

test("a review cursor out of range means the end of the game", () => {
  for (const cursor of [-1, 3, 1.5, "1", null]) {
    assert.equal(read(entry("a", "lilypad", ["K@c8", "K@f1"], { cursor })).cursor, 2, String(cursor));
  }
});

test("checkRecord keeps only the record's own fields", () => {
  assert.deepEqual(checkRecord({ game: "lilypad", moves: [], variant: "", start: "", extra: 1 }), record("lilypad"));
  assert.throws(() => checkRecord(null), /not a game record/);
});

test("a game is begun once it has a move, a set-up position, an import or a friend, not before", () => {
  const record = { game: "lion", variant: null, start: null, moves: [] };
  assert.equal(isBegun({ record, imported: null }), false);
  assert.equal(isBegun({ record: { ...record, moves: ["b3-b4"] }, imported: null }), true);
  assert.equal(isBegun({ record: { ...record, start: "8/8/8/8/8/8/8/8 g - 0" }, imported: null }), true);
  assert.equal(isBegun({ record, imported: { tags: {}, comments: {}, moves: [], result: "*" } }), true);
  assert.equal(isBegun({ record, imported: null, mode: "play-1" }), false);
  assert.equal(isBegun({ record, imported: null, mode: "friend-0" }), true); // its invitation may be out
});

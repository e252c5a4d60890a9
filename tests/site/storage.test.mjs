// storage.js: the games library. Each game is an entry under its own key; everything read back is
// checked entry by entry: a damaged one is set aside with its raw text and the rest kept; the
// first format (one saved game per game type) is carried over; ids are looked up in a Map.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkRecord, createStorage, LIMITS } from "../../site/storage.js";

const OLD = "kings-and-soldiers/v1";
const DAMAGED = "kings-and-soldiers/damaged";
const ENTRY = "kings-and-soldiers/game/";
const KNOWN = new Set(["lilypad", "three-crowns", "lion"]);

/** A Storage stand-in; `full` makes every write fail as a full localStorage does. */
function memoryStore(items = {}, { full = false } = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => {
      if (full) throw new Error("QuotaExceededError");
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
  };
}

const record = (game, moves = []) => ({ game, variant: null, start: null, moves });
const entry = (id, game, moves = [], extra = {}) => ({ id, record: record(game, moves), updated: "2026-11-23T10:00:00.000Z", ...extra });
const stored = (...entries) => Object.fromEntries(entries.map((e) => [ENTRY + e.id, JSON.stringify(e)]));

test("entries are read back, each checked", () => {
  const store = memoryStore(stored(entry("a1", "lilypad", ["K@c8"], { board: { c8: "B" }, mode: "play-0", level: 3 }), entry("b2", "lion")));
  const { entries, damaged } = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual([...entries.keys()].sort(), ["a1", "b2"]);
  const a = entries.get("a1");
  assert.deepEqual(a.record, record("lilypad", ["K@c8"]));
  assert.deepEqual(a.board, { c8: "B" });
  assert.equal(a.cursor, 1);
  assert.equal(a.mode, "play-0");
  assert.equal(a.level, 3);
  assert.deepEqual(damaged, []);
});

test("a missing or damaged drawing is dropped, not reported: the record is what counts", () => {
  for (const board of [undefined, null, "a string", [1, 2], { c8: "<img>" }, { "not a square": "B" }]) {
    const store = memoryStore(stored(entry("a", "lilypad", ["K@c8"], { board, lastMove: 7 })));
    const { entries, damaged } = createStorage(store).readLibrary(KNOWN);
    assert.equal(entries.get("a").board, null, JSON.stringify(board));
    assert.equal(entries.get("a").lastMove, null);
    assert.deepEqual(damaged, []);
  }
});

test("one bad entry is set aside with its raw text; every other entry is kept", () => {
  const store = memoryStore({ ...stored(entry("good", "lilypad")), [`${ENTRY}bad`]: "null", [`${ENTRY}worse`]: "{oops" });
  const { entries, damaged } = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual([...entries.keys()], ["good"]);
  assert.deepEqual(damaged.map((d) => d.text).sort(), ["null", "{oops"]);
  assert.deepEqual(JSON.parse(store.map.get(DAMAGED)).map((d) => d.text).sort(), ["null", "{oops"]);
  assert.equal(store.map.has(`${ENTRY}bad`), false); // set aside: not reported again
  assert.deepEqual(createStorage(store).readLibrary(KNOWN).damaged, []);
});

test("every kind of damaged entry is reported in plain words", () => {
  const cases = {
    "not an object": "text",
    "filed under another id": { ...entry("other", "lilypad") },
    "no record": { id: "x" },
    "a game the site does not have": entry("x", "chess"),
    "built-in names": entry("x", "constructor"),
    "moves not a list": { id: "x", record: { game: "lilypad", moves: "K@c8" } },
    "a move that is not text": { id: "x", record: { game: "lilypad", moves: [1] } },
    "a far too long move": entry("x", "lilypad", ["x".repeat(LIMITS.move + 1)]),
    "too many moves": entry("x", "lilypad", Array(LIMITS.moves + 1).fill("K@c8")),
    "a start that is not text": { id: "x", record: { ...record("lilypad"), start: 5 } },
  };
  for (const [name, value] of Object.entries(cases)) {
    const { entries, damaged } = createStorage(memoryStore({ [`${ENTRY}x`]: JSON.stringify(value) })).readLibrary(KNOWN);
    assert.equal(entries.size, 0, name);
    assert.equal(damaged.length, 1, name);
    assert.doesNotMatch(damaged[0].why, /undefined|null|TypeError|object Object/, name);
  }
});

test("the first format is carried over, a bad game of it set aside, and it is then removed", () => {
  const old = {
    current: "three-crowns",
    games: { lilypad: { record: record("lilypad", ["K@c8"]), cursor: 0 }, "three-crowns": { record: record("three-crowns", ["a1-b2"]) }, lion: null, constructor: {} },
  };
  const store = memoryStore({ [OLD]: JSON.stringify(old) });
  const { entries, last, damaged } = createStorage(store).readLibrary(KNOWN);
  const games = [...entries.values()].map((e) => [e.record.game, e.record.moves, e.cursor]).sort();
  assert.deepEqual(games, [["lilypad", ["K@c8"], 0], ["three-crowns", ["a1-b2"], 1]]);
  assert.equal(entries.get(last.current).record.game, "three-crowns");
  assert.equal(entries.get(last.lilypad).record.game, "lilypad");
  assert.deepEqual(damaged.map((d) => d.text).sort(), ['{"constructor":{}}', '{"lion":null}']);
  assert.equal(store.map.has(OLD), false);
});

test("unreadable data of the first format is set aside whole", () => {
  for (const text of ["{not json", "[]", "null", '{"games": 5}']) {
    const store = memoryStore({ [OLD]: text });
    const { entries, damaged } = createStorage(store).readLibrary(KNOWN);
    assert.equal(entries.size, 0);
    assert.equal(damaged[0].text, text);
    assert.equal(JSON.parse(store.map.get(DAMAGED))[0].text, text);
  }
});

test("a full or disabled storage says so on write and reads as empty", () => {
  const full = createStorage(memoryStore({}, { full: true }));
  assert.equal(full.writeEntry(entry("a", "lilypad")), false);
  const broken = createStorage({ getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("SecurityError"); } });
  assert.deepEqual(broken.readLibrary(KNOWN).entries, new Map());
  assert.equal(broken.readSetting("level"), null);
  assert.equal(createStorage(null).writeEntry(entry("a", "lilypad")), false);
});

test("written entries read back the same; delete and restore", () => {
  const store = memoryStore();
  const storage = createStorage(store);
  const e = { ...entry("z9", "lion", ["b2-b3"]), cursor: 0, board: { b3: "R" }, lastMove: null, mode: "two", level: null, created: "2026-11-23T09:00:00.000Z", result: null, resultText: "in progress" };
  assert.equal(storage.writeEntry(e), true);
  const { entries, last } = storage.readLibrary(KNOWN);
  assert.deepEqual(entries.get("z9"), e);
  assert.equal(last.current, "z9");
  assert.equal(last.lion, "z9");
  const text = storage.deleteEntry("z9");
  assert.equal(storage.readLibrary(KNOWN).entries.size, 0);
  storage.restoreEntry("z9", text);
  assert.deepEqual(storage.readLibrary(KNOWN).entries.get("z9"), e);
});

test("a review cursor out of range means the end of the game", () => {
  for (const cursor of [-1, 3, 1.5, "1", null]) {
    const store = memoryStore(stored(entry("a", "lilypad", ["K@c8", "K@f1"], { cursor })));
    assert.equal(createStorage(store).readLibrary(KNOWN).entries.get("a").cursor, 2, String(cursor));
  }
});

test("checkRecord keeps only the record's own fields", () => {
  assert.deepEqual(checkRecord({ game: "lilypad", moves: [], variant: "", start: "", extra: 1 }), record("lilypad"));
  assert.throws(() => checkRecord(null), /not a game record/);
});

test("solved puzzles are kept, and read back checked: only known ids, whatever the saved text holds", () => {
  const store = memoryStore();
  const storage = createStorage(store);
  const known = new Set(["lilypad-01", "lion-02"]);
  assert.deepEqual(storage.readSolvedPuzzles(known), new Set());
  assert.equal(storage.writeSolvedPuzzles(new Set(["lion-02", "lilypad-01"])), true);
  assert.deepEqual(storage.readSolvedPuzzles(known), known);
  const SOLVED = "kings-and-soldiers/puzzles-solved";
  for (const text of ["{", "null", '{"lilypad-01": true}', '"lilypad-01"', "42"]) {
    store.map.set(SOLVED, text);
    assert.deepEqual(storage.readSolvedPuzzles(known), new Set(), text);
  }
  store.map.set(SOLVED, JSON.stringify(["lilypad-01", 7, null, ["lion-02"], "constructor", "__proto__", "chess-01"]));
  assert.deepEqual(storage.readSolvedPuzzles(known), new Set(["lilypad-01"]));
  assert.equal(createStorage(memoryStore({}, { full: true })).writeSolvedPuzzles(new Set(["lion-02"])), false);
});

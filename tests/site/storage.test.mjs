// storage.js: saved data is untrusted; each saved game is checked on its own, a damaged one is set
// aside with its raw text, every other one is kept, and nothing is looked up outside own keys.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkRecord, createStorage, LIMITS } from "../../site/storage.js";

const SAVED = "kings-and-soldiers/v1";
const DAMAGED = "kings-and-soldiers/damaged";
const KNOWN = new Set(["lilypad", "three-crowns", "lion"]);

/** A Storage stand-in; `full` makes every write fail as a full localStorage does. */
function memoryStore(items = {}, { full = false } = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => {
      if (full) throw new Error("QuotaExceededError");
      map.set(k, String(v));
    },
    removeItem: (k) => map.delete(k),
  };
}

const record = (game, moves = []) => ({ game, variant: null, start: null, moves });
const save = (games, current = "lilypad") => ({ [SAVED]: JSON.stringify({ current, games }) });

test("a sound save is read back", () => {
  const store = memoryStore(save({ lilypad: { record: record("lilypad", ["K@c8"]), board: { c8: "B" }, lastMove: { path: ["c8"], removed: [] } } }));
  const saved = createStorage(store).readSaved(KNOWN);
  assert.equal(saved.current, "lilypad");
  assert.deepEqual(saved.games.get("lilypad").record, record("lilypad", ["K@c8"]));
  assert.deepEqual(saved.games.get("lilypad").board, { c8: "B" });
  assert.deepEqual(saved.damaged, []);
});

test("a missing or damaged drawing is dropped, not reported: the record is what counts", () => {
  for (const board of [undefined, null, "a string", [1, 2], { c8: "<img>" }, { "not a square": "B" }]) {
    const store = memoryStore(save({ lilypad: { record: record("lilypad", ["K@c8"]), board, lastMove: 7 } }));
    const saved = createStorage(store).readSaved(KNOWN);
    assert.equal(saved.games.get("lilypad").board, null, JSON.stringify(board));
    assert.equal(saved.games.get("lilypad").lastMove, null);
    assert.deepEqual(saved.damaged, []);
  }
});

test("current must be a saved game: built-in property names are just unknown", () => {
  for (const current of ["constructor", "__proto__", "toString", 7, null, "three-crowns"]) {
    const store = memoryStore(save({ lilypad: { record: record("lilypad") } }, current));
    assert.equal(createStorage(store).readSaved(KNOWN).current, null, String(current));
  }
});

test("one bad entry is set aside with its raw text; every other entry is kept", () => {
  const store = memoryStore(save({ lilypad: { record: record("lilypad") }, "three-crowns": { record: record("three-crowns", ["a1-b2"]) }, lion: null }));
  const saved = createStorage(store).readSaved(KNOWN);
  assert.deepEqual([...saved.games.keys()], ["lilypad", "three-crowns"]);
  assert.equal(saved.damaged.length, 1);
  assert.match(saved.damaged[0].what, /lion/);
  assert.equal(saved.damaged[0].text, '{"lion":null}');
  assert.deepEqual(JSON.parse(store.map.get(DAMAGED)).map((d) => d.text), ['{"lion":null}']);
  // Read again (the page was reloaded before writing): the text is kept once, not twice.
  createStorage(store).readSaved(KNOWN);
  assert.equal(JSON.parse(store.map.get(DAMAGED)).length, 1);
});

test("every kind of damaged entry is reported in plain words", () => {
  const cases = {
    "not an object": "text",
    "no record": {},
    "a record of another game": { record: record("lion") },
    "moves not a list": { record: { game: "lilypad", moves: "K@c8" } },
    "a move that is not text": { record: { game: "lilypad", moves: [1] } },
    "a far too long move": { record: record("lilypad", ["x".repeat(LIMITS.move + 1)]) },
    "too many moves": { record: record("lilypad", Array(LIMITS.moves + 1).fill("K@c8")) },
    "a start that is not text": { record: { ...record("lilypad"), start: 5 } },
    "a variant that is not text": { record: { ...record("lilypad"), variant: {} } },
  };
  for (const [name, entry] of Object.entries(cases)) {
    const saved = createStorage(memoryStore(save({ lilypad: entry }))).readSaved(KNOWN);
    assert.equal(saved.games.size, 0, name);
    assert.equal(saved.damaged.length, 1, name);
    assert.doesNotMatch(saved.damaged[0].why, /undefined|null|TypeError|object Object/, name);
  }
});

test("unknown games are set aside, own keys only", () => {
  const text = `{"current":"constructor","games":{"__proto__":{"record":{"game":"__proto__","moves":[]}},"chess":{"record":{"game":"chess","moves":[]}}}}`;
  const saved = createStorage(memoryStore({ [SAVED]: text })).readSaved(KNOWN);
  assert.equal(saved.games.size, 0);
  assert.equal(saved.damaged.length, 2);
  assert.equal(saved.current, null);
});

test("unreadable data is set aside whole", () => {
  for (const text of ["{not json", "[]", "null", '{"games": 5}']) {
    const store = memoryStore({ [SAVED]: text });
    const saved = createStorage(store).readSaved(KNOWN);
    assert.equal(saved.games.size, 0);
    assert.equal(saved.damaged[0].text, text);
    assert.equal(JSON.parse(store.map.get(DAMAGED))[0].text, text);
  }
});

test("a full or disabled storage says so on write and reads as empty", () => {
  const full = createStorage(memoryStore({}, { full: true }));
  assert.equal(full.writeSaved({ current: "lilypad", games: new Map() }), false);
  const broken = createStorage({ getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("SecurityError"); } });
  assert.deepEqual(broken.readSaved(KNOWN).games, new Map());
  assert.equal(broken.readSetting("level"), null);
  const none = createStorage(null);
  assert.equal(none.writeSaved({ current: null, games: new Map() }), false);
});

test("written games read back the same", () => {
  const store = memoryStore();
  const storage = createStorage(store);
  const games = new Map([["lion", { record: record("lion", ["b2-b3"]), board: { b3: "R" }, lastMove: null }]]);
  assert.equal(storage.writeSaved({ current: "lion", games }), true);
  const saved = storage.readSaved(KNOWN);
  assert.equal(saved.current, "lion");
  assert.deepEqual(saved.games.get("lion"), games.get("lion"));
});

test("checkRecord keeps only the record's own fields", () => {
  assert.deepEqual(checkRecord({ game: "lilypad", moves: [], variant: "", start: "", extra: 1 }), record("lilypad"));
  assert.throws(() => checkRecord(null), /not a game record/);
});

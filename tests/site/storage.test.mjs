// storage.js: the games library. Each game is an entry under its own key; everything read back is
// checked entry by entry: a damaged one is set aside with its raw text and the rest kept; the
// first format (one saved game per game type) is carried over; ids are looked up in a Map.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LIMITS } from "../../site/common/saved-game.js";
import { createStorage } from "../../site/common/storage.js";
import { memoryStore } from "./memory-store.mjs";

const OLD = "kings-and-soldiers/v1";
const DAMAGED = "kings-and-soldiers/damaged";
const ENTRY = "kings-and-soldiers/game/";
const KNOWN = new Set(["lilypad", "three-crowns", "lion"]);

const record = (game, moves = []) => ({ game, variant: null, start: null, moves });
const entry = (id, game, moves = [], extra = {}) => ({ id, record: record(game, moves), updated: "2026-11-23T10:00:00.000Z", ...extra });
const stored = (...entries) => Object.fromEntries(entries.map((e) => [ENTRY + e.id, JSON.stringify(e)]));

test("entries are read back, each checked", () => {
  const store = memoryStore(stored(entry("a1", "lilypad", ["K@c8"], { board: { c8: "B" }, mode: "play-0", level: 3 }), entry("b2", "lion")));
  const { entries, unreadable } = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual([...entries.keys()].sort(), ["a1", "b2"]);
  const a = entries.get("a1");
  assert.deepEqual(a.record, record("lilypad", ["K@c8"]));
  assert.deepEqual(a.board, { c8: "B" });
  assert.equal(a.cursor, 1);
  assert.equal(a.mode, "play-0");
  assert.equal(a.level, 3);
  assert.deepEqual(unreadable, []);
});

test("an entry this page cannot read stays where it is, listed as unreadable", () => {
  const store = memoryStore({ ...stored(entry("good", "lilypad")), [`${ENTRY}bad`]: "null", [`${ENTRY}worse`]: "{oops" });
  const before = new Map(store.map);
  const storage = createStorage(store);
  const { entries, unreadable, untold } = storage.readLibrary(KNOWN);
  assert.deepEqual([...entries.keys()], ["good"]);
  assert.deepEqual(unreadable.map((d) => d.text).sort(), ["null", "{oops"]);
  assert.deepEqual(untold.map((d) => d.key).sort(), [`${ENTRY}bad`, `${ENTRY}worse`]);
  for (const [key, text] of before) assert.equal(store.map.get(key), text, key);
  // Told once: the next start-up lists them, and does not tell again.
  const again = createStorage(store).readLibrary(KNOWN);
  assert.equal(again.unreadable.length, 2);
  assert.deepEqual(again.untold, []);
  // The person deletes one (and may put it back).
  const text = storage.deleteText(`${ENTRY}bad`);
  assert.equal(text, "null");
  assert.deepEqual(storage.unreadable(KNOWN).map((d) => d.text), ["{oops"]);
  assert.equal(storage.restoreText(`${ENTRY}bad`, text), true);
  assert.equal(storage.deleteText("someone-else/key"), null); // only the site's own keys
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
    const store = memoryStore({ [`${ENTRY}x`]: JSON.stringify(value) });
    const { entries, unreadable } = createStorage(store).readLibrary(KNOWN);
    assert.equal(entries.size, 0, name);
    assert.equal(unreadable.length, 1, name);
    assert.equal(store.map.get(`${ENTRY}x`), JSON.stringify(value), name);
    assert.doesNotMatch(unreadable[0].why, /undefined|null|TypeError|object Object/, name);
  }
});

test("the first format is carried over, a bad game of it set aside, and it is then removed", () => {
  const old = {
    current: "three-crowns",
    games: { lilypad: { record: record("lilypad", ["K@c8"]), cursor: 0 }, "three-crowns": { record: record("three-crowns", ["a1-b2"]) }, lion: null, constructor: {} },
  };
  const store = memoryStore({ [OLD]: JSON.stringify(old) });
  const { entries, last, unreadable } = createStorage(store).readLibrary(KNOWN);
  const games = [...entries.values()].map((e) => [e.record.game, e.record.moves, e.cursor]).sort();
  assert.deepEqual(games, [["lilypad", ["K@c8"], 0], ["three-crowns", ["a1-b2"], 1]]);
  assert.equal(entries.get(last.current).record.game, "three-crowns");
  assert.equal(entries.get(last.lilypad).record.game, "lilypad");
  assert.deepEqual(unreadable.map((d) => d.text).sort(), ['{"constructor":{}}', '{"lion":null}']);
  assert.equal(store.map.has(OLD), false);
});

test("unreadable data of the first format is set aside whole", () => {
  for (const text of ["{not json", "[]", "null", '{"games": 5}']) {
    const store = memoryStore({ [OLD]: text });
    const { entries, unreadable } = createStorage(store).readLibrary(KNOWN);
    assert.equal(entries.size, 0);
    assert.deepEqual(unreadable.map((d) => d.text), [text]);
    assert.equal(store.map.has(OLD), false);
  }
});

test("storage full: the first format stays until every part of it is kept elsewhere, and is carried over once", () => {
  const old = JSON.stringify({ current: "lion", games: { lion: { record: record("lion", ["b2-b3"]) }, chess: { record: record("chess") } } });
  const store = memoryStore({ [OLD]: old }, { full: true });
  const first = createStorage(store).readLibrary(KNOWN);
  assert.equal(store.map.get(OLD), old); // nothing could be written: the old save is kept as it was
  // ... and its game is shown all the same, read from it (playing on says that nothing is being kept).
  assert.deepEqual([...first.entries.values()].map((e) => e.record.moves), [["b2-b3"]]);
  assert.equal(first.last.current, [...first.entries.keys()][0]);
  store.full = false;
  const { entries, unreadable } = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual([...entries.values()].map((e) => e.record.moves), [["b2-b3"]]);
  assert.equal(unreadable.length, 1);
  assert.equal(store.map.has(OLD), false);
  // Played on since, then a stale copy of the old save comes back (another tab, an old backup):
  const [id] = entries.keys();
  createStorage(store).writeEntry({ ...entries.get(id), record: record("lion", ["b2-b3", "b7-b6"]) });
  store.map.set(OLD, old);
  const later = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual(later.entries.get(id).record.moves, ["b2-b3", "b7-b6"]);
  assert.equal(later.entries.size, 1);
});

test("storage full with a damaged entry: nothing is lost, the entry stays and is listed", () => {
  const store = memoryStore({ [`${ENTRY}bad`]: "{half", ...stored(entry("good", "lion")) }, { full: true });
  const { entries, unreadable } = createStorage(store).readLibrary(KNOWN);
  assert.deepEqual([...entries.keys()], ["good"]);
  assert.deepEqual(unreadable.map((d) => d.text), ["{half"]);
  assert.equal(store.map.get(`${ENTRY}bad`), "{half");
});

test("hundreds of damaged entries: every one kept and listed, every good one read", () => {
  const items = {};
  for (let i = 0; i < 300; i++) items[`${ENTRY}bad${i}`] = `{"id": "bad${i}", "record": ${i}`;
  Object.assign(items, stored(...Array.from({ length: 50 }, (_, i) => entry(`good${i}`, "lilypad", ["K@c8"]))));
  const store = memoryStore(items);
  const { entries, unreadable, untold } = createStorage(store).readLibrary(KNOWN);
  assert.equal(entries.size, 50);
  assert.equal(unreadable.length, 300);
  assert.equal(untold.length, 300);
  for (const [key, text] of Object.entries(items)) assert.equal(store.map.get(key), text);
});

test("an earlier site's list of set-aside texts: every one moved to a key of its own, none dropped", () => {
  const list = Array.from({ length: 25 }, (_, i) => ({ when: "2026-11-01", what: "a saved game", why: "it is not readable data", text: `{broken ${i}` }));
  for (const full of [true, false]) {
    const store = memoryStore({ [DAMAGED]: JSON.stringify(list) }, { full });
    const { unreadable } = createStorage(store).readLibrary(KNOWN);
    if (full) {
      assert.equal(store.map.get(DAMAGED), JSON.stringify(list)); // could not be moved: kept as it is
    } else {
      assert.equal(store.map.has(DAMAGED), false);
      assert.deepEqual(unreadable.map((d) => d.text).sort(), list.map((d) => d.text).sort());
    }
  }
  const store = memoryStore({ [DAMAGED]: "[{oops" });
  assert.deepEqual(createStorage(store).readLibrary(KNOWN).unreadable.map((d) => d.text), ["[{oops"]);
});

test("an entry another tab made unreadable is never overwritten by this tab's next save", () => {
  const store = memoryStore(stored(entry("mine", "lilypad", ["K@c8"])));
  const storage = createStorage(store);
  store.map.set(`${ENTRY}mine`, '{"id": "mine", "record": {"game": "chess-2"'); // half written, or a newer format
  assert.equal(storage.writeEntry(entry("mine", "lilypad", ["K@c8", "K@f1"])), false);
  assert.equal(store.map.get(`${ENTRY}mine`), '{"id": "mine", "record": {"game": "chess-2"');
  assert.ok(storage.readEntry("mine", KNOWN).problem);
  assert.deepEqual(storage.readEntry("gone", KNOWN), {});
  // A readable entry (the same game played on in another tab) is written over as usual.
  store.map.set(`${ENTRY}mine`, JSON.stringify(entry("mine", "lilypad", ["K@c8"])));
  assert.equal(storage.writeEntry(entry("mine", "lilypad", ["K@c8", "K@f1"])), true);
});

test("a feature's own value (readValue): a damaged one is set aside before it can be overwritten", () => {
  const check = (v) => {
    if (!Array.isArray(v)) throw new Error("it is not a list");
    return v;
  };
  const store = memoryStore({ "kings-and-soldiers/progress": '{"not": "a list"}' }, { full: true });
  const storage = createStorage(store);
  assert.equal(storage.readValue("progress", check, "your progress"), null);
  assert.equal(storage.writeValue("progress", [1]), false); // full: not set aside, so never overwritten
  assert.equal(store.map.get("kings-and-soldiers/progress"), '{"not": "a list"}');
  store.full = false;
  assert.equal(storage.readValue("progress", check, "your progress"), null);
  assert.equal(storage.writeValue("progress", [1]), true);
  assert.deepEqual(storage.readValue("progress", check), [1]);
  assert.deepEqual(storage.unreadable(KNOWN).map((d) => [d.what, d.text]), [["your progress", '{"not": "a list"}']]);
});

test("a newer site's fields on a saved game are kept when this page saves it again", () => {
  const store = memoryStore(stored(entry("a", "lilypad", ["K@c8"], { notes: "my plan", clock: [3000, 2900], version: 2 })));
  const storage = createStorage(store);
  const a = storage.readLibrary(KNOWN).entries.get("a");
  assert.equal(storage.writeEntry({ ...a, record: record("lilypad", ["K@c8", "K@b1"]) }), true);
  const written = JSON.parse(store.map.get(`${ENTRY}a`));
  assert.deepEqual([written.notes, written.clock, written.version], ["my plan", [3000, 2900], 2]);
  assert.deepEqual(written.record.moves, ["K@c8", "K@b1"]);
  assert.deepEqual(createStorage(store).readLibrary(KNOWN).entries.get("a").record.moves, ["K@c8", "K@b1"]);
});

test("a newer site's fields inside a saved game's record or import are kept too", () => {
  const imported = { moves: ["K@c8"], tags: {}, comments: {}, result: null, annotations: { 1: "!!" } };
  const held = entry("a", "lilypad", ["K@c8"], { imported, future: { x: 1 } });
  held.record.clock = [3000];
  const store = memoryStore(stored(held));
  const storage = createStorage(store);
  const a = storage.readLibrary(KNOWN).entries.get("a");
  assert.equal(a.record.clock, undefined); // not this page's: not read
  assert.equal(storage.writeEntry({ ...a, record: record("lilypad", ["K@c8", "K@b1"]) }), true);
  const written = JSON.parse(store.map.get(`${ENTRY}a`));
  assert.deepEqual(written.record, { ...record("lilypad", ["K@c8", "K@b1"]), clock: [3000] });
  assert.deepEqual(written.imported.annotations, { 1: "!!" });
  assert.deepEqual(written.future, { x: 1 });
  // What this page writes wins over what it read: a field it knows and leaves out is gone.
  assert.equal(storage.writeEntry({ ...a, imported: null }), true);
  assert.equal(JSON.parse(store.map.get(`${ENTRY}a`)).imported, null);
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
  const e = { ...entry("z9", "lion", ["b2-b3"]), cursor: 0, board: { b3: "R" }, lastMove: null, mode: "two", level: null, created: "2026-11-23T09:00:00.000Z", result: "w", resultText: "White wins by resignation", resigned: "b", takenBack: true, imported: null };
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

// -- fuzzing: storage as the browser really behaves ------------------------------------------------
// Two tabs share one storage with a quota; each hears the other's writes as "storage" events (later,
// as the browser queues them); a third writer (a newer site, an extension) leaves texts this site
// cannot read; storage fills up and frees. After every step, every text the person made (each key's
// last text written by a tab or the other writer, unless the person deleted it) is still there.

/** A localStorage shared by tabs: a quota in characters, and storage events queued to the other tabs. */
function sharedStore(items = {}, quota = Number.POSITIVE_INFINITY) {
  const map = new Map(Object.entries(items));
  let keyList = null; // the keys in order, until the next write
  const tabs = [];
  const queue = [];
  let size = [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const used = () => size;
  const shared = {
    map,
    quota,
    used,
    deliver() {
      while (queue.length) queue.shift()();
    },
    tab() {
      const events = new EventTarget();
      tabs.push(events);
      const notify = (key) => {
        keyList = null;
        for (const other of tabs) {
          if (other !== events) queue.push(() => other.dispatchEvent(Object.assign(new Event("storage"), { key })));
        }
      };
      const store = {
        get length() {
          return map.size;
        },
        key: (i) => {
          keyList ??= [...map.keys()];
          return keyList[i] ?? null;
        },
        getItem: (k) => (map.has(k) ? map.get(k) : null),
        setItem(k, v) {
          const text = String(v);
          if (used() - (map.has(k) ? k.length + map.get(k).length : 0) + k.length + text.length > shared.quota) {
            throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
          }
          size += k.length + text.length - (map.has(k) ? k.length + map.get(k).length : 0);
          map.set(k, text);
          notify(k);
        },
        removeItem(k) {
          if (map.has(k)) size -= k.length + map.get(k).length;
          map.delete(k);
          notify(k);
        },
      };
      return { store, events };
    },
  };
  return shared;
}

/** A seeded random number generator (mulberry32): a failure prints its seed, to run it again. */
function randomFrom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GARBAGE = ["{half", "null", "[]", '{"id": "x"}', JSON.stringify({ id: "ID", record: { game: "chess", moves: [] } }), '{"id": "ID", "record": {"game": "lilypad", "moves": [1]}}', "\u0000".repeat(3)];

/**
 * A tab as app.js uses storage: it reads the library at start, plays moves on one game (saved after
 * each), follows the other tab's changes to that game, and moves to a new entry when its own entry
 * became unreadable (never overwriting it). Returns the texts it meant to keep (key -> text).
 */
function fuzzTab(shared, made, random, deleted) {
  const { store, events } = shared.tab();
  const storage = createStorage(store, events);
  const library = storage.readLibrary(KNOWN);
  let game = [...library.entries.values()][0] ?? null;
  storage.onEntryChanged((id) => {
    if (id !== game?.id) return;
    const { entry, problem } = storage.readEntry(id, KNOWN);
    if (entry) game = entry;
    else if (problem) game = null; // play on under a new id
  });
  const save = () => {
    if (storage.writeEntry(game)) made.set(ENTRY + game.id, JSON.stringify(game));
    else if (storage.readEntry(game.id, KNOWN).problem) {
      game = { ...game, id: `n${Math.floor(random() * 1e9)}` };
      if (storage.writeEntry(game)) made.set(ENTRY + game.id, JSON.stringify(game));
    }
  };
  return {
    storage,
    play() {
      game ??= { ...entry(`n${Math.floor(random() * 1e9)}`, "lilypad"), cursor: 0, board: null, lastMove: null, mode: "two", level: null, created: "2026-11-23T10:00:00.000Z", result: null, resultText: null, resigned: null, imported: null };
      game = { ...game, record: { ...game.record, moves: [...game.record.moves, `m${game.record.moves.length}`] } };
      game.cursor = game.record.moves.length;
      save();
    },
    deleteSomething() {
      const keys = [...shared.map.keys()].filter((k) => k.startsWith(ENTRY) || k.startsWith("kings-and-soldiers/set-aside/"));
      if (!keys.length) return;
      const key = keys[Math.floor(random() * keys.length)];
      const text = storage.deleteText(key);
      if (text == null) return;
      made.delete(key); // the person chose to delete it
      deleted.add(key.startsWith(ENTRY) ? text : JSON.parse(text).text);
    },
  };
}

test("fuzz: two tabs, another writer, a full storage, hundreds of damaged entries: no text the person made is gone", () => {
  for (let seed = 1; seed <= 30; seed++) {
    const random = randomFrom(seed);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const initial = {};
    const damagedCount = seed % 15 === 0 ? 200 + Math.floor(random() * 200) : Math.floor(random() * 8);
    for (let i = 0; i < damagedCount; i++) initial[`${ENTRY}d${i}`] = pick(GARBAGE).replace("ID", `d${i}`);
    if (random() < 0.3) initial[OLD] = JSON.stringify({ current: "lion", games: { lion: { record: record("lion", ["b2-b3"]) }, chess: {} } });
    if (random() < 0.3) initial[DAMAGED] = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ text: `{old ${i}` })));
    const shared = sharedStore(initial);
    const made = new Map(Object.entries(initial).filter(([k]) => k.startsWith(ENTRY)));
    const deleted = new Set(); // texts the person deleted
    const setAside = new Set(); // texts of the person's that must be in set-aside keys (unless deleted)
    const setAsideTexts = () => new Set([...shared.map].filter(([k]) => k.startsWith("kings-and-soldiers/set-aside/")).map(([, v]) => JSON.parse(v).text));
    const tab = () => fuzzTab(shared, made, random, deleted);
    let tabs = [tab(), tab()];
    for (let step = 0; step < 150; step++) {
      const had = { old: shared.map.has(OLD), damaged: shared.map.has(DAMAGED) };
      const roll = random();
      if (roll < 0.45) pick(tabs).play();
      else if (roll < 0.55) shared.deliver();
      else if (roll < 0.65) {
        // the other writer: a new key, or one of the tabs' own games
        const keys = [...made.keys()];
        const key = random() < 0.5 && keys.length ? pick(keys) : `${ENTRY}w${step}`;
        const text = pick(GARBAGE).replace("ID", key.slice(ENTRY.length));
        try {
          shared.tab().store.setItem(key, text);
          made.set(key, text);
        } catch {
          // full for the other writer too
        }
      } else if (roll < 0.75) shared.quota = random() < 0.6 ? shared.used() + Math.floor(random() * 300) : Number.POSITIVE_INFINITY;
      else if (roll < 0.85) tabs = [tabs[1], tab()]; // a tab reloaded (or a new one)
      else if (roll < 0.9) pick(tabs).deleteSomething();
      else pick(tabs).storage.unreadable(KNOWN);
      const where = `seed ${seed}, step ${step}`;
      // The earlier formats are removed only once their texts are kept elsewhere.
      if (had.damaged && !shared.map.has(DAMAGED)) for (const d of JSON.parse(initial[DAMAGED])) setAside.add(d.text);
      if (had.old && !shared.map.has(OLD)) {
        const lion = shared.map.get(`${ENTRY}v1-lion`);
        assert.deepEqual(JSON.parse(lion).record.moves.slice(0, 1), ["b2-b3"], where);
        made.set(`${ENTRY}v1-lion`, lion);
        setAside.add('{"chess":{}}');
      }
      for (const [key, text] of made) assert.equal(shared.map.get(key), text, `${where}: ${key} lost or changed`);
      const kept = setAsideTexts();
      for (const text of setAside) assert.ok(kept.has(text) || deleted.has(text), `${where}: ${text} lost`);
    }
  }
});


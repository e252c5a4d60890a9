// puzzle-store.js: the puzzle progress kept in storage: another tab's attempts kept, damaged lists
// set aside before anything is written over them, another version's entries written back as they
// were, and what storage refused still counted until the page closes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createStorage } from "../../site/common/storage.js";
import { checkAttempt } from "../../site/puzzles/puzzle-progress.js";
import { createPuzzleStore, MAX_ATTEMPTS } from "../../site/puzzles/puzzle-store.js";
import { memoryStore } from "./memory-store.mjs";

const KNOWN = new Set(["lion-01", "lion-02", "lilypad-01", "lilypad-02"]);
const check = (value) => checkAttempt(value, (id) => KNOWN.has(id));
const progress = (store) => createPuzzleStore(createStorage(store), check);
const attempt = (id, at, ok, rating = 1500, extra = {}) => ({ id, at, ok, rating, mode: "rated", run: null, day: null, ...extra });
const ATTEMPTS = "kings-and-soldiers/puzzle-attempts";
const SOLVED = "kings-and-soldiers/puzzles-solved";
const ids = (list) => list.map((a) => a.id);

test("attempts are kept; another tab's added meanwhile are kept too", () => {
  const store = memoryStore();
  const one = progress(store);
  const two = progress(store);
  assert.deepEqual(one.attempts(), []);
  assert.equal(one.addAttempts([attempt("lion-01", 1, true)]), true);
  assert.equal(two.addAttempts([attempt("lion-02", 2, false)]), true);
  assert.deepEqual(ids(one.attempts()), ["lion-01", "lion-02"]);
});

test("another version's attempts (puzzles or modes this one lacks, unsound ones) are written back as they were", () => {
  const foreign = [attempt("lilypad-999", 3, true), attempt("lion-01", 4, true, 1500, { mode: "blitz" }), { id: "x" }, null];
  const store = memoryStore({ [ATTEMPTS]: JSON.stringify([attempt("lion-01", 1, true), ...foreign, attempt("lion-02", 2, false)]) });
  const kept = progress(store);
  assert.deepEqual(ids(kept.attempts()), ["lion-01", "lion-02"]);
  assert.equal(kept.addAttempts([attempt("lilypad-01", 9, true)]), true);
  const written = JSON.parse(store.map.get(ATTEMPTS));
  for (const item of foreign) assert.ok(written.some((w) => JSON.stringify(w) === JSON.stringify(item)), JSON.stringify(item));
  assert.deepEqual(ids(kept.attempts()), ["lion-01", "lion-02", "lilypad-01"]);
});

test("an unreadable list is set aside with its text before anything is written over it", () => {
  const store = memoryStore({ [ATTEMPTS]: "{not json" });
  const storage = createStorage(store);
  const kept = createPuzzleStore(storage, check);
  assert.deepEqual(kept.attempts(), []);
  assert.deepEqual(storage.unreadable(new Set(["lion"])).map((d) => d.text), ["{not json"]);
  assert.equal(kept.addAttempts([attempt("lion-01", 1, true)]), true);
  assert.deepEqual(ids(kept.attempts()), ["lion-01"]);
  assert.deepEqual(storage.unreadable(new Set(["lion"])).map((d) => d.text), ["{not json"]);
});

test("storage full: an unreadable list that cannot be set aside is never written over", () => {
  const store = memoryStore({ [ATTEMPTS]: "{not json" }, { full: true });
  const kept = progress(store);
  assert.equal(kept.addAttempts([attempt("lion-01", 1, true)]), false);
  assert.equal(store.map.get(ATTEMPTS), "{not json");
});

test("storage full: what could not be kept still counts until the page closes, and is written once there is room", () => {
  const store = memoryStore({}, { full: true });
  const kept = progress(store);
  assert.equal(kept.addAttempts([attempt("lion-01", 1, true)]), false);
  assert.equal(kept.addSolved(["lion-01"]), false);
  assert.deepEqual(ids(kept.attempts()), ["lion-01"]);
  assert.deepEqual(kept.solved(KNOWN), new Set(["lion-01"]));
  assert.equal(progress(store).attempts().length, 0); // another page never saw them
  store.full = false;
  assert.equal(kept.addAttempts([attempt("lion-02", 2, false)]), true);
  assert.equal(kept.addSolved(["lion-02"]), true);
  assert.deepEqual(ids(progress(store).attempts()), ["lion-01", "lion-02"]);
  assert.deepEqual(progress(store).solved(KNOWN), new Set(["lion-01", "lion-02"]));
});

test("at most MAX_ATTEMPTS are kept, the newest", () => {
  const store = memoryStore();
  progress(store).addAttempts(Array.from({ length: MAX_ATTEMPTS + 5 }, (_, i) => attempt("lion-01", i, true)));
  const kept = progress(store).attempts();
  assert.equal(kept.length, MAX_ATTEMPTS);
  assert.equal(kept[0].at, 5);
});

test("solved puzzles: read back checked (known ids only), two tabs' kept, another version's entries written back", () => {
  const store = memoryStore();
  assert.deepEqual(progress(store).solved(KNOWN), new Set());
  progress(store).addSolved(["lion-01"]);
  progress(store).addSolved(["lilypad-02"]);
  assert.deepEqual(progress(store).solved(KNOWN), new Set(["lion-01", "lilypad-02"]));
  for (const text of ["{", "null", '{"lilypad-01": true}', '"lilypad-01"', "42"]) {
    const broken = memoryStore({ [SOLVED]: text });
    assert.deepEqual(progress(broken).solved(KNOWN), new Set(), text);
  }
  const odd = ["lilypad-01", 7, null, ["lion-02"], { id: "lion-07", when: "2026-01-01" }, "constructor", "__proto__", "chess-01"];
  const mixed = memoryStore({ [SOLVED]: JSON.stringify(odd) });
  assert.deepEqual(progress(mixed).solved(KNOWN), new Set(["lilypad-01"]));
  assert.equal(progress(mixed).addSolved(["lion-01"]), true);
  const written = JSON.parse(mixed.map.get(SOLVED));
  for (const item of odd) assert.ok(written.some((w) => JSON.stringify(w) === JSON.stringify(item)), JSON.stringify(item));
  assert.ok(written.includes("lion-01"));
  assert.equal(progress(memoryStore({}, { full: true })).addSolved(["lion-02"]), false);
});

test("another tab's change to the progress is heard", () => {
  const events = new EventTarget();
  const kept = createPuzzleStore(createStorage(memoryStore(), events), check);
  let heard = 0;
  kept.onChanged(() => heard++);
  for (const key of [ATTEMPTS, SOLVED, null, "kings-and-soldiers/game/x"]) {
    const event = new Event("storage");
    event.key = key;
    events.dispatchEvent(event);
  }
  assert.equal(heard, 3);
});

test("the days whose daily puzzle was solved are kept beside what another version wrote; a damaged list is set aside", () => {
  const DAILIES = "kings-and-soldiers/puzzle-dailies-solved";
  const store = memoryStore({ [DAILIES]: JSON.stringify(["2026-12-01", { day: "x" }, "tomorrow"]) });
  const one = progress(store);
  assert.deepEqual([...one.dailiesSolved()], ["2026-12-01"]);
  assert.equal(one.addDailySolved("2026-12-29"), true);
  assert.deepEqual([...progress(store).dailiesSolved()], ["2026-12-01", "2026-12-29"]); // another tab reads it
  assert.deepEqual(JSON.parse(store.map.get(DAILIES)), ["2026-12-01", "2026-12-29", { day: "x" }, "tomorrow"]);
  const damaged = memoryStore({ [DAILIES]: "{not json" });
  const two = progress(damaged);
  assert.deepEqual([...two.dailiesSolved()], []);
  assert.equal(two.addDailySolved("2026-12-29"), true);
  assert.ok([...damaged.map.values()].some((v) => v.includes("{not json")), "the damaged text is kept aside");
});

// prepared.js: an answer prepared at build time serves only the exact question it answers; a damaged,
// foreign or missing file answers nothing (the page then waits for Python, never plays a wrong move).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { test } from "node:test";

import { createOpenings, fetchPrepared, preparedAnswer, readPrepared, unpackPrepared } from "../../site/engine/prepared.js";

const state = (moves) => ({ game: "lilypad", history: moves, turn: moves.length % 2 ? "g" : "b", moves: [] });
const answers = {
  game: "lilypad",
  states: { "[]": state([]), '["K@c8"]': state(["K@c8"]), '["K@c8","K@f1"]': state(["K@c8", "K@f1"]) },
  replies: { '["K@c8"]': { 1: ["K@f1", "K@d1"], 3: ["K@f1"] } },
};
const fileOf = (body) => `${createHash("sha256").update(body).digest("hex")}\n${body}`;
const body = JSON.stringify(answers);

test("a file whose digest matches its body is read; any damage, another game or no digest reads as none", async () => {
  assert.deepEqual(await readPrepared(fileOf(body), "lilypad"), answers);
  assert.equal(await readPrepared(fileOf(body), "lion"), null);
  const damaged = fileOf(body).replace("K@f1", "K@h1");
  assert.equal(await readPrepared(damaged, "lilypad"), null);
  assert.equal(await readPrepared(fileOf(body).slice(0, -10), "lilypad"), null); // cut short
  assert.equal(await readPrepared(body, "lilypad"), null);
  assert.equal(await readPrepared(fileOf("not json"), "lilypad"), null);
  assert.equal(await readPrepared(fileOf(JSON.stringify({ ...answers, states: [] })), "lilypad"), null);
  assert.equal(await readPrepared(undefined, "lilypad"), null);
  assert.equal(await readPrepared("", "lilypad"), null);
});

test("a missing file or a failed download is none, never an error", async () => {
  // As engine.js loads a part: downloaded at once, read when needed.
  const loadPrepared = async (game, part, base) => unpackPrepared(await fetchPrepared(game, part, base), game);
  const realFetch = globalThis.fetch;
  try {
    globalThis.fetch = async () => new Response("gone", { status: 404 });
    assert.equal(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), null);
    globalThis.fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    assert.equal(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), null);
    globalThis.fetch = async (url) => {
      assert.equal(String(url), "http://127.0.0.1/site/prepared/lilypad.txt.gz");
      return new Response(gzipSync(fileOf(body)));
    };
    assert.deepEqual(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), answers);
    globalThis.fetch = async () => new Response(fileOf(body)); // unzipped on the way by the host
    assert.deepEqual(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), answers);
    globalThis.fetch = async () => new Response(gzipSync(fileOf(body)).subarray(0, -30)); // cut short
    assert.equal(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), null);
    const flipped = gzipSync(fileOf(body));
    flipped[flipped.length >> 1] ^= 0xff; // damaged inside
    globalThis.fetch = async () => new Response(flipped);
    assert.equal(await loadPrepared("lilypad", "", "http://127.0.0.1/site/"), null);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test("state and play are answered from the line's prepared state, a copy each time", () => {
  const asked = { op: "state", game: "lilypad", variant: null, start: null, moves: ["K@c8"] };
  assert.deepEqual(preparedAnswer(answers, asked), state(["K@c8"]));
  preparedAnswer(answers, asked).turn = "x";
  assert.equal(preparedAnswer(answers, asked).turn, "g");
  assert.deepEqual(preparedAnswer(answers, { op: "play", game: "lilypad", moves: ["K@c8"], move: "K@f1" }), state(["K@c8", "K@f1"]));
});

test("only the exact question is answered: anything else waits for Python", () => {
  const base = { op: "state", game: "lilypad", variant: null, start: null, moves: ["K@c8"] };
  for (const request of [
    { ...base, moves: ["K@a8"] }, // not prepared
    { ...base, moves: ["K@c8", "K@f1", "a6-b5"] },
    { ...base, variant: "invisible-city" },
    { ...base, start: "8/8/8/8/8/8/8/8 b -" },
    { ...base, game: "lion" },
    { ...base, op: "info" },
    { ...base, op: "bestmove", level: 1 },
    { ...base, extra: 1 }, // a field the prepared answer did not consider
    { ...base, moves: "K@c8" },
    { ...base, moves: [["K@c8"]] },
    { ...base, op: "play", move: "K@h1" }, // an illegal or unprepared move: Python says
    { ...base, op: "play", move: null },
    { ...base, op: "think", level: 2 }, // no reply prepared at that level
    { ...base, op: "think", level: 1, lines: 2 },
    { ...base, op: "think", level: 1, nodes: 50 },
    { ...base, op: "__proto__" },
    { ...base, op: "state", moves: ["__proto__"] },
    null,
    "state",
  ]) {
    assert.equal(preparedAnswer(answers, request), null, JSON.stringify(request));
  }
  assert.equal(preparedAnswer(null, base), null);
});

test("the computer's reply is one of its level's prepared moves", () => {
  const think = { op: "think", game: "lilypad", variant: null, start: null, moves: ["K@c8"], level: 1, id: "search-1", slice_ms: 50 };
  assert.deepEqual(preparedAnswer(answers, think, () => 1), { id: "search-1", done: true, best: "K@d1", prepared: true });
  assert.equal(preparedAnswer(answers, think, () => 0).best, "K@f1");
  const seen = new Set(Array.from({ length: 50 }, () => preparedAnswer(answers, think).best));
  assert.deepEqual([...seen].sort(), ["K@d1", "K@f1"]);
  assert.equal(preparedAnswer(answers, { ...think, level: 3 }).best, "K@f1");
});

test("openings: the first part answers the first moves; the rest is read only once needed, then answers too", async () => {
  const first = { ...answers, states: { "[]": state([]), '["K@c8"]': state(["K@c8"]) } };
  const rest = { ...answers, states: { '["K@c8","K@f1"]': state(["K@c8", "K@f1"]) }, replies: {} };
  const fetched = [];
  const fetchPart = async (game, part) => {
    fetched.push(`${game}${part}`);
    return new TextEncoder().encode(fileOf(JSON.stringify(part ? rest : first)));
  };
  const openings = createOpenings(fetchPart);
  assert.equal(openings.loaded("lilypad"), false);
  assert.equal(await openings.load("lilypad"), true);
  assert.equal(openings.loaded("lilypad"), true);
  assert.deepEqual(fetched, ["lilypad", "lilypad-more"]); // both parts downloaded at once
  assert.deepEqual((await openings.answer({ op: "state", game: "lilypad", moves: [] })).history, []);
  // A question only the rest answers waits for it; then it is answered.
  assert.deepEqual((await openings.answer({ op: "state", game: "lilypad", moves: ["K@c8", "K@f1"] })).history, ["K@c8", "K@f1"]);
  assert.equal(await openings.answer({ op: "state", game: "lilypad", moves: ["K@a8"] }), null); // not prepared: Python's
  assert.equal(await openings.answer({ op: "games" }), null);
  assert.equal(await createOpenings(async () => null).load("lion"), false); // none: every question waits for Python
});


test("openings: a question asked while the first part still downloads waits for it, though the rest came first", async () => {
  const first = { ...answers, states: { "[]": state([]) } };
  const rest = { ...answers, states: { '["K@c8"]': state(["K@c8"]) }, replies: {} };
  let sendFirst;
  const firstSent = new Promise((resolve) => (sendFirst = resolve));
  const fetchPart = async (game, part) => {
    if (!part) await firstSent; // the small first part is slower than the rest this time
    return new TextEncoder().encode(fileOf(JSON.stringify(part ? rest : first)));
  };
  const openings = createOpenings(fetchPart);
  void openings.load("lilypad"); // asked for (a game chosen), not awaited
  const asked = openings.answer({ op: "state", game: "lilypad", moves: [] });
  await new Promise((resolve) => setTimeout(resolve, 20)); // the rest is read meanwhile
  sendFirst();
  assert.deepEqual((await asked).history, []); // before the fix: null, and the page waited for Python
});

// records.js: a record is bounded before the engine sees it, the engine's errors come back in its
// words, and an answer that is not a game is refused, never passed on to a view.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_RECORD_BYTES, RecordError, readRecord, readRecordFile } from "../../site/library/records.js";

const GAME = {
  game: "lilypad",
  variant: null,
  start: null,
  moves: ["K@c8", "K@f1"],
  tags: { Event: "x" },
  comments: { 1: "a first flight" },
  result: "0-1",
  resultText: "Green wins",
};

// An engine answering `answer` (or failing with `error`), keeping what it was asked.
function engineAnswering(answer, error = null) {
  const asked = [];
  return {
    asked,
    call: async (request) => {
      asked.push(request);
      if (error) throw error;
      return answer;
    },
  };
}

const bytesFile = (bytes, name = "game.txt", size = bytes.length) => ({ name, size, arrayBuffer: async () => bytes.buffer });
const file = (text, name = "game.txt", size) => bytesFile(new TextEncoder().encode(text), name, size);

test("a record is read by the engine and its game returned", async () => {
  const engine = engineAnswering(GAME);
  assert.deepEqual(await readRecord(engine, '[Game "lilypad"]\n\n1. K@c8 K@f1 *'), GAME);
  assert.deepEqual(engine.asked, [{ op: "record-read", text: '[Game "lilypad"]\n\n1. K@c8 K@f1 *' }]);
  assert.deepEqual(await readRecordFile(engineAnswering(GAME), file("1. K@c8 K@f1")), GAME);
});

test("empty and oversized records never reach the engine", async () => {
  const engine = engineAnswering(GAME);
  await assert.rejects(readRecord(engine, "  \n"), (e) => e instanceof RecordError && /no record/.test(e.message));
  await assert.rejects(readRecord(engine, "x".repeat(MAX_RECORD_BYTES + 1)), { message: "the record is larger than 1 MB" });
  await assert.rejects(readRecordFile(engine, file("", "huge.txt", MAX_RECORD_BYTES + 1)), { message: "the file huge.txt is larger than 1 MB" });
  await assert.rejects(readRecordFile(engine, undefined), { message: "no file was chosen" });
  assert.deepEqual(engine.asked, []);
});

test("the engine's reason is passed on in its words; an unreadable file is said", async () => {
  const engine = engineAnswering(null, { type: "ValueError", message: 'line 3: "K@zz" is not a move of this position' });
  await assert.rejects(readRecord(engine, "1. K@zz"), { message: 'line 3: "K@zz" is not a move of this position' });
  const broken = { name: "gone.txt", size: 10, arrayBuffer: async () => { throw new Error("NotReadableError"); } };
  await assert.rejects(readRecordFile(engine, broken), { message: "the file gone.txt could not be read" });
});

test("a file is read as UTF-8, or UTF-16 with its mark; other text and binary files are refused in words", async () => {
  const engine = engineAnswering(GAME);
  await readRecordFile(engine, file('[Black "José 😀"]\n1. K@c8'));
  const utf16 = (text, le) => {
    const units = [...text].flatMap((ch) => { const c = ch.charCodeAt(0); return le ? [c & 255, c >> 8] : [c >> 8, c & 255]; });
    return new Uint8Array(le ? [0xff, 0xfe, ...units] : [0xfe, 0xff, ...units]);
  };
  await readRecordFile(engine, bytesFile(utf16('[Black "José"]', true)));
  await readRecordFile(engine, bytesFile(utf16('[Black "José"]', false)));
  assert.deepEqual(engine.asked.map((r) => r.text), ['[Black "José 😀"]\n1. K@c8', '[Black "José"]', '[Black "José"]']);
  const latin1 = new Uint8Array([...[...'[Black "Jos'].map((c) => c.charCodeAt(0)), 0xe9, 0x22, 0x5d]);
  await assert.rejects(readRecordFile(engine, bytesFile(latin1, "old.txt")), { message: "the file old.txt is not written as UTF-8 text: save it as UTF-8 (Unicode) and import it again" });
  await assert.rejects(readRecordFile(engine, bytesFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), "icon.png")), { message: "the file icon.png is not a text file (a game record is text)" });
  assert.equal(engine.asked.length, 3);
});

test("an answer that is not a game is refused", async () => {
  for (const answer of [null, 7, "lilypad", {}, { ...GAME, game: 3 }, { ...GAME, moves: "K@c8" }, { ...GAME, moves: [1] }, { ...GAME, start: {} }]) {
    await assert.rejects(readRecord(engineAnswering(answer), "1. K@c8"), (e) => e instanceof RecordError && /not a game/.test(e.message), JSON.stringify(answer));
  }
  const bare = await readRecord(engineAnswering({ game: "lion", moves: [] }), "1.");
  assert.deepEqual(bare, { game: "lion", variant: null, start: null, moves: [], tags: {}, comments: {}, result: null, resultText: null });
  const odd = await readRecord(engineAnswering({ ...GAME, tags: { Black: 5, Green: "Bob" }, comments: "x", resultText: 3 }), "1.");
  assert.deepEqual([odd.tags, odd.comments, odd.resultText], [{ Green: "Bob" }, {}, null]); // only text is passed on
});

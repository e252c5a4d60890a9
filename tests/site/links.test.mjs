// links.js: a link names a game and variant the site has (own keys only), and its position and
// moves are bounded; anything else is a plain-words problem, never an exception.
import assert from "node:assert/strict";
import { test } from "node:test";

import { friendHash, linkHash, readLink } from "../../site/common/links.js";

const catalog = {
  games: [
    { id: "lilypad", title: "Lilypad", variants: ["invisible-city"] },
    { id: "lion", title: "The Lion Game", variants: [] },
  ],
  boards: {
    lilypad: { info: { sides: [{ id: "b" }, { id: "g" }] } },
    "lilypad:invisible-city": { info: { sides: [{ id: "b" }, { id: "g" }] } },
    lion: { info: { sides: [{ id: "w" }, { id: "b" }] } },
  },
};

test("a link to a game, a variant, a position and moves", () => {
  assert.equal(readLink("", catalog), null);
  assert.equal(readLink("#rules=lilypad", catalog), null);
  assert.deepEqual(readLink("#game=lilypad", catalog), { record: { game: "lilypad", variant: null, start: null, moves: [] }, shared: false });
  const link = readLink("#game=lilypad&variant=invisible-city&moves=K%40c8+K%40f1", catalog);
  assert.deepEqual(link.record, { game: "lilypad", variant: "invisible-city", start: null, moves: ["K@c8", "K@f1"] });
  assert.equal(link.shared, true);
});

test("a link of a resigned game says who resigned, one of the game's sides", () => {
  const hash = linkHash({ game: "lilypad", variant: null, start: null, moves: ["K@c8", "K@f1"] }, true, "g");
  assert.equal(hash, "#game=lilypad&moves=K%40c8+K%40f1&resigned=g");
  assert.deepEqual(readLink(hash, catalog), { record: { game: "lilypad", variant: null, start: null, moves: ["K@c8", "K@f1"] }, shared: true, resigned: "g" });
  assert.equal(linkHash({ game: "lilypad", moves: ["K@c8"] }, false, "g"), "#game=lilypad"); // the game only: no moves, no end
  for (const side of ["w", "", "constructor", "__proto__", "g".repeat(5000)]) {
    assert.deepEqual(readLink(`#game=lilypad&moves=K%40c8&resigned=${side}`, catalog), { problem: "the side it says resigned is none of the game's" }, side);
  }
});

test("a bare game id opens that game; other bare words name no game", () => {
  assert.deepEqual(readLink("#lion", catalog), { record: { game: "lion", variant: null, start: null, moves: [] }, shared: false });
  for (const hash of ["#chess", "#library", "#constructor", "#__proto__", "#lion=1", "#lion&lilypad", "#Lion"]) {
    assert.equal(readLink(hash, catalog), null, hash);
  }
});

test("unknown games and variants, built-in names included, are problems in plain words", () => {
  for (const game of ["chess", "constructor", "__proto__", "toString", "hasOwnProperty", ""]) {
    const link = readLink(`#game=${encodeURIComponent(game)}&moves=a`, catalog);
    assert.match(link.problem, /^there is no game called ".*" \(games: Lilypad, The Lion Game\)$/, game);
  }
  assert.equal(readLink("#game=lilypad&variant=bogus", catalog).problem, 'Lilypad has no rule variant called "bogus" (variants: invisible-city)');
  assert.equal(readLink("#game=lion&variant=constructor", catalog).problem, 'The Lion Game has no rule variant called "constructor" (variants: none)');
  assert.match(readLink(`#game=${"x".repeat(5000)}`, catalog).problem, /there is no game called "x{39}…"/);
});

test("oversized positions and moves are refused", () => {
  assert.match(readLink(`#game=lion&start=${"1".repeat(5000)}`, catalog).problem, /far too long/);
  assert.match(readLink(`#game=lion&moves=${"a".repeat(100)}`, catalog).problem, /move 1 is far too long/);
  assert.match(readLink(`#game=lion&moves=${Array(10001).fill("a").join("+")}`, catalog).problem, /10001 moves/);
});

test("linkHash round-trips through readLink", () => {
  const record = { game: "lilypad", variant: "invisible-city", start: "8/8/8/8/8/8/8/8 b -", moves: ["K@c8", "c6-d5"] };
  assert.deepEqual(readLink(linkHash(record, true), catalog).record, record);
  assert.equal(linkHash(record), "#game=lilypad&variant=invisible-city");
});

test("a friend's link carries the game's id, a move code and the reader's side, all checked", () => {
  const record = { game: "lion", variant: null, start: null, moves: [] };
  const link = readLink(friendHash("a1b2-c3", record, "Bx_9-", 1), catalog);
  assert.deepEqual(link, { record, friend: { id: "a1b2-c3", code: "Bx_9-", side: 1 }, shared: true });
  assert.equal(readLink(friendHash("a1b2-c3", record, "Bx_9-", 0), catalog).friend.side, 0);
  assert.equal(readLink("#friend=ok&game=lion&m=AB", catalog).friend.side, null); // made before links said it
  assert.match(readLink("#friend=ok&game=lion&side=2&m=AB", catalog).problem, /side it gives you is damaged/);
  assert.match(readLink("#friend=bad%20id&game=lion&m=AB", catalog).problem, /name in it is damaged/);
  assert.match(readLink("#friend=ok&game=lion&m=A%2BB", catalog).problem, /moves in it are damaged/);
  assert.equal(readLink(`#friend=ok&game=lion&m=${"A".repeat(12000)}`, catalog).friend.code.length, 12000); // as long as Python reads
  assert.match(readLink(`#friend=ok&game=lion&m=${"A".repeat(12001)}`, catalog).problem, /moves in it are damaged/);
  assert.match(readLink("#friend=ok&game=chess&m=AB", catalog).problem, /no game called "chess"/);
});

test("the analysis board's link carries the whole record and the move shown; it reads back as a link", async () => {
  const { analysisHash, isAnalysisHash } = await import("../../site/common/links.js");
  const record = { game: "lilypad", variant: "invisible-city", start: null, moves: ["K@c8", "K@f1", "c6-d5"] };
  const hash = analysisHash(record, 1);
  assert.equal(hash, "#analysis&game=lilypad&variant=invisible-city&moves=K%40c8+K%40f1+c6-d5&at=1");
  assert.equal(isAnalysisHash(hash), true);
  assert.deepEqual(readLink(hash, catalog).record, record);
  assert.equal(analysisHash(record, 3), "#analysis&game=lilypad&variant=invisible-city&moves=K%40c8+K%40f1+c6-d5");
  assert.equal(analysisHash({ game: "lion", variant: null, start: null, moves: [] }), "#analysis&game=lion");
  // A resigned game's link says who resigned, as a game's link does (the analysis board checks the side).
  const resigned = analysisHash(record, 1, "g");
  assert.equal(resigned, "#analysis&game=lilypad&variant=invisible-city&moves=K%40c8+K%40f1+c6-d5&resigned=g&at=1");
  assert.equal(readLink(resigned, catalog).resigned, "g");
  for (const other of ["#game=lilypad", "#analysisx", "#library", ""]) assert.equal(isAnalysisHash(other), false, other);
  assert.equal(isAnalysisHash("#analysis"), true);
});

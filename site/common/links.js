// Links into the site: `#game=lilypad` (or just `#lilypad`), optionally `&variant=...&start=<position>&moves=m1+m2`
// and, for a game that ended so, `&resigned=<side>`.
// A link is untrusted input: its game and variant must be ones the site has (own keys only), and
// its position and moves are bounded in size; Python then replays every move it carries.

import { boardEntry, gameEntry, whyUnknown } from "./catalog.js";
import { LIMITS } from "./saved-game.js";

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const CODE = new RegExp(`^[A-Za-z0-9_-]{0,${LIMITS.code}}$`); // longer than any game's code: damaged

/**
 * Read a link's fragment against the catalog `data`.
 * @returns {null | {record, shared: boolean, friend?: {id, code, side}} | {problem: string}} null when
 *   the fragment names no game; `shared` is true when the link carries a position or moves; `friend`
 *   when it is a game with a friend (its moves still to be decoded by Python; `side`, the index of
 *   the side the link's reader plays, null in links that do not say it); `problem` says in
 *   plain words why the link cannot be opened.
 */
export function readLink(hash, data) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ""));
  const game = params.get("game") ?? bareGame(params, data);
  if (game === null) return null;
  const variant = params.get("variant") || null;
  const unknown = whyUnknown(data, game, variant);
  if (unknown) return { problem: unknown };
  const start = params.get("start") || null;
  if (start && start.length > LIMITS.position) return { problem: "its position is far too long to be a position string" };
  const friend = params.get("friend");
  if (friend !== null) {
    // A game with a friend: the game's id (so the friend's library updates one entry) and the
    // moves as a short code, which Python decodes and replays.
    const code = params.get("m") ?? "";
    if (!ID.test(friend)) return { problem: "the game's name in it is damaged" };
    if (!CODE.test(code)) return { problem: "the moves in it are damaged" };
    const side = params.get("side");
    if (side !== null && side !== "0" && side !== "1") return { problem: "the side it gives you is damaged" };
    return { record: { game, variant, start, moves: [] }, friend: { id: friend, code, side: side && Number(side) }, shared: true };
  }
  const moves = (params.get("moves") ?? "").split(/\s+/).filter(Boolean);
  if (moves.length > LIMITS.moves) return { problem: `it has ${moves.length} moves, more than the ${LIMITS.moves} a game may have` };
  const long = moves.find((m) => m.length > LIMITS.move);
  if (long) return { problem: `move ${moves.indexOf(long) + 1} is far too long to be a move` };
  const link = { record: { game, variant, start, moves }, shared: params.has("start") || params.has("moves") };
  const resigned = params.get("resigned");
  if (resigned === null) return link;
  // Who resigned at the moves' end (the game view applies it if the moves leave the game open).
  const sides = boardEntry(data, game, variant)?.info?.sides ?? [];
  if (!sides.some((s) => s.id === resigned)) return { problem: "the side it says resigned is none of the game's" };
  return { ...link, resigned };
}

/** A fragment that is just a game's id (`#lion`, as a person may type it) names that game, as
 * `#game=lion` does; anything else names none (null). */
function bareGame(params, data) {
  const keys = [...params.keys()];
  return keys.length === 1 && params.get(keys[0]) === "" && gameEntry(data, keys[0]) ? keys[0] : null;
}

/**
 * The fragment of a game with a friend: its library id, the record, its moves' `code`, and the
 * index of the side the friend plays (so that an invitation sent before the first move gives them
 * their side, whoever moves first).
 */
export function friendHash(id, record, code, side) {
  const params = new URLSearchParams({ friend: id, game: record.game });
  if (record.variant) params.set("variant", record.variant);
  if (record.start) params.set("start", record.start);
  params.set("side", String(side));
  params.set("m", code); // last: the moves' code, the part a link's length grows with
  return `#${params}`;
}

/**
 * The fragment that opens `record`: the game and variant, and with `full` its position and moves,
 * and the side that resigned at their end (`resigned`), if one did.
 */
export function linkHash(record, full = false, resigned = null) {
  const params = new URLSearchParams({ game: record.game });
  if (record.variant) params.set("variant", record.variant);
  if (full && record.start) params.set("start", record.start);
  if (full && record.moves.length) params.set("moves", record.moves.join(" "));
  if (full && resigned) params.set("resigned", resigned);
  return `#${params}`;
}

/**
 * The fragment of the analysis board for `record` (every move of it), showing the position after
 * the first `at` moves when `at` is given and short of the end: `#analysis&game=...&moves=...&at=3`;
 * with `resigned`, the side that resigned at the moves' end, as a game's link says it.
 */
export function analysisHash(record, at = null, resigned = null) {
  const params = new URLSearchParams(linkHash(record, true, resigned).slice(1));
  if (Number.isInteger(at) && at >= 0 && at < record.moves.length) params.set("at", String(at));
  return `#analysis&${params}`;
}

/** Whether a fragment opens the analysis board (`#analysis`, `#analysis&game=...`, `#analysis=...`). */
export const isAnalysisHash = (hash) => /^#analysis(?:[&=]|$)/.test(String(hash));

// Games with a friend elsewhere, by link: the moves go back and forth as links; each side's library
// keeps one entry for the game (the link carries its id).

import { app, chooseMode, continuing, engine, isFriendGame, onShown, openFirst, request, sideName } from "./game.js";
import { friendHash } from "./links.js";
import { describeError, showMessage } from "./messages.js";
import { atEnd } from "./review.js";

const $ = (id) => document.getElementById(id);

// In a friend game, once it is the friend's turn (or the game is over), offer the link to send:
// the game's id (so their library updates one entry) and the moves as a short code.
async function renderFriend() {
  const box = $("friend-box");
  const waiting = isFriendGame() && app.state && atEnd(app.line) && (app.players[app.state.turn] === "friend" || app.state.result != null);
  box.hidden = !waiting;
  if (!waiting) return;
  const record = { ...app.record, moves: app.line.moves };
  const entryId = app.entry.id;
  try {
    const { code } = await engine.call(request("link-encode", record));
    if (app.entry.id !== entryId) return;
    const url = new URL(friendHash(entryId, record, code), location.href).href;
    $("friend-link").value = url;
    const turn = app.state.result != null ? "The game is over: send the last move" : `It is ${sideName(app.state.turn)}'s turn`;
    $("friend-note").textContent = `${turn}. Send this link to your friend; they reply with a link of their own.`;
  } catch (error) {
    $("friend-note").textContent = `The link could not be made: ${describeError(error)}`;
  }
}

async function sendFriendLink() {
  const url = $("friend-link").value;
  try {
    if (navigator.share) await navigator.share({ title: `${app.info.title} · Kings & Soldiers`, url });
    else {
      await navigator.clipboard.writeText(url);
      $("friend-note").textContent = "Copied: paste it into a message to your friend.";
    }
  } catch {
    $("friend-link").select(); // shared nowhere (cancelled, or no clipboard): the person copies it
  }
}

// A friend's link: Python decodes and replays the moves; the game goes into the library entry with
// the link's id (updated, not copied). A link older than the game held here keeps the newer game.
export async function openFriendLink(link) {
  const { game, variant, start } = link.record;
  const decoded = await engine.call({ op: "link-decode", game, variant, start, code: link.friend.code });
  const record = { game, variant, start, moves: decoded.moves };
  const held = app.library.entries.get(link.friend.id);
  const isPrefix = (a, b) => a.length <= b.length && a.every((m, i) => m === b[i]);
  const sameGame = held && held.record.game === game && held.record.variant === variant && held.record.start === start;
  let open = { label: "Your friend's link", record, entry: held ?? { id: link.friend.id, created: new Date().toISOString() } };
  if (sameGame && held.record.moves.length > record.moves.length && isPrefix(record.moves, held.record.moves)) {
    showMessage(`That link is older than the game you have (${record.moves.length} moves, yours has ${held.record.moves.length}): your newer game is kept.`, { kind: "note" });
    open = continuing("Your game", held);
  } else if (held && !(sameGame && isPrefix(held.record.moves, record.moves))) {
    showMessage("That link does not continue the game you have with that name, so it opens as a new game; yours is kept in the library.", { kind: "note" });
    open = { ...open, entry: null };
  }
  if (!(await openFirst([open]))) return false;
  // The person here plays the side whose turn it is now (their friend made the last move).
  const index = app.info.sides.findIndex((side) => side.id === app.state.turn);
  if (index >= 0) chooseMode(`friend-${index}`);
  return true;
}

// Offer the link whenever a friend game waits for the friend.
export function wireFriendGames() {
  onShown(renderFriend);
  $("friend-send").onclick = () => void sendFriendLink();
}

// Games with a friend elsewhere, by link: the moves go back and forth as links; each side's library
// keeps one entry for the game (the link carries its id).

import { app, chooseMode, continuing, engine, isFriendGame, onShown, openFirst, request, sideName } from "./game.js";
import { friendHash } from "../common/links.js";
import { describeError, showMessage } from "../common/messages.js";
import { pageTitle, plural } from "../common/words.js";
import { atEnd } from "./line.js";

const $ = (id) => document.getElementById(id);

// In a friend game, offer the link to send when there is one to send: the invitation before the
// first move (whoever moves first), then each time it is the friend's turn, and at the end; Share
// (`always`) offers it at any time. The link holds the game's id (so the friend's library updates
// one entry), the moves as a short code, and the friend's side.
let made = { key: null, url: "" }; // the last link made: showing it again (Share) needs no new one

async function renderFriend({ always = false } = {}) {
  const box = $("friend-box");
  const friendGame = isFriendGame() && app.state && atEnd(app.line);
  const friendsTurn = friendGame && app.players[app.state.turn] === "friend";
  const over = friendGame && app.state.result != null;
  const invitation = friendGame && app.line.moves.length === 0;
  box.hidden = !(friendGame && (always || friendsTurn || over || invitation));
  if (box.hidden) return;
  const record = { ...app.record, moves: app.line.moves };
  const entryId = app.entry.id;
  const friendSide = app.info.sides.findIndex((side) => app.players[side.id] === "friend");
  const friend = sideName(app.info.sides[friendSide].id);
  const key = JSON.stringify([entryId, record, friendSide]);
  if (made.key !== key) {
    // Never a stale link on show while the new one is made (a link without the last move loses it).
    $("friend-link").value = "";
    $("friend-note").textContent = "Making the link…";
    try {
      const { code } = await engine.call(request("link-encode", record));
      if (app.entry.id !== entryId) return;
      made = { key, url: new URL(friendHash(entryId, record, code, friendSide), location.href).href };
    } catch (error) {
      $("friend-note").textContent = `The link could not be made: ${describeError(error)}`;
      return;
    }
  }
  $("friend-link").value = made.url;
  let note = `It is your turn: this link shows your friend the game as it is.`;
  if (over) note = "The game is over: send the last move. Send this link to your friend.";
  else if (invitation) note = `Send this link to invite your friend: they play ${friend}${friendsTurn ? " and move first" : `. After each of your moves, send them the new link`}.`;
  else if (friendsTurn) note = `It is ${friend}'s turn. Send this link to your friend; they reply with a link of their own.`;
  $("friend-note").textContent = note;
}

async function sendFriendLink() {
  const url = $("friend-link").value;
  try {
    if (navigator.share) await navigator.share({ title: pageTitle(app.info.title), url });
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
    showMessage(`That link is older than the game you have (${plural(record.moves.length, "move")}, yours has ${held.record.moves.length}): your newer game is kept.`, { kind: "note" });
    open = continuing("Your game", held);
  } else if (held && !(sameGame && isPrefix(held.record.moves, record.moves))) {
    showMessage("That link does not continue the game you have with that name, so it opens as a new game; yours is kept in the library.", { kind: "note" });
    open = { ...open, entry: null };
  }
  if (!(await openFirst([open]))) return false;
  // The person here plays the side the link gives them; a link that does not say (made before
  // links did), the side whose turn it is now (their friend made the last move).
  const side = link.friend.side ?? app.info.sides.findIndex((s) => s.id === app.state.turn);
  if (side >= 0 && side < app.info.sides.length) chooseMode(`friend-${side}`);
  return true;
}

// Offer the link whenever a friend game waits for the friend. In a friend game, Share shares the
// link for the friend (the game's own Share, wired before, makes a plain link to the game).
export function wireFriendGames() {
  onShown(renderFriend);
  $("friend-send").onclick = () => void sendFriendLink();
  const shareGame = $("share").onclick;
  $("share").onclick = async () => {
    if (!isFriendGame()) return shareGame();
    await renderFriend({ always: true });
    await sendFriendLink();
  };
}

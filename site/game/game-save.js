// Keeping games in the library: the game on the board after each change, and a position set up in
// the editor. The address follows the game on the board.

import { linkHash } from "../common/links.js";
import { showMessage } from "../common/messages.js";
import { newId } from "../common/saved-game.js";
import { app, isDemo, knownGames, newEntry, storage } from "./game-state.js";

const $ = (id) => document.getElementById(id);

// Keep the game on the board in its library entry (written alone: other games, and other tabs'
// games, are not touched). A demo is the computer's game, not the person's: it is kept only once
// it goes on from moves that were kept (a game the person left to the computer).
export function save() {
  const { record, state, line } = app;
  app.entry ??= newEntry();
  if (isDemo() && !app.library.entries.get(app.entry.id)?.record.moves.length) return nameGame();
  const entry = {
    id: app.entry.id,
    record: { ...record, moves: line.moves },
    cursor: line.cursor,
    board: state.board,
    lastMove: state.lastMove && { path: state.lastMove.path, removed: state.lastMove.removed },
    mode: app.mode,
    level: app.mode === "two" ? null : app.level,
    created: app.entry.created,
    updated: new Date().toISOString(),
    // The game's result, whichever of its moves the board shows (a finished game under review stays finished).
    result: line.end?.result ?? null,
    resultText: line.end?.resultText ?? null,
    resigned: line.end?.resigned ?? null,
    takenBack: Boolean(line.takenBack),
    imported: null,
  };
  if (app.entry.imported) entry.imported = importedStill(app.entry.imported, line);
  let kept = storage.writeEntry(entry);
  if (!kept && storage.readEntry(entry.id, knownGames()).problem) {
    // Another tab left a text this page cannot read under this game's key: it stays, and this game
    // is kept under a new one.
    app.entry = { ...app.entry, id: newId() };
    entry.id = app.entry.id;
    kept = storage.writeEntry(entry);
  }
  app.library.entries.set(entry.id, entry);
  app.library.last = { ...app.library.last, current: entry.id, [record.game]: entry.id };
  if (!kept && !app.storageFull) {
    showMessage("This browser is not keeping your games (its storage is full or turned off): they will be lost when the page closes.");
  }
  app.storageFull = !kept;
  nameGame();
}

// What an imported record said beyond its moves holds while its moves are played as it gave them.
function importedStill(imported, { moves, end }) {
  const same = (n) => moves.length >= n && imported.moves.slice(0, n).every((m, i) => m === moves[i]);
  const comments = Object.fromEntries(Object.entries(imported.comments).filter(([ply]) => same(Number(ply))));
  const result = moves.length === imported.moves.length && same(moves.length) && (!end?.result || end.offBoard) ? imported.result : null;
  return { ...imported, comments, result, resultText: result && imported.resultText };
}

// The address names the game while the game is the view shown (not under the library, rules...).
export function nameGame() {
  if (!$("game-view").hidden) history.replaceState(null, "", linkHash(app.record));
}

// A position set up in the editor, kept in the library as a game not yet begun.
export function keepPosition(record, board) {
  const now = new Date().toISOString();
  const entry = { id: newId(), record, cursor: 0, board, lastMove: null, mode: "two", level: null, created: now, updated: now, result: null, resultText: null, resigned: null };
  app.library.entries.set(entry.id, entry);
  return storage.writeEntry(entry);
}

// The game view's state: the one `app` object (what the board shows, who plays, the library), the
// engine and storage it talks to, and small answers read off it. Nothing here touches the page.

import { sideName as nameOfSide } from "../common/words.js";
import { newId } from "../common/saved-game.js";
import { createStorage } from "../common/storage.js";
import { sharedEngine } from "../engine/engine.js";
import { atEnd, isOver, lineOf } from "./line.js";

export const engine = sharedEngine(); // first of all: Python downloads while the page sets itself up
export const storage = createStorage();

export const app = {
  catalog: null,
  library: { entries: new Map(), last: {} }, // every saved game, checked (saved-game.js)
  entry: null, // the library entry of the game on the board: {id, created}
  storageFull: false, // said once: the browser keeps no more of the games
  record: null, // the game as the board shows it: the line's moves up to its cursor
  line: lineOf([]), // the moves of the game, the cursor (how many the board shows), and what a new line replaced (line.js)
  info: null, // Python's fixed facts of record.game / record.variant
  state: null, // Python's state of record
  orientation: "normal", // each game opens facing the person (facePerson); Flip is for the moment
  ready: false,
  busy: false,
  // Who plays each side (side id -> "human" | "computer"); a side not listed is human. This is the
  // one place that decides whether the board takes input. Set from `mode` by assignPlayers().
  players: {},
  mode: "two", // "two" people, "play-<side index>" against the computer, a "demo", or "friend-<side index>" (MODES)
  level: null, // the computer's level (1-5), once the catalog's level table is known
  paused: false, // a demo waits while paused
  thinking: null, // the computer's search in progress: {cancelled, job}
  resignAsked: null, // the side Resign was pressed for: its confirmation is shown, until another action
};

/** A side's name in the game shown (its id before the game is known). */
export const sideName = (id) => nameOfSide(app.info, id);
export const fresh = (game, variant = null) => ({ game, variant, start: null, moves: [] });
export const request = (op, record, extra = {}) => ({
  op,
  game: record.game,
  variant: record.variant,
  start: record.start,
  moves: record.moves,
  ...extra,
});

// -- who plays -------------------------------------------------------------------------------------

// Who plays: two people here, a person against the computer, the computer against itself, or a
// person here against a friend elsewhere, the moves going back and forth by link.
export const MODES = ["two", "play-0", "play-1", "demo", "friend-0", "friend-1"];
export const isFriendGame = () => app.mode.startsWith("friend-");
export const isDemo = () => app.mode === "demo";
export const humanToMove = () => (app.players[app.state?.turn] ?? "human") === "human";
export const someoneHuman = () => Object.values(app.players).includes("human");
// Undo takes moves back to the person's turn. In a friend game only the person's own last move: a
// move the friend made is theirs (taken back, it would leave the board on the friend's turn).
export const friendMovedLast = () => isFriendGame() && app.state != null && app.players[app.state.turn] !== "friend";
// Against the computer, back to the person's turn before this position: two moves back when it is
// the person's turn, one when it is the computer's (sides alternate in every game). So never back
// past the computer's first move, to a start where it would have to move again.
const againstComputer = () => someoneHuman() && Object.values(app.players).includes("computer");
const undoSteps = () => (againstComputer() && app.state && app.players[app.state.turn] !== "computer" ? 2 : 1);
export const canUndo = () => app.line.cursor >= undoSteps() && !friendMovedLast();
// Whether the board shows a game that is over: by the rules there, or at the end of a resigned one.
export const finishedHere = () => app.state?.result != null || (atEnd(app.line) && isOver(app.line));
// Who may resign now: against the computer the person, between two people here the side to move;
// not the computer's own game, nor a friend's (the friend would never learn of it).
export function resigningSide() {
  // At the line's end, or where Undo went back to play on (not while only looking back).
  if (!app.state || finishedHere() || !(atEnd(app.line) || app.line.takenBack) || isDemo() || isFriendGame()) return null;
  if (app.mode === "two") return app.state.turn;
  return Object.keys(app.players).find((side) => app.players[side] === "human") ?? null;
}

// The Players setting a new game starts with: the person's last choice of two players or of a side
// against the computer. A demo or a friend game belongs to its own game (its library entry keeps
// it): after a demo, another game does not start playing by itself.
export const REMEMBERED_MODES = ["two", "play-0", "play-1"];
export function readMode() {
  const mode = storage.readSetting("players");
  return REMEMBERED_MODES.includes(mode) ? mode : "two"; // a damaged setting is ignored
}

export function assignPlayers() {
  const [kind, index] = app.mode.split("-");
  const other = kind === "friend" ? "friend" : "computer";
  app.players = Object.fromEntries(
    (app.info?.sides ?? []).map((side, i) => [side.id, app.mode === "two" || String(i) === index ? "human" : other]),
  );
}


// -- the library -----------------------------------------------------------------------------------

export const newEntry = () => ({ id: newId(), created: new Date().toISOString() });

/** The ids of the games the site has (storage checks entries against them). */
export const knownGames = () => new Set(app.catalog?.games.map((g) => g.id) ?? []);

// The library entry to continue for a game: the one it showed last, else its latest.
export function entryOf(game) {
  const last = app.library.entries.get(app.library.last[game]);
  if (last?.record.game === game) return last;
  return [...app.library.entries.values()].filter((e) => e.record.game === game).sort((a, b) => b.updated.localeCompare(a.updated))[0] ?? null;
}

// What openFirst tries: a library entry, to continue.
export const continuing = (label, entry) => entry && { label, record: entry.record, cursor: entry.cursor, entry };

// What the boards of a page share: the rules engine of the ones that are played (loaded on first
// use), and their games kept over a new version's reload. A page of diagrams never loads the engine
// (nor takeover.js): it fetches nothing more.

/** This script was loaded by a page of another site (which its host allowed with CORS): diagrams only. */
const FOREIGN = new URL(import.meta.url).origin !== location.origin;

/** Lazily: the engine module (and so the worker) is loaded only by a board that is played. */
let engineModule = null;
export const sharedEngine = async () => {
  if (FOREIGN) throw new Error(`a board that plays needs the rules engine's worker, and a browser starts a worker only from the page's own site: on another site, embed ${new URL("../board.html", import.meta.url)} in an iframe`);
  return (await (engineModule ??= loadEngine())).sharedEngine();
};

function loadEngine() {
  // A page that plays fetches files later (its worker's), so a new version of the site must reload
  // it, not mix its files into this page's code (takeover.js); its boards keep their games. A page
  // of diagrams fetches nothing more: it stays as it is, and does not download takeover.js.
  import("../common/takeover.js").then(({ beforeReload }) => beforeReload(() => keepGames(gatherGames())), () => {});
  return import("../engine/engine.js");
}

// A new version of the site reloads every page of it (takeover.js): each board with moves played
// keeps them over that reload in sessionStorage, by its id (or its place in the page) and what it
// started from, and takes them back once. (board.html also puts them in its address: a frame of
// another site may have no storage.)
const KEPT = `ks-board-kept:${location.pathname}`;
const MAX_KEPT_MOVES = 2000;
let keptGames = null; // {board: {from, moves}}, read once per page and then forgotten
let gatherGames = () => ({}); // the page's games to keep: set by ks-board.js

/** `gather()` returns the games to keep ({board: {from, moves}}) just before a reload. */
export function keepGamesFrom(gather) {
  gatherGames = gather;
}

function keepGames(games) {
  if (Object.keys(games).length) sessionStorage.setItem(KEPT, JSON.stringify(games));
}

/** The moves kept for `board` over a reload, if it started from `from` (once: then they are forgotten). */
export function takeKeptMoves(board, from) {
  if (keptGames === null) {
    keptGames = {};
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEPT) ?? "{}");
      sessionStorage.removeItem(KEPT);
      if (saved && typeof saved === "object" && !Array.isArray(saved)) keptGames = saved;
    } catch {
      // no storage (a blocked frame) or damaged data: nothing kept
    }
  }
  const game = Object.hasOwn(keptGames, board) ? keptGames[board] : null;
  delete keptGames[board];
  const valid = game?.from === from && Array.isArray(game.moves) && game.moves.length <= MAX_KEPT_MOVES &&
    game.moves.every((m) => typeof m === "string" && m.length <= 200);
  return valid ? game.moves : null;
}

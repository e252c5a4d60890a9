// The computer player, and the choices of who plays (the Players setting), at what level, and a
// demo's pause. The computer's move is searched in the worker and played like a person's.

import { describeError, showMessage } from "../common/messages.js";
import { facePerson, followActions, newGame, play, tellShown } from "./game-ctrl.js";
import { app, assignPlayers, engine, fresh, isDemo, knownGames, MODES, REMEMBERED_MODES, request, someoneHuman, storage } from "./game-state.js";
import { renderControls, renderResult } from "./game-view.js";
import { atEnd, isOver } from "./line.js";

const $ = (id) => document.getElementById(id);
const DEMO_PAUSE_MS = 700; // between the moves of a demo, so people can follow them

// A page's first search in Pyodide pays a one-time cost (measured 0.1-1.5 s on a busy machine,
// spent inside the search's first slice), which would eat a level's whole budget: pay it with a
// tiny search as soon as a computer plays, before its first real move. Once per page.
let searchWarm = false;
function warmUpSearch() {
  if (searchWarm || !app.ready || !Object.values(app.players).includes("computer")) return;
  searchWarm = true;
  const start = fresh(app.record.game, app.record.variant);
  engine.call(request("bestmove", start, { nodes: 50 })).catch(() => {}); // a failure shows on the first real search
}

// Two tabs showing one saved game both reach the computer's turn: one searches and plays, the
// other waits for the same lock; the move saved meanwhile reaches it as another tab's change, which
// cancels its search before it starts. If the searching tab closes first, the waiting one searches.
function oneTabAtATime(entryId, fn) {
  const locks = globalThis.navigator?.locks;
  return entryId && locks ? locks.request(`kings-and-soldiers/computer/${entryId}`, fn) : fn();
}

// Whether the saved game has gone on from `record` (another tab played the move): read from
// storage itself. A save this tab could not make (storage full) leaves it behind, never ahead.
// Its position counts, not its moves: a game saved where Undo went back keeps the moves after it.
function playedOnElsewhere(record) {
  const saved = app.entry ? storage.readEntry(app.entry.id, knownGames()).entry : null;
  const moves = saved?.record.moves;
  return Array.isArray(moves) && Number.isInteger(saved.cursor) && saved.cursor > record.moves.length && record.moves.every((move, i) => moves[i] === move);
}

// If it is the computer's turn, search for its move in the worker and play it like a person's.
export function startThinking() {
  warmUpSearch();
  // At the line's end; or where Undo went back to, if the computer is to move there (a game saved
  // by an older version after an Undo of the computer's first move): it plays on from there.
  const playsOn = atEnd(app.line) || (app.line.takenBack && someoneHuman());
  if (!app.ready || app.busy || app.thinking || !app.state || app.state.result != null || !playsOn || isOver(app.line)) return;
  if (app.players[app.state.turn] !== "computer" || (isDemo() && app.paused) || app.level == null) return;
  const search = { cancelled: false, job: null };
  const record = app.record;
  app.thinking = search;
  renderControls();
  void (async () => {
    try {
      if (isDemo()) await new Promise((resolve) => setTimeout(resolve, DEMO_PAUSE_MS));
      await oneTabAtATime(app.entry?.id, async () => {
        // The other tab's move arrived while this one waited: said by its storage event, or already
        // saved when the lock comes before that event does (then this one would search it again).
        if (search.cancelled || playedOnElsewhere(record)) return;
        search.job = engine.think(request("think", record, { level: app.level }));
        const answer = await search.job.result;
        if (search.cancelled || !answer || app.record !== record) return;
        if (!app.state.moves.some((move) => move.text === answer.best)) throw new Error("the engine's answer was not a legal move (reload the page to try again)");
        app.thinking = null;
        await play(answer.best, { byComputer: true }); // saved, so the waiting tab hears of it
      });
    } catch (error) {
      if (!search.cancelled && error?.type !== "WorkerLost") showMessage(`The computer could not move: ${describeError(error)}`);
    } finally {
      if (app.thinking === search) {
        app.thinking = null;
        renderControls();
      }
    }
  })();
}

export function stopThinking() {
  const search = app.thinking;
  if (!search) return;
  search.cancelled = true;
  search.job?.cancel();
  app.thinking = null;
  renderControls();
}

// A person's action stops the search; after every action, the computer moves if it is its turn.
followActions({ personActs: stopThinking, settled: startThinking });

export function chooseMode(mode) {
  app.mode = MODES.includes(mode) ? mode : "two";
  $("mode").value = app.mode; // when chosen by a button (Rematch, sides switched)
  if (REMEMBERED_MODES.includes(app.mode)) storage.writeSetting("players", app.mode);
  app.paused = false;
  stopThinking();
  assignPlayers();
  facePerson();
  if (isOver(app.line)) renderResult(); // "You won" depends on who plays
  renderControls();
  tellShown(); // a friend game's invitation
  startThinking();
}

export function chooseLevel(level) {
  app.level = level;
  storage.writeSetting("level", String(level));
  if (!app.thinking) return;
  stopThinking(); // think again at the new level
  startThinking();
}

export function togglePause() {
  app.paused = !app.paused;
  if (app.paused) stopThinking();
  renderControls();
  startThinking();
}

// A new game of the same game and variant; `switched` gives the person the other side.
export function rematch(switched = false) {
  if (switched) chooseMode(app.mode === "play-0" ? "play-1" : "play-0");
  return newGame();
}

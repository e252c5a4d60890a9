// What happens to the game on the board: opening a game, moves played, going through the line,
// Undo and Redo, new games. Each asks Python (in the worker) under act(), then show()s its answer:
// drawn (game-view.js), kept (game-save.js), and passed on to the features that follow the game.

import { boardEntry, bottomSide } from "../common/catalog.js";
import { linkHash } from "../common/links.js";
import { describeError, errorsShown, showMessage } from "../common/messages.js";
import { plural } from "../common/words.js";
import { isBegun, newId } from "../common/saved-game.js";
import { describeMove } from "../board/speech.js";
import { save } from "./game-save.js";
import { app, canUndo, continuing, engine, entryOf, fresh, MODES, newEntry, readMode, request, resigningSide, someoneHuman } from "./game-state.js";
import { announce, board, moveLabel, renderControls, renderHeading, renderPanel, renderSavedMoves } from "./game-view.js";
import { atEnd, declaredEnd, endedBy, endOf, lineOf, moveTo, played, resignedEnd, resignedHere, shown, undone } from "./line.js";

const $ = (id) => document.getElementById(id);

// Show `state` (Python's answer for the record the board shows), animating `motion` ({path,
// removed} or true) if given; `line` is the game's line of moves when it changes (line.js).
// A move that animates is said to screen readers too.
function show(state, info, motion = null, line = null) {
  const geometryChanged = info !== app.info;
  const before = app.state?.board;
  app.line = endedBy(line ?? app.line, state);
  app.info = info;
  app.state = state;
  if (motion?.path && before && state.lastMove) announce(describeMove(state.lastMove, before, info));
  app.record = {
    game: state.game,
    variant: state.variant,
    start: state.start === info.start ? null : state.start,
    moves: state.history,
  };
  board.set({
    ...(geometryChanged ? { geometry: info, pieces: info.pieces, sides: info.sides } : {}),
    label: `${info.title} board`,
    position: state.board,
    lastMove: state.lastMove,
    marks: state.status.marks,
    animate: geometryChanged ? false : motion,
  });
  renderPanel();
  save();
  tellShown();
}

// Features that draw something of their own for each state shown (a friend game's link).
const shownListeners = [];
export const onShown = (listener) => shownListeners.push(listener);
export const tellShown = () => {
  for (const listener of shownListeners) void listener();
};

// -- talking to Python -----------------------------------------------------------------------------

async function fetchGame(record) {
  const state = await engine.call(request("state", record));
  const info =
    app.info?.game === record.game && app.info?.variant === (record.variant ?? null) && app.ready
      ? app.info
      : await engine.call({ op: "info", game: record.game, variant: record.variant });
  return { state, info };
}

// The computer player (game-computer.js) follows the actions: a person's action stops its search,
// and when any action is done it moves if it is its turn. Hooks, so that this module, below the
// players, knows none of them.
const actionHooks = { personActs: () => {}, settled: () => {} };
export const followActions = (hooks) => Object.assign(actionHooks, hooks);

// Run one action against Python: the controls wait, and any error is shown (the game stays). A
// person's action cancels the computer's search; when the action is done, the computer moves if
// it is its turn.
export async function act(task, { byComputer = false } = {}) {
  if (app.busy || !app.ready) return;
  if (!byComputer) {
    app.resignAsked = null; // another action answers the question
    actionHooks.personActs();
  }
  app.busy = true;
  renderControls();
  try {
    await task();
  } catch (error) {
    board.cancel(); // a move that failed leaves its piece where it was
    if (error?.type !== "WorkerLost") showMessage(describeError(error)); // onEngineLost says that
  } finally {
    app.busy = false;
    renderControls();
    actionHooks.settled();
  }
}

// -- opening games ---------------------------------------------------------------------------------

// Open the first of `tries` ({label, record, cursor?, entry?, imported?}) that Python accepts; say
// why others failed. Every move of the record is checked; the board shows the first `cursor` of
// them. A try with a library entry continues it; one without starts a new entry (the others stay),
// with `imported` (storage.js) when it comes from a record.
export async function openFirst(tries) {
  // Errors about the game on the board now (a bad move, a bad link) go once another game is shown.
  const before = app.entry?.id;
  const stale = before ? errorsShown() : [];
  for (const { label, record, cursor, entry, imported = null, resigned = null } of tries) {
    try {
      const { state: end, info } = await fetchGame(record);
      const saved = lineOf(end.history, cursor, savedEnd(entry ?? { record, imported, resigned }, end, info) ?? endOf(end));
      // Moves Undo took back to play on (here, after a reload, or in another tab): the result stays hidden.
      const line = entry?.takenBack && !atEnd(saved) ? { ...saved, takenBack: true } : saved;
      const state = atEnd(line) ? end : await engine.call(request("state", { ...record, moves: shown(line) }));
      app.entry = entry ? { id: entry.id, created: entry.created, imported: entry.imported ?? null } : { ...newEntry(), imported };
      // A saved game goes on with the players it had; a new one, or one saved before its first move
      // (a game only looked at), starts with the person's setting.
      const ownPlayers = entry && !(entry.record && !isBegun(entry));
      const mode = !ownPlayers ? readMode() : MODES.includes(entry.mode) ? entry.mode : app.mode;
      if (mode !== app.mode) {
        app.mode = mode;
        app.paused = false;
        $("mode").value = app.mode;
      }
      // ... and at the level it was played at (Your games lists it so), whatever this tab last chose.
      if (ownPlayers && entry.level && app.catalog.levels.levels.some((l) => l.level === entry.level)) {
        app.level = entry.level;
        $("level").value = String(app.level);
      }
      show(state, info, null, line);
      facePerson();
      if (app.entry.id !== before) for (const box of stale) box.remove();
      return true;
    } catch (error) {
      if (label) showMessage(`${label} could not be opened: ${describeError(error)}`);
    }
  }
  return false;
}

// How a saved, linked or imported game ended off the board (resigned, or as an imported record
// declares), if its moves, as Python replayed them, leave the game open.
function savedEnd(entry, end, info) {
  if (!entry?.record || end.result != null || JSON.stringify(entry.record.moves) !== JSON.stringify(end.history)) return null;
  const side = entry.resigned;
  if (side) return info.sides.some((s) => s.id === side) ? resignedEnd(side, info.sides) : null;
  const { imported } = entry;
  const declared = imported && JSON.stringify(imported.moves) === JSON.stringify(end.history);
  return declared ? declaredEnd(imported.result, imported.resultText, info.sides) : null;
}

// Draw a record before Python can check it: from the build's catalog, or from the save.
export function drawAtOnce({ record, entry: saved }) {
  const entry = boardEntry(app.catalog, record.game, record.variant);
  if (!entry) return;
  const same = (a, b) => a && b && JSON.stringify(a) === JSON.stringify(b);
  const isNew = !record.start && !record.moves.length;
  let position = {};
  let lastMove = null;
  if (isNew) position = entry.state.board;
  else if (same(saved?.record, record) && saved.board) {
    // a saved drawing, of this game's pieces only (Python redraws it once it has replayed the record)
    position = Object.fromEntries(Object.entries(saved.board).filter(([, p]) => Object.hasOwn(entry.info.pieces, p)));
    lastMove = saved.lastMove;
  }
  app.info = entry.info;
  app.record = record;
  board.set({ geometry: entry.info, pieces: entry.info.pieces, sides: entry.info.sides, position, lastMove });
  if (isNew) {
    app.state = entry.state; // a state Python wrote at build time
    app.line = lineOf([], 0, endOf(entry.state));
    renderPanel();
  } else {
    renderHeading();
    const cursor = same(saved?.record, record) ? saved.cursor : record.moves.length;
    renderSavedMoves(record.moves, cursor, record.start ? null : entry.state.turn);
  }
}

// The top bar's choice: the game the person played last there, else a new one.
export function chooseGame(game) {
  if (game === app.record?.game) return;
  return act(async () => {
    const tries = [continuing("Your saved game", entryOf(game)), { label: "", record: fresh(game) }].filter(Boolean);
    drawAtOnce(tries[0]);
    await openFirst(tries);
  });
}

// A new game's library entry: a new one, so that the game in progress stays in the library; but a
// game nothing was played in holds nothing of the person's, and the new game takes its entry.
function entryForNewGame() {
  const begun = !app.entry || isBegun({ record: { ...app.record, moves: app.line.moves }, imported: app.entry.imported, mode: app.mode });
  return begun ? newEntry() : app.entry;
}

// A new game (a new library entry: the game in progress stays in the library).
export function newGame(game = app.record.game, variant = app.record.variant) {
  return act(async () => {
    const { state, info } = await fetchGame(fresh(game, variant));
    app.entry = entryForNewGame();
    show(state, info, null, lineOf([]));
    facePerson();
  });
}

export function loadPosition(text) {
  const error = $("load-error");
  error.hidden = true;
  return act(async () => {
    try {
      const state = await engine.call(request("state", { ...app.record, start: text, moves: [] }));
      app.entry = entryForNewGame(); // a new game from that position; the one in progress stays in the library
      show(state, app.info, null, lineOf([]));
      $("position-input").value = "";
    } catch (e) {
      error.textContent = `That position could not be loaded: ${describeError(e)}`;
      error.hidden = false;
    }
  });
}

// A position set up in the editor, played: a new game (a new library entry) with the players and
// level chosen there; the game that was on the board stays in the library.
export function playPosition(record, mode, level) {
  if (level) {
    app.level = level;
    $("level").value = String(level);
  }
  const entry = { id: newId(), created: new Date().toISOString(), mode, level };
  return act(() => openFirst([{ label: "The position", record, entry }]));
}

// -- moves and the line ----------------------------------------------------------------------------

export function onBoardMove(candidates) {
  if (candidates.length === 1) return play(candidates[0].text);
  // Every move has its own path in the engines' contract; say so loudly if one ever does not.
  board.cancel();
  showMessage(`The moves ${candidates.map((m) => m.text).join(", ")} have the same squares; please report this.`);
}

export function play(text, options) {
  return act(async () => {
    const state = await engine.call(request("play", app.record, { move: text }));
    const line = played(app.line, state.history.at(-1));
    if (line.replaced && line.replaced !== app.line.replaced) {
      const n = line.replaced.moves.length;
      // Its own Undo (on a phone the note comes over the toolbar's): the same as the toolbar's.
      const them = n === 1 ? "it" : "them";
      showMessage(`A new line from ${moveLabel(line.moves, line.replaced.at + 1)}: it replaced the ${plural(n, "move")} that followed. Undo brings ${them} back.`, {
        kind: "note",
        action: { label: "Undo", name: "Undo the new line", run: undo },
      });
    }
    show(state, app.info, state.lastMove, line);
  }, options);
}

// Show the game after its first `cursor` moves (review); the line is kept, so End comes back.
export function goTo(cursor) {
  const line = moveTo(app.line, cursor);
  if (line.cursor === app.line.cursor) return;
  return act(async () => {
    const state = await engine.call(request("state", { ...app.record, moves: shown(line) }));
    const oneOn = line.cursor === app.line.cursor + 1;
    show(state, app.info, oneOn ? state.lastMove : null, line);
  });
}

// Step through the line, back (-1) or on (+1), to the state Python gives for each cursor; against
// the computer, on past its turns to the person's, as far as the line goes.
async function stepToPerson(step) {
  const person = someoneHuman();
  let cursor = app.line.cursor;
  let state;
  do {
    cursor += step;
    state = await engine.call(request("state", { ...app.record, moves: app.line.moves.slice(0, cursor) }));
  } while (person && (step < 0 ? cursor > 0 : cursor < app.line.moves.length) && app.players[state.turn] === "computer");
  return { cursor, state };
}

// Take back the last move; against the computer, back to the person's turn (its reply and their
// move). The moves taken back stay in the line, for Redo.
export function undo() {
  if (!canUndo()) return;
  return act(async () => {
    const takenBack = app.state.lastMove;
    const { cursor, state } = await stepToPerson(-1);
    let { line, restored } = undone(app.line, cursor);
    if (restored) line = { ...line, end: endOf(await engine.call(request("state", { ...app.record, moves: line.moves }))) };
    if (restored) showMessage(`The ${plural(restored, "move")} that the new line replaced ${restored === 1 ? "is" : "are"} back: Redo plays ${restored === 1 ? "it" : "them"} again.`, { kind: "note" });
    const oneMove = cursor === app.line.cursor - 1;
    show(state, app.info, oneMove && takenBack ? { path: [...takenBack.path].reverse(), removed: [] } : null, line);
  });
}

// The person resigns (the Resign button asks first): the game ends here, and is kept so. From a
// position Undo went back to, the moves taken back are kept as the line resigning replaced, as a
// move played there would (Undo brings them back).
export function resign() {
  const side = resigningSide();
  if (!side) return;
  return act(async () => {
    app.line = { ...resignedHere(app.line), end: resignedEnd(side, app.info.sides) };
    renderPanel();
    save();
    tellShown();
  });
}

// Play again what Undo took back; against the computer, on to the person's next turn.
export function redo() {
  return act(async () => {
    const { cursor, state } = await stepToPerson(1);
    show(state, app.info, state.lastMove, moveTo(app.line, cursor));
  });
}

// -- the board's way up, and sharing ---------------------------------------------------------------

// The person's side at the bottom when they play one side (against the computer or a friend), else
// the board's usual way up: set for every game opened and every choice of players, so that nothing
// carries over from another game. Flip board turns it for the moment.
export function facePerson() {
  if (!app.info) return;
  const person = /^(?:play|friend)-(\d)$/.exec(app.mode)?.[1];
  const side = person === undefined ? null : app.info.sides[Number(person)]?.id;
  const wanted = side && side !== bottomSide(app.catalog, app.info) ? "flipped" : "normal";
  if (wanted !== app.orientation) flip();
}

export function flip() {
  app.orientation = app.orientation === "flipped" ? "normal" : "flipped";
  board.set({ orientation: app.orientation });
}

export async function share() {
  const url = new URL(linkHash({ ...app.record, moves: app.line.moves }, true, app.line.end?.resigned ?? null), location.href).href;
  const field = $("share-link");
  field.value = url;
  $("share-box").hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(url);
    $("share-note").textContent = "Copied to the clipboard.";
  } catch {
    $("share-note").textContent = "Copy this link to share the game.";
  }
}

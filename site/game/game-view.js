// The game view's drawing: the board, and the panel beside it (title, pieces, whose turn or the
// result, notes, the move list, the selected piece's moves in words). Everything here is drawn
// from `app` (game-state.js), the controls' choices and whether each can be used too. What the
// person does on the board and in the move list goes out as `intents`, which game-controls.js
// hands to game-ctrl.js: the drawing imports nothing that acts.

import { createBoard } from "../board/board.js";
import { PIECE_CSS } from "../board/board-style.js";
import { glyphMarkup } from "../board/glyphs.js";
import { describePosition } from "../board/speech.js";
import { followCurrent, scrollWithin } from "../common/scroll.js";
import { rulesHash } from "../learn/rules.js";
import { boardEntry, gameEntry } from "../common/catalog.js";
import { capitalise, pageTitle, plural } from "../common/words.js";
import { app, assignPlayers, canUndo, engine, finishedHere, friendMovedLast, humanToMove, isDemo, isFriendGame, MODES, resigningSide, sideName, storage } from "./game-state.js";
import { atEnd, showsResult } from "./line.js";

const $ = (id) => document.getElementById(id);
const html = document.documentElement;

/** What the person asks of the view: a move on the board (its candidates), a move of the list shown. */
export const intents = { move: (_candidates) => {}, goTo: (_ply) => {} };

const pieceSheet = new CSSStyleSheet(); // the side-to-move swatch draws a piece outside the board
pieceSheet.replaceSync(PIECE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pieceSheet];

export const board = createBoard($("board"), {
  orientation: app.orientation,
  saysMoves: false, // game-ctrl.js says each move in words ("Black a6-b5, takes …")
  events: { move: (candidates) => intents.move(candidates), select: onBoardSelect, early: onEarlyTaps },
});

// Taps on the board before the game can be played (a returning visit's board is drawn from the save
// while Python is restored): the board keeps them and plays them once the moves come; meanwhile
// the person is told, in the box under the turn line (of fixed height: nothing moves).
function onEarlyTaps({ squares, played }) {
  if (played) return; // the board shows the selection, or the move is on its way
  let text = "";
  if (squares.length === 1) text = "The game is still starting: this piece's moves show in a moment.";
  else if (squares.length) text = "The game is still starting: your move is played in a moment, if it is legal.";
  else if (played === false && html.dataset.engine !== "failed") text = "The game is ready now, but what you tapped before was not a move here.";
  $("hint").textContent = text;
}

// A piece drawn outside the board, coloured as its side's pieces are.
const swatch = (index, side, glyph, letter) =>
  `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><g class="piece side-${index} side-${side}">${glyphMarkup(glyph, letter)}</g></svg>`;

function sideSwatch(side) {
  const [letter, piece] = Object.entries(app.info.pieces).find(([, p]) => p.side === side) ?? [];
  const index = app.info.sides.findIndex((s) => s.id === side);
  const name = app.info.sides[index]?.name.toLowerCase() ?? "";
  return swatch(index, name, piece?.glyph, letter ?? "?");
}

// The page's title names the game while the game view is shown (the other views name themselves).
export function renderTitle() {
  if (app.info && !$("game-view").hidden) document.title = pageTitle(app.info.title);
}

// What depends only on the game and its players: drawn also before Python has checked a record.
export function renderHeading() {
  assignPlayers();
  renderModes();
  renderLegend();
  renderTitle();
  $("title").textContent = app.info.title;
  $("rules-link").href = rulesHash(app.record.game);
  $("variant-about").textContent = app.info.description ?? "";
  $("game-view").dataset.game = app.record.game; // the top bar marks the game shown (app.js)
  renderVariants();
}

export function renderPanel() {
  const { state } = app;
  renderHeading();
  const over = finishedHere(); // at the position shown: by the rules, or the end of a resigned game
  $("turn").hidden = over;
  $("turn").innerHTML = over ? "" : `${sideSwatch(state.turn)}<span>${sideName(state.turn)} to move</span>`;
  // The game's result stays while the board shows an earlier move of it (Review), not after Undo.
  $("result").hidden = !showsResult(app.line);
  if (showsResult(app.line)) renderResult();
  $("notes").replaceChildren(
    ...state.status.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text })),
  );
  onBoardSelect({ selection: [] });
  renderMoves();
  $("position-text").textContent = state.position;
  $("share-box").hidden = true;
  renderControls();
}

// One entry per kind of piece (pieces that differ only by side share a drawing), named without
// the side; the rules' short text on how it moves is the entry's tooltip.
function renderLegend() {
  const kinds = new Map();
  for (const [letter, piece] of Object.entries(app.info.pieces)) {
    const kind = piece.glyph ?? letter;
    if (kinds.has(kind)) continue;
    const side = sideName(piece.side);
    const name = piece.name.startsWith(`${side} `) ? piece.name.slice(side.length + 1) : piece.name;
    const index = app.info.sides.findIndex((s) => s.id === piece.side);
    const li = document.createElement("li");
    li.dataset.piece = letter;
    li.title = piece.help ? `${name}: ${piece.help}` : name;
    li.innerHTML = swatch(index, side.toLowerCase(), piece.glyph, letter);
    li.append(Object.assign(document.createElement("span"), { textContent: capitalise(name) }));
    kinds.set(kind, li);
  }
  $("legend").replaceChildren(...kinds.values());
}

// Who won and why, in words; against the computer from the person's side ("You won").
export function renderResult() {
  const { result, resultText, resultReason } = app.line.end;
  const person = Object.keys(app.players).filter((side) => app.players[side] === "human");
  let title = capitalise(resultText);
  if (person.length === 1 && result !== "draw") title = result === person[0] ? "You won!" : "You lost";
  $("result-title").textContent = title;
  $("result-reason").textContent = resultReason ?? "";
  $("rematch-switched").hidden = app.mode !== "play-0" && app.mode !== "play-1";
}

// The moves in numbered pairs, each a button that shows the game up to it (line.js); the one
// shown is marked, and those after it, still in the line, are marked as to come.
function renderMoves() {
  const { moves, cursor } = app.line;
  drawMoveList(moves, cursor, firstMover());
  const reviewing = !atEnd(app.line);
  $("review-note").hidden = !reviewing;
  const whole = `the game has ${plural(Math.ceil((moves.length + firstOffset()) / 2), "move")}`;
  $("review-note-text").textContent = reviewing
    ? `Looking back at ${cursor ? moveLabel(moves, cursor) : "the start"} (${whole}). A move played here starts a new line.`
    : "";
}

// Sides alternate, so the side that moved first follows from the side to move at the cursor.
function firstMover() {
  const [first, second] = app.info.sides.map((s) => s.id);
  const { turn } = app.state;
  return app.line.cursor % 2 === 0 ? turn : turn === first ? second : first;
}

// 1 when the second side moved first (the list's first row starts "1. …"), else 0.
const firstOffset = () => (firstMover() === app.info.sides[1].id ? 1 : 0);

/** The `ply`-th move of `moves` as the move list numbers it: "5. e3-d4", or "5… e7-d6" for the second side's. */
export function moveLabel(moves, ply) {
  const j = ply - 1 + firstOffset();
  return `${Math.floor(j / 2) + 1}${j % 2 ? "…" : "."} ${moves[ply - 1]}`;
}

/**
 * A saved game drawn before Python has replayed it (a returning visit's first second): its moves as
 * they were saved, numbered from `firstMover` (the side to move at its start, when the catalog knows
 * it); else a word that they are on their way, not missing.
 */
export function renderSavedMoves(moves, cursor, firstMover) {
  if (firstMover) return drawMoveList(moves, cursor, firstMover);
  $("moves").replaceChildren();
  $("moves-empty").hidden = false;
  $("moves-empty").textContent = moves.length ? `${plural(moves.length, "move")}, being read…` : "No moves yet.";
}

function drawMoveList(moves, cursor, firstMover) {
  const second = app.info.sides[1].id;
  const offset = firstMover === second ? 1 : 0;
  const cells = [...(offset ? [null] : []), ...moves];
  const list = $("moves");
  list.replaceChildren();
  let current = null;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (let j = i; j < Math.min(i + 2, cells.length); j++) {
      const ply = j - offset + 1; // the number of moves shown once this one is played
      if (cells[j] === null) {
        li.append(Object.assign(document.createElement("span"), { className: "mv", textContent: "…" }));
        continue;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mv";
      button.textContent = cells[j];
      button.dataset.ply = String(ply);
      button.onclick = () => void intents.goTo(ply);
      if (ply === cursor) {
        button.classList.add("current");
        button.setAttribute("aria-current", "step");
        current = button;
      } else if (ply > cursor) button.classList.add("future");
      li.append(button);
    }
    list.append(li);
  }
  $("moves-empty").hidden = moves.length > 0;
  $("moves-empty").textContent = "No moves yet.";
  if (current) scrollWithin(list, current);
  else list.scrollTop = 0;
  followCurrent(list);
}

// The selected piece's moves in words (in a box of fixed height: the controls below never move),
// and how it moves (in the Pieces card, its kind marked).
function onBoardSelect({ selection, next, canStop, piece, effects = {} }) {
  let hint = "";
  // "Choose": a click, a tap and Enter on the board all do it.
  if (canStop) hint = `Continue to ${next.join(" or ")}, or choose ${selection.at(-1)} again to stop there.`;
  else if (selection.length) hint = `Choose a marked square to move; anywhere else cancels.`;
  $("hint").textContent = [hint, ...describeEffects(effects)].join(" ");
  const about = selection.length ? app.info.pieces[piece] : null;
  $("piece-help").textContent = about?.help ? `${about.name}: ${about.help}` : "";
  const kind = about?.glyph ?? piece;
  for (const li of $("legend").children) li.classList.toggle("selected", Boolean(about) && (app.info.pieces[li.dataset.piece]?.glyph ?? li.dataset.piece) === kind);
}

// What going on to each next square does to other pieces, in words: "To b2: takes the Green stone on c3."
function describeEffects(effects) {
  const name = (letter) => app.info.pieces[letter]?.name ?? letter;
  const on = (square) => `the ${name(app.state.board[square])} on ${square}`;
  const a = (letter) => `${/^[aeiou]/i.test(name(letter)) ? "an" : "a"} ${name(letter)}`;
  return Object.entries(effects)
    .map(([square, { removed = [], changed = {} }]) => {
      const parts = [
        ...(removed.length ? [`takes ${removed.map(on).join(", ")}`] : []),
        ...Object.entries(changed).map(([sq, letter]) => `turns ${on(sq)} into ${a(letter)}`),
      ];
      return parts.length ? `To ${square}: ${parts.join("; ")}.` : "";
    })
    .filter(Boolean);
}

// -- the controls' choices, and whether each can be used now -----------------------------------

function renderVariants() {
  const game = gameEntry(app.catalog, app.record.game);
  const select = $("variant");
  const options = [null, ...(game?.variants ?? [])].map((v) => {
    const o = document.createElement("option");
    o.value = v ?? "";
    o.textContent = v ? (boardEntry(app.catalog, game.id, v)?.info.title ?? v) : "Standard rules";
    return o;
  });
  select.replaceChildren(...options);
  select.value = app.record.variant ?? "";
  $("variant-field").hidden = options.length < 2;
}

function renderModes() {
  const select = $("mode");
  const names = app.info.sides.map((s) => s.name);
  if (select.dataset.sides === names.join()) return; // keep an open list open while a demo plays
  select.dataset.sides = names.join();
  const labels = { two: "Two players", demo: "Computer vs computer" };
  names.forEach((name, i) => {
    labels[`play-${i}`] = `Play ${name} vs computer`;
    labels[`friend-${i}`] = `Play ${name} with a friend, by link`;
  });
  select.replaceChildren(...MODES.map((mode) => new Option(labels[mode], mode)));
  select.value = app.mode;
}

// The levels and their think times come from the search's own table (games.js, built from it).
export function renderLevels(table) {
  const known = table.levels.map((l) => l.level);
  const saved = Number(storage.readSetting("level"));
  app.level = known.includes(saved) ? saved : table.default;
  $("level").replaceChildren(
    ...table.levels.map((l) => new Option(`Level ${l.level} · ${l.nodes ? "up to " : ""}${l.time_ms / 1000} s`, String(l.level))),
  );
  $("level").value = String(app.level);
}

// Every control waits while Python works on an action (or before it is ready); the board takes a
// move only from a person whose turn it is.
export function renderControls() {
  const idle = app.ready && !app.busy;
  $("mode").disabled = $("level").disabled = !idle;
  $("level-field").hidden = app.mode === "two" || isFriendGame();
  $("pause").hidden = !isDemo();
  $("pause").disabled = !idle || app.state?.result != null;
  $("pause").textContent = app.paused ? "Resume" : "Pause";
  $("thinking").hidden = !app.thinking;
  // Past the opening prepared for a first visit, the computer's move waits for Python's download.
  $("thinking-text").textContent = engine.startedFrom ? "Computer is thinking…" : "Computer is thinking (Python is still loading)…";
  html.toggleAttribute("data-thinking", Boolean(app.thinking));
  $("undo").disabled = !idle || !canUndo();
  $("undo").title = friendMovedLast() && app.line.cursor > 0 ? "Your friend's move cannot be taken back" : "Undo (Ctrl+Z)";
  $("redo").disabled = !idle || atEnd(app.line);
  $("resign").hidden = isDemo() || isFriendGame() || finishedHere();
  $("resign").disabled = !idle || !resigningSide();
  // Resign asks in place: its confirmation beside it, and Resign itself becomes Cancel (a second
  // press where the first one was takes nothing back).
  const asking = app.resignAsked != null && app.resignAsked === resigningSide() && !$("resign").hidden && !$("resign").disabled;
  if (!asking) app.resignAsked = null;
  $("resign-yes").hidden = !asking;
  $("resign").textContent = asking ? "Cancel" : "Resign";
  $("resign-question").hidden = !asking;
  if (asking) $("resign-question").textContent = resignQuestion(app.resignAsked);
  const { cursor, moves } = app.line;
  for (const [id, off] of [["first", cursor === 0], ["back", cursor === 0], ["forward", cursor === moves.length], ["last", cursor === moves.length]]) {
    $(id).disabled = !idle || off;
  }
  for (const id of ["new-game", "share", "flip"]) $(id).disabled = id !== "flip" && !idle;
  $("variant").disabled = !idle;
  $("load-button").disabled = !idle;
  for (const b of $("games").children) b.disabled = !idle;
  html.toggleAttribute("data-busy", app.busy);
  // Before the game is open (Python not ready yet), taps are kept for it (onEarlyTaps), and no
  // move is offered: the moves a drawing was made with may not be the game's.
  const early = (!app.ready || !app.state) && html.dataset.engine !== "failed";
  board.set({
    movable: {
      moves: early ? [] : (app.state?.moves ?? []),
      enabled: idle && !finishedHere() && humanToMove(),
      early,
    },
  });
  for (const listener of controlListeners) listener();
}

// Features whose controls follow the game view's (the hint, the way into the analysis board).
const controlListeners = [];
export const onControls = (listener) => controlListeners.push(listener);

// -- speech ----------------------------------------------------------------------------------------

/** What Resign asks of `side` before it resigns. */
export function resignQuestion(side) {
  const winner = app.info.sides.find((s) => s.id !== side);
  return `Resign this game as ${sideName(side)}? ${winner.name} wins.`;
}

export function announce(text) {
  $("announce").textContent = text;
}

// The whole position in words, side by side, for people who cannot see the board.
export function describe() {
  if (!app.state) return;
  const text = describePosition(app.state.board, app.info, app.state.turn);
  $("position-words").textContent = text;
  $("position-words").hidden = false;
  announce(text);
}

export function showLoading(stage) {
  $("loading-text").textContent = `${stage}…`;
}

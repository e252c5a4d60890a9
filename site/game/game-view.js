// The game view's drawing: the board, and the panel beside it (title, pieces, whose turn or the
// result, notes, the move list, the selected piece's moves in words). Everything here is drawn
// from `app` (game-state.js); what the person does goes to game-ctrl.js.

import { createBoard } from "../board/board.js";
import { PIECE_CSS } from "../board/board-style.js";
import { glyphMarkup } from "../board/glyphs.js";
import { describePosition } from "../board/speech.js";
import { scrollWithin } from "../common/scroll.js";
import { rulesHash } from "../learn/rules.js";
import { renderControls, renderModes, renderVariants } from "./game-controls.js";
import { goTo, onBoardMove } from "./game-ctrl.js";
import { app, assignPlayers, capitalise, sideName } from "./game-state.js";
import { atEnd } from "./review.js";

const $ = (id) => document.getElementById(id);
const pieceSheet = new CSSStyleSheet(); // the side-to-move swatch draws a piece outside the board
pieceSheet.replaceSync(PIECE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pieceSheet];

export const board = createBoard($("board"), {
  orientation: app.orientation,
  events: { move: onBoardMove, select: onBoardSelect },
});

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
  if (app.info && !$("game-view").hidden) document.title = `${app.info.title} · Kings & Soldiers`;
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
  const over = state.result != null;
  $("turn").hidden = over;
  $("turn").innerHTML = over ? "" : `${sideSwatch(state.turn)}<span>${sideName(state.turn)} to move</span>`;
  $("result").hidden = !over;
  if (over) renderResult();
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
  const { result, resultText, resultReason } = app.state;
  const person = Object.keys(app.players).filter((side) => app.players[side] === "human");
  let title = capitalise(resultText);
  if (person.length === 1 && result !== "draw") title = result === person[0] ? "You won!" : "You lost";
  $("result-title").textContent = title;
  $("result-reason").textContent = resultReason ?? "";
  $("rematch-switched").hidden = app.mode !== "play-0" && app.mode !== "play-1";
}

// The moves in numbered pairs, each a button that shows the game up to it (review.js); the one
// shown is marked, and those after it, still in the line, are marked as to come.
function renderMoves() {
  const { turn } = app.state;
  const { moves, cursor } = app.line;
  const [first, second] = app.info.sides.map((s) => s.id);
  // Sides alternate, so the side that moved first follows from the side to move at the cursor.
  const firstMover = cursor % 2 === 0 ? turn : turn === first ? second : first;
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
      button.onclick = () => void goTo(ply);
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
  if (current) scrollWithin(list, current);
  else list.scrollTop = 0;
  const reviewing = !atEnd(app.line);
  $("review-note").hidden = !reviewing;
  $("review-note-text").textContent = reviewing
    ? `Looking at move ${cursor} of ${moves.length}. A move played here starts a new line.`
    : "";
}

// The selected piece's moves in words (in a box of fixed height: the controls below never move),
// and how it moves (in the Pieces card, its kind marked).
function onBoardSelect({ selection, next, canStop, piece, effects = {} }) {
  let hint = "";
  if (canStop) hint = `Continue to ${next.join(" or ")}, or click ${selection.at(-1)} again to stop there.`;
  else if (selection.length) hint = `Click a marked square to move; click elsewhere to cancel.`;
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

// -- speech ----------------------------------------------------------------------------------------

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

// What the user's clicks (or keys) on squares do (in the manner of chessground's board.ts): a click
// adds to the selection or plays the move it completes, and the board's events say so. The board
// keeps no rules: pathinput.js matches clicks against the moves it was given.

import { click, follow } from "./pathinput.js";
import { common, commonChanges, interactive } from "./board-state.js";
import { render } from "./board-render.js";

/** The user clicked (or dropped a piece on, or pressed Enter on) `square`. */
export function act(state, square) {
  const { cfg, pieceEls } = state;
  const before = state.selection;
  const result = click(cfg.movable.moves, state.selection, square);
  state.selection = result.selection;
  if (result.play) {
    const origin = result.play[0].path[0];
    state.hold = { from: origin, at: pieceEls.get(origin)?.at ?? origin };
    if (cfg.saysMoves) announce(state, `Move ${result.play[0].text}.`);
    else announce(state, ""); // the page says it, once, in its own words
    render(state);
    cfg.events.move?.(result.play);
  } else {
    render(state);
  }
  const { selection } = state;
  const { complete, next } = follow(cfg.movable.moves, selection);
  const canStop = selection.length > 1 && complete.length > 0;
  if (selection.length) {
    // Back on the piece's own square: a pass (the Cobra's) or a way back, as the board's badge says.
    const named = next.map((s) => (s === selection[0] ? `${s} (${selection.length === 1 ? "pass" : "back"})` : s));
    announce(state, `${selection.join(" to ")} selected. Next: ${named.join(", ")}${canStop ? `; or ${selection.at(-1)} again to stop` : ""}.`);
  } else if (!result.play) {
    // Said too, so that a key press is never met with silence.
    announce(state, before.length ? "Nothing selected." : `No move starts on ${square}.`);
  }
  const piece = pieceEls.get(selection[0])?.dataset.piece ?? null;
  // What going on to each next square would take off or change (said where hovering is not
  // possible); nothing when nothing is selected (a click on a piece that cannot move).
  const effects = Object.fromEntries(
    (selection.length ? next : []).map((square) => {
      const { matching } = follow(cfg.movable.moves, [...selection, square]);
      return [square, { removed: [...common(matching, "removed")], changed: Object.fromEntries(commonChanges(matching)) }];
    }),
  );
  cfg.events.select?.({ selection: [...selection], next, canStop, piece, effects });
}

/** Say `text` to a screen reader (the board's live region). */
export function announce(state, text) {
  state.dom.status.textContent = text;
}

/** Drop the selection, and redraw. */
export function unselect(state) {
  state.selection = [];
  render(state);
}

// Edit mode (a `square` event is given, as the board editor does): every square clicked is
// reported, and nothing is selected or moved here.
export function editSquare(state, square, button) {
  if (!state.cfg.static && square && button <= 0) state.cfg.events.square(square);
}

// Taps before the moves are known (movable.early: the game is drawn, its engine not ready yet): a
// tap on a piece selects it as drawn, the next taps extend the path, a second tap on the lone piece
// drops it. Nothing is decided here: the taps are played through act() once the moves come (replay).
const EARLY_TAPS = 12;

/** A tap (or Enter) on `square` while the moves are on their way. */
export function earlyTap(state, square) {
  const { early, pieceEls } = state;
  if (!square || !state.grid.has(square)) {
    early.length = 0;
  } else if (!early.length) {
    if (pieceEls.has(square)) early.push(square); // a move starts on a piece (or is a drop: a tap on it)
  } else if (early.length === 1 && early[0] === square) {
    early.length = 0;
  } else if (early.length < EARLY_TAPS) {
    early.push(square);
  }
  state.selection = [...early];
  render(state);
  if (early.length) announce(state, `${early.join(" to ")} selected; the game is still starting.`);
  state.cfg.events.early?.({ squares: [...early] });
}

/**
 * The moves have come: the taps kept meanwhile are played as if made now (a selection shown, or a
 * move played when it is legal). Told through events.early: {squares: [], played} afterwards, with
 * `played` false when they made no move or selection (not a move here, or not the person's turn).
 */
export function replayEarly(state) {
  const taps = state.early.splice(0);
  if (!taps.length) return;
  let played = false;
  if (interactive(state)) {
    state.selection = [];
    for (const square of taps) {
      act(state, square);
      if (state.hold) {
        played = true; // a move was entered: later taps were for another turn
        break;
      }
    }
  }
  state.cfg.events.early?.({ squares: [], played: played || state.selection.length > 0 });
}

// What a board knows between two renders (in the manner of chessground's state.ts): its config as
// last set, where each square is drawn, and what the user is doing. Plus the questions the other
// pieces ask of it. board.js makes one per board and hands it to the others.

import { S } from "./board-svg.js";

/** The config before anything is set: board.js's header describes each key. */
const defaults = () => ({
  geometry: null,
  pieces: {},
  sides: [],
  position: {},
  orientation: "normal",
  lastMove: null,
  marks: [],
  labels: {},
  arrows: [],
  highlights: [],
  movable: { moves: [], enabled: false },
  static: false,
  label: "Board",
  saysMoves: true,
  events: {},
});

/** A board's state, drawn into `dom` (board.js's layers: root, svg, squareLayer, ..., status). */
export function createState(dom) {
  return {
    cfg: defaults(),
    dom,
    grid: new Map(), // square -> {col, row, kind}, in screen order (after orientation)
    selection: [], // squares clicked so far
    hold: null, // {from, at}: a move was just entered; its piece stays at `at` until the next set()
    cursor: null, // keyboard cursor square
    keyboard: false, // show the cursor only while the keyboard is in use
    drag: null, // {square, id, x, y, active, reselect}: a piece held by the pointer
    hover: null, // the square under the pointer, to preview what moving there removes
    pieceEls: new Map(), // square -> <g class="piece">
    early: [], // squares tapped while the moves were on their way (movable.early): played once they come
  };
}

/** The user may enter a move now (not a diagram, moves enabled, none waiting for its answer). */
export const interactive = (state) => !state.cfg.static && state.cfg.movable.enabled && !state.hold;

/** The moves are on their way (movable.early: a game drawn before its engine answers): taps are kept. */
export const waiting = (state) => !state.cfg.static && !state.cfg.movable.enabled && Boolean(state.cfg.movable.early) && Boolean(state.cfg.geometry);

export function center(state, square) {
  const { col, row } = state.grid.get(square);
  return [col * S + S / 2, row * S + S / 2];
}

export function translate(state, square) {
  const [x, y] = center(state, square);
  return `translate(${x}px, ${y}px)`;
}

export const describe = (state, letter) => state.cfg.pieces[letter] ?? { side: null, name: `piece ${letter}`, glyph: null };

/** The classes of a piece: its side's place in the order of play and its name (the styles colour by them). */
export function pieceClass(state, letter) {
  const { sides } = state.cfg;
  const side = describe(state, letter).side;
  const index = sides.findIndex((s) => s.id === side);
  const name = sides[index]?.name?.toLowerCase().replace(/[^a-z0-9-]/g, "") ?? "none";
  return `piece side-${index} side-${name}`;
}

// The squares listed under `key` ("removed", "jumped") in every one of `moves`.
export const common = (moves, key) => new Set(moves[0]?.[key]?.filter((sq) => moves.every((m) => m[key]?.includes(sq))));
// The [square, new letter] changes that every one of `moves` makes.
export const commonChanges = (moves) =>
  Object.entries(moves[0]?.changed ?? {}).filter(([sq, letter]) => moves.every((m) => m.changed?.[sq] === letter));

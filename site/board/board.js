// A board view in the manner of chessground: it draws what it is given and reports what the user
// asks for; it knows no rules. The geometry, pieces and legal moves all come from Python.
//
//   const board = createBoard(element, {
//     geometry: info,              // {width, height, squares: [{name, x, y, kind}]} (y = 0 is the top row)
//     pieces: info.pieces,         // letter -> {side, name, glyph}
//     sides: info.sides,           // [{id, name}], in order of play
//     position: {b3: "B", ...},    // square -> letter
//     orientation: "normal",       // or "flipped"
//     lastMove: {path, removed},   // highlighted: the squares of the path, and a cross where pieces were taken
//     marks: [{square, kind, label}],
//     labels: {f3: "1"},           // diagram labels ([1], [2]) drawn on squares
//     arrows: [["g4", "f3"]],      // diagram arrows, from square to square
//     highlights: ["d4"],          // diagram highlighted squares
//     movable: {moves: [{text, path}], enabled: true, early: false}, // early: moves on their way, taps kept (board-ctrl.js)
//     static: false,               // a diagram: no interaction at all
//     label: "Lilypad board",
//     saysMoves: true,             // the live region says "Move e4-e5."; false where the page says moves in its own words
//     events: {move(candidates), select({selection, next, canStop, piece, effects}), square(name), early({squares, played})},
//   });
//   board.set({position, lastMove, animate: true});  // animate: true, or {path} to move a piece along it
//
// The view lives in the element's shadow root, with its own styles. Squares carry data-square;
// pieces carry data-square and data-piece; highlights carry classes (last, selected, dest, stop, mark).
//
// Its modules, one concern each: board-state.js (what a board knows), board-svg.js (SVG units and
// the drawings parsed once), board-pieces.js (the pieces and their animation), board-render.js
// (everything else drawn), board-ctrl.js (what a click on a square does), board-events.js (the
// pointer and the keyboard). This file builds the view, applies set() and is the API.

import { BOARD_CSS } from "./board-style.js";
import { announce, replayEarly, unselect } from "./board-ctrl.js";
import { bindEvents } from "./board-events.js";
import { place, sync } from "./board-pieces.js";
import { render } from "./board-render.js";
import { createState } from "./board-state.js";
import { gridLayers, MARGIN, node, PAD, S } from "./board-svg.js";

let sheet = null;

export function createBoard(host, initial) {
  const state = createState(createView(host));
  bindEvents(state);

  /** Change any part of the config; `animate: true` (or `{path, removed}`) animates a position change. */
  function set(update) {
    const { cfg, dom, pieceEls } = state;
    const { animate, ...changes } = update;
    const movesChanged = "movable" in changes && changes.movable.moves !== cfg.movable.moves;
    const relayout =
      ("geometry" in changes && changes.geometry !== cfg.geometry) ||
      ("orientation" in changes && changes.orientation !== cfg.orientation) ||
      ("static" in changes && changes.static !== cfg.static);
    if ("geometry" in changes && changes.geometry !== cfg.geometry) {
      for (const g of pieceEls.values()) g.remove(); // another board: nothing carries over
      pieceEls.clear();
      state.early = []; // taps on the board drawn before were not for this one
    }
    Object.assign(cfg, changes);
    dom.svg.setAttribute("aria-label", cfg.label);
    if (relayout && cfg.geometry) layout(state);
    if ("position" in changes && cfg.geometry) {
      const known = Object.fromEntries(Object.entries(cfg.position).filter(([sq]) => state.grid.has(sq)));
      sync(state, known, animate ? (animate === true ? {} : animate) : null);
    }
    if (movesChanged || "position" in changes || relayout) {
      state.selection = [];
      state.hold = null;
    }
    const early = state.early.length > 0;
    if (early && cfg.movable.early && !cfg.movable.enabled) state.selection = [...state.early]; // still waiting: still shown
    render(state);
    // The wait is over: the taps kept meanwhile are played once whoever set this is done drawing.
    if (early && !cfg.movable.early) setTimeout(() => state.early.length && !state.cfg.movable.early && replayEarly(state));
  }

  set(initial);

  return {
    set,
    /** Drop the current selection. */
    cancel() {
      state.hold = null;
      unselect(state);
    },
    /** Say `text` to a screen reader, in the board's own live region (what a press did). */
    announce(text) {
      announce(state, text);
    },
    /** Give the board the keyboard's focus (the page does not scroll to it). */
    focus() {
      state.dom.svg.focus({ preventScroll: true });
    },
    /** The squares selected so far. */
    get selection() {
      return [...state.selection];
    },
    /** Remove the view from the element. */
    destroy() {
      state.dom.root.replaceChildren();
      state.pieceEls.clear();
    },
  };
}

// The view in the host's shadow root: the SVG's layers, bottom to top, and a live region.
function createView(host) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  sheet ??= new CSSStyleSheet();
  if (!sheet.cssRules.length) sheet.replaceSync(BOARD_CSS);
  root.adoptedStyleSheets = [sheet];
  root.replaceChildren();
  const svg = node("svg", { role: "application" }, root);
  const dom = {
    root,
    svg,
    frame: node("rect", { class: "frame", rx: 10 }, svg),
    squareLayer: node("g", { class: "squares" }, svg),
    coordLayer: node("g", { class: "overlay coords", "aria-hidden": "true" }, svg),
    under: node("g", { class: "overlay under" }, svg),
    pieceLayer: node("g", { class: "pieces" }, svg),
    over: node("g", { class: "overlay top" }, svg),
    markLayer: node("g", { class: "overlay marks" }, svg), // badges: above pieces and dots
    status: document.createElement("div"),
  };
  dom.status.className = "status";
  dom.status.setAttribute("aria-live", "polite");
  root.append(dom.status);
  return dom;
}

// A new geometry or orientation: where each square is drawn, the frame, squares and coordinates.
function layout(state) {
  const { cfg, dom } = state;
  const { width: W, height: H, squares } = cfg.geometry;
  const flip = cfg.orientation === "flipped";
  state.grid = new Map(
    squares.map((s) => [s.name, { col: flip ? W - 1 - s.x : s.x, row: flip ? H - 1 - s.y : s.y, kind: s.kind }]),
  );
  dom.svg.setAttribute("viewBox", `${-MARGIN - PAD} ${-PAD} ${W * S + MARGIN + 2 * PAD} ${H * S + MARGIN + 2 * PAD}`);
  dom.root.host.dataset.drawn = ""; // the page's room kept for it until now (style.css) is its own size now
  Object.entries({ x: -PAD, y: -PAD, width: W * S + 2 * PAD, height: H * S + 2 * PAD }).forEach(([k, v]) =>
    dom.frame.setAttribute(k, v),
  );
  const layers = gridLayers(cfg.geometry, flip, cfg.static);
  dom.squareLayer.replaceChildren(...layers.squares.cloneNode(true).childNodes);
  dom.coordLayer.replaceChildren(...layers.coords.cloneNode(true).childNodes);
  for (const [square, g] of state.pieceEls) place(state, g, square);
}

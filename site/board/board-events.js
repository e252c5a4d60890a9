// The board's DOM events, bound once (in the manner of chessground's events.ts): the pointer
// selects, drags and drops pieces and points at squares; the keyboard moves a cursor over the
// squares and enters moves with it. What a click on a square does is board-ctrl.js's.

import { act, announce, earlyTap, editSquare, unselect } from "./board-ctrl.js";
import { place } from "./board-pieces.js";
import { render } from "./board-render.js";
import { describe, interactive, waiting } from "./board-state.js";
import { follow } from "./pathinput.js";

export function bindEvents(state) {
  const { svg } = state.dom;
  svg.addEventListener("pointerdown", (event) => pointerDown(state, event));
  svg.addEventListener("pointermove", (event) => pointerMove(state, event));
  svg.addEventListener("pointerup", (event) => endDrag(state, event, false));
  svg.addEventListener("pointerleave", () => {
    state.hover = null;
    if (state.selection.length) render(state);
  });
  svg.addEventListener("pointercancel", (event) => endDrag(state, event, true));
  svg.addEventListener("keydown", (event) => keyDown(state, event));
  svg.addEventListener("focus", () => {
    const { grid } = state;
    if (!state.keyboard || !grid.has(state.cursor)) state.cursor = state.cfg.movable.moves[0]?.path[0] ?? [...grid.keys()][0];
    render(state);
    // Reached from the keyboard (not a press on it): where the cursor is, and how to use it.
    if (state.cursor && performance.now() - (state.pressedAt ?? -1e9) > 1000) {
      const piece = state.pieceEls.get(state.cursor);
      const how = state.cfg.static ? "" : " Arrow keys move it; Enter chooses the square.";
      announce(state, `Cursor on ${state.cursor}${piece ? `: ${describe(state, piece.dataset.piece).name}` : ""}.${how}`);
    }
  });
  svg.addEventListener("blur", () => render(state));
}

// -- pointer ---------------------------------------------------------------------------------------

function pointerDown(state, event) {
  state.keyboard = false;
  state.pressedAt = performance.now();
  if (state.cfg.events.square) return editSquare(state, event.target.dataset?.square, event.button);
  if (event.button > 0) return;
  if (!interactive(state)) {
    if (waiting(state)) earlyTap(state, event.target.dataset?.square ?? null);
    return;
  }
  const square = event.target.dataset?.square ?? null;
  if (!square) return unselect(state);
  const reselect = state.selection.length === 1 && state.selection[0] === square;
  if (!reselect) act(state, square);
  // A click on a piece selects it and may go on into a drag: the pointer holds it from here.
  const { selection } = state;
  if (selection.length === 1 && selection[0] === square && state.pieceEls.has(square)) {
    state.drag = { square, id: event.pointerId, x: event.clientX, y: event.clientY, active: false, reselect };
    state.dom.svg.setPointerCapture(event.pointerId);
  }
}

function pointerMove(state, event) {
  const { drag } = state;
  const pointed = drag?.active ? squareFromPoint(state, event.clientX, event.clientY) : (event.target.dataset?.square ?? null);
  if (pointed !== state.hover) {
    state.hover = pointed;
    if (state.selection.length) render(state);
  }
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.active && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
  const g = state.pieceEls.get(drag.square);
  if (!drag.active) {
    drag.active = true;
    g.classList.add("lifted");
    state.dom.pieceLayer.append(g);
  }
  const p = svgPoint(state, event);
  g.style.transform = `translate(${p.x}px, ${p.y}px)`;
}

function endDrag(state, event, cancelled) {
  const { drag } = state;
  if (!drag || event.pointerId !== drag.id) return;
  const { square, active, reselect } = drag;
  state.drag = null;
  const g = state.pieceEls.get(square);
  g?.classList.remove("lifted");
  if (!active) {
    if (reselect && !cancelled) act(state, square); // a second click on the selected piece unselects it
    return;
  }
  const target = cancelled ? null : squareFromPoint(state, event.clientX, event.clientY);
  if (target && target !== square && follow(state.cfg.movable.moves, state.selection).next.includes(target)) {
    if (g) place(state, g, target); // dropped: no need to animate it there again
    act(state, target);
  } else {
    if (g) place(state, g, square);
    render(state);
  }
}

function squareFromPoint(state, x, y) {
  const hit = state.dom.root.elementsFromPoint(x, y).find((e) => e.classList?.contains("sq"));
  return hit?.dataset.square ?? null;
}

function svgPoint(state, event) {
  const m = state.dom.svg.getScreenCTM().inverse();
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(m);
}

// -- keyboard --------------------------------------------------------------------------------------

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function keyDown(state, event) {
  if (state.cfg.static || !state.cfg.geometry) return;
  state.keyboard = true;
  const step = ARROWS[event.key];
  const enter = (event.key === "Enter" || event.key === " ") && state.cursor;
  if (step) {
    const cursor = (state.cursor = nextSquare(state, state.cursor, step));
    const piece = state.pieceEls.get(cursor);
    announce(state, `${cursor}${piece ? `: ${describe(state, piece.dataset.piece).name}` : ""}`);
    render(state);
  } else if (enter && state.cfg.events.square) {
    editSquare(state, state.cursor, 0);
  } else if (enter && interactive(state)) {
    act(state, state.cursor);
  } else if (enter && waiting(state)) {
    earlyTap(state, state.cursor);
  } else if (event.key === "Escape") {
    unselect(state);
  } else return;
  event.preventDefault();
}

// The square next to `from` in the direction [dc, dr] on screen, skipping holes in the board;
// `from` itself at the board's edge.
function nextSquare(state, from, [dc, dr]) {
  const { grid } = state;
  if (!from || !grid.has(from)) return [...grid.keys()][0];
  const at = new Map([...grid].map(([name, { col, row }]) => [`${col},${row}`, name]));
  let { col, row } = grid.get(from);
  const { width, height } = state.cfg.geometry;
  for (;;) {
    col += dc;
    row += dr;
    if (col < 0 || row < 0 || col >= width || row >= height) return from;
    const name = at.get(`${col},${row}`);
    if (name) return name;
  }
}

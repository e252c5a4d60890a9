// Drawing a board's state: the highlights under the pieces (last move, diagram squares, marks,
// the selection), the pieces where the selection shows them, and what goes over them (next squares,
// what the pointed-at move would change, the keyboard cursor). The pieces themselves are
// board-pieces.js's; render() only moves and marks them.

import { capitalise } from "../common/words.js";
import { follow } from "./pathinput.js";
import { drawing, node, S } from "./board-svg.js";
import { center, common, commonChanges, describe, pieceClass, translate } from "./board-state.js";
import { place } from "./board-pieces.js";

export function render(state) {
  const { cfg, dom } = state;
  dom.under.replaceChildren();
  dom.over.replaceChildren();
  dom.markLayer.replaceChildren();
  if (!cfg.geometry) return;
  drawLastMove(state);
  drawDiagram(state);
  drawMarks(state);
  const effects = state.selection.length ? drawSelection(state) : {};
  drawPieces(state, effects);
  drawCursor(state);
  dom.svg.setAttribute("tabindex", cfg.static ? "-1" : "0");
  dom.svg.classList.toggle("static", cfg.static);
}

const known = (state, square) => state.grid.has(square);

function drawLastMove(state) {
  const { lastMove } = state.cfg;
  for (const square of new Set(lastMove?.path ?? [])) if (known(state, square)) squareRect(state, square, "last", state.dom.under);
  // Where the last move took pieces off: they are gone, so say where they stood.
  for (const square of lastMove?.removed ?? []) {
    if (!known(state, square)) continue;
    const [x, y] = center(state, square);
    const g = node("g", { class: "last-removed" }, state.dom.under);
    g.dataset.square = square;
    node("title", {}, g).textContent = `Taken on ${square} by the last move`;
    node("circle", { cx: x, cy: y, r: 30 }, g);
    node("path", { d: `M${x - 13} ${y - 13}L${x + 13} ${y + 13}M${x + 13} ${y - 13}L${x - 13} ${y + 13}` }, g);
  }
}

// A diagram's own drawings: highlighted squares, arrows and [1]-style labels.
function drawDiagram(state) {
  const { cfg, dom } = state;
  for (const square of cfg.highlights) if (known(state, square)) squareRect(state, square, "highlight", dom.under);
  for (const [from, to] of cfg.arrows) {
    if (!known(state, from) || !known(state, to) || from === to) continue;
    const [[x, y], [ex, ey]] = [center(state, from), center(state, to)];
    const length = Math.hypot(ex - x, ey - y);
    const arrow = arrowShape(state, [x, y], [ex - ((ex - x) / length) * 30, ey - ((ey - y) / length) * 30],
      [(ex - x) / length, (ey - y) / length], "arrow", `${from} to ${to}`);
    arrow.dataset.from = from;
    arrow.dataset.to = to;
  }
  for (const [square, text] of Object.entries(cfg.labels)) {
    if (!known(state, square)) continue;
    const [x, y] = center(state, square);
    const g = node("g", { class: "label", transform: `translate(${x} ${y})` }, dom.markLayer);
    g.dataset.square = square;
    g.dataset.label = text;
    node("title", {}, g).textContent = `[${text}] on ${square}`;
    node("circle", { r: 27 }, g);
    node("text", { "text-anchor": "middle", "dominant-baseline": "central" }, g).textContent = text;
  }
}

// The position's marks (from the rules): a ring, a badge, and an arrow for a mark that points.
function drawMarks(state) {
  const { dom } = state;
  const badges = new Map(); // square -> badges drawn on it so far (they stack downwards)
  for (const { square, kind, label, toward = [] } of state.cfg.marks) {
    if (!known(state, square)) continue;
    const [x, y] = center(state, square);
    const circle = node("circle", { class: `mark mark-${kind}`, cx: x, cy: y, r: 45 }, dom.under);
    circle.dataset.square = square;
    node("title", {}, circle).textContent = label;
    // A mark that points (a direction and its reach): an arrow from the square over those squares.
    const reach = toward.filter((sq) => known(state, sq));
    if (reach.length) {
      const [ex, ey] = center(state, reach.at(-1));
      const [fx, fy] = center(state, reach[0]);
      const [ux, uy] = [(fx - x) / Math.hypot(fx - x, fy - y), (fy - y) / Math.hypot(fx - x, fy - y)];
      const arrow = arrowShape(state, [x, y], [ex, ey], [ux, uy], `reach reach-${kind}`, label);
      arrow.dataset.square = square;
      arrow.dataset.toward = reach.join(" ");
    }
    // A badge names the mark's kind (its label, when short) so no mark relies on colour alone.
    const n = badges.get(square) ?? 0;
    badges.set(square, n + 1);
    const text = label.length <= 10 ? label : kind.replace(/-/g, " ");
    const width = 14 + text.length * 9.5;
    const badge = node("g", { class: `badge badge-${kind}`, transform: `translate(${x} ${y - S / 2 + 4 + n * 24})` }, dom.markLayer);
    badge.dataset.square = square;
    badge.dataset.kind = kind;
    node("title", {}, badge).textContent = label;
    node("rect", { x: -width / 2, y: 0, width, height: 21, rx: 10 }, badge);
    node("text", { y: 11, "text-anchor": "middle", "dominant-baseline": "central" }, badge).textContent = text;
  }
}

// The squares clicked so far, the path and its ghost, and where the move may go on. Returns what
// the move would do to other pieces: {taken, jumped} by the selection so far, {previewed, changes}
// by the next square under the pointer (or the keyboard cursor).
function drawSelection(state) {
  const { selection, pieceEls, dom } = state;
  const { moves } = state.cfg.movable;
  let taken; // squares whose pieces the selection so far captures
  let jumped; // squares of pieces the selection so far leaps over and leaves
  squareRect(state, selection[0], "selected", dom.under);
  for (const square of selection.slice(1)) squareRect(state, square, "trail", dom.under);
  if (selection.length > 1) {
    const g = node("g", { class: `${pieceClass(state, pieceEls.get(selection[0])?.dataset.piece)} ghost` }, dom.under);
    g.innerHTML = pieceEls.get(selection[0])?.innerHTML ?? "";
    g.style.transform = translate(state, selection[0]);
    const points = selection.map((sq) => center(state, sq).join(",")).join(" ");
    node("polyline", { class: "path-line", points }, dom.under);
  }
  const { matching, complete, next } = follow(moves, selection);
  // Pieces every matching move takes off (or leaps over): the ones the clicks so far have jumped.
  if (selection.length > 1) {
    taken = common(matching, "removed");
    jumped = common(matching, "jumped");
  }
  for (const square of next) {
    const [x, y] = center(state, square);
    const occupied = pieceEls.has(square) && square !== selection[0];
    const dot = occupied
      ? node("circle", { class: "dest-ring", cx: x, cy: y, r: 44 }, dom.over)
      : node("circle", { class: "dest", cx: x, cy: y, r: 16 }, dom.over);
    dot.dataset.square = square;
    // Back to where the piece started: a null move ("pass") or a return after a capture ("back").
    if (square === selection[0]) {
      const word = selection.length === 1 ? "pass" : "back";
      const onto = follow(moves, [...selection, square]).complete[0];
      if (word === "pass") dot.remove(); // the pill's ring marks it; a dot would hide the piece
      pill(state, square, word, word, onto ? `${capitalise(word)} (${onto.text})` : word);
    }
  }
  // What the move under the pointer (or the keyboard cursor) would take off or change, before
  // it is played.
  const target = cursorShown(state) ? state.cursor : state.hover;
  const pointed = target && next.includes(target) ? follow(moves, [...selection, target]).matching : [];
  if (complete.length && selection.length > 1) pill(state, selection.at(-1), "stop", "stop", `Stop here (${complete[0].text})`);
  return { taken, jumped, previewed: common(pointed, "removed"), changes: commonChanges(pointed) };
}

// The pieces where the selection shows them (a moving piece at the end of its path so far), marked
// with what the move would do to them; a piece it would change is shown as it would become, ringed.
function drawPieces(state, { taken = new Set(), jumped = new Set(), previewed = new Set(), changes = [] }) {
  const { selection, hold, pieceEls } = state;
  for (const [square, g] of pieceEls) {
    let shown = square;
    if (hold && square === hold.from) shown = hold.at;
    else if (selection.length > 1 && square === selection[0]) shown = selection.at(-1);
    if (g.at !== shown && !state.drag?.active) place(state, g, shown);
    g.classList.toggle("taken", taken.has(square));
    g.classList.toggle("preview-taken", previewed.has(square) && !taken.has(square));
    g.classList.toggle("jumped", jumped.has(square));
    if (jumped.has(square)) ring(state, square, "jumped-ring", `${describe(state, g.dataset.piece).name} on ${square}: jumped, stays`);
  }
  const changing = new Set(changes.map(([square]) => square));
  for (const [square, g] of pieceEls) g.classList.toggle("changing", changing.has(square));
  for (const [square, letter] of changes) {
    const g = pieceEls.get(square);
    if (!g || !known(state, square)) continue;
    const ghost = node("g", { class: `${pieceClass(state, letter)} becomes` }, state.dom.over);
    ghost.replaceChildren(...drawing(describe(state, letter).glyph, letter));
    ghost.style.transform = translate(state, square);
    ghost.dataset.square = square;
    ghost.dataset.piece = letter;
    ring(state, square, "changed-ring", `${describe(state, g.dataset.piece).name} on ${square} becomes ${describe(state, letter).name}`);
  }
}

// The keyboard cursor shows only while the keyboard is in use and the board has the focus.
const cursorShown = (state) => state.keyboard && state.cursor && state.dom.root.activeElement === state.dom.svg;

function drawCursor(state) {
  if (!cursorShown(state) || !known(state, state.cursor)) return;
  const { col, row } = state.grid.get(state.cursor);
  node("rect", { class: "cursor", x: col * S + 3, y: row * S + 3, width: S - 6, height: S - 6, rx: 4 }, state.dom.over);
}

// -- shapes ----------------------------------------------------------------------------------------

function squareRect(state, square, cls, parent) {
  const { col, row } = state.grid.get(square);
  const r = node("rect", { class: cls, x: col * S, y: row * S, width: S, height: S }, parent);
  r.dataset.square = square;
  return r;
}

// A dashed ring with a word below: where clicking the square again ends the move.
function pill(state, square, cls, word, title) {
  const [x, y] = center(state, square);
  const g = node("g", { class: cls, transform: `translate(${x} ${y})` }, state.dom.over);
  g.dataset.square = square;
  node("title", {}, g).textContent = title;
  node("circle", { r: 45 }, g);
  node("rect", { x: -30, y: 24, width: 60, height: 24, rx: 12 }, g);
  node("text", { y: 36, "text-anchor": "middle", "dominant-baseline": "central" }, g).textContent = word;
}

// A ring around a piece, with a tooltip saying what happens to it.
function ring(state, square, cls, title) {
  const [x, y] = center(state, square);
  const circle = node("circle", { class: cls, cx: x, cy: y, r: 46 }, state.dom.over);
  circle.dataset.square = square;
  node("title", {}, circle).textContent = title;
}

// An arrow from near (x, y) (leaving room for the piece there) to (ex, ey), heading along (ux, uy).
function arrowShape(state, [x, y], [ex, ey], [ux, uy], cls, title) {
  const arrow = node("g", { class: cls }, state.dom.markLayer);
  node("title", {}, arrow).textContent = title;
  node("line", { x1: x + ux * 46, y1: y + uy * 46, x2: ex - ux * 8, y2: ey - uy * 8 }, arrow);
  const head = [[ex + ux * 22, ey + uy * 22], [ex - uy * 16, ey + ux * 16], [ex + uy * 16, ey - ux * 16]];
  node("polygon", { points: head.map((p) => p.join(",")).join(" ") }, arrow);
  return arrow;
}

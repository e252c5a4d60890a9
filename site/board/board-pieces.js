// The board's pieces: drawing one, placing it on its square, and bringing the drawn pieces to a new
// position, animated (the mover along its path, taken pieces fading as it passes them).

import { node, drawing } from "./board-svg.js";
import { describe, pieceClass, translate } from "./board-state.js";

const LEG_MS = 170;
const FADE_MS = 220;

const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

export function draw(state, g, square, letter) {
  g.setAttribute("class", pieceClass(state, letter));
  g.replaceChildren(...drawing(describe(state, letter).glyph, letter));
  g.dataset.piece = letter;
  g.setAttribute("role", "img");
  standOn(state, g, square);
  const { name, help } = describe(state, letter); // hovering a piece says how it moves
  node("title", {}, g).textContent = help ? `${name}: ${help}` : name;
}

// The square a drawn piece stands on, and what a screen reader says of it (it moves with it).
function standOn(state, g, square) {
  g.dataset.square = square;
  g.setAttribute("aria-label", `${describe(state, g.dataset.piece).name} on ${square}`);
}

/** Show `g` on `square` (g.at remembers where it is shown, which may not be where it stands). */
export function place(state, g, square) {
  g.at = square;
  g.style.transform = translate(state, square);
}

function makePiece(state, square, letter) {
  const g = node("g", {}, state.dom.pieceLayer);
  draw(state, g, square, letter);
  place(state, g, square);
  return g;
}

function fadeOut(g, delay, animate) {
  g.removeAttribute("data-square");
  g.setAttribute("aria-hidden", "true");
  if (!animate || still()) return g.remove();
  g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, delay, fill: "forwards" }).onfinish = () =>
    g.remove();
}

function slide(state, g, path) {
  if (still() || path.length < 2) return;
  state.dom.pieceLayer.append(g); // on top while it moves
  const frames = path.map((sq) => ({ transform: translate(state, sq), easing: "ease-in-out" }));
  g.animate(frames, { duration: LEG_MS * (path.length - 1) });
}

function distance(state, a, b) {
  const p = state.grid.get(a);
  const q = state.grid.get(b);
  return Math.hypot(p.col - q.col, p.row - q.row);
}

// Bring the drawn pieces to `next`. With `motion`, animate: the piece on motion.path[0] travels
// the path, removed pieces fade, and other pieces that changed squares slide (matched by letter).
export function sync(state, next, motion) {
  const { pieceEls } = state;
  const old = new Map(pieceEls);
  pieceEls.clear();
  const needed = [];
  for (const [square, letter] of Object.entries(next)) {
    const g = old.get(square);
    if (g && g.dataset.piece === letter) {
      pieceEls.set(square, g);
      old.delete(square);
    } else needed.push(square);
  }
  const shownLegs = moveAlongPath(state, old, needed, next, motion?.path);
  const removedOrder = motion?.removed ?? [];
  for (const square of needed) {
    const letter = next[square];
    let best = null;
    if (motion) {
      for (const [from, g] of old) {
        if (g.dataset.piece !== letter) continue;
        const d = distance(state, from, square);
        if (!best || d < best.d) best = { from, g, d };
      }
    }
    if (best) {
      old.delete(best.from);
      standOn(state, best.g, square);
      place(state, best.g, square);
      pieceEls.set(square, best.g);
      slide(state, best.g, [best.from, square]);
    } else {
      const g = makePiece(state, square, letter);
      pieceEls.set(square, g);
      if (motion && !still()) g.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS });
    }
  }
  for (const [square, g] of old) {
    const leg = removedOrder.indexOf(square) - shownLegs; // fade as the mover passes it
    fadeOut(g, leg >= 0 ? LEG_MS * (leg + 0.5) : 0, Boolean(motion));
  }
}

// The mover of sync(): the piece on path[0] goes to the path's end (taken out of `old` and `needed`).
// Returns the legs of the path it already stood past (entered by clicks), which are not animated again.
function moveAlongPath(state, old, needed, next, path) {
  if (!(path?.length > 1)) return 0;
  const [from, to] = [path[0], path.at(-1)];
  const g = old.get(from);
  if (!g || !next[to] || !needed.includes(to)) return 0;
  old.delete(from);
  needed.splice(needed.indexOf(to), 1);
  const shownLegs = Math.max(path.lastIndexOf(g.at), 0); // it may already stand part of the way
  if (g.dataset.piece !== next[to]) draw(state, g, to, next[to]);
  standOn(state, g, to);
  place(state, g, to);
  state.pieceEls.set(to, g);
  slide(state, g, path.slice(shownLegs));
  return shownLegs;
}

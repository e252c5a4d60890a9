// Moves and positions in words, for screen readers: "Green soldier g2 to e4, takes Black soldier f3."
// Built from what Python sent (a move's path and removed squares, the board before it, the game's
// piece names): no rules here.

import { capitalise } from "../common/words.js";

const pieceName = (info, letter) => (letter && Object.hasOwn(info.pieces, letter) ? info.pieces[letter].name : "piece");
const list = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/**
 * One move in words; `before` is the board ({square: letter}) the move was played on. A piece that
 * becomes another where it stops (`move.lands`: a soldier dropped as the King, a frog promoted)
 * says so: "Black soldier c8 becomes Black King (K@c8)."
 */
export function describeMove(move, before, info) {
  const [from, ...to] = move.path;
  const mover = pieceName(info, before[from]);
  const where = to.length ? `${from} to ${to.join(", ")}` : from;
  const landed = move.lands && move.lands !== before[from] && Object.hasOwn(info.pieces, move.lands) ? ` becomes ${pieceName(info, move.lands)}` : "";
  const named = to.length ? "" : ` (${move.text})`; // a move that stays on its square: its text says what it is
  const taken = (move.removed ?? []).map((sq) => `${pieceName(info, before[sq])} ${sq}`);
  const changed = Object.entries(move.changed ?? {}).map(([sq, letter]) => `${pieceName(info, before[sq])} ${sq} becomes ${pieceName(info, letter)}`);
  const effects = [taken.length ? `takes ${list(taken)}` : "", ...changed].filter(Boolean);
  return `${capitalise(mover)} ${where}${landed}${named}${effects.length ? `, ${effects.join("; ")}` : ""}.`;
}

/** The position in words, side by side: "Black: King c8; soldiers a6, c6. Green: ... Green to move." */
export function describePosition(board, info, turn) {
  const sides = info.sides.map(({ id, name }) => {
    // Kinds in the game's own order of pieces; squares in board order (a1, a2, ... b1).
    const kinds = new Map();
    const squares = Object.entries(board).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
    for (const [letter, piece] of Object.entries(info.pieces)) {
      if (piece.side !== id) continue;
      const on = squares.filter(([, l]) => l === letter).map(([sq]) => sq);
      if (!on.length) continue;
      const kind = piece.name.startsWith(`${name} `) ? piece.name.slice(name.length + 1) : piece.name;
      kinds.set(kind, [...(kinds.get(kind) ?? []), ...on]);
    }
    const parts = [...kinds].map(([kind, squares]) => `${squares.length > 1 ? `${squares.length} ${kind}s` : kind} ${list(squares)}`);
    return `${name}: ${parts.length ? parts.join("; ") : "no pieces"}.`;
  });
  const mover = info.sides.find((s) => s.id === turn)?.name;
  return [...sides, mover ? `${mover} to move.` : ""].filter(Boolean).join(" ");
}

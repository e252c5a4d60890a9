// The analysis board's state: one plain object that the controllers change and the views draw
// (called `a` everywhere), and what follows from it: whose move it is, the moves to a node, how a
// move is numbered, what a request to the worker says.

import * as variations from "./variations.js";

/** Best lines the engine may be asked for. */
export const MAX_LINES = 3;

/** The state before any record is opened. */
export function createState() {
  return {
    shown: false,
    hash: null, // the hash this view last wrote or read: the same hash again keeps the tree
    record: null, // {game, variant, start} of the tree's start position
    info: null,
    tree: variations.treeOf(),
    opened: null, // the tree as it was opened, as JSON: what differs the person made here
    at: 0, // the node shown
    state: null, // Python's state of the node shown
    firstSide: 0, // the index of the side to move at the start (sides alternate)
    bottom: 0, // the index of the side drawn at the bottom of the board when it is not flipped
    orientation: "normal",
    seq: 0, // each position change counts one: answers for an older one are dropped
    engineOn: true,
    lines: 1,
    job: null, // the engine's search on the position shown: {search, seq}
    found: null, // its latest answer
    arrowsFor: null, // the index of the best line drawn as arrows
    arrowsPv: null, // the moves drawn as arrows
    drawnAt: 0, // when the engine's lines were last drawn
    review: null, // {ids, evaluations, graded (readReview's answer), running, cancelled}
    resigned: null, // {side, moves}: the side that resigned after these moves from the start (the game as played)
    known: new Map(), // the proofs the engine found here (wins in N), by the moves to the position
    loading: null, // the record being opened from the address
  };
}

export const sideName = (a, index) => (a.info?.sides ?? [])[index]?.name ?? "";
export const turnIndex = (a, ply) => (a.firstSide + ply) % 2;
/** The index of the side drawn at the bottom of the board as it is shown: the graph is from its view. */
export const facingIndex = (a) => (a.orientation === "flipped" ? 1 - a.bottom : a.bottom);
/** The name of the side to move at the node shown. */
export const sideToMove = (a) => sideName(a, turnIndex(a, variations.nodeAt(a.tree, a.at).ply));
export const movesAt = (a, id = a.at) => variations.movesTo(a.tree, id);
/** The name of the side that resigned at node `id` (the end of the game as played), or null. */
export function resignedAt(a, id = a.at) {
  if (!a.resigned) return null;
  const moves = movesAt(a, id);
  return moves.length === a.resigned.moves.length && moves.every((m, i) => m === a.resigned.moves[i]) ? (a.info?.sides.find((s) => s.id === a.resigned.side)?.name ?? null) : null;
}
export const knownKey = (a, moves) => JSON.stringify([a.record.game, a.record.variant, a.record.start, moves]);
/** A request to the worker about the position after `moves` from the tree's start. */
export const request = (a, op, moves, extra = {}) => ({ op, game: a.record.game, variant: a.record.variant, start: a.record.start, moves, ...extra });

// Moves are numbered in pairs, the first side's move first: "3." before it, "3…" before the other's.
export const firstOfPair = (a, ply) => (ply - 1 + a.firstSide) % 2 === 0;
export const moveLabel = (a, ply) => `${Math.floor((ply - 1 + a.firstSide) / 2) + 1}${firstOfPair(a, ply) ? "." : "…"}`;

/** Whether the tree shown has moves the person made (played, promoted or deleted) since it opened. */
export const madeHere = (a) => Boolean(a.record) && JSON.stringify(a.tree) !== a.opened;
/** The analysis shown, as `showAnalysis` takes it: a note's Undo brings it back. */
export const analysisShown = (a) => ({ record: a.record, info: a.info, tree: a.tree, opened: a.opened, firstSide: a.firstSide, bottom: a.bottom, at: a.at, resigned: a.resigned });

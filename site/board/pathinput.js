// Move entry by clicking squares, driven only by the legal moves' paths (no rules here).
// A move's `path` lists the squares a player clicks, starting at the origin (a drop has one square).

const startsWith = (path, prefix) => prefix.length <= path.length && prefix.every((sq, i) => path[i] === sq);

/**
 * What the squares clicked so far can still become.
 * @returns {{matching: object[], complete: object[], next: string[]}} the moves whose path starts
 *   with the clicks, those whose whole path was clicked, and the squares that continue some longer
 *   move (in the moves' order, without repeats).
 */
export function follow(moves, clicked) {
  const matching = moves.filter((move) => startsWith(move.path, clicked));
  const complete = matching.filter((move) => move.path.length === clicked.length);
  const next = [...new Set(matching.filter((m) => m.path.length > clicked.length).map((m) => m.path[clicked.length]))];
  return { matching, complete, next };
}

/**
 * The outcome of clicking `square` while `clicked` squares are selected.
 * @returns {{selection: string[], play?: object[]}} the new selection, and the moves to play (one,
 *   or several when different moves share the path) if the click completes a move.
 */
export function click(moves, clicked, square) {
  if (clicked.length) {
    const here = follow(moves, clicked);
    if (here.next.includes(square)) return settle(moves, [...clicked, square]);
    if (square === clicked.at(-1) && here.complete.length) return { selection: [], play: here.complete };
    if (clicked.length === 1 && square === clicked[0]) return { selection: [] }; // unselect
  }
  return settle(moves, [square]); // a fresh start; nothing happens if no move starts here
}

function settle(moves, clicked) {
  const { complete, next } = follow(moves, clicked);
  if (!next.length) return complete.length ? { selection: [], play: complete } : { selection: [] };
  return { selection: clicked };
}

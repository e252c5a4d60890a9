// A move drawn on the board with the board's own marks (`board.set({arrows, highlights})`): the
// game view's Hint and best line, the analysis board's engine lines and the puzzles' hints and
// escapes all draw a move from its path, the squares it passes through (from Python's legal moves).

/**
 * A move's path as arrows from square to square, one per leg (["b3", "d5", "f3"] -> b3-d5, d5-f3),
 * or, for a move on one square (a drop, a pass), that square highlighted: no arrow can show it.
 */
export function moveArrows(path) {
  const arrows = path.slice(1).map((to, i) => [path[i], to]).filter(([from, to]) => from !== to);
  return { arrows, highlights: arrows.length ? [] : path.slice(0, 1) };
}

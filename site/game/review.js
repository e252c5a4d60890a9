// The moves of a game as a line the person can walk along: the moves played (`moves`), how many of
// them the board shows (`cursor`), and, after a new move was played from an earlier position, the
// continuation it replaced (`replaced`, so Undo back to that point brings it back: nothing the
// person played is lost without a way back). Plain data in, plain data out: no rules, no DOM.

/** A line at its end: every move shown. */
export const lineOf = (moves, cursor = moves.length) => ({ moves: [...moves], cursor: clamp(cursor, moves.length), replaced: null });

const clamp = (n, max) => (Number.isInteger(n) ? Math.max(0, Math.min(n, max)) : max);

/** The moves up to the cursor: the game as the board shows it. */
export const shown = (line) => line.moves.slice(0, line.cursor);

/** Whether the board shows the end of the line (where play goes on). */
export const atEnd = (line) => line.cursor === line.moves.length;

/** The line with the cursor at `cursor` (clamped to the line). */
export const moveTo = (line, cursor) => ({ ...line, cursor: clamp(cursor, line.moves.length) });

/**
 * The line after `move` (its canonical text) is played where the cursor is: the next move of the
 * line if it is that move, else a new line from here, keeping what it replaces.
 */
export function played(line, move) {
  const { moves, cursor } = line;
  if (moves[cursor] === move) return { ...line, cursor: cursor + 1 };
  const replaced = cursor < moves.length ? { at: cursor, moves: moves.slice(cursor) } : line.replaced;
  return { moves: [...moves.slice(0, cursor), move], cursor: cursor + 1, replaced };
}

/**
 * The line after Undo back to `cursor`: once it reaches the point where a new line replaced an old
 * continuation, the old one comes back (and the new one is kept as the replaced one, for Redo's sake
 * of symmetry: undoing again past that point and playing on is the person's choice).
 * @returns {{line, restored: number}} restored is the number of moves brought back (0 if none).
 */
export function undone(line, cursor) {
  const next = moveTo(line, cursor);
  const { replaced } = line;
  if (!replaced || next.cursor > replaced.at) return { line: next, restored: 0 };
  const newer = line.moves.slice(replaced.at);
  return {
    line: { moves: [...line.moves.slice(0, replaced.at), ...replaced.moves], cursor: next.cursor, replaced: { at: replaced.at, moves: newer } },
    restored: replaced.moves.length,
  };
}

// The moves of a game as a line the person can walk along: the moves played (`moves`), how many of
// them the board shows (`cursor`), and, after a new move was played from an earlier position, the
// continuation it replaced (`replaced`, so Undo back to that point brings it back: nothing the
// person played is lost without a way back), and how the line ends (`end`, from Python's state at
// its last move: a finished game stays finished whichever of its moves the board shows; after Undo,
// `takenBack`, its result is not shown, the person playing on). Plain data in, plain data out: no
// rules, no DOM.

/** A line (every move shown unless `cursor` says otherwise) that ends as `end` says (null: not known yet). */
export const lineOf = (moves, cursor = moves.length, end = null) => ({ moves: [...moves], cursor: clamp(cursor, moves.length), replaced: null, end });

/** How a game ends, from Python's state at its last move: its result, null while it goes on. */
export const endOf = (state) => ({ result: state.result ?? null, resultText: state.resultText ?? null, resultReason: state.resultReason ?? null });

/**
 * How a game ends when `side` resigns it: the other of `sides` ([{id, name}], the game's two) wins.
 * `resigned` says who; `offBoard`, that Python's state at the end knows nothing of it.
 */
export function resignedEnd(side, sides) {
  const loser = sides.find((s) => s.id === side);
  const winner = sides.find((s) => s.id !== side);
  return { result: winner.id, resultText: `${winner.name} wins by resignation`, resultReason: `${loser.name} resigned.`, resigned: side, offBoard: true };
}

/**
 * How a game ends as an imported record declares it (`1-0`, `0-1` or `1/2-1/2`: an ending off the
 * board, a resignation or an agreement), its moves leaving it open; null for any other result.
 */
export function declaredEnd(result, resultText, sides) {
  const winner = new Map([["1-0", sides[0]?.id], ["0-1", sides[1]?.id], ["1/2-1/2", "draw"]]).get(result);
  if (!winner) return null;
  return { result: winner, resultText: resultText ?? result, resultReason: "The game ended off the board, as its record says.", offBoard: true };
}

/** The line, told how it ends by `state`, Python's answer for the position the board shows, when that is its end (an ending off the board stays). */
export const endedBy = (line, state) => (atEnd(line) && !line.end?.offBoard ? { ...line, end: endOf(state) } : line);

/** Whether the line's last move ended the game. */
export const isOver = (line) => line.end?.result != null;

/** Whether the game's result is shown: over, and not taken back by Undo to play on (looking back keeps it). */
export const showsResult = (line) => isOver(line) && !line.takenBack;

const clamp = (n, max) => (Number.isInteger(n) ? Math.max(0, Math.min(n, max)) : max);

/** The moves up to the cursor: the game as the board shows it. */
export const shown = (line) => line.moves.slice(0, line.cursor);

/** Whether the board shows the end of the line (where play goes on). */
export const atEnd = (line) => line.cursor === line.moves.length;

/** The line with the cursor at `cursor` (clamped to the line): looked at, not taken back. */
export const moveTo = (line, cursor) => ({ ...line, cursor: clamp(cursor, line.moves.length), takenBack: false });

/**
 * The line after `move` (its canonical text) is played where the cursor is: the next move of the
 * line if it is that move, else a new line from here, keeping what it replaces.
 */
export function played(line, move) {
  const { moves, cursor } = line;
  if (moves[cursor] === move) return { ...line, cursor: cursor + 1, takenBack: false };
  const replaced = cursor < moves.length ? { at: cursor, moves: moves.slice(cursor) } : line.replaced;
  return { moves: [...moves.slice(0, cursor), move], cursor: cursor + 1, replaced, end: null };
}

/** The line cut where the board is, for a resignation there: the moves after it kept as `replaced`. */
export function resignedHere(line) {
  if (atEnd(line)) return { ...line, takenBack: false };
  return { moves: shown(line), cursor: line.cursor, replaced: { at: line.cursor, moves: line.moves.slice(line.cursor) }, end: null, takenBack: false };
}

/**
 * The line after Undo back to `cursor`: once it reaches the point where a new line replaced an old
 * continuation, the old one comes back (and the new one is kept as the replaced one, for Redo's sake
 * of symmetry: undoing again past that point and playing on is the person's choice). How the
 * restored line ends is not known here (`end` null): the caller asks Python.
 * @returns {{line, restored: number}} restored is the number of moves brought back (0 if none).
 */
export function undone(line, cursor) {
  const next = moveTo(line, cursor);
  const { replaced } = line;
  if (!replaced || next.cursor > replaced.at) return { line: { ...next, takenBack: true }, restored: 0 };
  const newer = line.moves.slice(replaced.at);
  return {
    line: { moves: [...line.moves.slice(0, replaced.at), ...replaced.moves], cursor: next.cursor, replaced: { at: replaced.at, moves: newer }, end: null, takenBack: true },
    restored: replaced.moves.length,
  };
}

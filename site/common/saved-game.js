// A saved game: the library entry the game view writes and every view reads back (the library,
// a link's return, another tab's change). Its shape is checked here; storage.js keeps the texts.
//
// An entry: {id, record, cursor, board, lastMove, mode, level, created, updated, result,
// resultText, resigned, takenBack, imported}: record is {game, variant, start, moves} (start null =
// the game's start position), cursor how many of the moves the board showed (review; takenBack: by
// Undo, to play on from there, so a finished game's result is not shown), board / lastMove what was
// drawn last (only to draw at once before Python has checked the record), mode / level who played,
// result / resultText the end as Python last said it (for the library's list), and imported what
// an imported record said beyond its moves ({moves, tags, comments, result, resultText}: the
// moves it had, its tags such as players and Date, comments keyed by the number of moves before
// them, and a declared result such as a resignation), or null.

/**
 * Bounds on what a record may hold (a position string, a move text, the number of moves, a link's
 * move code: records.py's MAX_PLIES and MAX_CODE_CHARS, tests/test_records.py checks).
 */
export const LIMITS = { position: 4000, move: 64, moves: 10000, code: 12000 };
const RESULTS = ["1-0", "0-1", "1/2-1/2", "*"];

export const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isName = (value) => typeof value === "string" && value.length > 0 && value.length <= LIMITS.move;

/**
 * A game record checked for shape (Python checks the rules): {game, variant, start, moves}.
 * Throws an Error saying in plain words what is wrong.
 */
export function checkRecord(value) {
  if (!isPlainObject(value)) throw new Error("it is not a game record");
  const { game, variant = null, start = null, moves } = value;
  if (!isName(game)) throw new Error("it does not name its game");
  if (variant !== null && variant !== "" && !isName(variant)) throw new Error("its rule variant is not a name");
  if (start !== null && (typeof start !== "string" || start.length > LIMITS.position)) {
    throw new Error("its start position is not a position string");
  }
  if (!Array.isArray(moves) || moves.length > LIMITS.moves || !moves.every(isName)) {
    throw new Error("its moves are not a list of move texts");
  }
  return { game, variant: variant || null, start: start || null, moves: [...moves] };
}

const SQUARE = /^[a-z][1-9][0-9]?$/;

// The drawn board and last move are a cache: a bad one is dropped (Python redraws it), not reported.
function checkBoard(value) {
  if (!isPlainObject(value)) return null;
  const entries = Object.entries(value);
  const ok = entries.length <= 256 && entries.every(([sq, piece]) => SQUARE.test(sq) && /^[A-Za-z]$/.test(piece));
  return ok ? Object.fromEntries(entries) : null;
}

function checkLastMove(value) {
  const squares = (list) => Array.isArray(list) && list.length <= 64 && list.every((sq) => SQUARE.test(sq));
  if (!isPlainObject(value) || !squares(value.path) || !squares(value.removed ?? [])) return null;
  return { path: [...value.path], removed: [...(value.removed ?? [])] };
}

/** What an entry id may be (the key it is filed under ends with it). */
export const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The value when it is a string of at most `max` characters, else null. */
export const shortText = (value, max) => (typeof value === "string" && value.length <= max ? value : null);

/** A new entry id (random: ids from two tabs never collide). */
export const newId = () => globalThis.crypto.randomUUID();

/**
 * Whether a library entry holds something of the person's: a move, a position set up, an import,
 * or a game with a friend (its invitation, with the entry's id, may be sent before any move). A new
 * game at the start is only the board's state (kept so that a return finds it), not a game.
 */
export const isBegun = (entry) =>
  entry.record.moves.length > 0 || Boolean(entry.record.start) || Boolean(entry.imported) || String(entry.mode).startsWith("friend-");

/** One library entry, checked; `id` is the key it was filed under. Throws saying what is wrong. */
export function checkEntry(id, value) {
  if (!isPlainObject(value)) throw new Error("it is not a saved game");
  if (value.id !== id || !ENTRY_ID.test(id)) throw new Error("its name does not match where it is filed");
  const record = checkRecord(value.record);
  // How many of the moves the board showed (review); the end when missing or out of range.
  const cursor = Number.isInteger(value.cursor) && value.cursor >= 0 && value.cursor <= record.moves.length ? value.cursor : record.moves.length;
  const level = Number.isInteger(value.level) && value.level >= 1 && value.level <= 9 ? value.level : null;
  // Dates are kept as ISO strings (what the export's Date tag is cut from), whatever was written.
  const date = (text) => (shortText(text, 40) && isoDate(text)) || null;
  const created = date(value.created) ?? date(value.updated) ?? new Date(0).toISOString();
  return {
    id,
    record,
    cursor,
    board: checkBoard(value.board),
    lastMove: checkLastMove(value.lastMove),
    mode: shortText(value.mode, 16),
    level,
    created,
    updated: date(value.updated) ?? created,
    result: shortText(value.result, 16),
    resultText: shortText(value.resultText, 200),
    resigned: shortText(value.resigned, 16), // the side that resigned (the game view checks it is one)
    takenBack: value.takenBack === true && cursor < record.moves.length, // Undo took moves back to play on
    imported: checkImported(value.imported),
  };
}

// A date as an ISO string (year 1 to 9999), or null.
function isoDate(text) {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

// Whether `text` holds at most `max` characters, counted as Python counts them (an emoji is one,
// not JavaScript's two), so that what Python accepted in a record is kept here too.
const fits = (text, max) => text.length <= max || (text.length <= 2 * max && [...text].length <= max);

const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * What an imported record said beyond its moves, checked: {moves, tags, comments, result,
 * resultText} (tags without the record's own Game, Variant, Position and Result), or null. A damaged
 * part is dropped, as the drawing is: the record itself is what counts.
 */
export function checkImported(value) {
  if (!isPlainObject(value)) return null;
  const texts = (map, keyOk, max) =>
    Object.fromEntries(Object.entries(isPlainObject(map) ? map : {}).filter(([k, v]) => keyOk(k) && typeof v === "string" && fits(v, max)));
  let moves = [];
  try {
    moves = checkRecord({ game: "-", moves: value.moves }).moves;
  } catch {
    return null;
  }
  const result = RESULTS.includes(value.result) ? value.result : null;
  return {
    moves,
    tags: texts(value.tags, (k) => TAG_NAME.test(k) && !["Game", "Variant", "Position", "Result"].includes(k), 1000),
    comments: texts(value.comments, (k) => /^\d{1,5}$/.test(k) && Number(k) <= moves.length, 10_000),
    result,
    resultText: result && shortText(value.resultText, 200),
  };
}

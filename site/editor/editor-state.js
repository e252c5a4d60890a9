// The editor's state: the game being set up, Python's description of its extra state, the set-up
// itself and Python's latest verdict on it; and the editor's hash, where a set-up lives in the
// address. Nothing here touches the page.

/** The palette's tool that clears squares (the other tools are piece letters). */
export const ERASER = "erase";

/** The editor's hash for a game, variant and (optionally) a position to start from. */
export function editorHash(game, variant = null, start = null) {
  const params = new URLSearchParams({ editor: game });
  if (variant) params.set("variant", variant);
  if (start) params.set("start", start);
  return `#${params}`;
}

/** What an editor hash asks: {game, variant, start} (each null if not named); null for any other hash. */
export function readEditorHash(hash) {
  const text = String(hash).replace(/^#/, "");
  if (text !== "editor" && !text.startsWith("editor=") && !text.startsWith("editor&")) return null;
  const params = new URLSearchParams(text);
  return { game: params.get("editor") || null, variant: params.get("variant") || null, start: params.get("start") || null };
}

/** The state with its defaults: nothing loaded, nothing set up. */
export function createEditorState() {
  return {
    data: null, // the catalog
    game: null,
    variant: null,
    info: null, // the catalog's fixed facts of game / variant
    fields: [], // Python's description of the extra state's form fields
    empty: null, // the empty board's set-up, from Python
    start: null, // the start position's set-up, from Python
    setup: null, // {board, turn, ...extra}: what is being set up
    tool: null, // a piece letter, or ERASER
    orientation: "normal",
    verdict: null, // Python's answer for the set-up shown: {position, problems, over}
    checks: 0, // the number of the latest check asked: older answers are dropped
    timer: null,
    opened: null, // the hash last opened, so going back to it keeps the work
  };
}

// -- the work kept over a reload ------------------------------------------------------------------
// A set-up the editor refuses has no position string, so the address cannot hold it: the tab's
// sessionStorage keeps the set-up being worked on, with the address it was made at, so that a
// reload (a new version taking over from another tab, or the person's) gives it back. It is read
// back as anything stored may be: checked field by field against the game's empty set-up, and
// then checked by Python as every set-up is.

export const WORK_KEY = "kings-and-soldiers/editor-work";
const MAX_WORK = 100_000; // characters: far more than any board's set-up
const MAX_ITEMS = 500;

/** The text kept for `ed`'s set-up, made at the address `hash`. */
export function workText(hash, ed) {
  return JSON.stringify({ hash, game: ed.game, variant: ed.variant, setup: ed.setup });
}

const isPlain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isPrimitive = (value) => value === null || ["string", "number", "boolean"].includes(typeof value);
const isEntry = (value) => isPrimitive(value) || (isPlain(value) && Object.values(value).every(isPrimitive));

/** `value` if it has the shape of `template` (the empty set-up's field: a value, a list, or an
 * object of values), else the template. */
function shaped(value, template) {
  if (Array.isArray(template)) return Array.isArray(value) && value.length <= MAX_ITEMS && value.every(isEntry) ? value : template;
  if (isPlain(template)) return isPlain(value) && Object.values(value).every(isPrimitive) ? value : template;
  return isPrimitive(value) ? value : template;
}

/**
 * The set-up kept in `text` (workText's), if it was made at `hash` for `game` and `variant`, else
 * null. `empty` is the game's empty set-up (its fields, and their shapes) and `info` the catalog's
 * facts of the board (its squares and pieces): squares and pieces it does not know are left out.
 */
export function readWork(text, { hash, game, variant, empty, info }) {
  if (typeof text !== "string" || text.length > MAX_WORK || !isPlain(empty)) return null;
  let kept;
  try {
    kept = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlain(kept) || kept.hash !== hash || kept.game !== game || (kept.variant ?? null) !== (variant ?? null) || !isPlain(kept.setup)) return null;
  const squares = new Set((info?.squares ?? []).map((s) => s.name));
  const pieces = info?.pieces ?? {};
  const board = {};
  if (isPlain(kept.setup.board)) {
    for (const [square, letter] of Object.entries(kept.setup.board)) {
      if (squares.has(square) && typeof letter === "string" && Object.hasOwn(pieces, letter)) board[square] = letter;
    }
  }
  const setup = {};
  for (const [key, value] of Object.entries(empty)) setup[key] = key === "board" ? board : Object.hasOwn(kept.setup, key) ? shaped(kept.setup[key], value) : value;
  return structuredClone(setup);
}

/** Keep `ed`'s set-up for this tab (nowhere where sessionStorage fails). */
export function keepWork(ed) {
  try {
    if (ed.setup) sessionStorage.setItem(WORK_KEY, workText(location.hash, ed));
  } catch {
    // no sessionStorage (a blocked frame), or full: a reload loses the work, as before
  }
}

/** The set-up this tab kept (readWork's), or null. */
export function keptWork(expected) {
  try {
    return readWork(sessionStorage.getItem(WORK_KEY), expected);
  } catch {
    return null;
  }
}

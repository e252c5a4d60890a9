// What the site keeps in the browser (localStorage): the saved games and a few settings.
//
// Everything read back is untrusted (an older or newer site, an extension, a person editing it, a
// full disk): each saved game is checked on its own against the shape below; one that fails is set
// aside with its raw text, so the person can copy it out, and every other game is kept. Games are
// looked up among own keys only (a Map), so an id like "constructor" is just an unknown game.
//
// Saved data: {current: game id, games: {id: {record, board, lastMove}}}, where record is
// {game, variant, start, moves} (start null = the game's start position), and board / lastMove are
// what was drawn last (used only to draw at once before Python has checked the record).

const PREFIX = "kings-and-soldiers/";
const SAVED_KEY = `${PREFIX}v1`;
const DAMAGED_KEY = `${PREFIX}damaged`;

/** Bounds on what a record may hold (a position string, a move text, the number of moves). */
export const LIMITS = { position: 4000, move: 64, moves: 10000 };
const KEEP_DAMAGED = 20; // damaged texts kept for copying out, newest last

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
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

/** One saved game {record, board, lastMove} for game `id`; throws saying what is wrong. */
export function checkSavedGame(id, value) {
  if (!isPlainObject(value)) throw new Error("it is not a saved game");
  const record = checkRecord(value.record);
  if (record.game !== id) throw new Error(`it is filed as ${JSON.stringify(id)} but is a game of ${JSON.stringify(record.game)}`);
  return { record, board: checkBoard(value.board), lastMove: checkLastMove(value.lastMove) };
}

function browserStorage() {
  try {
    return globalThis.localStorage ?? null; // reading it throws where storage is disabled
  } catch {
    return null;
  }
}

/**
 * The browser's storage for the site. `store` is a Storage (localStorage by default; tests pass a
 * stand-in); a store that throws (disabled storage, private mode) behaves as an empty one.
 */
export function createStorage(store = browserStorage()) {
  const get = (key) => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  };
  // True when written; false when the storage is full or disabled.
  const put = (key, value) => {
    try {
      store.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  };

  /** Raw texts set aside: [{when, what, why, text}], oldest first. */
  function damaged() {
    try {
      const list = JSON.parse(get(DAMAGED_KEY) ?? "[]");
      return Array.isArray(list) ? list.filter((d) => isPlainObject(d) && typeof d.text === "string") : [];
    } catch {
      return [];
    }
  }

  // Keep a damaged text (once) so that writing the good games back never destroys it.
  function setAside(item) {
    const list = damaged().filter((d) => d.text !== item.text);
    list.push({ when: new Date().toISOString(), ...item });
    put(DAMAGED_KEY, JSON.stringify(list.slice(-KEEP_DAMAGED)));
  }

  return {
    /**
     * The saved games, checked. `knownGames` is the set of game ids the site has.
     * @returns {{current: string|null, games: Map<string, object>, damaged: {what, why, text}[]}}
     *   `damaged` lists what was set aside on this read (its text is also kept in storage).
     */
    readSaved(knownGames) {
      const result = { current: null, games: new Map(), damaged: [] };
      const text = get(SAVED_KEY);
      if (text == null) return result;
      const reject = (what, why, raw) => {
        const item = { what, why, text: raw };
        result.damaged.push(item);
        setAside(item);
      };
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        reject("your saved games", "they are not readable data", text);
        return result;
      }
      if (!isPlainObject(data) || !isPlainObject(data.games)) {
        reject("your saved games", "they are not a list of games", text);
        return result;
      }
      for (const [id, entry] of Object.entries(data.games)) {
        const what = knownGames.has(id) ? `your saved game of ${id}` : `a saved game filed as ${JSON.stringify(id.slice(0, 40))}`;
        try {
          if (!knownGames.has(id)) throw new Error("the site has no such game");
          result.games.set(id, checkSavedGame(id, entry));
        } catch (error) {
          reject(what, error.message, JSON.stringify({ [id]: entry }));
        }
      }
      if (typeof data.current === "string" && result.games.has(data.current)) result.current = data.current;
      return result;
    },

    /** Save {current, games: Map}; false when the browser's storage is full or disabled. */
    writeSaved({ current, games }) {
      return put(SAVED_KEY, JSON.stringify({ current, games: Object.fromEntries(games) }));
    },

    damaged,

    /** A small setting (like the board's orientation), or null. */
    readSetting(name) {
      return get(`${PREFIX}${name}`);
    },

    /** Keep a setting; when it cannot be kept it lasts until the page closes. */
    writeSetting(name, value) {
      put(`${PREFIX}${name}`, value);
    },
  };
}

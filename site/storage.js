// What the site keeps in the browser (localStorage): the games library and a few settings.
//
// Every game is an entry of its own, under its own key (`kings-and-soldiers/game/<id>`), written
// alone: two tabs playing different games never overwrite each other, and a tab hears of another's
// change to an entry through the browser's "storage" event. Everything read back is untrusted (an
// older or newer site, an extension, a person editing it, a full disk): each entry is checked on
// its own; one that fails is set aside with its raw text, so the person can copy it out, and every
// other one is kept. Entries are looked up in a Map, so an id like "constructor" is just unknown.
//
// An entry: {id, record, cursor, board, lastMove, mode, level, created, updated, result,
// resultText}: record is {game, variant, start, moves} (start null = the game's start position),
// cursor how many of the moves the board showed (review), board / lastMove what was drawn last
// (only to draw at once before Python has checked the record), mode / level who played, and
// result / resultText the end as Python last said it (for the library's list).
// The site's first format (one saved game per game type under `kings-and-soldiers/v1`) is carried
// over into entries once, then removed.

const PREFIX = "kings-and-soldiers/";
const OLD_SAVED_KEY = `${PREFIX}v1`;
const ENTRY_PREFIX = `${PREFIX}game/`;
const LAST_KEY = `${PREFIX}last`; // {current: entry id, <game id>: entry id}: what each game type last showed
const DAMAGED_KEY = `${PREFIX}damaged`;
const SOLVED_KEY = `${PREFIX}puzzles-solved`; // [puzzle id]: the puzzles solved in this browser
const ATTEMPTS_KEY = `${PREFIX}puzzle-attempts`; // [attempt]: every puzzle tried (puzzle-progress.js)
/** Attempts kept at most (the oldest go first): some 100 bytes each, well inside a browser's storage. */
export const MAX_ATTEMPTS = 5000;

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

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const shortText = (value, max) => (typeof value === "string" && value.length <= max ? value : null);

/** A new entry id (random: ids from two tabs never collide). */
export const newId = () => globalThis.crypto.randomUUID();

/** One library entry, checked; `id` is the key it was filed under. Throws saying what is wrong. */
export function checkEntry(id, value) {
  if (!isPlainObject(value)) throw new Error("it is not a saved game");
  if (value.id !== id || !ID.test(id)) throw new Error("its name does not match where it is filed");
  const record = checkRecord(value.record);
  // How many of the moves the board showed (review); the end when missing or out of range.
  const cursor = Number.isInteger(value.cursor) && value.cursor >= 0 && value.cursor <= record.moves.length ? value.cursor : record.moves.length;
  const level = Number.isInteger(value.level) && value.level >= 1 && value.level <= 9 ? value.level : null;
  const date = (text) => (shortText(text, 40) && !Number.isNaN(Date.parse(text)) ? text : null);
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
  };
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

  // The first format, one saved game per game type: carried over into entries, once.
  function migrate(knownGames, reject) {
    const text = get(OLD_SAVED_KEY);
    if (text == null) return;
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      // set aside below
    }
    if (!isPlainObject(data) || !isPlainObject(data.games)) {
      reject("your saved games", "they are not readable data", text);
    } else {
      const last = {};
      for (const [game, saved] of Object.entries(data.games)) {
        try {
          if (!knownGames.has(game)) throw new Error("the site has no such game");
          const id = newId();
          const entry = checkEntry(id, { ...(isPlainObject(saved) ? saved : {}), id, updated: new Date().toISOString() });
          if (!isPlainObject(saved) || entry.record.game !== game) throw new Error("it is not a game record of that game");
          if (!put(ENTRY_PREFIX + id, JSON.stringify(entry))) return; // full: keep the old save for now
          last[game] = id;
          if (data.current === game) last.current = id;
        } catch (error) {
          reject(knownGames.has(game) ? `your saved game of ${game}` : `a saved game filed as ${JSON.stringify(game.slice(0, 40))}`, error.message, JSON.stringify({ [game]: saved }));
        }
      }
      put(LAST_KEY, JSON.stringify({ ...readLast(), ...last }));
    }
    try {
      store.removeItem(OLD_SAVED_KEY);
    } catch {
      // nothing to remove
    }
  }

  function readLast() {
    try {
      const last = JSON.parse(get(LAST_KEY) ?? "{}");
      return isPlainObject(last) ? Object.fromEntries(Object.entries(last).filter(([, id]) => typeof id === "string" && ID.test(id))) : {};
    } catch {
      return {};
    }
  }

  function keys() {
    const found = [];
    try {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(ENTRY_PREFIX)) found.push(key);
      }
    } catch {
      // no storage: no entries
    }
    return found;
  }

  return {
    /**
     * The library: every entry, checked (the first format carried over first). `knownGames` is the
     * set of game ids the site has; an entry of another game is set aside.
     * @returns {{entries: Map<string, object>, last: object, damaged: {what, why, text}[]}}
     *   `last` maps "current" and game ids to entry ids; `damaged` lists what was set aside on this
     *   read (its text is kept in storage too, and the entry's own key removed).
     */
    readLibrary(knownGames) {
      const result = { entries: new Map(), last: {}, damaged: [] };
      const reject = (what, why, text) => {
        const item = { what, why, text };
        result.damaged.push(item);
        setAside(item);
      };
      migrate(knownGames, reject);
      for (const key of keys()) {
        const id = key.slice(ENTRY_PREFIX.length);
        const text = get(key);
        const entry = this.readEntry(id, knownGames, text, (why) => reject("a saved game", why, text));
        if (entry) result.entries.set(id, entry);
      }
      result.last = readLast();
      return result;
    },

    /** One entry, checked; null (and `onDamaged(why)`, its key removed) when it is not sound. */
    readEntry(id, knownGames, text = get(ENTRY_PREFIX + id), onDamaged = () => {}) {
      if (text == null) return null;
      try {
        const entry = checkEntry(id, JSON.parse(text));
        if (!knownGames.has(entry.record.game)) throw new Error("it is a game the site does not have");
        return entry;
      } catch (error) {
        onDamaged(error instanceof SyntaxError ? "it is not readable data" : error.message);
        try {
          store.removeItem(ENTRY_PREFIX + id); // its text is set aside: do not report it again
        } catch {
          // left in place
        }
        return null;
      }
    },

    /** Write one entry (and remember it as its game's and the tab's last); false when storage is full or off. */
    writeEntry(entry) {
      const kept = put(ENTRY_PREFIX + entry.id, JSON.stringify(entry));
      if (kept) put(LAST_KEY, JSON.stringify({ ...readLast(), current: entry.id, [entry.record.game]: entry.id }));
      return kept;
    },

    /** Remove one entry; its last data is returned, for an undo. */
    deleteEntry(id) {
      const text = get(ENTRY_PREFIX + id);
      try {
        store.removeItem(ENTRY_PREFIX + id);
      } catch {
        return null;
      }
      return text;
    },

    /** Put back an entry's text removed by deleteEntry. */
    restoreEntry(id, text) {
      return put(ENTRY_PREFIX + id, text);
    },

    /**
     * Call fn(id) when another tab changes or removes entry `id` (the browser's storage event; it
     * never fires for this tab's own writes). Returns nothing; listens for the page's life.
     */
    onEntryChanged(fn) {
      globalThis.addEventListener?.("storage", (event) => {
        if (event.key?.startsWith(ENTRY_PREFIX)) fn(event.key.slice(ENTRY_PREFIX.length));
      });
    },

    damaged,

    /**
     * The ids of the puzzles solved in this browser, of those in `knownIds` (a Set) only: whatever
     * else the saved list holds (damage, another site version's ids) is ignored.
     */
    readSolvedPuzzles(knownIds) {
      let list = null;
      try {
        list = JSON.parse(get(SOLVED_KEY) ?? "[]");
      } catch {
        // unreadable: nothing solved
      }
      return new Set(Array.isArray(list) ? list.filter((id) => typeof id === "string" && knownIds.has(id)) : []);
    },

    /**
     * Keep the solved puzzles' ids, with those another tab kept meanwhile (solved stays solved);
     * false when storage is full or off.
     */
    writeSolvedPuzzles(ids) {
      let stored = [];
      try {
        stored = JSON.parse(get(SOLVED_KEY) ?? "[]");
      } catch {
        // unreadable: replaced
      }
      const kept = Array.isArray(stored) ? stored.filter((id) => typeof id === "string" && id.length <= LIMITS.move) : [];
      return put(SOLVED_KEY, JSON.stringify([...new Set([...kept, ...ids])].sort()));
    },

    /**
     * The puzzle attempts kept in this browser, each checked by `check(value)` (an attempt, or
     * null when unsound); unsound ones are dropped, an unreadable list is set aside (its text kept).
     */
    readPuzzleAttempts(check) {
      const text = get(ATTEMPTS_KEY);
      if (text == null) return [];
      let list = null;
      try {
        list = JSON.parse(text);
      } catch {
        // set aside below
      }
      if (!Array.isArray(list)) {
        setAside({ what: "your puzzle progress", why: "it is not readable data", text });
        try {
          store.removeItem(ATTEMPTS_KEY);
        } catch {
          // left in place
        }
        return [];
      }
      return list.map(check).filter(Boolean);
    },

    /**
     * Add attempts to those kept, merged with what is there now (another tab may have added its
     * own since this one read: `merge(stored, added)` keeps both). False when storage is full or off.
     */
    addPuzzleAttempts(added, check, merge) {
      const all = merge(this.readPuzzleAttempts(check), added);
      return put(ATTEMPTS_KEY, JSON.stringify(all.slice(-MAX_ATTEMPTS)));
    },

    /** Call fn() when another tab changes the puzzle progress (solved puzzles or attempts). */
    onPuzzleProgressChanged(fn) {
      globalThis.addEventListener?.("storage", (event) => {
        if (event.key === ATTEMPTS_KEY || event.key === SOLVED_KEY || event.key === null) fn();
      });
    },

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

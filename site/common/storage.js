// What the site keeps in the browser (localStorage): the games library, puzzle progress and a few
// settings.
//
// Every game is an entry of its own, under its own key (`kings-and-soldiers/game/<id>`), written
// alone: two tabs playing different games never overwrite each other, and a tab hears of another's
// change to an entry through the browser's "storage" event. Entries are looked up in a Map, so an
// id like "constructor" is just unknown.
//
// The storage rules (for every feature that keeps something here):
// - Everything read back is untrusted (an older or newer site in another tab, an extension, a
//   person editing it, a full disk): each key is checked on its own, and one that fails never
//   stops the others from being read.
// - Nothing the person made is removed or overwritten because this page cannot read it: the text
//   stays where it is (another tab may be a newer site that can), and is listed as unreadable
//   (`unreadable()`), for the person to copy out, download or delete.
// - Text is moved only by copying it first, reading the copy back, then removing the original:
//   when the copy cannot be written (storage full) the original stays.
// - Every write says whether it was kept (false: storage full or turned off).
//
// The site's first format (one saved game per game type under `kings-and-soldiers/v1`) is carried
// over into entries once (its unreadable parts set aside), then removed.

import { checkEntry, ENTRY_ID, isPlainObject, shortText } from "./saved-game.js";

const PREFIX = "kings-and-soldiers/";
const OLD_SAVED_KEY = `${PREFIX}v1`;
const ENTRY_PREFIX = `${PREFIX}game/`;
const SET_ASIDE_PREFIX = `${PREFIX}set-aside/`; // {what, why, when, text}: a text moved out of a key that had to change
const LAST_KEY = `${PREFIX}last`; // {current: entry id, <game id>: entry id}: what each game type last showed
const OLD_DAMAGED_KEY = `${PREFIX}damaged`; // an earlier site's list of set-aside texts: moved into set-aside keys
const TOLD_KEY = `${PREFIX}unreadable-told`; // [key]: the unreadable keys the person was told of

// `written` with what `held` (the text there, read) has that this page does not know (`known`: what
// it read of it): a newer site's fields, at any depth (a field of the record too), written back as
// they were.
function withUnknown(held, known, written) {
  if (!isPlainObject(held) || !isPlainObject(written)) return written;
  const out = { ...written };
  for (const [name, value] of Object.entries(held)) {
    if (!isPlainObject(known) || !Object.hasOwn(known, name)) {
      if (!Object.hasOwn(written, name)) out[name] = value;
    } else if (Object.hasOwn(written, name)) {
      out[name] = withUnknown(value, known[name], written[name]);
    }
  }
  return out;
}

function browserStorage() {
  try {
    return globalThis.localStorage ?? null; // reading it throws where storage is disabled
  } catch {
    return null;
  }
}

const parse = (text) => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { why: "it is not readable data" };
  }
};

/**
 * The browser's storage for the site. `store` is a Storage (localStorage by default; tests pass a
 * stand-in); a store that throws (disabled storage, private mode) behaves as an empty one.
 * `events` is where the browser's "storage" events arrive (the window; tests pass an EventTarget).
 */
export function createStorage(store = browserStorage(), events = globalThis) {
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
  const remove = (key) => {
    try {
      store.removeItem(key);
      return true;
    } catch {
      return false;
    }
  };
  const keys = (prefix) => {
    const found = [];
    try {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(prefix)) found.push(key);
      }
    } catch {
      // no storage: no keys
    }
    return found;
  };
  const blocked = new Set(); // names whose unreadable text could not be set aside: never overwritten

  // Keep `item` ({what, why, text}) under a set-aside key of its own; true once it reads back. `id`
  // makes the key (the same text set aside twice, by two tabs or two tries, lands on one key).
  function setAside(id, item) {
    const key = SET_ASIDE_PREFIX + id;
    const text = JSON.stringify({ ...item, when: new Date().toISOString() });
    const held = parse(get(key)).value;
    if (held?.text === item.text) return true;
    if (get(key) != null) return false; // another text holds that key: leave both where they are
    return put(key, text) && get(key) === text;
  }

  // A stable id for a text: the same text always gets the same set-aside key.
  const idOf = (label, text) => {
    let hash = 0x811c9dc5; // FNV-1a over the text's UTF-16 units
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return `${label}-${text.length}-${hash.toString(36)}`;
  };

  // The first format, one saved game per game type: each game carried over into an entry (`v1-<game>`,
  // written once: a second try never overwrites a game played on since), each unreadable one set
  // aside; the old key is removed only once every part of it is kept elsewhere. Returns what could
  // not be written ({entries, last}): storage full, the games are still shown, from the old key.
  function migrate(knownGames) {
    const unwritten = { entries: [], last: {} };
    const text = get(OLD_SAVED_KEY);
    if (text == null) return unwritten;
    const data = parse(text).value;
    let kept = true;
    if (!isPlainObject(data) || !isPlainObject(data.games)) {
      kept = setAside(idOf("v1", text), { what: "your saved games", why: "they are not readable data", text });
    } else {
      const last = {};
      for (const [game, saved] of Object.entries(data.games)) {
        const id = `v1-${/^[a-z0-9-]{1,40}$/.test(game) ? game : idOf("game", game)}`;
        try {
          if (!knownGames.has(game)) throw new Error("the site has no such game");
          const entry = checkEntry(id, { ...(isPlainObject(saved) ? saved : {}), id, updated: new Date().toISOString() });
          if (!isPlainObject(saved) || entry.record.game !== game) throw new Error("it is not a game record of that game");
          if (get(ENTRY_PREFIX + id) == null && !put(ENTRY_PREFIX + id, JSON.stringify(entry))) {
            kept = false;
            unwritten.entries.push(entry);
          }
          last[game] = id;
          if (data.current === game) last.current = id;
        } catch (error) {
          const what = knownGames.has(game) ? `your saved game of ${game}` : `a saved game filed as ${JSON.stringify(game.slice(0, 40))}`;
          const part = JSON.stringify({ [game]: saved });
          kept = setAside(idOf("v1", part), { what, why: error.message, text: part }) && kept;
        }
      }
      if (!put(LAST_KEY, JSON.stringify({ ...last, ...readLast() }))) unwritten.last = last;
    }
    if (kept) remove(OLD_SAVED_KEY);
    return unwritten;
  }

  // An earlier site kept set-aside texts in one list: each moves to a key of its own.
  function moveOldDamaged() {
    const text = get(OLD_DAMAGED_KEY);
    if (text == null) return;
    const list = parse(text).value;
    const items = Array.isArray(list) && list.every((d) => isPlainObject(d) && typeof d.text === "string") ? list : null;
    const kept = items
      ? items.every((d) => setAside(idOf("old", d.text), { what: shortText(d.what, 200) ?? "saved data", why: shortText(d.why, 500) ?? "it could not be read", text: d.text }))
      : setAside(idOf("old", text), { what: "saved data set aside earlier", why: "it is not readable data", text });
    if (kept) remove(OLD_DAMAGED_KEY);
  }

  function readLast() {
    const last = parse(get(LAST_KEY) ?? "{}").value;
    return isPlainObject(last) ? Object.fromEntries(Object.entries(last).filter(([, id]) => typeof id === "string" && ENTRY_ID.test(id))) : {};
  }

  // One entry's text, checked: {entry} or {problem: {key, what, why, text}}.
  function checkEntryText(id, text, knownGames) {
    const key = ENTRY_PREFIX + id;
    const { value, why } = parse(text);
    try {
      if (why) throw new Error(why);
      const entry = checkEntry(id, value);
      if (!knownGames.has(entry.record.game)) throw new Error("it is a game this version of the site does not have");
      return { entry };
    } catch (error) {
      return { problem: { key, what: "a saved game", why: error.message, text } };
    }
  }

  // A set-aside text, as it was written (or the whole text, if the key itself was damaged).
  function setAsideItem(key) {
    const text = get(key);
    if (text == null) return null;
    const held = parse(text).value;
    if (isPlainObject(held) && typeof held.text === "string") {
      return { key, what: shortText(held.what, 200) ?? "saved data", why: shortText(held.why, 500) ?? "it could not be read", text: held.text };
    }
    return { key, what: "saved data set aside", why: "it is not readable data", text };
  }

  // Every entry, and every text this page cannot read.
  function scan(knownGames) {
    const entries = new Map();
    const unreadable = [];
    for (const key of keys(ENTRY_PREFIX)) {
      const text = get(key);
      if (text == null) continue;
      const { entry, problem } = checkEntryText(key.slice(ENTRY_PREFIX.length), text, knownGames);
      if (entry) entries.set(entry.id, entry);
      else unreadable.push(problem);
    }
    for (const key of keys(SET_ASIDE_PREFIX)) {
      const item = setAsideItem(key);
      if (item) unreadable.push(item);
    }
    return { entries, unreadable };
  }

  const storage = {
    /**
     * The library: every entry, checked (the first format carried over first). `knownGames` is the
     * set of game ids the site has.
     * @returns {{entries: Map<string, object>, last: object, unreadable: object[], untold: object[]}}
     *   `last` maps "current" and game ids to entry ids; `unreadable` is every text kept that this
     *   page cannot read (see `unreadable()`), `untold` those the person has not been told of yet
     *   (from now on they count as told).
     */
    readLibrary(knownGames) {
      const unwritten = migrate(knownGames);
      moveOldDamaged();
      const { entries, unreadable } = scan(knownGames);
      for (const entry of unwritten.entries) if (!entries.has(entry.id)) entries.set(entry.id, entry);
      const toldList = parse(get(TOLD_KEY) ?? "[]").value;
      const told = new Set(Array.isArray(toldList) ? toldList : []);
      const untold = unreadable.filter((u) => !told.has(u.key));
      if (untold.length) put(TOLD_KEY, JSON.stringify(unreadable.map((u) => u.key)));
      return { entries, last: { ...unwritten.last, ...readLast() }, unreadable, untold };
    },

    /**
     * Every text kept that this page cannot read: [{key, what, why, text}], entries first. They stay
     * where they are until the person deletes them (`deleteText`).
     */
    unreadable: (knownGames) => scan(knownGames).unreadable,

    /**
     * One entry, checked: `{entry}` when it reads, `{problem: {key, what, why, text}}` when it does
     * not (it stays where it is), `{}` when there is none.
     */
    readEntry(id, knownGames) {
      const text = get(ENTRY_PREFIX + id);
      return text == null ? {} : checkEntryText(id, text, knownGames);
    },

    /**
     * Write one entry (and remember it as its game's and the tab's last); false when storage is
     * full or off, or when its key holds a text this page cannot read (another tab's: it is never
     * overwritten; save under a new id). Fields of the entry there that this page does not know
     * are kept.
     */
    writeEntry(entry) {
      const key = ENTRY_PREFIX + entry.id;
      const held = get(key);
      let written = entry;
      if (held != null) {
        const checked = checkEntryText(entry.id, held, { has: () => true }).entry;
        if (!checked) return false;
        written = withUnknown(parse(held).value, checked, entry);
      }
      const kept = put(key, JSON.stringify(written));
      if (kept) put(LAST_KEY, JSON.stringify({ ...readLast(), current: entry.id, [entry.record.game]: entry.id }));
      return kept;
    },

    /** Remove one entry; its last text is returned, for an undo. */
    deleteEntry(id) {
      return storage.deleteText(ENTRY_PREFIX + id);
    },

    /** Put back an entry's text removed by deleteEntry. */
    restoreEntry(id, text) {
      return put(ENTRY_PREFIX + id, text);
    },

    /**
     * Remove a kept text the person chose to delete (an unreadable one's `key`); the text is
     * returned (null when nothing was removed), to put back with `restoreText`.
     */
    deleteText(key) {
      if (!key.startsWith(PREFIX)) return null;
      const text = get(key);
      return text != null && remove(key) ? text : null;
    },

    /** Put back a text removed by deleteText; false when it cannot be kept. */
    restoreText(key, text) {
      return key.startsWith(PREFIX) && put(key, text);
    },

    /**
     * Call fn(id) when another tab changes or removes entry `id` (the browser's storage event; it
     * never fires for this tab's own writes). Returns nothing; listens for the page's life.
     */
    onEntryChanged(fn) {
      events.addEventListener?.("storage", (event) => {
        if (event.key?.startsWith(ENTRY_PREFIX)) fn(event.key.slice(ENTRY_PREFIX.length));
      });
    },

    /**
     * A value of a feature's own (puzzle progress, say), kept as JSON under `name` and checked by
     * `check(value)`, which returns what to use or throws an Error saying in plain words what is
     * wrong. Null when there is none. A text that fails is first set aside (listed as unreadable,
     * `what` naming it for the person), so that writing `name` again loses nothing; if it cannot be
     * set aside (storage full), `writeValue(name)` refuses to overwrite it.
     */
    readValue(name, check, what = name) {
      const key = PREFIX + name;
      const text = get(key);
      if (text == null) return null;
      const { value, why } = parse(text);
      try {
        if (why) throw new Error(why);
        const checked = check(value);
        blocked.delete(name);
        return checked;
      } catch (error) {
        if (setAside(idOf(name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40), text), { what, why: error.message, text })) blocked.delete(name);
        else blocked.add(name);
        return null;
      }
    },

    /** Keep `value` as JSON under `name`; false when storage is full or off (or see readValue). */
    writeValue(name, value) {
      return !blocked.has(name) && put(PREFIX + name, JSON.stringify(value));
    },

    /** Call fn() when another tab changes one of the values named in `names` (see readValue). */
    onValueChanged(names, fn) {
      const keys = new Set(names.map((name) => PREFIX + name));
      events.addEventListener?.("storage", (event) => {
        if (event.key === null || keys.has(event.key)) fn();
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
  return storage;
}

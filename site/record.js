// Game records in links and in localStorage. A record is {game, variant, start, moves}: all the
// page keeps of a game (start null = the game's start position). Python checks every record it is
// given; here we only check the shape, so a damaged link or save never reaches the rules as garbage.

const STORAGE_KEY = "kings-and-soldiers/v1";

function checkRecord(value) {
  const ok =
    value &&
    typeof value === "object" &&
    typeof value.game === "string" &&
    value.game &&
    (value.variant == null || typeof value.variant === "string") &&
    (value.start == null || typeof value.start === "string") &&
    Array.isArray(value.moves) &&
    value.moves.every((m) => typeof m === "string");
  if (!ok) throw new Error("it is not a game record");
  return { game: value.game, variant: value.variant || null, start: value.start || null, moves: [...value.moves] };
}

/**
 * Read a link's fragment: `#game=lilypad`, optionally `&variant=...&start=<position>&moves=m1+m2`.
 * @returns {null | {record, shared: boolean}} shared is true when the link carries a position or moves.
 */
export function readLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const game = params.get("game");
  if (!game) return null;
  const moves = (params.get("moves") ?? "").split(" ").filter(Boolean);
  return {
    record: { game, variant: params.get("variant") || null, start: params.get("start") || null, moves },
    shared: params.has("start") || params.has("moves"),
  };
}

/** The fragment that opens `record`: the game and variant, and with `full` its position and moves. */
export function linkHash(record, full = false) {
  const params = new URLSearchParams({ game: record.game });
  if (record.variant) params.set("variant", record.variant);
  if (full && record.start) params.set("start", record.start);
  if (full && record.moves.length) params.set("moves", record.moves.join(" "));
  return `#${params}`;
}

/**
 * The saved games: {current: game id, games: {id: {record, board, lastMove}}}.
 * @returns {{saved, problem: string|null}} problem says why damaged data was dropped.
 */
export function readSaved() {
  const empty = { current: null, games: {} };
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { saved: empty, problem: null }; // storage disabled: nothing to restore
  }
  if (text == null) return { saved: empty, problem: null };
  try {
    const data = JSON.parse(text);
    if (!data || typeof data !== "object" || typeof data.games !== "object" || !data.games) {
      throw new Error("it is not a list of games");
    }
    const games = {};
    for (const [id, entry] of Object.entries(data.games)) {
      games[id] = {
        record: checkRecord(entry?.record),
        board: entry.board && typeof entry.board === "object" ? entry.board : null,
        lastMove: entry.lastMove ?? null,
      };
    }
    return { saved: { current: typeof data.current === "string" ? data.current : null, games }, problem: null };
  } catch (error) {
    forgetSaved();
    return { saved: empty, problem: error.message };
  }
}

export function writeSaved(saved) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // storage full or disabled: the game goes on unsaved
  }
}

export function forgetSaved() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}

/** A small setting kept in the browser (like the board's orientation), or null. */
export function readSetting(name) {
  try {
    return localStorage.getItem(`kings-and-soldiers/${name}`);
  } catch {
    return null;
  }
}

export function writeSetting(name, value) {
  try {
    localStorage.setItem(`kings-and-soldiers/${name}`, value);
  } catch {
    // not kept: the setting lasts until the page closes
  }
}

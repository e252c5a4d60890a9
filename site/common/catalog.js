// games.js, written by build.py from the rules engine: the games, their variants, and for each
// game and variant its fixed facts (`info`) and start state, so a board is drawn before Python starts.
// Ids come from links, saved games and attributes: look them up among the catalog's own entries
// only, so "constructor" or "__proto__" is an unknown game and not a built-in property.

let loading = null;

/** The catalog: {games: [{id, title, variants}], boards: {key: {info, state}}, levels}. */
export function catalog() {
  // A module, so that a page that imports it statically (ks-board.js) shares its one download.
  loading ??= import("../games.js").then(
    (module) => module.default,
    () => {
      throw new Error("could not download games.js");
    },
  );
  return loading;
}

/** The catalog key of a game and variant: "lilypad", "lilypad:invisible-city". */
const boardKey = (game, variant) => (variant ? `${game}:${variant}` : game);

/** The catalog's {info, state} of a game and variant, or null when there is no such board. */
export function boardEntry(data, game, variant = null) {
  const key = boardKey(game, variant);
  return typeof key === "string" && Object.hasOwn(data.boards, key) ? data.boards[key] : null;
}

/** The catalog's game {id, title, variants} with this id, or null. */
export const gameEntry = (data, id) => data.games.find((g) => g.id === id) ?? null;

/**
 * Why `game` / `variant` is not a board of the catalog, in plain words, or null when it is one.
 * Names are quoted shortened, since they may come from a hostile link.
 */
export function whyUnknown(data, game, variant = null) {
  const entry = gameEntry(data, game);
  if (!entry) return `there is no game called ${quote(game)} (games: ${data.games.map((g) => g.title).join(", ")})`;
  if (variant && !entry.variants.includes(variant)) {
    const known = entry.variants.length ? entry.variants.join(", ") : "none";
    return `${entry.title} has no rule variant called ${quote(variant)} (variants: ${known})`;
  }
  return null;
}

/**
 * `text` in quotes, shortened to about `limit` characters: for messages that echo input. Invisible
 * characters (controls, and format marks such as a right-to-left override, which would turn the
 * rest of the message around) are written as escapes, as Python's repr writes them.
 */
export function quote(text, limit = 40) {
  const s = String(text);
  const quoted = JSON.stringify(s.length > limit ? `${s.slice(0, limit - 1)}…` : s);
  return quoted.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.codePointAt(0).toString(16).padStart(4, "0")}`);
}

/** `text` with its first letter a capital: a sentence made of Python's words ("black wins" → "Black wins"). */
export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Items of input, each quoted short, the first `most` of them: "a", "b" and 7 more. */
export function quoteList(items, most = 5) {
  const shown = items.slice(0, most).map((item) => quote(item));
  return items.length > most ? `${shown.join(", ")} and ${items.length - most} more` : shown.join(", ");
}

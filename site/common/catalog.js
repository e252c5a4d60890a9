// games.js, written by build.py from the rules engine: the games, their variants, and for each
// game and variant its fixed facts (`info`) and start state, so a board is drawn before Python starts.
// Ids come from links, saved games and attributes: look them up among the catalog's own entries
// only, so "constructor" or "__proto__" is an unknown game and not a built-in property.

import { quote } from "./words.js";

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

/** The id of the side drawn at the bottom of an unflipped board of `info`: the one whose pieces start lower. */
export function bottomSide(data, info) {
  const start = boardEntry(data, info.game, info.variant)?.state.board ?? {};
  const rank = Object.fromEntries(info.squares.map((sq) => [sq.name, sq.y]));
  const depth = (side) => {
    const ys = Object.entries(start).filter(([, p]) => info.pieces[p]?.side === side.id).map(([sq]) => rank[sq]);
    return ys.reduce((a, b) => a + b, 0) / (ys.length || 1);
  };
  return info.sides.reduce((low, side) => (depth(side) > depth(low) ? side : low)).id;
}

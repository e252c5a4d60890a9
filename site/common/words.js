// Small pieces of the page's sentences, the same in every view: input quoted in messages, counts
// with their word, a capital letter, a side's name.

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

/** Items of input, each quoted short, the first `most` of them: "a", "b" and 7 more. */
export function quoteList(items, most = 5) {
  const shown = items.slice(0, most).map((item) => quote(item));
  return items.length > most ? `${shown.join(", ")} and ${items.length - most} more` : shown.join(", ");
}

/** `text` with its first letter a capital: a sentence made of Python's words ("black wins" → "Black wins"). */
export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 move", "2 moves": a count with its word. */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A side's name in a game's facts (`info.sides`), or its id where the game names it not. */
export const sideName = (info, side) => info?.sides.find((s) => s.id === side)?.name ?? side;

/** A page's title: what it shows, then the site's name ("Lilypad · Kings & Soldiers"). */
export const pageTitle = (...parts) => [...parts, "Kings & Soldiers"].join(" · ");

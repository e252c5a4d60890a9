// What the puzzles view reads from outside, checked before use: the hash (`#puzzles=<game>`,
// `#puzzle=<id>`, `#streak`, `#daily`), the worker's list of puzzles, and the names
// drawn from a puzzle. Plain functions of their arguments, so Node's tests can run them.

/** A puzzle id as puzzles.json writes them ("lilypad-01"); anything else from a link or the save is unknown. */
export const PUZZLE_ID = /^[a-z][a-z0-9-]{0,60}-\d{2,3}$/;

/**
 * What a hash asks of this view: {game} for `#puzzles` / `#puzzles=<game>` (game null: the one
 * last shown; so does a `#puzzle=` naming none), {id} for `#puzzle=<id>`, {mode} for `#streak`
 * and `#daily`, null for any other hash. Ids and names are only read here: the view checks them
 * against the puzzles there are.
 */
export function readPuzzleHash(hash) {
  if (hash === "#streak" || hash === "#daily") return { mode: hash.slice(1) };
  const match = /^#(puzzles?)(?:=(.*))?$/.exec(hash);
  if (!match) return null;
  let value = match[2] ?? "";
  try {
    value = decodeURIComponent(value);
  } catch {
    // a broken escape is kept as written: it names nothing, and is said so
  }
  if (match[1] === "puzzles" || !value) return { game: value || null };
  return { id: value };
}

/**
 * The puzzles of the worker's "puzzles" answer that the page can show: well-formed entries of
 * games in the catalog (`known(game, variant)`), each once. The answer is not trusted to be sound.
 */
export function checkPuzzles(answer, known) {
  const list = Array.isArray(answer?.puzzles) ? answer.puzzles : [];
  const seen = new Set();
  const text = (value) => typeof value === "string" && value.length > 0 && value.length <= 4000;
  return list.filter((p) => {
    const ok =
      p !== null &&
      typeof p === "object" &&
      typeof p.id === "string" &&
      PUZZLE_ID.test(p.id) &&
      !seen.has(p.id) &&
      text(p.title) &&
      text(p.position) &&
      Number.isInteger(p.moves) &&
      p.moves >= 1 &&
      p.moves <= 9 &&
      Number.isFinite(p.rating) &&
      p.rating >= 0 &&
      p.rating <= 4000 &&
      Array.isArray(p.themes) &&
      p.themes.length <= 20 &&
      p.themes.every((t) => typeof t === "string" && t.length > 0 && t.length <= 60) &&
      (p.variant === null || typeof p.variant === "string") &&
      known(p.game, p.variant);
    if (ok) seen.add(p.id);
    return ok;
  });
}

/** A puzzle's name without its "in N" (the list says "Win in N" on its own): "King home (…)". */
export const puzzleName = (p) => p.title.replace(new RegExp(` in ${p.moves}\\b`), "");

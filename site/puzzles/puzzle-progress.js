// The person's puzzle progress, worked out from the attempts kept in storage (puzzle-store.js): the
// rating (Glicko-2, glicko2.js) and its history, what is solved (per theme), the streak and the
// daily puzzle, and which puzzle comes next. Nothing here is stored apart from the attempts, so
// two tabs that each add attempts never overwrite one another's rating: it is replayed from them.

import { START, update } from "./glicko2.js";

/** A puzzle's rating deviation, as an opponent: its rating is measured, not played in. */
export const PUZZLE_RD = 80;
/** The modes an attempt is made in: "rated" is every puzzle opened on its own (the list, a link, Rated puzzle). */
export const MODES = ["rated", "streak", "daily"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One attempt read back from storage, checked, or null: {id, at (ms since 1970), ok (solved at the
 * first try), rating (the puzzle's then), mode, run (the streak it belongs to, or null), day (the
 * daily puzzle's date, or null)}.
 */
export function checkAttempt(value, isPuzzleId) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { id, at, ok, rating, mode = "rated", run = null, day = null } = value;
  if (typeof id !== "string" || !isPuzzleId(id)) return null;
  if (!Number.isSafeInteger(at) || at < 0 || typeof ok !== "boolean") return null;
  if (!Number.isFinite(rating) || rating < 0 || rating > 4000 || !MODES.includes(mode)) return null;
  if (run !== null && !(Number.isSafeInteger(run) && run >= 0)) return null;
  if (day !== null && !(typeof day === "string" && DAY.test(day))) return null;
  return { id, at, ok, rating, mode, run, day };
}

const key = (a) => `${a.at}|${a.id}|${a.mode}`;

/** Two lists of attempts as one, each once, oldest first (ties by puzzle id). */
export function mergeAttempts(...lists) {
  const all = new Map();
  for (const list of lists) for (const a of list) all.set(key(a), a);
  return [...all.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A new solver: Glicko-2's first deviation and volatility, rated as the middle one of `puzzles`.
 * The paper's 1500 is the middle of its pool of players; here the pool to measure against is the
 * puzzles (rated 730 to some 2000), so a first miss of an easy one costs what it says, not 600 points.
 */
export function newcomer(puzzles) {
  const ratings = puzzles.map((p) => p.rating).sort((a, b) => a - b);
  return ratings.length ? { ...START, rating: ratings[Math.floor((ratings.length - 1) / 2)] } : START;
}

/**
 * The rating after each rated attempt, from `start` (newcomer()): a puzzle counts once, at its first
 * attempt in any mode (a puzzle seen again is not a fair test). Returns [{at, rating, rd, vol, id}],
 * oldest first; the last is the person's rating (`start` before any).
 */
export function ratingHistory(attempts, start = START) {
  const seen = new Set();
  let player = start;
  const out = [];
  for (const a of attempts) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    player = update(player, [{ rating: a.rating, rd: PUZZLE_RD, score: a.ok ? 1 : 0 }]);
    out.push({ ...player, at: a.at, id: a.id });
  }
  return out;
}

/** The person's rating now: {rating, rd, vol}. */
export const currentRating = (history, start = START) => history.at(-1) ?? start;

/** The ids of the puzzles missed at the first try and not solved since (`solved`, a Set): to try again. */
export function toTryAgain(attempts, solved) {
  const first = new Map();
  for (const a of attempts) if (!first.has(a.id)) first.set(a.id, a.ok);
  return new Set([...first].filter(([id, ok]) => !ok && !solved.has(id)).map(([id]) => id));
}

/** For each theme of `puzzles`, [solved, of]: how many of its puzzles are in `solved` (a Set). */
export function solvedByTheme(puzzles, solved) {
  const counts = new Map();
  for (const p of puzzles) {
    for (const theme of p.themes ?? []) {
      const c = counts.get(theme) ?? [0, 0];
      c[1]++;
      if (solved.has(p.id)) c[0]++;
      counts.set(theme, c);
    }
  }
  return counts;
}

/**
 * The puzzle to try next: of `puzzles`, not yet tried (`tried`, a Set of ids) if any is left, the
 * one whose rating is nearest `rating` (ties: the lower rating, then the id).
 */
export function nearestPuzzle(puzzles, rating, tried) {
  const fresh = puzzles.filter((p) => !tried.has(p.id));
  const pool = fresh.length ? fresh : puzzles;
  let best = null;
  for (const p of pool) {
    const d = Math.abs(p.rating - rating);
    const bd = best && Math.abs(best.rating - rating);
    if (!best || d < bd || (d === bd && (p.rating < best.rating || (p.rating === best.rating && p.id < best.id)))) best = p;
  }
  return best;
}

/** A date's text as the daily puzzle counts days: the UTC calendar date, "2026-11-25". */
export const dayOf = (date) => date.toISOString().slice(0, 10);

/** FNV-1a, 32 bits: the same number for the same text in every browser. */
export function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The day's puzzle: picked from `puzzles` (in id order) by the day's text, the same for everyone. */
export function dailyPuzzle(puzzles, day) {
  if (!puzzles.length) return null;
  const sorted = [...puzzles].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted[hashText(`kings-and-soldiers daily ${day}`) % sorted.length];
}

/**
 * A streak: puzzles of rising difficulty until one is missed. `attempts` holds its run's
 * attempts (mode "streak", run `run`). Returns {count (solved in a row), over (missed one),
 * next (the puzzle to try now, or null when none is harder)}. The next is the easiest puzzle
 * rated above the last one solved (the first: the easiest there is), not tried in the run,
 * skipping a few by the run's number so that two runs differ.
 */
export function streakState(puzzles, attempts, run) {
  const mine = attempts.filter((a) => a.mode === "streak" && a.run === run);
  const over = mine.some((a) => !a.ok);
  const count = mine.filter((a) => a.ok).length;
  const done = new Set(mine.map((a) => a.id));
  const floor = mine.length ? Math.max(...mine.map((a) => a.rating)) : -1;
  const harder = [...puzzles]
    .filter((p) => p.rating > floor && !done.has(p.id))
    .sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
  const skip = harder.length ? hashText(`${run}:${count}`) % Math.min(3, harder.length) : 0;
  return { count, over, next: over ? null : (harder[skip] ?? null) };
}

/** The best streak in `attempts`: the most puzzles solved in one run. */
export function bestStreak(attempts) {
  const runs = new Map();
  for (const a of attempts) if (a.mode === "streak" && a.ok) runs.set(a.run, (runs.get(a.run) ?? 0) + 1);
  return Math.max(0, ...runs.values());
}

/** The newest streak run of `attempts`, or null. */
export function lastRun(attempts) {
  const runs = attempts.filter((a) => a.mode === "streak").map((a) => a.run);
  return runs.length ? Math.max(...runs) : null;
}

/**
 * A small line chart of the rating history as SVG markup's parts: {points, min, max} for a
 * `width` x `height` box (points as "x,y x,y ..."), or null under two points.
 */
export function chartPoints(history, width, height, last = 60) {
  const shown = history.slice(-last).map((h) => h.rating);
  if (shown.length < 2) return null;
  const min = Math.min(...shown);
  const max = Math.max(...shown);
  const span = Math.max(max - min, 1);
  const points = shown
    .map((r, i) => `${((i / (shown.length - 1)) * width).toFixed(1)},${(height - ((r - min) / span) * height).toFixed(1)}`)
    .join(" ");
  return { points, min, max };
}

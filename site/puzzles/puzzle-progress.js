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

const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A day's number: the UTC days since 1970-01-01 ("1970-01-02" is 1). */
export const dayNumber = (day) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * The day's puzzle, the same for everyone: the UTC days are numbered, and the days walk a shuffle
 * of `puzzles` (put in id order first, so every browser agrees; shuffled by a fixed seed), one
 * puzzle a day, then walk it again: a puzzle comes back only after as many days as there are
 * puzzles (329 days today). A cycle's order is the same each time, so no cycle's end and the next's
 * start bring one puzzle close together.
 */
export function dailyPuzzle(puzzles, day) {
  if (!puzzles.length || !DAY.test(day)) return null;
  const order = [...puzzles].sort(byId);
  for (let i = order.length - 1; i > 0; i--) {
    const j = hashText(`kings-and-soldiers daily ${i}`) % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const n = dayNumber(day);
  return order[((n % order.length) + order.length) % order.length];
}

/** A streak's climb: the puzzle after k solved is rated at least the easiest plus k times this (lichess's streak climbs some 50 points a puzzle). */
export const STREAK_STEP = 50;
/** The next difficulty step: puzzles within this many points of the easiest one left. */
const STREAK_WINDOW = 150;
/** The streak's next is one of this many easiest of the step (by the run's number), so runs differ. */
const STREAK_CHOICES = 3;

/** The ids solved once at least, in each run of `attempts` (a puzzle solved in two tabs counts once). */
function solvedByRun(attempts) {
  const runs = new Map();
  for (const a of attempts) {
    if (a.mode !== "streak" || !a.ok) continue;
    if (!runs.has(a.run)) runs.set(a.run, new Set());
    runs.get(a.run).add(a.id);
  }
  return runs;
}

/**
 * A streak: puzzles of rising difficulty until one is missed. `attempts` is every attempt (the
 * run's are those of mode "streak" and run `run`); `solved` (a Set of ids, default: those with a
 * solving attempt) is what the person has solved anywhere. Returns {count (distinct puzzles solved
 * in the run), over (one missed), next (the puzzle to try now, or null when none is left)}.
 *
 * The next: of the puzzles not tried in the run and rated at least the climb's floor (the easiest
 * rating plus STREAK_STEP a puzzle solved, and never below the hardest of the run), the freshest
 * (never tried, else never solved, else any); of those, the step within STREAK_WINDOW of the
 * easiest; of the step, the game whose turn it is (the games take turns from a start drawn by the
 * run's number), if it has any; then one of the STREAK_CHOICES easiest, by the run's number and the
 * count. The same attempts always give the same next.
 */
export function streakState(puzzles, attempts, run, solved = null) {
  const mine = attempts.filter((a) => a.mode === "streak" && a.run === run);
  const count = solvedByRun(mine).get(run)?.size ?? 0;
  const over = mine.some((a) => !a.ok);
  if (over || !puzzles.length) return { count, over, next: null };
  const done = new Set(mine.map((a) => a.id));
  const tried = new Set(attempts.map((a) => a.id));
  const won = solved ?? new Set(attempts.filter((a) => a.ok).map((a) => a.id));
  const easiest = Math.min(...puzzles.map((p) => p.rating));
  const floor = Math.max(easiest + STREAK_STEP * count, ...mine.map((a) => a.rating));
  const left = puzzles.filter((p) => !done.has(p.id) && p.rating >= floor);
  const fresh = [left.filter((p) => !tried.has(p.id) && !won.has(p.id)), left.filter((p) => !won.has(p.id)), left].find((tier) => tier.length);
  if (!fresh) return { count, over, next: null };
  const low = Math.min(...fresh.map((p) => p.rating));
  const step = fresh.filter((p) => p.rating <= low + STREAK_WINDOW);
  const games = [...new Set(puzzles.map((p) => p.game))].sort();
  const turn = games[(hashText(`kings-and-soldiers streak ${run}`) + count) % games.length];
  const ofTurn = step.filter((p) => p.game === turn);
  const choices = (ofTurn.length ? ofTurn : step).sort((a, b) => a.rating - b.rating || byId(a, b)).slice(0, STREAK_CHOICES);
  return { count, over, next: choices[hashText(`${run}:${count}`) % choices.length] };
}

/** The best streak in `attempts`: the most distinct puzzles solved in one run. */
export function bestStreak(attempts) {
  return Math.max(0, ...[...solvedByRun(attempts).values()].map((ids) => ids.size));
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

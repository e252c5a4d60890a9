// The person's puzzle progress as the browser keeps it (two of common/storage.js's values): the
// puzzles marked solved, and every attempt (puzzle-progress.js works the rating and the streaks out
// of them). Both may also hold what this version cannot read: another version's attempts, puzzles
// it does not have. Those stay as they are and are written back beside what this page adds. What
// could not be written (storage full) is kept here until the page closes, and still counts.

import { mergeAttempts } from "./puzzle-progress.js";

const SOLVED = "puzzles-solved";
const ATTEMPTS = "puzzle-attempts";
const DAILIES = "puzzle-dailies-solved";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Attempts kept at most (the oldest go first): some 100 bytes each, well inside a browser's storage. */
export const MAX_ATTEMPTS = 5000;

const listOf = (what) => (value) => {
  if (!Array.isArray(value)) throw new Error(`it is not a list of ${what}`);
  return value;
};
const solvedList = listOf("puzzles");
const attemptList = listOf("puzzle attempts");
const dayList = listOf("days");
const isDay = (value) => typeof value === "string" && DAY.test(value);
const isId = (value) => typeof value === "string" && value.length <= 100;

/**
 * The puzzle progress in `storage` (the site's storage). `check(value)` is an attempt as this page
 * reads it (puzzle-progress.js's checkAttempt against the puzzles there are), or null.
 */
export function createPuzzleStore(storage, check) {
  const solvedHeld = () => storage.readValue(SOLVED, solvedList, "your solved puzzles") ?? [];
  const attemptsHeld = () => storage.readValue(ATTEMPTS, attemptList, "your puzzle progress") ?? [];
  const daysHeld = () => storage.readValue(DAILIES, dayList, "your daily puzzles solved") ?? [];
  const unsaved = { solved: new Set(), attempts: [], days: new Set() };

  return {
    /** The ids of the puzzles marked solved, of those in `knownIds` (a Set). */
    solved(knownIds) {
      return new Set([...solvedHeld(), ...unsaved.solved].filter((id) => isId(id) && knownIds.has(id)));
    },

    /** Mark puzzles solved (beside those already kept); false when storage is full or off. */
    addSolved(ids) {
      const held = solvedHeld();
      const mine = [...new Set([...held.filter(isId), ...unsaved.solved, ...ids])].sort();
      const kept = storage.writeValue(SOLVED, [...mine, ...held.filter((value) => !isId(value))]);
      unsaved.solved = kept ? new Set() : new Set([...unsaved.solved, ...ids]);
      return kept;
    },

    /** Every attempt this page can read, oldest first. */
    attempts() {
      return mergeAttempts(attemptsHeld().map(check).filter(Boolean), unsaved.attempts);
    },

    /**
     * Add attempts to those kept, merged with what is there now (another tab may have added its own
     * since this one read). False when storage is full or off: they count until the page closes.
     */
    addAttempts(added) {
      const held = attemptsHeld();
      const others = held.filter((value) => !check(value));
      const mine = mergeAttempts(held.map(check).filter(Boolean), unsaved.attempts, added);
      const kept = storage.writeValue(ATTEMPTS, [...others, ...mine].slice(-MAX_ATTEMPTS));
      unsaved.attempts = kept ? [] : mergeAttempts(unsaved.attempts, added);
      return kept;
    },

    /** The days ("2026-12-29", UTC) whose daily puzzle was solved, at the first try or after it. */
    dailiesSolved() {
      return new Set([...daysHeld(), ...unsaved.days].filter(isDay));
    },

    /** Mark day `day`'s daily puzzle solved (beside the days kept, and what another version wrote); false when storage is full or off. */
    addDailySolved(day) {
      const held = daysHeld();
      const mine = [...new Set([...held.filter(isDay), ...unsaved.days, day])].sort();
      const kept = storage.writeValue(DAILIES, [...mine, ...held.filter((value) => !isDay(value))]);
      unsaved.days = kept ? new Set() : new Set([...unsaved.days, day]);
      return kept;
    },

    /** Call fn() when another tab changes the progress. */
    onChanged(fn) {
      storage.onValueChanged([SOLVED, ATTEMPTS, DAILIES], fn);
    },
  };
}

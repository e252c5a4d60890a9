// The puzzles view's state: what is loaded, what is shown, the puzzle in play, and the reads of the
// person's progress that the controller and the view share. Nothing here touches the page.

import { gameEntry } from "../common/catalog.js";
import { PUZZLE_ID } from "./puzzle-data.js";
import { checkAttempt, currentRating, dayOf, mergeAttempts, ratingHistory, streakState } from "./puzzle-progress.js";

/**
 * The state with its defaults. `storage` is the site's storage (solved puzzles, attempts), `now()`
 * the clock. The progress is read from storage each time, so another tab's solves count at once.
 */
export function createPuzzlesState({ storage, now }) {
  const ids = () => new Set((s.puzzles ?? []).map((p) => p.id));
  const s = {
    data: null, // the build's catalog
    puzzles: null, // every puzzle, checked (checkPuzzles); loaded once
    lastHash: null, // the hash shown: a hash shown again (popstate, then hashchange) is not reopened
    shownGame: null, // the game whose list was shown last
    theme: null, // the theme the list shows (null: all)
    run: null, // the streak in play: its number
    current: null, // the puzzle in play: {puzzle, info, moves, state, hint, tries, wrong, solved, mode, day, counted}
    session: 0, // bumped on every open: answers for a puzzle no longer shown are dropped

    /** An attempt as storage may hold it, checked against the puzzles there are. */
    checkAttempt: (value) => checkAttempt(value, (id) => PUZZLE_ID.test(id) && ids().has(id)),
    attempts: () => mergeAttempts(storage.readPuzzleAttempts(s.checkAttempt)),
    /** The ids solved: marked solved, or with a solving attempt. */
    solved: () => {
      const done = storage.readSolvedPuzzles(ids());
      for (const a of s.attempts()) if (a.ok) done.add(a.id);
      return done;
    },
    /** The puzzles of the standard rules: the ones rated, streaks and daily puzzles draw from. */
    standard: () => s.puzzles.filter((p) => p.variant === null),
    rating: (tries = s.attempts()) => currentRating(ratingHistory(tries)).rating,
    streak: (run = s.run, tries = s.attempts()) => streakState(s.standard(), tries, run),
    gameTitle: (game) => gameEntry(s.data, game)?.title ?? game,
    today: () => dayOf(now()),
  };
  return s;
}

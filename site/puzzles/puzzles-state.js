// The puzzles view's state: what is loaded, what is shown, the puzzle in play, and the reads of the
// person's progress that the controller and the view share. Nothing here touches the page.

import { boardEntry, gameEntry } from "../common/catalog.js";
import { PUZZLE_ID } from "./puzzle-data.js";
import { checkAttempt, currentRating, dayOf, newcomer, ratingHistory, streakState, toTryAgain } from "./puzzle-progress.js";
import { createPuzzleStore } from "./puzzle-store.js";

/** The orders of a game's list: by number (the data file's), easiest first, hardest first. */
export const ORDERS = { number: "By number", easiest: "Easiest first", hardest: "Hardest first" };
const ORDER_SETTING = "puzzle-order";

/** The list's filter for the puzzles missed at the first try and not solved since. */
export const TRY_AGAIN = "To try again";

/**
 * The state with its defaults. `storage` is the site's storage (where the progress is kept:
 * puzzle-store.js), `now()` the clock. The progress is read from storage each time, so another
 * tab's solves count at once.
 */
export function createPuzzlesState({ storage, now }) {
  const ids = () => new Set((s.puzzles ?? []).map((p) => p.id));
  const s = {
    data: null, // the build's catalog
    puzzles: null, // every puzzle, checked (checkPuzzles); loaded once
    lastHash: null, // the hash shown: a hash shown again (popstate, then hashchange) is not reopened
    shownGame: null, // the game whose list was shown last
    theme: null, // the theme the list shows (null: all; TRY_AGAIN: the puzzles to try again)
    run: null, // the streak in play: its number
    current: null, // the puzzle in play: {puzzle, info, moves, state, hint, tries, wrong, solved, mode, day, counted, rated, hinted}
    session: 0, // bumped on every open: answers for a puzzle no longer shown are dropped
    focusBoard: false, // the next puzzle opened from Next with the focus on it: the board takes the focus
    streakNote: null, // said under the next streak puzzle's board: the streak in play ended in another tab
    returnTo: null, // the puzzle left for All puzzles: the list shows it where it stands

    /** The progress kept: solved puzzles and attempts (checked against the puzzles there are). */
    progress: createPuzzleStore(storage, (value) => checkAttempt(value, (id) => PUZZLE_ID.test(id) && ids().has(id))),
    attempts: () => s.progress.attempts(),
    /** The ids solved: marked solved, or with a solving attempt. */
    solved: () => {
      const done = s.progress.solved(ids());
      for (const a of s.attempts()) if (a.ok) done.add(a.id);
      return done;
    },
    /** The puzzles missed at the first try and not solved since. */
    toTryAgain: (tries = s.attempts()) => toTryAgain(tries, s.solved()),
    /** Whether puzzle `p` is in the list chosen (`again`: toTryAgain()): of its theme, to try again, or all. */
    shows: (p, again) => (s.theme === TRY_AGAIN ? again.has(p.id) : !s.theme || p.themes.includes(s.theme)),
    /** The puzzles of the standard rules: the ones rated, streaks and daily puzzles draw from. */
    standard: () => s.puzzles.filter((p) => p.variant === null),
    /** A new solver's rating: the middle puzzle's. */
    newcomer: () => newcomer(s.standard()),
    /** The rating after each counted try, and the rating now. */
    ratingHistory: (tries = s.attempts()) => ratingHistory(tries, s.newcomer()),
    rating: (tries = s.attempts()) => currentRating(s.ratingHistory(tries), s.newcomer()).rating,
    streak: (run = s.run, tries = s.attempts()) => streakState(s.standard(), tries, run, s.solved()),
    gameTitle: (game) => gameEntry(s.data, game)?.title ?? game,
    /** The title of a game's rules: "Lilypad", or "Lilypad (Invisible City)" for a variant. */
    rulesTitle: (game, variant) => boardEntry(s.data, game, variant)?.info.title ?? s.gameTitle(game),
    /** A variant's own name ("Invisible City"), from its rules' title. */
    variantName: (game, variant) => /\(([^)]+)\)$/.exec(s.rulesTitle(game, variant))?.[1] ?? variant,
    today: () => dayOf(now()),
    /** The list's order, kept as a setting (anything else read back: by number). */
    order: () => {
      const kept = storage.readSetting(ORDER_SETTING);
      return Object.hasOwn(ORDERS, kept ?? "") ? kept : "number";
    },
    setOrder: (value) => Object.hasOwn(ORDERS, value) && storage.writeSetting(ORDER_SETTING, value),
  };
  return s;
}

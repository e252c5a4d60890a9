// Puzzles: each game's list (`#puzzles=<game>`, solved ones marked, filtered by theme) and one
// puzzle on its own board (`#puzzle=<id>`; `#streak` the streak's next, `#daily` the day's). The
// person plays the solver's moves; Python (the bridge's "puzzle-reply") judges each one by
// exhaustive search and answers with the longest defence. A wrong move is played out with the
// defence that escapes, said in words, and taken back for another try; after a wrong try, Hint
// shows a winning move. The first try of a puzzle counts for the person's rating (Glicko-2,
// puzzle-progress.js), kept with the rest of the progress in storage (puzzle-store.js). The game view's board and
// game are not touched.
//
// This file binds the pieces: puzzle-data.js (hash, list, names), puzzles-state.js (the state),
// puzzles-view.js (the page), puzzles-ctrl.js (where to go) and puzzle-play.js (the moves).

import { createBoard } from "../board/board.js";
import { describeError, showMessage } from "../common/messages.js";
import { firstTryText, loadingText, openNext, openRated, show, showList } from "./puzzles-ctrl.js";
import { onMove, showHint, takeBack } from "./puzzle-play.js";
import { createPuzzlesState } from "./puzzles-state.js";
import { buildPuzzlesPage, renderProgress, setPhase } from "./puzzles-view.js";

/**
 * The puzzles view, for app.js's lazy view (router.js: `show`, `hide`). `engine` is the page's
 * rules engine, `storage` the site's storage (where the progress is kept), `navLink` the top bar's link here (marked while shown), `go(hash)` / `replace(hash)` navigate with / without a history entry,
 * `facing(info, side)` is the orientation that puts `side` at the bottom, `currentGame()` the game
 * on the game view's board (its puzzles are listed first) and `backToGame()` returns to it.
 * `now()` is the clock (the daily puzzle's date, the attempts' times).
 */
export function createPuzzlesView({ element, navLink, engine, storage, go, replace, facing, currentGame, backToGame, now = () => new Date() }) {
  const s = createPuzzlesState({ storage, now });
  const ctrl = { s, element, engine, go, replace, facing, currentGame, now, ui: null, board: null };
  // A button's action against Python: a failure is said, and the puzzle stays as it was.
  const guarded = (action) => () =>
    action(ctrl).catch((error) => {
      showMessage(`That did not work: ${describeError(error)}`);
      if (s.current) setPhase(ctrl, s.current.wrong ? "wrong" : "ready");
    });
  ctrl.ui = buildPuzzlesPage(element, {
    back: backToGame,
    rated: () => openRated(ctrl),
    streak: () => go("#streak"),
    daily: () => go("#daily"),
    retry: guarded(async (c) => {
      await takeBack(c);
      c.board.focus(); // the next try is played on the board
    }),
    hint: guarded(showHint),
    next: () => openNext(ctrl),
    toList: () => {
      if (!s.current) return;
      s.returnTo = s.current.puzzle.id; // the list shows it where it stands
      go(`#puzzles=${s.current.puzzle.game}`);
    },
    order: (value) => {
      s.setOrder(value);
      showList(ctrl, s.shownGame);
    },
  });
  ctrl.board = createBoard(ctrl.ui.boardHost, { label: "Puzzle board", saysMoves: false, events: { move: (candidates) => onMove(ctrl, candidates) } });

  // While Python loads, the waiting words follow its stages (puzzles-ctrl.js's loadingText).
  engine.onProgress(() => {
    if (!s.puzzles && !ctrl.ui.loading.hidden) ctrl.ui.loading.textContent = loadingText(engine);
  });

  // Another tab solved or tried a puzzle: the list and the rating shown follow, and so does the
  // puzzle open here: whether its first try still counts, and whether its streak goes on.
  s.progress.onChanged(() => {
    if (!s.puzzles) return;
    if (element.dataset.puzzle === "list") return showList(ctrl, s.shownGame);
    renderProgress(ctrl);
    const c = s.current;
    if (!c) return;
    if (element.dataset.puzzle === "ready" && !c.moves.length && !c.tries) ctrl.ui.status.textContent = firstTryText(s, c.puzzle);
    if (c.solved && c.mode === "streak" && !c.tries && s.streak().over) {
      const ended = "That streak ended in another tab.";
      if (!ctrl.ui.outcome.textContent.includes(ended)) ctrl.ui.outcome.textContent = `${ctrl.ui.outcome.textContent} ${ended}`.trim();
      setPhase(ctrl, "solved"); // Next starts a new streak, and says so
    }
  });

  return {
    show: (params, hash, changed) => {
      navLink?.setAttribute("aria-current", "page");
      show(ctrl, params, hash, changed).catch((error) => showMessage(`The puzzle could not be shown: ${describeError(error)}`));
    },
    hide: () => {
      navLink?.removeAttribute("aria-current");
      s.lastHash = null;
      s.session++; // answers still on their way are for a view no longer shown
      s.current = null;
    },
  };
}

// One puzzle in play: the person's moves, judged by Python (the bridge's "puzzle-reply") and
// answered with the longest defence; a wrong move played out with its escape and taken back; the
// hint; the solve; and the first try kept for the rating. Every function takes the controller
// ({s, ui, board, engine, element, now}); an answer for a puzzle no longer shown
// (s.session moved on) is dropped.

import { moveArrows } from "../board/move-arrows.js";
import { describeError, showMessage } from "../common/messages.js";
import { plural, sideName } from "../common/words.js";
import { dailyPuzzle } from "./puzzle-progress.js";
import { setPhase } from "./puzzles-view.js";

const PAUSE_MS = 450; // between the person's move and the reply, so both can be followed

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The game's state after `moves` from the puzzle's position, from Python. */
export const stateOf = ({ engine }, puzzle, moves) =>
  engine.call({ op: "state", game: puzzle.game, variant: puzzle.variant, start: puzzle.position, moves });

/** Show a state of the puzzle in play on its board (and keep it: its moves are the ones allowed). */
export function showPosition({ s, board }, state, { animate = false, arrows = [], highlights = [] } = {}) {
  s.current.state = state;
  board.set({ position: state.board, lastMove: state.lastMove, marks: state.status.marks, arrows, highlights, animate: animate && state.lastMove });
}

/** The person's move: judged by Python; answered with the longest defence, or explained. */
export async function onMove(ctrl, candidates) {
  const { s, ui, board, engine } = ctrl;
  const c = s.current;
  if (!c || candidates.length !== 1) return board.cancel();
  const mine = s.session;
  const text = candidates[0].text;
  const moves = [...c.moves, text];
  const side = sideName(c.info, c.state.turn);
  const before = c.state;
  ui.hintText.hidden = true;
  setPhase(ctrl, "thinking");
  try {
    const [answer, after] = await Promise.all([engine.call({ op: "puzzle-reply", id: c.puzzle.id, moves }), stateOf(ctrl, c.puzzle, moves)]);
    if (mine !== s.session) return;
    showPosition(ctrl, after, { animate: true });
    c.hint = typeof answer.hint === "string" ? answer.hint : null;
    if (answer.correct === true && answer.solved === true) {
      c.moves = moves;
      return solve(ctrl, after);
    }
    if (answer.correct === true && typeof answer.reply === "string") {
      ui.status.textContent = `Right: ${text}. ${sideName(c.info, after.turn)} answers…`;
      await wait(PAUSE_MS);
      const replied = await stateOf(ctrl, c.puzzle, [...moves, answer.reply]);
      if (mine !== s.session) return;
      c.moves = [...moves, answer.reply];
      showPosition(ctrl, replied, { animate: true });
      const left = Number.isInteger(answer.left) ? answer.left : null;
      ui.status.textContent = `Right: ${text}. ${sideName(c.info, after.turn)} answers ${answer.reply}. ${side} to move${left ? `: win within ${plural(left, "more move")}` : ""}.`;
      return setPhase(ctrl, "ready");
    }
    if (answer.correct === false) return await explainWrong(ctrl, c, text, answer, after, mine);
    throw new Error("the rules engine's answer could not be read");
  } catch (error) {
    if (mine !== s.session) return;
    board.cancel();
    showMessage(`That move could not be judged: ${describeError(error)}`);
    showPosition(ctrl, before); // the puzzle stays where it was
    setPhase(ctrl, "ready");
  }
}

// A wrong move stays on the board with the defence that escapes it, drawn as an arrow and played
// out, until the person takes it back (Try again, or Hint).
async function explainWrong(ctrl, c, text, answer, after, mine) {
  const { s, ui, board } = ctrl;
  c.tries++;
  countFirstTry(ctrl, false);
  c.wrong = text;
  const message = typeof answer.message === "string" ? answer.message : `${text} does not force the win.`;
  const tryAgain = () => `Try again${c.hint ? ", or ask for a hint" : ""}.`;
  ui.status.textContent = `Not this one: ${message}`;
  const escape = typeof answer.escape === "string" ? after.moves.find((m) => m.text === answer.escape) : null;
  if (escape) {
    board.set({ arrows: moveArrows(escape.path).arrows });
    await wait(PAUSE_MS * 2);
    const escaped = await stateOf(ctrl, c.puzzle, [...c.moves, text, escape.text]);
    if (mine !== s.session) return;
    showPosition(ctrl, escaped, { animate: true, arrows: moveArrows(escape.path).arrows, highlights: after.lastMove?.path ?? [] });
    ui.status.textContent = `Not this one: ${message} Your move is shaded, and the arrow shows the escape. ${tryAgain()}`;
  } else {
    ui.status.textContent = `Not this one: ${message} ${tryAgain()}`;
  }
  setPhase(ctrl, "wrong");
  ui.retry.focus({ preventScroll: true }); // the page never scrolls by itself (the board stays put)
}

/** Back to the position before the wrong move. */
export async function takeBack(ctrl) {
  const { s, ui } = ctrl;
  const c = s.current;
  if (!c?.wrong) return;
  const mine = s.session;
  setPhase(ctrl, "thinking");
  const state = await stateOf(ctrl, c.puzzle, c.moves);
  if (mine !== s.session) return;
  ui.status.textContent = `${c.wrong} was taken back. ${sideName(c.info, state.turn)} to move: try another move.`;
  c.wrong = null;
  showPosition(ctrl, state);
  setPhase(ctrl, "ready");
}

/** A winning move as an arrow and in words (after taking back a wrong move on the board). */
export async function showHint(ctrl) {
  const { s, ui, board } = ctrl;
  const c = s.current;
  if (!c?.hint) return;
  if (c.wrong) await takeBack(ctrl);
  if (c !== s.current || c.wrong) return;
  const move = c.state.moves.find((m) => m.text === c.hint);
  if (!move) return;
  c.hinted = true;
  board.set({ arrows: moveArrows(move.path).arrows });
  ui.hintText.textContent = `Hint: ${c.hint}, from ${move.path[0]} to ${move.path.at(-1)} (the arrow).`;
  ui.hintText.hidden = false;
}

function solve(ctrl, state) {
  const { s, ui } = ctrl;
  const c = s.current;
  c.solved = true;
  s.progress.addSolved([c.puzzle.id]);
  // The day's daily puzzle solved, at the first try or after it (from Daily puzzle or the list): its day is ticked.
  const day = c.mode === "daily" ? c.day : s.today();
  if (c.mode === "daily" || dailyPuzzle(s.standard(), day)?.id === c.puzzle.id) s.progress.addDailySolved(day);
  countFirstTry(ctrl, true);
  const reason = typeof state.resultReason === "string" ? state.resultReason : `${sideName(c.info, state.result)} wins.`;
  // Solved after a wrong move (and maybe the hint) is no first-try solve: said so, not cheered.
  const after = c.hinted ? "a mistake and a hint" : "a mistake";
  const missed = c.tries > 0 ? `Solved, after ${after}${c.rated ? ": counted as a miss for your rating" : ""}.` : "Solved!";
  ui.status.textContent = `${missed} ${reason}`;
  ctrl.element.dataset.firstTry = c.tries > 0 ? "missed" : "solved";
  if (!c.rated && !ui.outcome.textContent) ui.outcome.textContent = NOT_RATED;
  setPhase(ctrl, "solved");
  ui.next.focus({ preventScroll: true });
}

const NOT_RATED = "Not rated: only your first try of a puzzle counts for your rating.";

// Keep the first try of the puzzle in play (solved without a miss, or missed), and say what it did
// to the rating and the streak. Only a puzzle's first try ever, in any mode, moves the rating
// (puzzle-progress.js's ratingHistory): a puzzle tried before says it is not rated, with no change.
function countFirstTry({ s, ui, element, now }, ok) {
  const c = s.current;
  if (!c || c.counted) return;
  c.counted = true;
  c.rated = !s.attempts().some((a) => a.id === c.puzzle.id);
  const before = s.rating();
  const attempt = {
    id: c.puzzle.id,
    at: now().getTime(),
    ok,
    rating: c.puzzle.rating,
    mode: c.mode,
    run: c.mode === "streak" ? s.run : null,
    day: c.mode === "daily" ? c.day : null,
  };
  if (!s.progress.addAttempts([attempt])) {
    showMessage("Your puzzle progress could not be kept: this browser's storage is full or turned off. It lasts until the page closes.");
  }
  const after = s.rating();
  element.dataset.rating = String(Math.round(after));
  const change = Math.round(after) - Math.round(before);
  const sign = `${change >= 0 ? "+" : "−"}${Math.abs(change)}`;
  let text = !c.rated ? NOT_RATED : ok ? `Your rating: ${Math.round(after)} (${sign}).` : `Your rating: ${Math.round(after)} (${sign}): a wrong move counts as a miss, even if you solve the puzzle after it.`;
  if (c.mode === "streak") {
    const streak = s.streak();
    text += streak.over ? ` Streak over: ${plural(streak.count, "puzzle")} solved in a row.` : ` Streak: ${streak.count} in a row.`;
  }
  ui.outcome.textContent = text;
}

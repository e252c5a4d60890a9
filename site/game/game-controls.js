// What the game view's controls do: its buttons, fields and keys, the top bar's games, and the
// intents the view reports (a move on the board, a move of the list), handed to game-ctrl.js and
// game-computer.js. What the controls show is drawn by game-view.js.

import { chooseLevel, chooseMode, rematch, togglePause } from "./game-computer.js";
import { chooseGame, flip, goTo, loadPosition, newGame, onBoardMove, redo, resign, share, undo } from "./game-ctrl.js";
import { app, resigningSide } from "./game-state.js";
import { announce, board, describe, intents, renderControls, resignQuestion } from "./game-view.js";

const $ = (id) => document.getElementById(id);

// The board's moves and the move list's clicks (game-view.js) go to the game's controller.
intents.move = onBoardMove;
intents.goTo = goTo;

// The top bar's games; `leaving` runs first (another view shown goes back to the game view).
export function renderNav(leaving = () => {}) {
  const nav = $("games");
  nav.replaceChildren(
    ...app.catalog.games.map((g) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = g.title;
      b.dataset.game = g.id;
      b.onclick = () => {
        leaving();
        void chooseGame(g.id);
      };
      return b;
    }),
  );
}

// -- what the controls do --------------------------------------------------------------------------

// Going through the line (line.js): the buttons under the board (named as these are) and the keys.
const review = {
  first: () => goTo(0),
  back: () => goTo(app.line.cursor - 1),
  forward: () => goTo(app.line.cursor + 1),
  last: () => goTo(app.line.moves.length),
};

// Review keys work wherever the person is not typing or using the board (which has its own arrows).
function onKey(event) {
  const target = event.target;
  if (target.closest?.("input, select, textarea, #board") || event.altKey || $("game-view").hidden) return;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const action = command
    ? { z: event.shiftKey ? redo : undo, y: redo }[key]
    : { arrowleft: review.back, arrowright: review.forward, home: review.first, end: review.last, d: describe }[key];
  if (!action || !app.state) return;
  event.preventDefault();
  void action();
}

// Resign asks first, in place (a slip of the finger loses nothing, and nothing moves): the question
// in the band kept for what happens now, the confirming button beside it; a second press cancels.
function askToResign() {
  const side = app.resignAsked ? null : resigningSide();
  app.resignAsked = side;
  renderControls();
  if (!side) return;
  announce(resignQuestion(side));
  $("resign-yes").focus();
}

// The game view's own buttons, fields and keys.
export function wireGameControls() {
  $("new-game").onclick = () => void newGame();
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("resign").onclick = askToResign;
  // Confirmed, the game's end is said in the result box: the focus goes to its first choice.
  $("resign-yes").onclick = async () => {
    await resign();
    if (!$("result").hidden) $("rematch").focus({ preventScroll: true });
  };
  for (const [id, go] of Object.entries(review)) $(id).onclick = () => void go();
  $("describe").onclick = describe;
  // A new game is played on the board: the focus goes there (the result box goes).
  $("rematch").onclick = async () => {
    await rematch();
    board.focus();
  };
  $("rematch-switched").onclick = async () => {
    await rematch(true);
    board.focus();
  };
  $("review-game").onclick = async () => {
    await goTo(0);
    $("forward").focus({ preventScroll: true });
  };
  addEventListener("keydown", onKey);
  $("flip").onclick = flip;
  $("share").onclick = share;
  $("variant").onchange = (e) => void newGame(app.record.game, e.target.value || null);
  $("mode").onchange = (e) => chooseMode(e.target.value);
  $("level").onchange = (e) => chooseLevel(Number(e.target.value));
  $("pause").onclick = togglePause;
  $("load-form").onsubmit = (e) => {
    e.preventDefault();
    void loadPosition($("position-input").value);
  };
}
